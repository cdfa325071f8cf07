"""The JavaScript a ``tourney.js`` holds, read as data: no evaluation, no engine. tsh writes it with
its JavaScript::Serializable (``newt=`` then the tournament, then ``;``): objects whose keys are
quoted and sorted, arrays, strings quoted with ``"`` (only ``"``, ``\\`` and a line break escaped,
the break as a line continuation), numbers as Perl keeps them (``-.5`` among them) and
``undefined`` for a value Perl left undefined (the players' list starts with one: players count
from 1). Files passed through a formatter (Prettier) have keys unquoted and commas after the last
item. So the grammar read is JSON's, widened by exactly that: ``undefined``, identifier keys,
trailing commas, JavaScript's numbers, string escapes and comments. Anything else is an error on
one line naming the line and column. Each token is found by one regular expression at its place,
and containers are kept on a list, not the call stack: the work is linear in the text, and nesting
is bounded."""

from __future__ import annotations

import re

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import MAX_DIGITS, MAX_MAGNITUDE

MAX_DEPTH = 256  # arrays and objects inside one another (a tourney.js nests six deep)
_SPACE = r"(?:\s++|//[^\n\r\u2028\u2029]*+|/\*[^*]*+\*++(?:[^/*][^*]*+\*++)*+/)*+"  # spaces, comments: never given back
_SPACES = re.compile(_SPACE)
_TOKEN = re.compile(_SPACE + r"""(?:
    (?P<string>"[^"\\\n\r]*+(?:\\(?:\r\n|[\s\S])[^"\\\n\r]*+)*+"|'[^'\\\n\r]*+(?:\\(?:\r\n|[\s\S])[^'\\\n\r]*+)*+')
  | (?P<number>-?(?:[0-9]++\.?[0-9]*+|\.[0-9]++)(?:[eE][-+]?[0-9]++)?)
  | (?P<word>[A-Za-z_$][A-Za-z0-9_$]*)
  | (?P<mark>[][{}:,;=])
)""", re.VERBOSE)
_ESCAPE = re.compile(r"\\(u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])")
_SIMPLE = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "0": "\0",
           "\n": "", "\r": "", "\r\n": "", "\u2028": "", "\u2029": ""}  # a backslash before a break: a continuation
_WORDS = {"undefined": None, "null": None, "true": True, "false": False}


class _Fault(Exception):
    """What is wrong, and the offset it is at."""

    def __init__(self, message: str, at: int):
        super().__init__(message)
        self.at = at


