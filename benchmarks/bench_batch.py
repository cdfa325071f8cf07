"""Benchmark: re-rank 1,000 generated tournament files (60 players x 9 rounds, mixed formats).

Run: ``python benchmarks/bench_batch.py [FILES] [--rounds K] [--dir FOLDER]``. Prints files per second
(wall time, reading and writing the re-ranked files included) with --jobs 1 and --jobs 2, in K
alternating rounds (default 3), then the median and best of each. Beside every round it prints a
machine-speed reference (CPU milliseconds of a fixed pure-Python loop): shared machines drift, and
a figure means little without the speed the machine had while it was taken.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.archive.batch import collect, run

from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side, Tournament
from brightwell_plugin.plugins.host import get_host

SPEC = "PTS,BQ:preset=woc,DISCS,BH"
FORMATS = [("xml", ".xml"), ("trf", ".trf"), ("swissperfect", ".trn"), ("papp", ".elo")]


def event(seed: int, n: int = 60, rounds: int = 9) -> Tournament:
    """An Othello Swiss: random pairings, discs summing to 64 (n is even: no byes)."""
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


def machine_speed() -> float:
    """CPU milliseconds of a fixed loop (best of three): about 15 on this machine's fast periods."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        total = 0
        for i in range(200_000):
            total += i * i % 7
        best = min(best, time.process_time() - start)
    return best * 1000


def write_archive(src: Path, count: int) -> None:
    for i in range(count):
        name, suffix = FORMATS[i % len(FORMATS)]
        sub = src / f"year{i % 10}"
        sub.mkdir(parents=True, exist_ok=True)
        api.write(event(i), sub / f"event{i:04d}{suffix}", name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="?", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None, help="work folder (default: a temporary one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        write_archive(folder / "archive", args.files)
        jobs = collect([str(folder / "archive")], host=get_host())
        print(f"{len(jobs)} files of 60 players x 9 rounds ({', '.join(n for n, _ in FORMATS)}), {SPEC}")
        rates: dict[int, list[float]] = {1: [], 2: []}
        for k in range(args.rounds):
            for workers in (1, 2):
                speed = machine_speed()
                out = folder / f"out{k}-{workers}"
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.perf_counter()
                results = run(jobs, out, SPEC, jobs_count=workers, host=get_host())
                secs = time.perf_counter() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the pool's workers, joined
                assert all(r.ok for r in results), [r.error for r in results if not r.ok][:3]
                rates[workers].append(len(jobs) / secs)
                user = (after.ru_utime - before.ru_utime) / len(jobs) * 1000
                system = (after.ru_stime - before.ru_stime) / len(jobs) * 1000
                print(f"--jobs {workers}: {secs:5.2f} s, {len(jobs) / secs:4.0f} files/s "
                      f"(workers' CPU per file: {user:.1f} ms user, {system:.1f} ms system; "
                      f"machine speed reference {speed:.0f} ms)")
        for workers, values in rates.items():
            print(f"--jobs {workers}: median {statistics.median(values):.0f} files/s, best {max(values):.0f}")
        print(f"scaling --jobs 2 / --jobs 1: {statistics.median(rates[2]) / statistics.median(rates[1]):.2f}x")


if __name__ == "__main__":
    main()
