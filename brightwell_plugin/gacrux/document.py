"""The result document of FIDE's tie-break checker (gacrux 1.11.65), made from this project's standings.

``brightwell-tiebreakchecker`` (:mod:`brightwell_plugin.gacrux.command`) prints what gacrux's
``tiebreakchecker`` prints, so a program reading gacrux's JSON or text reads it unchanged. What is
gacrux's here is the shape, learnt from its output and its ``tiebreak.parse_tiebreak``, ``addval``
and ``compute_tiebreaks``: each tie-break's ``modifiers`` (its defaults, then what the code's
``/`` parts set), the type of each value (a decimal string with the criterion's decimals, a whole
number, or ``null``) and ``precision``. The values and ranks are this project's.
"""

from __future__ import annotations

import json
import re
from decimal import ROUND_HALF_UP, Decimal
from json.encoder import encode_basestring_ascii
from typing import NamedTuple

from brightwell_plugin.limits import digits
from brightwell_plugin.standings import Standings

RULES = {2024: (1, "2024-08-01"), 2026: (2, "2026-03-01")}  # edition: gacrux's "ver" and "rules"

# Each code gacrux and this project both know: its order (True: higher first) and the modifiers
# it starts with (gacrux's "flag" letters, spelled out).
_CUT = {"cutlow": 0}
_CUTS = {"cutlow": 0, "cuthigh": 0}
_UNRATED = object()  # stands for the run's -u value
DEFAULTS: dict[str, tuple[bool, dict]] = {
    "PTS": (True, {}), "STD": (True, {}), "WIN": (True, {}), "WON": (True, {}), "BPG": (True, {}),
    "BWG": (True, {}), "REP": (True, {}), "GE": (True, {}), "TPN": (False, {}), "SNO": (False, {}),
    "DE": (False, {"predetermined": False}), "PS": (True, _CUT),
    "KS": (True, {"plim": Decimal("50.0"), "nlim": Decimal("0.0")}),
    "BH": (True, _CUTS), "FB": (True, _CUTS), "SB": (True, _CUT), "AOB": (True, {"foremode": False}),
    "RTNG": (True, {"unrated": _UNRATED}), "ARO": (True, {**_CUTS, "unrated": _UNRATED}),
    "TPR": (True, {"unrated": _UNRATED}), "PTP": (True, {"unrated": _UNRATED}),
    "APRO": (True, {"unrated": _UNRATED}), "APPO": (True, {"unrated": _UNRATED}),
}
_EXTENDED_SB = {"cutlow": 0, "predetermined": False}
TEAM_DEFAULTS: dict[str, tuple[bool, dict]] = {  # the codes of team events (checker_teams.py)
    "MPTS": (True, {}), "GPTS": (True, {}), "MPVGP": (True, {}), "BC": (False, {}), "TBR": (False, {}),
    "BBE": (False, {}), **{name: (True, _EXTENDED_SB) for name in ("ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB")},
    "SSSC": (True, {"predetermined": False, "nlim": Decimal("0.0"), "foremode": False}),
    **{name: (False, {}) for name in ("EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")},
}
# How gacrux writes each value: decimals of a sum of halves; a whole number (a criterion whole by
# definition, Criterion.whole, or a place within a tied group); a rating (None when there is none);
# a rounded average of ratings, written as a decimal string without decimals.
DECIMALS = {"PTS": 1, "STD": 1, "PS": 1, "KS": 1, "BH": 1, "FB": 1, "SB": 2}
PLACE = {"DE"}  # a place within the tied group it parts
RATING = {"RTNG", "ARO", "TPR", "PTP"}
RATING_AVERAGE = {"APRO", "APPO"}
SUMMED = {"PS", "KS", "BH", "FB", "SB"}  # a sum of no term is gacrux's whole number 0
ALIASES = {"GE": "REP", "SNO": "TPN"}  # gacrux's other names for a code this project knows
# gacrux's codes this project does not compute (team events, pairing aids, the file's own rank)
NOT_HERE = {"NUL", "MPTS", "GPTS", "RANK", "RIP", "VUR", "NUM", "COD", "CSQ", "RTG", "MPVGP", "EDE", "EDEC",
            "EDET", "EDEB", "EDEBT", "EDEBB", "ABH", "AFB", "RSES", "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "BC",
            "TBR", "BBE", "SSSC", "ACC", "FLT", "FLTD", "FLTFT", "RFP", "TOP", "RND"}


_OPTIONS = re.compile(r":(?=[A-Za-z_][A-Za-z_0-9]*=)")


