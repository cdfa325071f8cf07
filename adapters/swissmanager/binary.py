"""Bounded reads of a Swiss-Manager file's bytes: every length and count the file states is checked
against the section it stands in before anything is read or made for it, and a refusal names the
byte offset where the file stopped making sense."""

from __future__ import annotations

from codecs import (
    utf_16_le_decode as _utf16,  # the codec itself: bytes.decode looks it up on every call
)
from struct import unpack_from

from brightwell_plugin.errors import BrightwellError

MAGIC = b"\x93\xff\x89\x44"  # the file's first four bytes


def marker(tag: int) -> bytes:
    """A section's four-byte marker: its tag, then ``FF 89 44`` (settings 0x95, schedule 0xA3 …)."""
    return bytes((tag, 0xFF, 0x89, 0x44))


def refused(what: str, offset: int) -> BrightwellError:
    return BrightwellError(what, place=f"byte {offset}")


class Cursor:
    """Reads ``data`` from ``start`` up to ``end`` (the end of the section being read), never past it."""

    __slots__ = ("data", "end", "pos", "section")

    def __init__(self, data: bytes, start: int, end: int, section: str):
        self.data, self.pos, self.end, self.section = data, start, end, section

    def left(self) -> int:
        return self.end - self.pos

    def take(self, size: int, what: str) -> bytes:
        """The next ``size`` bytes, refused when the section ends before them."""
        if size > self.end - self.pos:
            raise refused(f"the {self.section} ends inside {what} ({size} bytes needed, "
                          f"{self.end - self.pos} left): the file is cut short or not Swiss-Manager's", self.pos)
        start = self.pos
        self.pos += size
        return self.data[start:self.pos]

    def strings(self, count: int, what: str) -> tuple[str, ...]:
        """``count`` texts, each a character count (two bytes) and that many UTF-16LE characters."""
        data, end, at = self.data, self.end, self.pos
        out = [""] * count  # most texts are empty: only the others are decoded
        for k in range(count):
            if end - at < 2:
                self.pos = at
                self.take(2, what)  # refuses, naming the place
            size = (data[at] | data[at + 1] << 8) * 2
            if size:
                stop = at + 2 + size
                if stop > end:
                    raise refused(f"a text of {what} claims {size // 2} characters, more than the "
                                  f"{self.section}'s {max(end - at - 2, 0) // 2} left", at)
                try:
                    out[k] = _utf16(data[at + 2:stop], "strict", True)[0]
                except UnicodeDecodeError:
                    raise refused(f"a text of {what} is not UTF-16", at) from None
                at = stop
            else:
                at += 2
        self.pos = at
        return tuple(out)


def u16(data: bytes, offset: int) -> int:
    return data[offset] | data[offset + 1] << 8


def u32(data: bytes, offset: int) -> int:
    return unpack_from("<I", data, offset)[0]


def text(value: str) -> str:
    """A stored text as shown: Swiss-Manager pads some with spaces or ends them with NULs."""
    return value.replace("\x00", "").strip()
