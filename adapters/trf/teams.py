"""A TRF's team records read into a :class:`~brightwell_plugin.teams.model.TeamSection`.

Teams are TRF-2026 ``310`` records (number, name, short name, strength, match and game points,
rank, members in board order) or TRF16 ``013`` rosters (numbered in the file's order). The
matches are not written down: each round's are the pairs of teams whose players meet on the
boards (the 001 records), a team's board order its roster's, unless a ``300`` record gives the
round's order. ``330`` declares a forfeited match, ``320`` the pairing-allocated bye's points
and teams, ``240`` a team's full, half or zero-point bye; ``362`` the match points, ``352`` the
colours of the first team's boards. The records stay as they are in the file's metadata.

Rule for a board whose players are not on two rosters: a player on no roster plays for no
team (his games are boards of no match, which is an error when his opponent's team has a
match that round), unless a team's 300 record fields him in a round: then he plays for that
team in that round (a substitute the rosters do not list); a player on two rosters, or fielded
by a team whose roster does not hold him while another's does, is an error.
"""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.numbers import finite
from brightwell_plugin.adapters.trf.abnormal import (
    RESULT,
    Abnormal,
    bonuses,
    not_applied,
    read_abnormal,
)
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Player, Side, Tournament
from brightwell_plugin.teams.model import (
    Board,
    Match,
    MatchScoring,
    Team,
    TeamSection,
    board_count,
    stored_totals_disagree,
)

_FORFEITS = {"10": "first", "WL": "first", "WZ": "first", "+-": "first", "01": "second", "LW": "second",
             "ZW": "second", "-+": "second", "00": "both", "LL": "both", "ZZ": "both", "--": "both"}
_BYES = {"F": "full", "H": "half", "Z": "zero", " ": "zero"}


def _int(text: str) -> int:
    text = text.strip()
    return int(text) if text else 0


def _number(text: str):
    text = text.strip()
    return finite(text) if text else None


def _ids(line: str, first_end: int, width: int = 4) -> list[int]:
    """The numbers of a record's id columns, ``width`` wide with one space between, the first ending at ``first_end``."""
    return [_int(line[i - width:i]) for i in range(first_end, len(line.rstrip()) + 1, width + 1)]


class _Records:
    """The team records of one file, each parsed as met; an error names its line."""

    def __init__(self, file: str):
        self.file = file
        self.teams: list[Team] = []
        self.rosters: list[Team] = []
        self.scoring = MatchScoring()
        self.colours: str | None = None
        self.forfeits: dict[tuple[int, int], tuple[int, int, str, int]] = {}  # (round, team) -> match, line
        self.byes: dict[tuple[int, int], str] = {}  # (round, team) -> kind
        self.orders: dict[tuple[int, int], list[int]] = {}  # (round, team) -> its players, board by board
        self.lines: dict[tuple[str, int, int], int] = {}  # (record, round, team) -> line, for errors
        self.abnormal: list[Abnormal] = []  # 299
        self.fielded: dict[tuple[int, int], int] = {}  # (round, player on no roster) -> the team a 300 fields him for

    def members(self, team: Team, r: int) -> tuple[int, ...]:
        """The team's players in round ``r``: its roster and those its 300 record fields from no roster."""
        guests = tuple(no for no in self.orders.get((r, team.number)) or () if no and no not in team.members)
        return team.members + guests

    def error(self, n: int, message: str) -> BrightwellError:
        return BrightwellError(message, file=self.file, place=f"line {n}")

    def read(self, n: int, line: str) -> None:
        code = line[:3]
        if code == "310":
            self.teams.append(Team(_int(line[4:7]), line[8:40].strip(), line[41:46].strip() or None,
                                   _number(line[47:53]), tuple(i for i in _ids(line, 77) if i),
                                   _number(line[54:60]), _number(line[61:67]), _int(line[68:71]) or None))
        elif code == "013":  # a TRF16 roster; beside 310 records (TRF-2026 files keep both), the same teams
            self.rosters.append(Team(len(self.rosters) + 1, line[4:36].strip(),
                                   members=tuple(i for i in _ids(line, 40) if i)))
        elif code == "362":
            self.scoring = _match_points(line, self.scoring)
        elif code == "352":
            self.colours = line[4:].strip().upper() or None
        elif code == "320":
            mp, gp = _number(line[4:8]), _number(line[9:13])
            self.scoring = MatchScoring(self.scoring.win, self.scoring.draw, self.scoring.loss, mp, gp)
            for r, team in enumerate(_ids(line, 17, 3), 1):
                if team:
                    self.byes[r, team] = "pab"
        elif code == "330":
            kind = _FORFEITS.get(line[4:6].upper())
            if kind is None:
                raise self.error(n, f"330 forfeited match: '{line[4:6]}' is not a result (+- -+ -- or W/L/Z pairs)")
            r, a, b = _int(line[7:10]), _int(line[11:14]), _int(line[15:18])
            if not a or not b or a == b:
                raise self.error(n, f"330 forfeited match of round {r}: teams '{line[11:14].strip()}' and "
                                    f"'{line[15:18].strip()}' are not two teams")
            self.forfeits[r, a] = self.forfeits[r, b] = (a, b, kind, n)
        elif code == "240":
            kind = _BYES.get(line[4:5].upper())
            if kind is not None:
                for team in _ids(line, 14):
                    if team:
                        self.byes[_int(line[6:9]), team] = kind
        elif code == "299":
            self.abnormal.append(read_abnormal(n, line, self.file))
        elif code == "300":
            r, team = _int(line[4:7]), _int(line[8:11])
            self.orders[r, team] = _ids(line, 20)
            self.lines["300", r, team] = n


