"""Criteria from a player's own record: points, game-score sums, spread, wins, progressive score."""

from __future__ import annotations

from operator import attrgetter

from brightwell_plugin.criteria.base import (
    Checked,
    Criterion,
    Parameter,
    Part,
    explanation,
    fmt,
    numbers,
)
from brightwell_plugin.plugin import hookimpl


class Points(Criterion):
    name = "PTS"
    checker = Checked(terms="points", score="primary", over=("MPTS", "GPTS"))
    title = "Points"
    source = "the tournament's scoring system (FIDE C.07 primary score)"

    def compute(self, ctx, opts, groups=()):
        return list(ctx.points)

    def explain(self, ctx, opts, i, groups=()):
        parts = [Part(f"round {r + 1}", pts, ctx.entries[i][r].kind.value, r + 1)
                 for r, pts in enumerate(ctx.round_points[i])]
        return explanation(ctx, opts, i, ctx.points[i], parts)


_SCORE = attrgetter("score")


class Discs(Criterion):
    name = "DISCS"
    title = "Disc count / minor score"
    source = "sum of own game scores incl. bye credits (Swiss Perfect tie-break 1223)"
    needs_game_scores = True

    def compute(self, ctx, opts, groups=()):
        ctx.require_game_scores(self.name)
        return [float(sum(filter(None, map(_SCORE, es)))) for es in ctx.entries]  # None (and 0) left out

    def explain(self, ctx, opts, i, groups=()):
        ctx.require_game_scores(self.name)
        parts = [Part(f"round {r + 1}", e.score, e.kind.value, r + 1)
                 for r, e in enumerate(ctx.entries[i]) if e.score is not None]
        return explanation(ctx, opts, i, float(sum(p.value for p in parts)), parts)


class Spread(Criterion):
    name = "SPREAD"
    title = "Spread (skore)"
    source = ("own minus opponents' game scores; equal spreads go to the larger own sum (CAS); "
              "cap= limits each round's spread (tsh spread_cap)")
    parameters = (Parameter("cap", "largest spread a round counts with, or one per round joined by +", read=numbers),)
    needs_game_scores = True

    @staticmethod
    def _caps(opts, rounds: int) -> list[float | None]:
        caps = opts.values.get("cap")
        if not caps:
            return [None] * rounds
        return [caps[r] if r < len(caps) else caps[-1] for r in range(rounds)]

    def _round_spreads(self, ctx, opts, i):
        caps = self._caps(opts, ctx.k)
        for r, e in enumerate(ctx.entries[i]):
            if e.score is not None and e.opp_score is not None:
                sp = e.score - e.opp_score
                if caps[r] is not None:
                    sp = max(-caps[r], min(caps[r], sp))
                yield r, e, sp

    def _sums(self, ctx, opts):
        ctx.require_game_scores(self.name)
        spreads, owns = [], []
        for i in range(ctx.n):
            sp = own = 0.0
            for _, e, s in self._round_spreads(ctx, opts, i):
                sp += s
                own += e.score
            spreads.append(sp)
            owns.append(own)
        return spreads, owns

    def compute(self, ctx, opts, groups=()):
        return self._sums(ctx, opts)[0]

    def order_keys(self, ctx, opts, values, groups=()):
        return list(zip(values, self._sums(ctx, opts)[1]))

    def explain(self, ctx, opts, i, groups=()):
        spreads, owns = self._sums(ctx, opts)
        parts = [Part(f"round {r + 1}", sp, f"{fmt(e.score)}:{fmt(e.opp_score)}", r + 1)
                 for r, e, sp in self._round_spreads(ctx, opts, i)]
        return explanation(ctx, opts, i, spreads[i], parts, [f"equal spreads are separated by the own sum "
                                                             f"{fmt(owns[i])}"])


class Wins(Criterion):
    whole = True
    name = "WIN"
    checker = Checked(terms="wins")
    title = "Wins"
    source = "FIDE C.07 art. 7.1: rounds where a win's points were obtained, played or not"

    def compute(self, ctx, opts, groups=()):
        return [float(w) for w in ctx.wins]


class Progressive(Criterion):
    name = "PS"
    checker = Checked(written="sum", modifiers=(("cutlow", 0),), terms="progressive")
    title = "Progressive (cumulative) score"
    source = "FIDE C.07 art. 7.5; /C1 drops the round-1 running score (art. 14.1)"
    modifiers = ("C1", "C2")

    def _running(self, ctx, i):
        total, out = 0.0, []
        for pts in ctx.round_points[i]:
            total += pts
            out.append(total)
        return out

    def compute(self, ctx, opts, groups=()):
        cut = 2 if "C2" in opts.modifiers else 1 if "C1" in opts.modifiers else 0
        return [sum(self._running(ctx, i)[cut:]) for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        cut = 2 if "C2" in opts.modifiers else 1 if "C1" in opts.modifiers else 0
        running = self._running(ctx, i)
        parts = [Part(f"after round {r + 1}", v if r >= cut else None, "cut" if r < cut else "", r + 1)
                 for r, v in enumerate(running)]
        return explanation(ctx, opts, i, sum(running[cut:]), parts)


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (Points(), Discs(), Spread(), Wins(), Progressive()):
        register(criterion)
