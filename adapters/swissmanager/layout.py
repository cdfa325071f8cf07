"""A Swiss-Manager file's layout, read into plain records (no meaning given to results yet).

The file (``.TUNX`` individual Swiss, ``.TURX`` round robin, ``.TUMX`` team Swiss, ``.TUTX`` team
round robin; all little-endian) is:

- a 108-byte header: the magic ``93 FF 89 44``, the chess-results.com event number (u32 at 32);
- 132 texts (a u16 character count, then UTF-16LE): the event's name (0), section (1), organiser
  (4), venue (5), time control (14), federation (20), chief arbiter (21) …;
- the settings, from the marker ``95 FF 89 44``: the event type (u16 at 15: 0 Swiss, 1 round
  robin, 2 team round robin, 3 team Swiss), the current round (byte 21), players (u16 at 23),
  rounds (u16 at 27), the pairing-allocated bye's points doubled (u16 at 92), the tie-break codes (a u16 count at 31, at most 9, the codes from 33), teams
  (u16 at 51), boards (u16 at 53), first and last day (u32 YYYYMMDD at 75 and 79), a 19-byte
  parameter record per tie-break from 655 (tiebreaks.py), FIDE's event number (u32 at 1275);
- sections, each opened by its marker: the schedule (``A3``: per round 16 texts and 76 bytes: the
  day (u32 at 0), the round's pairing records (u16 at 6) and team pairings (u16 at 8)), the players
  (``A5``: 18 texts and a 134-byte record each), the pairings (``B3``: 21 bytes each, round after
  round: white, black (u16, 65535 the pairing-allocated bye, 65534 not paired), the result code),
  the teams (``B5``: 5 texts and 96 bytes each), the team pairings (``C3``: 15 bytes each: the two
  teams, as the players' black, then the two teams' game points doubled (u16 at 4 and 6)), and a
  list of number pairs (``C5``: pairs kept apart; it holds no result and is passed over);
- the directory: ``D3 FF 89 44``, seven u32 offsets of the sections in file order (its own
  included, zeros after), ``E3 FF 89 44``.
"""

from __future__ import annotations

from dataclasses import dataclass
from struct import Struct

from brightwell_plugin.adapters.swissmanager.binary import (
    MAGIC,
    Cursor,
    marker,
    refused,
    text,
    u16,
    u32,
)

from brightwell_plugin.limits import check_round

HEADER = 108
HEADER_TEXTS = 132
SETTINGS = 0x95
SCHEDULE, PLAYERS, PAIRINGS, TEAMS, TEAM_PAIRINGS, KEPT_APART, DIRECTORY = 0xA3, 0xA5, 0xB3, 0xB5, 0xC3, 0xC5, 0xD3
_END = marker(0xE3)
_SECTIONS = {SCHEDULE: "schedule", PLAYERS: "players' section", PAIRINGS: "pairings' section", TEAMS: "teams' section",
             TEAM_PAIRINGS: "team pairings' section", KEPT_APART: "pairs' section", DIRECTORY: "directory"}
SETTINGS_SIZE = 1279  # up to FIDE's event number, the last value read from the settings
MAX_TIEBREAKS = 9  # the codes' slots before the team count at 51
PARAMETERS, PARAMETER_SIZE = 655, 19
BYE, NOT_PAIRED = 65535, 65534
KINDS = {0: "Swiss", 1: "round robin", 2: "team round robin", 3: "team Swiss"}
_ROUND_TEXTS, _ROUND_SIZE = 16, 76
_PLAYER_TEXTS, _PLAYER_SIZE = 18, 134
_TEAM_TEXTS, _TEAM_SIZE = 5, 96
PAIRING_SIZE, TEAM_PAIRING_SIZE = 21, 15
_PAIRING, _TEAM_PAIRING = Struct("<HHB16x"), Struct("<HHHH7x")
_PLAYER_NUMBERS = Struct("<30xHH4xI6xIHH")  # at 30, 32, 38, 48, 52, 54


@dataclass(frozen=True, slots=True)
class Settings:
    kind: int  # KINDS
    current_round: int
    players: int
    rounds: int
    codes: tuple[int, ...]
    parameters: tuple[bytes, ...]  # each code's 19-byte record
    teams: int
    boards: int
    first_day: int  # YYYYMMDD, 0 unknown
    last_day: int
    fide_event: int
    pab_points: int  # the pairing-allocated bye's points, doubled (u16 at 92)

    @property
    def is_team(self) -> bool:
        return self.kind in (2, 3)


