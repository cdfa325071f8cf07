"""Swiss-Manager binary files written from the layout (adapters/swissmanager/layout.py), for the
fixtures and the hostile-file tests: a header, 132 texts, the settings, the sections and the
directory, each value where the layout says Swiss-Manager keeps it."""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

BYE, NOT_PAIRED = 65535, 65534
SETTINGS_SIZE = 5887  # as in every real file


def text(value: str) -> bytes:
    data = value.encode("utf-16-le", "surrogatepass")  # a lone surrogate written as it stands: a hostile text
    return struct.pack("<H", len(data) // 2) + data


@dataclass
class Person:
    last: str
    first: str = ""
    rating: int = 0
    fide_id: int = 0
    federation: str = ""
    title: str = ""
    female: bool = False
    birth: int = 0  # YYYYMMDD or YYYY0000
    team: int = 0
    board: int = 0

    def record(self) -> bytes:
        texts = [""] * 18
        texts[0], texts[1], texts[4], texts[10] = self.last, self.first, self.title, self.federation
        tail = bytearray(134)
        struct.pack_into("<HH", tail, 30, 1 if self.female else 0, self.rating)
        struct.pack_into("<I", tail, 38, self.birth)
        struct.pack_into("<IHH", tail, 48, self.fide_id, self.team, self.board)
        return b"".join(text(t) for t in texts) + bytes(tail)


@dataclass
class Event:
    name: str
    players: list[Person]
    rounds: list[list[tuple[int, int, int]]]  # per round: (white, black, result code)
    kind: int = 0  # 0 Swiss, 1 round robin, 2 team round robin, 3 team Swiss
    planned: int | None = None
    codes: list[tuple[int, bytes]] = field(default_factory=list)  # (code, its parameter record)
    teams: list[str] = field(default_factory=list)
    boards: int = 0
    team_rounds: list[list[tuple[int, int, int, int]]] = field(default_factory=list)  # (first, second, points x2 each)
    first_day: int = 20260301
    last_day: int = 20260302
    pab_points: int = 2
    event_number: int = 4242
    current: int | None = None  # the round Swiss-Manager shows as current (byte 21): the last paired, by default


    def settings(self) -> bytes:
        s = bytearray(SETTINGS_SIZE)
        s[0:4] = b"\x95\xff\x89\x44"
        struct.pack_into("<H", s, 15, self.kind)
        s[21] = self.current if self.current is not None else len(self.rounds)
        struct.pack_into("<H", s, 23, len(self.players))
        struct.pack_into("<H", s, 27, self.planned if self.planned is not None else len(self.rounds))
        struct.pack_into("<H", s, 31, len(self.codes))
        for k, (code, record) in enumerate(self.codes):
            struct.pack_into("<H", s, 33 + 2 * k, code)
            s[655 + 19 * k:655 + 19 * k + len(record)] = record
        struct.pack_into("<HH", s, 51, len(self.teams), self.boards)
        struct.pack_into("<II", s, 75, self.first_day, self.last_day)
        struct.pack_into("<H", s, 92, self.pab_points)
        return bytes(s)

    def dumps(self) -> bytes:
        header = bytearray(108)
        header[0:4] = b"\x93\xff\x89\x44"
        struct.pack_into("<I", header, 32, self.event_number)
        texts = [self.name] + [""] * 131
        head = bytes(header) + b"".join(text(t) for t in texts) + self.settings()
        schedule = b"\xa3\xff\x89\x44"
        for k, games in enumerate(self.rounds):
            fixed = bytearray(76)
            matches = self.team_rounds[k] if k < len(self.team_rounds) else []
            struct.pack_into("<IHHH", fixed, 0, self.first_day, 0, len(games), len(matches))
            schedule += text("") * 16 + bytes(fixed)
        for _ in range(len(self.rounds), self.planned or 0):
            schedule += text("") * 16 + bytes(76)
        players = b"\xa5\xff\x89\x44" + b"".join(p.record() for p in self.players)
        pairings = b"\xb3\xff\x89\x44" + b"".join(struct.pack("<HHB", w, b, code) + bytes(16)
                                                  for games in self.rounds for w, b, code in games)
        sections = [schedule, players, pairings]
        if self.kind in (2, 3):
            teams = b"\xb5\xff\x89\x44" + b"".join(text(n) + text(n[:4]) + text("") * 3 + bytes(96) for n in self.teams)
            matches = b"\xc3\xff\x89\x44" + b"".join(struct.pack("<HHHH", a, b, pa, pb) + bytes(7)
                                                     for rnd in self.team_rounds for a, b, pa, pb in rnd)
            sections += [teams, matches]
        offsets, at = [], len(head)
        for sec in sections:
            offsets.append(at)
            at += len(sec)
        offsets.append(at)  # the directory names itself
        directory = b"\xd3\xff\x89\x44" + struct.pack("<7I", *(offsets + [0] * (7 - len(offsets)))) + b"\xe3\xff\x89\x44"
        return head + b"".join(sections) + directory


def parameters(cuts: int = 0, flags: int = 0, number: int = 0, edition_2026: bool = False) -> bytes:
    """A tie-break's 19-byte record: cuts, flags, the number, the 2026 byte (tiebreaks.py)."""
    record = bytearray(19)
    record[0], record[1] = cuts, flags
    struct.pack_into("<H", record, 2, number)
    record[14] = 1 if edition_2026 else 0
    return bytes(record)


def club_swiss() -> Event:
    """Eight players, four rounds of five: every result code Swiss-Manager writes, a pairing-allocated
    bye, half- and zero-point byes, a withdrawal (each later round marked not paired, through the last,
    as Swiss-Manager marks it ahead), a round paired but not yet entered, and a tie-break list of codes
    with parameters."""
    people = [Person("Adler", "Anna", 2105, 1500001, "GER", "WFM", True, 19900512),
              Person("Berg", "Bruno", 2050, 1500002, "AUT", birth=19850000),
              Person("Costa", "Carla", 1980, 0, "POR", female=True), Person("Dvorak", "Dan", 1902, 1500004, "CZE"),
              Person("Eriksen", "Erik", 1850, 0, "NOR"), Person("Fischer", "Franz", 0, 0, "GER"),
              Person("Gomez", "Gil", 1700, 1500007, "ESP"), Person("Horvat", "Hana", 1650, 0, "CRO", female=True)]
    rounds = [
        [(1, 5, 1), (6, 2, 2), (3, 7, 3), (4, 8, 4)],
        [(2, 1, 2), (7, 4, 5), (8, 3, 6), (5, BYE, 9), (6, NOT_PAIRED, 2)],
        [(1, 3, 1), (4, 2, 10), (5, 6, 2), (7, NOT_PAIRED, 3), (8, NOT_PAIRED, 0)],
        [(3, 4, 0), (1, 6, 0), (2, 5, 0), (7, BYE, 0), (8, NOT_PAIRED, 0)],
        [(8, NOT_PAIRED, 0)],  # ahead
    ]
    codes = [(81, parameters()), (84, parameters(cuts=0x01, edition_2026=True)), (84, parameters()),
             (68, parameters(flags=0x81)), (88, parameters(number=1400)), (61, parameters())]
    return Event("Club Swiss 2026", people, rounds, planned=5, codes=codes, current=4)


def club_league() -> Event:
    """Four teams of two boards, two rounds of a team Swiss: a board one team left empty, a forfeit,
    and the teams' list 13, 1, 14, 84 (match points)."""
    people = []
    for team in range(1, 5):
        for board in (1, 2):
            people.append(Person(f"Player{team}{board}", "X", 2000 - 100 * team - board, team=team, board=board))
    no = {(t, b): (t - 1) * 2 + b for t in range(1, 5) for b in (1, 2)}
    rounds = [
        [(no[1, 1], no[2, 1], 1), (no[2, 2], no[1, 2], 2), (no[3, 1], no[4, 1], 3), (0, no[3, 2], 5)],
        [(no[3, 1], no[1, 1], 2), (no[1, 2], no[3, 2], 4), (no[2, 1], no[4, 1], 1), (no[4, 2], no[2, 2], 3)],
    ]
    team_rounds = [[(1, 2, 0, 0), (3, 4, 0, 0)], [(3, 1, 0, 0), (2, 4, 0, 0)]]
    codes = [(13, parameters()), (1, parameters()), (14, parameters()), (84, parameters(number=1))]
    return Event("Club League 2026", people, rounds, kind=3, codes=codes, teams=["Alpha", "Bravo", "Charlie", "Delta"],
                 boards=2, team_rounds=team_rounds)
