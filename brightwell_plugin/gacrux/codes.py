"""gacrux's tie-break codes (``BH/C1``, ``KS/L+1``, ``ARO/U1400/V2026``) as this project ranks by them.

What gacrux knows of a code that this project computes too is declared on the criterion
(:class:`~brightwell_plugin.criteria.base.Checked`: how gacrux describes and writes it, its other
names), beside what the criterion ranks (players, teams or both) and its order: a code is looked up
among the host's criteria and described from them. The checker keeps gacrux's grammar (the ``/``
parts, the editions) and the one list of gacrux's codes no criterion here computes. A column is one
code of the answer, made by the code table of what is ranked: :class:`Players` for an individual
event, ``teams.Teams`` for a team event's teams.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import NamedTuple

from brightwell_plugin.adapters import trf
from brightwell_plugin.criteria.base import Checked
from brightwell_plugin.limits import digits
from brightwell_plugin.model import Kind, RoundEntry

RULES = {2024: (1, "2024-08-01"), 2026: (2, "2026-03-01")}  # edition: gacrux's "ver" and "rules"
# gacrux's codes no criterion here computes: pairing aids, the file's own rank and order, and others
GACRUX_ONLY = frozenset({"NUL", "RANK", "RIP", "VUR", "NUM", "COD", "CSQ", "RTG", "ABH", "AFB", "RSES", "ACC",
                         "FLT", "FLTD", "FLTFT", "RFP", "TOP", "RND"})
_OPTIONS = re.compile(r":(?=[A-Za-z_][A-Za-z_0-9]*=)")
_FLAGS = {"D": "urd", "P": "predetermined", "F": "foremode", "S": "swiss", "X": "exchange", "N": "vun"}


class Code(NamedTuple):
    """A tie-break as gacrux's command line writes it, and the criterion of this project it names
    (:meth:`resolved`): its name here (``ours``; GE is REP), how gacrux knows it (``checked``; None:
    this project's own, or no criterion), whether its values are whole and what it ranks."""

    text: str  # as given
    name: str  # before any ``:`` or ``@``, upper case
    parts: tuple[str, ...]  # the ``/`` parts, upper case
    options: str = ""  # this project's ``:name=value`` options, as given (``:preset=sharly``)
    ours: str | None = None  # the criterion's name; None: no criterion here has the name
    checked: Checked | None = None
    whole: bool = False
    ranks: str = "both"
    higher_first: bool = True

    @classmethod
    def parse(cls, text: str) -> Code:
        at = _OPTIONS.search(text)  # ":name=value" options (a team code's ":MP" is no option)
        head, options = (text[:at.start()], text[at.end():]) if at else (text, "")
        pieces = head.upper().replace("!", "/").replace("#", "/").split("/")
        return cls(text, pieces[0].split(":")[0].split("@")[0], tuple(pieces[1:]), options)

    def resolved(self, criteria) -> Code:
        """The code with the criterion of ``criteria`` it names: the one registered under its name,
        else the one that declares it among gacrux's other names for it."""
        name = self.name if self.name in criteria else _aliases(criteria).get(self.name)
        if name is None:
            return self
        c = criteria.find(name)
        return self._replace(ours=name, checked=c.checker, whole=c.whole, ranks=c.ranks, higher_first=c.higher_first)

    @property
    def gacrux(self) -> bool:
        """A code gacrux computes and this project too; others are this project's alone (BQ, DISCS ...)."""
        return self.checked is not None

    @property
    def unsupported(self) -> str | None:
        """A ``/`` part of gacrux's this project does not compute, if any: the reversed order (R),
        the exchanged scores (X), Roberto's proposal (N)."""
        return next((p for p in self.parts if p in ("R", "X", "N")), None) if self.gacrux else None

    def edition(self) -> int | None:
        """The edition a ``/V`` part names (``V2024``, ``V1``, ``V``: the newest), else None."""
        found = None
        for part in self.parts:
            if part.startswith("V"):
                number = int(part[1:]) if digits(part[1:]) else 2026
                found = 2024 if number in (1, 2024) else 2026
        return found

    def item(self) -> str:
        """The code as this project's tie-break list writes it."""
        if not self.gacrux:
            return self.text
        parts = [p for p in self.parts if not p.startswith("V")]
        edition = self.edition()
        item = "/".join([self.ours, *parts]) + (f":{self.options}" if self.options else "")
        return f"{item}:edition={edition}" if edition else item

    def describe(self, order: int, edition: int, unrated: int | None, round_robin: bool) -> dict:
        """The ``tiebreaks[]`` entry gacrux writes for this code (for this project's own: the code
        as given, higher first): its order (a place within a tied group is lower first) and the
        modifiers it starts with, then those its ``/`` parts set."""
        if not self.gacrux:
            return {"order": order, "name": self.name, "desc": self.text, "pointtype": "points",
                    "modifiers": {"rev": True, "ver": RULES[edition][0]}}
        higher_first = self.higher_first and self.checked.written != "place"
        modifiers: dict = {"ver": RULES[edition][0]}
        modifiers.update((k, unrated if k == "unrated" else v) for k, v in self.checked.modifiers)
        reverse = _set(modifiers, self.parts, self.edition())
        if round_robin and not modifiers.get("swiss"):
            modifiers["predetermined"] = True
        modifiers = {"rev": reverse != higher_first, **modifiers}
        return {"order": order, "name": self.name, "desc": "/".join((self.name, *self.parts)),
                "pointtype": "points", "modifiers": modifiers}


def _decimal(text: str):
    """``Decimal(text)``, the decimal module imported on first use (a few codes' limits: not at every check's start)."""
    from decimal import Decimal
    return Decimal(text)


def _set(modifiers: dict, parts: tuple[str, ...], edition: int | None) -> bool:
    """``modifiers`` as the ``/`` parts set them; whether one reverses the order (R)."""
    reverse = False
    for part in parts:
        letter, rest = part[:1], part[1:]
        if letter in "CM" and digits(rest):
            modifiers["cutlow"] = int(rest)
            if letter == "M":
                modifiers["cuthigh"] = int(rest)
        elif letter == "L":
            if digits(rest):
                modifiers["plim"] = _decimal(rest)
            elif rest[:1] in "+-" and digits(rest[1:].replace(".", "", 1)):
                limit = _decimal(rest[1:]) if "." in rest else _decimal(rest[1:]) * _decimal("0.5")
                modifiers["nlim"] = -limit if rest[0] == "-" else limit
        elif letter == "K" and digits(rest):
            modifiers["nlim"] = _decimal(rest)
        elif letter == "U" and digits(rest):
            modifiers["unrated"] = int(rest)
        elif letter == "V":
            modifiers["ver"] = RULES[edition][0]
        elif letter == "R":
            reverse = True
        elif letter in _FLAGS:
            modifiers[_FLAGS[letter]] = True
    return reverse


def _aliases(criteria) -> dict[str, str]:
    """gacrux's other names for the criteria (:attr:`Checked.aliases`): every plugin's is read."""
    return criteria.derived("gacrux aliases", lambda found: {
        alias: name for name, c in found.items() if c.checker is not None for alias in c.checker.aliases})


class Column(NamedTuple):
    """One tie-break of the answer: the code, its ``tiebreaks[]`` entry (but for the precision),
    the item this project ranks by, the decimals of its sums, and which ``-c`` working it shows."""

    code: Code
    entry: dict
    item: str
    decimals: int = 1
    terms: str = ""

    @property
    def written(self) -> str:
        return self.code.checked.written if self.code.gacrux else ""


def looked_up(text: str, criteria) -> Code:
    """The code ``text`` with the criterion it names (none for gacrux's codes no criterion computes)."""
    code = Code.parse(text)
    return code if code.name in GACRUX_ONLY else code.resolved(criteria)


def refused(codes: list[Code], team: bool = False) -> tuple[list[str], list[str]]:
    """The codes gacrux computes and this project does not (of an individual event, also the teams'
    and the ``/`` parts it does not compute), and the codes nobody knows."""
    absent = [c.text for c in codes if c.name in GACRUX_ONLY
              or not team and (c.unsupported or c.gacrux and c.ranks == "teams")]
    return absent, [c.text for c in codes if c.ours is None and c.name not in GACRUX_ONLY]


def unrated_of(params: dict) -> int | None:
    """The rating ``-u`` gives the unrated players, if any."""
    return int(params["unrated"]) if params["unrated"] not in (None, "") else None


class Players:
    """The code table of an individual event's answer, its players ranked (``teams.Teams``: a team
    event's teams): the list its file writes, each code's column, a pairing awaiting its result
    counted as an absence (as gacrux reads a TRF), a ranking's failure status 401."""

    match = 1  # a match point's decimals: none here

    def __init__(self, event):
        self.event = event

    def own_list(self) -> list[str]:
        return trf.written_list(self.event)

    def columns(self, texts: list[str], criteria, edition: int, params: dict, refuse) -> list[Column]:
        """Each code's column; ``refuse(absent, unknown)`` stops on codes refused (:func:`refused`)."""
        codes = [looked_up(text, criteria) for text in texts]
        refuse(*refused(codes))
        unrated, round_robin = unrated_of(params), self.event.system == "round-robin"
        return [Column(c, c.describe(order, edition, unrated, round_robin), _with_unrated(c, unrated),
                       2 if c.gacrux and c.checked.written == "product" else 1, c.checked.terms if c.gacrux else "")
                for order, c in enumerate(codes, 1)]

    def counted(self, ranked, after: int):
        """What is ranked after round ``after`` as gacrux reads it, and the event so counted: a
        pairing awaiting its result (a TRF block with an opponent and no result) is an absence there,
        a zero-point unplayed round."""
        pending = Kind.PAIRED
        if not any(e.kind is pending for p in ranked.players for e in p.rounds[:after]):
            return ranked, ranked
        absent = RoundEntry(Kind.ABSENT)
        counted = replace(ranked, players=tuple(replace(p, rounds=tuple(absent if r < after and e.kind is pending
                                                                         else e for r, e in enumerate(p.rounds)))
                                                for p in ranked.players))
        return counted, counted

    def status(self, exc, columns: list[Column]) -> int:
        return 401

    def totals(self, ctx) -> dict:
        return {}

    def more_details(self, competitor: dict, ctx, totals: dict) -> None:
        """Nothing beside the terms (a team's points board by board: ``teams.Teams``)."""


def _with_unrated(code: Code, unrated: int | None) -> str:
    """The item, with the run's ``-u`` for the rating criteria that take one (``/U`` of its own kept)."""
    ours = code.item()
    takes = code.gacrux and code.checked.written in ("rating", "rating average")
    if unrated is None or not takes or any(p.startswith("U") for p in code.parts):
        return ours
    item, colon, options = ours.partition(":")
    return f"{item}/U{unrated}{colon}{options}"