@dataclass(frozen=True, slots=True)
class TeamPairing:
    first: int
    second: int  # a team, BYE or NOT_PAIRED
    first_points: int  # game points doubled, as stored
    second_points: int
    offset: int


@dataclass(frozen=True, slots=True)
class RoundRecord:
    day: int  # YYYYMMDD, 0 unknown
    pairings: tuple[tuple[int, int, int], ...]  # (white, black, result): black a player, BYE or NOT_PAIRED (0: an empty board)
    team_pairings: tuple[TeamPairing, ...]
    first: int  # where the round's first pairing record stands

    def offset(self, k: int) -> int:
        """Where the round's ``k``-th pairing record stands (from 0), for messages."""
        return self.first + PAIRING_SIZE * k


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    texts: tuple[str, ...]  # last name, first name, -, display name, title, …, federation (10), category (11)
    data: bytes  # the 134-byte record
    offset: int

    def numbers(self) -> tuple[int, int, int, int, int, int]:
        """(sex: 1 female, rating, birth YYYYMMDD or YYYY0000, FIDE id, team, board), read at once."""
        return _PLAYER_NUMBERS.unpack_from(self.data)

    last_name = property(lambda self: text(self.texts[0]))
    first_name = property(lambda self: text(self.texts[1]))
    title = property(lambda self: text(self.texts[4]))
    federation = property(lambda self: text(self.texts[10]))
    female = property(lambda self: u16(self.data, 30) == 1)
    rating = property(lambda self: u16(self.data, 32))
    birth = property(lambda self: u32(self.data, 38))  # YYYYMMDD, YYYY0000 a year alone
    fide_id = property(lambda self: u32(self.data, 48))
    team = property(lambda self: u16(self.data, 52))
    board = property(lambda self: u16(self.data, 54))


@dataclass(frozen=True, slots=True)
class TeamRecord:
    texts: tuple[str, ...]  # name, short name, captain, federation, group
    data: bytes
    offset: int


@dataclass(frozen=True, slots=True)
class Layout:
    event_number: int  # chess-results.com's
    texts: tuple[str, ...]
    settings: Settings
    rounds: tuple[RoundRecord, ...]
    players: tuple[PlayerRecord, ...]
    teams: tuple[TeamRecord, ...]


def read_layout(data: bytes) -> Layout:
    """The records of a Swiss-Manager file, every length and count checked against its section."""
    if len(data) < HEADER + 36 or data[:4] != MAGIC:
        raise refused("not a Swiss-Manager file (it does not start with 93 FF 89 44)"
                      if data[:4] != MAGIC else "the file is cut short: no room for its header and directory", 0)
    sections = _directory(data)
    first = min(sections.values())
    head = Cursor(data, HEADER, first, "header")
    texts = head.strings(HEADER_TEXTS, "the event's texts")
    if head.take(4, "the settings' marker") != marker(SETTINGS):
        raise refused("the event's texts are not followed by the settings' marker 95 FF 89 44", head.pos - 4)
    settings = _settings(data, head.pos - 4, first)
    if (TEAMS in sections) != settings.is_team or (TEAM_PAIRINGS in sections) != settings.is_team:
        raise refused(f"a {KINDS[settings.kind]} event whose directory {'lacks' if settings.is_team else 'has'} "
                      "the teams' sections", len(data) - 36)
    for needed in (SCHEDULE, PLAYERS, PAIRINGS):
        if needed not in sections:
            raise refused(f"the directory names no {_SECTIONS[needed]}", len(data) - 36)
    bounds = _bounds(sections, len(data) - 36)
    players = _records(data, bounds[PLAYERS], PLAYERS, _PLAYER_TEXTS, _PLAYER_SIZE, PlayerRecord, "a player")
    teams = _records(data, bounds[TEAMS], TEAMS, _TEAM_TEXTS, _TEAM_SIZE, TeamRecord, "a team") \
        if settings.is_team else ()
    if len(players) != settings.players:
        raise refused(f"the settings count {settings.players} players, the players' section holds {len(players)}",
                      bounds[PLAYERS][0])
    if settings.is_team and len(teams) != settings.teams:
        raise refused(f"the settings count {settings.teams} teams, the teams' section holds {len(teams)}",
                      bounds[TEAMS][0])
    rounds = _rounds(data, bounds, settings)
    return Layout(u32(data, 32), texts, settings, rounds, players, teams)


