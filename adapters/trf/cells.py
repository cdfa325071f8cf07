"""A 001 line's round cells as the pairing engines read them: the forms they refuse, TRF's usual
forms (settled by one match), and the fields a pairing engine wants in TRF's own spelling. The
reader, the writer and what a conversion cannot carry ask here."""

from __future__ import annotations

import re

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.trf.lines import FIRST_BLOCK


def unpaired_cell(block: str) -> bool:
    """A round without opponent and without a result but for a dash, in the colour column
    (``     -  ``, or with opponent 0 ``0000 -  ``, as the Irish federation's program writes it) or the
    result's (``       -``)."""
    block = block.ljust(8)
    if block[:5] == "0000 ":  # ICU's program (icu_tournament, Krause.add_result): "0000 -" is a bye to score
        return block[5:] == "-  "
    return not block[:5].strip() and block[6] == " " and (block[5], block[7]) in (("-", " "), (" ", "-"), ("-", "-"))


def engine_refuses(block: str) -> bool:
    """A round cell a pairing engine refuses that TRF's own form says alike: a dash and no result
    (:func:`unpaired_cell`), a bye with a blank opponent (``       H``, as lichess writes it; TRF
    writes ``0000 - H``), or a game's result with no opponent (``0000 - =``: a half-point bye here,
    ``0000 - H``)."""
    block = block.ljust(8)
    no_opponent = block[:4].strip() in ("", "0000") and block[4] == " " and block[5] in " -" and block[6] == " "
    return unpaired_cell(block) or (no_opponent and (block[7] in "HFUZ" and not block[:4].strip()
                                                     or block[7] in "=+-"))


def refused_cells(line: str) -> list[int]:
    """Where a 001 line holds a round cell a pairing engine refuses (:func:`engine_refuses`, or a
    blank cell between others: TRF's blank is ``0000 - Z``, which the engines read). A line whose
    cells are all of TRF's usual forms (:data:`USUAL_CELLS`) is settled by one match, in C."""
    end = len(line.rstrip())
    if end <= FIRST_BLOCK or USUAL_CELLS.fullmatch(line, FIRST_BLOCK, end):
        return []
    return refused_cells_each(line)


def refused_cells_each(line: str) -> list[int]:
    """:func:`refused_cells`, each cell looked at (the plain way)."""
    end = len(line.rstrip())
    return [b for b in range(FIRST_BLOCK, end, 10)
            if engine_refuses(line[b:b + 8]) or (not line[b:b + 8].strip() and b + 8 < end)]


# A round cell a pairing engine reads, of TRF's usual forms: an opponent's start number (no leading
# zero), a colour and a result ("  12 w 1", "  12 - +", "  12 b  " paired), or a bye ("0000 - U").
_USUAL_CELL = r"(?: {3}[1-9]| {2}[1-9][0-9]| [1-9][0-9]{2}|[1-9][0-9]{3}) [wb-] [10=WDL+\- ]|0000 - [HFUZ]"
USUAL_CELLS = re.compile(rf"(?:{_USUAL_CELL})(?:..(?:{_USUAL_CELL}))*", re.DOTALL)  # cells 10 columns apart


def respelt_fields(line: str) -> list[str]:
    """The fields of a 001 line written in another spelling than TRF's own (a title ``g`` for ``GM``,
    a sex ``M`` for ``m``): rewritten, since a pairing engine refuses them."""
    out = []
    title, sex = line[10:13].strip(), line[9:10].strip()
    if title and codes.title(title) and codes.title(title) != title:
        out.append("title")
    if sex and codes.sex(sex) and codes.sex(sex) != sex:
        out.append("sex")
    return out
