"""FIDE TRF at the column level: lines with their endings, the 001 layout, round blocks."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from brightwell_plugin.adapters.numbers import digits, finite
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import (
    Kind,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    Tournament,
)

_LINE = re.compile(r"([^\r\n]*)(\r\n|\r|\n|$)")
UNWRITABLE = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]|[^\S ]")  # control characters, spaces other than ' '
FIRST_BLOCK = 91  # 0-based column of round 1's opponent field
BLOCK = 10


def split_lines(text: str) -> list[tuple[str, str]]:
    """(line, ending) pairs; CR, LF and CRLF endings are kept as found."""
    crlf, cr, lf = text.count("\r\n"), text.count("\r"), text.count("\n")
    if cr == 0 or crlf == cr == lf:  # one kind of ending throughout (as nearly always): split in C
        ending = "\r\n" if cr else "\n"
        parts = text.split(ending)
        out = [(line, ending) for line in parts[:-1]]
        if parts[-1]:
            out.append((parts[-1], ""))
        return out
    out = []
    for m in _LINE.finditer(text):
        if m.group(0) == "":
            break
        out.append((m.group(1), m.group(2)))
    return out


def block_start(round_index: int) -> int:
    return FIRST_BLOCK + BLOCK * round_index


class TrfDocument(NamedTuple):
    """The source file as read: lines with endings, BOM, encoding, and what the lines said."""

    lines: tuple[tuple[str, str], ...]
    bom: bool
    encoding: str
    parsed: Tournament


class Field(NamedTuple):
    """A fixed-width field of a 001 line (0-based slice) and how it is written."""

    start: int
    end: int
    align: str  # "<" or ">"

    def get(self, line: str) -> str:
        return line[self.start:self.end]

    def put(self, line: str, text: str) -> str:
        """``line`` with ``text`` in this field's columns (``line`` is at least as long as the field)."""
        width = self.end - self.start
        if len(text) > width:
            raise BrightwellError(f"'{text}' does not fit TRF columns {self.start + 1}-{self.end}")
        text = text.ljust(width) if self.align == "<" else text.rjust(width)
        return line[:self.start] + text + line[self.end:]


FIELDS = {
    "start_no": Field(4, 8, ">"), "sex": Field(9, 10, "<"), "title": Field(10, 13, ">"),
    "name": Field(14, 47, "<"), "rating": Field(48, 52, ">"), "federation": Field(53, 56, "<"),
    "fide_id": Field(57, 68, ">"), "birth_date": Field(69, 79, "<"), "points": Field(80, 84, ">"),
    "rank": Field(85, 89, ">"),
}

_GAME = {"1": (Result.WIN, True), "=": (Result.DRAW, True), "0": (Result.LOSS, True),
         "W": (Result.WIN, False), "D": (Result.DRAW, False), "L": (Result.LOSS, False)}
_NO_OPPONENT = {"+": Kind.FULL_BYE, "F": Kind.FULL_BYE, "=": Kind.HALF_BYE, "H": Kind.HALF_BYE,
                "U": Kind.PAB, "Z": Kind.ZERO_BYE, "-": Kind.ZERO_BYE}


def parse_block(block: str, line: str, round_no: int) -> RoundEntry:
    """One 8-column round block -> a round record (its game's scores are given by
    :func:`parse_blocks`). A blank block is an absence; an opponent and colour with a blank result
    a pairing awaiting its result (as Sharly-Chess writes a round in progress)."""
    return _parse_slow(block.ljust(8), f"{line}, round {round_no}")


class Records(dict):
    """Round records by their block's text, each block read on first sight: a block means the
    same on every line, and most recur (the same block is the same record, shared). A block
    that does not read raises, unnamed, and is not kept: :func:`parse_blocks` then names its
    line and round. (A row with game scores makes its own records: each is a game's.)"""

    def __missing__(self, block: str) -> RoundEntry:
        game = _USUAL_GAME.get(block[4:8])  # "  12 w 1", a rated game, as most blocks are: read here
        if game is not None:
            opponent = block[:4].lstrip()
            if digits(opponent) and opponent[0] != "0":
                e = self[block] = new_entry(Kind.GAME, int(opponent), game[1], game[0], None, None, True)
                return e
        e = self[block] = new_entry(*block_fields(block))
        return e


