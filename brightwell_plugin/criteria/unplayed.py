"""FIDE C.07 art. 15-16: unplayed rounds, adjusted scores, dummy opponents, the cut exception.

Editions: ``2009`` (FIDE's rules of 2009-2022, Handbook C.02 13.15 / the 2022 tie-break text: a
virtual opponent; criteria/older_rules.py), ``2024`` (2023 and 2024-08 texts: dummy = own final
total, uncapped) and ``2026`` (16.4.1/16.4.2 caps). Default edition: from the tournament's date
(before 2023-07-01 -> 2009, before 2026-03-01 -> 2024; undated -> 2026, like FIDE's checker).
Round robins (15.2): forfeits count as games against the scheduled opponent and there are no
dummies; ``/S`` forces the Swiss rules.
"""

from __future__ import annotations

import re
from itertools import repeat
from operator import add, attrgetter, is_
from typing import NamedTuple

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import Options, Parameter
from brightwell_plugin.model import Kind

EDITIONS = (2009, 2024, 2026)  # FIDE's rules for unplayed rounds: of 2009-2022, of 2023/2024, of 2026
EDITION_STARTS = ((2024, (2023, 7, 1)), (2026, (2026, 3, 1)))  # the day each took over from the one before
CONVENTIONS = ("icu",)  # programs' conventions an event can be ranked by as a whole (``--edition icu``)
EDITION = Parameter("edition", "FIDE's rules for unplayed rounds: 2009 (of 2009-2022: a virtual opponent), 2024 "
                    "or 2026 (C.07) (default: from the event's date)", None, tuple(map(str, EDITIONS)), read=int)
RULES = Parameter("rules", "whose rules for unplayed rounds: fide (C.07, or the edition's), swiss-manager (as "
                  "Swiss-Manager computes: a round robin's unplayed rounds as in a Swiss (no art. 15.2), its free round "
                  "a pairing-allocated bye however spelt, a cut treats a full-point bye as a VUR (16.5), a team's bye "
                  "is a drawn match to its opponents), swiss-manager-2009 (its FIDE correction of 2009: virtual "
                  "opponents), swiss-manager-real (its uncorrected: real points; docs/swissmanager.md), sharly (as "
                  "Sharly-Chess computes: its adjusted scores, dummies and cuts; docs/sharly.md), or icu (as the Irish "
                  "federation's program: one's own unplayed round a 0-point opponent, an opponent's a draw; "
                  "docs/criteria.md)",
                  "fide", ("fide", "swiss-manager", "swiss-manager-2009", "swiss-manager-real", "sharly", "icu"))
DRAWN = Parameter("drawn", "of 2009-2022 (edition=2009): an opponent's unplayed rounds counted as draws: all (every "
                  "round he did not play over the board), or forfeits (forfeits only; byes and absences as scored)",
                  "all", ("all", "forfeits"))
_EDITION_OF_MODIFIER = {"V2009": 2009, "V2024": 2024, "V2026": 2026}
EDITION_MODIFIERS = tuple(_EDITION_OF_MODIFIER)
_VUR_KINDS = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.FORFEIT_LOSS)
_KIND_OF = attrgetter("kind")
_DATE = re.compile(r"^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})")


def edition(ctx: Context, opts: Options) -> int:
    """The edition asked for by ``edition=`` or a ``/V2024`` style modifier, else the context's
    (``--edition``), else from the event's date."""
    value = opts.values.get("edition")
    for m in opts.modifiers:
        value = _EDITION_OF_MODIFIER.get(m, value)
    if value is not None:
        return value
    if isinstance(ctx.edition, int):
        return ctx.edition
    return event_edition(ctx.t)


def event_edition(t) -> int:
    """The edition in force on the event's date (:func:`event_date`): FIDE's history is chess's, so
    an event of another game (Othello, Go, Scrabble: ``Tournament.game``) is never ranked by the
    rules of 2009 unless they are asked for."""
    return edition_of_date(event_date(t), EDITIONS[0] if t.game in (None, "chess") else EDITIONS[1])


def event_date(t) -> str | None:
    """The date the edition is chosen by: the event's start date, else its end date (None: neither
    is a date, ``YYYY-MM-DD``)."""
    return next((d for d in (t.start_date, t.end_date) if d and _DATE.match(d)), None)


def edition_of_date(start_date: str | None, oldest: int = EDITIONS[0]) -> int:
    """The edition in force on a date: 2009 before 2023-07-01, 2024 before 2026-03-01, else (or
    undated) 2026; never one older than ``oldest`` (FIDE's checker knows no rules before 2024)."""
    m = _DATE.match(start_date or "")
    if not m:
        return EDITIONS[-1]
    day, found = (int(m[1]), int(m[2]), int(m[3])), EDITIONS[0]
    for ed, start in EDITION_STARTS:
        if day >= start:
            found = ed
    return max(found, oldest)


