"""The result document of FIDE's tie-break checker (gacrux 1.11.65), made from this project's standings.

``brightwell-tiebreakchecker`` (:mod:`brightwell_plugin.gacrux.command`) prints what gacrux's
``tiebreakchecker`` prints, so a program reading gacrux's JSON or text reads it unchanged. What is
gacrux's here is the shape, learnt from its output and its ``tiebreak.parse_tiebreak``, ``addval``
and ``compute_tiebreaks``: each tie-break's entry (:mod:`brightwell_plugin.gacrux.codes`), the type
of each value (a decimal string with the criterion's decimals, a whole number, or ``null``, as the
criterion declares gacrux writes it) and ``precision``. The values and ranks are this project's.
"""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from json.encoder import encode_basestring_ascii

from brightwell_plugin.gacrux.codes import RULES, Column
from brightwell_plugin.standings import Standings


def writer(column: Column, rounds: int):
    """How gacrux writes one value of ``column`` (a decimal string, a whole number or None; see the
    module's doc): a function of the value and whether it is a sum of some term, chosen once by how
    the code's criterion says gacrux writes it (:attr:`Checked.written`), with the column's decimals
    (those of the points summed: a team's match points as its file writes them)."""
    code, kind, decimals = column.code, column.written, column.decimals
    if not code.gacrux:  # this project's own criterion: its value, written as gacrux writes a decimal
        return lambda number, summed: None if number is None else str(Decimal(repr(float(number))))
    if kind == "rating":
        return lambda number, summed: int(round(number)) if number else None
    if kind == "rating average":
        return lambda number, summed: str(round(number)) if number else None
    if code.whole or kind == "place":
        return lambda number, summed: int(number or 0)
    if kind == "average":  # AOB: its decimals by the rounds
        step = Decimal(1).scaleb(-(2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5))
        return lambda number, summed: (None if number is None or not summed else "0.0" if not number else
                                       str(Decimal(repr(float(number))).quantize(step, ROUND_HALF_UP)))
    if kind == "combination":  # SSSC
        return lambda number, summed: str(Decimal(repr(float(number))).quantize(Decimal(".01"), ROUND_HALF_UP))
    if kind == "board count":  # BC: a sum over the boards played, of none before any round
        return lambda number, summed: f"{float(number):.1f}" if summed else 0
    if kind in ("sum", "product"):
        return lambda number, summed: f"{float(number):.{decimals}f}" if summed else 0
    return lambda number, summed: f"{float(number):.{decimals}f}"


def precision(values) -> int:
    """gacrux's ``precision``: the most decimals of any value written as a decimal."""
    return max((len(v) - v.index(".") - 1 for v in set(values) if isinstance(v, str) and "." in v), default=0)


def ranks_before(players, groups: list[list[int]]) -> dict[int, int]:
    """Each listed player's rank by start number, the players (indices) parted into ``groups`` in
    order (standings.rank_stepwise's groups still tied before an item): a group shares a place."""
    out, place = {}, 1
    for group in groups:
        listed = [players[i].start_no for i in group if players[i].listed]
        out.update(dict.fromkeys(listed, place))
        place += len(listed)
    return out


def direct_encounter(before: dict[int, int], after: dict[int, int]) -> dict[int, int]:
    """DE as gacrux writes it, from the ranks before and after it: in a group DE splits, each
    player's place in the group from 1 (players it leaves tied share one); 0 in a group it does not."""
    groups: dict[int, list[int]] = {}
    for no, rank in before.items():
        groups.setdefault(rank, []).append(no)
    out = {}
    for members in groups.values():
        first = min(after[no] for no in members)
        split = any(after[no] != first for no in members)
        out.update((no, after[no] - first + 1 if split else 0) for no in members)
    return out