def _match_points(line: str, scoring: MatchScoring) -> MatchScoring:
    """``362 TW 2.0   TD 1.0   TL 0.0``: the match points of a win, a draw and a loss."""
    tokens = line[4:].split()
    found = dict(zip(tokens[::2], tokens[1::2]))
    return MatchScoring(finite(found.get("TW", scoring.win)), finite(found.get("TD", scoring.draw)),
                        finite(found.get("TL", scoring.loss)), scoring.pab_match_points, scoring.pab_game_points)


def with_teams(t: Tournament, lines, file: str, warnings: list[str]) -> Tournament:
    """``t`` as a team event when its team records make one: 310 records (TRF-2026 teams) or a type
    (092, 192) that names a team event, with two teams or more; TRF16 ``013`` rosters alone only
    when the boards make matches (each team's players meet one team's a round). Rosters of an
    individual event (a team prize) leave it individual, said once; the records stay in the file."""
    declared = any(line.startswith("310") or (line[:3] in ("092", "192") and "TEAM" in line[4:].upper())
                   for line, _ in lines)
    said: list[str] = []
    try:
        section = read_teams(lines, t, file, said)
    except BrightwellError as exc:
        if declared:
            raise
        warnings.append(f"{file}: its 013 team rosters are read as those of an individual event, not a team "
                        f"competition ({exc.message})")
        return t
    if len(section.teams) < 2:
        return t
    warnings.extend(said)
    warnings.extend(f"{file}: {line}" for line in stored_totals_disagree(section))
    return replace(t, teams=section)


