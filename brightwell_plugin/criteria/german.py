"""Tie-breaks of German practice, as Swiss-Chess offers them (docs/criteria.md, where each
definition's source is cited): the Buchholz sum (``BHSUM``, *Buchholzsumme*: the opponents'
Buchholz summed), three-point scoring (``PTS3``, *Drei-Punkte-Wertung*: the results counted 3-1-0)
and a team's Berliner Wertung (``BERLIN``: its boards' points weighted, the top board most)."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, Parameter, Part, explanation, fmt, number
from brightwell_plugin.criteria.buchholz import Buchholz
from brightwell_plugin.criteria.team import teams_only
from brightwell_plugin.criteria.unplayed import (
    EDITION,
    EDITION_MODIFIERS,
    cut_counts,
    edition_read,
    opponent_view,
    round_robin,
)
from brightwell_plugin.plugin import board_points, hookimpl, Kind, Result, Side


class BuchholzSum(Criterion):
    name = "BHSUM"
    title = "Buchholz sum"
    source = ("Buchholzsumme: Σ over the opponents of their Buchholz (BH with the item's modifiers); /C1, /C2 "
              "(/M1, /M2) cut each Buchholz so and then drop as many of the lowest (and highest) sums, as "
              "Swiss-Chess cuts it")
    modifiers = ("C1", "C2", "M1", "M2", "P") + EDITION_MODIFIERS
    parameters = (EDITION,)

    def settings_read(self, opts):
        return edition_read(opts)

    def _terms(self, ctx, opts, i) -> list[tuple[float, int, int]]:
        """(opponent's Buchholz, round, opponent) of each round against an opponent that counts:
        a game, or with /P (and in a round robin) a forfeit too."""
        bh = ctx.cached(("BHSUM buchholz", opts.item), lambda: Buchholz().values_with_cuts(ctx, opts))
        rr = round_robin(ctx, opts)
        real = opponent_view(ctx, False, rr, rr or "P" in opts.modifiers).real[i]
        return [(bh[o], r, o) for r, o in enumerate(ctx.opp[i]) if o >= 0 and real[r]]

    @staticmethod
    def _kept(terms, low: int, high: int) -> list[int]:
        """The terms left once the ``low`` lowest and ``high`` highest are dropped (indexes)."""
        order = sorted(range(len(terms)), key=lambda j: terms[j][0])
        return order[low:len(order) - high] if low + high < len(order) else []

    def compute(self, ctx, opts, groups=()):
        low, high = cut_counts(opts.modifiers)
        out = []
        for i in range(ctx.n):
            terms = self._terms(ctx, opts, i)
            out.append(float(sum(terms[j][0] for j in self._kept(terms, low, high))))
        return out

    def explain(self, ctx, opts, i, groups=()):
        low, high = cut_counts(opts.modifiers)
        terms = self._terms(ctx, opts, i)
        kept = set(self._kept(terms, low, high))
        parts = [Part(f"round {r + 1}", value if j in kept else None,
                      f"{ctx.label(o)}'s Buchholz {fmt(value)}" + ("" if j in kept else " - cut"), r + 1)
                 for j, (value, r, o) in enumerate(terms)]
        return explanation(ctx, opts, i, float(sum(terms[j][0] for j in kept)), parts)


class ThreePoints(Criterion):
    name = "PTS3"
    title = "Three-point scoring"
    source = ("Drei-Punkte-Wertung: the rounds counted again, 3 a win, 1 a draw, 0 a loss; a round not played "
              "over the board by the points it gave (a win's, a draw's, else a loss's); black_draw= a draw "
              "with Black (Swiss-Chess's Drei-Punkte-Farbwertung)")
    parameters = (Parameter("win", "a win's points", "3", read=number),
                  Parameter("draw", "a draw's points", "1", read=number),
                  Parameter("loss", "a loss's points", "0", read=number),
                  Parameter("black_draw", "a draw with Black (the second side; default: a draw's)", read=number))

    def _round(self, ctx, opts, e, points) -> float:
        v = opts.values
        if e.kind is Kind.GAME:
            if e.result is Result.DRAW:
                return v.get("black_draw", v["draw"]) if e.side is Side.SECOND else v["draw"]
            return v["win"] if e.result is Result.WIN else v["loss"]
        if e.kind is Kind.PAIRED:
            return 0.0
        s = ctx.t.scoring
        return v["win"] if points == s.win else v["draw"] if points == s.draw else v["loss"]

    def _rounds(self, ctx, opts, i) -> list[float]:
        return [self._round(ctx, opts, e, p) for e, p in zip(ctx.entries[i], ctx.round_points[i])]

    def compute(self, ctx, opts, groups=()):
        out = [float(sum(self._rounds(ctx, opts, i))) for i in range(ctx.n)]
        for i, _, e in ctx.more_games:
            out[i] += self._round(ctx, opts, e, ctx.t.scoring.points(e))
        return out

    def explain(self, ctx, opts, i, groups=()):
        parts = [Part(f"round {r + 1}", value, ctx.entries[i][r].kind.value, r + 1)
                 for r, value in enumerate(self._rounds(ctx, opts, i))]
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts)


class Berlin(Criterion):
    name = "BERLIN"
    ranks = "teams"
    title = "Berliner Wertung"
    source = ("Berliner Wertung: Σ over a team's matches of its points on each board × the board's weight, "
              "the boards' count on board 1, one less each board down, 1 on the last")

    def _rounds(self, ctx, i) -> list[tuple[int, float, list]]:
        """(round, value, points board by board) of each match of team ``i`` up to round k."""
        teams_only(ctx, self.name)
        section, team = ctx.t.teams, ctx.t.players[i].start_no
        size = section.board_count
        out = []
        for m in section.matches:
            if m.second is None or m.round > ctx.k or team not in (m.first, m.second):
                continue
            first, second = board_points(m, size)
            own = first if team == m.first else second
            out.append((m.round, float(sum((size - b) * p for b, p in enumerate(own))), own))
        return out

    def compute(self, ctx, opts, groups=()):
        return [sum(v for _, v, _ in self._rounds(ctx, i)) for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        rounds = self._rounds(ctx, i)
        size = ctx.t.teams.board_count
        parts = [Part(f"round {r}", value, " + ".join(f"{size - b}×{fmt(p)}" for b, p in enumerate(own)), r)
                 for r, value, own in rounds]
        return explanation(ctx, opts, i, sum(v for _, v, _ in rounds), parts,
                           [f"board 1 weighs {size}, the last board 1"])


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (BuchholzSum(), ThreePoints(), Berlin()):
        register(criterion)
