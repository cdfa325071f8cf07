"""What a Papp ELO file does not list: byes, absences, withdrawals, told apart by the stored totals.

An export lists games only. A player missing from a round had the bye (a win, and the discs the
event credited: Papp's ``Score-bip``, 40-24 by default, other values in other years) or was
absent (nothing). The stored points give the number of byes, the stored discs the credit: the
event's credit is the one most players' spare discs agree on. Byes go to the rounds fewest
players were missing from (a lone missing player had the bye; without stored totals, that is the
whole rule); a player missing from every
round from k to the end withdrew after round k-1; one missing from the first rounds entered late.
Whether the stored totals include the play-off games is decided for the whole file, by which
reading explains more players. Rounds made up from games under no round marker tell nothing of
when a player came or went: no withdrawal or late entry is inferred from them. Every inference is reported once per player; a player whose
totals no inference explains gets one warning with both numbers.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import ABSENT_ENTRY, Kind, PlayoffGame, Result, RoundEntry

BOARD = 64


@dataclass(frozen=True, slots=True)
class Totals:
    points: float
    discs: float | None


@dataclass(frozen=True, slots=True)
class Inferred:
    rounds: tuple[RoundEntry, ...]
    stored_points: float | None
    late_entry: int | None
    withdrawn_after: int | None


def _game_totals(row) -> tuple[float, float | None]:
    points, discs, won, drawn = 0.0, 0.0, Result.WIN, Result.DRAW
    for e in row:
        if e is not None:
            points += 1 if e.result is won else 0.5 if e.result is drawn else 0
            discs = None if discs is None or e.score is None else discs + e.score
    return points, discs


def _playoff_totals(playoffs: tuple[PlayoffGame, ...] | list[PlayoffGame]) -> dict[int, tuple[float, float | None]]:
    out: dict[int, tuple[float, float | None]] = {}
    for g in playoffs:
        for who, mine, theirs, won in ((g.first, g.score, g.opp_score, g.result is Result.WIN),
                                       (g.second, g.opp_score, g.score, g.result is not Result.WIN and g.result is not Result.DRAW)):
            points, discs = out.get(who, (0.0, 0.0))
            points += 1 if won else 0.5 if g.result is Result.DRAW else 0
            discs = None if discs is None or mine is None else discs + mine
            out[who] = (points, discs)
    return out


def _whole(x: float) -> int | None:
    return round(x) if abs(x - round(x)) < 1e-9 else None


class _Reading:
    """The spare points and discs of each player under one reading of the totals."""

    def __init__(self, entries, totals, po, with_playoffs: bool):
        self.with_playoffs = with_playoffs
        self.spare: dict[int, tuple[float, float | None]] = {}
        for no, t in totals.items():
            points, discs = _game_totals(entries[no])
            if with_playoffs and no in po:
                points += po[no][0]
                discs = None if discs is None or po[no][1] is None else discs + po[no][1]
            spare_discs = None if t.discs is None or discs is None else t.discs - discs
            self.spare[no] = (t.points - points, spare_discs)
        self.missing = {no: sum(e is None for e in entries[no]) for no in totals}
        credits = Counter()
        for no, (sp, sd) in self.spare.items():
            b = _whole(sp)
            if b and 0 < b <= self.missing[no] and sd is not None and 0 <= sd / b <= BOARD and (2 * sd / b) % 1 == 0:
                credits[sd / b] += 1  # a credit is whole or half discs
        self.credit = credits.most_common(1)[0][0] if credits else None

    def byes(self, no: int) -> int | None:
        """How many of the player's missing rounds were byes; None when the totals cannot say."""
        sp, sd = self.spare[no]
        b = _whole(sp)
        if b is None or not 0 <= b <= self.missing[no]:
            return None
        if sd is None:
            return b
        expected = b * self.credit if b and self.credit is not None else 0
        return b if abs(sd - expected) < 1e-9 else None

    def explained(self) -> int:
        return sum(self.byes(no) is not None for no in self.spare)


def _runs(rounds: list[int]) -> str:
    out, start = [], None
    for i, r in enumerate(rounds):
        if start is None:
            start = r
        if i + 1 == len(rounds) or rounds[i + 1] != r + 1:
            out.append(str(start) if start == r else f"{start}-{r}")
            start = None
    return ", ".join(out)


