"""Papi's round cells as round records. Each player's row holds, per round, a colour ``RdNNCl`` (B
White, N Black, F not paired by his own or the arbiter's choice, R not paired), an opponent
``RdNNAdv`` (a ``Ref``; 1 is Papi's player EXEMPT, the pairing-allocated bye) and a result
``RdNNRes`` from the player's side, the codes of the file's own table RES: 0 none (yet), 1 a loss
(0-1), 2 a draw (1/2), 3 a win (1-0), 4 a forfeit loss (F-1), 5 a double forfeit (F-F), 6 a forfeit
win (1-F). Against EXEMPT, 6 is the bye; colour F with 0, 2 or 6 is a zero-, half- or full-point
bye. A round is paired when a player in it has an opponent or the bye; in a paired round a player
not paired is absent, and a round none is paired in is not recorded (the byes declared for it
neither). Any other cell is named in one warning and left out (``--strict`` refuses the file)."""

from __future__ import annotations

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import Kind, Result, RoundEntry, Side

EXEMPT = 1  # the Ref of Papi's bye player
RESULTS = {0: "", 1: "0-1", 2: "1/2", 3: "1-0", 4: "F-1", 5: "F-F", 6: "1-F"}  # the table RES Papi writes
_AGAINST = {0: (Kind.PAIRED, None), 1: (Kind.GAME, Result.LOSS), 2: (Kind.GAME, Result.DRAW),
            3: (Kind.GAME, Result.WIN), 4: (Kind.FORFEIT_LOSS, None), 5: (Kind.FORFEIT_LOSS, None),
            6: (Kind.FORFEIT_WIN, None)}
_SIDES = {"B": Side.FIRST, "N": Side.SECOND}
_SCORING = frozenset({2, 3, 6})  # the codes that give points


class _Mark:
    """A cell that is no record of its own: not paired, a bye declared (a record once its round is
    paired), a cell of no rule, an opponent the file does not hold."""

    __slots__ = ("kind", "code")

    def __init__(self, kind: Kind | None = None, code: int = 0):
        self.kind, self.code = kind, code


NOT_PAIRED, UNKNOWN, MISSING = _Mark(), _Mark(), _Mark()
_DECLARED = {0: _Mark(Kind.ZERO_BYE, 0), 2: _Mark(Kind.HALF_BYE, 2), 6: _Mark(Kind.FULL_BYE, 6)}  # colour F


class _Cells(dict):
    """Each cell's record or mark, made once: the same cell is the same record for anyone."""

    def __init__(self, numbers: dict[int, int]):
        super().__init__()
        self.numbers = numbers

    def __missing__(self, cell: tuple):
        value = self[cell] = _record(cell, self.numbers)
        return value


def _record(cell: tuple, numbers: dict[int, int]):
    colour, opponent, code = cell
    no = numbers.get(opponent)
    if no is not None and code in _AGAINST and colour in _SIDES:  # a game, as most cells are
        kind, result = _AGAINST[code]
        return new_entry(kind, no, result, _SIDES[colour])
    colour, code = (colour or "R").strip().upper(), 0 if code is None else code
    if opponent is not None and opponent != EXEMPT:
        no = numbers.get(opponent)
        if no is None:
            return MISSING
        if colour in _SIDES and code in _AGAINST:
            kind, result = _AGAINST[code]
            return new_entry(kind, no, result, _SIDES[colour])
    elif opponent == EXEMPT:
        if colour in _SIDES and code == 6:
            return new_entry(Kind.PAB)
    elif colour == "F" and code in _DECLARED:
        return _DECLARED[code]
    elif colour == "R" and code == 0:
        return NOT_PAIRED
    return UNKNOWN


