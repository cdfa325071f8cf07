"""Swiss-Chess ``.SWT`` files written from the layout (adapters/swisschess/layout.py), for the
fixtures and the hostile-file tests: the 13,384 bytes of settings, the pairing records (every
participant's rounds, then every team's) and the 655-byte cards, each value where the layout says
Swiss-Chess keeps it."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

SETTINGS, RECORD, CARD = 13384, 19, 655
TEAM_OFFSET = 998  # byte 0x241: a team's number in its card and in the team pairing records is this plus its own
WHITE, BLACK = 1, 3
KAMPFLOS, NOT_FIELDED = 2, 3  # a record's status
LOSS, DRAW, WIN = 1, 2, 3


def put_text(buffer: bytearray, at: int, end: int, value: str | bytes) -> None:
    """A text in its fixed place (``at`` to ``end`` inclusive), NUL-ended when it is shorter."""
    data = value if isinstance(value, bytes) else value.encode("cp1252")
    data = data[:end - at + 1]
    buffer[at:at + len(data)] = data


@dataclass
class Card:
    """A participant's or a team's card; points and tie-break values doubled (Sonneborn-Berger x 4)."""

    name: str | bytes
    number: int
    club: str = ""
    title: str = ""
    fide: str = ""
    national: str = ""
    federation: str = ""
    birth: str = ""
    attribute: str = ""
    fide_id: str = ""
    placeholder: bool = False
    team: int = 0
    board: int = 0
    place: int = 0
    points: int = 0
    first: int = 0
    second: int = 0
    special: int = 0  # doubled; below 0 a penalty
    record: tuple[int, int, int] = (0, 0, 0)  # won, drawn, lost

    def dumps(self) -> bytes:
        b = bytearray(CARD)
        for (at, end), value in (((0x00, 0x1F), self.name), ((0x21, 0x40), self.club), ((0x42, 0x44), self.title),
                                 ((0x46, 0x49), self.fide), ((0x4B, 0x4E), self.national),
                                 ((0x69, 0x6B), self.federation), ((0x80, 0x89), self.birth),
                                 ((0xB8, 0xB8), self.attribute), ((0x144, 0x14F), self.fide_id)):
            put_text(b, at, end, value)
        if self.placeholder:
            b[0xBD] = 0x66
        struct.pack_into("<HH", b, 0xC9, self.team, self.board)
        struct.pack_into("<HHH", b, 0xD9, self.number, self.number, self.place)
        struct.pack_into("<HHHH", b, 0xE1, sum(self.record), *self.record)
        b[0x110], b[0x111] = (0xFF, self.special + 256) if self.special < 0 else (0, self.special)
        struct.pack_into("<iii", b, 0x124, self.points, self.first, self.second)
        return bytes(b)


@dataclass
class Record:
    colour: int = 0
    opponent: int = 0
    result: int = 0
    table: int = 0
    status: int = 0
    board: int = 0

    def dumps(self) -> bytes:
        b = bytearray(RECORD)
        struct.pack_into("<BHB", b, 8, self.colour, self.opponent, self.result)
        struct.pack_into("<HB", b, 13, self.table, self.status)
        b[18] = self.board
        return bytes(b)


@dataclass
class Event:
    name: str
    players: list[Card]
    rounds: int  # planned (a cycle's)
    paired: int
    stored: int | None = None  # rounds of records kept (default: the planned rounds when a round is paired)
    current: int | None = None
    mode: int = 0  # 0 Swiss, 1 round robin, 2 knock-out, 3 Scheveningen
    codes: dict[int, int] = field(default_factory=dict)  # byte offset -> tie-break code
    cuts: int = 0
    wins_last: bool = False
    teams: list[Card] = field(default_factory=list)
    team_event: bool = False
    boards: int = 0
    scoring: int = 0
    team_scoring: int = 0
    own_scores: tuple[int, ...] = (3, 3, 1, 1, 0, 0)
    rating_rule: int = 0
    fide_correction: bool = True
    version: int = 883
    start: str = "07.03.2026"
    end: str = "08.03.2026"
    records: dict[tuple[int, int], Record] = field(default_factory=dict)  # (card index, round from 1)
    team_records: dict[tuple[int, int], Record] = field(default_factory=dict)

    def _index(self, number: int) -> int:
        return next(k for k, c in enumerate(self.players) if c.number == number)

    def game(self, r: int, white: int, black: int, white_result: int, black_result: int, status: int = 0,
             board: int = 0, table: int = 0) -> Event:
        self.records[self._index(white), r] = Record(WHITE, black, white_result, table, status, board)
        self.records[self._index(black), r] = Record(BLACK, white, black_result, table, status, board)
        return self

    def alone(self, r: int, number: int, result: int, colour: int = 0, status: int = 0, board: int = 0) -> Event:
        self.records[self._index(number), r] = Record(colour, 0, result, 0, status, board)
        return self

    def match(self, r: int, home: int, away: int, table: int = 0) -> Event:
        at = {c.number - TEAM_OFFSET: k for k, c in enumerate(self.teams)}
        self.team_records[at[home], r] = Record(WHITE, TEAM_OFFSET + away, 0, table)
        self.team_records[at[away], r] = Record(BLACK, TEAM_OFFSET + home, 0, table)
        return self

    def settings(self) -> bytes:
        s = bytearray(SETTINGS)
        struct.pack_into("<HHHHB", s, 1, self.rounds, self.paired if self.current is None else self.current,
                         self.paired, len(self.players), self.cuts)
        for (at, end), value in (((0x316, 0x33D), self.name), ((0xF5, 0x130), self.name), ((0x33F, 0x366), "Riverside"),
                                 ((0x368, 0x3A3), "A. Arbiter"), ((0x41F, 0x432), self.start),
                                 ((0x434, 0x447), self.end), ((0x449, 0x45C), "90 min + 30 s")):
            put_text(s, at, end, value)
        for at, code in self.codes.items():
            s[at] = code
        s[0x246], s[0x251], s[0x254], s[0x255] = self.rating_rule, 0xFF if self.wins_last else 0, self.mode, 1
        s[0x25C], s[0x25E], s[0x2A3] = self.boards, 0xFF if self.team_event else 0, 0xFF if self.fide_correction else 0
        struct.pack_into("<H", s, 0x241, TEAM_OFFSET)
        struct.pack_into("<H", s, 0x261, self.version)
        struct.pack_into("<H", s, 0x534, len(self.teams))
        s[0x538], s[0x53A] = self.scoring, self.team_scoring
        for at, value in zip((0x1576, 0x1578, 0x157A, 0x157C, 0x157E, 0x1582), self.own_scores):
            struct.pack_into("<H", s, at, value)
        return bytes(s)

    def dumps(self) -> bytes:
        stored = self.stored if self.stored is not None else (self.rounds if self.paired else 0)
        blocks = [(len(self.players), self.records)] + ([(len(self.teams), self.team_records)] if self.team_event else [])
        records = b"".join((kept.get((k, r)) or Record()).dumps()
                           for count, kept in blocks for k in range(count) for r in range(1, stored + 1))
        cards = b"".join(c.dumps() for c in self.players + self.teams)
        return self.settings() + records + cards


# the tie-break bytes of layout.py: a Swiss's players, then its teams
TB1, TB2, TEAM1, TEAM2, TEAM3 = 0x26D, 0x23C, 0x263, 0x265, 0x267


def club_swiss() -> Event:
    """Five players and Swiss-Chess's placeholder, four rounds planned and three paired: a win, a
    draw, a pairing-allocated bye, a forfeit, a half-point bye, a withdrawal after round 2 (attribute
    *), and round 3 paired with no result yet. Its cards store Swiss-Chess's ranking after round 2 by
    points, progressive score (Summenwertung, code 4) and wins (code 14), worked by hand:

    ==  ====================  ===  ===  ===  =====
    no  rounds 1 and 2        PTS  PS   WIN  place
    ==  ====================  ===  ===  ===  =====
    1   1-0 v 2, ½ bye        1½   2½   1    2
    2   0-1 v 1, +/- v 3      1    1    1    3
    3   ½ v 4, -/+ v 2        ½    1    0    4
    4   ½ v 3, 0-1 v 5        ½    1    0    4
    5   bye, 1-0 v 4          2    3    2    1
    ==  ====================  ===  ===  ===  =====
    """
    people = [Card("Adler,Anna", 1, "SK Riverside", "WFM", "2105", "2050", "GER", "19900512", "w", "1500001",
                   place=2, points=3, first=5, second=2, record=(1, 0, 0)),
              Card("Berg,Bruno", 2, "SV Ostend", "", "2050", "", "AUT", "1985", "m", "1500002",
                   place=3, points=2, first=2, second=2, record=(1, 0, 1)),
              Card("Costa,Carla", 3, "", "", "1980", "1995", "POR", "", "w", place=4, points=1, first=2, record=(0, 1, 1)),
              Card("Dvorák,Dan", 4, "Schachfreunde Süd", "", "", "1902", "CZE", "", "m", place=4, points=1, first=2,
                   record=(0, 1, 1)),
              Card("Eriksen,Erik", 5, "", "", "1850", "", "NOR", "", "*", place=1, points=4, first=6, second=4,
                   record=(2, 0, 0)),
              Card("spielfrei", 6, placeholder=True)]
    e = Event("Club Swiss 2026", people, rounds=4, paired=3, codes={TB1: 4, TB2: 14}, rating_rule=0)
    e.game(1, 1, 2, WIN, LOSS, table=1).game(1, 3, 4, DRAW, DRAW, table=2).game(1, 5, 6, WIN, LOSS, table=3)
    e.game(2, 2, 3, WIN, LOSS, status=KAMPFLOS, table=1).game(2, 4, 5, LOSS, WIN, table=2).alone(2, 1, DRAW)
    e.game(3, 1, 3, 0, 0, table=1).game(3, 2, 4, 0, 0, table=2)
    return e


def club_league() -> Event:
    """Four teams of two boards (Bravo with a reserve), two rounds of a team Swiss: a board forfeited
    (kampflos), a board Delta left empty, the reserve fielded in round 2, and the teams' list match
    points, board points, Buchholz (codes 1, 2, 3). The team cards store the ranking after round 2:

    =======  ===============  ==  ===  =========  =====
    team     matches          MP  GP   BH (MP)    place
    =======  ===============  ==  ===  =========  =====
    Alpha    1½-½ B, 1-1 C    3   2½   2 + 2 = 4  1
    Bravo    ½-1½ A, 2-0 D    2   2½   3 + 1 = 4  2
    Charlie  1-1 D, 1-1 A     2   2    1 + 3 = 4  3
    Delta    1-1 C, 0-2 B     1   1    2 + 2 = 4  4
    =======  ===============  ==  ===  =========  =====
    """
    people, no = [], 0
    for team, (name, size) in enumerate((("Alpha", 2), ("Bravo", 3), ("Charlie", 2), ("Delta", 2)), 1):
        for board in range(1, size + 1):
            no += 1
            people.append(Card(f"{name}{board},Player", no, name, fide=str(2000 - 10 * no), team=team, board=board))
    teams = [Card(name, TEAM_OFFSET + k, place=place, points=mp, first=gp, second=bh, record=rec)
             for k, (name, place, mp, gp, bh, rec) in enumerate(
                 (("Alpha", 1, 6, 5, 8, (1, 1, 0)), ("Bravo", 2, 4, 5, 8, (1, 0, 1)),
                  ("Charlie", 3, 4, 4, 8, (0, 2, 0)), ("Delta", 4, 2, 2, 8, (0, 1, 1))), 1)]
    e = Event("Club League 2026", people, rounds=2, paired=2, codes={TEAM1: 1, TEAM2: 2, TEAM3: 3, TB1: 3, TB2: 5},
              teams=teams, team_event=True, boards=2)
    # round 1: Alpha-Bravo 1½-½ (board 2 forfeited by Bravo), Charlie-Delta 1-1
    e.match(1, 1, 2, 1).match(1, 3, 4, 2)
    e.game(1, 1, 3, DRAW, DRAW, board=1).game(1, 4, 2, LOSS, WIN, status=KAMPFLOS, board=2)
    e.game(1, 6, 8, WIN, LOSS, board=1).game(1, 9, 7, WIN, LOSS, board=2)
    # round 2: Charlie-Alpha 1-1, Bravo-Delta 2-0 (Delta left board 2 empty; Bravo's reserve on board 2)
    e.match(2, 3, 1, 1).match(2, 2, 4, 2)
    e.game(2, 6, 1, LOSS, WIN, board=1).game(2, 2, 7, LOSS, WIN, board=2)
    e.game(2, 3, 8, WIN, LOSS, board=1).alone(2, 5, WIN, colour=WHITE, status=NOT_FIELDED, board=2)
    return e
