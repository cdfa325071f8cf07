"""A team event carrying its team standings: each team's match points, game points and rank as
computed (what a team TRF's 310 records carry, written for a pairing engine or a report)."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.model import Tournament
from brightwell_plugin.teams.view import team_view


def with_team_standings(t: Tournament, standings, view: Tournament | None = None) -> Tournament:
    """``t`` with each team's match points, game points and rank as ``standings`` (of its teams)
    computed them; its players as they were. ``view``: ``t``'s team view, when already made."""
    view = team_view(t) if view is None else view
    ranks = {row.start_no: row.rank for row in standings.rows}
    points = dict(zip((p.start_no for p in view.players), standings.points or ()))
    given = {team.number: team.bonus_game_points for team in t.teams.teams}
    game = {p.start_no: float(sum(e.score or 0 for e in p.rounds[:standings.after_round]) + given[p.start_no])
            for p in view.players}
    teams = tuple(replace(team, stored_match_points=points.get(team.number, team.stored_match_points),
                          stored_game_points=game[team.number], stored_rank=ranks.get(team.number))
                  for team in t.teams.teams)
    return replace(t, teams=replace(t.teams, teams=teams))
