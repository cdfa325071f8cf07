"""Go placement criteria as OpenGotha computes them: McMahon score (MMS), number of wins (NBW),
and the sums over opponents built on either (SOS, SOSOS, SODOS, CUSS).

OpenGotha counts in half points. A player's initial McMahon score comes from his rank between
the floor and the bar (``rank - zero``, clamped, plus his own correction), or from what a file
stores (EGD h9: ``go mms initial``). Each round adds 2 for a win (forfeits included), 1 for a
draw, and for a round without a game the event's value for an absence (the player not
participating) or a bye (a round without a game worth a win or a draw counts 2 or 1 the same
way); those values are rounded down to whole points when the event says so. In the sums a round without a game counts a virtual opponent: the
player's own initial MMS for SOSM, nothing for SOSW; a game's handicap moves the opponent's MMS
(+ for White, - for Black). Values are those after the last round counted.
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from functools import cached_property

from brightwell_plugin.criteria.base import Criterion, Parameter, yes_no
from brightwell_plugin.errors import BrightwellError, SpecError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.fast import (
    ABSENT_KIND, DRAW, FORFEIT_LOSS, FORFEIT_WIN, FULL_BYE, GAME, HALF_BYE, PAB, SECOND, WIN, ZERO_BYE,
)

RANK_KEYS = ("go rank", "opengotha rank", "egd rank")
INITIAL_KEY = "go mms initial"


def rank_value(text: str) -> int:
    """OpenGotha's rank number: 30K = -30, 1K = -1, 1D = 0, 9D = 8 (pros 6-8)."""
    t = text.strip().upper()
    if len(t) < 2 or not (t[:-1].isascii() and t[:-1].isdigit()) or t[-1] not in "KDP":
        raise BrightwellError(f"'{text}' is not a Go rank (like 5K, 1D, 3P)")
    n = int(t[:-1])
    value = -n if t[-1] == "K" else n - 1 if t[-1] == "D" else 6 if n <= 3 else 7 if n <= 6 else 8
    return max(-30, min(8, value))


def _whole(text: str, what: str, p) -> int:
    if not re.fullmatch(r"\s*[+-]?[0-9]{1,6}\s*", text):
        raise BrightwellError(f"#{p.start_no} {p.name}: {what} {text!r} is not a whole number")
    return int(text)


def go_rank(text: str) -> int:
    """A parameter's reader: a Go rank, as :func:`rank_value`."""
    try:
        return rank_value(text)
    except BrightwellError:
        raise SpecError(f"must be a Go rank (like 5K, 1D, 3P), not '{text}'") from None


def half_points(text: str) -> int:
    """A parameter's reader: 0, 1 or 2 half points."""
    if text not in ("0", "1", "2"):
        raise SpecError(f"must be 0, 1 or 2 half points, not '{text}'")
    return int(text)


PARAMETERS = (
    Parameter("bar", "McMahon bar: ranks above it start at the bar (default: the file's, else 9D)", read=go_rank),
    Parameter("floor", "McMahon floor: ranks below it start at the floor (default: the file's, else 30K)",
              read=go_rank),
    Parameter("zero", "the rank whose initial McMahon score is 0 (default: the file's, else 30K)", read=go_rank),
    Parameter("absent", "half points of a round the player did not take part in (default: the file's, "
              "else 1 for MMS, 0 for NBW)", read=half_points),
    Parameter("bye", "half points of a bye (default: the file's, else 2)", read=half_points),
    Parameter("round_down", "round the absences' and byes' half points down to whole points "
              "(default: the file's, else yes)", choices=("yes", "no"), read=yes_no),
)


@dataclass
class _Setting:
    bar: int
    floor: int
    zero: int
    absent_mms: int
    absent_nbw: int
    bye_mms: int
    bye_nbw: int
    round_down: bool


def _setting(ctx, opts) -> _Setting:
    """The parameters given, else the file's (OpenGotha's ``opengotha gen...``, or ``go gen...`` that
    another reader inferred), else OpenGotha's defaults."""
    meta = {k.split(" ", 1)[1]: v for k, v in ctx.t.metadata if k.startswith(("opengotha ", "go "))}
    given = opts.values

    def pick(param, key, default, read):
        if param in given:
            return given[param]
        text = meta.get(key) or default
        try:
            return read(text)
        except SpecError as exc:
            raise BrightwellError(f"the file's {key} {exc.message}", place=opts.item.text) from None

    return _Setting(
        pick("bar", "genMMBar", "9D", go_rank), pick("floor", "genMMFloor", "30K", go_rank),
        pick("zero", "genMMZero", "30K", go_rank),
        pick("absent", "genMMS2ValueAbsent", "1", half_points), pick("absent", "genNBW2ValueAbsent", "0", half_points),
        pick("bye", "genMMS2ValueBye", "2", half_points), pick("bye", "genNBW2ValueBye", "2", half_points),
        pick("round_down", "genRoundDownNBWMMS", "yes", lambda text: text in ("yes", "true")),
    )


