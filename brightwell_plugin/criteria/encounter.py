"""Direct encounter (FIDE C.07 art. 6): separates only players tied on all earlier criteria."""

from __future__ import annotations

from collections.abc import Sequence

from brightwell_plugin.criteria.base import Criterion, Part, explanation, fmt
from brightwell_plugin.criteria.unplayed import round_robin
from brightwell_plugin.model import Kind
from brightwell_plugin.plugins.hookspecs import hookimpl


class DirectEncounter(Criterion):
    name = "DE"
    title = "Direct encounter"
    source = "FIDE C.07 art. 6 (6.1.2 averages repeated games; 6.3 for incomplete meetings)"
    modifiers = ("P", "S")
    group_based = True

    @staticmethod
    def as_played(ctx, opts) -> bool:
        """Forfeits count with /P, and always in a round robin (15.2) unless /S."""
        return "P" in opts.modifiers or round_robin(ctx, opts)

    def _mini(self, ctx, group: Sequence[int], as_played: bool):
        """Mini-table among ``group``: scores (averaged per pair) and the pairs that never met."""
        members = set(group)
        per_pair: dict[tuple[int, int], list[float]] = {}
        for i in group:
            for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
                if o in members and (e.kind is Kind.GAME or (as_played and e.kind.is_forfeit)):
                    per_pair.setdefault((i, o), []).append(ctx.round_points[i][r])
        score = {i: 0.0 for i in group}
        for (i, _), pts in per_pair.items():
            score[i] += sum(pts) / len(pts)
        missing = {i: sum(1 for o in group if o != i and (i, o) not in per_pair) for i in group}
        return score, missing

    def tiers(self, ctx, group: Sequence[int], as_played: bool, swiss: bool = False) -> list[list[int]]:
        """The group split into ordered tiers; players in one tier stay tied. ``swiss`` (``/S``,
        as FIDE's checker reads it): 6.3 even when everyone met everyone."""
        if len(group) <= 1:
            return [list(group)]
        score, missing = self._mini(ctx, group, as_played)
        if not swiss and not any(missing.values()):  # 6.2: everyone met everyone
            levels = sorted({score[i] for i in group}, reverse=True)
            if len(levels) == 1:
                return [list(group)]
            out = []
            for level in levels:
                sub = [i for i in group if score[i] == level]
                out.extend(self.tiers(ctx, sub, as_played, swiss) if len(sub) > 1 else [sub])
            return out
        win = ctx.t.scoring.win  # 6.3: alone on top however the missing games end, place by place
        best = {i: score[i] + win * missing[i] for i in group}
        placed, rest = [], list(group)
        while len(rest) > 1:
            top = next((i for i in rest if all(score[i] > best[j] for j in rest if j != i)), None)
            if top is None:
                break
            placed.append([top])
            rest.remove(top)
        if not placed:
            return [list(group)]
        return placed + self.tiers(ctx, rest, as_played, swiss)  # art. 6 afresh to whoever remains

    def compute(self, ctx, opts, groups=()):
        values = [0.0] * ctx.n
        as_played = self.as_played(ctx, opts)
        for group in groups:
            if len(group) > 1:
                score, _ = self._mini(ctx, group, as_played)
                for i in group:
                    values[i] = score[i]
        return values

    def order_keys(self, ctx, opts, values, groups=()):
        keys = [0] * ctx.n
        as_played, swiss = self.as_played(ctx, opts), "S" in opts.modifiers
        for group in groups:
            if len(group) > 1:
                tiers = self.tiers(ctx, list(group), as_played, swiss)
                for t, tier in enumerate(tiers):
                    for i in tier:
                        keys[i] = -t
        return keys

    def explain(self, ctx, opts, i, groups=()):
        group = next((g for g in groups if i in g), [i])
        if len(group) <= 1:
            return explanation(ctx, opts, i, 0.0, [], ["not tied on the earlier criteria: DE not needed"])
        score, missing = self._mini(ctx, group, self.as_played(ctx, opts))
        parts = [Part(f"round {r + 1}", ctx.round_points[i][r], f"vs {ctx.label(o)}", r + 1)
                 for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])) if o in group and e.kind is Kind.GAME]
        notes = [f"tied group: {', '.join(ctx.label(j) for j in group)}",
                 f"{missing[i]} tied opponent(s) not met" if missing[i] else "met every tied player"]
        return explanation(ctx, opts, i, score[i], parts, notes + [f"mini-table score {fmt(score[i])}"])


@hookimpl
def brightwell_register_criteria(register):
    register(DirectEncounter())
