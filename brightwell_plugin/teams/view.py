"""A team event seen as a tournament of its teams (:class:`TeamView`), so that every criterion
ranks teams as it ranks players: a team is a player numbered as the team, rated at its strength;
a match is a game (its result by game points; each side's game points are its game score), a match
the file declares forfeited a forfeit, a team's bye a bye of its kind, a round without a match an
absence. The view's points are match points; its context over game points is
``ctx.game_points`` (:class:`GamePointContext`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import ClassVar

from brightwell_plugin.context import Context
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import (
    PUBLISHED,
    Kind,
    Player,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    Tournament,
)
from brightwell_plugin.teams.model import TeamSection

_BYES = {"pab": Kind.PAB, "full": Kind.FULL_BYE, "half": Kind.HALF_BYE, "zero": Kind.ZERO_BYE}
_FORFEIT = {("first", True): Kind.FORFEIT_WIN, ("first", False): Kind.FORFEIT_LOSS,
            ("second", True): Kind.FORFEIT_LOSS, ("second", False): Kind.FORFEIT_WIN,
            ("both", True): Kind.FORFEIT_LOSS, ("both", False): Kind.FORFEIT_LOSS}


@dataclass(frozen=True)
class TeamView(Tournament):
    """The teams of a team event as the players of a tournament scored in match points; ``teams``
    is the event's team section (the matches' boards, for the board criteria)."""

    ranks_teams: ClassVar[bool] = True
    # a match's game points when every board is won, drawn, lost: the view's scoring over game points
    board_scoring: ScoringSystem = field(default_factory=ScoringSystem)

    def game_point_context(self, ctx: Context) -> Context:
        """The view after round ``ctx.k`` with game points as the points (see :class:`GamePointContext`)."""
        given = {team.number: team.bonus_game_points for team in self.teams.teams}
        players = tuple(replace(p, bonus=given.get(p.start_no, 0)) if p.bonus or given.get(p.start_no) else p
                        for p in self.players)
        return GamePointContext(replace(self, scoring=self.board_scoring, players=players), ctx)


class GamePointContext(Context):
    """A team view after round k with game points as the points: each round's game points (a
    match's, a bye's) and those given outside the matches (299), and a draw worth every board
    drawn (for the virtual opponents of art. 16). ``match_points`` is the context it was made of."""

    def __init__(self, view: TeamView, over_match_points: Context):
        super().__init__(view, over_match_points.k, over_match_points.edition)
        self._match_points = over_match_points

    @property
    def match_points(self) -> Context:
        return self._match_points

    @property
    def game_points(self) -> Context:
        return self

    @cached_property
    def round_points(self) -> list[list[float]]:
        return [[float(e.score or 0) for e in es] for es in self.entries]


def team_view(t: Tournament) -> TeamView:
    """``t``'s teams as the players of a tournament scored in match points."""
    section: TeamSection = t.teams  # type: ignore[assignment]
    if section is None:
        raise BrightwellError("the event has no teams")
    s = section.scoring
    rounds = max((m.round for m in section.matches), default=0)
    entries: dict[int, list[RoundEntry]] = {team.number: [RoundEntry(Kind.ABSENT)] * rounds for team in section.teams}
    awaiting = _awaiting(t)
    for m in section.matches:
        a, b = section.match_result(m)
        if m.second is None:
            entries[m.first][m.round - 1] = RoundEntry(_BYES[m.bye or "zero"], score=m.first_points)
            continue
        if any((m.round, no) in awaiting for board in m.boards for no in (board.first, board.second)):
            entries[m.first][m.round - 1] = RoundEntry(Kind.PAIRED, m.second, side=Side.FIRST)
            entries[m.second][m.round - 1] = RoundEntry(Kind.PAIRED, m.first, side=Side.SECOND)
            continue  # a board awaits its result: the match is paired, not yet won or lost
        forfeit = m.forfeit
        if forfeit is None and not m.played and not (m.first_points > 0 and m.second_points > 0):
            forfeit = "first" if a > b else "second" if b > a else "both"  # no game played: a forfeited match
        for team, other, own, theirs, side, first in ((m.first, m.second, m.first_points, m.second_points, Side.FIRST, True),
                                                      (m.second, m.first, m.second_points, m.first_points, Side.SECOND, False)):
            if forfeit is not None:
                kind = _FORFEIT[forfeit, first]
                entries[team][m.round - 1] = RoundEntry(kind, other, side=side, score=own, opp_score=theirs)
            else:
                mine = a if first else b
                result = Result.WIN if mine == s.win and a != b else Result.DRAW if a == b and mine == s.draw else Result.LOSS
                if a == b and mine != s.draw:  # neither scored: both lost (a match of no game)
                    entries[team][m.round - 1] = RoundEntry(Kind.FORFEIT_LOSS, other, side=side, score=own, opp_score=theirs)
                    continue
                entries[team][m.round - 1] = RoundEntry(Kind.GAME, other, result, side, own, theirs)
    scoring = ScoringSystem(win=s.win, draw=s.draw, loss=s.loss, absent=s.loss,
                            pab=s.draw if s.pab_match_points is None else s.pab_match_points)
    players = tuple(Player(team.number, team.name, tuple(entries[team.number]), rating=_rating(team.strength),
                           federation=team.short_name, bonus=team.bonus_match_points,
                           stored_points=team.stored_match_points,
                           stored_rank=team.stored_rank, extra=_published(team)) for team in section.teams)
    size, g = section.board_count, t.scoring
    return TeamView(t.name, players, rounds=t.rounds, scoring=scoring, game=t.game, system=t.system,
                    start_date=t.start_date, end_date=t.end_date, tiebreaks=section.tiebreaks or t.tiebreaks,
                    teams=section, board_scoring=ScoringSystem(win=float(size * g.win), draw=float(size * g.draw),
                                                               loss=float(size * g.loss), absent=0, pab=None))


def _awaiting(t: Tournament) -> set[tuple[int, int]]:
    """(round, start number) of every board game awaiting its result."""
    pending = Kind.PAIRED
    return {(r, p.start_no) for p in t.players for r, e in enumerate(p.rounds, 1) if e.kind is pending}


def _published(team) -> tuple:
    """The totals a team record stores, as published values ``check`` compares."""
    return tuple((PUBLISHED + code, str(value)) for code, value in
                 (("MPTS", team.stored_match_points), ("GPTS", team.stored_game_points)) if value is not None)


def _rating(strength) -> int | None:
    return round(strength) if strength else None
