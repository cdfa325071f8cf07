"""A Chess-JSON team tournament (gacrux's ``teamTournament``) read into the team model.

The competitors are the teams: each lists its players (``cplayers``, in board ``order``), who are
the event's players; ``gameList`` holds the boards' games between players, and ``matchList`` the
matches: the round, the two teams (``black`` null: a team's bye, of the kind its result says), the
games of its boards, and whether it was ``played`` (a match of two teams not played is forfeited,
won by the side whose result is W). ``scoreSystem.match`` gives the match points and what a bye
is worth.
"""

from __future__ import annotations

from brightwell_plugin.adapters.numbers import finite
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Tournament
from brightwell_plugin.teams import Board, Match, MatchScoring, Team, TeamSection

_BYES = {"W": "full", "F": "full", "D": "half", "H": "half", "Z": "zero", "U": "zero", "P": "pab"}


def players_of(teams: list) -> list[dict]:
    """Every team's players, as the competitors an individual tournament lists."""
    out, seen = [], {}
    for n, team in enumerate(teams, 1):
        for player in team.get("cplayers") or ():
            cid = player.get("cid")
            if cid in seen:
                raise BrightwellError(f"player {cid} is on two teams: {seen[cid]} and {team.get('cid')}",
                                      place=f"competitors[{n}]")
            seen[cid] = team.get("cid")
            out.append(player)
    return out


def _number(value, what: str):
    if value is None:
        return None
    try:
        return finite(str(value))
    except ValueError:
        raise BrightwellError(f"{what} {value!r} is not a number") from None


def _scoring(system: dict, size: int, board_win) -> tuple[MatchScoring, dict]:
    match = system.get("match") or {}

    def points(key, default):
        value = match.get(key, default)
        for _ in range(4):  # a letter stands for another's points ("P": "D")
            if isinstance(value, str) and value in match:
                value = match[value]
        return _number(value, f"scoreSystem.match.{key}") if not isinstance(value, str) or value[:1].isdigit() else None
    scoring = MatchScoring(points("W", 2), points("D", 1), points("L", 0), points("P", None), points("PG", None))
    bye_points = {"full": size * board_win, "half": size * board_win / 2, "zero": 0,
                  "pab": scoring.pab_game_points if scoring.pab_game_points is not None else size * board_win / 2}
    return scoring, bye_points


def team_section(event: dict, tm: dict, teams: list, t: Tournament) -> TeamSection:
    names = {team.get("id"): team.get("teamName") for team in event.get("teams") or ()}
    section_teams = []
    for n, c in enumerate(teams, 1):
        cid = c.get("cid")
        if type(cid) is not int:
            raise BrightwellError(f"team cid {cid!r} is not a whole number", place=f"competitors[{n}]")
        members = tuple(p["cid"] for p in sorted(c.get("cplayers") or (), key=lambda p: p.get("order") or 0))
        section_teams.append(Team(cid, names.get(c.get("teamId")) or f"Team {cid}", members=members,
                                  stored_match_points=_number(c.get("matchPoints"), "matchPoints"),
                                  stored_game_points=_number(c.get("gamePoints"), "gamePoints"),
                                  stored_rank=c.get("rank") if type(c.get("rank")) is int and c.get("rank") else None))
    known = {team.number for team in section_teams}
    games = {g.get("id"): g for g in tm.get("gameList") or ()}
    by_no = {p.start_no: p for p in t.players}
    size = tm.get("teamSize") if type(tm.get("teamSize")) is int else 0
    scoring, bye_points = _scoring(tm.get("scoreSystem") or {}, size, t.scoring.win)
    matches = []
    for n, m in enumerate(tm.get("matchList") or (), 1):
        where = f"matchList[{n}]"
        first, second = (m.get("white") or {}).get("cid"), (m.get("black") or {}).get("cid")
        r = m.get("round")
        for team in (first, second):
            if team is not None and team not in known:
                raise BrightwellError(f"a match between teams that do not exist (team {team})", place=where)
        if type(r) is not int or r < 1:
            raise BrightwellError(f"round {r!r} is not a round", place=where)
        if second is None:
            kind = _BYES.get((m.get("white") or {}).get("result"), "zero")
            matches.append(Match(r, first, None, first_points=bye_points[kind], bye=kind))
            continue
        boards, points = [], {first: 0, second: 0}
        team_of = {no: team.number for team in section_teams for no in team.members}
        for gid in m.get("games") or ():
            g = games.get(gid)
            if g is None:
                raise BrightwellError(f"game {gid} is in no gameList", place=where)
            a, b = (g.get("white") or {}).get("cid"), (g.get("black") or {}).get("cid")
            if team_of.get(a) != first:
                a, b = b, a
            pa = t.scoring.points(by_no[a].entry(r)) if a in by_no else 0
            pb = t.scoring.points(by_no[b].entry(r)) if b in by_no else 0
            points[first] += pa
            points[second] += pb
            boards.append(Board(len(boards) + 1, a, b, pa, pb))
        forfeit = None
        if m.get("played") is False:
            results = ((m.get("white") or {}).get("result"), (m.get("black") or {}).get("result"))
            forfeit = "first" if results[0] == "W" else "second" if results[1] == "W" else "both"
        played = any((games.get(gid) or {}).get("played", True) for gid in m.get("games") or ())
        matches.append(Match(r, first, second, tuple(boards), points[first], points[second], forfeit, played=played))
    colours = tm.get("teamSequence") if isinstance(tm.get("teamSequence"), str) else None
    return TeamSection(tuple(section_teams), tuple(matches), scoring, colours)