def block_fields(block: str) -> tuple:
    """A round block's record as (kind, opponent, result, side, score, opponent's score, rated)."""
    game = _USUAL_GAME.get(block[4:8])
    opponent = block[:4].lstrip()
    if game is not None and digits(opponent) and opponent[0] != "0":  # "  12 w 1": a rated game
        return Kind.GAME, int(opponent), game[1], game[0], None, None, True
    e = parse_block(block, "", 0)
    return e.kind, e.opponent, e.result, e.side, None, None, e.rated


_USUAL_GAME = {f" {c} {r}": (Side.FIRST if c == "w" else Side.SECOND, _GAME[r][0]) for c in "wb" for r in "10="}


def block_scores(block: str) -> tuple:
    """A BW1 score block's (own, opponent's) game scores."""
    return score_number(block[:4].strip()), score_number(block[4:8].strip())


def score_number(text: str) -> int | float | None:
    """A game score as written: blank is none, a whole number an int."""
    if digits(text):
        return int(text)
    if not text:
        return None
    value = finite(text)
    return int(value) if value.is_integer() and "." not in text else value


def parse_blocks(blocks: Sequence[str], played: int, scores: Sequence[tuple], line: str,
                 known: Records) -> tuple[RoundEntry, ...]:
    """A player's first ``played`` round blocks (blank when missing), each with its game's scores
    when known: :func:`parse_block` on each. ``known``: the file's records of blocks read so far."""
    row = tuple(blocks[:played])
    if len(row) < played:
        row += ("",) * (played - len(row))
    try:
        if not scores:
            return tuple(map(known.__getitem__, row))  # in C, as nearly always
        made = [new_entry(kind, opponent, result, side, own, opp, rated) for (kind, opponent, result, side, _, _, rated),
                (own, opp) in zip(map(block_fields, row), scores)]  # each made once, with its scores
        return (*made, *map(known.__getitem__, row[len(made):]))
    except BrightwellError:
        for r, block in enumerate(row):
            parse_block(block, line, r + 1)  # refuses the block that does not read, naming its line and round
        raise


def _parse_slow(block: str, where: str) -> RoundEntry:
    if not block.strip():
        return new_entry(Kind.ABSENT)
    opp_text, colour, result = block[0:4], block[5].lower(), block[7].upper()
    if opp_text.strip() and not digits(opp_text.strip()):
        raise BrightwellError(f"opponent '{opp_text.strip()}' is not a start number", place=where)
    opp = int(opp_text.strip()) if opp_text.strip() else 0  # strip() takes \x1c-\x1f as spaces, int() does not
    side = Side.FIRST if colour == "w" else Side.SECOND if colour == "b" else None
    if colour not in "wb- ":
        raise BrightwellError(f"colour '{block[5]}' is not w, b or -", place=where)
    if opp:
        if result == " " and side is not None:
            return new_entry(Kind.PAIRED, opp, side=side)
        if result in _GAME:
            res, rated = _GAME[result]
            return new_entry(Kind.GAME, opp, res, side, rated=rated)
        if result == "+":
            return new_entry(Kind.FORFEIT_WIN, opp, side=side)
        if result == "-":
            return new_entry(Kind.FORFEIT_LOSS, opp, side=side)
        raise BrightwellError(f"result '{block[7]}' cannot go with opponent {opp}", place=where)
    if result == " ":
        return new_entry(Kind.ABSENT)
    if result in _NO_OPPONENT:
        return new_entry(_NO_OPPONENT[result])
    raise BrightwellError(f"result '{block[7]}' needs an opponent", place=where)


_RESULT_CODE = {(Result.WIN, True): "1", (Result.DRAW, True): "=", (Result.LOSS, True): "0",
                (Result.WIN, False): "W", (Result.DRAW, False): "D", (Result.LOSS, False): "L"}
