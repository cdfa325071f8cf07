"""Opponent-based FIDE criteria: Buchholz (BH), Fore Buchholz (FB), Sonneborn-Berger (SB),
average of opponents' Buchholz (AOB) and Koya (KS)."""

from __future__ import annotations

from itertools import compress, count, repeat
from operator import mul, not_

from brightwell_plugin.criteria.base import (
    Checked,
    Criterion,
    Parameter,
    Part,
    Preset,
    explanation,
    fmt,
    number,
)
from brightwell_plugin.criteria import older_rules, sharly_buchholz, swiss_manager_old
from brightwell_plugin.criteria import swiss_manager as sm_rules
from brightwell_plugin.criteria.unplayed import (
    DRAWN,
    EDITION,
    EDITION_MODIFIERS,
    RULES,
    cut_counts,
    cut_values,
    dummy_value,
    edition,
    edition_read,
    is_vur,
    opponent_view,
    round_robin,
    sharly,
    swiss_manager,
)
from brightwell_plugin.plugin import hookimpl, Kind

_CUTS = ("C1", "C2", "M1", "M2")


class _OpponentSum(Criterion):
    """Sum over rounds of a per-round contribution, with FIDE cuts and unplayed-round rules."""

    modifiers = _CUTS + ("P", "S", "F") + EDITION_MODIFIERS
    parameters = (EDITION, RULES, DRAWN)
    weighted = False  # SB: opponent's score x points scored against him
    fore = False  # FB: final-round pairings count as draws

    def _setup(self, ctx, opts):
        rr = round_robin(ctx, opts)
        fore = self.fore or "F" in opts.modifiers
        view = opponent_view(ctx, fore, rr, rr or "P" in opts.modifiers)
        if swiss_manager(opts):
            view = sm_rules.view(ctx, view, fore)
        return view, edition(ctx, opts), rr

    def settings_read(self, opts):
        return {} if swiss_manager_old.rules_of(opts) else edition_read(opts)

    def _items(self, ctx, view, ed, rr, i, sm: frozenset | None = None):
        """(value, significance, is_vur, round) for each round that counts; ``sm``: Swiss-Manager's
        rules, with their free rounds of a round robin (swiss_manager.py: which rounds are VURs)."""
        out = []
        es, opps, rp, real = ctx.entries[i], ctx.opp[i], ctx.round_points[i], view.real[i]
        for r in range(ctx.k):
            o = opps[r]
            kind = es[r].kind
            if real[r]:
                sig, vur = view.adjusted[o], False
            elif rr or kind is Kind.PAIRED:
                continue  # 15.2: no dummy opponents in a round robin; a pairing awaiting its result: no round yet
            else:
                sig = dummy_value(ctx, view, i, r, ed)
                vur = is_vur(kind) if sm is None else sm_rules.vur(kind, (i, r) in sm)
            out.append((sig * rp[r] if self.weighted else sig, sig, vur, r))
        return out

    def sharlys(self, ctx, opts) -> list[float]:
        """The values as Sharly-Chess computes them (``rules=sharly``)."""
        if self.weighted:
            return sharly_buchholz.sonneborn_berger(ctx, opts)
        return sharly_buchholz.buchholz(ctx, opts, self.fore or "F" in opts.modifiers)

    def _swiss_managers(self, ctx, opts, cut: bool) -> frozenset | None:
        """Swiss-Manager's free rounds when its rules rank (None under others'); a cut refuses a
        round of two pairing-allocated byes, which it would tell apart (swiss_manager.py)."""
        if not swiss_manager(opts):
            return None
        if cut:
            sm_rules.refuse_two_byes(ctx)
        return sm_rules.free_rounds(ctx)

    def older(self, ctx, opts):
        """The view of the rules before 2023 the item is ranked by (criteria/older_rules.py), else None."""
        rr = round_robin(ctx, opts)
        rules = older_rules.older_rules(ctx, opts, rr)
        if rules is None:
            return None
        return older_rules.older_view(ctx, rules, older_rules.drawn_reading(opts), self.fore or "F" in opts.modifiers,
                                      rr or "P" in opts.modifiers)

    def values_with_cuts(self, ctx, opts):
        if sharly(opts):
            return self.sharlys(ctx, opts)
        if swiss_manager_old.rules_of(opts):
            return swiss_manager_old.values(ctx, opts, self.weighted, self.fore or "F" in opts.modifiers)
        if (older := self.older(ctx, opts)) is not None:
            return [cut_values(older_rules.items(ctx, older, i, self.weighted), opts.modifiers, ctx.k)[0]
                    for i in range(ctx.n)]
        view, ed, rr = self._setup(ctx, opts)
        low, high = cut_counts(opts.modifiers, ctx.k)
        sm = self._swiss_managers(ctx, opts, low > 0)
        adjusted, out = view.adjusted, []
        for i in range(ctx.n):
            if not high and all(view.real[i]):  # a real opponent every round: no VUR, the lowest cut
                out.append(lowest_cut(ctx.opp[i], ctx.round_points[i], adjusted, self.weighted, low))
                continue
            items = self._items(ctx, view, ed, rr, i, sm)
            out.append(cut_values(items, opts.modifiers, ctx.k)[0])
        return out

    def compute(self, ctx, opts, groups=()):
        if sharly(opts):
            return self.sharlys(ctx, opts)
        if any(m in opts.modifiers for m in _CUTS) or swiss_manager_old.rules_of(opts):
            return self.values_with_cuts(ctx, opts)
        if (older := self.older(ctx, opts)) is not None:
            return [sum(v for v, *_ in older_rules.items(ctx, older, i, self.weighted)) for i in range(ctx.n)]
        view, ed, rr = self._setup(ctx, opts)  # fast path: the sum of _items' values
        out = real_opponent_sums(ctx.opp, ctx.round_points, view.adjusted, self.weighted)
        for i in compress(count(), map(not_, map(all, view.real))):  # a round not against a real opponent
            out[i] = 0.0 + sum(value for value, *_ in self._items(ctx, view, ed, rr, i))
        return out

    def explain(self, ctx, opts, i, groups=()):
        if sharly(opts):
            return self._explain_sharly(ctx, opts, i)
        if swiss_manager_old.rules_of(opts):
            return explanation(ctx, opts, i, *swiss_manager_old.explained(ctx, opts, self.weighted,
                                                                      self.fore or "F" in opts.modifiers, i))
        if (older := self.older(ctx, opts)) is not None:
            total, cut = cut_values(older_rules.items(ctx, older, i, self.weighted), opts.modifiers, ctx.k)
            reading = f"; an opponent's unplayed rounds drawn: {older_rules.drawn_reading(opts)}" \
                if older.rules == older_rules.FIDE_2009 else ""
            return explanation(ctx, opts, i, total, older_rules.explained(ctx, older, i, self.weighted, cut),
                               [older_rules.NAMES[older.rules] + reading])
        view, ed, rr = self._setup(ctx, opts)
        sm = self._swiss_managers(ctx, opts, cut_counts(opts.modifiers)[0] > 0)
        items = self._items(ctx, view, ed, rr, i, sm)
        total, cut = cut_values(items, opts.modifiers, ctx.k)
        parts = []
        for j, (value, sig, vur, r) in enumerate(items):
            o = ctx.opp[i][r]
            who = (f"{ctx.label(o)}, adjusted score {fmt(sig)}" if view.real[i][r]
                   else f"dummy opponent {fmt(sig)} ({ctx.entries[i][r].kind.value})")
            if self.weighted:
                who += f" x {fmt(ctx.round_points[i][r])} points scored"
            parts.append(Part(f"round {r + 1}", None if j in cut else value,
                              who + (" - cut" if j in cut else "") + (" [VUR]" if vur else ""), r + 1))
        notes = [f"FIDE C.07 edition {ed}"] + (["round robin: art. 15.2"] if rr else []) \
            + ([SWISS_MANAGER] if swiss_manager(opts) else [])
        return explanation(ctx, opts, i, total, parts, notes)

    def _explain_sharly(self, ctx, opts, i):
        notes = [sharly_buchholz.SOURCE]
        low, high = cut_counts(opts.modifiers)
        if self.weighted or low + high >= ctx.k:
            notes.append("SB: each opponent's score x the points scored against him" if self.weighted
                         else "cuts as many as the rounds: 0")
            return explanation(ctx, opts, i, self.values(ctx, opts)[i], [], notes)
        _, parts = sharly_buchholz.bh_parts(ctx, opts, i, self.fore or "F" in opts.modifiers, low, high)
        return explanation(ctx, opts, i, self.values(ctx, opts)[i],
                           [Part(f"round {r + 1}", None if gone else v, what + (" - cut" if gone else ""), r + 1)
                            for r, v, what, gone in parts], notes)


