"""A chess-results upload's teams: ``<team>`` records (number, name, short name, stored rank,
match points and tie-break values) and the players' ``teamno`` and ``board``; the matches are the
``<teampairing>`` records, their boards the players' pairings of that round between the two teams.
A team pairing's game points (``res1``, ``res2``) must be what its boards add up to."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.chessresults.pairings import points_of as _number  # decimal commas
from brightwell_plugin.adapters.numbers import digits

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import check_round
from brightwell_plugin.model import Tournament
from brightwell_plugin.teams.model import Board, Match, MatchScoring, Team, TeamSection


def team_section(root, t: Tournament, teams_el, by_slot: dict[int, str | None], codes: list[int]) -> Tournament:
    """The teams and matches of a team upload; ``by_slot`` each ``tbN``'s criterion."""
    members: dict[int, list[tuple[int, int]]] = {}
    kept = {p.start_no for p in t.players}  # not the placeholders the reader left out
    for p in root.findall("players/player"):
        team, no = (p.get("teamno") or "").strip(), int(p.get("no"))
        if team and no in kept:
            if not digits(team):
                raise BrightwellError(f"teamno '{team}' is not a whole number", place=f"line {p.sourceline}")
            board = (p.get("board") or "").strip()
            members.setdefault(int(team), []).append((int(board) if digits(board) else 999, no))
    teams = []
    for el in teams_el:
        where = f"line {el.sourceline}"
        no = (el.get("no") or "").strip()
        if not digits(no):
            raise BrightwellError(f"team no '{no}' is not a whole number", place=where)
        number = int(no)
        values = {x: v for i, x in by_slot.items()
                  if x and (v := _number(el.get(f"tb{i}"), f"tb{i}", where)) is not None}
        rank = (el.get("rank") or "").strip()
        teams.append(Team(number, (el.get("teamname") or "").strip() or f"Team {number}",
                          (el.get("teamshort") or "").strip() or None, _number(el.get("rtg_average"), "rtg_average", where),
                          tuple(no for _, no in sorted(members.get(number, []))),
                          _number(el.get("points"), "points", where), values.get("GPTS"),
                          int(rank) if digits(rank) and int(rank) else None))
    numbers = {team.number for team in teams}
    unknown = sorted(set(members) - numbers)
    if unknown:
        raise BrightwellError(f"players name team {unknown[0]}, which has no <team>")
    team_of = {no: team.number for team in teams for no in team.members}
    by_no = {p.start_no: p for p in t.players}
    points = t.scoring.points
    matches = []
    for el in root.findall("teampairings/teampairing"):
        where = f"line {el.sourceline}"
        r, a, b = (int(x) if digits((x or "").strip()) else None for x in (el.get("round"), el.get("no1"), el.get("no2")))
        if r is None or a is None:
            raise BrightwellError("a team pairing without its round or first team", place=where)
        check_round(r, place=where)
        if a not in numbers or (b and b not in numbers):
            raise BrightwellError(f"a match between teams that do not exist ({a} and {b})", place=where)
        if not b:
            matches.append(Match(r, a, None, first_points=_number(el.get("res1"), "res1", where) or 0, bye="full"))
            continue
        boards = []
        first = next(x for x in teams if x.number == a)
        for no in first.members:
            e = by_no[no].entry(r)
            if e.opponent is not None and team_of.get(e.opponent) == b:
                boards.append(Board(len(boards) + 1, no, e.opponent, points(e), points(by_no[e.opponent].entry(r))))
        pa, pb = sum(x.first_points for x in boards), sum(x.second_points for x in boards)
        for stored, given, side in ((_number(el.get("res1"), "res1", where), pa, a), (_number(el.get("res2"), "res2", where), pb, b)):
            if stored is not None and abs(stored - given) > 1e-9:
                raise BrightwellError(f"round {r}: team {side} is given {stored:g} game points, its boards add up to "
                                      f"{given:g}", place=where)
        played = any(by_no[x.first].entry(r).kind.value == "game" for x in boards)
        matches.append(Match(r, a, b, tuple(boards), pa, pb, played=played))
    return replace(t, teams=TeamSection(tuple(teams), tuple(matches), MatchScoring(*_match_points(codes))))


def _match_points(codes: list[int]) -> tuple:
    """Swiss-Manager's 40 (and 39, 46) count 3 for a won match; the others 2."""
    return (3, 1, 0) if any(c in (39, 40, 46) for c in codes) else (2, 1, 0)
