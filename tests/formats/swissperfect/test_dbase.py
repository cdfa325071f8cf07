"""dBase tables: the fast integer reader gives what the text reader gives, or declines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brightwell_plugin.adapters.swissperfect.dbase import DbfField, read_dbf, read_integers, write_dbf
from brightwell_plugin.adapters.swissperfect.format import SCO_COLUMNS, _sco_numbers

NAMES = list(SCO_COLUMNS) + ["EXTRA", "MEMO"]
NUMBER = st.integers(-999, 99999).map(str)
CELL = st.one_of(NUMBER, st.text(alphabet="0123456789 -+\0x\xe9\x81", max_size=5))


@st.composite
def tables(draw):
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=11, unique=True))
    if draw(st.booleans()):  # most tables hold every column the reader asks for
        names = list(dict.fromkeys(names + list(SCO_COLUMNS)))
        names = draw(st.permutations(names))
    fields = tuple(DbfField(n, draw(st.sampled_from("NC")), draw(st.integers(1, 6))) for n in names)
    cell = NUMBER if draw(st.booleans()) else CELL  # half the tables hold numbers only
    rows = draw(st.lists(st.tuples(*[cell for _ in fields]), max_size=8))
    data = bytearray(write_dbf(fields, rows, (2026, 11, 30), "latin-1"))
    header_len = 32 + 32 * len(fields) + 1
    record_len = 1 + sum(f.length for f in fields)
    for i in draw(st.lists(st.integers(0, max(0, len(rows) - 1)), max_size=3)) if rows else []:
        data[header_len + i * record_len] = ord("*")  # deleted records are skipped
    return bytes(data)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(tables(), st.sampled_from(["cp1252", "latin-1", "ascii", "utf-8"]))
def test_integers_equal_the_text_reader_or_decline(data, encoding):
    fast = read_integers(data, "t.sco", SCO_COLUMNS, encoding)
    if fast is None:
        return
    table = read_dbf(data, "t.sco", encoding)
    assert fast[0] == table.fields
    assert fast[1] == _sco_numbers(table, "t.sco")
    assert all(type(v) is int for row in fast[1] for v in row)


def test_plain_table_is_read_fast_and_in_the_order_asked():
    fields = tuple(DbfField(n, "N", 4) for n in reversed(SCO_COLUMNS))
    rows = [tuple(str(10 * r + c) for c in range(len(fields))) for r in range(3)]
    fast = read_integers(write_dbf(fields, rows, (2026, 1, 1)), "t.sco", SCO_COLUMNS)
    assert fast is not None
    assert fast[1] == [tuple(10 * r + c for c in reversed(range(len(fields)))) for r in range(3)]


def test_empty_cell_nul_garbage_and_missing_column_decline():
    fields = tuple(DbfField(n, "N", 4) for n in SCO_COLUMNS)
    full = tuple("1" for _ in fields)
    assert read_integers(write_dbf(fields, [full], (2026, 1, 1)), "t", SCO_COLUMNS) is not None
    assert read_integers(write_dbf(fields, [("",) + full[1:]], (2026, 1, 1)), "t", SCO_COLUMNS) is None
    assert read_integers(write_dbf(fields, [("1\0x",) + full[1:]], (2026, 1, 1)), "t", SCO_COLUMNS) is None
    assert read_integers(write_dbf(fields[1:], [full[1:]], (2026, 1, 1)), "t", SCO_COLUMNS) is None
