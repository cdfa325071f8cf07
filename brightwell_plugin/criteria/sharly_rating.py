"""Sharly-Chess's average rating of the opponents and performance (``ARO:rules=sharly``,
``TPR:rules=sharly``; its data/tie_breaks/tie_breaks.py), which depart from FIDE C.07 art. 10:

* a player's rating is the one Sharly ranks by: his rating, else the rating Sharly estimated for
  him (``Player.extra`` "estimated rating"), else 0. Sharly leaves these tie-breaks out of its list
  when a player is rated 0, or estimated unless the tie-break allows estimates: a list it ranks by
  counts every estimate;
* the games are those played over the board (rated or not);
* ARO: 0 when the cuts are as many as the rounds ranked; the mean rounded half up;
* TPR: the fraction of the points scored rounded to hundredths as Python rounds (half to even,
  of the float), the dp taken at the whole percentage below it as a float gives it (0.57 → 56.99…
  → the dp of 6 points from 50 %), and the mean rating plus dp rounded half up once."""

from __future__ import annotations

from math import floor

from brightwell_plugin.criteria.fide_tables import _DP_UPPER
from brightwell_plugin.model import ESTIMATED_RATING, Kind

SOURCE = ("Sharly-Chess 4.2 (data/tie_breaks/tie_breaks.py): every rating it ranks by (an estimate included), "
          "the games played over the board, its rounding")


def sharly_rating(p) -> int:
    """The rating Sharly ranks a player by: his rating, else its estimate, else 0."""
    if p.rating:
        return p.rating
    text = dict(p.extra).get(ESTIMATED_RATING, "")
    return int(text) if text.isdigit() else 0


def _games(ctx, i: int) -> list[tuple[int, float]]:
    """(opponent index, points) of each game player ``i`` played over the board."""
    return [(o, ctx.round_points[i][r]) for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i]))
            if o >= 0 and e.kind is Kind.GAME]


def sharly_games(ctx, i: int) -> list[tuple[int, float]]:
    """(opponent's rating as Sharly ranks by, points) of each game player ``i`` played over the board."""
    rating = ctx.cached("sharly ratings", lambda: [sharly_rating(p) for p in ctx.t.players])
    return [(rating[o], points) for o, points in _games(ctx, i)]


def _round_ranking(x: float) -> int:
    """Sharly's ``Utils.round_ranking``: the whole part, one more from a half."""
    whole = int(x)
    return whole + 1 if x - whole >= 0.5 else whole


def _bonus(fraction: float) -> int:
    """Sharly's ``Utils.performance_bonus``."""
    bonus = _DP_UPPER[floor(abs(50 - 100 * fraction))]
    return -bonus if fraction < 0.5 else bonus


def sharly_aro(ctx, low: int, high: int) -> list[float]:
    """``AverageRatingOpponentsTieBreak``: the mean rating of the opponents met over the board,
    ``low`` lowest and ``high`` highest left out."""
    rating = ctx.cached("sharly ratings", lambda: [sharly_rating(p) for p in ctx.t.players])
    out = []
    for i in range(ctx.n):
        ratings = sorted(rating[o] for o, _ in _games(ctx, i))
        kept = ratings[low:len(ratings) - high]
        out.append(0.0 if low + high >= ctx.k or not kept else float(_round_ranking(sum(kept) / len(kept))))
    return out


def sharly_tpr(ctx) -> list[float]:
    """``TournamentPerformanceRatingTieBreak``."""
    rating = ctx.cached("sharly ratings", lambda: [sharly_rating(p) for p in ctx.t.players])
    win, out = ctx.t.scoring.win, []
    for i in range(ctx.n):
        games = _games(ctx, i)
        if not games:
            out.append(0.0)
            continue
        mean = sum(rating[o] for o, _ in games) / len(games)
        fraction = round(sum(s for _, s in games) / (len(games) * win), 2)
        out.append(float(_round_ranking(mean + _bonus(fraction))))
    return out
