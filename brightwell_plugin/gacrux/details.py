"""gacrux's ``tiebreakDetails`` (``-c``): for each competitor and tie-break, its value and the terms
it was made of, round by round, in the shape gacrux 1.11.65 writes them (its ``tiebreak.py`` keeps
them per criterion: the round's points, the opponent's score, the rating met ...; ``cut`` lists the
rounds a cut dropped; DE's mini-table scores, loop by loop).

The terms are this project's own: the rounds' points of the ranking's context, the Buchholz
family's items, the rating criteria's games and ratings. Decimal terms are written as gacrux's
decimals come out: points with one decimal, a product of two (SB) with two.
"""

from __future__ import annotations

from collections.abc import Callable

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.buchholz import Buchholz, ForeBuchholz
from brightwell_plugin.criteria.unplayed import cut_counts
from brightwell_plugin.model import Kind

Terms = Callable[[Context, object, object, int], dict]  # (ctx, criterion, options, player) -> keys after "val"


def _one(x: float) -> str:
    return f"{x:.1f}"


def _rounds(ctx: Context, i: int, value: Callable) -> dict:
    return {str(r + 1): value(e, pts) for r, (e, pts) in enumerate(zip(ctx.entries[i], ctx.round_points[i]))}


def points(ctx, criterion, opts, i) -> dict:
    """PTS: each round's points; ``adj`` what was given outside the rounds, ``top`` nothing."""
    bonus = ctx.t.players[i].bonus
    return {**_rounds(ctx, i, lambda e, pts: _one(pts)), "adj": _one(bonus) if bonus else 0, "top": 0}


def standard(ctx, criterion, opts, i) -> dict:
    """STD: 1, 1/2 or 0 a round (gacrux starts its sum with a round 0 of 0.0)."""
    draw = ctx.t.scoring.draw
    return {"0": "0.0", **_rounds(ctx, i, lambda e, pts: "1.0" if pts > draw else "0.5" if pts == draw else "0.0")}


def counted(ctx, criterion, opts, i) -> dict:
    """WON, BPG, BWG, REP: 1 for each round the criterion counts, else 0."""
    scoring = ctx.t.scoring
    return _rounds(ctx, i, lambda e, pts: int(criterion.counts(e, pts, scoring)))


def wins(ctx, criterion, opts, i) -> dict:
    """WIN: 1 for each round that gave a win's points."""
    win = ctx.t.scoring.win
    return _rounds(ctx, i, lambda e, pts: int(pts == win))


def progressive(ctx, criterion, opts, i) -> dict:
    """PS: the score after each round; the first rounds a cut drops."""
    low = 2 if "C2" in opts.modifiers else 1 if "C1" in opts.modifiers else 0
    out, total = {"cut": list(range(1, min(low, ctx.k) + 1))}, 0.0
    for r, pts in enumerate(ctx.round_points[i]):
        total += pts
        out[str(r + 1)] = _one(total)
    return out


def koya(ctx, criterion, opts, i) -> dict:
    """KS: the points of each round with an opponent; cut where the opponent is below the limit."""
    limit, scored = criterion.limit(ctx, opts) - 1e-9, ctx.points
    out: dict = {"cut": []}
    for r, (pts, o) in enumerate(zip(ctx.round_points[i], ctx.opp[i])):
        if o >= 0:
            out[str(r + 1)] = _one(pts)
            if scored[o] < limit:
                out["cut"].append(r + 1)
    return out


def opponents_sum(ctx, criterion, opts, i) -> dict:
    """BH, FB, SB: each round's term (the opponent's adjusted score, a dummy's, times the points
    scored for SB), and the rounds cut, in the order cut."""
    view, ed, rr = criterion._setup(ctx, opts)
    items = criterion._items(ctx, view, ed, rr, i)
    places = "{:.2f}" if criterion.weighted else "{:.1f}"
    return {"cut": cut_rounds(items, *cut_counts(opts.modifiers, ctx.k)),
            **{str(r + 1): places.format(value) for value, _, _, r in items}}


def cut_rounds(items: list[tuple], low: int, high: int) -> list[int]:
    """The rounds a cut drops, in the order dropped, as gacrux picks among equal terms: the
    terms (value, opponent's score, VUR, round) stay in the order of the last sort that cut one
    (:func:`~brightwell_plugin.criteria.unplayed.cut_values` drops terms of the same values)."""
    left, cut = list(items), []
    for _ in range(low):
        if not left:
            break
        ordinary = sorted(left, key=lambda t: (t[1], t[0]))
        vur_first = sorted(left, key=lambda t: (not t[2], t[0], t[1]))
        left = vur_first if vur_first[0][2] and not ordinary[0][0] > vur_first[0][0] else ordinary
        cut.append(left.pop(0)[3] + 1)
    for _ in range(high):
        if not left:
            break
        left = sorted(left, key=lambda t: (-t[1], -t[0]))
        cut.append(left.pop(0)[3] + 1)
    return cut


