"""Microsoft Access (Jet 4) databases written here from the layout (mdbtools' HACKING.md, Jackcess),
for Papi's files (papi_files.py): a header page (its 128 bytes at 0x18 hidden by RC4 as Jet does),
a page of usage maps, the catalog MSysObjects on page 2, each table's definition (over several
pages when long) and its data pages. Only what a reader meets: no indexes, no properties. mdbtools
and access-parser read these files (tests/formats/papi/test_papi_real.py has them vote)."""

from __future__ import annotations

import datetime
import struct
from dataclasses import dataclass, field

PAGE = 4096
BOOL, BYTE, INT, LONG, FLOAT, DATETIME, TEXT, OLE = 1, 2, 3, 4, 6, 8, 10, 11
_SIZES = {BOOL: 0, BYTE: 1, INT: 2, LONG: 4, FLOAT: 4, DATETIME: 8}
_CODES = {BYTE: "B", INT: "h", LONG: "i", FLOAT: "f", DATETIME: "d"}


@dataclass(frozen=True)
class Col:
    name: str
    kind: int
    length: int = 0  # a text's characters (or a fixed text's bytes, when fixed)
    fixed_text: bool = False

    @property
    def fixed(self) -> bool:
        return self.kind != TEXT and self.kind != OLE or self.fixed_text


_CATALOG = [Col("Id", LONG), Col("ParentId", LONG), Col("Name", TEXT, 255), Col("Type", INT), Col("Flags", LONG),
            Col("LvProp", OLE)]


@dataclass
class Table:
    name: str
    columns: list[Col]
    rows: list[dict] = field(default_factory=list)
    declared: int | None = None  # the row count its definition declares (None: the rows it holds)


def jet_database(tables: list[Table]) -> bytes:
    """A Jet 4 database of ``tables`` (after the catalog, which is made here): page 0 the header,
    page 1 the usage maps, from page 2 the definitions (the catalog's first), then the data."""
    catalog = Table("MSysObjects", _CATALOG)
    everything = [catalog, *tables]
    starts, at = [], 2
    for t in everything:
        starts.append(at)
        at += len(_definition_pages(t, 0, 0, 0))
    catalog.rows = [{"Id": 2, "ParentId": 0x0F000000, "Name": "MSysObjects", "Type": 1, "Flags": -2147483646}] + [
        {"Id": start, "ParentId": 0x0F000000, "Name": t.name, "Type": 1, "Flags": 0}
        for t, start in zip(tables, starts[1:])]
    data_pages, owned = [], []
    for t, start in zip(everything, starts):
        pages = _data_pages(t, start)
        owned.append(list(range(at + len(data_pages), at + len(data_pages) + len(pages))))
        data_pages += pages
    out = [_header(), _maps_page(owned)]
    for k, (t, start) in enumerate(zip(everything, starts)):
        out += _definition_pages(t, start, 1 << 8 | 2 * k, 1 << 8 | 2 * k + 1)
    return b"".join(out + data_pages)


def _header() -> bytes:
    page = bytearray(PAGE)
    page[0:4] = b"\x00\x01\x00\x00"
    page[4:20] = b"Standard Jet DB\x00"
    page[0x14] = 1  # Jet 4
    plain = bytearray(128)
    struct.pack_into("<HI", plain, 0x3C - 0x18, 1252, 0)  # code page, database key 0: pages not encoded
    struct.pack_into("<H", plain, 0x6E - 0x18, 1033)
    page[0x18:0x18 + 128] = rc4(bytes((0xC7, 0xDA, 0x39, 0x6B)), bytes(plain))
    return bytes(page)


