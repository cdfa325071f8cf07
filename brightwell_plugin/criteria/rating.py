"""Rating-based FIDE criteria (C.07 art. 10): ARO, TPR, PTP, APRO, APPO, RTNG.

Unrated players present: every value is 0 (art. 10: the tie-break is dropped) unless a rating
is assigned to them with ``unrated=RATING`` or ``/U<rating>``. ``floor=RATING`` counts every
rating below it, and every unrated player, as it (Swiss-Manager's minimum rating). Only games
played over the board count; forfeits never do.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from brightwell_plugin.criteria.base import (
    Checked,
    Criterion,
    Parameter,
    Part,
    Preset,
    explanation,
    whole_number,
)
from brightwell_plugin.criteria.fide_tables import dp, pd_hundredths
from brightwell_plugin.criteria.sharly_rating import SOURCE as SHARLY, sharly_aro, sharly_games, sharly_tpr
from brightwell_plugin.plugin import digits, hookimpl, Result

UNRATED = Parameter("unrated", "rating given to unrated players (else unrated players drop the tie-break)",
                    read=whole_number)
FLOOR = Parameter("floor", "ratings below it, and unrated players, count as it (Swiss-Manager's minimum rating)",
                  read=whole_number)
RULES = Parameter("rules", "whose rules: fide (C.07 art. 10), or sharly (Sharly-Chess's: an estimated rating "
                  "counts, its rounding; docs/sharly.md)", "fide", ("fide", "sharly"))
_RATING_POINTS = {Result.WIN: 1.0, Result.DRAW: 0.5, Result.LOSS: 0.0}


@dataclass(frozen=True, slots=True)
class RatingRule:
    """The rating given to unrated players (``unrated=``, ``/U1800``), the lowest rating counted
    (``floor=``), and the games cut (``/C1``, ``/M1``)."""

    assigned: int | None
    low_cut: int
    high_cut: int
    floor: int | None = None


def rating_rule(values, modifiers) -> RatingRule:
    assigned = values.get("unrated")
    for m in modifiers:
        if m.startswith("U") and digits(m[1:]):
            assigned = int(m[1:])
    low = 2 if ("C2" in modifiers or "M2" in modifiers) else 1 if ("C1" in modifiers or "M1" in modifiers) else 0
    high = 2 if "M2" in modifiers else 1 if "M1" in modifiers else 0
    return RatingRule(assigned, low, high, values.get("floor"))


def ratings(ctx, opts) -> list[int] | None:
    """Each player's rating (unrated ones assigned); None when the tie-break is dropped."""
    rule = opts.settings
    out = [rule.assigned if p.rating is None else p.rating for p in ctx.t.players]
    if rule.floor is not None:
        out = [rule.floor if r is None or r < rule.floor else r for r in out]
    return None if any(r is None for r in out) else out


def half_up(x: float) -> int:
    return int(Decimal(repr(x)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def otb(ctx, opts, rtg, i):
    """(rating, rating points) per opponent met over the board, after the item's cuts."""
    # stable by rating: among equal ratings the earliest round is cut first (as FIDE's checker)
    games = sorted(((rtg[o], _RATING_POINTS[e.result])
                    for e, o in zip(ctx.entries[i], ctx.opp[i]) if o >= 0 and e.is_game), key=lambda g: g[0])
    low = min(opts.settings.low_cut, len(games))
    high = min(opts.settings.high_cut, len(games) - low)
    return games[low:len(games) - high]


def aro(games) -> int | None:
    return half_up(sum(r for r, _ in games) / len(games)) if games else None


def tpr(games) -> int | None:
    if not games:
        return None
    score100 = round(sum(s for _, s in games) * 100)
    return aro(games) + dp(half_up(score100 / len(games)))


def ptp(games) -> int | None:
    """Lowest rating whose expected score over the opponents reaches the score (table 8.1.2)."""
    if not games:
        return None
    rs = [r for r, _ in games]
    target = round(sum(s for _, s in games) * 100)
    if target == 0:
        return min(rs) - 800
    lo, hi = min(rs) - 800, max(rs) + 800
    while lo < hi:
        mid = (lo + hi) // 2
        if sum(pd_hundredths(mid - r) for r in rs) >= target:
            hi = mid
        else:
            lo = mid + 1
    return lo


class _Rating(Criterion):
    whole = True
    parameters = (UNRATED, FLOOR)
    modifiers = ("C1", "C2", "M1", "M2", "U*")
    formula = staticmethod(aro)

    def settle(self, values, modifiers, item):
        return rating_rule(values, modifiers)

    def per_player(self, ctx, opts):
        rtg = ratings(ctx, opts)
        if rtg is None:
            return None
        return [self.formula(otb(ctx, opts, rtg, i)) for i in range(ctx.n)]

    def compute(self, ctx, opts, groups=()):
        vals = self.per_player(ctx, opts)
        return [0.0] * ctx.n if vals is None else [float(v or 0) for v in vals]

    def explain(self, ctx, opts, i, groups=()):
        if opts.values.get("rules") == "sharly":
            parts = [Part(f"opponent rated {r}", s, "points scored") for r, s in sharly_games(ctx, i)]
            return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts, ["Sharly-Chess's rules"])
        rtg = ratings(ctx, opts)
        if rtg is None:
            return explanation(ctx, opts, i, 0.0, [], ["unrated players present: dropped (art. 10); "
                                                        "give unrated=RATING to compute it"])
        games = otb(ctx, opts, rtg, i)
        parts = [Part(f"opponent rated {r}", s, "points scored") for r, s in games]
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts)


