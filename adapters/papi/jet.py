"""A Microsoft Access (Jet 4) database read from its bytes, as hostile input: only what reading a
table needs (the header, the catalog MSysObjects on page 2, a table's definition pages, its usage
map and data pages), every page number, count and offset checked against the file before it is
followed, each chain of pages followed once, a table's rows counted against a bound. Layout:
mdbtools' HACKING.md and Jackcess (a row whose offset has bit 0x8000 is deleted; bit 0x4000, an
overflow row, holds the page and row its data moved to). Nothing is written, nothing opened."""

from __future__ import annotations

import struct

from brightwell_plugin.adapters.papi.tdef import Cracker, Definition, definition
from brightwell_plugin.errors import BrightwellError

PAGE = 4096
MAGIC = b"\x00\x01\x00\x00Standard Jet DB\x00"
_VERSIONS = {0: "Access 97 (Jet 3)", 2: "Access 2007 (ACE 12)", 3: "Access 2010 (ACE 14)", 4: "Access 2013",
             5: "Access 2016", 6: "Access 2019"}
_HEADER_KEY = bytes((0xC7, 0xDA, 0x39, 0x6B))  # the RC4 key of the header's 128 bytes at 0x18
_CATALOG_PAGE = 2
_DATA, _TDEF, _USAGE = 1, 2, 5
_DELETED, _OVERFLOW, _OFFSET = 0x8000, 0x4000, 0x1FFF
_ROWS_AT = 12  # a Jet 4 data page: its row count, then each row's offset
_MAX_TDEF_PAGES = 64  # a definition of 255 columns with long names takes about ten
_MAX_HOPS = 8  # overflow rows followed from one row
_CATALOG_ROWS = 100_000


