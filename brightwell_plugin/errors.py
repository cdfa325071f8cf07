"""Errors a user sees: one line naming the file, the place and what is wrong."""

from __future__ import annotations

import re


def _escape(c: str) -> str:
    """A character that must not act on a terminal, written as an escape."""
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(c) or (f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}")


_LINE_BREAKS = {ord(c): _escape(c) for c in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}  # str.splitlines' breaks


class BrightwellError(Exception):
    """A problem with the user's input or request, reported on one line."""

    def __init__(self, message: str, *, file: str | None = None, place: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.place = place

    def __str__(self) -> str:  # one line whatever the file held: line breaks are shown as escapes
        place = self.place if self.place is None or len(str(self.place)) <= 80 else f"{str(self.place)[:77]}…"
        where = ": ".join(str(x) for x in (self.file, place) if x)
        return (f"{where}: {self.message}" if where else self.message).translate(_LINE_BREAKS)

    def at(self, file: str | None = None, place: str | None = None) -> "BrightwellError":
        """The same error with the file (and place) filled in where still unknown."""
        return type(self)(self.message, file=self.file or file, place=self.place or place)


class UnknownFormat(BrightwellError):
    """No registered format recognises the file."""


class CannotCarry(BrightwellError):
    """A conversion refused: the file written would not rank by the event's tie-break list, the format
    holding not what it needs (``Format.cannot_carry`` names it)."""


class NotATournament(BrightwellError):
    """A file of a known kind that holds no event to rank (a game database)."""


class ValidationError(BrightwellError):
    """The tournament contradicts itself."""


class SpecError(BrightwellError):
    """A tie-break specification cannot be understood."""


class PluginError(BrightwellError):
    """A plugin cannot be used: two register one name, or one fails. It names the plugins and is
    never blamed on the file or the tie-break item that happened to need them."""

    def at(self, file: str | None = None, place: str | None = None) -> "PluginError":
        return self


def one_line(text: str) -> str:
    """``text`` safe to print on one line: newlines, tabs and every other control character
    (terminal escapes included) are shown as escapes, never acted on."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else _escape(c) for c in text)


_QUOTED = r"'[^']*'|\"[^\"]*\"|«[^»]*»"
_PATH = r"[^\s'\"(),;:]*[/\\][^\s'\"(),;:]+"  # a path: something with a slash in it
_NUMBER = r"(?<![\w.])[-+]?\d+(?:[.,]\d+)*(?![A-Za-z_])"


def cause(message: str) -> str:
    """What an error message says is wrong, alike for every file it happens to: its quoted values,
    paths and numbers blanked (``round N of player N``); for grouping failures by cause. (The
    patterns are compiled on first use: a command that fails nothing never compiles them.)"""
    text = re.sub(_PATH, "…", re.sub(_QUOTED, "'…'", message))
    return " ".join(re.sub(_NUMBER, "N", text).split())