def _directory(data: bytes) -> dict[int, int]:
    at = len(data) - 36
    if data[at:at + 4] != marker(DIRECTORY) or data[-4:] != _END:
        raise refused("no directory at the file's end (D3 FF 89 44 … E3 FF 89 44): the file is cut short", at)
    sections, last = {}, HEADER
    for k in range(7):
        offset = u32(data, at + 4 + 4 * k)
        if not offset:
            continue
        if offset <= last or offset > at:
            raise refused(f"the directory's offset {offset} is not after the one before it and inside the file",
                          at + 4 + 4 * k)
        tag = data[offset]
        if data[offset:offset + 4] != marker(tag) or tag not in _SECTIONS or tag in sections:
            raise refused(f"the directory points at byte {offset}, where no section begins", at + 4 + 4 * k)
        sections[tag], last = offset, offset
    if sections.get(DIRECTORY) != at:
        raise refused("the directory does not name itself", at)
    del sections[DIRECTORY]
    if not sections:
        raise refused("the directory names no section", at)
    return sections


def _bounds(sections: dict[int, int], directory: int) -> dict[int, tuple[int, int]]:
    """Each section's content: after its marker, up to the next section (or the directory)."""
    starts = sorted(sections.values()) + [directory]
    return {tag: (start + 4, starts[starts.index(start) + 1]) for tag, start in sections.items()}


def _settings(data: bytes, at: int, end: int) -> Settings:
    if end - at < SETTINGS_SIZE:
        raise refused(f"the settings hold {end - at} bytes, fewer than the {SETTINGS_SIZE} read", at)
    s = data[at:end]
    kind, count = u16(s, 15), u16(s, 31)
    if kind not in KINDS:
        raise refused(f"event type {kind} is none of Swiss-Manager's (0 to 3)", at + 15)
    if count > MAX_TIEBREAKS:
        raise refused(f"{count} tie-breaks: Swiss-Manager keeps at most {MAX_TIEBREAKS}", at + 31)
    rounds = u16(s, 27)
    if rounds:
        check_round(rounds, place=f"byte {at + 27}")
    return Settings(kind, s[21], u16(s, 23), rounds, tuple(u16(s, 33 + 2 * k) for k in range(count)),
                    tuple(s[PARAMETERS + PARAMETER_SIZE * k:PARAMETERS + PARAMETER_SIZE * (k + 1)] for k in range(count)),
                    u16(s, 51), u16(s, 53), u32(s, 75), u32(s, 79), u32(s, 1275), u16(s, 92))


def _records(data, bounds, tag, texts, size, record, what):
    cursor = Cursor(data, *bounds, _SECTIONS[tag])
    out = []
    while cursor.left():
        at = cursor.pos
        out.append(record(cursor.strings(texts, what), cursor.take(size, what), at))
    return tuple(out)


def _rounds(data: bytes, bounds, settings: Settings) -> tuple[RoundRecord, ...]:
    schedule = Cursor(data, *bounds[SCHEDULE], _SECTIONS[SCHEDULE])
    games = Cursor(data, *bounds[PAIRINGS], _SECTIONS[PAIRINGS])
    matches = Cursor(data, *bounds[TEAM_PAIRINGS], _SECTIONS[TEAM_PAIRINGS]) if settings.is_team else None
    rounds = []
    while schedule.left():
        if len(rounds) == settings.rounds:
            raise refused(f"the schedule holds more than the settings' {settings.rounds} rounds", schedule.pos)
        schedule.strings(_ROUND_TEXTS, "a round")
        fixed = schedule.take(_ROUND_SIZE, "a round")
        n_games, n_matches = u16(fixed, 6), u16(fixed, 8)
        where = f"round {len(rounds) + 1}'s pairings"
        if n_matches and matches is None:
            raise refused(f"round {len(rounds) + 1} of an individual event counts {n_matches} team pairings",
                          schedule.pos - _ROUND_SIZE + 8)
        first = games.pos
        block = games.take(PAIRING_SIZE * n_games, where)
        pairings = tuple(_PAIRING.iter_unpack(block))
        team_pairings = ()
        if n_matches:
            start = matches.pos
            block = matches.take(TEAM_PAIRING_SIZE * n_matches, f"round {len(rounds) + 1}'s team pairings")
            team_pairings = tuple(TeamPairing(*values, start + TEAM_PAIRING_SIZE * k)
                                  for k, values in enumerate(_TEAM_PAIRING.iter_unpack(block)))
        rounds.append(RoundRecord(u32(fixed, 0), pairings, team_pairings, first))
    if len(rounds) != settings.rounds:
        raise refused(f"the schedule holds {len(rounds)} rounds, the settings {settings.rounds}", bounds[SCHEDULE][0])
    for cursor in (games, matches):
        if cursor is not None and cursor.left():
            raise refused(f"{cursor.left()} bytes of the {cursor.section} belong to no round", cursor.pos)
    return tuple(rounds)

