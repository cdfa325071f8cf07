"""Run FIDE's tie-break checker (gacrux, a test-only dependency) in-process on a TRF file."""

from __future__ import annotations

import sys
from pathlib import Path

from gacrux.tiebreakchecker import tiebreakchecker


def gacrux_values(trf: Path, codes: list[str], after_round: int, extra: tuple[str, ...] = ()):
    """{start_no: (rank, [values as text])} as printed by ``python -m gacrux.tiebreakchecker``.

    gacrux 1.11.65 leaks state between the codes of one run: computing FB rewrites each player's
    "last round not a VUR", which changes every BH/SB computed after it in the same run. So each
    Fore code runs alone, and the rest together."""
    fore = [c for c in codes if c.upper().startswith("FB")]
    runs = [[c for c in codes if c not in fore]] + [[c] for c in fore]
    merged: dict[int, tuple[int, dict[str, str]]] = {}
    for run in (r for r in runs if r):
        for no, (rank, values) in _run(trf, run, after_round, extra).items():
            merged.setdefault(no, (rank, {}))[1].update(zip(run, values))
    return {no: (rank, [values[c] for c in codes]) for no, (rank, values) in merged.items()}


def _run(trf: Path, codes: list[str], after_round: int, extra: tuple[str, ...]):
    out = trf.with_suffix(".gacrux.txt")
    argv = sys.argv
    sys.argv = ["tiebreakchecker", "-i", str(trf), "-o", str(out), "-d", "T", "-n", str(after_round),
                *extra, "-t", *codes]
    try:
        status = tiebreakchecker().common_main()
    finally:
        sys.argv = argv
    if status:
        raise RuntimeError(f"gacrux failed with status {status} on {trf}")
    rows = [line.split("\t") for line in out.read_text().strip().splitlines()[1:]]
    return {int(r[0]): (int(r[1]), r[2:]) for r in rows}


def as_number(text: str) -> float:
    """gacrux prints -0 (None) for a dropped rating tie-break; this project gives 0."""
    return 0.0 if text == "-0" else float(text)
