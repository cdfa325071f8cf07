"""Benchmark: reading a pairgoth .tour file and ranking it by its own list (pairgoth's criteria),
beside reading and ranking the same event as TRF (the conversion this project writes) by the same
list, in one process, turns taken in alternation.

Run: ``python benchmarks/bench_pairgoth.py [FILE] [RUNS]``. Without a file: a generated McMahon event
of 1,000 players and 7 rounds with pairgoth's default settings (a TRF holds all of it, so both rank
the same values), then, when present, the largest finished real event of
../shared/research/corpus/turn5/pairgoth_tour (176 players, 6 rounds; its TRF loses the McMahon bar,
so the TRF's values differ). Prints each median and the ratio .tour / TRF (the goal: at most 1).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api

REAL = (Path(__file__).resolve().parents[2] / "shared" / "research" / "corpus" / "turn5" / "pairgoth_tour"
        / "000002-paris-2021.tour")


def generated(players: int = 1000, rounds: int = 7, seed: int = 1) -> str:
    """A pairgoth .tour of a McMahon event: pairgoth's default settings, every player in every round
    (an even field), pairs of neighbours by wins, results at random."""
    rnd = random.Random(seed)
    people = [{"id": i, "name": f"Name{i}", "firstname": f"First{i}", "rating": rating,
               "rank": (rating - 2050) // 100, "country": "FR", "club": f"{i % 90:02d}Cl", "final": True}
              for i, rating in ((i, rnd.randrange(100, 2700)) for i in range(1, players + 1))]
    wins = dict.fromkeys(range(1, players + 1), 0)
    games, gid = [], 0
    for _ in range(rounds):
        order = sorted(wins, key=lambda i: (-wins[i], rnd.random()))
        games.append([])
        for t, (a, b) in enumerate(zip(order[::2], order[1::2]), 1):
            gid += 1
            result = rnd.choice("bw")
            wins[b if result == "b" else a] += 1
            games[-1].append({"id": gid, "t": t, "w": a, "b": b, "h": 0, "r": result})
    doc = {"type": "INDIVIDUAL", "name": "Generated", "shortName": "gen", "startDate": "2026-01-01",
           "endDate": "2026-01-02", "location": "Here", "timeSystem": {"type": "SUDDEN_DEATH", "mainTime": 3600},
           "rounds": rounds, "pairing": {"type": "MAC_MAHON", "placement": ["MMS", "SOSM", "SOSOSM"]},
           "players": people, "games": games}
    return json.dumps(doc, indent=2, separators=(",", " : "))


def read_and_rank(path: Path, spec) -> float:
    start = time.perf_counter()
    api.rank(api.load(path).tournament, spec)
    return time.perf_counter() - start


def compare(source: Path, runs: int, note: str = "") -> None:
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "event.trf"
        api.convert(source, trf)
        spec = list(api.load(source).tournament.tiebreaks)  # both ranked by the .tour's own list
        tour, text = [], []
        for _ in range(3):
            read_and_rank(source, spec), read_and_rank(trf, spec)  # warm caches and imports
        for _ in range(runs):
            tour.append(read_and_rank(source, spec))
            text.append(read_and_rank(trf, spec))
        same = [r.values for r in api.rank(api.load(source).tournament, spec).rows] == \
            [r.values for r in api.rank(api.load(trf).tournament, spec).rows]
    p, t = statistics.median(tour), statistics.median(text)
    event = api.load(source).tournament
    print(f"{source.name}: {len(event.players)} players, {event.rounds_played} rounds, "
          f"{source.stat().st_size // 1024} KiB, list {','.join(spec)}{note}")
    print(f"  pairgoth .tour        read + rank  median {p * 1000:8.2f} ms")
    print(f"  the same event as TRF read + rank  median {t * 1000:8.2f} ms"
          f"{'' if same else ' (its values differ: what the TRF lost)'}")
    print(f"  ratio .tour / TRF: {p / t:.3f} (goal: at most 1)")


def main(argv: list[str]) -> None:
    runs = int(argv[1]) if len(argv) > 1 else 30
    if argv:
        compare(Path(argv[0]), runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "generated.tour"
        source.write_text(generated(), encoding="utf-8")
        compare(source, runs)
    if REAL.exists():
        compare(REAL, runs)


if __name__ == "__main__":
    main(sys.argv[1:])
