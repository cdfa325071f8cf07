"""A Sharly-Chess player row as the model's player fields. Ratings are a JSON object by time control
(1 standard, 2 rapid, 3 blitz), each ``{"fide": …, "national": …, "estimated": …}`` (in older files
``{"value": …, "type": …}``, type 1 estimated, 2 national, 3 FIDE). Of the tournament's time control,
the rating is the kind the tournament plays by (``player_rating_type``), FIDE's unless it says
national (a rapid or blitz event without a player's FIDE rating of its kind takes his standard one,
as Sharly's ``rating_used_by_fide`` does), and the national one is kept beside it as Sharly-Chess's TRF export keeps it (its national
record), for Papi's performance; an estimated rating is Sharly's guess, not a rating, and is not read
(Papi estimates an unrated player's from his score group). Gender and title are text from migration
m073 on, numbers before it (1 F, 2 M; 1 WCM … 8 GM)."""

from __future__ import annotations

import json
import unicodedata

from brightwell_plugin.errors import BrightwellError

_KINDS = {1: "estimated", 2: "national", 3: "fide"}  # Sharly-Chess's PlayerRatingType
_TITLES = {1: "WCM", 2: "CM", 3: "WFM", 4: "FM", 5: "WIM", 6: "IM", 7: "WGM", 8: "GM"}
_SEXES = {1: "w", 2: "m", "F": "w", "M": "m"}


def rating_type(value) -> str:
    """The rating a tournament plays by (``player_rating_type``; FIDE when the file says nothing)."""
    return _KINDS.get(value, "fide") if isinstance(value, int) else "fide"


def player_fields(row: tuple, time_control, kind: str, file: str) -> dict:
    pid, last, first, gender, title, ratings, fide_id, federation, club, birth, year = row
    last, first = _text(last), _text(first)
    name = f"{last}, {first}" if last and first else last or first or f"Player {pid}"
    extra = (("club", _text(club)),) if _text(club) else ()
    ids = (("fide", str(fide_id)),) if isinstance(fide_id, int) and not isinstance(fide_id, bool) and 0 < fide_id < 10**12 else ()
    title_text = _TITLES.get(title) if isinstance(title, int) else _text(title) or None
    born = _text(birth)[:10] if _text(birth)[:4].isdigit() else str(year) if isinstance(year, int) and 1800 < year < 2200 else None
    rating, national, _ = _ratings(ratings, time_control, kind, pid, file)
    if national and national != rating:
        extra += (("national rating", str(national)),)
    return {"name": name, "rating": rating, "federation": _text(federation) or None,
            "title": title_text, "sex": _SEXES.get(gender), "birth_date": born, "ids": ids, "extra": extra}


def starting_rank(fields: dict, row: tuple, time_control, kind: str, file: str) -> tuple:
    """Sharly-Chess's starting rank (data/player.py ``starting_rank_sort_key``), by which it numbers the
    players who have no pairing number yet: rating (an estimated one for want of another), title, name."""
    rating, _, estimated = _ratings(row[5], time_control, kind, row[0], file)
    title = fields["title"]
    order = list(_TITLES.values())
    return (-(rating or estimated or 0), -(order.index(title) + 1 if title in order else 0),
            _folded(row[1]), _folded(row[2]))


def _folded(text) -> str:
    return unicodedata.normalize("NFKD", text).casefold() if isinstance(text, str) else ""


def _ratings(text, time_control, kind: str, pid, file: str) -> tuple[int | None, int | None]:
    """The player's rating for the tournament, his national rating and his estimated one."""
    if not isinstance(text, str) or not text.strip():
        return None, None, None
    try:
        ratings = json.loads(text)
    except (ValueError, RecursionError):
        raise BrightwellError(f"player {pid}'s ratings are not JSON: {text[:40]!r}", file=file) from None
    if not isinstance(ratings, dict):
        raise BrightwellError(f"player {pid}'s ratings are not an object: {text[:40]!r}", file=file)
    these = ratings.get(str(time_control if isinstance(time_control, int) else 1))
    if not isinstance(these, dict):
        return None, None, None
    if "value" in these:  # the older form: one rating, of its own type
        own = _KINDS.get(these.get("type"), "estimated") if isinstance(these.get("type"), int) else "estimated"
        value = _whole(these.get("value"))
        these = {own: value}
    national, estimated = _whole(these.get("national")), _whole(these.get("estimated"))
    if kind == "national":
        return national, national, estimated
    fide = _whole(these.get("fide"))
    if fide is None and time_control in (2, 3):  # a rapid or blitz event: FIDE's standard rating stands in
        standard = ratings.get("1")
        if isinstance(standard, dict) and "value" not in standard:
            fide = _whole(standard.get("fide"))
    return fide, national, estimated


def _whole(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 10_000 else None


def _text(value) -> str:
    return value.strip() if isinstance(value, str) else ""
