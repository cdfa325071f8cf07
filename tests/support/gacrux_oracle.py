"""Run FIDE's tie-break checker (gacrux, a test-only dependency) in-process on a TRF file."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
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
        text = out.read_text(errors="replace") if out.exists() else ""
        m = re.match(r"### Error (\d+)\n", text)
        reasons = tuple(line for line in text[m.end():].splitlines() if line.strip()) if m else ()
        raise Refused(int(m[1]) if m else status, reasons, trf)
    rows = [line.split("\t") for line in out.read_text().strip().splitlines()[1:]]
    return {int(r[0]): (int(r[1]), r[2:]) for r in rows}


def as_number(text: str) -> float:
    """gacrux prints -0 (None) for a dropped rating tie-break; this project gives 0."""
    return 0.0 if text == "-0" else float(text)


class Refused(Exception):
    """gacrux would not rank the file: its status code and the reasons it printed."""

    def __init__(self, code: int, reasons: tuple[str, ...], trf: Path):
        super().__init__(f"gacrux refused {trf.name}: error {code}: {'; '.join(reasons) or '(no reason given)'}")
        self.code, self.reasons = code, reasons


@dataclass(frozen=True)
class Mend:
    """A refusal the file can be mended for, keeping what is compared: which code and reasons it
    answers, and how a copy is made that gacrux reads."""

    code: int
    reason: re.Pattern
    why: str
    mend: Callable[[list[str], dict[int, float]], list[str]]


def _points_from_results(lines: list[str], points: dict[int, float]) -> list[str]:
    out = []
    for line in lines:
        if line.startswith("001 ") and len(line) >= 84 and line[4:8].strip().isdigit():
            line = f"{line[:80]}{points[int(line[4:8])]:4.1f}{line[84:]}"
        out.append(line)
    return out


def _without(record: str):
    return lambda lines, points: [line for line in lines if not line.startswith(record + " ")]


MENDS = (
    Mend(401, re.compile(r"^Incorrect score for player \d+$"),
         "the stored points (001 columns 81-84) disagree with the results; gacrux is given the points "
         "the results give, which is what both programs rank by", _points_from_results),
    Mend(401, re.compile(r"^Error in teams|^Add 300 Out-of-order records"),
         "team records (013) of a league gacrux checks as a team event; the individual standings do not "
         "depend on them", _without("013")),
    Mend(472, re.compile(r"^parse_trf_nationalsupport: .* not matched$"),
         "a 172 record gacrux cannot parse; it only chooses a national rating list", _without("172")),
)


def readable_copy(refusal: Refused, text: str, points: dict[int, float]) -> tuple[str, list[str]] | None:
    """The file mended so that gacrux reads it, and why; None when a reason has no mend."""
    lines = text.splitlines()
    whys = []
    reasons = [r for r in refusal.reasons if not r.startswith("Error reading file:")]
    for mend in MENDS:
        if mend.code == refusal.code and any(mend.reason.search(r) for r in reasons):
            lines = mend.mend(lines, points)
            whys.append(mend.why)
            reasons = [r for r in reasons if not mend.reason.search(r)]
    if reasons or not whys:
        return None
    return "\n".join(lines) + "\n", whys


def gacrux_chess_json(trf: Path, out: Path) -> None:
    """``trf`` converted to Chess-JSON by gacrux's own converter (``python -m gacrux.convert -F JSON``)."""
    from gacrux.convert import convert2jch
    argv = sys.argv
    sys.argv = ["convert", "-i", str(trf), "-o", str(out), "-F", "JSON"]
    try:
        status = convert2jch().common_main()
    finally:
        sys.argv = argv
    if status >= 400:
        raise Refused(status, (out.read_text(errors="replace")[-400:],) if out.exists() else (), trf)
