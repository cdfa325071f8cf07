"""Benchmark: read and rank generated TRF files; compare with the peers and a plain reader.

Run: ``python benchmarks/bench_trf.py`` (needs the test extras for gacrux). Prints, for a
2,000-player 11-round chess TRF ranked with PTS,BH,BH/C1,SB: the wall time of this project
(read + validate + rank, in-process) and of gacrux's tiebreakchecker (in-process too, so that
neither pays for starting Python), and the ratio; the same for tiebreak-core when installed.
Then, for a 9,999-player 13-round file (reading included): this project and a plain hand-written
reader with the same list (PTS,BH,SB), their ratio, and the project as a command (`brightwell
rank`, Python start included).
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from peers import installed, tiebreak_core_order

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side, Tournament

SPEC = ["PTS", "BH", "BH/C1", "SB"]
PLAIN_SPEC = ["PTS", "BH", "SB"]  # what the plain reader below computes


def chess_event(n: int, rounds: int, seed: int = 7) -> Tournament:
    """Random pairings with colours, a PAB when odd, a few forfeits and requested byes."""
    rng = random.Random(seed)
    entries: list[list[tuple]] = [[] for _ in range(n)]
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        for _ in range(n // 200):
            entries[order.pop()].append((Kind.HALF_BYE,))
        if len(order) % 2:
            entries[order.pop()].append((Kind.PAB,))
        for a, b in zip(order[0::2], order[1::2]):
            if rng.random() < 0.01:
                entries[a].append((Kind.FORFEIT_WIN, b + 1, None, Side.FIRST))
                entries[b].append((Kind.FORFEIT_LOSS, a + 1, None, Side.SECOND))
                continue
            res = rng.choice([Result.WIN, Result.DRAW, Result.LOSS])
            entries[a].append((Kind.GAME, b + 1, res, Side.FIRST))
            entries[b].append((Kind.GAME, a + 1, res.reverse, Side.SECOND))
    players = tuple(Player(i + 1, f"Player {i + 1}", tuple(RoundEntry(*e) for e in entries[i]),
                           rating=1200 + rng.randrange(1500)) for i in range(n))
    return Tournament("Benchmark Open", players, rounds=rounds, start_date="2025-06-01")


def plain(path: Path) -> float:
    """The floor to compare with: a plain hand-written reader of the 001 records (start number,
    each round's opponent and result) and PTS, BH and SB without FIDE's rules for unplayed rounds."""
    start = time.perf_counter()
    points_of = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "H": 0.5,
                 "F": 1.0, "U": 1.0, "Z": 0.0}
    rounds: dict[int, list[tuple[int, float]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("001"):
            continue
        games = []
        for col in range(91, len(line), 10):
            cell = line[col:col + 8]
            opp, result = cell[:4].strip(), cell[7:8]
            games.append((int(opp) if opp.isdigit() and opp != "0000" else 0, points_of.get(result, 0.0)))
        rounds[int(line[4:8])] = games
    pts = {no: sum(p for _, p in games) for no, games in rounds.items()}
    bh = {no: sum(pts.get(o, 0.0) for o, _ in games if o) for no, games in rounds.items()}
    sb = {no: sum(pts.get(o, 0.0) * p for o, p in games if o) for no, games in rounds.items()}
    sorted(rounds, key=lambda no: (-pts[no], -bh[no], -sb[no], no))
    return time.perf_counter() - start


def ours(path: Path, spec=SPEC) -> float:
    start = time.perf_counter()
    api.rank(api.load(path).tournament, spec, edition=2024)
    return time.perf_counter() - start


def gacrux(path: Path) -> float:
    from gacrux.tiebreakchecker import tiebreakchecker
    argv = sys.argv
    sys.argv = ["tiebreakchecker", "-i", str(path), "-o", str(path.with_suffix(".out")), "-d", "T",
                "-t", "PTS", "BH/V2024", "BH/C1/V2024", "SB/V2024"]
    start = time.perf_counter()
    try:
        tiebreakchecker().common_main()
    finally:
        sys.argv = argv
    return time.perf_counter() - start


def tiebreak_core(path: Path) -> float:
    start = time.perf_counter()
    tiebreak_core_order(str(path), ("buchholz", "buchholz_cut1", "sonneborn_berger"))
    return time.perf_counter() - start


def main() -> None:
    folder = Path(tempfile.mkdtemp())
    small = folder / "2000x11.trf"
    small.write_bytes(TrfFormat().dumps(chess_event(2000, 11)))
    ours(small)  # warm imports and caches
    mine = min(ours(small) for _ in range(5))
    theirs = gacrux(small)
    print(f"2,000 players x 11 rounds, {','.join(SPEC)}: brightwell {mine:.3f} s, gacrux {theirs:.1f} s, "
          f"{theirs / mine:.0f}x faster")
    if installed("tiebreak_core"):
        core = min(tiebreak_core(small) for _ in range(3))
        print(f"2,000 players x 11 rounds, the same list: brightwell {mine:.3f} s, tiebreak-core {core:.2f} s "
              f"(with a plain reader of the 001 records), {core / mine:.1f}x faster")
    else:
        print("(tiebreak-core is not installed: pip install tiebreak-core to measure it too)")
    big = folder / "9999x13.trf"  # TRF start ranks have 4 columns: 9,999 is the most a file can hold
    big.write_bytes(TrfFormat().dumps(chess_event(9_999, 13)))
    pairs = [(ours(big, PLAIN_SPEC), plain(big)) for _ in range(7)]  # in turn: the machine's drift cancels
    same, floor = statistics.median(a for a, _ in pairs), statistics.median(b for _, b in pairs)
    mine = statistics.median(ours(big) for _ in range(3))
    ratio = statistics.median(a / b for a, b in pairs)
    print(f"9,999 players x 13 rounds, read + rank in-process with {','.join(PLAIN_SPEC)}: {same:.2f} s wall; a "
          f"plain hand-written reader with the same list: {floor:.2f} s; ratio {ratio:.1f} (median of 7 pairs; "
          f"with {','.join(SPEC)}: {mine:.2f} s)")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "rank", str(big), "-t", ",".join(SPEC),
                    "--edition", "2024", "--output-format", "csv", "-o", str(folder / "out.csv")], check=True)
    print(f"9,999 players x 13 rounds, as a command (Python start included): {time.perf_counter() - start:.2f} s wall")


if __name__ == "__main__":
    main()
