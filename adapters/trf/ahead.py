"""Byes and absences a TRF announces for a coming round: TRF-2026's ``240`` records (``240 H   5    4
   12``: a full, half or zero-point bye of round 5 for players 4 and 12; in a finished file they repeat
the 001 blocks) and JaVaFo's ``XXZ`` (players absent from the round to be paired). Recorded as the
byes they are in the players' rounds, so the standings and the pairing engines see them alike."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Player, Tournament

_KIND = {"F": Kind.FULL_BYE, "H": Kind.HALF_BYE, "Z": Kind.ZERO_BYE}
_SAME = {Kind.ZERO_BYE: (Kind.ZERO_BYE, Kind.ABSENT)}  # a 001 blank is TRF's zero-point bye


def with_announced(t: Tournament, lines, file: str, warnings: list[str]) -> Tournament:
    """``t`` (an individual event) with the byes its ``240`` and ``XXZ`` lines announce; a player
    announced absent from some round through the last planned one, after a round he took part in,
    withdrew after it (as Sharly-Chess writes a withdrawal: TRF has no other word for it)."""
    found = [(n, line) for n, (line, _) in enumerate(lines, 1) if line[:4] in ("240 ", "XXZ ")]
    players, absences, said = announced(found, t.players, file)
    warnings.extend(said)
    if players is t.players and not absences:
        return t
    return replace(t, players=tuple(_withdrawn(p, absences.get(p.start_no, set()), t.rounds) for p in players))


def _withdrawn(p: Player, absent: set[int], planned: int | None) -> Player:
    if not absent or not planned or p.withdrawn_after is not None:
        return p
    w = planned
    while w in absent:
        w -= 1
    took_part = any(e.kind not in (Kind.ZERO_BYE, Kind.ABSENT) for e in p.rounds[:w])
    return replace(p, withdrawn_after=w) if w < planned and took_part else p


def announced(lines: list[tuple[int, str]], players: tuple[Player, ...], file: str):
    """``players`` with the byes of the ``240`` and ``XXZ`` lines (line number, text) recorded (the
    same tuple when nothing changed), each player's rounds announced as zero-point byes, and a
    warning for each announcement a 001 block contradicts (the block is kept)."""
    by_no = {p.start_no: i for i, p in enumerate(players)}
    rounds = [list(p.rounds) for p in players]
    next_round = 1 + max((r for rs in rounds for r, e in enumerate(rs, 1) if e.kind is not Kind.ABSENT), default=0)
    warnings: list[str] = []
    absences: dict[int, set[int]] = {}
    changed = False
    for n, line in lines:
        kind, r, ids = _parsed(n, line, next_round, file)
        for no in ids:
            if no not in by_no:
                raise BrightwellError(f"{line[:3]} names player {no}, who has no 001 record", file=file, place=f"line {n}")
            if kind is Kind.ZERO_BYE and line[:3] == "240":
                absences.setdefault(no, set()).add(r)
            row = rounds[by_no[no]]
            if r <= len(row) and row[r - 1].kind is not Kind.ABSENT:
                if row[r - 1].kind not in _SAME.get(kind, (kind,)):
                    warnings.append(f"{file}: line {n}: {line[:3]} gives player {no} a {kind.value} in round {r}, "
                                    f"his 001 block a {row[r - 1].kind.value}: the block is kept")
                continue
            row.extend([ABSENT_ENTRY] * (r - len(row)))
            row[r - 1] = new_entry(kind)
            changed = True
    if not changed:
        return players, absences, warnings
    return tuple(replace(p, rounds=tuple(rs)) for p, rs in zip(players, rounds)), absences, warnings


def _parsed(n: int, line: str, next_round: int, file: str) -> tuple[Kind, int, list[int]]:
    """(kind, round, start numbers) of a 240 or XXZ line."""
    where = f"line {n}"
    if line[:3] == "XXZ":
        texts = line[4:].split()
        if not all(t.isdigit() for t in texts):
            raise BrightwellError(f"XXZ lists '{' '.join(texts)}': not start numbers", file=file, place=where)
        return Kind.ZERO_BYE, next_round, [int(t) for t in texts]
    kind = _KIND.get(line[4:5].upper())
    round_text = line[6:9].strip()
    if kind is None or not round_text.isdigit() or int(round_text) < 1:
        raise BrightwellError(f"240 '{line.rstrip()}': not a bye (F, H or Z in column 5, a round in 7-9)",
                              file=file, place=where)
    ids = [line[b:b + 4].strip() for b in range(10, len(line.rstrip()), 5)]
    if not all(t.isdigit() for t in ids if t):
        raise BrightwellError(f"240 '{line.rstrip()}': players are start numbers in columns 11-14, 16-19, …",
                              file=file, place=where)
    return kind, int(round_text), [int(t) for t in ids if t]