class Code(NamedTuple):
    """A tie-break as gacrux's command line writes it (``BH/C1``, ``KS/L+1``, ``ARO/U1400/V2026``)."""

    text: str  # as given
    name: str  # before any ``:`` or ``@``, upper case
    parts: tuple[str, ...]  # the ``/`` parts, upper case
    options: str = ""  # this project's ``:name=value`` options, as given (``:preset=sharly``)

    @classmethod
    def parse(cls, text: str) -> Code:
        at = _OPTIONS.search(text)  # ":name=value" options (a team code's ":MP" is no option)
        head, options = (text[:at.start()], text[at.end():]) if at else (text, "")
        pieces = head.upper().replace("!", "/").replace("#", "/").split("/")
        return cls(text, pieces[0].split(":")[0].split("@")[0], tuple(pieces[1:]), options)

    @property
    def unsupported(self) -> str | None:
        """A ``/`` part of gacrux's this project does not compute, if any: the reversed order (R),
        the exchanged scores (X), Roberto's proposal (N)."""
        return next((p for p in self.parts if p in ("R", "X", "N")), None) if self.gacrux else None

    @property
    def gacrux(self) -> bool:
        """A code gacrux computes and this project too; others are this project's alone (BQ, DISCS ...)."""
        return self.name in DEFAULTS

    def edition(self) -> int | None:
        """The edition a ``/V`` part names (``V2024``, ``V1``, ``V``: the newest), else None."""
        found = None
        for part in self.parts:
            if part.startswith("V"):
                number = int(part[1:]) if digits(part[1:]) else 2026
                found = 2024 if number in (1, 2024) else 2026
        return found

    def ours(self) -> str:
        """The code as this project's tie-break list writes it."""
        if not self.gacrux:
            return self.text
        parts = [p for p in self.parts if not p.startswith("V")]
        edition = self.edition()
        item = "/".join([ALIASES.get(self.name, self.name), *parts]) + (f":{self.options}" if self.options else "")
        return f"{item}:edition={edition}" if edition else item

    def describe(self, order: int, edition: int, unrated: int | None, round_robin: bool, team: bool = False) -> dict:
        """The ``tiebreaks[]`` entry gacrux writes for this code (for this project's own: the
        code as given, higher first); ``team``: in a team event, where its team codes are known."""
        if not (self.gacrux or team and self.name in TEAM_DEFAULTS):
            return {"order": order, "name": self.name, "desc": self.text, "pointtype": "points",
                    "modifiers": {"rev": True, "ver": RULES[edition][0]}}
        higher_first, defaults = DEFAULTS[self.name] if self.name in DEFAULTS else TEAM_DEFAULTS[self.name]
        reverse = False
        modifiers: dict = {"ver": RULES[edition][0]}
        modifiers.update({k: (unrated if v is _UNRATED else v) for k, v in defaults.items()})
        for part in self.parts:
            letter, rest = part[:1], part[1:]
            if letter in "CM" and digits(rest):
                modifiers["cutlow"] = int(rest)
                if letter == "M":
                    modifiers["cuthigh"] = int(rest)
            elif letter == "L":
                if digits(rest):
                    modifiers["plim"] = Decimal(rest)
                elif rest[:1] in "+-" and digits(rest[1:].replace(".", "", 1)):
                    limit = Decimal(rest[1:]) if "." in rest else Decimal(rest[1:]) * Decimal("0.5")
                    modifiers["nlim"] = -limit if rest[0] == "-" else limit
            elif letter == "K" and digits(rest):
                modifiers["nlim"] = Decimal(rest)
            elif letter == "U" and digits(rest):
                modifiers["unrated"] = int(rest)
            elif letter == "V":
                modifiers["ver"] = RULES[self.edition()][0]
            elif letter == "R":
                reverse = True
            elif letter in _FLAGS:
                modifiers[_FLAGS[letter]] = True
        if round_robin and not modifiers.get("swiss"):
            modifiers["predetermined"] = True
        modifiers = {"rev": reverse != higher_first, **modifiers}
        return {"order": order, "name": self.name, "desc": "/".join((self.name, *self.parts)),
                "pointtype": "points", "modifiers": modifiers}


_FLAGS = {"D": "urd", "P": "predetermined", "F": "foremode", "S": "swiss", "X": "exchange", "N": "vun"}


def whole(code: Code, criteria) -> bool:
    """Whether ``code``'s criterion (of the ``criteria`` registry) gives whole numbers by definition."""
    name = ALIASES.get(code.name, code.name)
    return name in criteria and criteria.find(name).whole


def writer(code: Code, rounds: int, whole: bool = False, decimals: int | None = None):
    """How gacrux writes one value of ``code`` (a decimal string, a whole number or None; see the
    module's doc): a function of the value and whether it is a sum of some term, chosen once.
    ``whole``: the criterion's values are whole by definition (:attr:`Criterion.whole`);
    ``decimals``: those of a sum of the points it is over, when not :data:`DECIMALS`' (a team's
    match points as its file writes them)."""
    name = ALIASES.get(code.name, code.name)
    if not code.gacrux:  # this project's own criterion: its value, written as gacrux writes a decimal
        return lambda number, summed: None if number is None else str(Decimal(repr(float(number))))
    if name in RATING:
        return lambda number, summed: int(round(number)) if number else None
    if name in RATING_AVERAGE:
        return lambda number, summed: str(round(number)) if number else None
    if whole or name in PLACE:
        return lambda number, summed: int(number or 0)
    if name == "AOB":
        step = Decimal(1).scaleb(-(2 if rounds < 9 else 3 if rounds < 27 else 4 if rounds < 73 else 5))
        return lambda number, summed: (None if number is None or not summed else "0.0" if not number else
                                       str(Decimal(repr(float(number))).quantize(step, ROUND_HALF_UP)))
    decimals = DECIMALS[name] if decimals is None or name not in DECIMALS else decimals
    if name in SUMMED:
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
