"""Swiss-Manager's older rules for unplayed rounds, of its codes 37 and 52 (as their flags set them)
and of its old Buchholz codes (docs/swissmanager.md): ``BH``, ``SB`` with ``rules=`` one of

- ``swiss-manager-2009``: FIDE's correction of 2009. A player's unplayed round is a game against a
  virtual opponent who had his points before the round, takes the other side of its result and draws
  every round after it, up to the rounds ranked (Swiss-Manager counts them so far, not the planned:
  its page of Jeddah 2026 after round 1 shows it); an opponent's unplayed rounds count as draws.
- ``swiss-manager-real``: nothing corrected. Each round with an opponent, a forfeit's too, counts his
  real points; a round without one counts nothing.

A cut drops the least values (no VUR exception: C.07's art. 16 came later). In a round robin both
count a forfeit as a game against the scheduled opponent, as the rules of their time did.
"""

from __future__ import annotations

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import Options, Part, fmt
from brightwell_plugin.criteria.unplayed import cut_values
from brightwell_plugin.errors import SpecError
from brightwell_plugin.model import Kind

SM_2009, SM_REAL = "swiss-manager-2009", "swiss-manager-real"
RULES = (SM_2009, SM_REAL)


def rules_of(opts: Options) -> str | None:
    """The item's older Swiss-Manager rule set, or None."""
    rules = opts.values.get("rules")
    return rules if rules in RULES else None


def values(ctx: Context, opts: Options, weighted: bool, fore: bool) -> list[float]:
    """Every player's BH (SB when ``weighted``) by the item's rule set, with its cuts."""
    terms = _terms_of(ctx, opts, fore)
    return [cut_values(_items(terms(i), weighted), opts.modifiers, ctx.k)[0] for i in range(ctx.n)]


def explained(ctx: Context, opts: Options, weighted: bool, fore: bool,
              i: int) -> tuple[float, list[Part], list[str]]:
    """Player ``i``'s value, one part per round, and the rule's notes."""
    rows = _terms_of(ctx, opts, fore)(i)
    items = _items(rows, weighted)
    total, cut = cut_values(items, opts.modifiers, ctx.k)
    out = []
    for j, ((value, _, _, r), (_, what, _, points)) in enumerate(zip(items, rows)):
        detail = what + (f" x {fmt(points)} points scored" if weighted else "") + (" - cut" if j in cut else "")
        out.append(Part(f"round {r + 1}", None if j in cut else value, detail, r + 1))
    note = {SM_2009: "Swiss-Manager's FIDE correction of 2009: virtual opponents; opponents' unplayed rounds drawn",
            SM_REAL: "Swiss-Manager uncorrected: opponents' real points; a round without an opponent counts nothing"}
    return total, out, [note[opts.values["rules"]]]


def _items(rows, weighted: bool) -> list[tuple[float, float, bool, int]]:
    """:func:`cut_values`'s items: (value, significance, no VUR, round)."""
    return [(value * points if weighted else value, value, False, r) for value, _, r, points in rows]


def _terms_of(ctx: Context, opts: Options, fore: bool):
    if fore:
        raise SpecError(f"{opts.values['rules']} is Swiss-Manager's old Buchholz, which has no Fore Buchholz",
                        place=opts.item.text)
    rules = opts.values["rules"]
    seen = ctx.cached(("swiss-manager old scores", rules), lambda: _scores_seen(ctx, rules))
    real = rules == SM_REAL or ctx.t.system == "round-robin"
    return lambda i: _terms(ctx, seen, real, i)


def _scores_seen(ctx: Context, rules: str) -> list[float]:
    """Each player's score as his opponents count it: real, or (2009) his unplayed rounds drawn."""
    if rules == SM_REAL or ctx.t.system == "round-robin":
        return list(ctx.points)
    draw, game, pending = ctx.t.scoring.draw, Kind.GAME, Kind.PAIRED
    return [p.bonus + sum(x if e.kind is game else 0 if e.kind is pending else draw for e, x in zip(es, rp))
            for p, es, rp in zip(ctx.t.players, ctx.entries, ctx.round_points)]


def _terms(ctx: Context, seen: list[float], real: bool, i: int) -> list[tuple[float, str, int, float]]:
    """(value, what it is, round, points scored) of each round of player ``i`` that counts."""
    es, opps, rp = ctx.entries[i], ctx.opp[i], ctx.round_points[i]
    win, draw, k = ctx.t.scoring.win, ctx.t.scoring.draw, ctx.k
    out, before = [], 0.0
    for r, (e, o) in enumerate(zip(es, opps)):
        if e.kind is Kind.PAIRED:
            continue
        if e.kind is Kind.GAME or (real and o >= 0):
            out.append((seen[o], f"{ctx.label(o)}, {fmt(seen[o])}", r, rp[r]))
        elif real:
            out.append((0.0, f"no opponent ({e.kind.value})", r, rp[r]))
        else:
            virtual = before + (win - rp[r]) + draw * (k - 1 - r)
            out.append((virtual, f"virtual opponent {fmt(virtual)} ({e.kind.value})", r, rp[r]))
        before += rp[r]
    return out
