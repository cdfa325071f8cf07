"""Zips read as hostile input: the central directory counted without trusting its end record, member
names that climb out refused, members inflated with a bound whatever size they declare.

Swiss Perfect's zipped tournament (adapters/swissperfect/files.py) and the archives of events a
batch reads (archive/packed.py) both read their zips through these.
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from brightwell_plugin.errors import BrightwellError

if TYPE_CHECKING:  # the zip is opened by the caller: this module reads its bytes itself
    import zipfile

_END = b"PK\x05\x06"  # the end of central directory record


def unsafe_name(name: str) -> bool:
    """A member name that is absolute, climbs out (``..``), names a drive (``C:``) or is empty."""
    pure = PurePosixPath(name.replace("\\", "/"))
    return not name or pure.is_absolute() or ".." in pure.parts or ":" in name


def refuse_large_directory(path: Path, most: int, holder: str) -> None:
    """Refuse a zip whose central directory lists more than ``most`` entries, from its end record
    and the entries counted where zipfile finds them, before zipfile builds an object for each (it
    reads the directory to its end, whatever the end record counts). ``holder`` says what may hold
    ``most`` ("a tournament's zip")."""
    size = path.stat().st_size
    with open(path, "rb") as fh:
        fh.seek(max(0, size - (22 + 0xFFFF)))  # the end record, after which a comment of up to 64 KiB
        tail = fh.read()
    at = tail.rfind(_END)
    if at < 0 or len(tail) < at + 22:
        return  # zipfile says what is wrong
    entries = int.from_bytes(tail[at + 10:at + 12], "little")
    directory = int.from_bytes(tail[at + 12:at + 16], "little")
    zip64 = entries == 0xFFFF or (at >= 20 and tail[at - 20:at - 16] == b"PK\x06\x07")  # its locator
    if entries > most or directory > most * (46 + 0xFFFF) or zip64:
        said = "a ZIP64 directory" if zip64 else f"{entries} entries"
    elif directory_entries(path, size - len(tail) + at - directory, directory, most) > most:
        said = f"more entries than its end record's {entries}"  # zipfile would read them all
    else:
        return
    raise BrightwellError(f"a zip of {said}: more than the {most} {holder} may hold; nothing was read",
                          file=str(path))


def directory_entries(path: Path, start: int, size: int, most: int) -> int:
    """How many entries the central directory at ``start`` holds, counted up to one past ``most``
    (each header read alone: a few kilobytes, whatever the directory's size)."""
    count, at = 0, start
    with open(path, "rb") as fh:
        while at < start + size and count <= most and at >= 0:
            fh.seek(at)
            head = fh.read(46)
            if len(head) < 46 or head[:4] != b"PK\x01\x02":
                break  # not an entry: zipfile says what is wrong
            at += 46 + sum(int.from_bytes(head[k:k + 2], "little") for k in (28, 30, 32))
            count += 1
    return count


def inflate(zf: zipfile.ZipFile, info: zipfile.ZipInfo, where: str, limit: int) -> bytes:
    """A member's bytes, counted as they are inflated and stopped past ``limit``: a member's
    declared size is never trusted. Errors name ``where`` (the zip)."""
    chunks, total = [], 0
    try:
        with zf.open(info) as member:
            while chunk := member.read(1 << 16):
                total += len(chunk)
                if total > limit:
                    raise BrightwellError(f"zip member '{info.filename}' inflates past {limit} bytes; "
                                          "nothing more was read", file=where)
                chunks.append(chunk)
    except BrightwellError:
        raise
    except Exception as exc:  # noqa: BLE001 - bad CRC, corrupt stream, encryption, unknown method, bad header
        raise BrightwellError(f"zip member '{info.filename}' cannot be read ({exc})", file=where) from None
    return b"".join(chunks)
