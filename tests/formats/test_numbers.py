"""Numbers from text: the lookup the XML reader uses instead of int() (the same value for every
text it holds), ASCII digits only, whole numbers with a one-line refusal, finite numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brightwell_plugin.adapters.numbers import ORDINALS, SMALL, digits, finite, whole
from brightwell_plugin.errors import BrightwellError


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


@given(st.text(max_size=6))
def test_digits_are_what_int_reads_as_written(text):
    if digits(text):
        assert int(text) == int(text.encode("ascii"))
    assert not digits("³") and not digits("١٢") and not digits("") and not digits(" 1") and digits("007")


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-Infinity", "1e999", "1e300", "-1e16"])
def test_finite_refuses_what_no_file_means(text):
    """Nor any number whose sums would overflow: beyond 1e15, no score, rating or count."""
    with pytest.raises(ValueError, match="not a finite number"):
        finite(text)
    assert finite(" 2.5 ") == 2.5 and finite("1e15") == 1e15 and finite("-1e15") == -1e15


def test_digits_are_at_most_eighteen():
    assert digits("9" * 18) and not digits("9" * 19) and not digits("9" * 5000)


def test_whole_reads_or_refuses_in_one_line():
    assert whole("-12", "rating", "f.txt") == -12 and whole("", "rating", "f.txt", default=0) == 0
    with pytest.raises(BrightwellError, match=r"f\.txt: line 3: rating '1\.5' is not a whole number"):
        whole("1.5", "rating", "f.txt", "line 3")
