"""OpenGotha's scores, computed as OpenGotha V3.51 computes them (``Tournament.fillBaseScoringInfo``).

Everything is counted in half points, as OpenGotha does (SODOS in quarters). Each round a player is
*paired* (a game, whatever its result, a pairing without a result included), had the *bye*, was
*absent* (not participating in that round) or *not assigned* (participating, left unpaired):

* NBW, MMS: +2 a win (forfeits and "both win" included), +1 a draw; then the event's value for
  each absent round and bye, summed over the rounds so far and rounded down to whole points when
  the event says so; MMS starts at twice the initial McMahon score (rank - zero, between the floor
  and the bar, plus the player's correction). CPS doubles at each round. STS is MMS plus 2 points in
  the last rounds for a player in the top group who has won every game.
* The "virtual" scores (``genCountNotPlayedGamesAsHalfPoint``): games played over the board only,
  plus 1 for each round without one; the sums over opponents use them when the event says so.
* Sums over opponents (SOS, SOS-1, SOS-2, SODOS, SOSOS, SOSTS), over the paired rounds, with the
  opponents' values after the round ranked; a round not paired counts nothing for the W family and
  a virtual opponent of the player's own initial MMS for the M family. SOS-1 and SOS-2 drop the
  lowest terms as OpenGotha does (after two rounds the M family's is 0, as OpenGotha leaves it).
* EXT and EXR (exploits tried and achieved): each opponent's NBW times a weight from the handicap
  given against the ranks' difference.

Criteria built on this: :mod:`brightwell_plugin.criteria.mcmahon`. Direct confrontation: :mod:`gotha_direct`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brightwell_plugin.criteria.gotha_more import MAIN, other_sides
from brightwell_plugin.limits import digits
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Result, Side, further_games

PAIRED_ROUND, BYE_ROUND, ABSENT_ROUND, NOT_ASSIGNED = 1, -1, -3, -2  # ScoredPlayer's participation codes
MIN_RATING = -900  # Player.MIN_RATING: a player without a rating
PARTICIPATING = "opengotha participating"  # Player.extra: '0' for each round the player does not take part in


def kdp(text: str) -> int:
    """OpenGotha's ``Player.convertKDPToInt``: 30K = -30 ... 1K = -1, 1D = 0 ... 9D = 8, pros 6-8;
    a bare number is kyu; clamped to -30..8; -99 when it cannot be read."""
    t = text.strip() or " "
    last = t[-1]
    digits_part = t if digits(last) else t[:-1]
    if not re.fullmatch(r"[+-]?[0-9]{1,10}", digits_part.strip() or "x") or not digits_part.isascii():
        return -99
    n = int(digits_part)
    if not -2**31 <= n < 2**31:  # beyond Java's int: Integer.parseInt fails
        return -99
    if digits(last) or last in "kK":
        rank = -n
    elif last in "dD":
        rank = n - 1
    elif last in "pP":
        rank = 6 if n <= 3 else 7 if n <= 6 else 8
    else:
        rank = -n
    return max(-30, min(8, rank))


def rank_text(rank: int) -> str:
    """``Player.convertIntToKD``."""
    return f"{rank + 1}D" if rank >= 0 else f"{-rank}K"


@dataclass(frozen=True, slots=True)
class Settings:
    """The GeneralParameterSet values the scores depend on (ranks as OpenGotha's numbers)."""

    bar: int
    floor: int
    zero: int
    nbw_absent: int  # half points
    nbw_bye: int
    mms_absent: int
    mms_bye: int
    round_down: bool
    virtual: bool  # genCountNotPlayedGamesAsHalfPoint
    categories: tuple[int, ...]  # lower limits of categories 1..n-1 (empty: one category)
    planned: int  # numberOfRounds (STS looks at the last rounds)


def _round_game(e, o: int, opp_entry) -> tuple[int, int, bool] | None:
    """(OpenGotha's game points for the player x2, for the opponent x2, played over the board) for
    a paired round; None when the round is not paired."""
    kind = e.kind
    if o < 0:
        return None
    if kind is Kind.GAME:
        mine = 2 if e.result is Result.WIN else 1 if e.result is Result.DRAW else 0
        return mine, 2 - mine, e.rated
    if kind is Kind.PAIRED:
        return 0, 0, False
    if kind is Kind.FORFEIT_WIN or kind is Kind.FORFEIT_LOSS:
        both = opp_entry.kind is kind  # OpenGotha's "both win" / "both lose"; unrated: its _BYDEF form
        mine = 2 if kind is Kind.FORFEIT_WIN else 0
        theirs = mine if both else 2 - mine
        return mine, theirs, both and e.rated
    return None


class Scores:
    """Every player's OpenGotha values after the rounds of ``ctx`` (index ``rn = k - 1``)."""

    def __init__(self, ctx, s: Settings, ranks: list[int], smms: list[int]):
        self.ctx, self.s, self.rank, self.smms = ctx, s, ranks, smms  # smms: initial McMahon scores
        n, k = ctx.n, ctx.k
        self.taking = [dict(p.extra).get(PARTICIPATING, "") for p in ctx.t.players]
        self.participation = [[self._participation(i, r) for r in range(k)] for i in range(n)]
        self.other = other_sides(ctx) if ctx.more_games else {}  # the other side of each game, where it may be another
        self.games = [[_round_game(e, o, self._other_side(i, r, o)) if self.participation[i][r] ==
                       PAIRED_ROUND else None for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i]))]
                      for i in range(n)]
        self.more_points, self.more_played, self.held_played = self._more_games()
        self.nbw, self.mms, self.cps, self.nbw_v, self.mms_v = [], [], [], [], []
        for i in range(n):
            self._first_level(i)
        self.sts = [self._sts(i) for i in range(n)]

    def _other_side(self, i: int, r: int, o: int):
        """The other side's record of player ``i``'s game of round ``r``."""
        if o < 0:
            return None
        return self.other.get((i, r, MAIN)) or self.ctx.entries[o][r]

    def _more_games(self) -> tuple[list[dict[int, int]], list[dict[int, int]], dict[tuple[int, int], bool]]:
        """Per player, the half points of his further games of each round (``Player.more_games``), all
        and those played over the board (the virtual scores'); and, where the round's record is the bye,
        whether the game OpenGotha holds for the round (the last further one) was played."""
        ctx = self.ctx
        points: list[dict[int, int]] = [{} for _ in range(ctx.n)]
        played: list[dict[int, int]] = [{} for _ in range(ctx.n)]
        held: dict[tuple[int, int], bool] = {}
        if not ctx.more_games:
            return points, played, held
        for i, r, n, e in further_games(ctx.t, ctx.k):  # n: the position other_sides keys it by
            g = _round_game(e, ctx.index.get(e.opponent, -1), self.other.get((i, r - 1, n), ABSENT_ENTRY))
            if g is None:
                continue
            points[i][r - 1] = points[i].get(r - 1, 0) + g[0]
            if g[2]:
                played[i][r - 1] = played[i].get(r - 1, 0) + g[0]
            held[i, r - 1] = g[2]  # the last one's stays
        return points, played, held

    def _participation(self, i: int, r: int) -> int:
        e, o = self.ctx.entries[i][r], self.ctx.opp[i][r]
        kind = e.kind
        if o >= 0 and kind in (Kind.GAME, Kind.PAIRED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
            return PAIRED_ROUND
        if kind is Kind.PAB:
            return BYE_ROUND
        taking = self.taking[i]
        if (kind is Kind.ABSENT or kind is Kind.ZERO_BYE) and r < len(taking) and taking[r] == "0":
            return ABSENT_ROUND
        return NOT_ASSIGNED

    def _first_level(self, i: int) -> None:
        s, k = self.s, self.ctx.k
        games = cps = played = unplayed = extra_w = extra_m = 0
        more, over_board = self.more_points[i], self.more_played[i]
        nbw, mms, cpsl, nbw_v, mms_v = [], [], [], [], []
        for r in range(k):
            part, g, e = self.participation[i][r], self.games[i][r], self.ctx.entries[i][r]
            points = (g[0] if g else 0) + more.get(r, 0)
            if not g and e.kind in (Kind.FULL_BYE, Kind.HALF_BYE, Kind.FORFEIT_WIN):  # from a file without OpenGotha's bye
                value = 1 if e.kind is Kind.HALF_BYE else 2  # a round without a game worth a win or a draw
                extra_w, extra_m = extra_w + value, extra_m + value
            if part == ABSENT_ROUND:
                extra_w, extra_m = extra_w + s.nbw_absent, extra_m + s.mms_absent
            elif part == BYE_ROUND:
                extra_w, extra_m = extra_w + s.nbw_bye, extra_m + s.mms_bye
            w, m = (_down(extra_w), _down(extra_m)) if s.round_down else (extra_w, extra_m)
            games += points
            cps = 2 * cps + points
            nbw.append(games + w)
            mms.append(2 * self.smms[i] + games + m)
            cpsl.append(cps + w)
            played += (g[0] if g and g[2] else 0) + over_board.get(r, 0)
            if not (g and g[2]) and not (part == BYE_ROUND and self.held_played.get((i, r), False)):
                unplayed += 1  # OpenGotha: the round's game (gameWasPlayed) was not played
            nbw_v.append(played + unplayed)
            mms_v.append(2 * self.smms[i] + played + unplayed)
        self.nbw.append(nbw)
        self.mms.append(mms)
        self.cps.append(cpsl)
        self.nbw_v.append(nbw_v)
        self.mms_v.append(mms_v)

    def _sts(self, i: int) -> list[int]:
        sts = list(self.mms[i])
        nb, top = self.s.planned, 30 + self.s.bar

        def at(r):  # ScoredPlayer.getMMSX2: 0 for a round it has no value of
            return self.mms[i][r] if 0 <= r < len(sts) else 0
        for start, target in ((nb - 3, top + nb - 2), (nb - 2, top + nb - 1)):
            if at(start) == 2 * target:
                for r in range(start, nb):
                    if 0 <= r < len(sts):
                        sts[r] += 4
        return sts

    # -- the values after the last round counted ------------------------------------------------

    def last(self, values: list[int], i: int, before: int) -> int:
        """A per-round list's value after the last round counted (``before`` when none is)."""
        return values[-1] if values else before

    def value(self, code: str, i: int) -> int:
        """The value OpenGotha's getCritValue gives (half points; quarters for SODOS), by its long name."""
        if code in _FIRST_LEVEL:
            values, start = _FIRST_LEVEL[code]
            return self.last(getattr(self, values)[i], i, 2 * self.smms[i] if start else 0)
        if self.ctx.k == 0:
            return 0
        kind, family = _SECOND_LEVEL[code]
        if kind == "CUSS":
            return sum(self.nbw[i] if family == "W" else self.mms[i])
        if kind in ("EXT", "EXR"):
            return self._exploits(i, kind == "EXR")
        if kind == "SOSOS":
            return self._sosos(i, family)
        terms, defeated = self._opponents(i, family)
        if kind == "SODOS":
            return defeated
        if kind == "SOS":
            return sum(terms)
        return self._cut(terms, kind == "SOS-2", family)

    def _opponent_value(self, o: int, family: str) -> int:
        s = self.s
        if family == "W":
            return (self.nbw_v if s.virtual else self.nbw)[o][-1]
        if family == "M":
            return (self.mms_v if s.virtual else self.mms)[o][-1]
        return 0 if s.virtual else self.sts[o][-1]  # OpenGotha never fills the virtual STS

    def _opponents(self, i: int, family: str) -> tuple[list[int], int]:
        """Each round's term of SOS (W, M or T for STS) and the sum of defeated opponents' (x4)."""
        terms, defeated = [], 0
        for r in range(self.ctx.k):
            g = self.games[i][r]
            if self.participation[i][r] != PAIRED_ROUND:
                terms.append(0 if family == "W" else 2 * self.smms[i])
                continue
            o, e = self.ctx.opp[i][r], self.ctx.entries[i][r]
            term = self._opponent_value(o, family)
            if family != "W":
                term += (2 if e.side is Side.SECOND else -2) * e.handicap
            terms.append(term)
            defeated += term * (g[0] if g else 0)
        return terms, defeated

    @staticmethod
    def _cut(terms: list[int], two: bool, family: str) -> int:
        """SOS-1 and SOS-2 as OpenGotha cuts them (the lowest terms; special cases after 1 and 2 rounds)."""
        r = len(terms) - 1
        if r == 0:
            return 0
        if r == 1:
            return 0 if two or family == "M" else max(terms)
        low = min(range(r + 1), key=lambda rr: (terms[rr], rr))
        low2 = 1 if low == 0 else 0
        for rr in range(r + 1):
            if rr != low and terms[rr] < terms[low2]:
                low2 = rr
        m1 = sum(terms) - terms[low]
        return m1 - terms[low2] if two else m1

    def _sos(self, o: int, family: str) -> int:
        key = ("gotha sos", family)
        cache = self.__dict__.setdefault("_sos_cache", {})
        if key not in cache:
            cache[key] = [sum(self._opponents(j, family)[0]) for j in range(self.ctx.n)]
        return cache[key][o]

    def _sosos(self, i: int, family: str) -> int:
        k, total = self.ctx.k, 0
        for r in range(k):
            if self.participation[i][r] != PAIRED_ROUND:
                total += 0 if family == "W" else 2 * self.smms[i] * k
            else:
                total += self._sos(self.ctx.opp[i][r], family)
        return total

    def _exploits(self, i: int, achieved: bool) -> int:
        total = 0
        for r in range(self.ctx.k):
            if self.participation[i][r] != PAIRED_ROUND:
                continue
            o, e, g = self.ctx.opp[i][r], self.ctx.entries[i][r], self.games[i][r]
            real = e.handicap if e.side is Side.SECOND else -e.handicap
            diff = real - (self.rank[i] - self.rank[o])
            coef = 0 if diff < 0 else 1 if diff == 0 else 2 if diff == 1 else 3
            if not achieved or (g and g[0] == 2):
                total += self.nbw[o][-1] * coef
        return total

    def category(self, i: int) -> int:
        """``Player.category``: 0 for the best; the first whose lower limit the rank reaches."""
        limits = self.s.categories
        if not limits:
            return 0
        return next((c for c, low in enumerate(limits) if self.rank[i] >= low), len(limits))


_FIRST_LEVEL = {"NBW": ("nbw", False), "MMS": ("mms", True), "STS": ("sts", True), "CPS": ("cps", False)}
_SECOND_LEVEL = {
    "CUSSW": ("CUSS", "W"), "CUSSM": ("CUSS", "M"), "SOSW": ("SOS", "W"), "SOSW-1": ("SOS-1", "W"),
    "SOSW-2": ("SOS-2", "W"), "SODOSW": ("SODOS", "W"), "SOSOSW": ("SOSOS", "W"), "SOSM": ("SOS", "M"),
    "SOSM-1": ("SOS-1", "M"), "SOSM-2": ("SOS-2", "M"), "SODOSM": ("SODOS", "M"), "SOSOSM": ("SOSOS", "M"),
    "SOSTS": ("SOS", "T"), "EXT": ("EXT", "W"), "EXR": ("EXR", "W"),
}
CODES = (*_FIRST_LEVEL, *_SECOND_LEVEL)  # OpenGotha's long names of the scores computed here


def _down(half_points: int) -> int:
    """Java's ``(x / 2) * 2``: toward zero."""
    return int(half_points / 2) * 2


