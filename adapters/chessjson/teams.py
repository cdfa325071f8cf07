"""A Chess-JSON team tournament (gacrux's ``teamTournament``) read into the team model.

The competitors are the teams: each lists its players (``cplayers``, in board ``order``), who are
the event's players; ``gameList`` holds the boards' games between players, and ``matchList`` the
matches: the round, the two teams (``black`` null: a team's bye, of the kind its result says), the
games of its boards, and whether it was ``played`` (a match of two teams not played is forfeited,
won by the side whose result is W). ``scoreSystem.match`` gives the match points and what a bye
is worth.
"""

from __future__ import annotations

from brightwell_plugin.adapters.chessjson.values import adjusted, text_field
from brightwell_plugin.adapters.numbers import digits, finite
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import check_round
from brightwell_plugin.model import Tournament
from brightwell_plugin.teams.model import Board, Match, MatchScoring, Team, TeamSection

_BYES = {"W": "full", "F": "full", "D": "half", "H": "half", "Z": "zero", "U": "zero", "P": "pab"}
_LETTERS = {"full": "W", "half": "D", "zero": "Z", "pab": "P"}  # a team's bye, as gacrux writes it


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
        if key == "P" and value == "D":  # as a draw's: the default
            return None
        for _ in range(4):  # a letter stands for another's points ("P": "D")
            if isinstance(value, str) and value in match:
                value = match[value]
        return _number(value, f"scoreSystem.match.{key}") if not isinstance(value, str) or digits(value[:1]) else None
    scoring = MatchScoring(points("W", 2), points("D", 1), points("L", 0), points("P", None), points("PG", None))
    bye_points = {"full": size * board_win, "half": size * board_win / 2, "zero": 0,
                  "pab": scoring.pab_game_points if scoring.pab_game_points is not None else size * board_win / 2}
    return scoring, bye_points


def team_section(event: dict, tm: dict, teams: list, t: Tournament) -> TeamSection:
    """The teams (the competitors ``teams``) and matches of the team tournament ``tm``, whose players
    ``t`` holds."""
    section_teams = _teams(event, teams)
    games = {g.get("id"): g for g in tm.get("gameList") or ()}
    size = tm.get("teamSize") if type(tm.get("teamSize")) is int else 0
    scoring, bye_points = _scoring(tm.get("scoreSystem") or {}, size, t.scoring.win)
    reading = _Matches(section_teams, games, t, bye_points)
    matches = [match for n, m in enumerate(tm.get("matchList") or (), 1)
               if (match := reading.match(m, f"matchList[{n}]")) is not None]
    colours = tm.get("teamSequence") if isinstance(tm.get("teamSequence"), str) else None
    primary = (tm.get("scoreSystem") or {}).get("primary")
    return TeamSection(tuple(section_teams), tuple(matches), scoring, colours,
                       primary=primary.lower() if isinstance(primary, str) and primary.strip() else None)


def _teams(event: dict, teams: list) -> list[Team]:
    """The competitors as teams: their names and this project's fields from ``event.teams``."""
    names = {team.get("id"): text_field(team, "teamName") for team in event.get("teams") or ()}
    others = {team.get("id"): ((team.get("other") or {}).get("brightwell") or {}) for team in event.get("teams") or ()}
    section_teams = []
    for n, c in enumerate(teams, 1):
        cid = c.get("cid")
        if type(cid) is not int:
            raise BrightwellError(f"team cid {cid!r} is not a whole number", place=f"competitors[{n}]")
        members = tuple(p["cid"] for p in sorted(c.get("cplayers") or (), key=lambda p: p.get("order") or 0))
        ours = others.get(c.get("teamId")) or {}
        unstored = ours.get("unstored") is True  # written here with no totals stored: read back as none
        section_teams.append(Team(cid, names.get(c.get("teamId")) or f"Team {cid}", text_field(ours, "shortName"),
                                  _number(ours.get("strength"), "strength"), members=members,
                                  stored_match_points=None if unstored else _number(c.get("matchPoints"), "matchPoints"),
                                  stored_game_points=None if unstored else _number(c.get("gamePoints"), "gamePoints"),
                                  stored_rank=c.get("rank") if type(c.get("rank")) is int and c.get("rank") else None,
                                  bonus_match_points=(_number(ours.get("bonusMatchPoints"), "bonusMatchPoints") or 0)
                                  + adjusted(c, "mpoints", f"team {cid}"),
                                  bonus_game_points=(_number(ours.get("bonusGamePoints"), "bonusGamePoints") or 0)
                                  + adjusted(c, "gpoints", f"team {cid}")))
    return section_teams


