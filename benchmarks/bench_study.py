"""Benchmark: ``brightwell study`` of two rules beside one ``brightwell batch`` over the same
archive, whole processes, in turn (goal: the study costs at most 2.5 times the batch).

Run: ``python benchmarks/bench_study.py [RUNS] [ARCHIVE]`` (default 5 runs over the shared WOF
archive sample, ../shared/research/formats/papp/wof_archive_sample) with the package installed.
Prints the median CPU (all processes, workers included) and wall times and their ratios.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ARCHIVE = Path(__file__).resolve().parents[2] / "shared" / "research" / "formats" / "papp" / "wof_archive_sample"
RULES = ["PTS,DISCS", "PTS,BQ:preset=woc,DISCS"]


def timed(cmd: list[str]) -> tuple[float, float]:
    """(CPU of the process and its children, wall) of one run; its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def main(runs: int, archive: Path) -> None:
    brightwell = shutil.which("brightwell") or sys.exit("brightwell is not on PATH")
    if not archive.is_dir():
        sys.exit(f"{archive}: no such folder")
    with tempfile.TemporaryDirectory() as tmp:
        def batch(n):
            return [brightwell, "batch", str(archive), "--out", f"{tmp}/batch{n}", "--jobs", "2"]

        def study(n):
            return [brightwell, "study", str(archive), *[a for r in RULES for a in ("--rule", r)],
                    "--report", f"{tmp}/study{n}", "--jobs", "2"]
        timed(batch("warm"))  # the file cache warmed
        pairs = [(timed(batch(n)), timed(study(n))) for n in range(runs)]
    cpu_b, wall_b = (statistics.median(p[0][k] for p in pairs) for k in (0, 1))
    cpu_s, wall_s = (statistics.median(p[1][k] for p in pairs) for k in (0, 1))
    print(f"{archive.name}, median of {runs}, --jobs 2: batch {cpu_b:.2f} s CPU, {wall_b:.2f} s wall; study of "
          f"{len(RULES)} rules {cpu_s:.2f} s CPU, {wall_s:.2f} s wall: the study takes {cpu_s / cpu_b:.2f} times the "
          f"batch's CPU, {wall_s / wall_b:.2f} times its wall time (goal: at most 2.5)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, Path(sys.argv[2]) if len(sys.argv) > 2 else ARCHIVE)