def read_teams(lines, t: Tournament, file: str, warnings: list[str] | None = None) -> TeamSection:
    """The team section of a TRF whose ``lines`` hold team records, over its read players ``t``
    (what is not applied of its 299 records said in ``warnings``)."""
    records = _Records(file)
    for n, (line, _) in enumerate(lines, 1):
        if line[:3] in ("310", "013", "362", "352", "320", "330", "240", "300", "299") and line[3:4] == " ":
            try:
                records.read(n, line)
            except ValueError:
                raise records.error(n, f"record {line[:3]} cannot be read: '{line.strip()}'") from None
    if not records.teams:
        records.teams = records.rosters
    team_of: dict[int, int] = {}
    known = {p.start_no for p in t.players}
    for team in records.teams:
        for no in team.members:
            if no not in known:
                raise BrightwellError(f"team {team.number} ({team.name}) names player {no}, who has no 001 record",
                                      file=file)
            if no in team_of:
                raise BrightwellError(f"player {no} is on two teams: {team_of[no]} and {team.number}", file=file)
            team_of[no] = team.number
    numbers = [team.number for team in records.teams]
    if len(set(numbers)) != len(numbers):
        raise BrightwellError("two team records have one team number", file=file)
    for (r, team), order in records.orders.items():
        n = records.lines["300", r, team]
        if team not in numbers:
            raise records.error(n, f"300 board order of round {r} names team {team}, which does not exist")
        for no in order:
            if no and no not in known:
                raise records.error(n, f"300 board order of round {r} names player {no}, who has no 001 record")
            if no and team_of.get(no, team) != team:
                raise records.error(n, f"300 board order of round {r}: player {no} is not on team {team} "
                                       f"(he is on team {team_of[no]})")
            if no and no not in team_of and records.fielded.setdefault((r, no), team) != team:
                raise records.error(n, f"300 board order of round {r}: player {no} is fielded by teams "
                                       f"{records.fielded[r, no]} and {team}")
    given = bonuses(records.abnormal, lambda i: i in numbers, "team", file)
    teams = tuple(replace(team, bonus_match_points=given[team.number][0], bonus_game_points=given[team.number][1])
                  if team.number in given else team for team in records.teams)
    matches = _matches(t, records, team_of, file)
    section = TeamSection(teams, matches, records.scoring, records.colours)
    if warnings is not None:
        warnings.extend(not_applied(records.abnormal, lambda r: _standard(r, section, t), file))
    return section


def _standard(r: Abnormal, section: TeamSection, t: Tournament) -> bool:
    """Whether a 299 record for every result of its type is worth what the event gives it anyway:
    the match points of the result and, on every board, the game points of its games."""
    result = RESULT[r.type]
    mp = getattr(section.scoring, "loss" if result == "absent" else result)  # a team's scoring has no absence
    return not r.ids and r.match_points == mp and r.points == section.board_count * getattr(t.scoring, result)


def _matches(t: Tournament, records: _Records, team_of: dict[int, int], file: str) -> tuple[Match, ...]:
    """Each round's matches: the pairs of teams whose players meet, then the byes."""
    by_no = {p.start_no: p for p in t.players}
    teams = {team.number: team for team in records.teams}
    for key, (a, b, _, n) in records.forfeits.items():
        for team in (a, b):
            if team not in teams:
                raise records.error(n, f"330 forfeited match of round {key[0]} names team {team}, which does not exist")
    out: list[Match] = []
    for r in range(1, t.rounds_played + 1):
        opponent_team: dict[int, int] = {}
        playing = {**team_of, **{no: team for (rr, no), team in records.fielded.items() if rr == r}}
        for team in records.teams:
            for no in records.members(team, r):
                e = by_no[no].entry(r)
                if e.opponent is None or e.opponent not in playing:
                    continue
                other = playing[e.opponent]
                if opponent_team.setdefault(team.number, other) != other:
                    raise BrightwellError(f"round {r}: players of team {team.number} meet players of teams "
                                          f"{opponent_team[team.number]} and {other}", file=file, place=f"player {no}")
        done: set[int] = set()
        for team in records.teams:
            a = team.number
            if a in done:
                continue
            forfeit = records.forfeits.get((r, a))
            if forfeit is not None or a in opponent_team:
                first, second = forfeit[:2] if forfeit else _first_team(r, a, opponent_team[a], teams, by_no, records)
                done.update((first, second))
                match = _match(r, first, second, teams, by_no, t, records, forfeit[2] if forfeit else None)
                if forfeit and match.played:
                    raise records.error(forfeit[3], f"330 declares the round {r} match of teams {first} and {second} "
                                                    "forfeited, but games were played on its boards")
                out.append(match)
                continue
            bye = records.byes.get((r, a))
            if bye is None and any(by_no[no].entry(r).kind is Kind.PAB for no in records.members(team, r)):
                bye = "pab"
            if bye is not None:
                done.add(a)
                out.append(Match(r, a, None, bye=bye))
    return _with_bye_points(out, records, t)