def rules_of(ctx: Context, opts: Options) -> str:
    """Whose rules for unplayed rounds: the item's ``rules=`` (or its preset's), else the event's
    convention (``--edition icu``), else FIDE's."""
    named = any(key in ("rules", "preset") for key, _ in opts.item.options)
    if not named and ctx.edition in CONVENTIONS:
        return ctx.edition
    return opts.values.get("rules") or "fide"


def edition_read(opts: Options) -> dict[str, str]:
    """What :func:`edition` reads of the event: its start date, unless the item names an edition."""
    if opts.values.get("edition") is not None or any(m in _EDITION_OF_MODIFIER for m in opts.modifiers):
        return {}
    return {"start_date": "it decides which edition of FIDE's tie-breaks applies"}


def round_robin(ctx: Context, opts: Options) -> bool:
    """Whether art. 15.2 applies: a round robin, unless ``/S`` or Swiss-Manager's rules say otherwise."""
    return ctx.t.system == "round-robin" and "S" not in opts.modifiers and not swiss_manager(opts)


def swiss_manager(opts: Options) -> bool:
    """``rules=swiss-manager``: Swiss-Manager's departures from C.07 (docs/swissmanager.md)."""
    return opts.values.get("rules") == "swiss-manager"


def sharly(opts: Options) -> bool:
    """``rules=sharly``: Sharly-Chess's departures from C.07 (criteria/sharly_buchholz.py)."""
    return opts.values.get("rules") == "sharly"


def is_vur(kind: Kind) -> bool:
    """Voluntary unplayed round (16.1): requested byes, absences, forfeit losses."""
    return kind in _VUR_KINDS


class OpponentView(NamedTuple):
    """Per player: the score others see (16.3), the own score used for dummies, and per round
    whether it counts as a game against the scheduled opponent (``real``; read only: players whose
    every round counts share one list)."""

    adjusted: list[float]
    own: list[float]
    real: list[list[bool]]


def opponent_view(ctx: Context, fore: bool = False, rr: bool = False, as_played: bool = False) -> OpponentView:
    """Cached per context. ``fore``: a final-round pairing counts as a draw (Fore Buchholz).
    ``rr``: round-robin rules (absences are not drawn for opponents). ``as_played``: forfeits
    count as games against the scheduled opponent (``/P``, and always in round robins)."""
    return ctx.cached(("opponent view", fore, rr, as_played), lambda: _opponent_view(ctx, fore, rr, as_played))


def _opponent_view(ctx: Context, fore: bool, rr: bool, as_played: bool) -> OpponentView:
    """:func:`_opponent_view_each`, the usual rows at once: a player with a game against a real opponent
    in every round ranked has no unplayed round, so others see his score of those rounds and every
    round counts (16.3). Only the other rows (:func:`rows_apart`) are looked at one by one; with a
    Fore Buchholz final round, every row is."""
    k = ctx.k
    if fore and k >= ctx.R:
        return _opponent_view_each(ctx, fore, rr, as_played)
    every_round = [True] * k  # the usual players' rounds all count: one list, shared (read only)
    adjusted = list(map(add, repeat(0.0), map(sum, ctx.round_points)))
    own, real = list(ctx.points), [every_round] * ctx.n
    for i, adj, score, counted in _row_views(ctx, rows_apart(ctx), 0, rr, as_played, every_round):
        adjusted[i], own[i], real[i] = adj, score, counted
    return OpponentView(adjusted, own, real)


def rows_apart(ctx: Context) -> list[int]:
    """The players (indexes, in order) with a round ranked that is not a game against a real
    opponent (a record of another kind, or an opponent index of -1: none, or not a player)."""
    if not ctx.k:
        return list(range(ctx.n))
    game = Kind.GAME
    apart = {i for i, es in enumerate(ctx.entries) for e in es if e.kind is not game}
    apart.update(i for i, opps in enumerate(ctx.opp) if -1 in opps)
    return sorted(apart)


def _opponent_view_each(ctx: Context, fore: bool, rr: bool, as_played: bool) -> OpponentView:
    """The view, every row looked at (:func:`_row_views`): what :func:`_opponent_view` makes."""
    fore_round = ctx.k if fore and ctx.k >= ctx.R else 0
    adjusted, own, real = [], [], []
    for _, adj, score, counted in _row_views(ctx, range(ctx.n), fore_round, rr, as_played, [True] * ctx.k):
        adjusted.append(adj)
        own.append(score)
        real.append(counted)
    return OpponentView(adjusted, own, real)


