"""Text files: decoding (UTF-8, then a fallback, or the encoding the user names) and lines."""

from __future__ import annotations

import re

from brightwell_plugin.errors import BrightwellError


def _line_of(raw: bytes, offset: int) -> int:
    head = raw[:offset].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return head.count(b"\n") + 1


def binary(raw: bytes) -> bool:
    """Whether ``raw`` is no text at all: a NUL, or more than one byte in ten a control character
    other than tab, line feed, carriage return and form feed (in its first 4 KiB)."""
    head = raw[:4096]
    controls = sum(1 for b in head if b < 32 and b not in (9, 10, 12, 13))
    return b"\x00" in head or controls * 10 > len(head)


def decode(raw: bytes, encoding: str | None, file: str, fallback: str = "cp1252") -> tuple[str, str, list[str]]:
    """(text, encoding used, warnings). Without ``encoding``: UTF-8, else ``fallback``."""
    tries = [encoding] if encoding else ["utf-8", fallback]
    for enc in tries:
        try:
            text = raw.decode(enc)
        except LookupError:
            raise BrightwellError(f"unknown encoding '{enc}'", file=file) from None
        except UnicodeDecodeError as exc:
            if enc != tries[-1]:
                continue
            if binary(raw):  # no text in any encoding: no advice to try one
                raise BrightwellError("binary data, not a text file of this format", file=file) from None
            hint = "try another --encoding" if encoding else "try --encoding latin-1"
            raise BrightwellError(f"byte {raw[exc.start]:#04x} cannot be decoded as {enc} ({hint})",
                                  file=file, place=f"line {_line_of(raw, exc.start)}") from None
        warnings = [] if enc == tries[0] else [f"{file}: not UTF-8; read as {enc}"]
        return text, enc, warnings
    raise AssertionError("unreachable")


def comments_and_rows(text: str, mark: str) -> tuple[list[str], list[tuple[int, str]]]:
    """A file of data lines and comment lines opening with ``mark`` (EGD h9, FFG .tou): the
    comment lines, and the data lines with their line numbers; blank lines skipped, any ending."""
    comments, rows = [], []
    for n, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        if not line.strip():
            continue
        if line.lstrip().startswith(mark):
            comments.append(line)
        else:
            rows.append((n, line))
    return comments, rows