def _with_bye_points(matches: list[Match], records: _Records, t: Tournament) -> tuple[Match, ...]:
    """The game points of each bye: a full bye's every board won, a half bye's every board drawn,
    a pairing-allocated bye's the 320 record's (else a half bye's); the boards are the 352
    sequence's, else the most any match had."""
    size = board_count(matches, records.colours)
    s, pab = t.scoring, records.scoring.pab_game_points
    points = {"full": size * s.win, "half": size * s.draw, "zero": 0, "pab": size * s.draw if pab is None else pab}
    return tuple(replace(m, first_points=points[m.bye]) if m.bye else m for m in matches)


def _first_team(r: int, a: int, b: int, teams: dict[int, Team], by_no: dict[int, Player], records) -> tuple[int, int]:
    """The match's first team: the one with the first board's colour of the 352 sequence (White
    when the file gives none) on the first board played."""
    colours = records.colours or "WB"
    seats = _seats(teams[a], r, records)
    for no in _board_order(teams[a], r, records):
        e = by_no[no].entry(r)
        if e.opponent is not None and e.side is not None:
            board = seats.get(no, 1) - 1
            return (a, b) if (e.side is Side.FIRST) == (colours[board % len(colours)] == "W") else (b, a)
    return (a, b) if a < b else (b, a)


def _board_order(team: Team, r: int, records) -> list[int]:
    order = records.orders.get((r, team.number))
    return [no for no in order if no] if order else list(team.members)


def _seats(team: Team, r: int, records) -> dict[int, int]:
    """The board each player of ``team`` sat at in round ``r``, where a 300 record says (its 0s are
    boards the team left empty)."""
    order = records.orders.get((r, team.number)) or ()
    return {no: board for board, no in enumerate(order, 1) if no}


def _numbered(pairs, first_seats: dict[int, int], second_seats: dict[int, int]) -> list[Board]:
    """The boards in board order: numbered where a 300 record seats either player, the others on
    the lowest boards left, in the order met."""
    seat = [first_seats.get(a) or second_seats.get(b) for a, b, _, _ in pairs]
    taken = {s for s in seat if s}
    free = (n for n in range(1, len(pairs) + len(taken) + 1) if n not in taken)
    numbers = [s if s and s not in seat[:j] else next(free) for j, s in enumerate(seat)]
    return sorted((Board(n, *pair) for n, pair in zip(numbers, pairs)), key=lambda b: b.number)


def _team_points(team: Team, r: int, by_no: dict[int, Player], t: Tournament, records):
    """The game points the team's players scored in round ``r``."""
    points = t.scoring.points
    return sum(points(by_no[no].entry(r)) for no in records.members(team, r))


def _match(r, first, second, teams, by_no, t, records, forfeit) -> Match:
    """The boards of ``first`` against ``second`` in round ``r``: the first team's players in board
    order, each with his opponent, then the second team's players who won a board left empty (a
    player with no opponent and no points, a reserve, is no board)."""
    pairs, placed = [], set()
    points = t.scoring.points
    their_players = set(records.members(teams[second], r))
    for no in _board_order(teams[first], r, records):
        e = by_no[no].entry(r)
        opponent = e.opponent if e.opponent in their_players else None
        if opponent is not None or points(e):  # a player who met one, or won a board the other left empty
            placed.add(opponent)
            theirs = points(by_no[opponent].entry(r)) if opponent is not None else 0
            pairs.append((no, opponent, points(e), theirs))
    for no in _board_order(teams[second], r, records):
        e = by_no[no].entry(r)
        if no not in placed and e.opponent is None and points(e):
            pairs.append((None, no, 0, points(e)))
    boards = _numbered(pairs, _seats(teams[first], r, records), _seats(teams[second], r, records))
    played = any(by_no[b.first].entry(r).kind is Kind.GAME for b in boards if b.first is not None)
    return Match(r, first, second, tuple(boards), _team_points(teams[first], r, by_no, t, records),
                 _team_points(teams[second], r, by_no, t, records), forfeit, played=played)