_BYE_CODE = {Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z", Kind.PAB: "U"}


def format_block(e: RoundEntry) -> str:
    """The 8-column block for a round record (spec forms: H F U Z for byes, blank = absent)."""
    if e.kind is Kind.ABSENT or e.kind is Kind.PAIRED:  # TRF has no pairing without a result: not paired
        return " " * 8
    colour = "w" if e.side is Side.FIRST else "b" if e.side is Side.SECOND else "-"
    if e.kind in _BYE_CODE:
        return f"0000 - {_BYE_CODE[e.kind]}"
    if e.opponent is None and e.kind.is_forfeit:  # a forfeit against nobody: the bye of its points
        return "0000 - F" if e.kind is Kind.FORFEIT_WIN else "0000 - Z"
    opp = f"{e.opponent or 0:4d}" if e.opponent else "0000"
    if e.kind is Kind.GAME:
        return f"{opp} {colour} {_RESULT_CODE[e.result, e.rated]}"
    return f"{opp} {colour} {'+' if e.kind is Kind.FORFEIT_WIN else '-'}"


def number_text(x: float | int | None) -> str:
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def points_text(x: float | None) -> str:
    return "" if x is None else f"{x:4.1f}"


# -- scoring systems (162, XXS, BB?) --------------------------------------------------------------

def scoring_from_162(text: str, base: ScoringSystem) -> ScoringSystem:
    """Record 162: symbol at col 6, value at cols 7-10, further pairs every 9 columns."""
    values = {}
    for pos in range(5, len(text), 9):
        symbol, value = text[pos:pos + 1], text[pos + 1:pos + 5].strip()
        if symbol.strip() and value:
            values[symbol] = finite(value)
    return _apply(base, values)


def scoring_from_xxs(text: str, base: ScoringSystem) -> ScoringSystem:
    """JaVaFo XXS CODE=value pairs (W, D, WW BW WD ... FPB HPB ZPB PAB FW FL)."""
    values = {}
    names = {"WW": "W", "BW": "W", "W": "W", "WD": "D", "BD": "D", "D": "D", "WL": "L", "BL": "L",
             "L": "L", "FPB": "W", "HPB": "D", "ZPB": "A", "FL": "A", "PAB": "P", "FW": "W"}
    for pair in text[4:].split():
        if "=" in pair:
            code, value = pair.split("=", 1)
            if code.upper() in names:
                values[names[code.upper()]] = finite(value)
    return _apply(base, values)


def scoring_from_bb(code: str, text: str, base: ScoringSystem) -> ScoringSystem:
    """bbpPairings BBW BBD BBL BBZ BBF BBU: points in cols 5-8."""
    symbol = {"BBW": "W", "BBD": "D", "BBL": "L", "BBZ": "A", "BBF": "W", "BBU": "P"}[code]
    return _apply(base, {symbol: finite(text[4:8])})


def _apply(base: ScoringSystem, values: dict[str, float]) -> ScoringSystem:
    win = values.get("W", base.win)
    pab = values.get("P", base.pab)
    return ScoringSystem(win=win, draw=values.get("D", base.draw), loss=values.get("L", base.loss),
                         absent=values.get("A", base.absent), pab=None if pab == win else pab)


def format_xxs(s: ScoringSystem) -> str | None:
    """JaVaFo's XXS for a scoring system other than 1 / 0.5 / 0 (the pairing engines read it, not 162):
    each game result, bye and forfeit's points."""
    if format_162(s) is None:
        return None
    pab = s.win if s.pab is None else s.pab
    pairs = (("W", s.win), ("D", s.draw), ("L", s.loss), ("FPB", s.win), ("HPB", s.draw), ("ZPB", s.absent),
             ("PAB", pab), ("FW", s.win), ("FL", s.absent))
    return "XXS " + " ".join(f"{code}={value:.1f}" for code, value in pairs)


def format_162(s: ScoringSystem) -> str | None:
    """Record 162 for the values that differ from 1 / 0.5 / 0 (None when all are default)."""
    pab = s.win if s.pab is None else s.pab  # P defaults to W's value
    pairs = [(sym, value) for sym, value, default in
             (("W", s.win, 1), ("D", s.draw, 0.5), ("L", s.loss, 0), ("A", s.absent, 0), ("P", pab, s.win))
             if value != default]
    if not pairs:
        return None
    text = "162"
    for i, (symbol, value) in enumerate(pairs):
        text = text.ljust(5 + 9 * i) + f"{symbol}{value:4.1f}"
    return text


# -- dates ------------------------------------------------------------------------------------------

# the patterns, compiled when first matched (re's cache): most files need one of them, or none
_SEP = r"\s*[/.\-]\s*"  # "2005/07/28", "28.07.2005", "28. 07. 2005" (Swiss-Manager's TRF16)
_ISO = rf"^([0-9]{{4}}){_SEP}([0-9]{{1,2}}){_SEP}([0-9]{{1,2}})$"
_DMY = rf"^([0-9]{{1,2}}){_SEP}([0-9]{{1,2}}){_SEP}([0-9]{{4}})$"
_SHORT = rf"^([0-9]{{2}}){_SEP}([0-9]{{2}}){_SEP}([0-9]{{2}})$"  # a two-digit year: "10.09.13"
_MONTHS = {m: n for n, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), 1)}
_NAMED = r"^([A-Za-z]{3})[a-z]*\.?\s+([0-9]{1,2}),?\s+([0-9]{4})$"  # "May 29, 2020" (lichess)
_NAMED_DAY_FIRST = r"^([0-9]{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?,?\s+([0-9]{4})$"  # "29 May 2020"


