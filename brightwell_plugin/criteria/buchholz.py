"""Opponent-based FIDE criteria: Buchholz (BH) with cuts, Sonneborn-Berger (SB), ARO."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, Parameter, Part, explanation, fmt
from brightwell_plugin.criteria.brightwell import round_half_up
from brightwell_plugin.criteria.unplayed import (
    EDITION,
    FORFEIT_LOSS,
    FORFEIT_WIN,
    PLAYED,
    cut_values,
    dummy_value,
    edition,
    is_vur,
    unplayed,
)
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.model import Kind

_CUTS = ("C1", "C2", "M1", "M2")
_EDITION_MODS = ("V2024", "V2026")


class _OpponentSum(Criterion):
    """Sum over rounds of a per-round contribution, with FIDE cuts and unplayed-round rules."""

    modifiers = _CUTS + ("P",) + _EDITION_MODS
    parameters = (EDITION,)
    weighted = False  # SB: opponent's score x points scored against him

    def _items(self, ctx, u, i, ed, as_played):
        out = []
        cats, opps, rp = u.category[i], ctx.opp[i], ctx.round_points[i]
        for r in range(ctx.k):
            cat, o = cats[r], opps[r]
            real = cat == PLAYED or (as_played and o >= 0 and cat in (FORFEIT_WIN, FORFEIT_LOSS))
            sig = u.adjusted[o] if real else dummy_value(ctx, u, i, r, ed)
            value = sig * rp[r] if self.weighted else sig
            out.append((value, sig, is_vur(cat) and not real))
        return out

    def compute(self, ctx, opts, groups=()):
        u, ed, as_played = unplayed(ctx), edition(ctx, opts), "P" in opts.modifiers
        mods = opts.modifiers
        if any(m in mods for m in _CUTS):
            return [cut_values(self._items(ctx, u, i, ed, as_played), mods)[0] for i in range(ctx.n)]
        return [self._plain_sum(ctx, u, i, ed, as_played) for i in range(ctx.n)]

    def _plain_sum(self, ctx, u, i, ed, as_played):
        """Fast path without cuts: the same values as :meth:`_items`, summed."""
        adjusted, cats, rp = u.adjusted, u.category[i], ctx.round_points[i]
        total = 0.0
        for r, o in enumerate(ctx.opp[i]):
            cat = cats[r]
            if cat == PLAYED or (as_played and o >= 0 and cat in (FORFEIT_WIN, FORFEIT_LOSS)):
                sig = adjusted[o]
            else:
                sig = dummy_value(ctx, u, i, r, ed)
            total += sig * rp[r] if self.weighted else sig
        return total

    def explain(self, ctx, opts, i, groups=()):
        u, ed = unplayed(ctx), edition(ctx, opts)
        items = self._items(ctx, u, i, ed, "P" in opts.modifiers)
        total, cut = cut_values(items, opts.modifiers)
        parts = []
        for r, (value, sig, vur) in enumerate(items):
            o = ctx.opp[i][r]
            cat = u.category[i][r]
            real = cat == PLAYED or ("P" in opts.modifiers and o >= 0 and cat in (FORFEIT_WIN, FORFEIT_LOSS))
            who = (f"{ctx.label(o)}, adjusted score {fmt(sig)}" if real
                   else f"dummy opponent {fmt(sig)} (art. 16.2 category {cat})")
            if self.weighted:
                who += f" x {fmt(ctx.round_points[i][r])} points scored"
            parts.append(Part(f"round {r + 1}", None if r in cut else value,
                              who + (" - cut" if r in cut else "") + (" [VUR]" if vur else ""), r + 1))
        return explanation(ctx, opts, i, total, parts, [f"FIDE C.07 edition {ed}"])


class Buchholz(_OpponentSum):
    name = "BH"
    title = "Buchholz"
    source = "FIDE C.07 art. 8.1, modifiers art. 14, unplayed rounds art. 16"


class SonnebornBerger(_OpponentSum):
    name = "SB"
    title = "Sonneborn-Berger"
    source = "FIDE C.07 art. 9.1; SB-C1 rule of 2024-08; art. 16"
    weighted = True


class AverageRatingOfOpponents(Criterion):
    name = "ARO"
    title = "Average rating of opponents"
    source = "FIDE C.07 art. 10.1: opponents met over the board, rounded half up"
    modifiers = _CUTS
    parameters = (Parameter("unrated", "rating given to unrated players (without it, unrated "
                            "players present make ARO 0 for all, art. 10)"),)

    def _ratings(self, ctx, opts):
        assigned = opts.get("unrated")
        players = ctx.t.players
        ratings = [p.rating if p.rating else (int(assigned) if assigned else None) for p in players]
        return ratings, any(r is None for r in ratings)

    def compute(self, ctx, opts, groups=()):
        ratings, dropped = self._ratings(ctx, opts)
        if dropped:
            return [0.0] * ctx.n
        out = []
        for i in range(ctx.n):
            vals = [(float(ratings[o]), float(ratings[o]), False)
                    for e, o in zip(ctx.entries[i], ctx.opp[i]) if e.kind is Kind.GAME and o >= 0]
            total, cut = cut_values(vals, opts.modifiers)
            count = len(vals) - len(cut)
            out.append(round_half_up(total / count) if count else 0.0)
        return out

    def explain(self, ctx, opts, i, groups=()):
        ratings, dropped = self._ratings(ctx, opts)
        value = self.compute(ctx, opts)[i]
        if dropped:
            return explanation(ctx, opts, i, value, [], ["unrated players present: ARO dropped (art. 10); "
                                                        "give unrated=RATING to compute it"])
        parts = [Part(f"round {r + 1}", ratings[o], ctx.label(o), r + 1)
                 for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])) if e.kind is Kind.GAME and o >= 0]
        return explanation(ctx, opts, i, value, parts)


class BuchholzPlugin:
    """Built-in plugin: Buchholz family, Sonneborn-Berger, ARO."""

    @hookimpl
    def brightwell_register_criteria(self, register):
        for criterion in (Buchholz(), SonnebornBerger(), AverageRatingOfOpponents()):
            register(criterion)


plugin = BuchholzPlugin()