class _Matches:
    """The ``matchList``'s matches read: their boards the games of ``gameList`` between the teams' players."""

    def __init__(self, teams: list[Team], games: dict, t: Tournament, bye_points: dict):
        self.known = {team.number for team in teams}
        self.team_of = {no: team.number for team in teams for no in team.members}
        self.games, self.t, self.bye_points = games, t, bye_points
        self.by_no = {p.start_no: p for p in t.players}

    def match(self, m: dict, where: str) -> Match | None:
        """A match, a team's bye, or None for a round this project wrote without a match."""
        if ((m.get("other") or {}).get("brightwell") or {}).get("absent") is True:
            return None  # a round this project wrote without a match: no bye
        first, second = (m.get("white") or {}).get("cid"), (m.get("black") or {}).get("cid")
        r = m.get("round")
        for team in (first, second):
            if team is not None and team not in self.known:
                raise BrightwellError(f"a match between teams that do not exist (team {team})", place=where)
        if type(r) is not int:
            raise BrightwellError(f"round {r!r} is not a round", place=where)
        check_round(r, place=where)
        if second is None:
            kind = _BYES.get((m.get("white") or {}).get("result"), "zero")
            return Match(r, first, None, first_points=self.bye_points[kind], bye=kind)
        boards, points = self._boards(m, r, first, second, where)
        forfeit = None
        played = any((self.games.get(gid) or {}).get("played", True) for gid in m.get("games") or ())
        results = ((m.get("white") or {}).get("result"), (m.get("black") or {}).get("result"))
        if m.get("played") is False and "D" not in results:  # a drawn match is no forfeit
            forfeit = "first" if results[0] == "W" else "second" if results[1] == "W" else "both"
            pa, pb = points[first], points[second]
            declared = ((m.get("other") or {}).get("brightwell") or {}).get("declared") is True
            if boards and not played and not declared and not (pa > 0 and pb > 0) and forfeit == (
                    "first" if pa > pb else "second" if pb > pa else "both"):
                forfeit = None  # no game on the boards and one side scored nothing: forfeited as the boards say
        return Match(r, first, second, tuple(boards), points[first], points[second], forfeit, played=played)

    def _boards(self, m: dict, r: int, first: int, second: int, where: str) -> tuple[list[Board], dict]:
        """The boards of a match, in order, and each team's game points on them."""
        boards, points = [], {first: 0, second: 0}
        by_no, scoring = self.by_no, self.t.scoring
        for gid in m.get("games") or ():
            g = self.games.get(gid)
            if g is None:
                raise BrightwellError(f"game {gid} is in no gameList", place=where)
            a, b = (g.get("white") or {}).get("cid"), (g.get("black") or {}).get("cid")
            if self.team_of.get(a) != first:
                a, b = b, a
            pa = scoring.points(by_no[a].entry(r)) if a in by_no else 0
            pb = scoring.points(by_no[b].entry(r)) if b in by_no else 0
            points[first] += pa
            points[second] += pb
            boards.append(Board(_board_number(g, boards, where), a, b, pa, pb))
        boards.sort(key=lambda x: x.number)
        return boards, points


def with_teams(doc: dict, t: Tournament) -> dict:
    """The Chess-JSON ``doc`` of ``t``'s players made a team tournament, as gacrux writes one: the
    competitors the teams (their players in ``cplayers``), ``event.teams``, the ``matchList``."""
    section = t.teams
    tm = doc["event"]["tournaments"][0]
    teams, competitors = _team_entries(section, {c["cid"]: c for c in tm["competitors"]})
    game_of = {}
    for g in tm["gameList"]:
        for side in ("white", "black"):
            if g.get(side):
                game_of[g[side]["cid"], g["round"]] = g["id"]
    by_id = {g["id"]: g for g in tm["gameList"]}
    matches = [_match_entry(n, m, section, game_of, by_id) for n, m in enumerate(section.matches, 1)]
    met = {(team, m.round) for m in section.matches for team in (m.first, m.second) if team is not None}
    for r in range(1, max((m.round for m in section.matches), default=0) + 1):  # as gacrux writes a round
        for team in section.teams:                                              # without a match: a Z bye
            if (team.number, r) not in met:
                matches.append({"id": len(matches) + 1, "round": r, "board": 0, "games": [],
                                "white": {"cid": team.number, "result": "Z"}, "black": None, "played": False,
                                "other": {"brightwell": {"absent": True}}})
    s = section.scoring
    tm.update(teamTournament=True, competitors=competitors, teamSize=section.board_count, matchList=matches,
              tournamentType="Team: " + ("Round Robin" if t.system == "round-robin" else "Swiss-System"))
    tm["scoreSystem"]["match"] = {
        "W": _text(s.win), "D": _text(s.draw), "L": _text(s.loss), "F": "W", "H": "D", "Z": _text(s.loss),
        "P": "D" if s.pab_match_points is None else _text(s.pab_match_points), "A": "D", "U": "Z",
        "FG": "W*", "HG": "D*", "ZG": "Z*", "PG": "P*" if s.pab_game_points is None else _text(s.pab_game_points),
        "+": _text(s.win), "+G": "W*", "-": _text(s.loss), "-G": "Z*"}  # a forfeited match, won and lost
    tm["scoreSystem"].update(primary="match", secondary="game")
    if section.board_colours:
        tm["teamSequence"] = section.board_colours
    doc["event"]["teams"] = teams
    return doc


