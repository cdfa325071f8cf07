"""Benchmark: reading a Swiss-Manager binary and ranking it, beside reading and ranking the same
event as TRF (the conversion this project writes), in one process, turns taken in alternation.

Run: ``python benchmarks/bench_swissmanager.py [FILE] [RUNS]`` (default: the 229-player Agzamov
Memorial of ../shared/research/corpus/turn4/swissmanager_tunx, 30 runs). Prints each median and
the ratio binary / TRF (the goal: at most 1).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api

DEFAULT = (Path(__file__).resolve().parents[2] / "shared" / "research" / "corpus" / "turn4" / "swissmanager_tunx"
           / "uzbek_agzamov_1374000.TUNX")


def read_and_rank(path: Path, spec) -> float:
    start = time.perf_counter()
    api.rank(api.load(path).tournament, spec)
    return time.perf_counter() - start


def main(source: Path, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "event.trf"
        api.convert(source, trf)
        spec = list(api.load(source).tournament.tiebreaks)  # both ranked by the binary's own list
        binary, text = [], []
        for _ in range(3):
            read_and_rank(source, spec), read_and_rank(trf, spec)  # warm caches and imports
        for _ in range(runs):
            binary.append(read_and_rank(source, spec))
            text.append(read_and_rank(trf, spec))
    b, t = statistics.median(binary), statistics.median(text)
    print(f"{source.name}: {len(api.load(source).tournament.players)} players, list {','.join(spec)}")
    print(f"  Swiss-Manager binary  read + rank  median {b * 1000:8.2f} ms")
    print(f"  the same event as TRF read + rank  median {t * 1000:8.2f} ms")
    print(f"  ratio binary / TRF: {b / t:.3f} (goal: at most 1)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT, int(sys.argv[2]) if len(sys.argv) > 2 else 30)