def _what_was(chosen: set[int], absent: list[int], late_entry: int | None, withdrawn_after: int | None,
              credit_text: str) -> str:
    """What a player's rounds not listed were taken for: byes (``chosen``), absences, a late entry,
    a withdrawal (rounds from 0)."""
    said = []
    if chosen:
        said.append(f"bye in {_runs(sorted(r + 1 for r in chosen))}{credit_text}")
    if absent:
        said.append(f"absent in {_runs([r + 1 for r in absent])}")
    if late_entry:
        said.append(f"entered in round {late_entry}")
    if withdrawn_after is not None:
        said.append(f"withdrew after round {withdrawn_after}")
    return "; ".join(said)


def infer(entries: dict[int, list], totals: dict[int, Totals], playoffs, labels: dict[int, str],
          file: str, warnings: list[str], timed: bool = True) -> dict[int, Inferred]:
    """Each player's rounds with the missing ones filled in (``entries`` holds None for them).
    ``timed`` is False when some rounds were made up from games under no marker: their order
    then says nothing of when a player came or went, so no withdrawal or late entry is inferred."""
    played = len(next(iter(entries.values()), []))
    missing_in = [sum(row[r] is None for row in entries.values()) for r in range(played)]
    po = _playoff_totals(playoffs)
    reading = _Reading(entries, totals, po, False)
    if po:
        with_po = _Reading(entries, totals, po, True)
        if with_po.explained() > reading.explained():
            reading = with_po
            warnings.append(f"{file}: the stored totals include the play-off games; the Swiss rounds are ranked")
    has_discs = any(e is not None and e.score is not None for row in entries.values() for e in row)
    credit = reading.credit if reading.credit is not None else 40  # Papp's default Score-bip 24/64
    out = {}
    for no, row in entries.items():
        missing = [r for r in range(played) if row[r] is None]
        explained = True
        if no in totals:
            byes = reading.byes(no)
            if byes is None:
                explained = False
                sp, sd = reading.spare[no]
                t = totals[no]
                got_points, got_discs = t.points - sp, None if sd is None else t.discs - sd
                discs = "" if t.discs is None else f" and {t.discs:g} discs"
                given = "" if got_discs is None else f" and {got_discs:g} discs"
                warnings.append(f"{file}: {labels[no]}: stored {t.points:g} points{discs}, the games give "
                                f"{got_points:g} points{given}, which no bye or absence explains")
                byes = min(len(missing), max(0, int(sp))) if sp == sp else 0
        else:  # no stored totals: a player missing alone from a round had the bye (Papp pairs all present)
            byes = sum(1 for r in missing if missing_in[r] == 1)
        chosen = set(sorted(missing, key=lambda r: (missing_in[r], r))[:byes])
        bye = new_entry(Kind.PAB, score=credit if has_discs else None,
                         opp_score=BOARD - credit if has_discs else None)
        rounds = [e if e is not None else bye if r in chosen else ABSENT_ENTRY for r, e in enumerate(row)]
        absent = [r for r in missing if r not in chosen]
        present = [r for r in range(played) if r not in absent]
        withdrawn_after = late_entry = None
        if timed and present and absent and absent[-1] == played - 1 and present[-1] < absent[-1]:
            withdrawn_after = present[-1] + 1
        if timed and present and absent and absent[0] == 0 and present[0] > 0:
            late_entry = present[0] + 1
        if missing:
            credit_text = f" ({credit:g}-{BOARD - credit:g})" if has_discs else ""
            warnings.append(f"{file}: {labels[no]} is not listed in round(s) {_runs([r + 1 for r in missing])}: "
                            f"{_what_was(chosen, absent, late_entry, withdrawn_after, credit_text)} (inferred)")
        stored = None  # unexplained totals are in the warning above, not a second one from validation
        if no in totals and explained:
            stored = totals[no].points - (po[no][0] if reading.with_playoffs and no in po else 0)
        out[no] = Inferred(tuple(rounds), stored, late_entry, withdrawn_after)
    return out
