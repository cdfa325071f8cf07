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
