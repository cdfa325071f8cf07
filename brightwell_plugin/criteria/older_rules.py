"""Unplayed rounds as the rules before 2023 count them, in BH (every cut, the median), FB, SB and
what is made of them (AOB, BHSUM, SSSC): two rule sets, the one an item or the event names.

* FIDE's rules of 2009-2022 (``edition=2009``, ``/V2009``; the edition of an event dated before
  2023-07-01): "for tie-break purposes all unplayed games in which players are indirectly involved
  (results by forfeit of opponents) are considered to have been drawn", and "a player who has no
  opponent will be considered as having played against a virtual opponent who has the same number
  of points at the beginning of the round and who draws in all the following rounds; for the round
  itself the result by forfeit will be considered as a normal result" (Handbook C.02 13.15 of
  2017; the Tie-Break Regulations page of 2022): the virtual opponent's score is the player's
  points before the round + the points the round did not give him (a win's less his) + a draw for
  each later round ranked. The opponents' unplayed rounds: ``drawn=all`` (every round not played
  over the board: the text's "all unplayed games", as the committee's minutes of 2009 put it,
  "each result by default ... counted as a half point") or ``drawn=forfeits`` (its parenthesis:
  forfeits only, byes and absences as scored). No unplayed round is cut before the others (that is
  2023's 16.5). A round robin keeps art. 15.2's reading (its unplayed games as played).
* The Irish federation's program (``rules=icu``; icu_tournament's ``tie_break_score``): one's own
  round without an opponent counts an opponent of 0 points; an opponent's rounds without one (byes,
  absences, rounds not recorded) count as draws; a forfeit against a named opponent is a result
  against him (its Krause reader keeps the opponent).

A pairing awaiting its result (``Kind.PAIRED``) counts neither way: no term, no points.
"""

from __future__ import annotations

from typing import NamedTuple

from brightwell_plugin.criteria.base import Part, fmt
from brightwell_plugin.criteria.unplayed import edition, opponent_view, rules_of
from brightwell_plugin.model import Kind

FIDE_2009 = "fide-2009"
ICU = "icu"
NAMES = {FIDE_2009: "FIDE's rules of 2009-2022 (a virtual opponent)",
         ICU: "the Irish federation's program (an unplayed round a 0-point opponent)"}
_FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)


class OlderView(NamedTuple):
    """Per player: his score as his opponents count it, and per round whether it is a result against
    the scheduled opponent (``real``)."""

    rules: str
    adjusted: list[float]
    real: list[list[bool]]


def older_rules(ctx, opts, rr: bool) -> str | None:
    """:data:`FIDE_2009` or :data:`ICU` when the item is ranked by one of them, else None (C.07's own)."""
    rules = rules_of(ctx, opts)
    if rules == ICU:
        return ICU
    if rules == "fide" and not rr and edition(ctx, opts) == 2009:
        return FIDE_2009
    return None


def drawn_reading(opts) -> str:
    """Which of an opponent's unplayed rounds 2009's rules count as draws: ``all`` or ``forfeits``."""
    return opts.values.get("drawn") or "all"


def older_view(ctx, rules: str, reading: str, fore: bool, as_played: bool) -> OlderView:
    """Cached per context (``fore``: a final-round pairing scored as a draw, Fore Buchholz)."""
    key = ("older view", rules, reading, fore, as_played)
    return ctx.cached(key, lambda: _older_view(ctx, rules, reading, fore, as_played))


def _older_view(ctx, rules: str, reading: str, fore: bool, as_played: bool) -> OlderView:
    draw, k, pending = ctx.t.scoring.draw, ctx.k, Kind.PAIRED
    fore_round = k if fore and k >= ctx.R else 0
    if rules == ICU:  # a result against a named opponent, a forfeit too
        real = [[o >= 0 and e.kind is not pending for e, o in zip(es, opps)] for es, opps in zip(ctx.entries, ctx.opp)]
    else:
        real = opponent_view(ctx, fore, False, as_played).real
    adjusted = []
    for i, (es, opps, rp) in enumerate(zip(ctx.entries, ctx.opp, ctx.round_points)):
        total = 0.0  # the rounds' points: points awarded outside them (a bonus, a penalty) are not the rounds'
        for r in range(k):
            if fore_round and r == k - 1 and opps[r] >= 0:
                total += draw  # FB: the final round's pairing scored as a draw
            elif real[i][r] or es[r].kind is pending:
                total += rp[r]
            elif rules == FIDE_2009 and reading == "forfeits" and es[r].kind not in _FORFEITS:
                total += rp[r]  # a bye or an absence, as scored
            else:
                total += draw
        adjusted.append(total)
    return OlderView(rules, adjusted, real)


def own_value(ctx, view: OlderView, i: int, r: int) -> float:
    """What the player's own unplayed round ``r`` (from 0) counts: the virtual opponent's score
    (2009), or 0 (ICU's program)."""
    if view.rules == ICU:
        return 0.0
    s = ctx.t.scoring
    return ctx.points_after(r)[i] + (s.win - ctx.round_points[i][r]) + s.draw * (ctx.k - 1 - r)


def items(ctx, view: OlderView, i: int, weighted: bool) -> list[tuple[float, float, bool, int]]:
    """(value, significance, is_vur, round) of each round that counts, as unplayed.cut_values takes
    them: no round is a VUR to these rules."""
    out = []
    es, opps, rp, real = ctx.entries[i], ctx.opp[i], ctx.round_points[i], view.real[i]
    for r in range(ctx.k):
        if real[r]:
            sig = view.adjusted[opps[r]]
        elif es[r].kind is Kind.PAIRED:
            continue  # a pairing awaiting its result: no round yet
        else:
            sig = own_value(ctx, view, i, r)
        out.append((sig * rp[r] if weighted else sig, sig, False, r))
    return out


def explained(ctx, view: OlderView, i: int, weighted: bool, cut: list[int]) -> list[Part]:
    """The explanation's lines of :func:`items` (``cut``: the indices the cuts dropped)."""
    out = []
    for j, (value, sig, _, r) in enumerate(items(ctx, view, i, weighted)):
        if view.real[i][r]:
            who = f"{ctx.label(ctx.opp[i][r])}, {fmt(sig)} with unplayed rounds as draws"
        elif view.rules == ICU:
            who = f"no opponent ({ctx.entries[i][r].kind.value}): an opponent of 0 points"
        else:
            s, before = ctx.t.scoring, ctx.points_after(r)[i]
            who = (f"virtual opponent {fmt(sig)} ({ctx.entries[i][r].kind.value}): {fmt(before)} before the round "
                   f"+ {fmt(s.win - ctx.round_points[i][r])} the round did not give + {fmt(s.draw)} x "
                   f"{ctx.k - 1 - r} later rounds")
        if weighted:
            who += f" x {fmt(ctx.round_points[i][r])} points scored"
        out.append(Part(f"round {r + 1}", None if j in cut else value, who + (" - cut" if j in cut else ""), r + 1))
    return out
