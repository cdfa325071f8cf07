"""Sharly-Chess's Buchholz, Fore Buchholz and Sonneborn-Berger (``BH:rules=sharly`` …; its
data/tie_breaks/tie_breaks.py), which depart from FIDE C.07 arts. 8, 9 and 16:

* an opponent's score (``adjusted_score``): his points, but a requested bye (zero- or half-point)
  followed by nothing but voluntarily unplayed rounds (requested byes, forfeit losses) counts a
  draw; a round robin's, his points;
* one's own unplayed round (a pairing without a game: byes, forfeits, a rest; with ``/P`` only the
  byes) is a dummy opponent: one's points (``/V2024``, the rules before March 2026), else that capped
  at the scheduled opponent's score and at a draw's points × the planned rounds;
* the cuts (BH, FB): the voluntarily unplayed rounds' values, sorted, come before the others,
  sorted: the low cut takes from the first, the high cut (``/M``) from the last; every value is 0
  when the cuts are as many as the rounds ranked;
* SB's cut drops a VUR's contribution first when its dummy is not above the least significant
  score, or its contribution not below the least one; in a round robin forfeits count as played.

(Sharly's Koya, ``KS:rules=sharly``, is criteria/buchholz.py's: its limit is half a win's points ×
the rounds ranked, whatever rounds a round robin's players sit out.)"""

from __future__ import annotations

from brightwell_plugin.criteria.unplayed import cut_counts
from brightwell_plugin.model import Kind

SOURCE = ("Sharly-Chess 4.2 (data/tie_breaks/tie_breaks.py): its adjusted scores, dummy opponents and cuts "
          "(docs/sharly.md)")
_VUR = frozenset((Kind.FORFEIT_LOSS, Kind.HALF_BYE, Kind.ZERO_BYE))  # Result.is_voluntary_unplayed
_REQUESTED = frozenset((Kind.HALF_BYE, Kind.ZERO_BYE))
# the rounds /P still takes as unplayed: byes and a rest (a round robin's free round, read as absent)
_BYES = frozenset((Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE, Kind.PAB, Kind.ABSENT))
_WIN_LIKE = frozenset((Kind.FORFEIT_WIN, Kind.PAB, Kind.FULL_BYE))


def legacy(opts) -> bool:
    """Sharly's LEGACY_03_2026: ``/V2024`` (or ``edition=2024``); else the 2026 rules."""
    return "V2024" in opts.modifiers or opts.values.get("edition") == 2024


def adjusted(ctx, o: int, fore: bool = False) -> float:
    """An opponent's score for the others' tie-breaks (``adjusted_score``)."""
    return ctx.cached(("sharly adjusted", fore), lambda: [_adjusted(ctx, i, fore) for i in range(ctx.n)])[o]


def _adjusted(ctx, i: int, fore: bool) -> float:
    if ctx.t.system == "round-robin":
        return ctx.points[i]
    es, rp, k, draw = ctx.entries[i], ctx.round_points[i], ctx.k, ctx.t.scoring.draw
    total = 0.0
    for r in range(k):
        kind = es[r].kind
        if fore and r == k - 1:
            total += rp[r] if kind in (Kind.FULL_BYE, Kind.PAB) else draw
        elif kind in _REQUESTED and all(es[x].kind in _VUR for x in range(r + 1, k)):
            total += draw
        else:
            total += rp[r]
    return total


def dummy(ctx, i: int, r: int, old: bool, fore: bool = False) -> float:
    """The dummy opponent of player ``i``'s unplayed round ``r`` (``dummy_score``)."""
    k, draw = ctx.k, ctx.t.scoring.draw
    if fore:
        last = ctx.entries[i][k - 1].kind
        value = ctx.points_after(k - 1)[i] + (ctx.round_points[i][k - 1] if last in _BYES - {Kind.ABSENT} else draw)
    else:
        value = ctx.points[i]
    if old:
        return value
    o = ctx.opp[i][r]
    if o >= 0:
        value = min(value, adjusted(ctx, o, fore))
    return min(value, ctx.R * draw)


def buchholz(ctx, opts, fore: bool) -> list[float]:
    """BH (``fore``: FB) of every player."""
    low, high = cut_counts(opts.modifiers)
    if low + high >= ctx.k:
        return [0.0] * ctx.n
    return [bh_parts(ctx, opts, i, fore, low, high)[0] for i in range(ctx.n)]


def bh_parts(ctx, opts, i: int, fore: bool, low: int, high: int) -> tuple[float, list[tuple[int, float, str, bool]]]:
    """(value, [(round, value, what, cut)]) of player ``i``'s BH (``fore``: FB), cuts taken."""
    played, old, items = "P" in opts.modifiers, legacy(opts), []
    for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
        if o < 0 or (e.kind in _BYES if played else e.kind is not Kind.GAME):
            vur = e.kind in _VUR
            items.append((r, dummy(ctx, i, r, old, fore), f"dummy opponent ({e.kind.value}){' [VUR]' if vur else ''}", vur))
        else:
            items.append((r, adjusted(ctx, o, fore), f"{ctx.label(o)}, adjusted score", False))
    order = sorted((j for j in range(len(items)) if items[j][3]), key=lambda j: items[j][1]) \
        + sorted((j for j in range(len(items)) if not items[j][3]), key=lambda j: items[j][1])
    cut = set(order[:low]) | set(order[len(order) - high:])
    parts = [(r, value, what, j in cut) for j, (r, value, what, _) in enumerate(items)]
    return sum(value for _, value, _, gone in parts if not gone), parts


def sonneborn_berger(ctx, opts) -> list[float]:
    """SB of every player."""
    cut, _ = cut_counts(opts.modifiers)
    if cut >= ctx.k:
        return [0.0] * ctx.n
    played = "P" in opts.modifiers or ctx.t.system == "round-robin"
    old, s, out = legacy(opts), ctx.t.scoring, []
    for i in range(ctx.n):
        vur, general = [], []
        for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
            if e.kind is not Kind.GAME and not played:
                value = dummy(ctx, i, r, old)
                scored = s.win if e.kind in _WIN_LIKE else s.draw if e.kind is Kind.HALF_BYE else \
                    0.0 if e.kind is Kind.ABSENT else s.loss
                (vur if e.kind in _VUR else general).append((value, value * scored))
            elif o >= 0:
                score = adjusted(ctx, o)
                general.append((score, score * ctx.round_points[i][r]))
        out.append(sb_cut(sorted(vur), sorted(general), cut))
    return out


def sb_cut(vur: list[tuple[float, float]], general: list[tuple[float, float]], cut: int) -> float:
    """SB less its ``cut`` least significant terms: (score, term) of the VURs and of the others, each
    sorted; a VUR's goes first when its score is not above the least score, or its term not below
    the least term."""
    for _ in range(cut):
        if not vur:
            general[:1] = []
        elif not general or vur[0][0] <= general[0][0] or vur[0][1] >= general[0][1]:
            vur.pop(0)
        else:
            general.pop(0)
    return sum(c for _, c in vur + general)

