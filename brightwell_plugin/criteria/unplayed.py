"""FIDE C.07 art. 16: unplayed rounds, adjusted scores, dummy opponents and the cut exception.

Editions: ``2024`` (2023 and 2024-08 texts: dummy = own final total, uncapped) and ``2026``
(16.4.1/16.4.2 caps). Default edition: from the tournament's start date (before 2026-03-01 ->
2024; unknown -> 2026, like FIDE's checker).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import Options, Parameter
from brightwell_plugin.errors import SpecError
from brightwell_plugin.model import Kind

EDITION = Parameter("edition", "FIDE C.07 edition for unplayed rounds (default: from the start date)",
                    None, ("2024", "2026"))

PLAYED, PAB_FPB, FORFEIT_WIN, REQUESTED, FORFEIT_LOSS, REQUESTED_LAST = 0, 1, 2, 3, 4, 5
_VUR_KINDS = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.FORFEIT_LOSS)
_DATE = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")


def edition(ctx: Context, opts: Options) -> int:
    """The edition asked for by ``edition=`` or a ``/V2024`` style modifier, else from the date."""
    value = opts.get("edition")
    for m in opts.modifiers:
        if m.startswith("V"):
            value = m[1:]
    if value is not None:
        if value not in ("2024", "2026"):
            raise SpecError(f"edition must be 2024 or 2026, not {value}", place=opts.item.text)
        return int(value)
    m = _DATE.match(ctx.t.start_date or "")
    if m and (int(m[1]), int(m[2]), int(m[3])) < (2026, 3, 1):
        return 2024
    return 2026


@dataclass(frozen=True, slots=True)
class Unplayed:
    """Per player and round: the 16.2 category (0 = played), plus each player's adjusted score."""

    category: list[list[int]]
    adjusted: list[float]


def unplayed(ctx: Context) -> Unplayed:
    """Categories and adjusted scores (16.2, 16.3), cached on the context."""
    cached = ctx.__dict__.get("_fide_unplayed")
    if cached is not None:
        return cached
    draw = ctx.t.scoring.draw
    cats, adjusted = [], []
    for i, es in enumerate(ctx.entries):
        row = [0] * len(es)
        later_non_vur = False
        adj = 0.0
        for r in range(len(es) - 1, -1, -1):
            kind = es[r].kind
            pts = ctx.round_points[i][r]
            if kind is Kind.GAME:
                cat = PLAYED
            elif kind is Kind.PAB or kind is Kind.FULL_BYE:
                cat = PAB_FPB
            elif kind is Kind.FORFEIT_WIN:
                cat = FORFEIT_WIN
            elif kind is Kind.FORFEIT_LOSS:
                cat = FORFEIT_LOSS
            else:
                cat = REQUESTED if later_non_vur else REQUESTED_LAST
            if kind not in _VUR_KINDS:
                later_non_vur = True
            row[r] = cat
            adj += draw if cat == REQUESTED_LAST else pts
        cats.append(row)
        adjusted.append(adj)
    result = Unplayed(cats, adjusted)
    ctx.__dict__["_fide_unplayed"] = result
    return result


def is_vur(cat: int) -> bool:
    return cat in (REQUESTED, FORFEIT_LOSS, REQUESTED_LAST)


def dummy_value(ctx: Context, u: Unplayed, i: int, r: int, ed: int) -> float:
    """Value of the dummy opponent for player i's unplayed round r (16.4)."""
    value = ctx.points[i]
    if ed >= 2026:
        o = ctx.opp[i][r]
        if u.category[i][r] in (FORFEIT_WIN, FORFEIT_LOSS) and o >= 0:  # 16.4.1
            value = min(value, u.adjusted[o])
        else:  # 16.4.2: draw x number of rounds (rounds considered so far)
            value = min(value, ctx.t.scoring.draw * ctx.k)
    return value


def cut_values(items: list[tuple[float, float, bool]], modifiers: frozenset[str]) -> tuple[float, list[int]]:
    """Apply C1/C2/M1/M2 to ``(value, significance, is_vur)`` items; return (sum, cut indices).

    The least significant item has the lowest significance, then the lowest value. With VURs
    left, the low cut takes the lowest VUR value when it is not below the ordinary choice (16.5).
    """
    low = 2 if ("C2" in modifiers or "M2" in modifiers) else 1 if ("C1" in modifiers or "M1" in modifiers) else 0
    high = 2 if "M2" in modifiers else 1 if "M1" in modifiers else 0
    alive = list(range(len(items)))
    cut: list[int] = []
    for _ in range(low):
        if not alive:
            break
        ordinary = min(alive, key=lambda j: (items[j][1], items[j][0]))
        vurs = [j for j in alive if items[j][2]]
        choice = ordinary
        if vurs:
            lowest_vur = min(vurs, key=lambda j: items[j][0])
            if items[lowest_vur][0] >= items[ordinary][0]:
                choice = lowest_vur
        alive.remove(choice)
        cut.append(choice)
    for _ in range(high):
        if not alive:
            break
        choice = max(alive, key=lambda j: (items[j][1], items[j][0]))
        alive.remove(choice)
        cut.append(choice)
    return sum(items[j][0] for j in alive), cut
