"""Extended direct encounter for teams (FIDE C.07 art. 13.3): the direct encounter over match
points, then over game points, again and again while either parts the tied teams; with the 2026
chains, when exactly two teams stay tied (13.3.2), their direct match compared board by board —
the top board first (EDET, TBR), the bottom boards left out one by one (EDEB, BBE), the board
count (EDEC, BC: the points scored times the board number, lower first). Over the team view of
teams/view.py."""

from __future__ import annotations

from collections.abc import Sequence

from brightwell_plugin.criteria.base import Checked, Criterion, Part, explanation
from brightwell_plugin.criteria.encounter import DirectEncounter
from brightwell_plugin.criteria.team import (
    primary_and_secondary,
    teams_only,
    tier_places,
)
from brightwell_plugin.plugin import board_points, hookimpl


class _BoardPoints:
    """A context whose round points are the points of some boards of each match (weighted), for
    the direct encounter between two teams."""

    def __init__(self, base, weights: Sequence[float]):
        self.base = base
        matches = {}
        for m in base.t.teams.matches:
            if m.second is not None:
                matches[m.first, m.round], matches[m.second, m.round] = board_points(m, len(weights))
        self.round_points = [[sum(w * p for w, p in zip(weights, matches.get((base.t.players[i].start_no, r + 1), ())))
                              for r in range(base.k)] for i in range(base.n)]
        self.t = base.t

    def __getattr__(self, name):
        return getattr(self.base, name)


class ExtendedDirectEncounter(Criterion):
    """EDE and its chains: ``steps`` is the cycle of comparisons (P match points, S game points,
    C board count, T a top board, B the boards but the bottom ones)."""

    modifiers = ("P", "S")
    group_based = True
    higher_first = False  # the place within the tied group
    ranks = "teams"
    checker = Checked(written="place", terms="chain")
    chain = "PS"

    def _steps(self, ctx) -> str:
        """The chain with a top-board comparison for each board (T), or one elimination for each
        board but the last (B)."""
        size = ctx.t.teams.board_count
        head = self.chain.rstrip("TB")
        return head + {"T": "T" * size, "B": "B" * max(size - 1, 0), "": ""}[self.chain[len(head):]]

    def _split(self, ctx, gp, group: list[int], steps: str, start: int, as_played: bool) -> list[list[int]]:
        """``group`` in ordered tiers: each comparison of the cycle in turn, from ``start``, until a
        whole cycle parts nothing; a tier parted goes on from the comparison that parted it."""
        de = DirectEncounter()
        for offset in range(len(steps)):
            j = (start + offset) % len(steps)
            view = self._view(ctx, gp, steps, j, len(group))
            if view is None:
                continue
            tiers = de.tiers(view, group, as_played)
            if len(tiers) > 1:
                return [sub for tier in tiers for sub in
                        (self._split(ctx, gp, tier, steps, j, as_played) if len(tier) > 1 else [tier])]
        return [group]

    @staticmethod
    def _view(ctx, gp, steps: str, j: int, tied: int):
        kind = steps[j]
        if kind == "P":
            return ctx
        if kind == "S":
            return gp
        if tied != 2:  # 13.3.2: the board comparisons part exactly two teams
            return None
        size = ctx.t.teams.board_count
        k = steps[:j].count(kind)  # the k-th comparison of its kind
        if kind == "T":
            weights = [1 if b == k else 0 for b in range(size)]
        elif kind == "B":
            weights = [1 if b < size - 1 - k else 0 for b in range(size)]
        else:  # C: lower is better, so the negated sum of board number x points
            weights = [-(b + 1) for b in range(size)]
        return _BoardPoints(gp, weights)

    @staticmethod
    def scores(ctx):
        """(primary, secondary): the contexts of P and S, match points then game points, or game
        points first over game points (``EDE:GP``, where game points are the primary score)."""
        return primary_and_secondary(ctx)

    def _tiers(self, ctx, opts, groups):
        teams_only(ctx, self.name)
        primary, secondary = self.scores(ctx)
        steps, as_played = self._steps(ctx), DirectEncounter.as_played(ctx, opts)
        return {tuple(g): self._split(primary, secondary, list(g), steps, 0, as_played) for g in groups if len(g) > 1}

    def compute(self, ctx, opts, groups=()):
        """The place within the tied group it parts (1 first; 0 for a group it does not part)."""
        values = [0.0] * ctx.n
        for tiers in self._tiers(ctx, opts, groups).values():
            tier_places(values, tiers)
        return values

    def explain(self, ctx, opts, i, groups=()):
        tiers = next((t for g, t in self._tiers(ctx, opts, groups).items() if i in g), [[i]])
        value = self.compute(ctx, opts, groups)[i]
        parts = [Part(f"tier {n + 1}", None, ", ".join(ctx.label(j) for j in tier)) for n, tier in enumerate(tiers)]
        return explanation(ctx, opts, i, value, parts, [f"comparisons in turn: {self._steps(ctx)}"])


def _ede(code: str, chain: str, title: str) -> type:
    return type(code, (ExtendedDirectEncounter,), {
        "name": code, "chain": chain, "title": title,
        "source": f"FIDE C.07 art. 13.3 (2026 for the board chains): direct encounter over match points and game "
                  f"points in turn{'' if chain == 'PS' else ', then for two teams still tied their match board by board'}"})


CHAINS = tuple(_ede(*c) for c in (
    ("EDE", "PS", "Extended direct encounter"), ("EDEC", "PSC", "EDE, then the board count"),
    ("EDET", "PST", "EDE, then the top board results"), ("EDEB", "PSB", "EDE, then board elimination"),
    ("EDEBT", "PSCT", "EDE, the board count, then the top board results"),
    ("EDEBB", "PSCB", "EDE, the board count, then board elimination")))


@hookimpl
def brightwell_register_criteria(register):
    for cls in CHAINS:
        register(cls())
