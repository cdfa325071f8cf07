"""Checking a file against itself: the ranks and tie-break values it publishes, and the order it
stores, beside what a tie-break list computes (``brightwell check``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from brightwell_plugin.errors import BrightwellError, SpecError
from brightwell_plugin.model import PUBLISHED, PUBLISHED_AFTER, Tournament
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.standings import Standings, rank, view


@dataclass(frozen=True, slots=True)
class CheckRow:
    start_no: int
    name: str
    stored_rank: int | None
    rank: int
    values: tuple[float, ...]
    published: tuple[tuple[str, float, float], ...] = ()  # (item, published, computed)

    @property
    def differs(self) -> bool:
        return ((self.stored_rank is not None and self.stored_rank != self.rank)
                or any(abs(p - c) > 1e-9 for _, p, c in self.published))


def check(tournament: Tournament, spec: str | Sequence[str] | None, after_round: int | None, host: Host,
          edition: int | str | None = None) -> tuple[Standings, list[CheckRow]]:
    """Compare the ranks and the tie-break values a file publishes with those computed, of what
    ``tournament`` ranks (standings.view: of a team event, its team records' ranks and totals)."""
    tournament = view(tournament)
    published = {p.start_no: {k[len(PUBLISHED):]: float(v) for k, v in p.extra if k.startswith(PUBLISHED)}
                 for p in tournament.players}
    if not any(p.stored_rank for p in tournament.players) and not any(published.values()):
        raise BrightwellError("the file publishes no ranks or tie-break values to check")
    if after_round is None:  # as of the round the file says
        after_round = published_round(tournament)
    standings = rank(tournament, spec, after_round, host, edition)
    stored = {p.start_no: p.stored_rank for p in tournament.players}
    agreed = _stored_ranks(tournament, standings)
    rows = []
    for r in standings.rows:
        computed = dict(zip(standings.headings, r.values))
        pairs = tuple((item, value, computed[item]) for item, value in published[r.start_no].items()
                      if item in computed)
        rows.append(CheckRow(r.start_no, r.name, agreed.get(r.start_no), r.rank, r.values, pairs))
    if not any(stored.values()) and not any(r.published for r in rows):
        items = sorted({item for values in published.values() for item in values})
        raise BrightwellError(f"nothing to compare: the file publishes {', '.join(items)}; include it in -t")
    return standings, rows


def published_round(t: Tournament) -> int | None:
    """The round the file's ranks and values are as of, where it says one (else None: its last)."""
    value = dict(t.metadata).get(PUBLISHED_AFTER)
    return int(value) if value is not None else None


def stored_places(t: Tournament, standings: Standings) -> tuple[dict[int, int], str] | None:
    """Each ranked player's place as the file stores it, and what it is: its ranks (``"ranks"``),
    read as ``check`` reads them; else the order of its stored points (``"points"``), where every
    player has some and they are not all the same. A stored place agrees with a computed one when
    the places each spans meet (a computed tie, a group of equal stored points: the file orders no
    two players of it), and is then that place. None when the file stores no order."""
    if any(p.stored_rank for p in t.players):
        return _stored_ranks(t, standings), "ranks"
    points = [p.stored_points for p in t.players]
    if not t.players or None in points or len(set(points)) == 1:
        return None
    first, last = {}, {}
    for n, p in enumerate(sorted(t.players, key=lambda p: -p.stored_points), 1):
        first.setdefault(p.stored_points, n)
        last[p.stored_points] = n
    spans = {p.start_no: (first[p.stored_points], last[p.stored_points]) for p in t.players}
    return _agreed(standings, spans), "points"


def _stored_ranks(t: Tournament, standings: Standings) -> dict[int, int]:
    return _agreed(standings, {p.start_no: (p.stored_rank, p.stored_rank) for p in t.players if p.stored_rank})


def _agreed(standings: Standings, spans: dict[int, tuple[int, int]]) -> dict[int, int]:
    """Each ranked player's stored place: the computed one where the stored span (``spans``, first
    and last place) meets the places his computed tie spans, else the span's first."""
    tied = Counter(r.rank for r in standings.rows)
    out = {}
    for r in standings.rows:
        if r.start_no in spans:
            first, last = spans[r.start_no]
            out[r.start_no] = r.rank if first <= r.rank + tied[r.rank] - 1 and r.rank <= last else first
    return out


@dataclass(frozen=True, slots=True)
class OrderCheck:
    """Whether the file's stored order follows a tie-break list: the pairs it puts the wrong way."""

    spec: str
    inversions: tuple[tuple[int, int], ...]  # (start no listed above, start no the list ranks higher)
    error: str | None = None  # the spec cannot rank this file (say, BQ without game scores)

    @property
    def follows(self) -> bool:
        return self.error is None and not self.inversions


def check_order(tournament: Tournament, specs: Sequence[str], after_round: int | None, host: Host,
                edition: int | str | None = None) -> list[OrderCheck]:
    """For each spec: does the stored order (``stored_rank``) list what ``tournament`` ranks
    (standings.view: of a team event, its teams) as that spec ranks them (under ``edition``'s rules
    for unplayed rounds)? Players the spec ties may stand in any order."""
    tournament = view(tournament)
    listed = sorted((p for p in tournament.players if p.stored_rank is not None), key=lambda p: p.stored_rank)
    if not listed:
        raise BrightwellError("the file stores no order to check")
    out = []
    for spec in specs:
        try:
            ranks = {r.start_no: r.rank for r in rank(tournament, spec, after_round, host, edition).rows}
        except BrightwellError as exc:
            if isinstance(exc, SpecError):
                raise
            out.append(OrderCheck(spec, (), str(exc)))
            continue
        bad = tuple((a.start_no, b.start_no) for a, b in zip(listed, listed[1:])
                    if ranks[b.start_no] < ranks[a.start_no])
        out.append(OrderCheck(spec, bad))
    return out


def order_followed(tournament: Tournament, spec: str, after_round: int | None,
                   host: Host) -> list[tuple[int | str, OrderCheck]]:
    """The stored order against ``spec`` under each rules for unplayed rounds the project knows
    (editions.RULE_SETS): which of them it follows (``brightwell check --order``'s search)."""
    from brightwell_plugin.editions import RULE_SETS  # on first use
    return [(edition, check_order(tournament, [spec], after_round, host, edition)[0])
            for edition in RULE_SETS]
