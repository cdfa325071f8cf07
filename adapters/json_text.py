"""JSON as every reader reads it: numbers a tournament can mean, nesting a tournament needs, and
any fault one line naming the file and the place."""

from __future__ import annotations

import json
import re

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import MAX_DIGITS, MAX_MAGNITUDE


class _Refused(ValueError):
    """A number the decoder's hooks refuse; its place is found afterwards."""


def _whole(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a whole number of {len(text.lstrip('-'))} digits")
    return int(text)


def _real(text: str) -> float:
    value = float(text)
    if not abs(value) <= MAX_MAGNITUDE:  # also false for NaN
        raise _Refused(f"the number {text[:24]} is out of range (at most {MAX_MAGNITUDE:g})")
    return value


def _constant(name: str):
    raise _Refused(f"{name} is no number a tournament holds")


_DECODER = json.JSONDecoder(parse_int=_whole, parse_float=_real, parse_constant=_constant)
_PLAIN = json.JSONDecoder(parse_constant=_constant)  # numbers as Python makes them: C's speed


def load_json(text: str, file: str, what: str = "JSON", bounded: bool = True) -> object:
    """``text`` decoded: malformed JSON, nesting beyond the decoder's bound, NaN, infinities and
    numbers no tournament holds are a :class:`BrightwellError` naming the file and the line.
    ``bounded=False`` leaves the numbers unbounded (NaN and infinities are still refused), twice as
    fast: for a reader that bounds each number it reads (:class:`Members` does)."""
    if not bounded:
        try:
            return _PLAIN.decode(text)
        except (ValueError, RecursionError, _Refused):  # the bounded decoder names the fault (ValueError: 4,300 digits)
            pass
    try:
        data = _DECODER.decode(text)
    except RecursionError:  # the decoder's own bound on nesting, far beyond any tournament's
        raise BrightwellError(f"not {what}: its arrays and objects nest too deeply", file=file) from None
    except json.JSONDecodeError as exc:
        if exc.msg.startswith("Unterminated string"):  # a string that runs to the end of the document
            raise BrightwellError("the file is cut short: its JSON ends inside a string", file=file,
                                  place=f"line {exc.lineno}") from None
        rest = text[exc.pos:].strip()  # the fault is the end (or a word or number cut there): stopped inside a value
        if text.strip() and exc.msg != "Extra data" and (not rest or len(rest) < 40 and re.fullmatch(
                r"[-+0-9.eEtrufalsn]+", rest)):
            raise BrightwellError(f"the file is cut short: its JSON ends inside an {_open_at_end(text)} ({exc.msg})",
                                  file=file, place=f"line {exc.lineno}") from None
        raise BrightwellError(f"not valid JSON: {exc.msg}", file=file,
                              place=f"line {exc.lineno}, column {exc.colno}") from None
    except _Refused as exc:
        raise BrightwellError(f"{exc}", file=file, place=_number_place(text, str(exc))) from None
    lone = lone_surrogate(text) if "\\u" in text else None
    if lone is not None:
        raise BrightwellError(f"the escape {text[lone:lone + 6]} is half of a UTF-16 pair, alone: no character",
                              file=file, place=f"line {text.count(chr(10), 0, lone) + 1}")
    return data


_ESCAPED_SURROGATE = re.compile(r"(?<!\\)(?:\\\\)*\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def lone_surrogate(text: str) -> int | None:
    """Where the first ``\\uD800``-``\\uDFFF`` escape stands that is not one half of a pair (a high
    one then a low one, side by side), or None. JSON's grammar lets one through; no text holds it."""
    high = None  # the end of a high half waiting for its low half
    for m in _ESCAPED_SURROGATE.finditer(text):
        at = m.end() - 6
        if m[0][-3].lower() in "89ab":  # a high half
            if high is not None:
                return high - 6
            high = m.end()
        elif high is None or at != high:
            return high - 6 if high is not None else at
        else:
            high = None
    return high - 6 if high is not None else None


def _open_at_end(text: str) -> str:
    """What the last bracket left open is, a cut document's: an object or an array (strings skipped)."""
    stack, quoted, escaped = [], False, False
    for c in text:
        if quoted:
            quoted, escaped = (c != '"' or escaped), (c == "\\" and not escaped)
        elif c == '"':
            quoted = True
        elif c in "[{":
            stack.append(c)
        elif c in "]}" and stack:
            stack.pop()
    return "array" if stack and stack[-1] == "[" else "object"


def _number_place(text: str, message: str) -> str | None:
    """The line of the first number the message is about, as well as it can be found."""
    for pattern in (r"-?[0-9]{%d,}" % (MAX_DIGITS + 1), r"\bNaN\b|-?\bInfinity\b", r"-?[0-9.]+[eE][+-]?[0-9]+"):
        m = re.search(pattern, text)
        if m:
            return f"line {text.count(chr(10), 0, m.start()) + 1}"
    return None


_REQUIRED = object()
_LARGE_WHOLE = 10**MAX_DIGITS
_KINDS = {"object": "an object", "array": "an array", "text": "a string", "whole": "a whole number",
          "number": "a number", "flag": "true or false"}


def _kind_of(value) -> str:
    """What a decoded JSON value is, in the words of :data:`_KINDS`."""
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    return {dict: "an object", list: "an array", str: "a string", int: "a whole number"}.get(type(value), "a number")


class Members:
    """Typed reading of a decoded JSON document (:func:`load_json`): each fault a
    :class:`BrightwellError` naming the file and the JSON path of the value (``players[3].rating``)."""

    def __init__(self, file: str):
        self.file = file

    def fail(self, path: str, message: str) -> BrightwellError:
        return BrightwellError(message, file=self.file, place=path or "the document")

    @staticmethod
    def at(path: str, key: str | int) -> str:
        """The path of a member (a key) or an item (an index) of the value at ``path``."""
        return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else key

    def value(self, value, path: str, kind: str, low: int | None = None, high: int | None = None):
        """``value`` as ``kind`` (:data:`_KINDS`): a whole number may be written 3.0; ``low`` and
        ``high`` bound a whole number."""
        if kind == "whole" and isinstance(value, float) and value.is_integer():
            value = int(value)
        ok = {"object": dict, "array": list, "text": str, "whole": int, "number": (int, float), "flag": bool}[kind]
        if not isinstance(value, ok) or (isinstance(value, bool) and kind != "flag"):
            raise self.fail(path, f"{_KINDS[kind]} is expected here, not {_kind_of(value)}")
        if kind == "whole" and abs(value) >= _LARGE_WHOLE:
            raise self.fail(path, f"a whole number of more than {MAX_DIGITS} digits")
        if kind == "number" and not abs(value) <= MAX_MAGNITUDE:  # also NaN
            raise self.fail(path, f"the number {value!r:.24} is out of range (at most {MAX_MAGNITUDE:g})")
        if kind == "whole" and ((low is not None and value < low) or (high is not None and value > high)):
            bounds = f"from {low} to {high}" if low is not None and high is not None else \
                f"at least {low}" if low is not None else f"at most {high}"
            raise self.fail(path, f"{value} is out of range (a whole number {bounds} is expected)")
        return value

    def get(self, obj: dict, key: str, path: str, kind: str, default=_REQUIRED, low: int | None = None,
            high: int | None = None):
        """The member ``key`` of the object at ``path`` as ``kind``; ``default`` when it is missing
        (or null), else a fault naming it."""
        value = obj.get(key)
        if value is None:
            if default is _REQUIRED:
                raise self.fail(self.at(path, key), f"missing ({_KINDS[kind]} is expected)")
            return default
        return self.value(value, self.at(path, key), kind, low, high)
