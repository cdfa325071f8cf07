"""An OpenGotha team tournament: ``<Teams><Team teamNumber teamName>`` with, for each round, its
players on the boards (``<Board roundNumber boardNumber player>``), ``TeamGeneralParameterSet``'s
``teamSize`` and the ``TeamPlacementParameterSet`` criteria. As OpenGotha's
``Tournament.matchesListUpTo`` finds them, a round's match of a team is against the team of the
player its first board met; the boards are the two teams' players board by board, each board's
result the game between them (OpenGotha's ``Match.buildMatch``)."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.go.opengotha_order import java_order, string_hash
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Tournament
from brightwell_plugin.teams.model import Board, Match, MatchScoring, Team, TeamSection

# OpenGotha's team placement criteria (TeamPlacementParameterSet) computed here; the others are named
TEAM_CRITERIA = {"TEAMP": "TEAMP", "SOST": "SOST", "BDW": "BDW", **{f"BDW{n}U": f"BDW{n}U" for n in range(1, 10)},
                 "MNR": "MNR"}


def java_less(a: str, b: str) -> bool:
    """Java's ``a.compareTo(b) < 0``: UTF-16 code unit by code unit."""
    return a.encode("utf-16-be", "surrogatepass") < b.encode("utf-16-be", "surrogatepass")


def _mean_rating(first_round: dict[int, int], ratings: dict[int, int], size: int) -> int | None:
    """``Team.meanRating(teamSize)``: the ratings of the round-1 line-up summed, divided by the team size
    as Java divides whole numbers (toward zero); None without a team size."""
    if size <= 0:
        return None
    total = sum(ratings[no] for no in first_round.values())
    return abs(total) // size * (1 if total >= 0 else -1)


def team_section(root, t: Tournament, number, file: str, warnings: list[str]) -> Tournament:
    """``t`` with the teams of an OpenGotha file's ``<Teams>`` (``number``: a player's key to his
    start number, an error naming the element for an unknown one)."""
    general = root.find("TeamTournamentParameterSet/TeamGeneralParameterSet")
    size_text = general.get("teamSize") if general is not None else None
    size = int(size_text) if size_text and digits(size_text) else 0
    teams, lineups = _teams(root, t, number, size, file, warnings)
    if len(teams) < 2:
        return t
    matches = _matches(t, teams, lineups, size)
    section = TeamSection(tuple(teams), tuple(matches), MatchScoring(2, 1, 0), size=size or None,
                          tiebreaks=_criteria(root, file, warnings))
    return replace(t, teams=section)


class _Lineups:
    """Who played on each board of each team in each round, and the team each player played for."""

    def __init__(self):
        self.boards: dict[tuple[int, int], dict[int, int]] = {}  # (team, round) -> board -> start number
        self.team_of: dict[tuple[int, int], int] = {}  # (round, player) -> team

    def of(self, team: int, r: int) -> dict[int, int]:
        return self.boards.get((team, r), {})


def _teams(root, t: Tournament, number, size: int, file: str, warnings: list[str]) -> tuple[list[Team], _Lineups]:
    """The teams in the file's order, each with the players its boards name, and their line-ups."""
    lineups, teams = _Lineups(), []
    elements = root.findall("Teams/Team")
    # OpenGotha's team list (a HashMap by team name): a player on two teams in a round is the first's
    listed, _ = java_order((el.get("teamName") or "Unnamed team" for el in elements), string_hash)
    place = {name: n for n, name in enumerate(listed)}
    twice: list[str] = []
    position, ratings = {}, {p.start_no: p.rating or 0 for p in t.players}
    for at, el in sorted(enumerate(elements), key=lambda item: place[item[1].get("teamName") or "Unnamed team"]):
        no = el.get("teamNumber", "")
        if not digits(no):
            raise BrightwellError(f"teamNumber '{no}' is not a whole number", file=file, place=f"line {el.sourceline}")
        team = int(no)
        members = _boards(el, team, number, lineups, twice, file)
        teams.append(Team(team, el.get("teamName") or f"Team {team}", members=tuple(members),
                          strength=_mean_rating(lineups.of(team, 1), ratings, size)))
        position.setdefault(team, at)
    if twice:
        warnings.append(f"{file}: {len(twice)} time(s) a player is on two teams in a round ({'; '.join(twice[:3])}"
                        f"{' …' if len(twice) > 3 else ''}): his games count for the team OpenGotha's team list "
                        "holds first, as OpenGotha counts them")
    teams.sort(key=lambda team: position[team.number])  # back in the file's order
    return teams, lineups


