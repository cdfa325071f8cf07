"""A chess-results upload's ``<playerpairing>`` records, each player's rounds.

The upload specification (Herzog's, transcribed in Sharly-Chess's docs/technical-appendices/
chess-results) gives ``blackno`` ``-1`` for the pairing-allocated bye and ``-2`` for a player not
paired (``reswhite`` his points: a bye or an absence), ``forfeit`` ``K`` for a forfeit, ``D`` for a
0-0, ``U`` for an unrated game and ``H`` for an adjourned one. A board with no result on either side
and no ``forfeit`` code is a game awaiting its result in a round after ``rankinground`` (the round
the ranking is as of; Sharly-Chess uploads its round in progress so); in a round ranked, nothing
scored for both (Herzog's finished team round robin has one). Sharly-Chess writes a zero as a blank
(``str(points or '')``): a blank side opposite a result is its loss.
"""

from __future__ import annotations

from brightwell_plugin.adapters.numbers import digits, finite
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.limits import check_round
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Result, RoundEntry, Side

PAB, NOT_PAIRED = -1, -2
_SCORE = {"1.0": Result.WIN, "1": Result.WIN, "0.5": Result.DRAW, "½": Result.DRAW, "0.0": Result.LOSS, "0": Result.LOSS}


def points_of(text: str | None, what: str, place: str):
    """A number with a decimal comma or point; None when blank."""
    text = (text or "").strip().replace(",", ".")
    if not text:
        return None
    try:
        return finite(text)
    except ValueError:
        raise BrightwellError(f"{what} '{text}' is not a number", place=place) from None


def player_rounds(records, numbers: list[int], rounds: int, ranked: int) -> dict[int, tuple[RoundEntry, ...]]:
    """Each player's rounds, as far as he has a record (a round between without one is an absence).
    ``ranked``: the round the upload's ranking is as of. A player not paired in a round nobody is
    paired in yet is recorded only for a bye worth points (a bye asked for ahead)."""
    got: dict[int, dict[int, RoundEntry]] = {no: {} for no in numbers}
    alone: list[tuple[int, int, RoundEntry, str]] = []  # (round, player, record, place) of players not paired
    paired: set[int] = set()
    for g in records:
        where = f"line {g.sourceline}"
        r, a, b = _whole(g, "round"), _whole(g, "whiteno"), _blackno(g)
        check_round(r, place=where)
        if r > rounds:
            raise BrightwellError(f"round {r} is beyond the event's {rounds}", place=where)
        if not a:
            raise BrightwellError("whiteno 0 names no player (a bye is the white player's)", place=where)
        for no in (a, b):
            if no > 0 and no not in got:
                raise BrightwellError(f"player {no} is in no <player>", place=where)
        if b > 0 or b == PAB:
            paired.add(r)
        for no, e in _board(g, r, a, b, ranked, where):
            if b <= 0 and b != PAB:
                alone.append((r, no, e, where))
            else:
                _put(got, r, no, e, where)
    for r, no, e, where in alone:
        if r in paired or e.kind is not Kind.ZERO_BYE:
            _put(got, r, no, e, where)
    return {no: _row(got[no]) for no in numbers}


def _put(got: dict[int, dict[int, RoundEntry]], r: int, no: int, e: RoundEntry, where: str) -> None:
    if r in got[no]:
        raise BrightwellError(f"round {r}: player {no} has two pairing records", place=where)
    got[no][r] = e


def _row(by_round: dict[int, RoundEntry]) -> tuple[RoundEntry, ...]:
    return tuple(by_round.get(r, ABSENT_ENTRY) for r in range(1, max(by_round, default=0) + 1))


def _board(g, r: int, a: int, b: int, ranked: int, where: str) -> list[tuple[int, RoundEntry]]:
    """The records one ``<playerpairing>`` gives its players."""
    ra, rb = ((g.get(x) or "").strip().replace(",", ".") for x in ("reswhite", "resblack"))
    code = (g.get("forfeit") or "").strip().upper()
    if b == PAB:
        return [(a, new_entry(Kind.PAB))]
    if b <= 0:  # not paired (-2; 0 in older uploads): a bye worth its points, or an absence
        points = points_of(ra, "reswhite", where) or 0
        return [(a, new_entry(Kind.FULL_BYE if points >= 1 else Kind.HALF_BYE if points else Kind.ZERO_BYE))]
    if a == b:
        raise BrightwellError(f"player {a} plays himself", place=where)
    if code == "H" or not ra and not rb and not code and r > ranked:  # adjourned, or awaiting its result
        return [(a, new_entry(Kind.PAIRED, b, side=Side.FIRST)), (b, new_entry(Kind.PAIRED, a, side=Side.SECOND))]
    if not ra and not rb or code == "D" and _SCORE.get(ra) is _SCORE.get(rb) is Result.LOSS:  # nothing scored
        return [(a, new_entry(Kind.FORFEIT_LOSS, b, side=Side.FIRST)), (b, new_entry(Kind.FORFEIT_LOSS, a, side=Side.SECOND))]
    res_a, res_b = _SCORE.get(ra or "0"), _SCORE.get(rb or "0")
    if res_a is None or res_b is None or res_b is not res_a.reverse or code not in ("", "K", "U"):
        marked = f" (forfeit '{code}')" if code else ""
        raise BrightwellError(f"results '{ra}' and '{rb}'{marked} are no game's", place=where)
    if code == "K":
        won = res_a is Result.WIN
        return [(a, new_entry(Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS, b, side=Side.FIRST)),
                (b, new_entry(Kind.FORFEIT_LOSS if won else Kind.FORFEIT_WIN, a, side=Side.SECOND))]
    rated = code != "U"
    return [(a, new_entry(Kind.GAME, b, res_a, Side.FIRST, rated=rated)),
            (b, new_entry(Kind.GAME, a, res_b, Side.SECOND, rated=rated))]


def _whole(el, attr: str) -> int:
    text = (el.get(attr) or "").strip()
    if not digits(text):
        raise BrightwellError(f"{attr} '{text}' is not a whole number", place=f"line {el.sourceline}")
    return int(text)


def _blackno(el) -> int:
    """``blackno``: a player's number, ``-1`` the pairing-allocated bye, ``-2`` not paired (0 or blank too)."""
    text = (el.get("blackno") or "").strip()
    if text in ("-1", "-2"):
        return int(text)
    return _whole(el, "blackno") if text else 0