def average_of_buchholz(ctx, criterion, opts, i) -> dict:
    """AOB: the Buchholz of each opponent met over the board."""
    bh = ctx.cached(("checker AOB", opts.modifiers), lambda: (ForeBuchholz() if "F" in opts.modifiers else Buchholz())
                    .values_with_cuts(ctx, opts))
    return {"cut": [], **{str(r + 1): _one(bh[o]) for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i]))
                          if o >= 0 and e.kind is Kind.GAME}}


def rating_games(ctx, criterion, opts, i) -> dict:
    """ARO, TPR, PTP: the rating of each opponent met over the board (unrated ones given a rating
    when one is assigned); the rounds of the games cut, lowest rating first then highest. As gacrux
    counts, each game against an unrated opponent takes one cut, and cuts nothing."""
    assigned, ratings = opts.settings.assigned, [p.rating for p in ctx.t.players]
    games = [(r + 1, ratings[o]) for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i]))
             if o >= 0 and e.kind is Kind.GAME]
    rated = [(r, assigned if rating is None else rating) for r, rating in games if rating is not None or assigned is not None]
    out: dict = {"cut": []}
    out.update((str(r), rating) for r, rating in rated)
    low = min(opts.settings.low_cut, ctx.k)
    high = min(opts.settings.high_cut, ctx.k - low)
    unmatched, left = len(games) - len(rated), sorted(rated, key=lambda g: g[1])
    for end in [0] * low + [-1] * high:  # a cut falls on a game against an unrated opponent first (cutting nothing)
        if unmatched:
            unmatched -= 1
        elif left:
            out["cut"].append(left.pop(end)[0])
    return out


def average_rating(ctx, criterion, opts, i) -> dict:
    """APRO, APPO: the performance of each opponent met over the board, where he has one."""
    of = ctx.cached(("checker", criterion.name), lambda: criterion.of().per_player(ctx, opts)) or [None] * ctx.n
    return {"cut": [], **{str(r + 1): of[o] for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i]))
                          if o >= 0 and e.kind is Kind.GAME and of[o] is not None}}


def value_only(ctx, criterion, opts, i) -> dict:
    """TPN, RTNG: the value alone (DE's loops are :func:`~brightwell_plugin.gacrux.loops.direct_encounter_loops`')."""
    return {}


TERMS: dict[str, Terms] = {  # by the working a criterion says gacrux shows of it (Checked.terms)
    "points": points, "standard": standard, "wins": wins, "counted": counted, "progressive": progressive,
    "koya": koya, "opponents": opponents_sum, "buchholz average": average_of_buchholz,
    "rating games": rating_games, "average rating": average_rating, "value": value_only,
}


def details(ctx: Context, columns: list, bound: list, loops: dict[int, dict], competitors: list[dict],
            totals: dict, match: int = 1) -> dict:
    """Each competitor's ``tiebreakDetails`` by start number: for each column, the description, the
    value as written, and the terms: what its loops showed (``loops``: DE's, the EDE chains', TBR's
    and BBE's, by column), else its working (:data:`TERMS`), over the score it is over; in a team
    event, BC's boards (``totals``: each team's points board by board) and, where a match point has
    ``match`` decimals, each decimal term with its column's."""
    index = ctx.index
    out = {}
    for c in competitors:
        no = c["cid"]
        out[no] = [{"desc": column.entry["desc"], "val": value,
                    **(loops[j].get(no, {}) if j in loops else _terms(ctx, column, b, index[no], totals, match))}
                   for j, (column, b, value) in enumerate(zip(columns, bound, c["tiebreakScore"]))]
    return out


def _terms(ctx: Context, column, bound, i: int, totals: dict, match: int) -> dict:
    """One value's working (no loops): see :func:`details`."""
    _, criterion, opts = bound
    kind = column.terms
    if kind == "points":  # the score the column is over
        terms = points(ctx.game_points if column.entry["pointtype"] == "gpoints" else ctx, criterion, opts, i)
    elif kind == "boards":
        no = ctx.t.players[i].start_no
        terms = {str(b): f"{b * v:.1f}" for b, v in enumerate(totals[no], 1)} if ctx.k else {}
    elif kind == "extended opponents":  # the opponents' one score times the team's other
        terms = opponents_sum(criterion._mixed(ctx), criterion, opts, i)
    elif kind in TERMS:
        inner = getattr(criterion, "inner", criterion)  # an item over game points (BH:GP)
        terms = TERMS[kind](ctx.game_points if inner is not criterion else ctx, inner, opts, i)
    else:
        terms = {}
    if match != 1 and column.written not in ("board count", "combination"):  # as the sums' decimals
        terms = {k: f"{float(v):.{column.decimals}f}" if isinstance(v, str) and "." in v and k != "cut" else v
                 for k, v in terms.items()}
    return terms
