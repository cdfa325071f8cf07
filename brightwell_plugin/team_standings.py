"""Team standings: a team event seen as a tournament of its teams, each match a game won on
game points and scored in match points, so that every criterion ranks teams as it ranks
players (``BH:MP`` is Buchholz over the opponent teams' match points, FIDE C.07 art. 13).

In that view a team is a player numbered as the team, rated at its strength; a match is a game
(its result by game points; each side's game points are its game score), a match the file
declares forfeited a forfeit, a team's bye a bye of its kind, a round without a match an absence.
"""

from __future__ import annotations

from collections.abc import Sequence

from brightwell_plugin.errors import BrightwellError, SpecError
from brightwell_plugin.host import Host
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, ScoringSystem, Side, Tournament
from brightwell_plugin.standings import Standings, rank
from brightwell_plugin.teams import TeamSection
from brightwell_plugin.tiebreak_spec import SpecItem, parse_spec

TEAM_DEFAULT = "MPTS,GPTS"  # a team file that names no list
VIEW = ("team standings", "match points")  # the view's metadata: criteria of teams look for it
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
                           federation=team.short_name, stored_points=team.stored_match_points,
                           stored_rank=team.stored_rank) for team in section.teams)
    return Tournament(t.name, players, rounds=t.rounds, scoring=scoring, game=t.game, system=t.system,
                      start_date=t.start_date, end_date=t.end_date, tiebreaks=t.tiebreaks, metadata=(VIEW,))


def _rating(strength) -> int | None:
    return round(strength) if strength else None


def team_items(spec: str | Sequence[str]) -> list[str]:
    """The items of a team list as the view ranks them: ``:MP`` is the view's own score and goes;
    ``:GP`` (a criterion over game points) is refused, named."""
    out = []
    for item in parse_spec(spec):
        score = item.option("score")
        if score == "GP":
            raise SpecError(f"{item.text}: criteria over game points (:GP) are not computed yet; GPTS is the "
                            "game points, and the others rank over match points (:MP)")
        out.append(_text(item) if score else item.text)
    return out


def _text(item: SpecItem) -> str:
    """The item written without its ``:MP``."""
    options = [f"{k}={v}" for k, v in item.options if k != "score"]
    return "/".join([item.code, *item.modifiers]) + "".join(f":{o}" for o in options)


def rank_teams(t: Tournament, spec: str | Sequence[str] | None = None, after_round: int | None = None,
               host: Host | None = None, edition: int | None = None) -> Standings:
    """The team standings of ``t`` under ``spec`` (default: the file's list), after ``after_round``;
    each heading as written."""
    view = team_view(t)
    given = spec if spec is not None else ",".join(view.tiebreaks) if view.tiebreaks else TEAM_DEFAULT
    items = parse_spec(given)
    standings = rank(view, team_items(given), after_round, host, edition)
    return Standings(items, standings.rows, standings.after_round, standings.points, standings.unlisted)
