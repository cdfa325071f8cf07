"""TRF-2026 ``299`` records, abnormal assignment points: a type in column 5 (``W D L F H Z + -``,
blank for a penalty or a bonus), match points in 8-11 (teams), points in 14-17 (game points of a
team, points of a player), the round in 20-22 (``000`` or blank: all rounds), then the teams or
players it concerns, four columns each from column 24, one apart.

A penalty or a bonus (blank type) is added to the points of each team or player it names (a
team's match points and game points); it counts in every standings, as the points do. A record
with a type assigns a result of unusual value (to the teams or players named, else to every such
result of the rounds named): not applied, and said once per record, unless it is worth what the
event's scoring gives that result anyway."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from brightwell_plugin.adapters.numbers import digits, finite
from brightwell_plugin.errors import BrightwellError

RESULT = {"W": "win", "+": "win", "F": "win", "D": "draw", "H": "draw", "L": "loss", "-": "absent", "Z": "absent"}
TYPES = {"W": "a win", "D": "a draw", "L": "a loss", "F": "a full-point bye", "H": "a half-point bye",
         "Z": "a zero-point bye", "+": "a forfeit win", "-": "a forfeit loss", " ": "a penalty or bonus"}


@dataclass(frozen=True, slots=True)
class Abnormal:
    """One 299 record: its type (blank for a penalty or bonus), match points, points, round (0: all)
    and the teams or players named, with its line for what is said of it."""

    type: str
    match_points: float
    points: float
    round: int
    ids: tuple[int, ...]
    line: int

    @property
    def is_bonus(self) -> bool:
        return self.type == " "


def read_abnormal(n: int, line: str, file: str) -> Abnormal:
    """Line ``n``, a 299 record; a field that is not what its columns hold is refused naming it."""
    def fail(message: str) -> BrightwellError:
        return BrightwellError(f"299 record: {message}", file=file, place=f"line {n}")

    kind = line[4:5].upper() or " "
    if kind not in TYPES:
        raise fail(f"'{kind}' in column 5 is not a type (W D L F H Z + -, or blank)")

    def number(a: int, b: int, what: str) -> float:
        text = line[a:b].strip()
        try:
            return finite(text) if text else 0.0
        except ValueError:
            raise fail(f"'{text}' ({what}, columns {a + 1}-{b}) is not a number") from None

    def whole(text: str, what: str) -> int:
        text = text.strip()
        if text and not (digits(text)):
            raise fail(f"'{text}' ({what}) is not a number")
        return int(text) if text else 0

    mp, points = number(7, 11, "match points"), number(13, 17, "points")
    rnd = whole(line[19:22], "round, columns 20-22")
    ids = tuple(i for i in (whole(line[c - 4:c], f"a team or player, columns {c - 3}-{c}")
                            for c in range(27, len(line.rstrip()) + 1, 5)) if i)
    if kind == " " and not ids:
        raise fail("a penalty or bonus names no team or player (columns 24-27 on)")
    return Abnormal(kind, mp, points, rnd, ids, n)


def bonuses(records, known: Callable[[int], bool], what: str, file: str) -> dict[int, tuple[float, float]]:
    """The (match points, points) each team or player is given by the penalties and bonuses; a
    number that names no ``what`` (team, player) is refused naming the record."""
    out: dict[int, tuple[float, float]] = {}
    for r in records:
        if not r.is_bonus:
            continue
        for i in r.ids:
            if not known(i):
                raise BrightwellError(f"299 record: {what} {i} does not exist", file=file, place=f"line {r.line}")
            mp, pts = out.get(i, (0.0, 0.0))
            out[i] = (mp + r.match_points, pts + r.points)
    return out


def not_applied(records, standard: Callable[[Abnormal], bool], file: str) -> list[str]:
    """One warning for each record assigning a result this project does not apply (``standard``:
    the record is worth what the scoring gives that result anyway)."""
    out = []
    for r in records:
        if r.is_bonus or standard(r):
            continue
        whom = f" to {', '.join(map(str, r.ids))}" if r.ids else ""
        when = f" in round {r.round}" if r.round else ""
        out.append(f"{file}: line {r.line}: 299 record: {TYPES[r.type]}{whom}{when} worth {r.match_points:g} match "
                   f"points and {r.points:g} points is not applied (results of unusual value are not read); "
                   "the standings may differ from the file's")
    return out


def with_abnormal(t, lines, file: str, warnings: list[str]):
    """An individual event ``t`` with its 299 records' penalties and bonuses added to its players'
    points (``Player.bonus``); what is not applied said in ``warnings``."""
    records = [read_abnormal(n, line, file) for n, (line, _) in enumerate(lines, 1)
               if line[:3] == "299" and line[3:4] == " "]
    if not records:
        return t
    known = {p.start_no for p in t.players}
    given = bonuses(records, known.__contains__, "player", file)
    warnings.extend(not_applied(records, lambda r: not r.ids and r.points == getattr(t.scoring, RESULT[r.type]), file))
    players = tuple(replace(p, bonus=p.bonus + given[p.start_no][1]) if p.start_no in given else p for p in t.players)
    return replace(t, players=players)