def iso_date(text: str) -> str | None:
    """An ISO date from the common TRF spellings (YYYY/MM/DD, DD.MM.YYYY, spaces after the dots,
    lichess's "May 29, 2020"); None when unsure (a two-digit year: :func:`short_dates`)."""
    text = text.strip()
    if m := re.match(_ISO, text):
        y, mo, d = m.groups()
    elif m := re.match(_DMY, text):
        d, mo, y = m.groups()
    elif (m := re.match(_NAMED, text)) and m[1].lower() in _MONTHS:
        mo, d, y = str(_MONTHS[m[1].lower()]), m[2], m[3]
    elif (m := re.match(_NAMED_DAY_FIRST, text)) and m[2].lower() in _MONTHS:
        d, mo, y = m[1], str(_MONTHS[m[2].lower()]), m[3]
    else:
        return None
    return _valid(int(y), int(mo), int(d))


def _valid(y: int, mo: int, d: int) -> str | None:
    if not (1 <= mo <= 12 and 1 <= d <= 31):
        return None
    return f"{y:04d}-{mo:02d}-{d:02d}"


_SHORT_ORDERS = {"YY/MM/DD": (0, 1, 2), "DD.MM.YY": (2, 1, 0), "MM/DD/YY": (2, 0, 1)}  # year, month, day at


def short_dates(start: str, end: str | None, rounds: Sequence[str]) -> tuple[str, str | None] | None:
    """(start, end) of dates with a two-digit year (``10.09.13``), read in the one order of the fields
    — TRF's own YY/MM/DD (its 132 record's), DD.MM.YY or MM/DD/YY — that reads the start, the end
    and every round's date and keeps them in order: the start first, the rounds' in turn, the end
    last. None when no order or more than one does (a lone date says nothing of its order)."""
    texts = [start] + ([end] if end else []) + [r for r in rounds if r.strip()]
    read = [re.match(_SHORT, t.strip()) for t in texts]
    if len(read) < 2 or not all(read):
        return None
    fits = []
    for y, mo, d in _SHORT_ORDERS.values():
        dates = [_valid(_century(int(m[y + 1])), int(m[mo + 1]), int(m[d + 1])) for m in read]
        if None in dates:
            continue
        first, *others = dates
        last, between = (others[0], others[1:]) if end else (None, others)
        if all(first <= x for x in others) and between == sorted(between) and all(x <= last for x in between if last):
            fits.append((first, last))
    return fits[0] if len(fits) == 1 else None


def _century(yy: int) -> int:
    return 2000 + yy if yy < 70 else 1900 + yy