def real_opponent_sums(opps, points, adjusted, weighted: bool) -> list[float]:
    """Each row's sum over its rounds of the opponent's adjusted score (``weighted``: times the
    points scored), in round order, summed in C: the value of every row whose opponents are all
    real (an index of -1 gives a value that means nothing: such a row is summed again)."""
    scores = map(map, repeat(adjusted.__getitem__), opps)
    return list(map(sum, map(map, repeat(mul), scores, points) if weighted else scores, repeat(0.0)))


def lowest_cut(opps, points, adjusted, weighted: bool, low: int) -> float:
    """:func:`cut_values` of a row of real opponents, without VUR or high cut: the sum without the
    ``low`` least significant terms (lowest opponent score, then lowest term), summed in that order."""
    sig = [adjusted[o] for o in opps]
    terms = sorted(zip(sig, map(mul, sig, points)) if weighted else zip(sig, sig))
    return sum(value for _, value in terms[low:])


class Buchholz(_OpponentSum):
    name = "BH"
    checker = Checked(written="sum", modifiers=(("cutlow", 0), ("cuthigh", 0)), terms="opponents")
    title = "Buchholz"
    source = "FIDE C.07 art. 8.1, modifiers art. 14, unplayed rounds art. 16"


class ForeBuchholz(_OpponentSum):
    name = "FB"
    checker = Checked(written="sum", modifiers=(("cutlow", 0), ("cuthigh", 0)), terms="opponents")
    title = "Fore Buchholz"
    source = "FIDE C.07 art. 8.3: BH with every final-round pairing scored as a draw"
    fore = True


