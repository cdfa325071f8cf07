"""Numbers from text: ASCII digits only, whole numbers with a one-line refusal, finite numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from brightwell_plugin.adapters.numbers import digits, finite, whole
from brightwell_plugin.errors import BrightwellError


@given(st.text(max_size=6))
def test_digits_are_what_int_reads_as_written(text):
    if digits(text):
        assert int(text) == int(text.encode("ascii"))
    assert not digits("³") and not digits("١٢") and not digits("") and not digits(" 1") and digits("007")


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-Infinity", "1e999"])
def test_finite_refuses_what_no_file_means(text):
    with pytest.raises(ValueError, match="not a finite number"):
        finite(text)
    assert finite(" 2.5 ") == 2.5 and finite("1e300") == 1e300


def test_whole_reads_or_refuses_in_one_line():
    assert whole("-12", "rating", "f.txt") == -12 and whole("", "rating", "f.txt", default=0) == 0
    with pytest.raises(BrightwellError, match=r"f\.txt: line 3: rating '1\.5' is not a whole number"):
        whole("1.5", "rating", "f.txt", "line 3")
