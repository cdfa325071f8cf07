"""Benchmark: the batch parent's peak memory as the archive grows (it should not grow).

Run: ``python benchmarks/bench_batch_memory.py [FILES ...]`` (default 10000 100000). Each archive is
FILES hard links to a small generated TRF (6 players x 3 rounds), re-ranked by
``brightwell batch --jobs 2 --report`` in a fresh process whose own peak RSS is printed (the
workers are other processes). Inputs, outputs and the report are written under the current
directory (BENCH_DIR to choose another) and removed after.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_trf import chess_event

from brightwell_plugin import api

CHILD = """
import resource, sys
from brightwell_plugin.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def main(sizes: list[int]) -> None:
    for n in sizes:
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR", ".")) as tmp:
            src = Path(tmp) / "src"
            src.mkdir()
            event = chess_event(6, 3)
            for i in range(n):
                if i % 50_000 == 0:  # a file system allows some tens of thousands of links to one file
                    one = Path(tmp) / f"one{i}.trf"
                    api.write(event, one, "trf")
                folder = src / f"{i // 1000:04d}"
                if i % 1000 == 0:
                    folder.mkdir()
                os.link(one, folder / f"e{i:07d}.trf")
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-c", CHILD, "batch", str(src), "--out", str(Path(tmp) / "out"),
                                  "--jobs", "2", "--report", str(Path(tmp) / "report")],
                                 capture_output=True, text=True, check=True)
            wall = time.perf_counter() - start
            peak_mb = int(out.stdout.splitlines()[-1]) / 1024
            report_mb = sum(p.stat().st_size for p in Path(tmp).glob("report.*")) / 1e6
            print(f"{n:>8} files: parent peak {peak_mb:6.1f} MB, {wall:6.1f} s ({n / wall:.0f} files/s), "
                  f"report {report_mb:.1f} MB")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10_000, 100_000])