class SonnebornBerger(_OpponentSum):
    name = "SB"
    checker = Checked(written="product", modifiers=(("cutlow", 0),), terms="opponents")
    title = "Sonneborn-Berger"
    source = "FIDE C.07 art. 9.1; SB-C1 rule of 2024-08; art. 16"
    weighted = True


class AverageOfBuchholz(Criterion):
    name = "AOB"
    checker = Checked(written="average", modifiers=(("foremode", False),), terms="buchholz average")
    title = "Average of opponents' Buchholz"
    source = ("FIDE C.07 art. 8.2: mean BH (with the item's modifiers; /F: Fore Buchholz) of the "
              "opponents played over the board; rounded half up to 2 decimals below 9 rounds, "
              "3 below 27, 4 below 73, else 5 (as FIDE's checker); a player with no game has none, "
              "placed below every average (as FIDE's checker ranks an undefined value)")
    modifiers = _OpponentSum.modifiers
    parameters = (EDITION,)

    def settings_read(self, opts):
        return edition_read(opts)

    def compute(self, ctx, opts, groups=()):
        bh = (ForeBuchholz() if "F" in opts.modifiers else Buchholz()).values_with_cuts(ctx, opts)
        from decimal import (  # on first use: only AOB rounds decimally
            ROUND_HALF_UP,
            Decimal,
        )
        k = ctx.k
        quantum = Decimal("0.01" if k < 9 else "0.001" if k < 27 else "0.0001" if k < 73 else "0.00001")
        out = []
        for opps in ctx.otb_opponents:
            mean = Decimal(repr(sum(bh[o] for o in opps))) / len(opps) if opps else Decimal(0)
            out.append(float(mean.quantize(quantum, rounding=ROUND_HALF_UP)))
        return out

    def order_keys(self, ctx, opts, values, groups=()):
        """No game, no average: below every player who has one (values are never negative)."""
        return [v if opps else -1.0 for v, opps in zip(values, ctx.otb_opponents)]


