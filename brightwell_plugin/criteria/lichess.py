"""lichess's Swiss order after the points (lila, modules/swiss SwissScoring.computePlayers): its
tie-break LSB, then its performance LPERF, then the rating. The list ``PTS,LSB,LPERF,RTNG``
(docs/criteria.md) is what lichess ranks by; a lichess TRF is ranked by it unless told otherwise."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, Part, explanation, fmt
from brightwell_plugin.plugin import hookimpl, Kind, Result

_PAIRED = (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)


def _won(e) -> bool | None:
    """True, False, or None for a draw: the result a pairing gives (a forfeit by its winner)."""
    if e.kind is Kind.FORFEIT_WIN:
        return True
    if e.kind is Kind.FORFEIT_LOSS:
        return False
    return None if e.result is Result.DRAW else e.result is Result.WIN


class LichessTieBreak(Criterion):
    name = "LSB"
    title = "lichess's Swiss tie-break"
    source = ("lila SwissScoring: Σ over the pairings of the opponent's points (a win), half of them (a "
              "draw), nothing (a loss), forfeits by their result; a pairing-allocated bye a virtual "
              "opponent of the player's points before the round, who loses it and draws every later "
              "round (FIDE C.02's old rule); other rounds nothing")

    def _parts(self, ctx, i):
        points, out = ctx.points, []
        for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
            if e.kind in _PAIRED and o >= 0:
                won = _won(e)
                value = points[o] if won else points[o] / 2 if won is None else 0.0
                out.append((r, value, f"{ctx.label(o)}, {fmt(points[o])} points, "
                                      f"{'won' if won else 'drawn' if won is None else 'lost'}"))
            elif e.kind is Kind.PAB:
                value = ctx.points_after(r)[i] + ctx.t.scoring.draw * (ctx.k - r - 1)
                out.append((r, value, f"virtual opponent: {fmt(ctx.points_after(r)[i])} before the round, "
                                      f"then {ctx.k - r - 1} draw(s)"))
        return out

    def compute(self, ctx, opts, groups=()):
        return [sum(v for _, v, _ in self._parts(ctx, i)) for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        parts = [Part(f"round {r + 1}", v, detail, r + 1) for r, v, detail in self._parts(ctx, i)]
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts)


class LichessPerformance(Criterion):
    name = "LPERF"
    title = "lichess's Swiss performance"
    source = ("lila SwissScoring: the mean over the pairings (forfeits included) of the opponent's rating "
              "+500 for a win, -500 for a loss, truncated as lichess's score keeps it; with no pairing, "
              "the player's own rating")
    whole = True

    def _games(self, ctx, i):
        players = ctx.t.players
        out = []
        for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
            if e.kind in _PAIRED and o >= 0:
                won = _won(e)
                out.append((r, (players[o].rating or 0) + (500 if won else 0 if won is None else -500)))
        return out

    def compute(self, ctx, opts, groups=()):
        out = []
        for i, p in enumerate(ctx.t.players):
            games = self._games(ctx, i)
            out.append(float(int(sum(v for _, v in games) / len(games))) if games else float(p.rating or 0))
        return out

    def explain(self, ctx, opts, i, groups=()):
        parts = [Part(f"round {r + 1}", v, "opponent's rating ± 500", r + 1) for r, v in self._games(ctx, i)]
        notes = [] if parts else ["no pairing: the player's own rating"]
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts, notes)


@hookimpl
def brightwell_register_criteria(register):
    register(LichessTieBreak())
    register(LichessPerformance())