def _maps_page(owned: list[list[int]]) -> bytes:
    """Page 1: for each table its map of owned pages, then an empty map of pages with free space."""
    rows = []
    for pages in owned:
        last = max(pages, default=0)
        bitmap = bytearray(max(64, last // 8 + 1))
        for p in pages:
            bitmap[p // 8] |= 1 << p % 8
        rows += [b"\x00" + struct.pack("<I", 0) + bytes(bitmap), b"\x00" + struct.pack("<I", 0) + bytes(64)]
    return data_page(0, rows)


def data_page(owner: int, rows: list[bytes], flags: dict[int, int] | None = None) -> bytes:
    """A data page of ``owner``'s ``rows``, stored from the page's end; ``flags`` ORs bits into a
    row's offset (0x8000 deleted, 0x4000 overflow)."""
    page = bytearray(PAGE)
    page[0:2] = b"\x01\x01"
    struct.pack_into("<IIH", page, 4, owner, 0, len(rows))
    end = PAGE
    for k, row in enumerate(rows):
        start = end - len(row)
        if start < 14 + 2 * len(rows):
            raise ValueError("rows do not fit on a page")
        page[start:end] = row
        struct.pack_into("<H", page, 14 + 2 * k, start | (flags or {}).get(k, 0))
        end = start
    struct.pack_into("<H", page, 2, end - 14 - 2 * len(rows))
    return bytes(page)


def _data_pages(t: Table, tdef_page: int) -> list[bytes]:
    pages, current, used = [], [], 14
    for values in t.rows:
        row = encode_row(t.columns, values)
        if used + len(row) + 2 > PAGE:
            pages.append(data_page(tdef_page, current))
            current, used = [], 14
        current.append(row)
        used += len(row) + 2
    if current:
        pages.append(data_page(tdef_page, current))
    return pages


def _layout(columns: list[Col]):
    """Each column's (number, place among variable ones, offset among fixed ones, length in bytes)."""
    out, fixed_at, var_index = [], 0, 0
    for number, c in enumerate(columns):
        size = c.length if c.fixed_text else 2 * c.length if c.kind == TEXT else _SIZES.get(c.kind, 0)
        if c.fixed:
            out.append((number, 0, fixed_at, size))
            fixed_at += size
        else:
            out.append((number, var_index, 0, size))
            var_index += 1
    return out, fixed_at, var_index


def encode_row(columns: list[Col], values: dict) -> bytes:
    """A Jet 4 row: its column count, fixed values, variable values, their offsets from the end
    (the end of the data first), their count and the null mask."""
    layout, fixed_size, var_count = _layout(columns)
    fixed = bytearray(fixed_size)
    mask = 0
    var_values = []
    for c, (number, _, offset, size) in zip(columns, layout):
        value = values.get(c.name)
        if c.kind == BOOL:
            mask |= bool(value) << number
            continue
        if value is None:
            if not c.fixed:
                var_values.append(b"")
            continue
        mask |= 1 << number
        if c.fixed_text:
            fixed[offset:offset + size] = value.ljust(size // 2).encode("utf-16-le")[:size]  # UCS-2, as Access keeps it
        elif c.fixed:
            if c.kind == DATETIME and isinstance(value, datetime.date):
                value = float(value.toordinal() - datetime.date(1899, 12, 30).toordinal())
            struct.pack_into("<" + _CODES[c.kind], fixed, offset, value)
        else:
            var_values.append(encode_text(value) if isinstance(value, str) else bytes(value))
    body = bytearray(struct.pack("<H", len(columns))) + fixed
    starts = []
    for v in var_values:
        starts.append(len(body))
        body += v
    eod = len(body)
    offsets = b"".join(struct.pack("<H", s) for s in reversed(starts))
    tail = struct.pack("<H", eod) + offsets + struct.pack("<H", var_count)
    return bytes(body) + tail + mask.to_bytes((len(columns) + 7) // 8, "little")


def encode_text(value: str) -> bytes:
    """Jet 4 text: compressed (FF FE, then a byte a character) where every character is below 256
    and none is NUL, else UCS-2."""
    if all(0 < ord(ch) < 256 for ch in value):
        return b"\xff\xfe" + value.encode("latin-1")
    return value.encode("utf-16-le", "surrogatepass")


def _definition_pages(t: Table, page_no: int, owned_map: int, free_map: int) -> list[bytes]:
    layout, _, var_count = _layout(t.columns)
    block = bytearray(63)
    struct.pack_into("<I", block, 16, len(t.rows) if t.declared is None else t.declared)
    block[40] = 0x53 if t.name.startswith("MSys") else 0x4E
    struct.pack_into("<HHHIIII", block, 41, len(t.columns), var_count, len(t.columns), 0, 0, owned_map, free_map)
    for c, (number, var_index, offset, size) in zip(t.columns, layout):
        entry = bytearray(25)
        entry[0] = c.kind
        struct.pack_into("<HHH", entry, 5, number, var_index, number)
        entry[15] = (1 if c.fixed else 0) | 2
        entry[16] = 1 if c.kind == TEXT else 0
        struct.pack_into("<HH", entry, 21, offset, size)
        block += entry
    for c in t.columns:
        name = c.name.encode("utf-16-le")
        block += struct.pack("<H", len(name)) + name
    block += b"\xff\xff"
    struct.pack_into("<I", block, 8, len(block) - 8)
    pages, chunk, at = [], bytes(block[8:PAGE]), PAGE
    pages.append(chunk)
    while at < len(block):
        pages.append(bytes(block[at:at + PAGE - 8]))
        at += PAGE - 8
    out = []
    for k, body in enumerate(pages):
        following = page_no + k + 1 if k + 1 < len(pages) else 0
        page = bytearray(PAGE)
        page[0:2] = b"\x02\x01"
        struct.pack_into("<I", page, 4, following)
        page[8:8 + len(body)] = body
        out.append(bytes(page))
    return out


def rc4(key: bytes, data: bytes) -> bytes:
    s, j = list(range(256)), 0
    for i in range(256):
        j = (j + s[i] + key[i % len(key)]) & 0xFF
        s[i], s[j] = s[j], s[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) & 0xFF
        j = (j + s[i]) & 0xFF
        s[i], s[j] = s[j], s[i]
        out.append(byte ^ s[(s[i] + s[j]) & 0xFF])
    return bytes(out)
