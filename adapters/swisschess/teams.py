"""A Swiss-Chess team file's teams and matches.

A team's number is its card's (u16 at 0xD9) less the offset at byte 0x241 (998 in the files seen);
the team pairing records name the opponent team so, and a player's card its team (u16 at 0xC9). A
team pairing record (19 bytes; the teams' rounds follow the participants') holds the side (byte 8:
1 home, 3 away; 2 and 4 the same sides) and the opponent team (u16 at 9): no side, no part in the
round; no opponent, or Swiss-Chess's placeholder team "spielfrei", the pairing-allocated bye. A
match's boards are its players' games of the round, in the order of their records' board (byte 18);
a player whose board the other team left empty has his forfeit there. The match points are 2-1-0
(byte 0x53A = 0), 3-1-0 (1) or Swiss-Chess's own (2). A team card's points (0x124) and second value
(0x128) are its stored match and game points where the team list's first two codes are those.
"""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.swisschess.layout import PAIRING, PAIRING_SIZE, SETTINGS_SIZE, Layout
from brightwell_plugin.adapters.swisschess.tiebreaks import team_list

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Tournament
from brightwell_plugin.teams.model import Board, Match, MatchScoring, Team, TeamSection

_ON_BOARD = (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAIRED)


def team_section(layout: Layout, t: Tournament, warnings: list[str], file: str) -> Tournament:
    s = layout.settings
    numbers = _team_numbers(layout)
    team_of = _members(layout, numbers)
    items, notes = team_list(s)
    warnings += [f"{file}: Swiss-Chess's {n}" for n in notes]
    if s.minimum_points:
        warnings.append(f"{file}: Swiss-Chess wins a match with more than half the boards' points (byte 0x26F): "
                        "ranked as won by the side with more game points")
    matches = _matches(layout, t, numbers, team_of)
    ranked = any(layout.teams[k].points or layout.teams[k].place for k in numbers.values())
    teams = tuple(_team(layout.teams[k], number, team_of, items, ranked) for number, k in numbers.items()
                  if not layout.teams[k].placeholder)
    if s.team_scoring == 2:
        won, drawn, lost, _ = s.own_team_scores
        scoring = MatchScoring(won, drawn, lost)
    else:
        scoring = MatchScoring(3, 1, 0) if s.team_scoring == 1 else MatchScoring()
    return replace(t, teams=TeamSection(teams, matches, scoring, size=s.boards or None, tiebreaks=items))


def _team_numbers(layout: Layout) -> dict[int, int]:
    """Each team card's index by its number (the placeholder's too)."""
    offset, out = layout.settings.team_id_offset, {}
    for k, card in enumerate(layout.teams):
        number = card.number - offset
        if number < 1 or number in out:
            raise BrightwellError(f"team card {k + 1} holds number {card.number}, which less the offset {offset} is "
                                  + ("no team number" if number < 1 else "another team's too"),
                                  place=f"byte {card.offset + 0xD9}")
        out[number] = k
    return out


def _members(layout: Layout, numbers: dict[int, int]) -> dict[int, tuple[int, int, int]]:
    """Each player's (team, card index, board), by start number: the team and board his card names."""
    out = {}
    for k, card in enumerate(layout.players):
        if card.placeholder or not card.team:
            continue
        if card.team not in numbers or layout.teams[numbers[card.team]].placeholder:
            raise BrightwellError(f"participant {card.number} plays for team {card.team}, which is no team (no card, "
                                  "or Swiss-Chess's placeholder)",
                                  place=f"byte {card.offset + 0xC9}")
        out[card.number] = (card.team, k, card.board)
    return out


