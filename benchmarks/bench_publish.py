"""Benchmark: publish a generated 2,000-player, 11-round Othello event as a site. Prints the whole
``brightwell publish`` command as a user runs it (start, reading, building on two processes when
the machine has two, writing: wall seconds, median of RUNS, into a new folder and over the last
site), where one process's CPU goes (document, pages, writing), and the weight of a 100-player
event's standings page.

Run: ``python benchmarks/bench_publish.py [PLAYERS] [RUNS]`` (defaults 2000 and 5) with the
package installed with the web extra (not editable: an editable install compiles nothing ahead).
The sites are written in a temporary folder of the current directory (BENCH_DIR to choose
another): what a folder costs to write depends on its file system more than on this program.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_rank import generate

from brightwell_plugin import api
from brightwell_plugin.publication import document
from brightwell_plugin.web.pages import render_site
from brightwell_plugin.web.publish import put_site
from brightwell_plugin.plugins.host import get_host

SPEC, COMPARE, ROUNDS = "PTS,BQ:preset=woc,DISCS,BH", "PTS,DISCS", 11


def timed(f):
    start = time.process_time()
    out = f()
    return out, time.process_time() - start


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def whole_command(n: int, runs: int, folder: Path) -> None:
    brightwell = shutil.which("brightwell") or sys.exit("brightwell is not on PATH")
    event = folder / "event.trf"
    api.write(generate(n, ROUNDS), event, "trf")
    fresh, again = [], []
    for k in range(runs):
        out = folder / f"site{k}"
        command = [brightwell, "publish", str(event), "--out", str(out), "-t", SPEC, "--compare", COMPARE]
        fresh.append(wall(command))
        again.append(wall(command))  # over the site just written
    print(f"brightwell publish, {n} players x {ROUNDS} rounds TRF, whole command, wall median of {runs}: "
          f"{statistics.median(fresh):.2f} s into a new folder ({min(fresh):.2f}-{max(fresh):.2f}), "
          f"{statistics.median(again):.2f} s over the last site ({min(again):.2f}-{max(again):.2f}); "
          f"{len(os.sched_getaffinity(0)) if hasattr(os, 'sched_getaffinity') else os.cpu_count()} processors")


def parts(n: int, folder: Path) -> None:
    t = generate(n, ROUNDS)
    best = None
    for k in range(3):
        doc, t_doc = timed(lambda: document(t, SPEC, COMPARE, host=get_host()))
        files, t_pages = timed(lambda: render_site(doc))
        _, t_write = timed(lambda: put_site(files, folder / f"parts{k}"))
        run = (t_doc + t_pages + t_write, t_doc, t_pages, t_write)
        best = run if best is None or run[0] < best[0] else best
    total, t_doc, t_pages, t_write = best
    size = sum(len(b) for b in files.values())
    print(f"in one process, CPU best of three: {total:.2f} s (document {t_doc:.2f}, pages {t_pages:.2f}, "
          f"writing {t_write:.2f}); {len(files)} files, {size / 1e6:.1f} MB")


def main(n: int, runs: int) -> None:
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR", ".")) as tmp:
        whole_command(n, runs, Path(tmp))
        parts(n, Path(tmp))
    small = render_site(document(generate(100, ROUNDS), SPEC, COMPARE, host=get_host()))
    print(f"a 100-player event's standings page: {len(small['index.html']) / 1000:.0f} KB; "
          f"a player's page: {len(small['players/1.html']) / 1000:.0f} KB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000, int(sys.argv[2]) if len(sys.argv) > 2 else 5)