def _team_entries(section: TeamSection, players: dict) -> tuple[list[dict], list[dict]]:
    """``event.teams`` and the competitors, a team each (``players``: the individual competitors by cid)."""
    teams, competitors, first_id = [], [], 100000
    for n, team in enumerate(section.teams):
        tid = first_id + n
        cplayers = [{**players[no], "order": b, "teamId": tid} for b, no in enumerate(team.members, 1) if no in players]
        other = {k: v for k, v in (("shortName", team.short_name), ("strength", team.strength),
                                   ("unstored", team.stored_match_points is None or None),
                                   ("bonusMatchPoints", team.bonus_match_points or None),
                                   ("bonusGamePoints", team.bonus_game_points or None)) if v is not None}
        teams.append({"id": tid, "teamName": team.name, "players": list(team.members),
                      **({"other": {"brightwell": other}} if other else {})})
        competitors.append({"cid": team.number, "teamId": tid, "rank": team.stored_rank or 0, "present": True,
                            "matchPoints": _text(team.stored_match_points), "gamePoints": _text(team.stored_game_points),
                            "cplayers": cplayers})
    return teams, competitors


def _match_entry(n: int, m: Match, section: TeamSection, game_of: dict, by_id: dict) -> dict:
    """A match of the ``matchList`` (its games given their board in ``by_id``)."""
    match = {"id": n, "round": m.round, "board": 0}
    if m.second is None:
        match.update(games=[], white={"cid": m.first, "result": _LETTERS[m.bye or "zero"]}, black=None,
                     played=m.bye == "pab")
    else:
        a, b = section.match_result(m)
        s = section.scoring
        if m.forfeit is not None:
            ra, rb = ("W" if m.forfeit == "first" else "Z"), ("W" if m.forfeit == "second" else "Z")
        else:
            ra, rb = ("W" if a == s.win and a != b else "D" if a == b and a == s.draw else "L",
                      "W" if b == s.win and a != b else "D" if a == b and b == s.draw else "L")
        games = []
        for board in m.boards:
            ids = [game_of[x, m.round] for x in (board.first, board.second) if (x, m.round) in game_of]
            for gid in ids[:1]:
                games.append(gid)
                by_id[gid]["board"] = board.number
        match.update(games=games, white={"cid": m.first, "result": ra},
                     black={"cid": m.second, "result": rb},  # played, as gacrux counts a match: a game
                     played=m.forfeit is None and (m.played or (m.first_points > 0 and m.second_points > 0)))
    if m.forfeit is not None:
        match["other"] = {"brightwell": {"declared": True}}  # forfeited as the file declared (TRF 330)
    return match


def _text(x) -> str:
    return "0.0" if x is None else f"{float(x):.1f}" if float(x) * 10 == int(float(x) * 10) else str(x)


def _board_number(game: dict, boards: list[Board], where: str) -> int:
    """The board a game of a match was played on: its ``board``, else the lowest one left."""
    taken = {b.number for b in boards}
    n = game.get("board")
    if n in (None, 0):
        return next(k for k in range(1, len(boards) + 2) if k not in taken)
    if type(n) is not int or not 0 < n <= 1000 or n in taken:
        raise BrightwellError(f"game {game.get('id')}: board {n!r} is not a board of the match"
                              f"{' (two games on it)' if n in taken else ''}", place=where)
    return n
