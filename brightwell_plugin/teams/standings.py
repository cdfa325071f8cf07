"""Team standings: a team event seen as a tournament of its teams, each match a game won on
game points and scored in match points, so that every criterion ranks teams as it ranks
players (``BH:MP`` is Buchholz over the opponent teams' match points, FIDE C.07 art. 13).

In that view a team is a player numbered as the team, rated at its strength; a match is a game
(its result by game points; each side's game points are its game score), a match the file
declares forfeited a forfeit, a team's bye a bye of its kind, a round without a match an absence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cached_property

from brightwell_plugin.adapters.numbers import finite
from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import Criterion
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import Host, get_host
from brightwell_plugin.model import PUBLISHED, Kind, Player, Result, RoundEntry, ScoringSystem, Side, Tournament
from brightwell_plugin.standings import Standings, rank_bound
from brightwell_plugin.teams.model import TeamSection
from brightwell_plugin.tiebreak_spec import SpecItem, parse_item, parse_spec

TEAM_DEFAULT = "MPTS,GPTS"  # a team file that names no list
VIEW = ("team standings", "match points")  # the view's metadata: criteria of teams look for it
BOARDS = "team board points"  # the view's metadata: a match's game points when every board is won, drawn, lost
_BYES = {"pab": Kind.PAB, "full": Kind.FULL_BYE, "half": Kind.HALF_BYE, "zero": Kind.ZERO_BYE}
_FORFEIT = {("first", True): Kind.FORFEIT_WIN, ("first", False): Kind.FORFEIT_LOSS,
            ("second", True): Kind.FORFEIT_LOSS, ("second", False): Kind.FORFEIT_WIN,
            ("both", True): Kind.FORFEIT_LOSS, ("both", False): Kind.FORFEIT_LOSS}


def is_team_view(t: Tournament) -> bool:
    return VIEW in t.metadata


def team_view(t: Tournament) -> Tournament:
    """``t``'s teams as the players of a tournament scored in match points."""
    section: TeamSection = t.teams  # type: ignore[assignment]
    if section is None:
        raise BrightwellError("the event has no teams")
    s = section.scoring
    rounds = max((m.round for m in section.matches), default=0)
    entries: dict[int, list[RoundEntry]] = {team.number: [RoundEntry(Kind.ABSENT)] * rounds for team in section.teams}
    for m in section.matches:
        a, b = section.match_result(m)
        if m.second is None:
            entries[m.first][m.round - 1] = RoundEntry(_BYES[m.bye or "zero"], score=m.first_points)
            continue
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
    boards = (BOARDS, f"{size * g.win} {size * g.draw} {size * g.loss}")
    return Tournament(t.name, players, rounds=t.rounds, scoring=scoring, game=t.game, system=t.system,
                      start_date=t.start_date, end_date=t.end_date, tiebreaks=section.tiebreaks or t.tiebreaks,
                      metadata=(VIEW, boards),
                      teams=section)  # the matches' boards, for the board criteria (TBR, BBE, BC)


def _published(team) -> tuple:
    """The totals a team record stores, as published values ``check`` compares."""
    return tuple((PUBLISHED + code, str(value)) for code, value in
                 (("MPTS", team.stored_match_points), ("GPTS", team.stored_game_points)) if value is not None)


def _rating(strength) -> int | None:
    return round(strength) if strength else None


def board_scoring(t: Tournament) -> ScoringSystem:
    """The team view's scoring over game points: a match won, drawn or lost on every board."""
    win, draw, loss = (finite(x) for x in dict(t.metadata)[BOARDS].split())
    return ScoringSystem(win=win, draw=draw, loss=loss, absent=0, pab=None)


class GamePointContext(Context):
    """The team view after round k with game points as the points: each round's game points (a
    match's, a bye's) and those given outside the matches (299), and a draw worth every board
    drawn (for the virtual opponents of art. 16)."""

    @cached_property
    def round_points(self) -> list[list[float]]:
        return [[float(e.score or 0) for e in es] for es in self.entries]


