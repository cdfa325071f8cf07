"""Papi files (.papi) written here from the layout, for the fixtures, the hostile-file tests and
the benchmark: Papi's tables INFO, JOUEUR and RES as Papi 3.3 lays them out (mdb-schema of the
real files) in a Jet 4 database (jet_files.py), an event's players and rounds as Papi keeps them."""

from __future__ import annotations

import datetime
import struct
from dataclasses import dataclass, field

try:
    from support import jet_files as jet
except ImportError:  # run as a script: python tests/support/make_fixtures.py
    import jet_files as jet

BOOL, BYTE, DATETIME, FLOAT, INT, LONG, TEXT = jet.BOOL, jet.BYTE, jet.DATETIME, jet.FLOAT, jet.INT, jet.LONG, jet.TEXT
PAGE, Col, Table, data_page, jet_database = jet.PAGE, jet.Col, jet.Table, jet.data_page, jet.jet_database

RESULT_TEXTS = ["     ", " 0-1 ", " 1/2 ", " 1-0 ", " F-1 ", " F-F ", " 1-F "]


def _text(n: int) -> tuple:
    return (TEXT, n)


# JOUEUR as Papi 3.3 lays it out, before its rounds
_PLAYER = [("Ref", LONG), ("RefFFE", LONG), ("Nr", INT), ("NrFFE", TEXT, 12, True), ("Nom", *_text(20)),
           ("Prenom", *_text(20)), ("Sexe", *_text(1)), ("NeLe", DATETIME), ("Cat", *_text(4)), ("Elo", INT),
           ("Rapide", INT), ("Blitz", INT), ("Federation", *_text(3)), ("ClubRef", LONG), ("Club", *_text(80)),
           ("Ligue", *_text(3)), ("Fide", *_text(1)), ("RapideFide", *_text(1)), ("BlitzFide", *_text(1)),
           ("FideCode", *_text(10)), ("FideTitre", *_text(2)), ("AffType", *_text(1)), ("Pointe", BOOL),
           ("InscriptionRegle", INT), ("InscriptionDu", INT), ("Adresse", *_text(96)), ("CP", *_text(36)),
           ("Tel", *_text(10)), ("EMail", *_text(50)), ("Commentaire", *_text(255)), ("Pts", INT), ("PtA", INT),
           ("PtF", INT), ("Dep1", FLOAT), ("Dep2", FLOAT), ("Dep3", FLOAT), ("Place", INT), ("Perf", INT),
           ("Board", INT), ("Fixe", INT), ("Flotteur", *_text(24))]


def joueur_columns(rounds: int = 24) -> list[Col]:
    cols = [Col(*c) for c in _PLAYER]
    for r in range(1, rounds + 1):
        cols += [Col(f"Rd{r:02}Cl", TEXT, 1), Col(f"Rd{r:02}Adv", INT), Col(f"Rd{r:02}Res", BYTE)]
    return cols


INFO_COLUMNS = [Col("Variable", TEXT, 50), Col("Value", TEXT, 50)]
RES_COLUMNS = [Col("Ref", LONG), Col("Str", TEXT, 5)]
# -- Papi's files ------------------------------------------------------------------------------------

INFO = {"Nom": "Open du club", "Version": "3.3.8", "NbrRondes": "5", "DateDebut": "07/03/2026",
        "DateFin": "08/03/2026", "Cadence": "60+30", "Lieu": "Rennes", "ClassElo": "Elo", "Genre": "Suisse",
        "Pairing": "Standard", "Dep1": "Brésilien", "Dep2": "Solkoff", "Dep3": "Performance",
        "RondeActive": "4", "DecomptePoints": "NON", "Homologation": "70001", "Arbitre": "A. Arbitre"}


@dataclass
class Person:
    ref: int
    last: str
    first: str = ""
    rating: int = 0  # of every kind (Elo, Rapide, Blitz) unless given below
    kind: str = "F"  # F FIDE, N national, E estimated
    rapid: int | None = None
    fide_code: str | None = None
    title: str | None = None
    sex: str = "M"
    born: datetime.date | None = None
    club: str = "Échiquier de Rennes"
    licence: str | None = None
    federation: str = "FRA"
    rounds: dict[int, tuple] = field(default_factory=dict)  # round -> (colour, opponent Ref, result code)
    stored: dict[str, object] = field(default_factory=dict)  # Place, Dep1-3, Pts as Papi stored them

    def row(self, rounds: int) -> dict:
        row = {"Ref": self.ref, "Nom": self.last, "Prenom": self.first or None, "Sexe": self.sex, "NeLe": self.born,
               "Cat": "Sen", "Elo": self.rating, "Rapide": self.rating if self.rapid is None else self.rapid,
               "Blitz": self.rating, "Federation": self.federation, "Club": self.club, "Fide": self.kind,
               "RapideFide": self.kind, "BlitzFide": self.kind, "FideCode": self.fide_code, "FideTitre": self.title,
               "NrFFE": self.licence, "AffType": "A", "Pointe": True, "Fixe": 0, "Flotteur": "X" * 24}
        for r in range(1, rounds + 1):
            colour, opponent, code = self.rounds.get(r, ("R", None, 0))
            row.update({f"Rd{r:02}Cl": colour, f"Rd{r:02}Adv": opponent, f"Rd{r:02}Res": code})
        return row | self.stored