class AverageRatingOfOpponents(_Rating):
    name = "ARO"
    checker = Checked(written="rating", modifiers=(("cutlow", 0), ("cuthigh", 0), ("unrated", None)), terms="rating games")
    title = "Average rating of opponents"
    source = "FIDE C.07 art. 10.1: opponents met over the board, rounded half up"
    parameters = (UNRATED, FLOOR, RULES)

    def compute(self, ctx, opts, groups=()):
        if opts.values.get("rules") == "sharly":
            return sharly_aro(ctx, opts.settings.low_cut, opts.settings.high_cut)
        return super().compute(ctx, opts, groups)


class PerformanceRating(_Rating):
    name = "TPR"
    checker = Checked(written="rating", modifiers=(("unrated", None),), terms="rating games")
    title = "Tournament performance rating"
    source = "FIDE C.07 art. 10.2: ARO + dp(p), p rounded to hundredths (B.02 table 8.1.1)"
    formula = staticmethod(tpr)
    parameters = (UNRATED, FLOOR, RULES)

    def compute(self, ctx, opts, groups=()):
        if opts.values.get("rules") == "sharly":
            return sharly_tpr(ctx)
        return super().compute(ctx, opts, groups)


class PerfectPerformance(_Rating):
    name = "PTP"
    checker = Checked(written="rating", modifiers=(("unrated", None),), terms="rating games")
    title = "Perfect tournament performance"
    source = "FIDE C.07 art. 10.3: lowest rating expected to score the points (B.02 table 8.1.2)"
    formula = staticmethod(ptp)


class _AverageOfOpponents(_Rating):
    of: type[_Rating]

    def compute(self, ctx, opts, groups=()):
        vals = self.of().per_player(ctx, opts)
        if vals is None:
            return [0.0] * ctx.n
        out = []
        for opps in ctx.otb_opponents:
            got = [vals[o] for o in opps if vals[o] is not None]
            out.append(float(half_up(sum(got) / len(got))) if got else 0.0)
        return out


class AveragePerformanceOfOpponents(_AverageOfOpponents):
    name = "APRO"
    checker = Checked(written="rating average", modifiers=(("unrated", None),), terms="average rating")
    title = "Average performance rating of opponents"
    source = "FIDE C.07 art. 10.4: mean of the OTB opponents' TPR, rounded half up"
    of = PerformanceRating


class AveragePerfectPerformanceOfOpponents(_AverageOfOpponents):
    name = "APPO"
    checker = Checked(written="rating average", modifiers=(("unrated", None),), terms="average rating")
    title = "Average perfect performance of opponents"
    source = "FIDE C.07 art. 10.5: mean of the OTB opponents' PTP, rounded half up"
    of = PerfectPerformance


class OwnRating(Criterion):
    whole = True
    name = "RTNG"
    checker = Checked(written="rating", modifiers=(("unrated", None),), terms="value")
    title = "Rating"
    source = "FIDE C.07 art. 10.6 (2026): the player's rating, highest first; /R lowest first"
    parameters = (UNRATED,)
    modifiers = ("R", "U*")

    def settle(self, values, modifiers, item):
        return rating_rule(values, modifiers)

    def compute(self, ctx, opts, groups=()):
        rtg = ratings(ctx, opts)
        return [0.0] * ctx.n if rtg is None else [float(r) for r in rtg]

    def order_keys(self, ctx, opts, values, groups=()):
        return [-v for v in values] if "R" in opts.modifiers else values


@hookimpl
def brightwell_register_criteria(register):
    for c in (AverageRatingOfOpponents(), PerformanceRating(), PerfectPerformance(),
              AveragePerformanceOfOpponents(), AveragePerfectPerformanceOfOpponents(), OwnRating()):
        register(c)


@hookimpl
def brightwell_register_presets(register):
    for code in ("ARO", "TPR"):
        register(Preset(code, "sharly", (("rules", "sharly"),), SHARLY))

