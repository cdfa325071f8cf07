"""Numbers as the XML format writes them in its attributes (the team reader's too)."""

from __future__ import annotations

import re

from brightwell_plugin.adapters.numbers import digits, finite

WHOLE = re.compile(r"^-?[0-9]+$")  # a whole number as text


def number(text: str | None):
    """A whole number where the text is one, else a finite float of a sensible size (a ValueError
    for 'inf' or '1e999'); None for no text."""
    if text is None:
        return None
    return int(text) if digits(text) or WHOLE.match(text) else finite(text)


def whole(text: str | None):
    return None if text is None else int(text)
