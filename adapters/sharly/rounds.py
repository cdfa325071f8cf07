"""A Sharly-Chess tournament's pairing rows as the players' round records, and where Sharly-Chess
says the tournament stands (data/tournament.py ``current_round``, ``max_ranking_round``).

A pairing row is a player's own result in a round (Sharly's ``Result``: 0 none yet, 1 loss, 2 draw,
3 win, 4 forfeit loss, 5 double forfeit, 6 forfeit win, 7 zero-point bye, 8 half-point bye, 9
pairing-allocated bye, 10 full-point bye, 11-13 a loss, draw or win not rated, 14 a round robin's
rest, 15-20 penalties) and its board, whose other player is the opponent. A row is what the file
records: a round without a row is not recorded (Sharly pairs it later, or the player was not
there); a row of result 0 without an opponent is Sharly's "not paired yet" (a row of its older
versions), the same as none. A penalty of ½-0 or 0-½ has no place in the model: it is named and
left out (``--strict`` refuses the file); 0-0 is read as a double forfeit, said.

Sharly has no record of a withdrawal or a late entry: it enters zero-point byes. Zero-point byes
from a round to the last planned one are a withdrawal after the round before (``withdrawn_after``;
Sharly shows such a player as withdrawn), zero-point byes from round 1 followed by a record a late
entry (``late_entry``); the byes stay the records, as Sharly's tie-breaks count them."""

from __future__ import annotations

from collections.abc import Iterable

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import check_round
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Result, RoundEntry, Side

Row = tuple  # (player id, round, result, board id), as the pairing table holds it
_AGAINST = {0: (Kind.PAIRED, None, True), 1: (Kind.GAME, Result.LOSS, True), 2: (Kind.GAME, Result.DRAW, True),
            3: (Kind.GAME, Result.WIN, True), 11: (Kind.GAME, Result.LOSS, False),
            12: (Kind.GAME, Result.DRAW, False), 13: (Kind.GAME, Result.WIN, False),
            4: (Kind.FORFEIT_LOSS, None, True), 5: (Kind.FORFEIT_LOSS, None, True), 6: (Kind.FORFEIT_WIN, None, True),
            15: (Kind.FORFEIT_LOSS, None, True), 18: (Kind.FORFEIT_LOSS, None, True)}
_ALONE = {7: Kind.ZERO_BYE, 8: Kind.HALF_BYE, 9: Kind.PAB, 10: Kind.FULL_BYE, 14: Kind.ABSENT,
          4: Kind.FORFEIT_LOSS, 6: Kind.FORFEIT_WIN, 5: Kind.FORFEIT_LOSS}
_PENALTIES = {16: "½-0", 17: "0-½", 19: "½-0 (not rated)", 20: "0-½ (not rated)"}
_EXEMPT = frozenset((9, 14))  # Result.is_board_bye: the pairing-allocated bye, a round robin's rest
_UNPLAYED = frozenset((0, 4, 5, 6, 7, 8, 9, 10, 14))  # Result.is_unplayed


def opponent(pid, bid, sides: dict, members) -> object | None:
    """The other player at a row's board, if he is in the tournament."""
    white, black = sides.get(bid, (None, None))
    other = black if pid == white else white if pid == black else None
    return other if other in members else None


def current_round(rows: Iterable[Row], sides: dict, members, rounds: int, round_robin: bool, stored) -> int:
    """Sharly's current round: the stored one (the arbiter's), else for a Swiss the last round
    paired (someone has an opponent, the pairing-allocated bye or a rest), for a round robin the
    last round with a game played (else 1 once paired, 0 before)."""
    if isinstance(stored, int) and not isinstance(stored, bool) and stored:
        return stored
    paired, played = set(), set()
    for pid, r, code, bid in rows:
        if pid not in members or not isinstance(r, int) or not 1 <= r <= rounds:
            continue
        if code in _EXEMPT or opponent(pid, bid, sides, members) is not None:
            paired.add(r)
        if isinstance(code, int) and code not in _UNPLAYED:
            played.add(r)
    if round_robin:
        return max(played, default=1 if paired else 0)
    return max(paired, default=0)


def ranking_round(rows: Iterable[Row], members, rounds: int, current: int) -> int:
    """The round Sharly ranks after (``max_ranking_round``): its current round once every player has
    a result in it, else the round before."""
    if current <= 0:
        return 0
    if current > rounds:
        return rounds
    done = {pid for pid, r, code, _ in rows if r == current and isinstance(code, int) and code != 0}
    return current if all(pid in done for pid in members) else current - 1


