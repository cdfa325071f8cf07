"""bbpPairings' TRF reading rules (shared/docs/formats.md section 3), as a checker for our output."""

from __future__ import annotations

import re

_BLOCK = 10
_FIRST = 91


def violations(text: str) -> list[str]:
    """Every rule a pairing engine reading like bbpPairings would reject the file for."""
    out = []
    lines = [ln for ln in re.split(r"\r\n|\r|\n", text) if len(ln) >= 3]
    games: dict[tuple[int, int], tuple[int, str, str]] = {}
    for n, line in enumerate(lines, 1):
        code = line[:3]
        if code in ("013", "310", "299"):
            out.append(f"line {n}: record {code} is refused")
        if code == "152" and line.strip() not in ("152 W", "152 B"):
            out.append(f"line {n}: 152 must be '152 W' or '152 B'")
        if code == "162" and "X" in line[5::9]:
            out.append(f"line {n}: 162 symbol X is refused")
        if code != "001":
            continue
        if len(line) < 84:
            out.append(f"line {n}: 001 shorter than 84 characters")
        count = max(0, (len(line) - _FIRST + 2) // _BLOCK)
        if line[_FIRST + _BLOCK * count:].strip():
            out.append(f"line {n}: text after the last round block")
        me = int(line[4:8])
        total = 0.0
        for r in range(count):
            b = line[_FIRST + _BLOCK * r:_FIRST + _BLOCK * r + 8].ljust(8)
            opp = int(b[:4]) if b[:4].strip() else 0
            colour, result = b[5], b[7].upper()
            if colour not in "wb- ":
                out.append(f"line {n} round {r + 1}: colour {colour!r}")
            if result in "HFUZ " and opp:
                out.append(f"line {n} round {r + 1}: {result!r} with an opponent")
            if result in "10=WDL" and colour not in "wb" and not (result == "=" and not opp):
                out.append(f"line {n} round {r + 1}: result {result!r} needs colour w or b")
            total += {"1": 1, "=": .5, "W": 1, "D": .5, "+": 1, "F": 1, "H": .5, "U": 1}.get(result, 0)
            if opp and result in "10=WDL":
                games[(r, me)] = (opp, colour, result)
        if line[80:84].strip() and abs(float(line[80:84]) - total) > 1e-9:
            out.append(f"line {n}: points {line[80:84].strip()} are not the sum of the results {total:g}")
    for (r, me), (opp, colour, _) in games.items():
        other = games.get((r, opp))
        if other is None or other[0] != me or other[1] == colour:
            out.append(f"round {r + 1}: the game {me}-{opp} is not on both lines with opposite colours")
    return out
