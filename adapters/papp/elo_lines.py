"""The lines of a WOF/Papp ELO file, in every dialect the rating archive holds.

Papp 1.32+ (``src/elo.c``) writes ``%_% [+]ID, NAME, Firstname, COUNTRY, points, discs, rating``,
``%Round: n`` and ``black (bd)R(wd) white B``; Papp 1.28 wrote ``%%Round: n`` and result-only
games (``1392 > 1567``); other programs and the archive's back-filled events write ``%Round n``,
stages named by letters (``%Round F``, ``%Round RR``), ``??????`` for an unknown id, any spacing,
``W`` for a game whose first player had White, a rating of ``-`` or none, no country column.
This module only splits a file into typed lines; :mod:`papp` builds the tournament.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import constructor

_ID = r"(\d+|\?+)"
_DISCS = r"\((\d+(?:\.5)?)\)"
GAME = re.compile(rf"^\s*{_ID}\s*(?:{_DISCS})?\s*([<>=])\s*(?:{_DISCS})?\s*{_ID}\s*([BbWw])?\s*$")
_META = re.compile(r"^%%\s*([A-Za-z][\w-]*)\s*:\s*(.*?)\s*$")
_ROUND = re.compile(r"^%{1,2}\s*Round\s*:?\s*(\S.*?)\s*$", re.IGNORECASE)
_FINALS = re.compile(r"^%\s*Finals?\s*:?\s*(\S.*?)\s*$", re.IGNORECASE)
_NEW_PLAYER = re.compile(r"^%%\s+([0-9]+)\s+(.+?)\s*(?:\{([^}]*)\})?\s*$")  # Papp 1.28's new-players list
_NUMBER = re.compile(r"^[0-9]+(?:\.[0-9]+)?$")
ROUND_ROBIN_LABELS = frozenset({"RR", "ROUND ROBIN", "ROUND-ROBIN"})


@dataclass(frozen=True, slots=True)
class PlayerLine:
    line: int
    id: str  # digits, or question marks for an unknown id
    name: str
    federation: str | None
    points: float
    discs: float | None
    rating: int | None
    new: bool  # Papp's '+': not yet in the rating list


@dataclass(frozen=True, slots=True)
class GameLine:
    line: int
    stage: int | str | None  # Swiss round, play-off stage label, or None (no round marker)
    first: str
    second: str
    result: str  # '>', '<' or '=' from the first player's side
    score: float | None
    opp_score: float | None
    first_is_white: bool


@dataclass
class Lines:
    meta: list[tuple[str, str]]
    players: list[PlayerLine]
    games: list[GameLine]
    names: dict[str, tuple[str, str | None]]  # id -> (name, federation) from a new-players list
    markers: int  # round markers seen


new_game_line = constructor(GameLine)
new_player_line = constructor(PlayerLine)
_SMALL = {**{f"{i:02d}": i for i in range(100)}, **{str(i): i for i in range(100)}}  # discs "7" and "07"


def _number(text: str) -> float:
    """A number as written (discs, points): a whole one as an int."""
    value = _SMALL.get(text)
    if value is not None:  # looked up, as nearly always
        return value
    value = float(text)
    return int(value) if value.is_integer() else value


def player_line(text: str, n: int, file: str) -> PlayerLine | None:
    """A ``%_%`` line; None for a heading or a note written on such a line."""
    body = text[3:].strip()
    new = body.startswith("+")
    fields = [f.strip() for f in body.lstrip("+").split(",")]
    if not re.fullmatch(r"\d+|\?+", fields[0]):
        if len(fields) >= 5 and all(_NUMBER.match(f) for f in fields[-2:]):
            raise BrightwellError(f"player id '{fields[0]}' is not a number", file=file, place=f"line {n}")
        return None  # "ID, NAME, ...", "__________", "Classical tournament"
    if len(fields) > 1 and fields[-1] == "":
        fields.pop()  # a trailing comma: no rating
    # ID, NAME, Firstname, [COUNTRY,] points, discs[, rating]
    if len(fields) >= 5 and _NUMBER.match(fields[3]) and _NUMBER.match(fields[4]) and len(fields) <= 6:
        fields.insert(3, "")  # no country column
    if len(fields) not in (6, 7) or not _NUMBER.match(fields[4]) or not (_NUMBER.match(fields[5]) or fields[5] == "-"):
        raise BrightwellError("player line cannot be read (expected 'ID, NAME, Firstname, COUNTRY, points, "
                              "discs[, rating]')", file=file, place=f"line {n}")
    rating_text = fields[6] if len(fields) == 7 else ""
    if rating_text not in ("", "-") and not re.fullmatch(r"-?\d+", rating_text):
        raise BrightwellError(f"rating '{rating_text}' is not a whole number", file=file, place=f"line {n}")
    rating = int(rating_text) if rating_text not in ("", "-") else None
    name = f"{fields[1]}, {fields[2]}" if fields[2] else fields[1]
    federation = fields[3] if fields[3] not in ("", "?", "??") else None
    discs = None if fields[5] == "-" else _number(fields[5])
    return new_player_line(n, fields[0], name, federation, _number(fields[4]), discs, rating or None, new)


def _stage(label: str) -> int | str | None:
    if digits(label):
        return int(label)
    return None if label.upper() in ROUND_ROBIN_LABELS else label


def split(text: str, file: str) -> Lines:
    out = Lines([], [], [], {}, 0)
    stage: int | str | None = None
    for n, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] != "%":
            m = GAME.match(line)
            if not m:
                raise BrightwellError(f"'{stripped[:60]}' is not a game line", file=file, place=f"line {n}")
            first, bd, res, wd, second, colour = m.groups()
            if (bd is None) != (wd is None):
                raise BrightwellError("a game gives the discs of one player only", file=file, place=f"line {n}")
            out.games.append(new_game_line(n, stage, first, second, res, None if bd is None else _number(bd),
                                      None if wd is None else _number(wd), colour in ("W", "w")))
            continue
        if stripped.startswith("%_%"):
            p = player_line(stripped, n, file)
            if p is not None:
                out.players.append(p)
        elif m := _ROUND.match(stripped):
            stage, out.markers = _stage(m[1]), out.markers + 1
        elif m := _FINALS.match(stripped):
            stage, out.markers = f"Finals {m[1]}", out.markers + 1
        elif m := _META.match(stripped):
            out.meta.append((f"papp {m[1]}", m[2]))
        elif stripped.startswith("%%Added results") or (stripped.startswith("%%") and not _NEW_PLAYER.match(stripped)
                                                         and len(stripped) > 2):
            label = stripped[2:].strip()  # "Added results", "Added results (FINAL)", "Match 3/4", "Finale"
            stage, out.markers = label, out.markers + 1
        elif m := _NEW_PLAYER.match(stripped):
            out.names[m[1]] = (m[2], m[3] or None)
        # any other '%' line is a comment
    return out
