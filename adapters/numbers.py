"""Whole numbers from text, looked up rather than parsed for the small ones files hold most.

CPython's ``int()`` of a string costs about a thousand machine instructions (it copies the text
first); a dictionary lookup of the same text costs a few hundred. Readers convert thousands of
opponents, round numbers and game scores per file, so they look them up in :data:`SMALL` and
fall back to ``int()``/``float()`` for anything else (other spellings like ``+5`` or ``007``,
negatives, large or decimal numbers): the value is the same either way.
"""

from __future__ import annotations

SMALL: dict[str, int] = {str(i): i for i in range(10_000)}  # canonical spellings only: "7", not "07"
ORDINALS: tuple[str, ...] = tuple(str(i) for i in range(1, 1_000))  # ORDINALS[k] is the text of k + 1