def round_note(rows: Iterable[Row], sides: dict, members, stored, current: int, ranked: int) -> str | None:
    """What to say where Sharly ranks after another round than the last whose results are in (the
    standings' default): the arbiter set its current round, or a player has no result in it while
    every pairing of it has one (Sharly waits for him)."""
    rows = [(pid, r, code, bid) for pid, r, code, bid in rows if pid in members]
    if isinstance(stored, int) and not isinstance(stored, bool) and stored:
        results = [r for _, r, code, _ in rows if isinstance(r, int) and code not in (0, 7, 8, 10, 14)]
        if ranked == max(results, default=0):
            return None
        return (f"the arbiter set round {stored} as the current round: Sharly-Chess ranks after round {ranked} "
                f"(--after-round {ranked} ranks as it does; the default is the last round whose results are in)")
    if current < 1 or ranked != current - 1:
        return None
    these = [(pid, code, bid) for pid, r, code, bid in rows if r == current]
    if any(code == 0 and opponent(pid, bid, sides, members) is not None for pid, code, bid in these) \
            or not any(isinstance(code, int) and code != 0 for _, code, _ in these):
        return None  # a pairing awaits its result, or none has one: the default is Sharly's round too
    done = {pid for pid, code, _ in these if isinstance(code, int) and code != 0}
    missing = sum(1 for pid in members if pid not in done)
    return (f"{missing} player(s) have no result in round {current}: Sharly-Chess waits for them and ranks after "
            f"round {ranked}; the standings' default ranks round {current}, whose results are in "
            f"(--after-round {ranked} ranks as Sharly-Chess does)")


def records(rows: list[Row], sides: dict, numbers: dict, rounds: int, warnings: list[str], file: str):
    """Each start number's records, round by round as far as the file records them (a round between
    two recorded ones and not recorded: absent), and what was left out."""
    found: dict[int, dict[int, RoundEntry]] = {no: {} for no in numbers.values()}
    penalties, unknown, beyond, scoring_beyond = [], [], [], []
    for pid, r, code, bid in rows:
        if pid not in numbers:
            raise BrightwellError(f"a pairing of player {pid!r}, who is not in the tournament", file=file)
        no = numbers[pid]
        if not isinstance(r, int) or not isinstance(code, int):
            raise BrightwellError(f"player {no}'s pairing has round {r!r} and result {code!r}", file=file)
        check_round(r, file, f"player {no}'s pairing")
        if r > rounds:
            (beyond if code in (0, 7, 14) else scoring_beyond).append(f"player {no}, round {r}")
            continue
        other = _checked_opponent(pid, no, r, bid, sides, numbers, file)
        if code in _PENALTIES:
            penalties.append(f"player {no}, round {r}: a penalty {_PENALTIES[code]}")
        elif other is not None and code in _AGAINST:
            kind, result, rated = _AGAINST[code]
            side = Side.FIRST if pid == sides[bid][0] else Side.SECOND
            found[no][r] = RoundEntry(kind, numbers[other], result, side, rated=rated)
        elif other is None and code in _ALONE:
            found[no][r] = RoundEntry(_ALONE[code])
        elif not (other is None and code == 0):  # result 0 without an opponent: not paired yet
            unknown.append(f"player {no}, round {r}: result {code}{' against a player' if other else ''}")
    _say(warnings, file, penalties, unknown, beyond, scoring_beyond, rounds)
    if any(code in (15, 18) for _, r, code, _ in rows if isinstance(r, int) and r <= rounds):
        warnings.append(f"{file}: a penalty 0-0 read as a double forfeit (both score nothing, the game unplayed)")
    out = {no: tuple(got.get(r, ABSENT_ENTRY) for r in range(1, max(got, default=0) + 1)) for no, got in found.items()}
    return out, penalties + unknown + scoring_beyond


def _checked_opponent(pid, no, r, bid, sides, numbers, file):
    if bid is None:
        return None
    if bid not in sides:
        raise BrightwellError(f"player {no}'s round {r} names board {bid!r}, which is not there", file=file)
    white, black = sides[bid]
    if pid not in (white, black):
        raise BrightwellError(f"player {no}'s round {r} names board {bid}, where he does not sit", file=file)
    other = black if pid == white else white
    if other is not None and other not in numbers:
        raise BrightwellError(f"player {no}'s round {r} opponent {other!r} is not in the tournament", file=file)
    return other


def _say(warnings, file, penalties, unknown, beyond, scoring_beyond, rounds) -> None:
    if penalties:
        warnings.append(f"{file}: {len(penalties)} penalty result(s), which the standings model cannot hold: "
                        f"left out ({_some(penalties)})")
    if unknown:
        warnings.append(f"{file}: {len(unknown)} result(s) Sharly-Chess is not known to write: left out ({_some(unknown)})")
    if beyond or scoring_beyond:  # Sharly-Chess keeps them when a tournament's rounds are reduced
        warnings.append(f"{file}: {len(beyond + scoring_beyond)} pairing(s) beyond the tournament's {rounds} rounds "
                        f"({_some(beyond + scoring_beyond)}): left out"
                        + (", among them results that score" if scoring_beyond else " (byes of no points)"))


def _some(items: list[str]) -> str:
    return "; ".join(items[:3]) + (" …" if len(items) > 3 else "")


def leaving(entries: tuple[RoundEntry, ...], rounds: int) -> tuple[int | None, int | None]:
    """(late entry, withdrawn after) read from a player's zero-point byes: byes from round 1 and then
    a record, the round of that record; byes from a round to the last planned one, the round before."""
    zero = Kind.ZERO_BYE
    if len(entries) < rounds or entries[-1].kind is not zero:
        withdrawn = None
    else:
        start = rounds
        while start > 1 and entries[start - 2].kind is zero:
            start -= 1
        withdrawn = start - 1
    first = next((r for r, e in enumerate(entries, 1) if e.kind is not zero), None)
    late = first if first is not None and first > 1 and entries[first - 1].kind is not Kind.ABSENT else None
    return late, withdrawn
