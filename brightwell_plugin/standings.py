"""Ordering players by a list of criteria: shared ranks, group criteria, interim rounds."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import groupby, repeat
from math import floor
from operator import add, mul
from typing import Any

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import Criterion, Explanation, Options
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import constructor
from brightwell_plugin.limits import digits
from brightwell_plugin.model import Tournament, tie_key
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.tiebreak_spec import SpecItem, parse_item, parse_spec

WITH_SCORES = "PTS,BQ:preset=woc,DISCS"  # game scores on a known board (BQ substitutes half of it for a bye)
WITH_SCORES_NO_BOARD = "PTS,SPREAD"  # game scores without a board size (Scrabble): no substitute needed
WITHOUT_SCORES = "PTS,BH/C1,BH,SB"


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings: the place (shared places share it), the player and his values."""

    rank: int
    start_no: int
    name: str
    values: tuple[float, ...]


new_row = constructor(Row)


@dataclass(frozen=True)
class Standings:
    """The ranked event: the items as written, one row per player in order, after which round."""

    items: tuple[SpecItem, ...]
    rows: tuple[Row, ...]
    after_round: int
    points: tuple[float, ...] = ()  # each player's points after ``after_round``, in the file's player order
    unlisted: tuple[Row, ...] = ()  # players the event's standings leave out (Player.listed), rank 0
    ranks_teams: bool = False  # its rows are the teams of a team event
    withdrawn: tuple[tuple[int, int], ...] = ()  # (start number, the round he withdrew after), by after_round

    @property
    def headings(self) -> tuple[str, ...]:
        return tuple(item.text for item in self.items)

    def as_records(self) -> list[dict[str, Any]]:
        """One dict per player: rank, start_no, name, then each item as written; and for a player who
        withdrew, ``withdrawn_after``."""
        out = dict(self.withdrawn)
        return [{"rank": r.rank, "start_no": r.start_no, "name": r.name, **dict(zip(self.headings, r.values)),
                 **({"withdrawn_after": out[r.start_no]} if r.start_no in out else {})} for r in self.rows]


def rank_text(rank: int, shared: bool) -> str:
    """A rank as standings print it: ``3`` alone, ``3=`` when shared."""
    return f"{rank}=" if shared else str(rank)


def shared_ranks(standings: Standings) -> set[int]:
    counts: dict[int, int] = {}
    for r in standings.rows:
        counts[r.rank] = counts.get(r.rank, 0) + 1
    return {rank for rank, n in counts.items() if n > 1}


TEAM_DEFAULT = "MPTS,GPTS"  # the teams' list of a team file that names none


def default_spec(t: Tournament) -> str:
    """The list ``t`` declares (a team view's: :data:`TEAM_DEFAULT` when it declares none); else BQ for
    events with game scores on a known board, the spread for game scores without one, FIDE-style
    for events without game scores."""
    if t.tiebreaks:
        return ",".join(t.tiebreaks)
    if t.ranks_teams:
        return TEAM_DEFAULT
    if not t.has_game_scores:
        return WITHOUT_SCORES
    return WITH_SCORES if t.board else WITH_SCORES_NO_BOARD


def view(t: Tournament) -> Tournament:
    """What the standings of ``t`` rank, chosen once: a team event's teams (its team view,
    teams/view.py); an individual event's players, and a view (:func:`players_view` too), are what
    they rank already. What ranks, explains and checks takes the event or a view: no flag goes further."""
    if not _team_event(t):
        return t
    # a team event's only: an individual rank loads no team module (benchmarks/bench_start.py)
    from brightwell_plugin.teams.view import team_view
    return team_view(t)


def players_view(t: Tournament) -> Tournament:
    """A team event's players (the board standings): the event without its teams, and without the
    list it declares when that is the teams' (its one list is theirs unless the teams have one
    apart); an individual event, or a view, as it is."""
    if not _team_event(t):
        return t
    return replace(t, teams=None, tiebreaks=t.tiebreaks if t.teams.tiebreaks else ())


def _team_event(t: Tournament) -> bool:
    """Whether ``t`` is a team event as read (not a view of one): the one test of what is ranked."""
    return t.teams is not None and not t.ranks_teams


def bind(spec: str | Sequence[str] | None, t: Tournament, host: Host):
    """(item, criterion, options) of ``spec`` (default: :func:`default_spec`) for ranking ``t``."""
    return configured(default_spec(t) if spec is None else spec, host, t.ranks_teams)


