"""Benchmark: the cost of a whole ``brightwell`` command, start included, beside the peers on the
same file in the same run (peers.py: gacrux, and tiebreak-core when installed; pairs taken in
turn, CPU seconds of each child process), and beside itself torn down at the end, as Python
does (brightwell_plugin/process.py's trick undone).

Run: ``python benchmarks/bench_start.py [RUNS]`` (default 15) with the package installed (not
editable: an editable install compiles nothing ahead and skews the start) and the test extras.
"""

from __future__ import annotations

import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_trf import chess_event
from peers import commands

from brightwell_plugin import api

PLAIN = "from brightwell_plugin.launch import main\nmain()\n"  # the command, torn down at its end


def cpu(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main(runs: int) -> None:
    brightwell = shutil.which("brightwell") or sys.exit("brightwell is not on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "e100.trf"
        api.write(chess_event(100, 7), trf, "trf")
        ours = [brightwell, "rank", str(trf), "-t", "PTS,BH,SB", "--output-format", "csv"]
        peers = commands(str(trf))
        for command in (ours, *peers.values()):
            cpu(command)  # warm the file cache
        pairs = {name: [(cpu(ours), cpu(theirs)) for _ in range(runs)] for name, theirs in peers.items()}
        version = [cpu([brightwell, "--version"]) for _ in range(runs)]
        torn_down = [(cpu(ours), cpu([sys.executable, "-c", PLAIN, *ours[1:]])) for _ in range(runs)]
    print(f"100 players x 7 rounds TRF, PTS,BH,SB as CSV, whole process, CPU median of {runs}:")
    for name, measured in pairs.items():
        a, b = statistics.median(p[0] for p in measured), statistics.median(p[1] for p in measured)
        ratio = statistics.median(x / y for x, y in measured)
        print(f"  brightwell {a:.3f} s, {name} {b:.3f} s, ratio {ratio:.2f} (pair by pair)")
    if "tiebreak-core" not in pairs:
        print("  (tiebreak-core is not installed: pip install tiebreak-core to measure it too)")
    print(f"brightwell --version: {statistics.median(version) * 1000:.0f} ms CPU")
    print(f"torn down at the end (process.py's trick undone): "
          f"{statistics.median(y / x for x, y in torn_down):.2f} times as long, pair by pair")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