class Rounds:
    """The round records of every player (by start number), and what was left out or declared."""

    def __init__(self, numbers: dict[int, int], names: dict[int, str], file: str):
        self.numbers, self.names, self.file = numbers, names, file  # Ref -> start number, Ref -> name
        self.rows: dict[int, tuple[int, list, bool]] = {}  # start number -> (Ref, records and marks, plain)
        self.played = 0
        self.unknown: list[str] = []  # cells of no rule, left out
        self.ahead: list[str] = []  # byes that score, declared for rounds not paired yet
        self.beyond: list[str] = []  # results past the planned rounds
        self.beyond_scoring: list[str] = []
        self.against_self: list[str] = []
        self._cells = _Cells(numbers)
        self._absent = new_entry(Kind.ABSENT)
        self._byes: dict[Kind, RoundEntry] = {}
        self._halves: list[tuple[int, int, int]] = []  # (round, player, opponent) of a pairing left out on one side

    def add(self, ref: int, colours: tuple, opponents: tuple, results: tuple, late, first_beyond: int) -> None:
        """Player ``ref``'s cells of the planned rounds (each round's colour, opponent and result),
        and the results of the rounds after them, from round ``first_beyond``."""
        row = list(map(self._cells.__getitem__, zip(colours, opponents, results)))  # in C, as nearly always
        plain = set(map(type, row)) == {RoundEntry}
        if plain and ref not in opponents:
            last = len(row)
        else:
            plain, last = False, self._odd(ref, list(zip(colours, opponents, results)), row)
        self.played = max(self.played, last)
        self.rows[self.numbers[ref]] = (ref, row, plain)
        if any(late):
            for r, code in enumerate(late, first_beyond):
                if code:
                    place = f"{self.names[ref]}, round {r}: {RESULTS.get(code, f'code {code}')}"
                    (self.beyond_scoring if code in _SCORING else self.beyond).append(place)

    def _odd(self, ref: int, cells: list[tuple], row: list) -> int:
        """A row with marks or a pairing with himself: each said, refused (an opponent the file does
        not hold) or left as a mark; the last round paired in it."""
        last = 0
        for r, (cell, mark) in enumerate(zip(cells, row), 1):
            where = f"{self.names[ref]}, round {r}"
            if mark is MISSING:
                raise BrightwellError(f"{where} names opponent Ref {cell[1]}, whom the file does not hold",
                                      file=self.file, place="table JOUEUR")
            if cell[1] == ref:
                self.against_self.append(where)
                row[r - 1] = UNKNOWN
            elif mark is UNKNOWN:
                colour, opponent, code = cell
                self.unknown.append(f"{where}: colour {colour!r}, result {code}"
                                    + (f" against Ref {opponent}" if opponent is not None else ""))
                if opponent in self.numbers:  # the pairing's other side goes with it
                    self._halves.append((r, self.numbers[opponent], self.numbers[ref]))
            elif type(mark) is RoundEntry:
                last = r
        return last

    def records(self) -> dict[int, tuple]:
        """Each player's records of the paired rounds: a player not paired in one is absent, as one
        whose cell was left out (and his opponent's side of that pairing); a bye declared for a
        round after them is no record yet (those that score are listed in :attr:`ahead`)."""
        played, out = self.played, {}
        for no, (ref, row, plain) in self.rows.items():
            if plain:
                out[no] = tuple(row[:played])
                continue
            records = []
            for r, e in enumerate(row, 1):
                if type(e) is not RoundEntry:
                    if e.kind is not None:  # a bye declared
                        if r > played:
                            if e.code:
                                self.ahead.append(f"{self.names[ref]}, round {r}")
                            continue
                        e = self._bye(e.kind)
                    else:
                        e = self._absent
                if r <= played:
                    records.append(e)
            out[no] = tuple(records)
        for r, no, other in self._halves:
            row = out.get(no, ())
            if r <= len(row) and row[r - 1].opponent == other:
                out[no] = row[:r - 1] + (self._absent,) + row[r:]
        return out

    def _bye(self, kind: Kind) -> RoundEntry:
        if kind not in self._byes:
            self._byes[kind] = new_entry(kind)
        return self._byes[kind]
