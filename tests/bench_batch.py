"""Benchmark: re-rank 1,000 generated tournament files (60 players x 9 rounds, mixed formats).

Run: ``python tests/bench_batch.py [FILES]``. Prints files per second (wall time, writing the
re-ranked files included) with --jobs 1 and --jobs 2.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.batch import collect, run
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side, Tournament

SPEC = "PTS,BQ:preset=woc,DISCS,BH"
FORMATS = [("xml", ".xml"), ("trf", ".trf"), ("swissperfect", ".trn"), ("papp", ".elo")]


def event(seed: int, n: int = 60, rounds: int = 9) -> Tournament:
    """An Othello Swiss: random pairings, discs summing to 64; Papp-style 40-24 byes (n is even)."""
    rng = random.Random(seed)
    entries: list[list[tuple]] = [[] for _ in range(n)]
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        for a, b in zip(order[0::2], order[1::2]):
            d = rng.randint(0, 64)
            res = Result.WIN if d > 32 else Result.LOSS if d < 32 else Result.DRAW
            entries[a].append((Kind.GAME, b + 1, res, Side.FIRST, d, 64 - d))
            entries[b].append((Kind.GAME, a + 1, res.reverse, Side.SECOND, 64 - d, d))
    players = tuple(Player(i + 1, f"Player{i + 1}, Test", tuple(RoundEntry(*e) for e in entries[i]),
                           rating=1500 + i) for i in range(n))
    return Tournament(f"Event {seed}", players, rounds=rounds, board=64, game="othello")


def main(count: int) -> None:
    folder = Path(tempfile.mkdtemp())
    src = folder / "archive"
    for i in range(count):
        name, suffix = FORMATS[i % len(FORMATS)]
        sub = src / f"year{i % 10}"
        sub.mkdir(parents=True, exist_ok=True)
        api.write(event(i), sub / f"event{i:04d}{suffix}", name)
    jobs = collect([str(src)])
    print(f"{len(jobs)} files of 60 players x 9 rounds ({', '.join(n for n, _ in FORMATS)}), {SPEC}")
    for workers in (1, 2):
        out = folder / f"out{workers}"
        start = time.perf_counter()
        results = run(jobs, out, SPEC, jobs_count=workers)
        secs = time.perf_counter() - start
        assert all(r.ok for r in results), [r.error for r in results if not r.ok][:3]
        print(f"--jobs {workers}: {secs:.2f} s, {len(jobs) / secs:.0f} files/s")
        shutil.rmtree(out)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)
