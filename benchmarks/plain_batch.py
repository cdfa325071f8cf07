"""The floor ``brightwell batch`` is measured against (bench_batch_plain.py): a plain hand-written
script that does the same reading, ranking and writing over a folder of TRF files, and no more.

Run: ``python benchmarks/plain_batch.py IN_FOLDER OUT_FOLDER [WORKERS]``. Each ``.trf`` below
IN_FOLDER is read (its 001 records: start number, stored rank, each round's opponent and result),
ranked by PTS, BH and SB (no FIDE rules for unplayed rounds), and written to the same place below
OUT_FOLDER with the new points and ranks in the 001 records; each player's place before and after
comes back to the parent, as a batch's results do. Files go to WORKERS processes (default 2) in
chunks of 16.
"""

from __future__ import annotations

import os
import sys
from multiprocessing import Pool

POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0, "W": 1.0, "D": 0.5, "L": 0.0, "H": 0.5,
          "F": 1.0, "U": 1.0, "Z": 0.0}


def rank_file(paths: tuple[str, str]) -> tuple[str, list[tuple[int, int | None, int]]]:
    source, target = paths
    with open(source, encoding="utf-8", newline="") as f:
        lines = f.read().split("\n")
    games, stored, where = {}, {}, {}
    for i, line in enumerate(lines):
        if not line.startswith("001"):
            continue
        no = int(line[4:8])
        where[no] = i
        rank = line[85:89].strip()
        stored[no] = int(rank) if rank else None
        played = []
        for col in range(91, len(line), 10):
            cell = line[col:col + 8]
            opp = cell[:4].strip()
            played.append((int(opp) if opp.isdigit() and opp != "0000" else 0, POINTS.get(cell[7:8], 0.0)))
        games[no] = played
    pts = {no: sum(p for _, p in g) for no, g in games.items()}
    bh = {no: sum(pts.get(o, 0.0) for o, _ in g if o) for no, g in games.items()}
    sb = {no: sum(pts.get(o, 0.0) * p for o, p in g if o) for no, g in games.items()}
    order = sorted(games, key=lambda no: (-pts[no], -bh[no], -sb[no], no))
    places = {no: n for n, no in enumerate(order, 1)}
    for i, line in enumerate(lines):
        if line.startswith("212 "):
            lines[i] = "212 PTS,BH,SB" + ("\r" if line.endswith("\r") else "")
    for no, i in where.items():
        line = lines[i].ljust(89)
        lines[i] = f"{line[:80]}{pts[no]:4.1f} {places[no]:4d}{line[89:]}"
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "w", encoding="utf-8", newline="") as f:
        f.write("\n".join(lines))
    return source, [(no, stored[no], places[no]) for no in order]


def main(source: str, out: str, workers: int) -> None:
    jobs = []
    for folder, _, names in os.walk(source):
        for name in sorted(names):
            if name.endswith(".trf"):
                path = os.path.join(folder, name)
                jobs.append((path, os.path.join(out, os.path.relpath(path, source))))
    jobs.sort()
    with Pool(workers) as pool:
        results = pool.map(rank_file, jobs, chunksize=16)
    moved = sum(1 for _, rows in results for _, before, after in rows if before is not None and before != after)
    print(f"{len(results)} files ranked, {moved} players moved")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 2)