class Koya(Criterion):
    name = "KS"
    checker = Checked(written="sum", modifiers=(("plim", "50.0"), ("nlim", "0.0")), terms="koya")  # gacrux's decimals
    title = "Koya"
    source = ("FIDE C.07 art. 9.2: points scored against opponents with at least half the maximum "
              "score; /L+n and /L-n move the limit by n half points (art. 14.5)")
    modifiers = ("L+1", "L+2", "L+3", "L-1", "L-2", "L-3")
    parameters = (Parameter("limit", "percentage of the maximum score an opponent needs", "50", read=number),
                  Parameter("rules", "whose rules: fide (C.07 art. 9.2), or sharly (Sharly-Chess's: half a win's "
                            "points x the rounds ranked, whatever rounds a round robin's players sit out; "
                            "docs/sharly.md)", "fide", ("fide", "sharly")))

    def settle(self, values, modifiers, item):
        """(percentage, draws the limit moves by): ``/L+1`` is one draw's points up."""
        return values["limit"], sum(int(m[1:]) for m in modifiers if m.startswith("L"))

    def limit(self, ctx, opts) -> float:
        percentage, draws = opts.settings
        if sharly(opts):  # Sharly-Chess's KoyaTieBreak: half a win's points x the rounds ranked
            return 0.5 * ctx.t.scoring.win * ctx.k + draws * ctx.t.scoring.draw
        k, n = ctx.k, ctx.n
        games = k
        if ctx.t.system == "round-robin":
            if n and k % n == 0:
                games -= k // n
            pab = Kind.PAB  # a player never paired, a pairing-allocated bye counted as paired (as FIDE's checker)
            games -= sum(1 for es, opps in zip(ctx.entries, ctx.opp) if all(o < 0 and e.kind is not pab
                                                                            for e, o in zip(es, opps)))
        return percentage / 100 * ctx.t.scoring.win * games + draws * ctx.t.scoring.draw

    def compute(self, ctx, opts, groups=()):
        lim = self.limit(ctx, opts) - 1e-9
        pts = ctx.points
        return [sum(rp for rp, o in zip(ctx.round_points[i], ctx.opp[i]) if o >= 0 and pts[o] >= lim)
                for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        lim = self.limit(ctx, opts)
        parts = [Part(f"round {r + 1}", rp if ctx.points[o] >= lim - 1e-9 else None,
                      f"{ctx.label(o)} has {fmt(ctx.points[o])}" + ("" if ctx.points[o] >= lim - 1e-9 else " - below"),
                      r + 1)
                 for r, (rp, o) in enumerate(zip(ctx.round_points[i], ctx.opp[i])) if o >= 0]
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts, [f"limit {fmt(lim)} points"])


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (Buchholz(), ForeBuchholz(), SonnebornBerger(), AverageOfBuchholz(), Koya()):
        register(criterion)


KOYA_SHARLY = ("Sharly-Chess 4.2 (KoyaTieBreak): the limit half a win's points x the rounds ranked, whatever a "
               "round robin's players sit out (docs/sharly.md)")
SWISS_MANAGER = ("Swiss-Manager (docs/swissmanager.md): a round robin's unplayed rounds as a Swiss's, its free "
                 "round a pairing-allocated bye however spelt; a full-point bye a VUR for the cuts; a team's bye a "
                 "drawn match to its opponents")


@hookimpl
def brightwell_register_presets(register):
    for code in ("BH", "FB", "SB"):
        register(Preset(code, "swiss-manager", (("rules", "swiss-manager"),), SWISS_MANAGER))
    for code in ("BH", "FB", "SB"):
        register(Preset(code, "sharly", (("rules", "sharly"),), sharly_buchholz.SOURCE))
    register(Preset("KS", "sharly", (("rules", "sharly"),), KOYA_SHARLY))