class Database:
    """A Jet 4 database's tables, read on demand: :meth:`rows` of a user table."""

    def __init__(self, data: bytes, file: str):
        self.data, self.file = data, file
        if data[:len(MAGIC)] != MAGIC:
            raise BrightwellError("not a Microsoft Access (Jet) database: its first bytes are not Jet's", file=file)
        version = data[0x14] if len(data) > 0x14 else -1
        if version != 1:
            what = _VERSIONS.get(version, f"an unknown Jet version ({version})")
            raise BrightwellError(f"an {what} database: a Papi file is a Jet 4 (Access 2000) one", file=file)
        if len(data) % PAGE or len(data) < 3 * PAGE:
            raise BrightwellError(f"the file is cut short: {len(data)} bytes are not whole {PAGE}-byte pages of a "
                                  "Jet 4 database (a database is read whole)", file=file)
        self.pages = len(data) // PAGE
        key, = struct.unpack_from("<I", _rc4(_HEADER_KEY, data[0x18:0x18 + 128]), 0x3E - 0x18)
        if key:
            raise BrightwellError("an encrypted Access database (its pages are RC4-encoded): not read", file=file)
        self._definitions: dict[str, Definition] = {}
        self.tables = self._catalog()

    def page(self, number: int, kind: int, what: str) -> bytes:
        """Page ``number``, which must be in the file and of ``kind`` (1 data, 2 table definition, 5
        usage map)."""
        if not 0 < number < self.pages:
            raise BrightwellError(f"{what} names page {number}, beyond the file's {self.pages} pages: cut short or "
                                  "damaged", file=self.file)
        page = self.data[number * PAGE:(number + 1) * PAGE]
        if page[0] != kind:
            raise BrightwellError(f"{what} names page {number}, which is not a {_KINDS[kind]} page (its type is "
                                  f"{page[0]})", file=self.file)
        return page

    def definition(self, name: str, number: int) -> Definition:
        """The definition of table ``name`` from its first definition page ``number``, continuation
        pages joined (each without its 8-byte header), each page once."""
        parts, seen = [], set()
        while number:
            if number in seen or len(seen) >= _MAX_TDEF_PAGES:
                raise BrightwellError(f"table {name[:40]}: its definition pages run in a loop or past "
                                      f"{_MAX_TDEF_PAGES} pages", file=self.file)
            seen.add(number)
            page = self.page(number, _TDEF, f"table {name[:40]}'s definition")
            parts.append(page if not parts else page[8:])
            number, = struct.unpack_from("<I", page, 4)
        return definition(b"".join(parts), name, self.file)

    def table(self, name: str) -> Definition:
        """User table ``name``'s definition."""
        if name not in self._definitions:
            if name not in self.tables:
                raise BrightwellError(f"no table {name} (tables: {', '.join(sorted(self.tables)) or 'none'})",
                                      file=self.file)
            self._definitions[name] = self.definition(name, self.tables[name])
        return self._definitions[name]

    def rows(self, name: str, wanted: tuple[str, ...], most: int) -> list[list]:
        """The values of columns ``wanted`` in each row of user table ``name`` (None for a null), in
        the order of the table's pages and rows; more than ``most`` rows are refused."""
        return self._rows(self.table(name), self.tables[name], wanted, most)

    def _rows(self, table: Definition, number: int, wanted: tuple[str, ...], most: int) -> list[list]:
        cracker = Cracker(table, wanted, self.file)
        out = []
        for page_no in self._owned(table):
            page = self.data[page_no * PAGE:(page_no + 1) * PAGE]
            if page[0] != _DATA or struct.unpack_from("<I", page, 4)[0] != number:
                continue  # a page of the map that is not this table's data (as mdbtools passes it over)
            values = cracker.values
            for k, (start, end) in enumerate(_row_spans(page, page_no, self.file, f"table {table.name}'s")):
                if start & _DELETED:
                    continue
                row = page[start & _OFFSET:end]
                if start & _OVERFLOW:
                    row = self._overflowed(row, number, f"page {page_no}, row {k}")
                out.append(values(row, (page_no, k)))
            if len(out) > most:
                raise BrightwellError(f"table {table.name} holds more than {most} rows", file=self.file)
        if table.declared_rows > len(out):  # 0 is what a database closed uncleanly may declare (mdbtools #120)
            raise BrightwellError(f"the file is cut short: table {table.name} declares {table.declared_rows} rows and "
                                  f"holds {len(out)}", file=self.file)
        return out

    def _overflowed(self, pointer: bytes, number: int, where: str) -> bytes:
        """The data of an overflow row: the row its pointer names (a target's own deleted bit is set
        by design), followed at most :data:`_MAX_HOPS` times."""
        for _ in range(_MAX_HOPS):
            if len(pointer) < 4:
                raise BrightwellError(f"an overflow row at {where} is shorter than its pointer", file=self.file)
            target, = struct.unpack_from("<I", pointer, 0)
            page_no, k = target >> 8, target & 0xFF
            page = self.page(page_no, _DATA, f"the overflow row at {where}")
            if struct.unpack_from("<I", page, 4)[0] != number:
                raise BrightwellError(f"the overflow row at {where} names page {page_no}, another table's",
                                      file=self.file)
            spans = _row_spans(page, page_no, self.file, "an overflow row's")
            if k >= len(spans):
                raise BrightwellError(f"the overflow row at {where} names row {k} of page {page_no}, which has "
                                      f"{len(spans)}", file=self.file)
            start, end = spans[k]
            if not start & _OVERFLOW:
                return page[start & _OFFSET:end]
            pointer, where = page[start & _OFFSET:end], f"page {page_no}, row {k}"
        raise BrightwellError(f"overflow rows from {where} run on past {_MAX_HOPS} pages", file=self.file)

    def _owned(self, table: Definition) -> list[int]:
        """The pages table ``table`` owns, from its usage map (an inline bitmap from a first page, or
        pointers to usage map pages each mapping (4096 - 4) × 8 pages), each within the file."""
        page_no, k = table.usage_map >> 8, table.usage_map & 0xFF
        what = f"table {table.name}'s usage map"
        page = self.page(page_no, _DATA, what)
        spans = _row_spans(page, page_no, self.file, f"{what}'s")
        if k >= len(spans):
            raise BrightwellError(f"{what} names row {k} of page {page_no}, which has {len(spans)}", file=self.file)
        start, end = spans[k]
        umap = page[start & _OFFSET:end]
        if umap[:1] == b"\x00" and len(umap) >= 5:
            first, = struct.unpack_from("<I", umap, 1)
            return self._mapped(umap[5:], first, what)
        if umap[:1] == b"\x01":
            out = []
            for j in range((len(umap) - 1) // 4):
                pointer, = struct.unpack_from("<I", umap, 1 + 4 * j)
                if pointer:
                    bitmap = self.page(pointer, _USAGE, what)[4:]
                    out += self._mapped(bitmap, j * (PAGE - 4) * 8, what)
            return out
        raise BrightwellError(f"{what} is of an unknown kind ({umap[:1].hex() or 'empty'})", file=self.file)

    def _mapped(self, bitmap: bytes, first: int, what: str) -> list[int]:
        out = []
        for i, byte in enumerate(bitmap):
            if byte:
                out += [first + 8 * i + b for b in range(8) if byte >> b & 1]
        beyond = [p for p in out if not 0 < p < self.pages]
        if beyond:
            raise BrightwellError(f"{what} names page {beyond[0]}, beyond the file's {self.pages} pages: cut short or "
                                  "damaged", file=self.file)
        return out

    def _catalog(self) -> dict[str, int]:
        """Each user table's name and first definition page, from MSysObjects (type 1, not a system
        table by its flags)."""
        catalog = self.definition("MSysObjects", _CATALOG_PAGE)
        found: dict[str, int] = {}
        for oid, name, kind, flags in self._rows(catalog, _CATALOG_PAGE, ("Id", "Name", "Type", "Flags"),
                                                 _CATALOG_ROWS):
            if isinstance(kind, int) and kind & 0x7F == 1 and isinstance(name, str) and isinstance(oid, int) \
                    and not (flags or 0) & 0x80000002:
                found.setdefault(name, oid & 0xFFFFFF)
        return found


_KINDS = {_DATA: "data", _TDEF: "table definition", _USAGE: "usage map"}


def _row_spans(page: bytes, page_no: int, file: str, whose: str) -> list[tuple[int, int]]:
    """Each row of a data page as (its offset with its flag bits, the end of its bytes); a row count
    or an offset outside the page is refused, naming ``whose`` page it is."""
    count, = struct.unpack_from("<H", page, _ROWS_AT)
    table_end = _ROWS_AT + 2 + 2 * count
    if table_end > PAGE:
        raise BrightwellError(f"{whose} page {page_no} declares {count} rows, more than a page holds", file=file)
    spans, end = [], PAGE
    for k, raw in enumerate(struct.unpack_from(f"<{count}H", page, _ROWS_AT + 2)):
        start = raw & _OFFSET
        if not table_end <= start <= end:
            raise BrightwellError(f"row {k} of {whose} page {page_no} lies outside its page (offset {start})",
                                  file=file)
        spans.append((raw, end))
        end = start
    return spans


def _rc4(key: bytes, data: bytes) -> bytes:
    """RC4 of ``data`` (the cipher Jet hides its header's fields with)."""
    s = list(range(256))
    j = 0
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
