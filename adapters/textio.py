"""Decoding text files: UTF-8, then cp1252, or the encoding the user names; clear errors."""

from __future__ import annotations

from brightwell_plugin.errors import BrightwellError


def _line_of(raw: bytes, offset: int) -> int:
    head = raw[:offset].replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    return head.count(b"\n") + 1


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
            hint = "try another --encoding" if encoding else "try --encoding latin-1"
            raise BrightwellError(f"byte {raw[exc.start]:#04x} cannot be decoded as {enc} ({hint})",
                                  file=file, place=f"line {_line_of(raw, exc.start)}") from None
        warnings = [] if enc == tries[0] else [f"{file}: not UTF-8; read as {enc}"]
        return text, enc, warnings
    raise AssertionError("unreachable")
