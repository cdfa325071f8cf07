"""A Jet 4 table definition (its TDEF pages: the columns) and its rows cracked into values, as the
Jet 4 layout has it (mdbtools' HACKING.md, Jackcess's TableImpl): a row is its column count, the
fixed-length values at their offsets, the variable-length ones, their offset table read from the
end, and a null mask, one bit per column number, 1 for a value (for a Yes/No column, the value).
Everything is checked against the bytes it is read from: a definition or a row that does not fit
is refused naming the table, never read past."""

from __future__ import annotations

import codecs
import datetime
import struct
from dataclasses import dataclass
from operator import itemgetter

from brightwell_plugin.errors import BrightwellError

BOOL, BYTE, INT, LONG, MONEY, FLOAT, DOUBLE, DATETIME, BINARY, TEXT, OLE, MEMO = range(1, 13)
TYPE_NAMES = {BOOL: "Yes/No", BYTE: "Byte", INT: "Integer", LONG: "Long Integer", MONEY: "Currency",
              FLOAT: "Single", DOUBLE: "Double", DATETIME: "Date/Time", BINARY: "Binary", TEXT: "Text",
              OLE: "OLE object", MEMO: "Memo"}
_FIXED = {BYTE: "B", INT: "h", LONG: "i", FLOAT: "f", DOUBLE: "d", DATETIME: "d"}  # struct codes
_HEADER = 63  # the Jet 4 table definition block, then 12 bytes per real index, 25 per column
_COLUMN = 25
# a column's entry: type, 4 bytes, number, place among the variable-length ones, 6 bytes, flags (bit 0:
# fixed length), 5 bytes, offset among the fixed-length ones, length
_COLUMN_ENTRY = struct.Struct("<B4xHH6xB5xHH")
MAX_COLUMNS = 4096  # Access allows 255 (and keeps deleted ones' numbers): a definition beyond is refused
MAX_INDEXES = 1024
_utf16 = codecs.utf_16_le_decode  # called in C, where bytes.decode("utf-16-le") goes through Python
_EPOCH = datetime.date(1899, 12, 30).toordinal()  # Access's day 0


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    kind: int  # the type code (TEXT, LONG, ...)
    number: int  # the column's number: its bit in the null mask
    var_index: int  # its place in a row's offset table (variable-length columns)
    fixed: bool
    offset: int  # its offset among the fixed-length values
    size: int


@dataclass(frozen=True)
class Definition:
    """A table's definition: its columns by name, the rows it declares, and where its usage map is."""

    name: str
    columns: dict[str, Column]
    declared_rows: int
    usage_map: int  # page << 8 | row of the row holding the map of the pages the table owns
    var_columns: int


def definition(buf: bytes, name: str, file: str) -> Definition:
    """The definition held in ``buf`` (the TDEF pages joined, each after the first without its
    8-byte header)."""
    if len(buf) < _HEADER:
        raise _bad(name, file, "its definition is shorter than its header")
    declared, = struct.unpack_from("<I", buf, 16)
    var_count, count = struct.unpack_from("<HH", buf, 43)
    real_indexes, usage = struct.unpack_from("<II", buf, 51)
    if count > MAX_COLUMNS or real_indexes > MAX_INDEXES:
        raise _bad(name, file, f"its definition declares {count} columns and {real_indexes} indexes")
    at = _HEADER + 12 * real_indexes
    if at + _COLUMN * count > len(buf):
        raise _bad(name, file, f"its definition declares {count} columns and holds fewer")
    raw = list(_COLUMN_ENTRY.iter_unpack(buf[at:at + _COLUMN * count]))
    at += _COLUMN * count
    columns = {}
    for kind, number, var_index, flags, offset, size in raw:
        fixed = bool(flags & 1)
        if at + 2 > len(buf):
            raise _bad(name, file, "its definition ends inside its column names")
        length, = struct.unpack_from("<H", buf, at)
        if at + 2 + length > len(buf) or length % 2:
            raise _bad(name, file, "its definition ends inside its column names")
        title = _utf16(buf[at + 2:at + 2 + length], "replace")[0]
        at += 2 + length
        if fixed and kind in _FIXED and size < struct.calcsize(_FIXED[kind]):
            raise _bad(name, file, f"column {title[:40]!r} is {size} bytes long, too short for its type")
        columns.setdefault(title, Column(title, kind, number, var_index, fixed, offset, size))
    return Definition(name, columns, declared, usage, var_count)


