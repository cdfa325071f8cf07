"""Numbers as the XML format writes them in its attributes (the team reader's too)."""

from __future__ import annotations

import re

from brightwell_plugin.adapters.numbers import digits, finite

WHOLE = re.compile(r"^-?[0-9]+$")  # a whole number as text


def number(text: str | None):
    """A whole number where the text is one, else a float; None for no text."""
    if text is None:
        return None
    return int(text) if digits(text) or WHOLE.match(text) else float(text)


def sensible(text: str | None):
    """:func:`number`, refusing (ValueError) a float no team value can be: 'inf', '1e999', or beyond
    what sums hold (the team reader; the event's reader bounds its own values where it ranks them)."""
    value = number(text)
    return finite(text) if isinstance(value, float) else value


def whole(text: str | None):
    return None if text is None else int(text)
