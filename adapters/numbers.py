"""Whole numbers from text, looked up rather than parsed for the small ones files hold most.

CPython's ``int()`` of a string costs about a thousand machine instructions (it copies the text
first); a dictionary lookup of the same text costs a few hundred. The XML reader converts
thousands of round attributes per file, so it looks them up in :data:`SMALL` and, for anything
else (other spellings like ``+5`` or ``007``, negatives, large or decimal numbers), leaves the
file to the full schema and ``int()``/``float()``: the value is the same either way. Also here:
ASCII digits, whole and finite numbers, as every reader checks them.
"""

from __future__ import annotations

import math
import re

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import MAX_MAGNITUDE, digits  # noqa: F401 - digits: the readers' import

SMALL: dict[str, int] = {str(i): i for i in range(1_000)}  # canonical spellings only: "7", not "07"
ORDINALS: tuple[str, ...] = tuple(str(i) for i in range(1, 1_000))  # ORDINALS[k] is the text of k + 1


def small_numbers(up_to: int = 9_999) -> dict[str, int]:
    """:data:`SMALL`, grown in place to hold at least 0 .. ``up_to`` (at most 9,999): a command
    reading a small file does not build the table a 9,999-player TRF wants."""
    if up_to >= len(SMALL) and len(SMALL) < 10_000:
        SMALL.update((str(i), i) for i in range(len(SMALL), min(up_to, 9_999) + 1))
    return SMALL


_WHOLE = re.compile(r"-?[0-9]{1,18}")  # ASCII digits only (str.isdigit() also accepts '³' and '١'), a sane count


def whole(text: str | None, what: str, file: str, place: str | None = None, default: int | None = None) -> int | None:
    """``text`` as a whole number (``default`` when absent); anything else is a one-line refusal."""
    if text is None or text == "" and default is not None:
        return default
    if not _WHOLE.fullmatch(text.strip()):
        raise BrightwellError(f"{what} {text[:24]!r} is not a whole number", file=file, place=place)
    return int(text)


def finite(text: str) -> float:
    """``float(text)``, refusing what ``float`` also takes but no file means ('nan', 'inf', '1e999',
    and any number beyond :data:`~brightwell_plugin.limits.MAX_MAGNITUDE`, which sums would overflow)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text.strip()[:24]!r} is not a finite number")
    if abs(value) > MAX_MAGNITUDE:
        raise ValueError(f"{text.strip()[:24]!r} is not a finite number of a sensible size (at most {MAX_MAGNITUDE:g})")
    return value
