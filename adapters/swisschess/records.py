"""A Swiss-Chess file's pairing records read into each participant's rounds.

A record (19 bytes) holds the colour (byte 8: 1 White, 3 Black; 2 and 4 the same sides; 0 no
pairing), the opponent's number (u16 at 9), the result (byte 11, its low two bits: 1 a loss, 2 a
draw, 3 a win, 0 none yet) and the status (byte 15: 2 or 0x22 not played, "kampflos"; 3 or 0x33 a
board a team left empty). A game stands in both players' records: read once, from the first card's
side, and both records checked against each other. Two results give: 3 and 1 a win and a loss (not
played: a forfeit won and lost), 2 and 2 a draw, 1 and 1 both losing (a double forfeit), 0 and 0 a
pairing without a result; any other pair is left out and said (``--strict`` refuses the file). A
record against Swiss-Chess's placeholder "spielfrei" is the pairing-allocated bye; a record of no
opponent with a result is a bye of that result (a team board left empty: a forfeit), without one no
part in the round.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from brightwell_plugin.adapters.swisschess.layout import PAIRING_SIZE, SETTINGS_SIZE, Layout

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Result, Side

UNPLAYED = frozenset((2, 0x22, 3, 0x33))  # kampflos; a board not fielded
# what a record is, by an index of the tables below
_KINDS = ((Kind.GAME, Result.WIN), (Kind.GAME, Result.LOSS), (Kind.GAME, Result.DRAW), (Kind.FORFEIT_WIN, None),
          (Kind.FORFEIT_LOSS, None), (Kind.PAIRED, None))


def _key(what: int, white: bool) -> int:
    """A record's key, less its opponent's number (the low 17 bits)."""
    return (what << 1 | white) << 17


def _table(pairs: dict) -> list:
    """The two results (own << 2 | the opponent's) -> the keys of the own record (as White, as Black),
    of the opponent's (he as White, as Black), and 1 for a result (2 one not played over the board)."""
    out: list = [None] * 16
    for (a, b), (x, y, result) in pairs.items():
        out[a << 2 | b] = (_key(x, True), _key(x, False), _key(y, True), _key(y, False), result)
        out[b << 2 | a] = (_key(y, True), _key(y, False), _key(x, True), _key(x, False), result)
    return out


_PLAYED = _table({(3, 1): (0, 1, 1), (2, 2): (2, 2, 1), (1, 1): (4, 4, 2), (0, 0): (5, 5, 0)})
_UNPLAYED = _table({(3, 1): (3, 4, 2), (1, 1): (4, 4, 2), (0, 0): (5, 5, 0)})
_OPPOSED = frozenset(a << 3 | b for a in (1, 2, 3, 4) for b in (1, 2, 3, 4) if (a < 3) != (b < 3))  # the two sides
_BYES = {3: new_entry(Kind.FULL_BYE), 2: new_entry(Kind.HALF_BYE), 1: new_entry(Kind.ZERO_BYE), 0: ABSENT_ENTRY}
_FORFEITS = {3: new_entry(Kind.FORFEIT_WIN), 1: new_entry(Kind.FORFEIT_LOSS)}
_PAB = new_entry(Kind.PAB)
LEFT_OUT = new_entry(Kind.ABSENT)  # a pairing left out: absent, told by identity from a record not yet made


class Rounds(NamedTuple):
    rows: list  # each card's round records
    left_out: list[str]
    pab: Counter  # the pairing-allocated byes' results (3 also for none yet)
    last: int  # the last round with a result
    unplayed: bool  # some round was not played over the board


def read_rounds(layout: Layout, index: dict[int, int], warnings: list[str], file: str) -> Rounds:
    s, cards, stored, paired = layout.settings, layout.players, layout.stored_rounds, layout.settings.paired
    data = layout.pairings  # read byte by byte: no tuple made per record
    numbers = [c.number for c in cards]
    top = max(index)
    slot = [-1] * (top + 1)  # a number's card, -2 the placeholder's
    for number, k in index.items():
        slot[number] = -2 if cards[k].placeholder else k
    rows = [[ABSENT_ENTRY] * paired for _ in cards]
    made: dict[int, object] = {}  # one record each key (most recur: the same opponent, result and side)
    get, left_out, pab = made.get, [], Counter()
    absent, team, played, not_played, opposed, size = ABSENT_ENTRY, s.team_event, _PLAYED, _UNPLAYED, _OPPOSED, PAIRING_SIZE
    seen, unplayed_seen = [False] * paired, False  # a round holds a result; some round is not played
    for k, row in enumerate(rows):
        if cards[k].placeholder:
            continue
        me, at = numbers[k], k * stored * size - size
        for r in range(paired):
            at += size
            if row[r] is not absent:
                continue  # its opponent's record made it
            colour, opp, res = data[at + 8], data[at + 9] | data[at + 10] << 8, data[at + 11] & 3
            j = (slot[opp] if opp <= top else -1) if colour and opp and colour <= 4 else -3
            if j < 0:
                row[r] = e = _without_opponent(j, colour, opp, res, team, pab, r, SETTINGS_SIZE + at)
                if e is not absent:
                    seen[r] = unplayed_seen = True
                continue
            there = (j * stored + r) * size
            if data[there + 9] | data[there + 10] << 8 != me or colour << 3 | data[there + 8] not in opposed:
                raise _unpaired(cards, k, j, r, colour, SETTINGS_SIZE + at)  # (himself: the same side)
            status, other_status, other_res = data[at + 15], data[there + 15], data[there + 11] & 3
            unplayed = (status or other_status) and (status in UNPLAYED or other_status in UNPLAYED)
            pair = (not_played if unplayed else played)[res << 2 | other_res]
            if pair is None:
                left_out.append(f"round {r + 1}, {me} against {opp}: results {res} and {other_res}"
                                f"{' (not played)' if unplayed else ''}, byte {SETTINGS_SIZE + at}")
                rows[j][r] = row[r] = LEFT_OUT
                continue
            if pair[4]:
                seen[r] = True
                if pair[4] > 1:
                    unplayed_seen = True
            ours, theirs = (pair[0] | opp, pair[3] | me) if colour < 3 else (pair[1] | opp, pair[2] | me)
            row[r] = get(ours) or made.setdefault(ours, _new(ours))
            rows[j][r] = get(theirs) or made.setdefault(theirs, _new(theirs))
    if left_out:
        warnings.append(f"{file}: {len(left_out)} pairing(s) whose two results no model result holds left out, the "
                        f"standings are partial: {'; '.join(left_out[:5])}{' …' if len(left_out) > 5 else ''}")
    _beyond(data, len(cards), stored, paired, warnings, file)
    return Rounds(rows, left_out, pab, max((r + 1 for r in range(paired) if seen[r]), default=0), unplayed_seen)


_MADE = tuple((kind, result, side) for kind, result in _KINDS for side in (Side.SECOND, Side.FIRST))  # by key >> 17


def _new(key: int):
    kind, result, side = _MADE[key >> 17]
    return new_entry(kind, key & 0x1FFFF, result, side)


def _without_opponent(j: int, colour: int, opp: int, result: int, team: bool, pab: Counter, r: int, at: int):
    """A round without another participant (``j``: -2 the placeholder, -1 an unknown number, -3 none)."""
    if j == -2:  # against the placeholder: the pairing-allocated bye
        pab[result or 3] += 1
        return _PAB
    if j == -1:
        raise BrightwellError(f"round {r + 1}'s record names participant {opp}, who has no card", place=f"byte {at + 9}")
    if colour > 4:
        raise BrightwellError(f"round {r + 1}: colour {colour} is none of Swiss-Chess's (0 to 4)", place=f"byte {at + 8}")
    if colour and team and result in (3, 1):  # a team board the other team left empty: a forfeit
        return _FORFEITS[result]
    return _BYES[result]


def _unpaired(cards, k: int, j: int, r: int, colour: int, at: int) -> BrightwellError:
    if j == k:
        return BrightwellError(f"round {r + 1}: participant {cards[k].number} is paired with himself",
                               place=f"byte {at + 9}")
    return BrightwellError(f"round {r + 1}: participant {cards[k].number} plays {cards[j].number} as "
                           f"{'White' if colour <= 2 else 'Black'}, whose record does not say so", place=f"byte {at + 8}")


def _beyond(data: bytes, count: int, stored: int, paired: int, warnings: list[str], file: str) -> None:
    """Say so when records of rounds the file does not count as paired hold pairings (not read)."""
    late = sorted({r + 1 for k in range(count) for r in range(paired, stored)
                   if any(data[(k * stored + r) * PAIRING_SIZE + 8:(k * stored + r) * PAIRING_SIZE + 12])})
    if late:
        warnings.append(f"{file}: round(s) {', '.join(map(str, late))} hold pairing records, and the file counts "
                        f"{paired} round(s) paired (u16 at 5): not read")
