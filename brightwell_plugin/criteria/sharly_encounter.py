"""Sharly-Chess's direct encounter (``DE:rules=sharly``; its data/tie_breaks/tie_breaks.py
``DirectEncounterTieBreak``), which departs from FIDE C.07 art. 6 in its values and in its forfeits.

Among players tied on the points and every earlier item, each player's points against the others
of the group range from *min* (every one he did not meet a loss) to *max* (a win): games against
the same player averaged; any pairing counts as a meeting, a forfeit too, which in a Swiss without
``/P`` is worth nothing to either side (a pairing still without its result is worth a loss).
Sorted by (min, max), the group splits where the next player's min is outside the running
[min, max] (a player inside it joins, and the running max becomes his); each part is split again
the same way, and parts that no longer split stay tied. The value is a place: the lowest part 0,
each part above it the number of players below it (a player tied with nobody: 0)."""

from __future__ import annotations

from collections.abc import Sequence

from brightwell_plugin.criteria.base import Part
from brightwell_plugin.model import Kind

SOURCE = ("Sharly-Chess 4.2 (data/tie_breaks/tie_breaks.py DirectEncounterTieBreak): a tied group split by each "
          "player's [min, max] points against it, recursively; the value the number of players placed below; "
          "forfeits met for nothing in a Swiss without /P")


def sharly_values(ctx, groups: Sequence[Sequence[int]], played: bool) -> list[float]:
    """Every player's value (0 for a player tied with nobody)."""
    values = [0.0] * ctx.n
    as_played = played or ctx.t.system == "round-robin"
    for group in groups:
        _place(ctx, list(group), 0, values, as_played)
    return values


def _place(ctx, group: list[int], lowest: int, values: list[float], as_played: bool) -> None:
    """Give the group's players their places from ``lowest`` up (``_set_player_group_values``)."""
    if len(group) == 1:
        values[group[0]] = float(lowest)
        return
    parts = split_group([(i, *min_max(ctx, i, group, as_played)) for i in group])
    if len(parts) == 1:
        for i in group:
            values[i] = float(lowest)
        return
    for part in parts:
        _place(ctx, part, lowest, values, as_played)
        lowest += len(part)


def split_group(ranges: list[tuple[int, float, float]]) -> list[list[int]]:
    """The group's parts, lowest first (``_split_player_group``)."""
    ranges = sorted(ranges, key=lambda x: (x[1], x[2]))
    parts: list[list[int]] = []
    low, high, part = ranges[0][1], ranges[0][2], [ranges[0][0]]
    for i, lo, hi in ranges[1:]:
        if low <= lo <= high:
            high = hi
            part.append(i)
        else:
            parts.append(part)
            low, high, part = lo, hi, [i]
    parts.append(part)
    return parts


def min_max(ctx, i: int, group: Sequence[int], as_played: bool) -> tuple[float, float]:
    """The least and the most points player ``i`` can have against the rest of ``group``."""
    met = _meetings(ctx, i, group, as_played)
    points = sum(sum(v) / len(v) for v in met.values())
    unmet = len(group) - 1 - len(met)
    s = ctx.t.scoring
    return points + s.loss * unmet, points + s.win * unmet


def _meetings(ctx, i: int, group: Sequence[int], as_played: bool) -> dict[int, list[float]]:
    """Per opponent of the group met, the points of each meeting."""
    others, s = set(group) - {i}, ctx.t.scoring
    met: dict[int, list[float]] = {}
    for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
        if o in others:
            points = s.loss if e.kind is Kind.PAIRED else 0.0 if e.kind.is_forfeit and not as_played \
                else ctx.round_points[i][r]
            met.setdefault(o, []).append(points)
    return met


def explain_sharly(ctx, groups, played: bool, i: int) -> tuple[float, list[Part], list[str]]:
    """(value, parts, notes) of player ``i``."""
    group = next((list(g) for g in groups if i in g), [i])
    value = sharly_values(ctx, [group], played)[i]
    if len(group) == 1:
        return value, [], ["not tied on the earlier criteria: 0"]
    as_played = played or ctx.t.system == "round-robin"
    parts = [Part(ctx.label(o), sum(v) / len(v), f"{len(v)} meeting(s)") for o, v in
             _meetings(ctx, i, group, as_played).items()]
    low, high = min_max(ctx, i, group, as_played)
    return value, parts, [f"tied group: {', '.join(ctx.label(j) for j in group)}",
                          f"points against it from {low:g} to {high:g}",
                          f"{value:g} player(s) of the group placed below"]
