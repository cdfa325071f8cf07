"""dBase III tables as Swiss Perfect writes them: read from bytes, written byte for byte alike."""

from __future__ import annotations

import struct
from operator import itemgetter
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
    rows: tuple[tuple[str, ...], ...]  # live records only, a text per field (stripped, cut at the first NUL)
    deleted: int  # records marked deleted (skipped)

    @property
    def records(self) -> list[dict[str, str]]:
        """The rows as dicts by field name."""
        names = [f.name for f in self.fields]
        return [dict(zip(names, row)) for row in self.rows]

    def column(self, name: str) -> int | None:
        """Index of field ``name`` in each row, None when the table has no such field."""
        return next((i for i, f in enumerate(self.fields) if f.name == name), None)


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
    cells, at = [], 1
    for f in fields:
        cells.append(slice(at, at + f.length))
        at += f.length
    split = itemgetter(*cells) if len(cells) > 1 else (lambda text: (text[cells[0]],)) if cells else (lambda _: ())
    body = data[header_len:header_len + count * record_len]
    single_byte = encoding.lower().replace("-", "").replace("_", "") in ("cp1252", "latin1", "iso88591", "ascii")
    text = body.decode(encoding, "replace") if single_byte else ""
    if single_byte and "\ufffd" not in text:  # decoded at once; byte offsets are character offsets
        nul = "\0" in text
        records, deleted = [], 0
        for start in range(0, len(text), record_len):
            record = text[start:start + record_len]
            if record[0] == "*":
                deleted += 1
                continue
            values = split(record)
            if nul:  # Swiss Perfect leaves NUL-terminated garbage in some cells
                values = [v.split("\0")[0] for v in values]
            records.append(tuple(map(str.strip, values)))
        return DbfTable(tuple(fields), tuple(records), deleted)
    records, deleted = [], 0  # strictly, record by record: an undecodable byte says where it is
    for i in range(count):
        raw = body[i * record_len:(i + 1) * record_len]
        if raw[:1] == b"*":
            deleted += 1
            continue
        records.append(tuple(raw[c].split(b"\0")[0].decode(encoding).strip() for c in cells))
    return DbfTable(tuple(fields), tuple(records), deleted)


def write_dbf(fields: tuple[DbfField, ...], rows: list[tuple[str, ...]], date: tuple[int, int, int],
              encoding: str = "cp1252") -> bytes:
    """A dBase III table: version 0x03, no language driver, records then 0x1A (as SP writes).

    ``rows`` hold one text per field, in field order; a text longer than its field is cut (callers
    report what does not fit or cannot be encoded)."""
    record_len = 1 + sum(f.length for f in fields)
    header_len = 32 + 32 * len(fields) + 1
    year, month, day = date
    out = bytearray(_HEADER.pack(0x03, year % 100, month, day, len(rows), header_len, record_len))
    for f in fields:
        out += _FIELD.pack(f.name.encode("ascii").ljust(11, b"\0"), f.type.encode("ascii"), f.length, f.decimals)
    out += b"\r"
    # numbers right-aligned, text left-aligned; the precision cuts what is too long
    record = " " + "".join(f"%{'' if f.type == 'N' else '-'}{f.length}.{f.length}s" for f in fields)
    body = "".join([record % row for row in rows]).encode(encoding, "replace")
    if len(body) != len(rows) * record_len:  # a multi-byte encoding: cut bytes, field by field
        body = b"".join(b" " + b"".join(_cell(text.encode(encoding, "replace"), f) for text, f in zip(row, fields))
                        for row in rows)
    out += body
    out += b"\x1a"
    return bytes(out)


def _cell(raw: bytes, f: DbfField) -> bytes:
    return raw[:f.length].rjust(f.length) if f.type == "N" else raw[:f.length].ljust(f.length)
