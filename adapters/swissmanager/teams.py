"""A Swiss-Manager team file's teams and matches.

A team is its record's place; its players are those whose record names it (u16 at 52), in the order
of their board (u16 at 54). A round's team pairings (first team, second team: 65535 the
pairing-allocated bye, 65534 not paired) come with its board games: in a team Swiss the games of
both teams' players, in file order (the first is board 1); in a team round robin each match has a
slot per board, in order, an empty slot holding no game. A board one team left empty is a forfeit
win of the other's player. The match points are Swiss-Manager's 2/1/0, or 3/1/0 when the list
holds its codes 39, 40 or 46.
"""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.swissmanager.layout import BYE, NOT_PAIRED, Layout

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Tournament
from brightwell_plugin.teams.model import Board, Match, MatchScoring, Team, TeamSection


def placeholders(layout: Layout, rows: dict) -> set[int]:
    """Player records of no name, no team and no game: kept by Swiss-Manager as empty places."""
    return {no for no, p in enumerate(layout.players, 1)
            if not p.last_name and not p.first_name and not p.team and all(e is ABSENT_ENTRY for e in rows[no])}


def team_section(layout: Layout, t: Tournament) -> Tournament:
    s = layout.settings
    count = len(layout.teams)
    members: dict[int, list[tuple[int, int]]] = {k: [] for k in range(1, count + 1)}
    team_of = {}
    for no, p in enumerate(layout.players, 1):
        if p.team:
            if p.team > count:
                raise BrightwellError(f"player {no} plays for team {p.team}, of {count}", place=f"byte {p.offset}")
            members[p.team].append((p.board, no))
            team_of[no] = p.team
    teams = tuple(Team(k, rec.texts[0].strip() or f"Team {k}", rec.texts[1].strip() or None,
                       members=tuple(no for _, no in sorted(members[k])))
                  for k, rec in enumerate(layout.teams, 1))
    by_no = {p.start_no: p for p in t.players}
    points = t.scoring.points
    matches = []
    for r, rnd in enumerate(layout.rounds[:t.rounds_played], 1):
        boards: dict[int, list] = {k: [] for k in range(len(rnd.team_pairings))}
        side_of: dict[int, tuple[int, bool]] = {}
        for k, m in enumerate(rnd.team_pairings):
            for team, first in ((m.first, True), (m.second, False)):
                if team in (BYE, NOT_PAIRED) and not first:
                    continue
                if not 1 <= team <= count or team in side_of:
                    raise BrightwellError(f"round {r}'s team pairing names team {team}, of {count}, or a team twice",
                                          place=f"byte {m.offset}")
                side_of[team] = (k, first)
        for slot, g in enumerate(rnd.pairings):
            players = [no for no in g[:2] if no and no not in (BYE, NOT_PAIRED)]
            if not players:
                continue
            if s.kind == 2:  # a round robin's fixed slots
                k = slot // s.boards if s.boards else len(boards)
            else:
                found = {side_of.get(team_of.get(no, 0), (None,))[0] for no in players}
                k = found.pop() if len(found) == 1 else None
            if k not in boards or rnd.team_pairings[k].second in (BYE, NOT_PAIRED):
                raise BrightwellError(f"round {r}: the game of player(s) {', '.join(map(str, players))} belongs to "
                                      "no match of the round", place=f"byte {rnd.offset(slot)}")
            boards[k].append(g)
        for k, m in enumerate(rnd.team_pairings):
            if m.second in (BYE, NOT_PAIRED):
                matches.append(Match(r, m.first, None, first_points=m.first_points / 2,
                                     bye="pab" if m.second == BYE else "zero"))
                continue
            made = []
            for g in boards[k]:
                ends = {}
                for no in g[:2]:
                    if no and no in by_no:
                        ends[team_of.get(no) == m.first] = no
                a, b = ends.get(True), ends.get(False)
                made.append(Board(len(made) + 1, a, b, points(by_no[a].entry(r)) if a else 0,
                                  points(by_no[b].entry(r)) if b else 0))
            played = any(by_no[x].entry(r).kind is Kind.GAME for bd in made for x in (bd.first, bd.second) if x)
            matches.append(Match(r, m.first, m.second, tuple(made), sum(bd.first_points for bd in made),
                                 sum(bd.second_points for bd in made), played=played))
    scoring = MatchScoring(3, 1, 0) if any(c in (39, 40, 46) for c in s.codes) else MatchScoring()
    return replace(t, teams=TeamSection(teams, tuple(matches), scoring, size=s.boards or None))
