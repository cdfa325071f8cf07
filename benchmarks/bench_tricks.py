"""Benchmark: what each speed trick of the code gains on the hot path it is for, on this Python.

Run: ``python benchmarks/bench_tricks.py [RUNS]`` (default 5) with the web extra installed. Each
trick's hot path runs in a fresh process, once as the code is and once the plain way: every TRF
round block read (not each distinct block once), one process (not the forked site
builder), Jinja templates (``tests/support/plain_rows.py``, not the hand-built table rows). The
two alternate RUNS times; the best of each is compared, with a digest of what each made. A trick
is kept where the plain path is at least 1.3 times slower on Python 3.11 and 3.12.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_rank import generate
from bench_trf import chess_event

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.format import TrfFormat

SPEC, COMPARE, ROUNDS = "PTS,BQ:preset=woc,DISCS,BH", "PTS,DISCS", 11


def plain_records() -> None:
    """The TRF reader reads every round block, instead of once for each distinct block."""
    from brightwell_plugin.adapters.trf import format as trf_format
    from brightwell_plugin.adapters.trf import lines
    from brightwell_plugin.model import RoundEntry

    class EachRecordRead(dict):
        fields = {}

        def __getitem__(self, block):
            return RoundEntry(*lines.block_fields(block))

    EachRecordRead.fields = type("EachFieldsRead", (dict,), {"__getitem__": lambda self, b: lines.block_fields(b)})()
    trf_format.Records = EachRecordRead


def plain_xml() -> None:
    """The XML reader has the full schema check every round's attributes and parses each number."""
    from brightwell_plugin.adapters.xml import format as xml_format

    class Refusing:
        def validate(self, tree):
            return False

    conv = xml_format._Converting
    xml_format.reader_schema = Refusing
    xml_format._ANY = xml_format._Lookups(conv({}, xml_format._num), conv({}, int),
                                          conv({}, lambda text: text.strip(" \t\n\r") in ("true", "1")))


def plain_split() -> None:
    from brightwell_plugin.web import split
    split.worthwhile = lambda players: False


def plain_rows() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
    from plain_rows import use_templates
    use_templates()


# -- the hot paths: each returns (seconds, a digest of what it made) ------------------------------

def reading(name: str):
    """The hot path of reading the file ``name``: its format's reader (not detection or validation)."""
    def read(folder: Path) -> tuple[float, str]:
        reader = api.detect_format(folder / name)
        start = time.process_time()
        t = reader.read(folder / name).tournament
        return time.process_time() - start, hashlib.sha256(repr(t).encode()).hexdigest()
    return read


def render_pages(folder: Path) -> tuple[float, str]:
    from brightwell_plugin.publication import document
    from brightwell_plugin.web.pages import render_site
    doc = document(api.load(folder / "othello.trf").tournament, SPEC, COMPARE)
    start = time.process_time()
    files = render_site(doc)
    took = time.process_time() - start
    return took, hashlib.sha256(b"".join(k.encode() + v for k, v in sorted(files.items()))).hexdigest()


def publish_site(folder: Path) -> tuple[float, str]:
    from brightwell_plugin.web.publish import publish
    out = Path(tempfile.mkdtemp(dir=folder)) / "site"
    start = time.perf_counter()  # wall time: the trick is a second processor
    publish(folder / "othello.trf", out, SPEC, COMPARE)
    took = time.perf_counter() - start
    digest = hashlib.sha256()
    for path in sorted(out.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(out)).encode() + path.read_bytes())
    return took, digest.hexdigest()


TRICKS = {  # name: (the hot path, how to make it plain)
    "TRF round blocks read once each (read a 9,999 x 13 TRF)": (reading("big.trf"), plain_records),
    "TRF blocks read once each (read a 2,000 x 11 Othello TRF with game scores)": (reading("othello.trf"), plain_records),
    "XML round attributes checked by lookup (read a 2,000 x 11 XML)": (reading("othello.xml"), plain_xml),
    "hand-built rows (render a 2,000-player site)": (render_pages, plain_rows),
    "forked site builder (publish a 2,000-player site, wall)": (publish_site, plain_split),
}


def child(name: str, mode: str, folder: Path) -> None:
    work, make_plain = TRICKS[name]
    if mode == "plain":
        make_plain()
    work(folder)  # imports and caches warmed
    seconds, digest = work(folder)
    print(json.dumps({"seconds": seconds, "digest": digest}))


def run(name: str, mode: str, folder: Path) -> dict:
    out = subprocess.run([sys.executable, __file__, "--child", name, mode, str(folder)], check=True,
                         capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return json.loads(out.stdout.splitlines()[-1])


def main(runs: int) -> None:
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR", ".")) as tmp:
        folder = Path(tmp)
        (folder / "big.trf").write_bytes(TrfFormat().dumps(chess_event(9_999, 13)))
        othello = generate(2_000, ROUNDS)
        api.write(othello, folder / "othello.trf", "trf")
        api.write(othello, folder / "othello.xml", "xml")
        print(f"Python {sys.version.split()[0]}; best of {runs}, each run a new process")
        for name in TRICKS:
            best = {"fast": float("inf"), "plain": float("inf")}
            digests = set()
            for _ in range(runs):
                for mode in ("fast", "plain"):
                    got = run(name, mode, folder)
                    best[mode] = min(best[mode], got["seconds"])
                    digests.add(got["digest"])
            same = "same result" if len(digests) == 1 else "RESULTS DIFFER"
            print(f"{name}: trick {best['fast']:.3f} s, plain {best['plain']:.3f} s, "
                  f"gain {best['plain'] / best['fast']:.2f}x ({same})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], Path(sys.argv[4]))
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
