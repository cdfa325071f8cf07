"""A row of Papi's table JOUEUR as the model's player fields. The rating is of the event's kind
(INFO's ``ClassElo``: ``Elo`` standard, ``Rapide``, ``Blitz``), each kept with a letter saying what it
is (``Fide``, ``RapideFide``, ``BlitzFide``: F a FIDE rating, N a national one, E Papi's estimate by
age; Sharly-Chess reads A and R as estimates too): a FIDE rating is the player's rating, a national
one is kept beside it as ``national rating`` of the ``national federation`` FRA (Papi's performance
falls back on it; a TRF writes it as a national-rating record, as Sharly-Chess does), an estimate
as ``estimated rating`` only (Papi estimates an unrated player from his score group). A FIDE id
is read from ``FideCode`` with the quotes and spaces users leave around it; anything else there (a
date typed in the wrong box) is kept as written and said. Titles are Papi's letters (g GM, m IM, f
FM, c CM; a second f a woman's title)."""

from __future__ import annotations

import datetime

from brightwell_plugin.limits import digits

RATINGS = {"Elo": ("Elo", "Fide"), "Rapide": ("Rapide", "RapideFide"), "Blitz": ("Blitz", "BlitzFide")}
IDENTITY = ("Ref", "Nom", "Prenom", "Sexe", "NeLe", "Cat", "Federation", "Club", "FideCode", "FideTitre", "NrFFE")
_TITLES = {"g": "GM", "m": "IM", "f": "FM", "c": "CM", "gf": "WGM", "mf": "WIM", "ff": "WFM", "cf": "WCM"}
_SEXES = {"M": "m", "F": "w"}
_ESTIMATES = {"E", "A", "R"}
_QUOTES = "'\"`´‘’“” \t"


def columns(kind: str) -> tuple[str, ...]:
    """The JOUEUR columns a player is read from, for an event rated by ``kind``."""
    return IDENTITY + RATINGS[kind]


def player_fields(row: list, kind: str, odd_ids: list[str]) -> dict:
    """The model's fields of a player from his row (the values of :func:`columns`, in order); a
    FIDE code that is not one is added to ``odd_ids`` as written."""
    ref, last, first, sex, born, category, federation, club, fide_code, title, licence, rating, letter = row
    last, first = (last or "").strip(), (first or "").strip()
    club, category, fide_code = (club or "").strip(), (category or "").strip(), (fide_code or "").strip()
    name = f"{last}, {first}" if last and first else last or first or f"Player {ref}"
    extra = [("papi ref", str(ref))]
    if club:
        extra.append(("club", club))
    if category:
        extra.append(("category", category))
    ids = []
    code = fide_code.strip(_QUOTES)
    if digits(code) and int(code):
        ids.append(("fide", str(int(code))))
    elif code:
        extra.append(("papi fide code", fide_code))
        odd_ids.append(f"{name} ({fide_code!r})")
    if licence and licence.strip():
        ids.append(("ffe", licence.strip()))
    value = rating if isinstance(rating, int) and 0 < rating < 10_000 else None
    letter = (letter or "").strip().upper()
    own = None
    if value is not None and letter == "F":
        own = value
    elif value is not None and letter == "N":
        extra += [("national rating", str(value)), ("national federation", "FRA")]
    elif value is not None and (letter in _ESTIMATES or not letter):
        extra.append(("estimated rating", str(value)))
    elif value is not None:
        extra.append(("papi rating", f"{value} {letter}"))
    title_text = (title or "").strip().lower()
    if title_text and title_text not in _TITLES:
        extra.append(("papi title", title.strip()))
    return {"name": name, "rating": own, "federation": (federation or "").strip() or None,
            "title": _TITLES.get(title_text), "sex": _SEXES.get((sex or "").strip().upper()),
            "birth_date": born.isoformat() if isinstance(born, datetime.date) and born.year > 1800 else None,
            "ids": tuple(ids), "extra": tuple(extra)}

