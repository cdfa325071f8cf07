"""OpenGotha's team placement criteria (its ``ScoredTeamsSet``), over the team view of
teams/view.py: TEAMP, the team points (2 for a match whose boards won more than half the boards
and more than the other side, 1 for as many, else 0, as ``Match.getTeamScore``), SOST, the sum of the
opponent teams' team points, BDW, the boards won (a jigo half), and BDWnU, the boards won on the n
upper boards; MNR, the mean rating of the round-1 line-up."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, Part, explanation
from brightwell_plugin.criteria.team import teams_only
from brightwell_plugin.plugin import hookimpl


def _matches(ctx):
    """(round, team, opponent team, own board wins x2 by board, theirs) for every match up to round k."""
    def make():
        out = []
        for m in ctx.t.teams.matches:
            if m.second is None or m.round > ctx.k:
                continue
            size = max((b.number for b in m.boards), default=0)
            mine, theirs = [0] * size, [0] * size
            for b in m.boards:
                mine[b.number - 1], theirs[b.number - 1] = round(2 * b.first_points), round(2 * b.second_points)
            out.append((m.round, m.first, m.second, mine, theirs))
            out.append((m.round, m.second, m.first, theirs, mine))
        return out
    return ctx.cached("opengotha matches", make)


def team_points(ctx) -> dict[int, int]:
    size = ctx.t.teams.board_count
    points = {p.start_no: 0 for p in ctx.t.players}
    for _, team, _, mine, theirs in _matches(ctx):
        threshold = max(size, sum(theirs))
        points[team] += 2 if sum(mine) > threshold else 1 if sum(mine) == threshold else 0
    return points


class _GothaTeam(Criterion):
    ranks = "teams"

    def values(self, ctx) -> dict[int, float]:
        raise NotImplementedError

    def compute(self, ctx, opts, groups=()):
        teams_only(ctx, self.name)
        values = self.values(ctx)
        return [float(values[p.start_no]) for p in ctx.t.players]

    def explain(self, ctx, opts, i, groups=()):
        teams_only(ctx, self.name)
        no = ctx.t.players[i].start_no
        parts = [Part(f"round {r}", None, f"against team {other}: boards {sum(mine) / 2:g}-{sum(theirs) / 2:g}", r)
                 for r, team, other, mine, theirs in _matches(ctx) if team == no]
        return explanation(ctx, opts, i, float(self.values(ctx)[no]), parts)


class TeamPoints(_GothaTeam):
    name = "TEAMP"
    title = "Team points (OpenGotha)"
    source = "OpenGotha's ScoredTeamsSet TPL_CRIT_TEAMPOINTS: 2 a match won on more than half the boards, 1 as many"

    def values(self, ctx):
        return team_points(ctx)


class SumOfOpponentsTeamPoints(_GothaTeam):
    name = "SOST"
    title = "Sum of the opponent teams' team points (OpenGotha)"
    source = "OpenGotha's ScoredTeamsSet TPL_CRIT_SOST"

    def values(self, ctx):
        points = team_points(ctx)
        out = {p.start_no: 0 for p in ctx.t.players}
        for _, team, other, _, _ in _matches(ctx):
            out[team] += points[other]
        return out


class BoardWins(_GothaTeam):
    """BDW (every board) and BDWnU (the n upper boards): the boards won, a jigo half."""

    upper: int | None = None

    def values(self, ctx):
        out = {p.start_no: 0 for p in ctx.t.players}
        for _, team, _, mine, _ in _matches(ctx):
            out[team] += sum(mine[:self.upper] if self.upper else mine)
        return {no: v / 2 for no, v in out.items()}


def _upper(n: int) -> type:
    return type(f"BDW{n}U", (BoardWins,), {
        "name": f"BDW{n}U", "upper": n, "title": f"Board wins on the {n} upper board(s) (OpenGotha)",
        "source": f"OpenGotha's ScoredTeamsSet TPL_CRIT_BOARDWINS_{n}UB"})


class AllBoardWins(BoardWins):
    name = "BDW"
    title = "Board wins (OpenGotha)"
    source = "OpenGotha's ScoredTeamsSet TPL_CRIT_BOARDWINS"


UPPER = tuple(_upper(n) for n in range(1, 10))


class MeanRating(_GothaTeam):
    name = "MNR"
    title = "Mean rating at the first round (OpenGotha)"
    source = ("OpenGotha's ScoredTeamsSet TPL_CRIT_MEAN_RATING (Team.meanRating): the round-1 line-up's ratings "
              "over the team size, the team's strength as its reader gives it")

    def values(self, ctx):
        strength = {team.number: team.strength for team in ctx.t.teams.teams}
        return {p.start_no: strength.get(p.start_no) or 0 for p in ctx.t.players}

    def explain(self, ctx, opts, i, groups=()):
        teams_only(ctx, self.name)
        return explanation(ctx, opts, i, float(self.values(ctx)[ctx.t.players[i].start_no]), [])


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (TeamPoints(), SumOfOpponentsTeamPoints(), AllBoardWins(), *(cls() for cls in UPPER), MeanRating()):
        register(criterion)
