"""Team criteria (FIDE C.07 art. 13): match points (MPTS) and game points (GPTS), over the team
view of team_standings.py, where a team is a player and a match a game."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, Part, explanation
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl


def _teams_only(ctx, name: str) -> None:
    from brightwell_plugin.team_standings import is_team_view
    if not is_team_view(ctx.t):
        raise BrightwellError(f"{name} ranks teams, and this is an individual event (or its board standings)")


class MatchPoints(Criterion):
    name = "MPTS"
    title = "Match points"
    source = "FIDE C.07 art. 13: the match points of the matches played and of the byes (TRF-2026 362: TW TD TL)"

    def compute(self, ctx, opts, groups=()):
        _teams_only(ctx, self.name)
        return list(ctx.points)

    def explain(self, ctx, opts, i, groups=()):
        _teams_only(ctx, self.name)
        parts = [Part(f"round {r + 1}", pts, _against(ctx, i, r), r + 1) for r, pts in enumerate(ctx.round_points[i])]
        return explanation(ctx, opts, i, ctx.points[i], parts)


class GamePoints(Criterion):
    name = "GPTS"
    title = "Game points"
    source = ("FIDE C.07 art. 13: the points of the team's boards in its matches, and of its byes (a full bye "
              "every board won, a half bye every board drawn, the pairing-allocated bye as the file's 320 says)")

    def compute(self, ctx, opts, groups=()):
        _teams_only(ctx, self.name)
        return [float(sum(e.score or 0 for e in es)) for es in ctx.entries]

    def explain(self, ctx, opts, i, groups=()):
        _teams_only(ctx, self.name)
        parts = [Part(f"round {r + 1}", e.score or 0, _against(ctx, i, r), r + 1) for r, e in enumerate(ctx.entries[i])]
        return explanation(ctx, opts, i, float(sum(p.value for p in parts)), parts)


def _against(ctx, i: int, r: int) -> str:
    e = ctx.entries[i][r]
    if e.opponent is None:
        return e.kind.value
    return f"{e.kind.value} against team {e.opponent}, {e.score or 0:g}-{e.opp_score or 0:g}"


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (MatchPoints(), GamePoints()):
        register(criterion)