class Cracker:
    """The values of chosen columns of a table's rows: :meth:`values` of one row's bytes. Inside, a
    row's values are kept fixed-length ones first (in the order of their offsets, read at once),
    then Yes/No, then Text; they are handed out in the order asked."""

    def __init__(self, table: Definition, wanted: tuple[str, ...], file: str):
        self.table, self.file = table, file
        missing = [w for w in wanted if w not in table.columns]
        if missing:
            raise _bad(table.name, file, f"it has no column {', '.join(missing[:5])}")
        asked = [table.columns[w] for w in wanted]
        for c in asked:
            if c.kind not in _FIXED and c.kind not in (BOOL, TEXT) or c.kind in _FIXED and not c.fixed:
                raise _bad(table.name, file, f"column {c.name} is of type {TYPE_NAMES.get(c.kind, c.kind)}"
                                             f"{' (fixed length)' if c.fixed else ''}, which this reader does not take "
                                             "there")
        fixed = sorted({c.name: c for c in asked if c.fixed and c.kind != BOOL}.values(), key=lambda c: c.offset)
        bools = list({c.name: c for c in asked if c.kind == BOOL}.values())
        texts = list({c.name: c for c in asked if not c.fixed}.values())
        self.columns = fixed + bools + texts  # the inside order
        place = {c.name: i for i, c in enumerate(self.columns)}
        self._order = itemgetter(*(place[w] for w in wanted)) if wanted else (lambda out: ())
        self._single = len(wanted) == 1
        self.has_var = table.var_columns > 0
        self.fixed_count, self.fixed_end, codes = len(fixed), 0, []
        for c in fixed:  # each value preceded by the gap since the previous one; none may overlap
            if c.offset < self.fixed_end:
                raise _bad(table.name, file, f"columns overlap at offset {c.offset} ({c.name})")
            gap = c.offset - self.fixed_end
            codes.append(f"{gap}x{_code(c)}" if gap else _code(c))
            self.fixed_end = c.offset + struct.calcsize(_code(c))
        self.fixed_struct = struct.Struct("<" + "".join(codes))
        # a fixed-length column's number -> its places inside
        self.by_number: list[tuple[int, ...]] = [()] * (max((c.number for c in fixed), default=-1) + 1)
        for i, c in enumerate(fixed):
            self.by_number[c.number] += (i,)
        self.fixed_bits = 0
        for c in fixed:  # two columns of one number (a definition that lies) share its bit
            self.fixed_bits |= 1 << c.number
        self.dates = [i for i, c in enumerate(fixed) if c.kind == DATETIME]
        self.fixed_texts = [i for i, c in enumerate(fixed) if c.kind == TEXT]
        self.bools = [(len(fixed) + i, c.number) for i, c in enumerate(bools)]
        self.text_at = len(fixed) + len(bools)  # where the Text values start inside
        self.texts = [(self.text_at + i, c.number, c.var_index) for i, c in enumerate(texts)]
        self._rest = [None] * (len(bools) + len(texts))
        self._decoded = _Decoded()  # a text's value by its bytes
        self._shapes: dict[int, list] = {}  # for a row of so many variable-length values: each chosen one's place
        self._offset_tables: dict[int, struct.Struct] = {}

    def values(self, row: bytes, place: str) -> tuple:
        """The chosen columns' values in ``row`` (None for a null), in the order asked."""
        n = len(row)
        count = row[0] | row[1] << 8 if n >= 2 else 0
        mask_len = (count + 7) >> 3
        if n < 2 or mask_len > n - 2:
            raise self._row(place, f"is too short for its column count and the null mask of its {count} columns")
        mask = int.from_bytes(row[n - mask_len:], "little")
        if count < 8 * mask_len:  # the bits past the row's columns: no values (columns added since)
            mask &= (1 << count) - 1
        data_end = n - mask_len
        offsets, var_count = (), 0
        if self.has_var:
            var_count = row[data_end - 2] | row[data_end - 1] << 8 if data_end >= 4 else 0
            table_at = data_end - 4 - 2 * var_count
            if table_at < 2:
                raise self._row(place, f"is too short for its offset table of {var_count} variable-length values")
            reader = self._offset_tables.get(var_count)
            if reader is None:
                reader = self._offset_tables[var_count] = struct.Struct(f"<{var_count + 1}H")
            offsets = reader.unpack_from(row, table_at)  # the end first, then the last value's start
            data_end = table_at
        limit = min(offsets[var_count], data_end) if var_count else data_end  # where the variable values start
        if 2 + self.fixed_end <= limit:  # every chosen fixed-length value is in the row: read at once
            out = [*self.fixed_struct.unpack_from(row, 2), *self._rest]
        else:
            out = [*(self._fixed(row, c, limit, mask, place) for c in self.columns[:self.fixed_count]), *self._rest]
        nulls = self.fixed_bits & ~mask
        if nulls:
            by_number = self.by_number
            while nulls:
                low = nulls & -nulls
                for i in by_number[low.bit_length() - 1]:
                    out[i] = None
                nulls ^= low
        for i in self.dates:
            if out[i] is not None:
                out[i] = self._date(self.columns[i], out[i], place)
        for i in self.fixed_texts:  # a Text column of fixed length (Access's CHAR): padded with spaces
            if out[i] is not None:
                out[i] = text(out[i]).rstrip(" \x00")
        for i, number in self.bools:
            out[i] = bool(mask >> number & 1)
        shape = self._shapes.get(var_count)
        if shape is None:
            shape = self._shapes[var_count] = [(i, 1 << number, var_count - k, var_count - k - 1)
                                               for i, number, k in self.texts if k < var_count]
        decoded = self._decoded
        for i, bit, a, b in shape:  # the chosen Text values, each between its offset and the next
            if mask & bit:
                start, end = offsets[a], offsets[b]
                if not 2 <= start <= end <= data_end:
                    raise self._row(place, f"has column {self.columns[i].name}'s value outside it")
                out[i] = decoded[row[start:end]]
        return (self._order(out),) if self._single else self._order(out)

    def _fixed(self, row: bytes, c: Column, limit: int, mask: int, place: str):
        """One fixed-length value of a row that does not hold them all: a null needs no room (a
        column added after the row was written)."""
        if not mask >> c.number & 1:
            return None
        if 2 + c.offset + struct.calcsize(_code(c)) > limit:
            raise self._row(place, f"is too short for column {c.name}")
        return struct.unpack_from("<" + _code(c), row, 2 + c.offset)[0]

    def _date(self, c: Column, value: float, place) -> datetime.date:
        if not -657434 <= value <= 2958465:  # the years 100 to 9999 (NaN is neither)
            raise self._row(place, f"column {c.name} holds {value!r}, which is no date")
        return datetime.date.fromordinal(_EPOCH + int(value))  # the day; the fraction is the time of day

    def _row(self, place, what: str) -> BrightwellError:
        """A row refused; ``place`` is its (page, row) or a text."""
        where = f"page {place[0]}, row {place[1]}" if isinstance(place, tuple) else place
        return BrightwellError(f"the row {what}", file=self.file, place=f"table {self.table.name[:40]}, {where}")