def load_javascript(text: str, file: str, what: str = "a tsh tourney.js") -> object:
    """The value ``text`` assigns (``newt = …;``, the assignment optional), read as :mod:`this
    module <adapters.tsh.javascript>` says; a fault is a :class:`BrightwellError` naming the file,
    the line and the column."""
    reader = _Reader(text)
    try:
        return reader.document()
    except _Fault as fault:
        line = text.count("\n", 0, fault.at) + 1
        column = fault.at - (text.rfind("\n", 0, fault.at) + 1) + 1
        raise BrightwellError(f"not {what}: {fault}", file=file, place=f"line {line}, column {column}") from None


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.pos = 1 if text.startswith("\ufeff") else 0

    def token(self) -> tuple[str, str, int]:
        """The next token (kind, text, offset), spaces and comments passed over; ("end", "", offset) at the end."""
        m = _TOKEN.match(self.text, self.pos)
        if m is None:
            at = _SPACES.match(self.text, self.pos).end()
            if at >= len(self.text):
                return "end", "", at
            raise _Fault(self._unreadable(at), at)
        self.pos = m.end()
        kind = m.lastgroup
        return kind, m[kind], m.start(kind)

    def _unreadable(self, at: int) -> str:
        c = self.text[at]
        if c in "\"'":
            return "a string that does not end on its line"
        if self.text.startswith("/*", at):
            return "a comment that never ends"
        return f"unexpected {c!r}"

    def document(self) -> object:
        kind, text, at = self.token()
        if kind == "word" and text not in _WORDS:  # the assignment: newt = (or var newt =)
            start = at
            try:
                if text in ("var", "let", "const"):
                    kind, text, at = self.token()
                if kind != "word" or self.token()[1] != "=":
                    raise _Fault("", start)
            except _Fault:
                raise _Fault("expected 'newt =' and the tournament", start) from None
            kind, text, at = self.token()
        value = self.value(kind, text, at)
        kind, text, at = self.token()
        if text == ";":
            kind, text, at = self.token()
        if kind != "end":
            raise _Fault(f"unexpected {text[:20]!r} after the tournament", at)
        return value

    def value(self, kind: str, text: str, at: int) -> object:
        """The value that starts with this token, arrays and objects read on a list of those open."""
        stack: list[list] = []  # each open container, and an object's key waiting for its value
        while True:
            if text in ("[", "{"):
                if len(stack) >= MAX_DEPTH:
                    raise _Fault(f"arrays and objects nest deeper than {MAX_DEPTH}", at)
                container, closer = ([], "]") if text == "[" else ({}, "}")
                kind, text, at = self.token()
                if text != closer:
                    stack.append([container, None])
                    kind, text, at = self._item(stack[-1], kind, text, at)
                    continue  # the first item starts with this token
                done = container  # [] or {}
            else:
                done = _scalar(kind, text, at)
            while stack:  # the value done goes into its container; each container it closes is done too
                open_ = stack[-1]
                container, closer = open_[0], "]" if isinstance(open_[0], list) else "}"
                if closer == "]":
                    container.append(done)
                else:
                    container[open_[1]] = done
                kind, text, at = self.token()
                if text == ",":
                    kind, text, at = self.token()
                    if text != closer:  # another item (a comma before the bracket: JavaScript's trailing comma)
                        kind, text, at = self._item(open_, kind, text, at)
                        break
                elif text != closer:
                    raise _Fault(f"expected ',' or '{closer}', found {text[:20] or 'the end'!r}", at)
                stack.pop()
                done = container
            else:
                return done

    def _item(self, open_: list, kind: str, text: str, at: int) -> tuple[str, str, int]:
        """An item of an open container starts with this token: an object's key is read (and kept
        in ``open_``), and the value's first token returned."""
        if isinstance(open_[0], dict):
            open_[1] = self._key(kind, text, at)
            return self.token()
        return kind, text, at

    def _key(self, kind: str, text: str, at: int) -> str:
        if kind == "string":
            key = _string(text, at)
        elif kind in ("word", "number"):
            key = text
        else:
            raise _Fault(f"expected a key, found {text[:20] or 'the end'!r}", at)
        _, colon, at = self.token()
        if colon != ":":
            raise _Fault(f"expected ':' after the key {key[:20]!r}", at)
        return key


def _scalar(kind: str, text: str, at: int) -> object:
    if kind == "string":
        return _string(text, at)
    if kind == "number":
        return _number(text, at)
    if kind == "word" and text in _WORDS:
        return _WORDS[text]
    if kind == "word" and text in ("NaN", "Infinity"):
        raise _Fault(f"{text} is no number a tournament holds", at)
    raise _Fault(f"expected a value, found {text[:20] or 'the end'!r}", at)


def _number(text: str, at: int) -> int | float:
    whole = text.lstrip("-")
    if whole.isdigit():
        if len(whole) > MAX_DIGITS:
            raise _Fault(f"a whole number of {len(whole)} digits", at)
        return int(text)
    value = float(text)
    if not abs(value) <= MAX_MAGNITUDE:
        raise _Fault(f"the number {text[:24]} is out of range (at most {MAX_MAGNITUDE:g})", at)
    return value


def _string(token: str, at: int) -> str:
    body = token[1:-1]
    if "\\" not in body:
        return body
    value = _ESCAPE.sub(lambda m: _unescaped(m, at), body)
    if "\\u" in body and re.search("[\ud800-\udfff]", value):  # halves of UTF-16 pairs: each pair one character
        try:
            value = value.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
        except UnicodeDecodeError:
            raise _Fault("an escape that is half of a UTF-16 pair, alone: no character", at) from None
    return value


def _unescaped(m: re.Match, at: int) -> str:
    escape = m[1]
    if escape in _SIMPLE and not (escape == "0" and m.string[m.end():m.end() + 1].isdigit()):
        return _SIMPLE[escape]
    if escape[0] in "ux" and len(escape) > 1:
        code = int(escape.strip("ux{}"), 16)
        if code > 0x10FFFF:
            raise _Fault(f"the escape \\{escape} names no character", at)
        return chr(code)
    if escape in "ux0123456789":  # \u or \x without their digits; an octal escape
        raise _Fault(f"the escape {m.string[m.start():m.start() + 6]} is not one JavaScript reads", at)
    return escape  # \" \\ \/ and any other character stand for themselves
