"""Team criteria (FIDE C.07 art. 13): match points (MPTS), game points (GPTS, and MPvGP, the
score that is not the primary one), the extended Sonneborn-Berger (ESB and its variants: the
opponent teams' match or game points times the team's own match or game points in each match)
and the score-strength combination (SSSC), over the team view of teams/view.py, where a team
is a player and a match a game: the context of a team view says so (``ctx.ranks_teams``) and gives
the view over game points (``ctx.game_points``)."""

from __future__ import annotations

import math

from brightwell_plugin.criteria.base import Checked, Criterion, Part, explanation, fmt
from brightwell_plugin.criteria.buchholz import Buchholz, ForeBuchholz, SonnebornBerger
from brightwell_plugin.criteria.unplayed import EDITION, EDITION_MODIFIERS, edition_read
from brightwell_plugin.plugin import BrightwellError, hookimpl, NUMBER


def tier_places(values: list[float], tiers: list[list[int]]) -> None:
    """A tied group parted into ``tiers`` (best first): each player's place in it in ``values`` (1
    first, a tier sharing one); a group not parted keeps its values."""
    if len(tiers) < 2:
        return
    place = 1
    for tier in tiers:
        for i in tier:
            values[i] = float(place)
        place += len(tier)


def teams_only(ctx, name: str) -> None:
    """Refuse a context that is not of a team view: the criterion ranks teams."""
    if not ctx.ranks_teams:
        raise BrightwellError(f"{name} ranks teams, and this is an individual event (or its board standings)")


def primary_and_secondary(ctx):
    """(primary, secondary): a team view's contexts over match points then game points, or over
    game points first when ``ctx`` is the one over game points (``:GP``: game points primary)."""
    if ctx.game_points is ctx:
        return ctx, ctx.match_points
    return ctx, ctx.game_points


class MatchPoints(Criterion):
    name = "MPTS"
    ranks = "teams"
    checker = Checked(terms="points", score="match")
    title = "Match points"
    source = "FIDE C.07 art. 13: the match points of the matches played and of the byes (TRF-2026 362: TW TD TL)"

    def compute(self, ctx, opts, groups=()):
        teams_only(ctx, self.name)
        return list(ctx.points)

    def explain(self, ctx, opts, i, groups=()):
        teams_only(ctx, self.name)
        parts = [Part(f"round {r + 1}", pts, _against(ctx, i, r), r + 1) for r, pts in enumerate(ctx.round_points[i])]
        if ctx.t.players[i].bonus:
            parts.append(Part("given outside the matches", ctx.t.players[i].bonus, "a penalty or bonus (TRF 299)"))
        return explanation(ctx, opts, i, ctx.points[i], parts)


class GamePoints(Criterion):
    name = "GPTS"
    ranks = "teams"
    checker = Checked(terms="points", score="game")
    title = "Game points"
    source = ("FIDE C.07 art. 13: the points of the team's boards in its matches, and of its byes (a full bye "
              "every board won, a half bye every board drawn, the pairing-allocated bye as the file's 320 says)")

    def compute(self, ctx, opts, groups=()):
        teams_only(ctx, self.name)
        return [float(x) for x in ctx.game_points.points]

    def explain(self, ctx, opts, i, groups=()):
        teams_only(ctx, self.name)
        parts = [Part(f"round {r + 1}", e.score or 0, _against(ctx, i, r), r + 1) for r, e in enumerate(ctx.entries[i])]
        given = ctx.game_points.t.players[i].bonus
        if given:
            parts.append(Part("given outside the matches", given, "a penalty or bonus (TRF 299)"))
        return explanation(ctx, opts, i, float(sum(p.value for p in parts)), parts)


class MatchOrGamePoints(GamePoints):
    name = "MPVGP"
    checker = Checked(terms="points", score="other", over=("MPVGP", "MPTS"))
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
    ranks = "teams"

    def _mixed(self, ctx):
        teams_only(ctx, self.name)
        views = {"MP": ctx, "GP": ctx.game_points}
        return _Mixed(views[self.opponents], views[self.own].round_points)

    def _setup(self, ctx, opts):  # the opponents' adjusted scores, from their own kind of score
        return super()._setup(ctx.base if isinstance(ctx, _Mixed) else ctx, opts)

    def compute(self, ctx, opts, groups=()):
        return super().compute(self._mixed(ctx), opts, groups)

    def explain(self, ctx, opts, i, groups=()):
        return super().explain(self._mixed(ctx), opts, i, groups)