class _Decoded(dict):
    """A Text value by its bytes, decoded once for the short ones (colours, letters recur)."""

    def __missing__(self, raw: bytes) -> str:
        if raw[:2] != b"\xff\xfe" and not len(raw) & 1:  # UCS-2, as Papi writes its texts
            value = _utf16(raw, "replace")[0]
        else:
            value = text(raw)
        if len(raw) <= 8:
            self[raw] = value
        return value


def _code(c: Column) -> str:
    """The struct code of a fixed-length value."""
    return f"{c.size}s" if c.kind == TEXT else _FIXED[c.kind]


def text(data: bytes) -> str:
    """A Jet 4 text value: UCS-2, or after the bytes FF FE compressed (one byte a character, a 0 byte
    switching to two bytes a character and back)."""
    if data[:2] != b"\xff\xfe":
        return _utf16(data[:len(data) & ~1], "replace")[0]
    body = data[2:]
    if 0 not in body:
        return body.decode("latin-1")
    out, i, one, n = [], 0, True, len(body)
    while i < n:
        if body[i] == 0:
            one, i = not one, i + 1
        elif one:
            out.append(chr(body[i]))
            i += 1
        elif i + 1 < n:
            out.append(body[i:i + 2].decode("utf-16-le", "replace"))
            i += 2
        else:
            break
    return "".join(out)


def _bad(name: str, file: str, what: str) -> BrightwellError:
    return BrightwellError(f"table {name[:40]}: {what}", file=file)
