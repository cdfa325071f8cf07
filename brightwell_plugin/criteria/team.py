"""Team criteria (FIDE C.07 art. 13): match points (MPTS), game points (GPTS, and MPvGP, the
score that is not the primary one), the extended Sonneborn-Berger (ESB and its variants: the
opponent teams' match or game points times the team's own match or game points in each match),
over the team view of team_standings.py, where a team is a player and a match a game."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, Part, explanation
from brightwell_plugin.criteria.buchholz import SonnebornBerger
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl


def teams_only(ctx, name: str) -> None:
    from brightwell_plugin.team_standings import is_team_view
    if not is_team_view(ctx.t):
        raise BrightwellError(f"{name} ranks teams, and this is an individual event (or its board standings)")


class MatchPoints(Criterion):
    name = "MPTS"
    title = "Match points"
    source = "FIDE C.07 art. 13: the match points of the matches played and of the byes (TRF-2026 362: TW TD TL)"

    def compute(self, ctx, opts, groups=()):
        teams_only(ctx, self.name)
        return list(ctx.points)

    def explain(self, ctx, opts, i, groups=()):
        teams_only(ctx, self.name)
        parts = [Part(f"round {r + 1}", pts, _against(ctx, i, r), r + 1) for r, pts in enumerate(ctx.round_points[i])]
        return explanation(ctx, opts, i, ctx.points[i], parts)


class GamePoints(Criterion):
    name = "GPTS"
    title = "Game points"
    source = ("FIDE C.07 art. 13: the points of the team's boards in its matches, and of its byes (a full bye "
              "every board won, a half bye every board drawn, the pairing-allocated bye as the file's 320 says)")

    def compute(self, ctx, opts, groups=()):
        teams_only(ctx, self.name)
        return [float(sum(e.score or 0 for e in es)) for es in ctx.entries]

    def explain(self, ctx, opts, i, groups=()):
        teams_only(ctx, self.name)
        parts = [Part(f"round {r + 1}", e.score or 0, _against(ctx, i, r), r + 1) for r, e in enumerate(ctx.entries[i])]
        return explanation(ctx, opts, i, float(sum(p.value for p in parts)), parts)


class MatchOrGamePoints(GamePoints):
    name = "MPVGP"
    title = "Match points or game points: the score that is not the primary one"
    source = "FIDE C.07 art. 13.1: with match points the primary score, the game points"


class _Mixed:
    """A team view's context whose points are the opponents' scores (``base``), with the team's
    own scores of each round taken from another (``round_points``)."""

    def __init__(self, base, round_points):
        self.base, self.round_points = base, round_points

    def __getattr__(self, name):
        return getattr(self.base, name)


class _ExtendedSonnebornBerger(SonnebornBerger):
    """Σ over the matches of the opponent's score (``opponents``: MP or GP, adjusted as SB's) times
    the team's own score in the match (``own``), with SB's modifiers and unplayed-round rules."""

    opponents, own = "MP", "GP"

    def _mixed(self, ctx):
        teams_only(ctx, self.name)
        from brightwell_plugin.team_standings import game_point_context
        views = {"MP": ctx, "GP": game_point_context(ctx)}
        return _Mixed(views[self.opponents], views[self.own].round_points)

    def _setup(self, ctx, opts):  # the opponents' adjusted scores, from their own kind of score
        return super()._setup(ctx.base if isinstance(ctx, _Mixed) else ctx, opts)

    def compute(self, ctx, opts, groups=()):
        return super().compute(self._mixed(ctx), opts, groups)

    def explain(self, ctx, opts, i, groups=()):
        return super().explain(self._mixed(ctx), opts, i, groups)


def _esb(code: str, opponents: str, own: str) -> type:
    kinds = {"MP": "match points", "GP": "game points"}
    return type(code, (_ExtendedSonnebornBerger,), {
        "name": code, "opponents": opponents, "own": own,
        "title": f"Extended Sonneborn-Berger: opponents' {kinds[opponents]} x own {kinds[own]}",
        "source": f"FIDE C.07 art. 13.2: Σ opponent team's {kinds[opponents]} x the team's {kinds[own]} in the match "
                  "(SB's modifiers, art. 16 for unplayed rounds)"})


EXTENDED = tuple(_esb(*e) for e in (("ESB", "MP", "GP"), ("EMGSB", "MP", "GP"), ("EGMSB", "GP", "MP"),
                                    ("EMMSB", "MP", "MP"), ("EGGSB", "GP", "GP")))


def _against(ctx, i: int, r: int) -> str:
    e = ctx.entries[i][r]
    if e.opponent is None:
        return e.kind.value
    return f"{e.kind.value} against team {e.opponent}, {e.score or 0:g}-{e.opp_score or 0:g}"


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (MatchPoints(), GamePoints(), MatchOrGamePoints(), *(cls() for cls in EXTENDED)):
        register(criterion)