def configured(spec: str | Sequence[str], host: Host, teams: bool = False):
    """(item, criterion, options) for each item of ``spec``; an unknown or misconfigured item
    raises :class:`BrightwellError` naming it. Ranking ``teams``, an item may end in ``:MP`` (over
    match points, the view's own score) or ``:GP`` (the criterion computed over game points).
    Configured once per spec until a plugin comes or goes (a batch ranks thousands of files by one)."""
    key = (spec if isinstance(spec, str) else tuple(spec), teams)
    try:
        hash(key)
    except TypeError:  # an item that is no text: configured each time
        return _configured(spec, host, teams)
    return list(host.criteria.remembered(key, lambda: tuple(_configured(spec, host, teams))))


def _configured(spec: str | Sequence[str], host: Host, teams: bool = False) -> list:
    """:func:`configured`, configured anew."""
    out = []
    for item in parse_spec(spec):
        try:
            score = item.option("score") if teams else None
            plain = parse_item(_without_score(item)) if score else item
            criterion = host.criterion(plain.code)
            opts = host.criteria.configure(plain)
            out.append((item, OverGamePoints(criterion) if score == "GP" else criterion,
                        replace(opts, item=item) if score else opts))
        except BrightwellError as exc:
            raise exc.at(place=item.text) from None
    return out


def _without_score(item: SpecItem) -> str:
    """The item written without its ``:MP`` or ``:GP``."""
    options = [f"{k}={v}" for k, v in item.options if k != "score"]
    return "/".join([item.code, *item.modifiers]) + "".join(f":{o}" for o in options)


class OverGamePoints(Criterion):
    """A criterion computed over a team view's game points (``BH:GP``): the same formula, on
    ``ctx.game_points``."""

    def __init__(self, inner: Criterion):
        self.inner = inner
        self.name, self.title, self.source = inner.name, inner.title, inner.source
        self.group_based, self.whole = inner.group_based, inner.whole
        self.higher_first, self.ranks, self.checker = inner.higher_first, inner.ranks, inner.checker

    def compute(self, ctx, opts, groups=()):
        return self.inner.compute(ctx.game_points, opts, groups)

    def order_keys(self, ctx, opts, values, groups=()):
        return self.inner.order_keys(ctx.game_points, opts, values, groups)

    def explain(self, ctx, opts, i, groups=()):
        return self.inner.explain(ctx.game_points, opts, i, groups)


def _norm(key: Any) -> Any:
    """Comparable key with float noise removed (values equal to 1e-9 compare equal)."""
    if type(key) is float or type(key) is int:
        return floor(key * 1e9 + 0.5)
    if isinstance(key, tuple):
        return tuple(_norm(k) for k in key)
    return key


_PLAIN_NUMBERS = frozenset((float, int))


def _norm_all(keys: Sequence[Any]) -> list[Any]:
    """:func:`_norm` of each key; plain numbers (as nearly always) in C: floor(k * 1e9 + 0.5)."""
    if set(map(type, keys)) <= _PLAIN_NUMBERS:
        return list(map(floor, map(add, map(mul, keys, repeat(1e9)), repeat(0.5))))
    return [_norm(k) for k in keys]


Step = tuple[SpecItem, Criterion, Options, list[list[int]], list[float]]


def _steps(ctx: Context, bound) -> Iterator[Step]:
    """Apply each criterion to the groups still tied; yield it with the groups it saw."""
    order = sorted(range(ctx.n), key=lambda i: ctx.t.players[i].start_no)
    groups: list[list[int]] = [order] if order else []
    ctx.spec = tuple(bound)  # a criterion that looks at the others (OpenGotha's DC) finds them here
    for item, criterion, opts in bound:
        seen = groups
        try:
            values = criterion.compute(ctx, opts, seen if criterion.group_based else ())
            keys = criterion.order_keys(ctx, opts, values, seen)
        except BrightwellError as exc:
            raise exc.at(place=item.text) from None
        yield item, criterion, opts, seen, values
        groups = []
        norm = _norm_all(keys)
        for g in seen:
            if len(g) == 1:
                groups.append(g)
                continue
            key = norm.__getitem__
            groups.extend(list(run) for _, run in groupby(sorted(g, key=key, reverse=True), key))
    yield None, None, None, groups, []  # type: ignore[misc]


def rank(t: Tournament, spec: str | Sequence[str] | None, after_round: int | None, host: Host,
         edition: int | str | None = None) -> Standings:
    """Standings of what ``t`` ranks (:func:`view`: a team event's teams, unless ``t`` is its
    players' view) under ``spec`` (see :func:`default_spec`), after ``after_round``; ``edition`` is
    the rules for unplayed rounds of items that name none (2009, 2024, 2026, ``icu``; None: by the date)."""
    t = view(t)
    return _rank(t, bind(spec, t, host), after_round, edition)


