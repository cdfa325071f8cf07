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


def load_json(text: str, file: str, what: str = "JSON") -> object:
    """``text`` decoded: malformed JSON, nesting beyond the decoder's bound, NaN, infinities and
    numbers no tournament holds are a :class:`BrightwellError` naming the file and the line."""
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
