"""A player's rating in a Sharly-Chess tournament, as Sharly-Chess 4.2 rates him (data/player.py
``_tournament_rating``, ``get_rating_and_type``; the FFE plugin's ``get_player_rating``), and the
age category its FFE default rating depends on (data/player_categories.py ``from_year_of_birth``).

A player's ratings are a JSON object by time control (1 standard, 2 rapid, 3 blitz), each
``{"fide": …, "national": …, "estimated": …}``; before migration m050 ``{"value": …, "type": …}``
(type 1 estimated, 2 national, 3 FIDE), which m050 turns into the same."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

from brightwell_plugin.errors import BrightwellError

_KINDS = {1: "estimated", 2: "national", 3: "fide"}  # Sharly-Chess's PlayerRatingType
_JUNIORS = (8, 10, 12, 14, 16, 18, 20)  # Sharly's default categories U8 … U20 (then 50+, 65+)
_LONG = datetime.timedelta(days=30)  # a longer tournament takes today's date for the categories


@dataclass(frozen=True, slots=True)
class RatingRule:
    """What a tournament's ratings depend on: its time control, the kind of rating it plays by
    (``player_rating_type``: 3 FIDE, 2 national), whether a FIDE rapid or blitz tournament rates
    a player unrated in it by his FIDE standard rating (``override_unrated_rapid_blitz``), whether
    the FFE plugin is enabled, the junior categories' age limits and the year ages are counted in."""

    control: int = 1
    kind: int = 3
    override: bool = False
    ffe: bool = False
    juniors: tuple[int, ...] = _JUNIORS
    reference_year: int | None = None


@dataclass(frozen=True, slots=True)
class Rated:
    """Sharly's rating of a player (``player.rating``) and its kind: fide, national or estimated
    (an estimate or the FFE's default, which Sharly ranks and numbers by but does not call a rating)."""

    value: int
    kind: str
    fide: int | None = None  # the FIDE rating of the tournament's time control
    national: int | None = None  # the national rating of it

    @property
    def rating(self) -> int | None:
        """The rating proper: FIDE's or the national one, None for an estimate or 0."""
        return self.value if self.kind != "estimated" and self.value > 0 else None


def ratings_of(text, pid, file: str) -> dict[int, dict[str, int | None]]:
    """A player's ratings by time control, each {"fide", "national", "estimated"}."""
    if not isinstance(text, str) or not text.strip():
        return {}
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        raise BrightwellError(f"player {pid}'s ratings are not JSON: {text[:40]!r}", file=file) from None
    if not isinstance(found, dict):
        raise BrightwellError(f"player {pid}'s ratings are not an object: {text[:40]!r}", file=file)
    out = {}
    for control, these in found.items():
        if not (isinstance(control, str) and control in ("1", "2", "3") and isinstance(these, dict)):
            continue
        if "value" in these:  # before m050: one rating, of its own type (m050's conversion)
            kind = these.get("type")  # a type of another JSON kind (a list) is none
            these = {_KINDS.get(kind, "") if isinstance(kind, int) else "": these.get("value")}
        out[int(control)] = {k: _value(these.get(k)) for k in ("fide", "national", "estimated")}
    return out


def rating(ratings: dict, birth_year: int | None, rule: RatingRule) -> Rated:
    """Sharly's rating of a player in a tournament (its ``player.rating`` and type)."""
    own = ratings.get(rule.control, {})
    fide, national, estimated = own.get("fide"), own.get("national"), own.get("estimated")
    standard = ratings.get(1, {}).get("fide")
    if rule.override and rule.kind == 3 and rule.control != 1 and fide is None and standard is not None:
        return Rated(standard, "fide", fide, national)  # rating_is_overridden
    value, kind = (fide, "fide") if rule.kind == 3 else (national, "national") if rule.kind == 2 else (None, "estimated")
    if value is not None:
        return Rated(value, kind, fide, national)
    if rule.ffe:  # FFEPlugin.get_player_rating: FIDE, national, estimated, else a default by age
        for value, kind in ((fide, "fide"), (national, "national"), (estimated, "estimated")):
            if value is not None:
                return Rated(value, kind, fide, national)
        return Rated(_default(rule, birth_year), "estimated", fide, national)
    if estimated:
        return Rated(estimated, "estimated", fide, national)
    return Rated(0, kind, fide, national)


def _default(rule: RatingRule, birth_year: int | None) -> int:
    """The FFE's rating for a player with none: 1299 (a junior) or 1399 in standard; in rapid and
    blitz 799 up to U10, 999 up to U14, else 1199."""
    limit = None
    if birth_year and rule.reference_year is not None:
        age = rule.reference_year - birth_year
        limit = next((limit for limit in rule.juniors if age <= limit), None)
    if rule.control == 1:
        return 1399 if limit is None else 1299
    return 1199 if limit is None or limit > 14 else 999 if limit > 10 else 799


def juniors(categories) -> tuple[int, ...]:
    """The junior categories' age limits, in the event's order (``info.age_categories``, ids such as
    "U8" and "O50"), else Sharly's default; with none, one as old as the first senior category."""
    ids = [c for c in categories if isinstance(c, str) and c[:1] in ("U", "O") and c[1:].isdigit()] \
        if isinstance(categories, list) else []
    if not ids:
        return _JUNIORS
    limits = tuple(int(c[1:]) for c in ids if c[0] == "U")
    return limits or (int(ids[0][1:]),)


def reference_year(base: str | None, start: str | None, stop: str | None, change_month,
                   today: datetime.date | None = None) -> int:
    """The year ages are counted in (``_reference_year``): the event's base date, else the
    tournament's start (today, within the tournament's dates, when it lasts over 30 days, and
    when it has no dates); one more from the event's change month on (when it is not January)."""
    day = _day(base)
    if day is None:
        first, last, today = _day(start), _day(stop), today or datetime.date.today()
        if first is None:
            day = today
        elif last is not None and last - first > _LONG:
            day = min(max(today, first), last)
        else:
            day = first
    month = change_month if isinstance(change_month, int) and not isinstance(change_month, bool) else 1
    return day.year + (1 if 1 < month <= day.month else 0)


def birth_year(date_of_birth, year_of_birth) -> int | None:
    """The year a player was born (his date's, else his year), as Sharly keeps it: 1900 onwards."""
    year = int(date_of_birth[:4]) if isinstance(date_of_birth, str) and date_of_birth[:4].isdigit() else \
        year_of_birth if isinstance(year_of_birth, int) and not isinstance(year_of_birth, bool) else None
    return year if year is not None and 1900 <= year <= 9999 else None


def _day(text) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text[:10]) if isinstance(text, str) else None
    except ValueError:
        return None


def _value(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10_000 else None
