"""Prepare a TRF for the next round of a pairing engine (bbpPairings, JaVaFo, ...).

Usage: python next_round.py EVENT.trf OUT.trf [TIEBREAKS]

Reads the tournament, ranks it, prints the top of the standings, and writes OUT.trf with each
player's points (columns 81-84) and rank (86-89) filled in and the tie-break list in record 212,
for a pairing engine (format trf-engine): every other line of EVENT.trf is written back as it was,
but for what a pairing engine refuses, written in TRF's own form (docs/trf.md); format trf would
write every other line exactly as it was. EVENT.trf itself is never modified.
"""

from __future__ import annotations

import sys

from brightwell_plugin import BrightwellError, api


def main(source: str, target: str, tiebreaks: str = "PTS,BH/C1,BH,SB") -> None:
    event = api.load(source)                          # TRF16, TRF-2026, JaVaFo lines: detected
    for warning in event.warnings:
        print("warning:", warning, file=sys.stderr)
    standings = api.rank(event.tournament, tiebreaks)
    for row in standings.rows[:3]:
        print(row.rank, row.start_no, row.name, *row.values)
    lost = api.write(api.with_standings(event.tournament, standings), target, format="trf-engine")
    for item in lost:
        print("not carried:", item, file=sys.stderr)


if __name__ == "__main__":
    try:
        main(*sys.argv[1:])
    except BrightwellError as exc:
        sys.exit(f"error: {exc}")
