"""Board criteria of a team event over the whole tournament (FIDE C.07 art. 12, the knock-out
codes used as tie-breaks): each team's points summed board by board over its matches, then
compared as the board count (BC: Σ board number × points, lower first), the top board results
(TBR: board 1, then board 2 …) or board elimination (BBE: the bottom board left out, then the next
…). As art. 12 counts them, a board won or lost by forfeit is a win or a loss, and a round without
boards gives each board a standard result: a pairing-allocated bye or a full bye a win, a match
won by forfeit a win, a half bye a draw, the rest nothing. Over the team view of
teams/view.py."""

from __future__ import annotations

from itertools import groupby

from brightwell_plugin.criteria.base import Checked, Criterion, Part, explanation, fmt
from brightwell_plugin.criteria.team import teams_only, tier_places
from brightwell_plugin.plugin import board_points, hookimpl, Kind

_STANDARD = {Kind.PAB: "win", Kind.FULL_BYE: "win", Kind.FORFEIT_WIN: "win", Kind.HALF_BYE: "draw"}


def board_totals(ctx) -> list[list[float]]:
    """Each team's points on each board (board 1 first), summed over its rounds."""
    size = ctx.t.teams.board_count
    per_board = ctx.t.board_scoring
    standard = {kind: float(getattr(per_board, result)) / size if size else 0.0 for kind, result in _STANDARD.items()}
    boards = {}  # (team, round): the points of each board of its match
    for m in ctx.t.teams.matches:
        if m.second is not None and m.round <= ctx.k:
            boards[m.first, m.round], boards[m.second, m.round] = board_points(m, size)
    totals = []
    for player, entries in zip(ctx.t.players, ctx.entries):
        row = [0.0] * size
        for r, e in enumerate(entries[:ctx.k], 1):
            if e.kind is Kind.GAME:
                points = boards.get((player.start_no, r), ())
            else:
                points = (standard.get(e.kind, 0.0),) * size
            for j, p in enumerate(points):
                row[j] += float(p)
        totals.append(row)
    return totals


class _BoardCriterion(Criterion):
    whole = False
    higher_first = False
    ranks = "teams"

    def _totals(self, ctx):
        teams_only(ctx, self.name)
        return ctx.cached(("board totals",), lambda: board_totals(ctx))


class BoardCount(_BoardCriterion):
    name = "BC"
    title = "Board count"
    source = "FIDE C.07 art. 12: Σ over the boards of the board number × the team's points on it (lower first)"
    checker = Checked(written="board count", terms="boards", score="own")

    def compute(self, ctx, opts, groups=()):
        return [float(sum((b + 1) * v for b, v in enumerate(row))) for row in self._totals(ctx)]

    def explain(self, ctx, opts, i, groups=()):
        parts = [Part(f"board {b + 1}", (b + 1) * v, f"{b + 1} × {fmt(v)} points") for b, v in enumerate(self._totals(ctx)[i])]
        return explanation(ctx, opts, i, self.compute(ctx, opts)[i], parts, ["lower is better"])


class _Lexicographic(_BoardCriterion):
    """Compared on a sequence of board sums in turn; the value is the place within the tied group
    it parts (1 first; 0 for a group it does not part), as the direct encounter's."""

    group_based = True

    def sequence(self, row: list[float]) -> tuple[float, ...]:
        raise NotImplementedError

    def compute(self, ctx, opts, groups=()):
        totals = self._totals(ctx)
        values = [0.0] * ctx.n
        for g in groups:
            key = {i: self.sequence(totals[i]) for i in g}.__getitem__
            tier_places(values, [list(tier) for _, tier in groupby(sorted(g, key=key, reverse=True), key)])
        return values

    def explain(self, ctx, opts, i, groups=()):
        seq = self.sequence(self._totals(ctx)[i])
        parts = [Part(f"step {n + 1}", v, self.step(n)) for n, v in enumerate(seq)]
        return explanation(ctx, opts, i, self.compute(ctx, opts, groups)[i], parts,
                           ["compared step by step within the group still tied; the value is the place in it"])


class TopBoardResult(_Lexicographic):
    name = "TBR"
    title = "Top board result"
    checker = Checked(written="place", terms="top boards", score="own")
    source = "FIDE C.07 art. 12: the points on board 1, then on board 2 … (higher first)"

    def sequence(self, row):
        return tuple(row)

    def step(self, n):
        return f"points on board {n + 1}"


class BoardElimination(_Lexicographic):
    name = "BBE"
    title = "Board elimination"
    checker = Checked(written="place", terms="bottom boards", score="own")
    source = "FIDE C.07 art. 12: the points without the bottom board, then without the two bottom boards … (higher first)"

    def sequence(self, row):
        return tuple(sum(row[:len(row) - k]) for k in range(1, len(row)))

    def step(self, n):
        return f"points on the boards above the bottom {n + 1}"


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (BoardCount(), TopBoardResult(), BoardElimination()):
        register(criterion)
