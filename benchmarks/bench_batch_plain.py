"""Benchmark: ``brightwell batch`` beside a plain hand-written script doing the same reading, ranking
and writing (plain_batch.py), and beside an earlier version of this project, as whole commands.

Run: ``python benchmarks/bench_batch_plain.py [FILES] [--runs K] [--previous FOLDER] [--report]``
with the package installed (not editable: an editable install compiles nothing ahead). FILES
(default 1,000) generated 60-player, 9-round TRF files, with the ranks of another tie-break list
stored, in ten folders; every command ranks them by PTS, BH and SB with 2 worker processes and
writes a mirrored tree. ``--previous FOLDER``: an earlier version installed into FOLDER
(``git archive TAG | tar -x -C SRC && pip install --no-deps --target FOLDER SRC``), run with
FOLDER first on PYTHONPATH. ``--report``: the batches write their report too.

The commands run in turn, K rounds (default 5), each writing over its own output folder (with
``--fresh``: each run into a new output folder, all removed at the end, as deleting files right
before making others slows ext4 here: docs/batch.md; making a file costs this machine far more
than writing over one, which the plain script does, not atomically). Printed:
the machine's load before and after, each command's median wall and CPU seconds (its processes',
children included) and CPU milliseconds per file, and the ratio to the plain script pair by pair
(median). The machines this is measured on are shared: quote the ratios, with the load.
"""

from __future__ import annotations

import argparse
import itertools
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_trf import chess_event

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.format import TrfFormat

SPEC = "PTS,BH,SB"
PLAIN = Path(__file__).with_name("plain_batch.py")
LAUNCH = "from brightwell_plugin.launch import main\nmain()\n"  # the console script's way in, of any version


def write_archive(folder: Path, count: int) -> None:
    """``count`` events of 60 players x 9 rounds, each with the ranks PTS,ARO gives stored."""
    fmt = TrfFormat()
    for i in range(count):
        t = chess_event(60, 9, seed=i)
        t = api.with_standings(t, api.rank(t, "PTS,ARO"))
        sub = folder / f"year{i % 10}"
        sub.mkdir(parents=True, exist_ok=True)
        (sub / f"event{i:04d}.trf").write_bytes(fmt.dumps(t))


def timed(command: list[str], env: dict | None = None) -> tuple[float, float]:
    """(wall, CPU) seconds of a whole command, its children included."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="?", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--previous", type=Path, help="an earlier version installed into this folder")
    parser.add_argument("--report", action="store_true", help="the batches write their report too")
    parser.add_argument("--fresh", action="store_true", help="each run writes into a new output folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR")) as tmp:
        folder = Path(tmp)
        archive = folder / "archive"
        write_archive(archive, args.files)

        def batch(name: str) -> list[str]:
            report = ["--report", str(folder / f"report-{name}")] if args.report else []
            return [sys.executable, "-c", LAUNCH, "batch", str(archive), "--out",
                    str(folder / f"out-{name}"), "-t", SPEC, "--jobs", "2", *report]

        made = itertools.count()

        def run(command: list[str], env: dict | None) -> tuple[float, float]:
            if args.fresh:  # a new output folder (the argument after --out, or the plain script's last but one),
                at = command.index("--out") + 1 if "--out" in command else len(command) - 2  # none removed
                command = [*command[:at], f"{command[at]}-{next(made)}", *command[at + 1:]]  # before the end
            return timed(command, env)
        commands = {"brightwell batch": (batch("now"), None),
                    "plain script": ([sys.executable, str(PLAIN), str(archive), str(folder / "out-plain"), "2"], None)}
        if args.previous:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(args.previous.resolve()),
                                                                               os.environ.get("PYTHONPATH"))))}
            commands["previous version"] = (batch("previous"), env)
        for command, env in commands.values():
            timed(command, env)  # the file cache warmed, the output folders made
        load = os.getloadavg()
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (command, env) in commands.items():
                times[name].append(run(command, env))
    print(f"{args.files} TRF files of 60 players x 9 rounds, -t {SPEC}, 2 workers"
          f"{', with the report' if args.report else ''}"
          f"{', each run into a new output folder' if args.fresh else ', each over its output of the run before'}; load average {load[0]:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after; median of {args.runs} runs in turn:")
    plain = times["plain script"]
    for name, measured in times.items():
        wall, cpu = statistics.median(w for w, _ in measured), statistics.median(c for _, c in measured)
        ratios = "" if name == "plain script" else (
            f"; to the plain script: wall {statistics.median(a[0] / b[0] for a, b in zip(measured, plain)):.2f}, "
            f"CPU {statistics.median(a[1] / b[1] for a, b in zip(measured, plain)):.2f}")
        print(f"  {name:16s} wall {wall:5.2f} s, CPU {cpu:5.2f} s ({cpu / args.files * 1000:.2f} ms a file){ratios}")
    if args.previous:
        now, before = times["brightwell batch"], times["previous version"]
        print(f"  this version to the previous, pair by pair: wall "
              f"{statistics.median(a[0] / b[0] for a, b in zip(now, before)):.2f}, CPU "
              f"{statistics.median(a[1] / b[1] for a, b in zip(now, before)):.2f}")


if __name__ == "__main__":
    main()