class Scores:
    """Every player's OpenGotha scores after the rounds counted, in half points (quarters for SODOS)."""

    def __init__(self, ctx, s: _Setting):
        self.ctx, self.s = ctx, s
        self.initial = [self._initial(p) for p in ctx.t.players]
        self.paired = [[e.kind in (GAME, FORFEIT_WIN, FORFEIT_LOSS) and o >= 0 for e, o in zip(es, opps)]
                       for es, opps in zip(ctx.entries, ctx.opp)]
        self.mms, self.nbw = [], []  # per player, per round
        for i, es in enumerate(ctx.entries):
            taking = dict(ctx.t.players[i].extra).get("opengotha participating", "")
            games = extra_m = extra_w = 0
            mms, nbw = [], []
            for r, e in enumerate(es):
                kind = e.kind
                if kind is GAME:
                    games += 2 if e.result is WIN else 1 if e.result is DRAW else 0
                elif kind is FORFEIT_WIN:
                    games += 2
                elif kind is PAB:
                    extra_m, extra_w = extra_m + s.bye_mms, extra_w + s.bye_nbw
                elif kind is FULL_BYE or kind is HALF_BYE:  # a round without a game worth a win or a draw
                    value = 2 if kind is FULL_BYE else 1
                    extra_m, extra_w = extra_m + value, extra_w + value
                elif (kind is ABSENT_KIND or kind is ZERO_BYE) and r < len(taking) and taking[r] == "0":
                    extra_m, extra_w = extra_m + s.absent_mms, extra_w + s.absent_nbw
                em, ew = (extra_m // 2 * 2, extra_w // 2 * 2) if s.round_down else (extra_m, extra_w)
                mms.append(2 * self.initial[i] + games + em)
                nbw.append(games + ew)
            self.mms.append(mms or [2 * self.initial[i]])
            self.nbw.append(nbw or [0])

    def _initial(self, p) -> int:
        extra = dict(p.extra)
        if INITIAL_KEY in extra:
            return _whole(extra[INITIAL_KEY], "initial McMahon score", p)
        text = next((extra[k] for k in RANK_KEYS if extra.get(k)), None)
        if text is None:
            raise BrightwellError(f"MMS needs each player's rank (or initial McMahon score); #{p.start_no} "
                                  f"{p.name} has none")
        s = self.s
        smms = min(max(rank_value(text) - s.zero, s.floor - s.zero), s.bar - s.zero)
        return smms + _whole(extra.get("opengotha smmsCorrection", "0") or "0", "McMahon correction", p)

    def opponent_terms(self, i: int, mms: bool) -> list[int]:
        """What each round adds to SOS: the opponent's final score, or the virtual opponent's."""
        out = []
        for r, e in enumerate(self.ctx.entries[i]):
            if not self.paired[i][r]:
                out.append(2 * self.initial[i] if mms else 0)
                continue
            o = self.ctx.opp[i][r]
            if mms:
                out.append(self.mms[o][-1] + (2 if e.side is SECOND else -2) * e.handicap)
            else:
                out.append(self.nbw[o][-1])
        return out

    @cached_property
    def sos_m(self) -> list[int]:
        return [sum(self.opponent_terms(i, True)) for i in range(self.ctx.n)]

    @cached_property
    def sos_w(self) -> list[int]:
        return [sum(self.opponent_terms(i, False)) for i in range(self.ctx.n)]

    def result_x2(self, e) -> int:
        if e.kind is FORFEIT_WIN or (e.kind is GAME and e.result is WIN):
            return 2
        return 1 if e.kind is GAME and e.result is DRAW else 0


class _GoCriterion(Criterion):
    """One OpenGotha criterion; ``family`` is M (McMahon score) or W (number of wins)."""

    parameters = PARAMETERS
    family = "M"
    divisor = 2

    def scores(self, ctx, opts) -> Scores:
        return ctx.cached(("go scores", tuple(sorted(opts.params.items()))), lambda: Scores(ctx, _setting(ctx, opts)))

    def compute(self, ctx, opts, groups=()):
        sc = self.scores(ctx, opts)
        return [self.half_points(sc, i, opts) / self.divisor for i in range(ctx.n)]

    def half_points(self, sc: Scores, i: int, opts) -> int:
        raise NotImplementedError


class McMahonScore(_GoCriterion):
    name = "MMS"
    title = "McMahon score"
    source = "OpenGotha (Tournament.fillBaseScoringInfo): initial score from rank, bar and floor, plus wins"

    def half_points(self, sc, i, opts):
        return sc.mms[i][-1]


class NumberOfWins(_GoCriterion):
    name = "NBW"
    title = "Number of wins (OpenGotha)"
    source = "OpenGotha: wins, plus the event's values for absences and byes"
    family = "W"

    def half_points(self, sc, i, opts):
        return sc.nbw[i][-1]


class SumOfOpponentsScores(_GoCriterion):
    title = "Sum of opponents' scores"
    modifiers = ("C1", "C2")

    def half_points(self, sc, i, opts):
        terms = sorted(sc.opponent_terms(i, self.family == "M"))
        cut = 2 if "C2" in opts.modifiers else 1 if "C1" in opts.modifiers else 0
        return sum(terms[cut:]) if len(terms) > cut else 0


class SOSM(SumOfOpponentsScores):
    name = "SOSM"
    source = "OpenGotha SOSM (SOS of an MMS event): opponents' MMS, own initial MMS for a round without a game"


class SOSW(SumOfOpponentsScores):
    name = "SOSW"
    source = "OpenGotha SOSW: opponents' NBW, 0 for a round without a game"
    family = "W"


class SOSOSM(_GoCriterion):
    name = "SOSOSM"
    title = "Sum of opponents' SOS (MMS)"
    source = "OpenGotha SOSOSM: opponents' SOSM; a round without a game: own initial MMS x rounds"

    def half_points(self, sc, i, opts):
        k = len(sc.ctx.entries[i])
        return sum(sc.sos_m[sc.ctx.opp[i][r]] if sc.paired[i][r] else 2 * sc.initial[i] * k for r in range(k))


class SOSOSW(_GoCriterion):
    name = "SOSOSW"
    title = "Sum of opponents' SOS (NBW)"
    source = "OpenGotha SOSOSW: opponents' SOSW; 0 for a round without a game"
    family = "W"

    def half_points(self, sc, i, opts):
        return sum(sc.sos_w[sc.ctx.opp[i][r]] for r in range(len(sc.ctx.entries[i])) if sc.paired[i][r])


class SODOS(_GoCriterion):
    title = "Sum of defeated opponents' scores"
    divisor = 4

    def half_points(self, sc, i, opts):
        terms = sc.opponent_terms(i, self.family == "M")
        return sum(t * sc.result_x2(e) for t, e, paired in zip(terms, sc.ctx.entries[i], sc.paired[i]) if paired)


class SODOSM(SODOS):
    name = "SODOSM"
    source = "OpenGotha SODOSM: beaten opponents' MMS (half for a draw)"


class SODOSW(SODOS):
    name = "SODOSW"
    source = "OpenGotha SODOSW: beaten opponents' NBW (half for a draw)"
    family = "W"


class CUSSM(_GoCriterion):
    name = "CUSSM"
    title = "Cumulative sum of McMahon scores"
    source = "OpenGotha CUSSM: the MMS after each round, summed"

    def half_points(self, sc, i, opts):
        return sum(sc.mms[i][:len(sc.ctx.entries[i])])


class CUSSW(_GoCriterion):
    name = "CUSSW"
    title = "Cumulative sum of wins"
    source = "OpenGotha CUSSW: the NBW after each round, summed"
    family = "W"

    def half_points(self, sc, i, opts):
        return sum(sc.nbw[i][:len(sc.ctx.entries[i])])


class McMahonPlugin:
    """Built-in plugin: OpenGotha's Go criteria."""

    @hookimpl
    def brightwell_register_criteria(self, register):
        for c in (McMahonScore, NumberOfWins, SOSM, SOSW, SOSOSM, SOSOSW, SODOSM, SODOSW, CUSSM, CUSSW):
            register(c())


plugin = McMahonPlugin()