def _esb(code: str, opponents: str, own: str) -> type:
    kinds = {"MP": "match points", "GP": "game points"}
    # gacrux's ESB: the primary score's, then the other's (EGMSB where game points are the primary score)
    score = {"score": "own", "over": (code, "EGMSB")} if len(code) == 3 else {"score": "pair"}
    return type(code, (_ExtendedSonnebornBerger,), {
        "name": code, "opponents": opponents, "own": own,
        "checker": Checked(written="product", modifiers=(("cutlow", 0), ("predetermined", False)),
                           terms="extended opponents", **score),
        "title": f"Extended Sonneborn-Berger: opponents' {kinds[opponents]} x own {kinds[own]}",
        "source": f"FIDE C.07 art. 13.2: Σ opponent team's {kinds[opponents]} x the team's {kinds[own]} in the match "
                  "(SB's modifiers, art. 16 for unplayed rounds)"})


EXTENDED = tuple(_esb(*e) for e in (("ESB", "MP", "GP"), ("EMGSB", "MP", "GP"), ("EGMSB", "GP", "MP"),
                                    ("EMMSB", "MP", "MP"), ("EGGSB", "GP", "GP")))


class ScoreStrengthCombination(Criterion):
    """The secondary score plus the Buchholz of the primary score divided by a normalising factor
    (``/K``: a factor of one's own). Primary: match points, or game points with ``:GP``."""

    name = "SSSC"
    title = "Score-strength combination"
    ranks = "teams"
    checker = Checked(written="combination", modifiers=(("predetermined", False), ("nlim", "0.0"), ("foremode", False)))
    source = ("FIDE C.07 art. 13.4: the secondary score + the team's Buchholz over the primary score (/F: Fore "
              "Buchholz) ÷ the highest primary score of the tournament over the highest secondary score of a "
              "match, truncated (/Kx: x)")
    modifiers = ("P", "F", "K*") + EDITION_MODIFIERS
    parameters = (EDITION,)

    def accepts_modifier(self, m: str) -> bool:
        if m.startswith("K"):  # a factor: a number above 0
            return bool(NUMBER.match(m[1:])) and float(m[1:]) > 0
        return super().accepts_modifier(m)

    def settings_read(self, opts):
        return edition_read(opts)

    @staticmethod
    def contexts(ctx):
        """(primary, secondary): the team view's contexts over match and game points, in that order
        unless ``ctx`` is the one over game points (``SSSC:GP``)."""
        teams_only(ctx, "SSSC")
        return primary_and_secondary(ctx)

    @staticmethod
    def factor(primary, secondary, opts) -> float:
        """``/Kx``, else the planned rounds' highest primary score over one match's highest
        secondary score, truncated (1 at least: a factor of 0 divides nothing)."""
        given = [float(m[1:]) for m in opts.modifiers if m.startswith("K")]
        if given:
            return given[0]
        return max(1, math.floor(primary.R * primary.t.scoring.win / secondary.t.scoring.win))

    def _parts(self, ctx, opts):
        primary, secondary = self.contexts(ctx)
        bh = (ForeBuchholz() if "F" in opts.modifiers else Buchholz()).compute(primary, opts)
        return secondary.points, bh, self.factor(primary, secondary, opts)

    def compute(self, ctx, opts, groups=()):
        own, bh, k = self._parts(ctx, opts)
        return [float(s) + b / k for s, b in zip(own, bh)]

    def explain(self, ctx, opts, i, groups=()):
        own, bh, k = self._parts(ctx, opts)
        parts = [Part("secondary score", own[i], "the score that is not the primary one"),
                 Part("Buchholz ÷ factor", bh[i] / k, f"{fmt(bh[i])} ÷ {fmt(k)}")]
        return explanation(ctx, opts, i, float(own[i]) + bh[i] / k, parts)


def _against(ctx, i: int, r: int) -> str:
    e = ctx.entries[i][r]
    if e.opponent is None:
        return e.kind.value
    return f"{e.kind.value} against team {e.opponent}, {e.score or 0:g}-{e.opp_score or 0:g}"


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (MatchPoints(), GamePoints(), MatchOrGamePoints(), *(cls() for cls in EXTENDED),
                      ScoreStrengthCombination()):
        register(criterion)