def papi_file(people: list[Person], info: dict | None = None, *, rounds: int = 24, results=RESULT_TEXTS,
              exempt: bool = True) -> bytes:
    """The bytes of a Papi file of ``people`` (Papi's EXEMPT, Ref 1, first), INFO ``info`` over
    :data:`INFO`, JOUEUR with ``rounds`` round columns, and RES naming the result codes ``results``."""
    variables = INFO | (info or {})
    players = [Person(1, "EXEMPT", rating=1399, kind="E", club="", rounds=_exempt_rounds(people))] if exempt else []
    joueur = Table("JOUEUR", joueur_columns(rounds), [p.row(rounds) for p in players + people])
    return jet_database([Table("INFO", INFO_COLUMNS, [{"Variable": k, "Value": v} for k, v in variables.items()]),
                         joueur, Table("RES", RES_COLUMNS, [{"Ref": k, "Str": s} for k, s in enumerate(results)])])


def _exempt_rounds(people: list[Person]) -> dict[int, tuple]:
    """EXEMPT's side of each bye: Black against the player, no result (as Papi writes it)."""
    return {r: ("N", p.ref, 0) for p in people for r, (_, opponent, _) in p.rounds.items() if opponent == 1}


def club_event() -> list[Person]:
    """Seven players, five rounds planned, four paired and three with results (round 4 paired, its
    games not yet played): wins, draws, a forfeit, a double forfeit, the bye against EXEMPT each
    round, a half-point bye asked for, a player not paired; FIDE, national and estimated ratings,
    FIDE codes in quotes, a date typed as a FIDE code."""
    p = [Person(2, "ALPHA", "Anne", 2105, fide_code="'20612345'", title="ff", sex="F", born=datetime.date(1990, 5, 4),
                licence="A12345"),
         Person(3, "BRAVO", "Bruno", 1950, fide_code="651000111 ", title="c", born=datetime.date(1985, 1, 2)),
         Person(4, "CHARLIE", "Chloé", 1820, kind="N", sex="F", born=datetime.date(2010, 7, 8)),
         Person(5, "DELTA", "David", 1710, fide_code="12/03/1988", born=datetime.date(1988, 3, 12)),
         Person(6, "ECHO", "Émile", 1499, kind="E"),
         Person(7, "FOXTROT", "Fanny", 1630, sex="F", fide_code="45000222"),
         Person(8, "GOLF", "Guy", 1400, kind="N")]
    games = {1: [(2, 5, 3), (3, 6, 2), (4, 7, 1), (8, 1, 6)],
             2: [(7, 2, 2), (5, 3, 4), (6, 8, 3), (4, 1, 6)],
             3: [(2, 3, 1), (8, 4, 5), (5, 7, 3), (6, 1, 6)],
             4: [(3, 7, 0), (4, 2, 0), (8, 5, 0)]}
    other = {1: 3, 2: 2, 3: 1, 4: 6, 5: 5, 6: 4, 0: 0}
    people = {x.ref: x for x in p}
    for r, pairs in games.items():
        for white, black, code in pairs:
            people[white].rounds[r] = ("B", black, code)
            if black != 1:
                people[black].rounds[r] = ("N", white, other[code])
    people[6].rounds[4] = ("F", None, 2)  # a half-point bye asked for round 4
    people[6].rounds[5] = ("F", None, 2)  # and for round 5, not paired yet
    return p


def page_of(data: bytes, table_page: int) -> list[int]:
    """The data pages of the table whose definition is on page ``table_page``, in the file's order."""
    return [n for n in range(len(data) // PAGE) if data[n * PAGE] == 1
            and struct.unpack_from("<I", data, n * PAGE + 4)[0] == table_page]


def moved_and_deleted(data: bytes, table_page: int, map_row: int) -> bytes:
    """The database with the first data page of the table on ``table_page`` rewritten as Jet leaves
    a page after edits: its second row deleted (a copy kept, flagged 0x8000) and its third moved to
    a new page at the end (an overflow row pointing there; the moved row flagged deleted, as Jet
    flags it, so that a scan does not read it twice); the table's usage map (row ``map_row`` of
    page 1) given the new page."""
    first = page_of(data, table_page)[0]
    page = data[first * PAGE:(first + 1) * PAGE]
    count = struct.unpack_from("<H", page, 12)[0]
    ends = [PAGE] + [struct.unpack_from("<H", page, 14 + 2 * k)[0] & 0x1FFF for k in range(count)]
    rows = [page[ends[k + 1]:ends[k]] for k in range(count)]
    new = len(data) // PAGE
    # the rows kept, a deleted copy of the second, the overflow row in the third's place, the rest
    rewritten = data_page(table_page, [rows[0], rows[1], rows[1], struct.pack("<I", new << 8)] + rows[3:],
                          {2: 0x8000, 3: 0x4000})
    moved = data_page(table_page, [rows[2]], {0: 0x8000})
    out = bytearray(data[:first * PAGE] + rewritten + data[(first + 1) * PAGE:] + moved)
    maps = out[PAGE:2 * PAGE]
    start = struct.unpack_from("<H", maps, 14 + 2 * map_row)[0] & 0x1FFF
    bitmap_at = PAGE + start + 5
    out[bitmap_at + new // 8] |= 1 << new % 8
    return bytes(out)