def _matches(layout: Layout, t: Tournament, numbers: dict[int, int], team_of: dict) -> tuple[Match, ...]:
    s, stored = layout.settings, layout.stored_rounds
    teams = list(PAIRING.iter_unpack(layout.pairings[layout.team_block:]))
    boards_of = [record[5] for record in PAIRING.iter_unpack(layout.pairings[:layout.team_block])]
    by_no, points = {p.start_no: p for p in t.players}, t.scoring.points
    matches = []
    for r in range(s.paired):
        games = _games(by_no, boards_of, stored, r, team_of, points)
        made = []  # (table, home team, the match): a round's matches in the order of their tables
        for number, k in numbers.items():
            colour, opp, _, table, *_ = teams[k * stored + r]
            if layout.teams[k].placeholder or not colour:
                continue
            at = SETTINGS_SIZE + layout.team_block + (k * stored + r) * PAIRING_SIZE
            other = numbers.get(opp - s.team_id_offset) if opp else None
            if other is None or layout.teams[other].placeholder:
                got = sum(row[3] for row in games.pop((number, None), []))
                made.append((table, number, Match(r + 1, number, None, first_points=got, bye="pab")))
                continue
            away = opp - s.team_id_offset
            back, back_opp, *_ = teams[other * stored + r]
            if back_opp != number + s.team_id_offset or not back or (colour <= 2) == (back <= 2):
                raise BrightwellError(f"round {r + 1}: team {number} meets team {away}, whose record does not say so",
                                      place=f"byte {at + 8}")
            if colour <= 2:  # the home team's record makes the match
                made.append((table, number, _match(r + 1, number, away, games)))
        matches += [m for _, _, m in sorted(made, key=lambda x: x[:2])]
        if games:
            (team, other), rows = next(iter(games.items()))
            raise BrightwellError(f"round {r + 1}: participant {rows[0][1]} of team {team} has a game "
                                  + (f"against team {other}, and no match of the round pairs them" if other else
                                     "alone, and his team plays no match that round"), place=f"byte {SETTINGS_SIZE}")
    return tuple(matches)


def _games(by_no: dict, boards_of: list, stored: int, r: int, team_of: dict, points) -> dict:
    """The round's games by (team, opponent team; None a forfeit alone), from each player's side:
    (board byte, start number, opponent, own points, opponent's points, played over the board)."""
    out: dict = {}
    for no, (team, k, _) in team_of.items():
        e = by_no[no].entry(r + 1)
        if e.kind not in _ON_BOARD:
            continue
        other, theirs = None, 0
        if e.opponent is not None:
            if e.opponent not in team_of:
                raise BrightwellError(f"round {r + 1}: participant {no} of team {team} plays {e.opponent}, who plays "
                                      "for no team", place=f"byte {SETTINGS_SIZE + (k * stored + r) * PAIRING_SIZE}")
            other, theirs = team_of[e.opponent][0], points(by_no[e.opponent].entry(r + 1))
        out.setdefault((team, other), []).append((boards_of[k * stored + r], no, e.opponent, points(e), theirs,
                                                  e.kind is Kind.GAME))
    return out


def _match(r: int, home: int, away: int, games: dict) -> Match:
    """``home`` against ``away``: the home side's games and either side's boards left empty, in the
    order of their records' board byte, numbered from 1."""
    games.pop((away, home), None)  # the same games, from the other side
    rows = games.pop((home, away), []) + games.pop((home, None), [])
    rows += [(b, None, no, 0, p, False) for b, no, _, p, _, _ in games.pop((away, None), [])]
    rows.sort(key=lambda row: (row[0], row[1] or 0, row[2] or 0))
    made = tuple(Board(n, row[1], row[2], row[3], row[4]) for n, row in enumerate(rows, 1))
    return Match(r, home, away, made, sum(b.first_points for b in made), sum(b.second_points for b in made),
                 played=any(row[5] for row in rows))


def _team(card, number: int, team_of: dict, items: tuple[str, ...], ranked: bool) -> Team:
    """A team: its card's name, its players by the board their card gives, and (of a file that was
    ranked) its stored place, match and game points."""
    members = sorted((board, k, no) for no, (team, k, board) in team_of.items() if team == number)
    stored = {}
    if ranked:
        for name, value in zip(items, (card.points, card.first)):
            stored[name] = value / 2
    return Team(number, card.name or f"Team {number}", None, members=tuple(no for _, _, no in members),
                stored_match_points=stored.get("MPTS"), stored_game_points=stored.get("GPTS"),
                stored_rank=(card.place or None) if ranked else None)
