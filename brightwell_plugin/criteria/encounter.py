"""Direct encounter (FIDE C.07 art. 6): separates only players tied on all earlier criteria; with
``rules=sharly`` as Sharly-Chess computes it (``sharly_encounter``)."""

from __future__ import annotations

from collections.abc import Sequence

from brightwell_plugin.criteria.base import Checked, Criterion, Parameter, Part, Preset, explanation, fmt
from brightwell_plugin.criteria.sharly_encounter import SOURCE as SHARLY, explain_sharly, sharly_values
from brightwell_plugin.criteria.unplayed import round_robin
from brightwell_plugin.plugin import hookimpl, Kind

RULES = Parameter("rules", "whose direct encounter: fide (C.07 art. 6: the mini-table's points), or sharly "
                  "(Sharly-Chess's: places within the tied group as values, a forfeit a meeting of no points)",
                  "fide", ("fide", "sharly"))


class DirectEncounter(Criterion):
    name = "DE"
    title = "Direct encounter"
    checker = Checked(written="place", modifiers=(("predetermined", False),), terms="encounter")
    source = "FIDE C.07 art. 6 (6.1.2 averages repeated games; 6.3 for incomplete meetings)"
    modifiers = ("P", "S")
    parameters = (RULES,)
    group_based = True

    @staticmethod
    def as_played(ctx, opts) -> bool:
        """Forfeits count with /P, and always in a round robin (15.2) unless /S."""
        return "P" in opts.modifiers or round_robin(ctx, opts)

    def _mini(self, ctx, group: Sequence[int], as_played: bool):
        """Mini-table among ``group``: scores (averaged per pair) and how many tied players each never met."""
        members = set(group)
        per_pair: dict[tuple[int, int], list[float]] = {}
        for i in group:
            for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
                if o in members and (e.kind is Kind.GAME or (as_played and e.kind.is_forfeit)):
                    per_pair.setdefault((i, o), []).append(ctx.round_points[i][r])
        score = {i: 0.0 for i in group}
        met = {i: 0 for i in group}
        for (i, o), pts in per_pair.items():
            score[i] += sum(pts) / len(pts)
            met[i] += o != i
        missing = {i: len(group) - 1 - met[i] for i in group}
        return score, missing

    def tiers(self, ctx, group: Sequence[int], as_played: bool, swiss: bool = False) -> list[list[int]]:
        """The group split into ordered tiers; players in one tier stay tied. ``swiss`` (``/S``,
        as FIDE's checker reads it): 6.3 even when everyone met everyone. Each part still tied is
        taken afresh, first to last (a list of parts to do, not recursion: a tie may be thousands)."""
        out: list[list[int]] = []
        todo = [list(group)]
        while todo:
            part = todo.pop()
            if len(part) <= 1:
                out.append(part)
                continue
            score, missing = self._mini(ctx, part, as_played)
            if not swiss and not any(missing.values()):  # 6.2: everyone met everyone
                levels: dict[float, list[int]] = {}
                for i in part:
                    levels.setdefault(score[i], []).append(i)
                if len(levels) == 1:
                    out.append(part)
                else:
                    todo.extend(levels[level] for level in sorted(levels))  # the highest is done first
                continue
            placed, rest = self._alone_on_top(ctx, part, score, missing)
            out.extend(placed)
            if placed:
                todo.append(rest)  # art. 6 afresh to whoever remains
            else:
                out.append(part)
        return out

    @staticmethod
    def _alone_on_top(ctx, part: list[int], score: dict, missing: dict) -> tuple[list[list[int]], list[int]]:
        """6.3: the players alone on top however the missing games end, place by place, and the
        rest. Only the highest score can be alone on top (above every other's best): each place
        compares it with the best of the others, found down two lists sorted once."""
        win = ctx.t.scoring.win
        best = {i: score[i] + win * missing[i] for i in part}
        by_score = sorted(part, key=lambda i: -score[i])
        by_best = sorted(part, key=lambda i: -best[i])
        gone: set[int] = set()
        placed, k = [], 0
        while len(part) - len(gone) > 1:
            top = by_score[len(gone)]  # the ones before it are gone: each was the top in its turn
            while by_best[k] in gone:
                k += 1
            rival = by_best[k]
            if rival == top:  # the best of the others: the next one not gone (passed over once more at most)
                rival = next(by_best[m] for m in range(k + 1, len(by_best)) if by_best[m] not in gone)
            if not score[top] > best[rival]:
                break
            placed.append([top])
            gone.add(top)
        return placed, [i for i in part if i not in gone]

    def compute(self, ctx, opts, groups=()):
        if opts.values.get("rules") == "sharly":
            return sharly_values(ctx, groups, "P" in opts.modifiers)
        values = [0.0] * ctx.n
        as_played = self.as_played(ctx, opts)
        for group in groups:
            if len(group) > 1:
                score, _ = self._mini(ctx, group, as_played)
                for i in group:
                    values[i] = score[i]
        return values

    def order_keys(self, ctx, opts, values, groups=()):
        if opts.values.get("rules") == "sharly":
            return values
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
        if opts.values.get("rules") == "sharly":
            value, parts, notes = explain_sharly(ctx, groups, "P" in opts.modifiers, i)
            return explanation(ctx, opts, i, value, parts, notes)
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


@hookimpl
def brightwell_register_presets(register):
    register(Preset("DE", "sharly", (("rules", "sharly"),), SHARLY))
