"""TurCAS, the Czech Scrabble successor of BQ: a weighted sum of four components."""

from __future__ import annotations

from brightwell_plugin.criteria.base import (
    Criterion,
    Parameter,
    Part,
    explanation,
    fmt,
    number,
)
from brightwell_plugin.plugin import hookimpl, Kind, Side

_WEIGHTS = ("w_bh", "w_pts", "w_spread", "w_first")


class TurCAS(Criterion):
    name = "TURCAS"
    title = "TurCAS"
    source = ("CAS (scrabble.hrejsi.cz, kriteria/turcas): w_bh x BH/R + w_pts x PTS + w_spread x SPREAD "
              "+ w_first x first-move balance; official weights unknown, so all four are required")
    parameters = (
        Parameter("w_bh", "weight of Buchholz / planned rounds", required=True, read=number),
        Parameter("w_pts", "weight of the total score", required=True, read=number),
        Parameter("w_spread", "weight of the spread", required=True, read=number),
        Parameter("w_first", "weight of the first-move balance (games moving second - moving first)",
                  required=True, read=number),
    )
    needs_game_scores = True

    def _components(self, ctx, i):
        bh = spread = 0.0
        balance = 0
        for e, o in zip(ctx.entries[i], ctx.opp[i]):
            if o >= 0 and e.kind is not Kind.FORFEIT_LOSS:
                bh += ctx.points[o]
            if e.score is not None and e.opp_score is not None:
                spread += e.score - e.opp_score
            if e.kind is Kind.GAME and e.side is not None:
                balance += 1 if e.side is Side.SECOND else -1
        return bh / ctx.R if ctx.R else 0.0, ctx.points[i], spread, float(balance)

    def settle(self, values, modifiers, item):
        return tuple(values[w] for w in _WEIGHTS)

    def compute(self, ctx, opts, groups=()):
        ctx.require_game_scores(self.name)
        weights = opts.settings
        return [sum(w * c for w, c in zip(weights, self._components(ctx, i))) for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        ctx.require_game_scores(self.name)
        weights = opts.settings
        comps = self._components(ctx, i)
        labels = ("Buchholz / R", "points", "spread", "first-move balance")
        parts = [Part(label, w * c, f"{fmt(w)} x {fmt(c)}") for label, w, c in zip(labels, weights, comps)]
        return explanation(ctx, opts, i, sum(p.value for p in parts), parts)


@hookimpl
def brightwell_register_criteria(register):
    register(TurCAS())
