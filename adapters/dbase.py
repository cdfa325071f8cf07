"""dBase III tables as Swiss Perfect writes them: read from bytes, written byte for byte alike."""

from __future__ import annotations

import struct
from dataclasses import dataclass

from brightwell_plugin.errors import BrightwellError

_HEADER = struct.Struct("<BBBBIHH20x")
_FIELD = struct.Struct("<11sc4xBB14x")


@dataclass(frozen=True, slots=True)
class DbfField:
    name: str
    type: str  # C N D
    length: int
    decimals: int = 0


@dataclass(frozen=True, slots=True)
class DbfTable:
    fields: tuple[DbfField, ...]
    records: tuple[dict[str, str], ...]  # live records only; values as text, cut at the first NUL
    deleted: int  # records marked deleted (skipped)


def read_dbf(data: bytes, name: str, encoding: str = "cp1252") -> DbfTable:
    """Parse a dBase III table. Damaged tables raise a one-line error naming ``name``."""
    if len(data) < 32 or data[0] != 0x03:
        raise BrightwellError("not a dBase III table (first byte is not 0x03)", file=name)
    _, _, _, _, count, header_len, record_len = _HEADER.unpack_from(data)
    fields, pos = [], 32
    while pos < header_len - 1 and data[pos] != 0x0D:
        if pos + 32 > len(data):
            raise BrightwellError("truncated field descriptors", file=name)
        raw_name, ftype, length, decimals = _FIELD.unpack_from(data, pos)
        fields.append(DbfField(raw_name.split(b"\0")[0].decode("ascii", "replace"),
                               ftype.decode("ascii", "replace"), length, decimals))
        pos += 32
    if sum(f.length for f in fields) + 1 != record_len:
        raise BrightwellError(f"record length {record_len} does not match its fields", file=name)
    if header_len + count * record_len > len(data):
        have = max(0, (len(data) - header_len) // record_len) if record_len else 0
        raise BrightwellError(f"truncated: the header promises {count} records, the file holds {have}",
                              file=name)
    records, deleted = [], 0
    single_byte = encoding.lower().replace("-", "").replace("_", "") in ("cp1252", "latin1", "iso88591", "ascii")
    spans = []
    at = 1
    for f in fields:
        spans.append((f.name, at, at + f.length))
        at += f.length
    for i in range(count):
        start = header_len + i * record_len
        raw = data[start:start + record_len]
        if raw[:1] == b"*":
            deleted += 1
            continue
        if single_byte:  # decode the record once; byte offsets are character offsets
            text = raw.decode(encoding, "replace")
            rec = {name: text[a:b].split("\0")[0].strip() for name, a, b in spans}
            if any("\ufffd" in v for v in rec.values()):  # an undecodable byte: say where, strictly
                rec = {name: raw[a:b].split(b"\0")[0].decode(encoding).strip() for name, a, b in spans}
        else:
            rec = {name: raw[a:b].split(b"\0")[0].decode(encoding).strip() for name, a, b in spans}
        records.append(rec)
    return DbfTable(tuple(fields), tuple(records), deleted)


def write_dbf(fields: tuple[DbfField, ...], records: list[dict[str, str]], date: tuple[int, int, int],
              encoding: str = "cp1252") -> bytes:
    """A dBase III table: version 0x03, no language driver, records then 0x1A (as SP writes)."""
    record_len = 1 + sum(f.length for f in fields)
    header_len = 32 + 32 * len(fields) + 1
    year, month, day = date
    out = bytearray(_HEADER.pack(0x03, year % 100, month, day, len(records), header_len, record_len))
    for f in fields:
        out += _FIELD.pack(f.name.encode("ascii").ljust(11, b"\0"), f.type.encode("ascii"), f.length, f.decimals)
    out += b"\r"
    layout = [(f.name, f.length, f.type == "N") for f in fields]
    for rec in records:  # callers report what does not fit or cannot be encoded
        cells = [" "]
        for name, length, numeric in layout:
            text = str(rec.get(name, "") or "")[:length]
            cells.append(text.rjust(length) if numeric else text.ljust(length))
        raw = "".join(cells).encode(encoding, "replace")
        if len(raw) != record_len:  # a multi-byte encoding: field by field
            raw = b" " + b"".join(str(rec.get(n, "") or "").encode(encoding, "replace")[:ln].rjust(ln) if num
                                  else str(rec.get(n, "") or "").encode(encoding, "replace")[:ln].ljust(ln)
                                  for n, ln, num in layout)
        out += raw
    out += b"\x1a"
    return bytes(out)