def game_point_context(ctx: Context) -> Context:
    """The :class:`GamePointContext` of a team view's context, made once; its ``match_points`` the
    context it was made of."""
    def make():
        given = {team.number: team.bonus_game_points for team in ctx.t.teams.teams}
        players = tuple(replace(p, bonus=given.get(p.start_no, 0)) if p.bonus or given.get(p.start_no) else p
                        for p in ctx.t.players)
        gp = GamePointContext(replace(ctx.t, scoring=board_scoring(ctx.t), players=players), ctx.k, ctx.edition)
        gp.match_points = ctx
        return gp
    return ctx.cached("game points", make)


class OverGamePoints(Criterion):
    """A criterion computed over game points (``BH:GP``): the same formula, on the view's game points."""

    def __init__(self, inner: Criterion):
        self.inner = inner
        self.name, self.title, self.source = inner.name, inner.title, inner.source
        self.group_based, self.whole = inner.group_based, inner.whole

    def compute(self, ctx, opts, groups=()):
        return self.inner.compute(game_point_context(ctx), opts, groups)

    def order_keys(self, ctx, opts, values, groups=()):
        return self.inner.order_keys(game_point_context(ctx), opts, values, groups)

    def explain(self, ctx, opts, i, groups=()):
        return self.inner.explain(game_point_context(ctx), opts, i, groups)


def bound_items(spec: str | Sequence[str], host: Host | None = None) -> list:
    """(item, criterion, options) of a team list: ``:MP`` is the view's own score; a criterion
    with ``:GP`` is computed over game points; each item keeps its text."""
    out = []
    host = host or get_host()
    for item in parse_spec(spec):
        score = item.option("score")
        plain = parse_item(_text(item)) if score else item
        try:
            criterion = host.criterion(plain.code)
            opts = replace(criterion.configure(plain), item=item)
        except BrightwellError as exc:
            raise exc.at(place=item.text) from None
        out.append((item, OverGamePoints(criterion) if score == "GP" else criterion, opts))
    return out


def _text(item: SpecItem) -> str:
    """The item written without its ``:MP`` or ``:GP``."""
    options = [f"{k}={v}" for k, v in item.options if k != "score"]
    return "/".join([item.code, *item.modifiers]) + "".join(f":{o}" for o in options)


def rank_teams(t: Tournament, spec: str | Sequence[str] | None = None, after_round: int | None = None,
               host: Host | None = None, edition: int | None = None) -> Standings:
    """The team standings of ``t`` under ``spec`` (default: the file's list), after ``after_round``;
    each heading as written."""
    return rank_view(team_view(t), spec, after_round, host, edition)


def _team_items(view: Tournament, spec, host: Host | None) -> list:
    """The bound items of ``spec``, else of the teams' own list, else of :data:`TEAM_DEFAULT`."""
    given = spec if spec is not None else ",".join(view.tiebreaks) if view.tiebreaks else TEAM_DEFAULT
    return bound_items(given, host)


def rank_view(view: Tournament, spec: str | Sequence[str] | None = None, after_round: int | None = None,
              host: Host | None = None, edition: int | None = None) -> Standings:
    """:func:`rank_teams` of a team view already made."""
    return rank_bound(view, _team_items(view, spec, host), after_round, edition)


def explain_team(t: Tournament, team: str | int, spec: str | Sequence[str] | None = None,
                 after_round: int | None = None, host: Host | None = None, edition: int | None = None) -> list:
    """For one team (number or name), how each criterion's value was obtained."""
    from brightwell_plugin.standings import explain_bound
    view = team_view(t)
    return explain_bound(view, team, _team_items(view, spec, host), after_round, edition)


def explain_teams(t: Tournament, spec: str | Sequence[str] | None = None, after_round: int | None = None,
                  host: Host | None = None, edition: int | None = None) -> list[list]:
    """:func:`explain_team` for every team, in the file's order, over one view and one context."""
    from brightwell_plugin.standings import explain_everyone
    view = team_view(t)
    return explain_everyone(view, None, after_round, edition=edition, bound=_team_items(view, spec, host))


def with_team_standings(t: Tournament, standings: Standings, view: Tournament | None = None) -> Tournament:
    """``t`` with each team's match points, game points and rank as ``standings`` computed them
    (what a team TRF's 310 records carry); its players as they were. ``view``: ``t``'s team view,
    when already made."""
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
