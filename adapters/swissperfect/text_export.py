"""Swiss Perfect's text export (``swissperfect-text``): a tab-separated crosstable.

Cells are ``opp:R``: ``W L D`` games, ``+ - =`` forfeits or unrated games, opponent 0 for byes
(``W``/``+`` full, ``D``/``=`` half, ``-`` zero or a double forfeit), blank for absences. No
colours and no minor scores: ranking it by BQ or DISCS says "this file has no game scores".
"""

from __future__ import annotations

import re
from dataclasses import replace

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.numbers import whole
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    CutShort,
    hookimpl,
    Kind,
    new_entry,
    new_player,
    Player,
    read_input,
    Result,
    RoundEntry,
    Tournament,
)

_CELL = re.compile(r"^\s*([0-9]*)\s*:\s*(.?)\s*$")
_ROUND = re.compile(r"[0-9]+")
_GAMES = {"W": (Result.WIN, True), "L": (Result.LOSS, True), "D": (Result.DRAW, True), "=": (Result.DRAW, False)}
_BYES = {"W": Kind.FULL_BYE, "+": Kind.FULL_BYE, "D": Kind.HALF_BYE, "=": Kind.HALF_BYE, "-": Kind.ZERO_BYE,
         "": Kind.ABSENT}
_IDS = {"Intl Id": "fide", "Loc Id": "national"}


def parse_cell(cell: str, where: str) -> RoundEntry:
    m = _CELL.match(cell)
    if not m:
        raise BrightwellError(f"'{cell.strip()}' is not a result cell (opponent:result)", place=where)
    opp, code = int(m[1] or 0), m[2].upper()
    if not opp:
        if code not in _BYES:
            raise BrightwellError(f"'{cell.strip()}' is not a bye", place=where)
        return new_entry(_BYES[code])
    if code in _GAMES:
        res, rated = _GAMES[code]
        return new_entry(Kind.GAME, opp, res, rated=rated)
    if code in "+-" and code:
        return new_entry(Kind.FORFEIT_WIN if code == "+" else Kind.FORFEIT_LOSS, opp)
    raise BrightwellError(f"'{cell.strip()}' is not a result against {opp}", place=where)


class SwissPerfectTextFormat(Format):
    name = "swissperfect-text"
    about = About("Swiss Perfect text export (tab-separated crosstable; no minor scores)", (".txt",))

    def sniff(self, path, head):
        first = head.lstrip(b"\xef\xbb\xbf").split(b"\n", 1)[0]
        return first.startswith(b"No\t") and b"\tName" in first and b"\tTotal" in first

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        text, _, warnings = decode(read_input(path), encoding, str(path))
        lines = [ln for ln in re.split(r"\r\n|\r|\n", text.lstrip("\ufeff"))]
        header = [h.strip() for h in lines[0].split("\t")]
        missing = [h for h in ("No", "Name", "Total") if h not in header]
        if missing:
            raise BrightwellError(f"no {' or '.join(repr(h) for h in missing)} column in the header",
                                  file=str(path), place="line 1")
        total_at = header.index("Total")
        round_cols = [i for i, h in enumerate(header) if i > total_at and _ROUND.fullmatch(h)]
        file = str(path)

        def row(n: int, line: str) -> Player:
            cells = line.split("\t")
            if len(cells) < len(header):
                raise BrightwellError(f"{len(cells)} cells where the header has {len(header)}", file=file,
                                      place=f"line {n}")
            get = dict(zip(header, (c.strip() for c in cells)))
            try:
                rounds = tuple(parse_cell(cells[i], f"line {n}, round {header[i]}") if cells[i].strip() else ABSENT_ENTRY
                               for i in round_cols)
                return new_player(
                    start_no=whole(get["No"], "start number", file, f"line {n}"), name=get["Name"],
                    rounds=rounds, rating=whole(get.get("Rtg"), "rating", file, f"line {n}", 0) or None,
                    federation=get.get("Feder") or None, title=get.get("Title") or None,
                    ids=tuple((scheme, get[col]) for col, scheme in _IDS.items() if get.get(col)),
                    stored_points=float(get["Total"]) if get["Total"] else None,
                    extra=(("sp loc_rtg", get["Loc"]),) if get.get("Loc") else (),
                )
            except BrightwellError as exc:
                raise exc.at(file=file) from None
            except ValueError as exc:
                raise BrightwellError(f"cannot read the row ({exc})", file=file, place=f"line {n}") from None

        cut = CutShort(file, options.cut_short)
        rows = [(n, line) for n, line in enumerate(lines[1:], 2) if line.strip()]
        players = cut.rows(rows, row)
        numbers = {p.start_no for p in players}  # an export lists every player: one it names and lacks, it lost
        players = [replace(p, rounds=tuple(
            ABSENT_ENTRY if e.opponent and e.opponent not in numbers and cut.missing(e.opponent, len(numbers), r,
                                                                                     f"line {n}")
            else e for r, e in enumerate(p.rounds, 1))) for (n, _), p in zip(rows, players)]
        cut.said(warnings)
        if not players:
            raise BrightwellError("no player rows below the header", file=str(path), place="line 2")
        name = path.name.split(".")[0]
        t = Tournament(name, by_place(players), rounds=len(round_cols) or None,
                       metadata=cut.metadata())
        return ReadResult(t, tuple(warnings))


def by_place(players: list[Player]) -> tuple[Player, ...]:
    """The players, each one's place stored where the export is a crosstable by place: numbered 1..n
    down the rows with totals that never rise (Swiss Perfect numbers such a crosstable by its order)."""
    totals = [p.stored_points for p in players]
    if [p.start_no for p in players] != list(range(1, len(players) + 1)) or None in totals \
            or any(b > a for a, b in zip(totals, totals[1:])) or len(set(totals)) < 2:
        return tuple(players)
    return tuple(replace(p, stored_rank=p.start_no) for p in players)


@hookimpl
def brightwell_register_formats(register):
    register(SwissPerfectTextFormat())