def result(players, entries: list[dict], writers: list, standings: Standings, summed: dict, given: dict,
           edition: int, rounds: int, check: bool) -> dict:
    """``tiebreakResult``: the rules, the round, each tie-break's entry (``entries``, as
    :meth:`Code.describe` makes them) with its precision, each competitor (``players``, in the
    file's order) with its rank and values written by the column's writer (``summed``: which values
    are a sum of some term; ``given``: values made elsewhere; both by column and start number); with
    ``check``, whether every rank is the file's."""
    by_no = {row.start_no: row for row in (*standings.rows, *standings.unlisted)}
    numbers = [(p.start_no, by_no[p.start_no].values if p.start_no in by_no else None) for p in players]
    tiebreaks, columns = [], []
    for i, (entry, write) in enumerate(zip(entries, writers)):
        told = {no: v for (j, no), v in summed.items() if j == i}  # the few values not a sum of some term
        column = {no: write(None if values is None else values[i], told[no] if no in told else True)
                  for no, values in numbers}
        column.update((no, v) for (j, no), v in given.items() if j == i)
        tiebreaks.append({**entry, "precision": precision(column.values())})
        columns.append(column)
    competitors, same = [], True
    for p in players:
        rank = by_no[p.start_no].rank if p.start_no in by_no else None
        same = same and rank == (p.stored_rank or 0)
        competitors.append({"cid": p.start_no, "rank": rank, "tiebreakScore": [c[p.start_no] for c in columns]})
    out = {"rules": RULES[edition][1], "round": rounds, "tiebreaks": tiebreaks, "competitors": competitors}
    if check:
        out["check"] = same
    return out


def text_table(result: dict, headings: list[str], delimiter: str, decimal_point: str | None, by_rank: bool,
               check: bool) -> str:
    """gacrux's text output (``-d``): start number and rank, then each value; ``None`` as ``-0``."""
    rows = result["competitors"]
    if by_rank:
        rows = sorted(rows, key=lambda c: (c["rank"], c["cid"]))
    first = ("rank", "cid") if by_rank else ("cid", "rank")
    lines = [delimiter.join(["Rank", "StartNo", *headings] if by_rank else ["StartNo", "Rank", *headings])]
    for c in rows:
        cells = [str(c[first[0]]), str(c[first[1]])]
        for v in c["tiebreakScore"]:
            text = str(v)
            cells.append(text.replace(".", decimal_point) if decimal_point and "." in text else text.replace("None", "-0"))
        lines.append(delimiter.join(cells))
    if check:
        lines.append(f"Check: {result.get('check', True)}")
    return "".join(line + "\n" for line in lines)


_COMPETITOR_KEYS = ("cid", "rank", "tiebreakScore")


def _scalar(v) -> str:
    """``json.dumps`` of one scalar, by the C functions it calls."""
    if isinstance(v, str):
        return encode_basestring_ascii(v)
    if v is None or isinstance(v, bool):
        return "null" if v is None else "true" if v else "false"
    if isinstance(v, int):
        return int.__repr__(v)
    if isinstance(v, (list, tuple, dict)):
        raise TypeError("not a scalar")
    return json.dumps(v, default=str)


def indented_json(doc: dict) -> str:
    """``json.dumps(doc, indent=2, default=str)``, the competitors written by a loop of C calls:
    json's indenting encoder is pure Python, a fifth of a 2,000-player answer's time."""
    result = doc.get("tiebreakResult")
    people = result.get("competitors") if isinstance(result, dict) else None
    if not people or not all(isinstance(c, dict) and tuple(c) == _COMPETITOR_KEYS and isinstance(c["tiebreakScore"], list)
                             for c in people):
        return json.dumps(doc, indent=2, default=str)
    text = json.dumps({**doc, "tiebreakResult": {**result, "competitors": []}}, indent=2, default=str)
    rows = []
    try:
        for c in people:
            scores = c["tiebreakScore"]
            listed = ("[\n" + ",\n".join("          " + _scalar(v) for v in scores) + "\n        ]") if scores else "[]"
            rows.append(f'      {{\n        "cid": {_scalar(c["cid"])},\n        "rank": {_scalar(c["rank"])},\n'
                        f'        "tiebreakScore": {listed}\n      }}')
    except TypeError:  # a value that is no scalar
        return json.dumps(doc, indent=2, default=str)
    head, tail = text.split('"competitors": []', 1)
    return head + '"competitors": [\n' + ",\n".join(rows) + "\n    ]" + tail
