"""OpenGotha's own standings, as stored (../shared/research/programs/opengotha), beside ours.

Each stored answer holds, per round, every player's order, place over all players, place in the
standings OpenGotha shows (blank: hidden), and each placement criterion's value (:func:`parse`).
:func:`differences` compares one of its blocks with this project's standings of the same file at the
same round: the players listed, each place, each value.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

OURS_TO_OPENGOTHA = {"RTNG": "Rating", "RANK": "Rank", "SOSW/C1": "SOSW-1", "SOSW/C2": "SOSW-2",
                     "SOSM/C1": "SOSM-1", "SOSM/C2": "SOSM-2"}


@dataclass
class Result:
    """The oracle's answer for one file: its '#' facts and its rows by round, or its error."""

    meta: dict[str, str]
    blocks: dict[int, list[dict[str, str]]]
    error: str | None = None

    @property
    def rounds(self) -> tuple[int, int, int]:
        """(numberOfRounds, lastRoundWithGameOrBye, presumablyCurrentRound)."""
        first, *rest = self.meta["numberOfRounds"].split("; ")  # "5; lastRoundWithGameOrBye: 3; ..."
        parts = dict(p.split(": ") for p in rest)
        return int(first), int(parts["lastRoundWithGameOrBye"]), int(parts["presumablyCurrentRound"])


def parse(text: str) -> Result:
    meta, body = {}, []
    for line in text.splitlines():
        if line.startswith("# "):
            k, _, v = line[2:].partition(": ")
            meta[k] = v
        else:
            body.append(line)
    if "error" in meta:
        return Result(meta, {}, meta["error"])
    blocks: dict[int, list[dict[str, str]]] = {}
    for row in csv.DictReader(io.StringIO("\n".join(body))):
        blocks.setdefault(int(row["round"]), []).append(row)
    for rows in blocks.values():
        rows.sort(key=lambda r: int(r["order"]))
    return Result(meta, blocks)


def _number(text: str):
    try:
        return Decimal(text)
    except (InvalidOperation, TypeError):
        return text


def key(name: str, first: str) -> str:
    return f"{name}, {first}".strip(", ")  # as the OpenGotha reader names a player


def differences(block: list[dict[str, str]], standings) -> list[str]:
    """What differs between the oracle's block and our standings (empty: the same)."""
    out = []
    shown = [r for r in block if r["place_shown"]]
    theirs = {key(r["name"], r["firstname"]): r for r in block}
    ours = [r.name for r in standings.rows]
    if sorted(ours) != sorted(key(r["name"], r["firstname"]) for r in shown):
        missing = sorted({key(r["name"], r["firstname"]) for r in shown} - set(ours))
        extra = sorted(set(ours) - {key(r["name"], r["firstname"]) for r in shown})
        out.append(f"players listed differ: missing {missing[:5]}, extra {extra[:5]}")
    for r in standings.rows:
        o = theirs.get(r.name)
        if o is None:
            continue
        if o["place_shown"] and int(o["place_shown"]) != r.rank:
            out.append(f"{r.name}: place {r.rank}, OpenGotha {o['place_shown']}")
        for heading, value in zip(standings.headings, r.values):
            column = OURS_TO_OPENGOTHA.get(heading, heading)
            if column in o and _number(o[column]) != Decimal(repr(float(value))).normalize():
                out.append(f"{r.name}: {heading} {value:g}, OpenGotha {o[column]}")
    return out


def tie_order(block: list[dict[str, str]], standings) -> bool:
    """Whether our rows list the players in OpenGotha's order (ties included)."""
    shown = [key(r["name"], r["firstname"]) for r in block if r["place_shown"]]
    return shown == [r.name for r in standings.rows]
