"""A Sharly-Chess player row as the model's player fields. His rating is Sharly's (``ratings``):
FIDE's or the national one is the model's rating (the other kept beside it); an estimate, or the
FFE's default for a player with no rating, is not a rating (Papi estimates an unrated player's from
his score group) but is kept, as ``estimated rating``, since Sharly numbers players by it and its
rating tie-breaks count it where the tournament allows estimates. Gender and title are text from
migration m073 on, numbers before it (1 F, 2 M; 1 WCM … 8 GM)."""

from __future__ import annotations

import unicodedata

from brightwell_plugin.adapters.sharly.ratings import Rated
from brightwell_plugin.model import ESTIMATED_RATING, MANUAL_TIEBREAK

_TITLES = {1: "WCM", 2: "CM", 3: "WFM", 4: "FM", 5: "WIM", 6: "IM", 7: "WGM", 8: "GM"}
_SEXES = {1: "w", 2: "m", "F": "w", "M": "m"}
PLAYER_COLUMNS = ("id", "last_name", "first_name", "gender", "title", "ratings", "fide_id", "federation", "club",
                  "date_of_birth", "year_of_birth")


def player_fields(row: tuple, rated: Rated, manual=None) -> dict:
    pid, last, first, gender, title, _, fide_id, federation, club, birth, year = row
    last, first = _text(last), _text(first)
    name = f"{last}, {first}" if last and first else last or first or f"Player {pid}"
    extra = (("club", _text(club)),) if _text(club) else ()
    ids = (("fide", str(fide_id)),) if isinstance(fide_id, int) and not isinstance(fide_id, bool) and 0 < fide_id < 10**12 else ()
    born = _text(birth)[:10] if _text(birth)[:4].isdigit() else str(year) if isinstance(year, int) and 1800 < year < 2200 else None
    rating = rated.rating
    if rating is not None and rated.kind == "national":
        extra += (("rating type", "national"),)
    if rating is not None and rated.fide and rated.fide != rating:
        extra += (("fide rating", str(rated.fide)),)
    if rating is not None and rated.national and rated.national != rating:
        extra += (("national rating", str(rated.national)),)
    if rated.kind == "estimated":
        extra += ((ESTIMATED_RATING, str(rated.value)),)
    if isinstance(manual, int) and not isinstance(manual, bool) and manual:
        extra += ((MANUAL_TIEBREAK, str(manual)),)
    return {"name": name, "rating": rating, "federation": _text(federation) or None,
            "title": title_of(title), "sex": _SEXES.get(gender), "birth_date": born, "ids": ids, "extra": extra}


def title_of(title) -> str | None:
    return _TITLES.get(title) if isinstance(title, int) else _text(title) or None


def starting_rank(row: tuple, rated: Rated) -> tuple:
    """Sharly-Chess's starting rank (data/player.py ``starting_rank_sort_key``), by which it numbers
    the players: its rating of him (an estimate or default included), title, then name."""
    title = title_of(row[4])
    order = list(_TITLES.values())
    return (-rated.value, -(order.index(title) + 1 if title in order else 0), _folded(row[1]), _folded(row[2]))


def _folded(text) -> str:
    return unicodedata.normalize("NFKD", text).casefold() if isinstance(text, str) else ""


def _text(value) -> str:
    return value.strip() if isinstance(value, str) else ""
