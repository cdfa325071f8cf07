"""Errors a user sees: one line naming the file, the place and what is wrong."""

from __future__ import annotations


class BrightwellError(Exception):
    """A problem with the user's input or request, reported on one line."""

    def __init__(self, message: str, *, file: str | None = None, place: str | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.place = place

    def __str__(self) -> str:
        where = ": ".join(str(x) for x in (self.file, self.place) if x)
        return f"{where}: {self.message}" if where else self.message

    def at(self, file: str | None = None, place: str | None = None) -> "BrightwellError":
        """The same error with the file (and place) filled in where still unknown."""
        return type(self)(self.message, file=self.file or file, place=self.place or place)


class UnknownFormat(BrightwellError):
    """No registered format recognises the file."""


class ValidationError(BrightwellError):
    """The tournament contradicts itself."""


class SpecError(BrightwellError):
    """A tie-break specification cannot be understood."""