def rank_stepwise(t: Tournament, spec: str | Sequence[str] | None, after_round: int | None, host: Host,
                  edition: int | str | None = None) -> tuple[Standings, list[list[list[int]]]]:
    """:func:`rank`, and the groups of players (indices into what is ranked) still tied before each
    item of the list, then after the last: what each item parted."""
    steps: list[list[list[int]]] = []
    t = view(t)
    return _rank(t, bind(spec, t, host), after_round, edition, steps), steps


def _rank(t: Tournament, bound: list, after_round, edition, steps: list | None = None) -> Standings:
    ctx = Context(t, after_round, edition)
    columns = []
    groups: list[list[int]] = []
    for item, criterion, _, seen, values in _steps(ctx, bound):
        if steps is not None:
            steps.append(seen)
        if item is None:
            groups = seen
        else:  # one type a criterion: ints where whole by definition (Criterion.whole), else floats
            columns.append([round(v) for v in values] if criterion.whole else list(map(float, values)))
    rows, unlisted, position, players = [], [], 1, t.players
    values = list(zip(*columns)) if columns else [()] * ctx.n  # each player's values, transposed in C
    listed_in = 0
    for g in groups:
        for i in (g if len(g) == 1 else sorted(g, key=tie_key(t))):
            p = players[i]
            if p.listed:
                rows.append(new_row(position, p.start_no, p.name, values[i]))
                listed_in += 1
            else:
                unlisted.append(new_row(0, p.start_no, p.name, values[i]))
        position += listed_in
        listed_in = 0
    withdrawn = tuple((p.start_no, p.withdrawn_after) for p in players
                      if p.withdrawn_after is not None and p.withdrawn_after < ctx.k)
    return Standings(tuple(b[0] for b in bound), tuple(rows), ctx.k, tuple(ctx.points), tuple(unlisted),
                     t.ranks_teams, withdrawn)


def explain_everyone(t: Tournament, spec: str | Sequence[str] | None, after_round: int | None, host: Host,
                     edition: int | str | None = None, players: Sequence[int] | None = None) -> list[list[Explanation]]:
    """:func:`explain` for every player of what ``t`` ranks (:func:`view`) in the file's order, or
    for ``players`` (indices), sharing one context."""
    t = view(t)
    ctx = Context(t, after_round, edition)
    chosen = range(ctx.n) if players is None else players
    out: list[list[Explanation]] = [[] for _ in chosen]
    for item, criterion, opts, seen, _ in _steps(ctx, bind(spec, t, host)):
        if item is not None:
            try:
                for explained, i in zip(out, chosen):
                    explained.append(criterion.explain(ctx, opts, i, seen))
            except BrightwellError as exc:
                raise exc.at(place=item.text) from None
    return out


def find_player(t: Tournament, who: str | int) -> int:
    """Index of a player (a team, in a team view) by start number or by (unique, case-insensitive)
    name or part of it."""
    text = str(who).strip()
    if digits(text):
        for i, p in enumerate(t.players):
            if p.start_no == int(text):
                return i
        raise BrightwellError(f"no player with start number {text}")
    exact = [i for i, p in enumerate(t.players) if p.name.casefold() == text.casefold()]
    part = exact or [i for i, p in enumerate(t.players) if text.casefold() in p.name.casefold()]
    if len(part) == 1:
        return part[0]
    if not part:
        what = "team" if t.ranks_teams else "player"
        hint = " (the event ranks its teams: --boards explains its players)" if t.ranks_teams else ""
        raise BrightwellError(f"no {what} named '{text}'{hint}")
    names = ", ".join(f"#{t.players[i].start_no} {t.players[i].name}" for i in part[:5])
    raise BrightwellError(f"'{text}' matches several players ({names}); use a start number")


def explain(t: Tournament, who: str | int, spec: str | Sequence[str] | None, after_round: int | None,
            host: Host, edition: int | str | None = None) -> list[Explanation]:
    """How each criterion's value for one player of what ``t`` ranks (:func:`view`) was obtained."""
    t = view(t)
    i = find_player(t, who)
    ctx = Context(t, after_round, edition)
    out = []
    for item, criterion, opts, seen, _ in _steps(ctx, bind(spec, t, host)):
        if item is not None:
            try:
                out.append(criterion.explain(ctx, opts, i, seen))
            except BrightwellError as exc:
                raise exc.at(place=item.text) from None
    return out
