"""An event with its standings stored: each player's points and rank as ranked, and the standings'
list as its declared tie-breaks — what a file written after ranking carries."""

from __future__ import annotations

from dataclasses import fields, replace
from operator import attrgetter
from typing import TYPE_CHECKING

from brightwell_plugin.fast import new_player
from brightwell_plugin.model import Player, Tournament

if TYPE_CHECKING:
    from brightwell_plugin.standings import Standings

Result = tuple[float, "int | None"]  # a player's points and rank, as ranked


def with_standings(tournament: Tournament, standings: Standings) -> Tournament:
    """The tournament with each player's points and rank as computed, and the standings' list as
    its declared tie-breaks (of a team event's team standings: each team's match points, game
    points and rank, its players as they were): what a TRF written for a pairing engine or a
    report carries."""
    if standings.ranks_teams:
        # a team event's only: an individual rank loads no team module (benchmarks/bench_start.py)
        from brightwell_plugin.teams.standings import with_team_standings
        return with_team_standings(tournament, standings)
    players = tuple(with_result(p, *r) for p, r in zip(tournament.players, results(tournament, standings)))
    return replace(tournament, players=players, tiebreaks=standings.headings)


def results(tournament: Tournament, standings: Standings) -> list[Result]:
    """Each player's (points, rank) under ``standings`` (of a player's standings), in the
    tournament's order: what :func:`with_standings` stores."""
    points = standings.points
    if len(points) != len(tournament.players):
        from brightwell_plugin.context import Context  # standings of another view of the event
        points = Context(tournament, standings.after_round).points
    ranks = {row.start_no: row.rank for row in standings.rows}
    return [(pts, ranks.get(p.start_no)) for p, pts in zip(tournament.players, points)]


_FIELDS = [f.name for f in fields(Player)]
_AT = _FIELDS.index("stored_points")  # then stored_rank: Player's fields before and after its results
_BEFORE_RESULT, _AFTER_RESULT = attrgetter(*_FIELDS[:_AT]), attrgetter(*_FIELDS[_AT + 2:])


def with_result(p: Player, points: float, rank: int | None) -> Player:
    """``replace(p, stored_points=points, stored_rank=rank)``, made by the fast constructor from
    the other fields read at once, in their order."""
    return new_player(*_BEFORE_RESULT(p), points, rank, *_AFTER_RESULT(p))