def _row_views(ctx: Context, rows, fore_round: int, rr: bool, as_played: bool, every_round: list[bool]):
    """(i, adjusted score (16.3), own score, rounds that count) of each player ``i`` of ``rows``;
    ``every_round`` is the rounds that count of a player all of whose rounds count."""
    draw, k = ctx.t.scoring.draw, ctx.k
    # FB: a final-round pairing makes the unplayed rounds before it count as they scored, not as draws;
    # FIDE's checker (gacrux tiebreak.py, compute_buchholz_sonneborn_berger_ver) keeps that to the sums
    # over an event's own points, a team's match points: over a team's game points they stay draws
    over_match_points = not ctx.ranks_teams or ctx.match_points is ctx
    game, pending = Kind.GAME, Kind.PAIRED  # a pairing awaiting its result counts neither way (docs/rounds.md)
    for i in rows:
        es, opps, rp = ctx.entries[i], ctx.opp[i], ctx.round_points[i]
        last_non_vur = k - 1
        while last_non_vur >= 0 and es[last_non_vur].kind in _VUR_KINDS:
            last_non_vur -= 1
        if fore_round and over_match_points and (opps[k - 1] >= 0 or es[k - 1].kind is Kind.PAB):
            last_non_vur = k - 1
        if last_non_vur == k - 1:  # every round has an opponent, real or dummy (16.3): all count
            adj = 0.0 + sum(rp)
        else:
            adj = 0.0
            for r in range(k):
                adj += rp[r] if r <= last_non_vur or opps[r] >= 0 else (0.0 if rr else draw)
        if opps and min(opps) >= 0 and (all(map(is_, map(_KIND_OF, es), repeat(game)))
                                        or as_played and pending not in map(_KIND_OF, es)):
            counted = every_round  # a game against a real opponent every round: the usual case
        else:
            counted = [o >= 0 and (e.kind is game or r + 1 == fore_round or as_played and e.kind is not pending)
                       for r, (e, o) in enumerate(zip(es, opps))]
        score = ctx.points[i]
        if fore_round and opps[k - 1] >= 0:
            shift = draw - rp[k - 1]
            adj += shift
            score += shift
        yield i, adj, score, counted


def dummy_value(ctx: Context, view: OpponentView, i: int, r: int, ed: int) -> float:
    """Value of the dummy opponent for player i's unplayed round r (16.4)."""
    value = view.own[i]
    if ed >= 2026:
        o = ctx.opp[i][r]
        if o >= 0:  # 16.4.1: forfeits, capped at the scheduled opponent's adjusted score
            value = min(value, view.adjusted[o])
        else:  # 16.4.2: draw x number of rounds (rounds considered so far)
            value = min(value, ctx.t.scoring.draw * ctx.k)
    return value


def cut_counts(modifiers: frozenset[str], rounds: int | None = None) -> tuple[int, int]:
    """How many of the least and of the most significant values C1/C2/M1/M2 drop (of ``rounds``)."""
    low = 2 if ("C2" in modifiers or "M2" in modifiers) else 1 if ("C1" in modifiers or "M1" in modifiers) else 0
    high = 2 if "M2" in modifiers else 1 if "M1" in modifiers else 0
    if rounds is not None:
        low = min(low, rounds)
        high = min(high, rounds - low)
    return low, high


def cut_values(items: list[tuple[float, float, bool]], modifiers: frozenset[str],
               rounds: int | None = None) -> tuple[float, list[int]]:
    """Apply C1/C2/M1/M2 to ``(value, significance, is_vur)`` items; return (sum, cut indices).

    The least significant item has the lowest significance, then the lowest value. With VURs
    left, the low cut takes the lowest VUR value when it is not below the ordinary choice (16.5).
    """
    low, high = cut_counts(modifiers, rounds)
    if high == 0 and not any(item[2] for item in items):  # no VUR: the lowest by significance
        order = sorted(range(len(items)), key=lambda j: (items[j][1], items[j][0]))
        return sum(items[j][0] for j in order[low:]), order[:low]
    alive = list(range(len(items)))
    cut: list[int] = []
    for _ in range(low):
        if not alive:
            break
        ordinary = min(alive, key=lambda j: (items[j][1], items[j][0]))
        vurs = [j for j in alive if items[j][2]]
        choice = ordinary
        if vurs:
            lowest_vur = min(vurs, key=lambda j: (items[j][0], items[j][1]))
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
