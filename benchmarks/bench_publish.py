"""Benchmark: publish a generated 2,000-player, 11-round Othello event as a site; print where the
time goes (document, pages, writing) and the weight of a 100-player event's standings page.

Run: ``python benchmarks/bench_publish.py [PLAYERS]`` (default 2000). CPU seconds, best of three.
The site is written in a temporary folder of the current directory (BENCH_DIR to choose another):
what a folder costs to write depends on its file system more than on this program.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

from bench_rank import generate

from brightwell_plugin.publication import document
from brightwell_plugin.web.pages import render_site
from brightwell_plugin.web.publish import put_site

SPEC, COMPARE, ROUNDS = "PTS,BQ:preset=woc,DISCS,BH", "PTS,DISCS", 11


def timed(f):
    start = time.process_time()
    out = f()
    return out, time.process_time() - start


def main(n: int) -> None:
    t = generate(n, ROUNDS)
    best = None
    for _ in range(3):
        doc, t_doc = timed(lambda: document(t, SPEC, COMPARE))
        files, t_pages = timed(lambda: render_site(doc))
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR", ".")) as tmp:
            _, t_write = timed(lambda: put_site(files, Path(tmp) / "site"))
        run = (t_doc + t_pages + t_write, t_doc, t_pages, t_write)
        best = run if best is None or run[0] < best[0] else best
    total, t_doc, t_pages, t_write = best
    size = sum(len(b) for b in files.values())
    print(f"publish {n} players x {ROUNDS} rounds ({SPEC}, compared with {COMPARE}): {total:.2f} s CPU "
          f"(document {t_doc:.2f}, pages {t_pages:.2f}, writing {t_write:.2f}); {len(files)} files, {size / 1e6:.1f} MB")
    small = render_site(document(generate(100, ROUNDS), SPEC, COMPARE))
    print(f"a 100-player event's standings page: {len(small['index.html']) / 1000:.0f} KB; "
          f"a player's page: {len(small['players/1.html']) / 1000:.0f} KB")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
