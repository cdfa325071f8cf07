"""Chess-JSON's values as its reader reads them: text fields, points, the points given outside the
rounds (the team reader's too)."""

from __future__ import annotations

import math
from decimal import Decimal

from brightwell_plugin.plugin import BrightwellError


def text_field(obj: dict, key: str) -> str | None:
    """A text field, stripped; None when missing or empty; anything but text is refused."""
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise BrightwellError(f"{key} {value!r} is not text")
    return value.strip() or None


def points(value) -> float | None:
    """A number as Chess-JSON writes points (a decimal string, or a number); None when missing."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise BrightwellError(f"{value!r} is not a number")
    number = float(Decimal(value.strip() if isinstance(value, str) else repr(value)))
    if not math.isfinite(number) or abs(number) > 1e6:
        raise BrightwellError(f"{value!r} is not a number of points")
    return int(number) if number.is_integer() else number


def adjusted(competitor: dict, key: str, where: str) -> float:
    """The points gacrux's ``adjust`` records give a competitor outside the rounds (TRF 299's
    penalties and bonuses, as its converter writes them): ``key`` of each, summed."""
    records = competitor.get("adjust") or []
    if not isinstance(records, list) or not all(isinstance(a, dict) for a in records):
        raise BrightwellError(f"{where}: 'adjust' is not a list of records")
    try:
        return sum(points(a.get(key)) or 0 for a in records)
    except BrightwellError as exc:
        raise BrightwellError(f"{where}: adjust {key}: {exc.message}") from None
