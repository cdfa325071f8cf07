"""The number lookup readers use instead of int(): the same value for every text it holds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from brightwell_plugin.adapters.numbers import ORDINALS, SMALL


def test_lookup_holds_canonical_spellings_of_their_own_values():
    assert all(type(v) is int and int(k) == v and str(v) == k for k, v in SMALL.items())
    assert all(ORDINALS[k] == str(k + 1) for k in range(len(ORDINALS)))


@given(st.text(alphabet="+-0123456789 ._e", max_size=6))
def test_lookup_or_parse_equals_parse(text):
    try:
        expected = int(text)
    except ValueError:
        assert text not in SMALL
        return
    assert (SMALL.get(text) or int(text)) == expected


def test_the_table_grows_to_what_a_file_needs_and_no_further():
    from brightwell_plugin.adapters.numbers import small_numbers
    assert small_numbers(1234) is SMALL and SMALL["1234"] == 1234
    small_numbers(50_000)
    assert len(SMALL) == 10_000 and "10000" not in SMALL
    assert all(type(v) is int and int(k) == v and str(v) == k for k, v in SMALL.items())