def _boards(el, team: int, number, lineups: _Lineups, twice: list[str], file: str) -> list[int]:
    """The players a team's ``<Board>`` elements name, in order, each put in his round's line-up."""
    members = []
    for b in el.findall("Board"):
        where = f"line {b.sourceline}"
        r, board = (b.get(a, "") for a in ("roundNumber", "boardNumber"))
        if not (digits(r) and digits(board) and int(r) >= 1 and int(board) >= 1):
            raise BrightwellError("a Board without a round and board number", file=file, place=where)
        player = number(b.get("player"), b)
        lineups.boards.setdefault((team, int(r)), {})[int(board)] = player
        if (int(r), player) in lineups.team_of and lineups.team_of[int(r), player] != team:
            twice.append(f"{where}: player {player} in round {r}")
        else:
            lineups.team_of[int(r), player] = team
        if player not in members:
            members.append(player)
    return members


def _matches(t: Tournament, teams: list[Team], lineups: _Lineups, size: int) -> list[Match]:
    """Each round's matches, as OpenGotha's ``matchesListUpTo`` finds them: a team against the team of
    the player its first board met, made from the team whose name sorts first."""
    by_no = {p.start_no: p for p in t.players}
    points = t.scoring.points
    matches, seen = [], set()
    name_of = {team.number: team.name for team in teams}
    for team in teams:
        for r in range(1, t.rounds_played + 1):
            lineup = lineups.of(team.number, r)
            first = lineup.get(min(lineup)) if lineup else None
            e = by_no[first].entry(r) if first is not None else None
            other = lineups.team_of.get((r, e.opponent)) if e is not None and e.opponent is not None else None
            if other is None or not java_less(team.name, name_of[other]) or (r, frozenset((team.number, other))) in seen:
                continue  # OpenGotha makes a match from the team whose name sorts first (matchesListUpTo)
            seen.add((r, frozenset((team.number, other))))
            theirs = lineups.of(other, r)
            played = []
            for board in range(1, max(len(lineup), len(theirs), size) + 1):
                a, b = lineup.get(board), theirs.get(board)
                if a is None or b is None or by_no[a].entry(r).opponent != b:
                    continue  # OpenGotha counts a board only when its two players met
                played.append(Board(board, a, b, points(by_no[a].entry(r)), points(by_no[b].entry(r))))
            matches.append(Match(r, team.number, other, tuple(played), sum(x.first_points for x in played),
                                 sum(x.second_points for x in played),
                                 played=any(by_no[x.first].entry(r).kind.value == "game" for x in played)))
    return matches


def _criteria(root, file: str, warnings: list[str]) -> tuple[str, ...]:
    """The team placement criteria computed here; the others named in a warning."""
    criteria = [c.get("name", "") for c in root.findall("TeamTournamentParameterSet/TeamPlacementParameterSet/"
                                                        "PlacementCriteria/PlacementCriterion")]
    named = [c for c in criteria if c and c != "NULL"]
    unknown = [c for c in named if c not in TEAM_CRITERIA]
    if unknown:
        warnings.append(f"{file}: OpenGotha team placement criteria not computed here: {', '.join(unknown)}")
    return tuple(TEAM_CRITERIA[c] for c in named if c in TEAM_CRITERIA)
