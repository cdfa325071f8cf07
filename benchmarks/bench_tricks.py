"""Benchmark: what each speed trick of the code gains on the hot path it is for, on this Python.

Run: ``python benchmarks/bench_tricks.py [RUNS [WORDS]]`` (default 5; WORDS picks the tricks
whose name holds them) with the web extra installed. Each trick's hot path runs in a fresh
process, once as the code is and once the plain way: every TRF round block read (not each
distinct block once), the XML schema checking every round and each number parsed (not the
reader's lookups), the dataclasses (not the fast constructors), no pause of the garbage
collector, one process (not the forked site builder), Jinja templates
(``tests/support/plain_rows.py``, not the hand-built table rows), every TRF round cell looked at (not
a line of usual cells matched at once), each TRF file's round blocks read anew (not shared by
the process's files), a re-ranked TRF line written field by field (not its points and rank put
at once), the opponents' view made row by row (not its usual rows set at once), BH and SB summed row
by row (not every row at once in C), every output written into a new file (not into the file the
write before replaced). Each is timed
twice: the hot path alone, run a second time in its process (imports and caches warm), and the whole process
that runs it once, as a command does (where a trick's saving in the garbage collector's work and
in freeing memory shows). The two alternate RUNS times; the best of each is compared, with a
digest of what each made. A trick is kept where the plain way is at least 1.3 times slower on
Python 3.11 and 3.12.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_batch import event
from bench_rank import generate
from bench_trf import chess_event

from brightwell_plugin import api
from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.plugins.host import get_host
from brightwell_plugin.tiebreak_spec import parse_item

SPEC, COMPARE, ROUNDS = "PTS,BQ:preset=woc,DISCS,BH", "PTS,DISCS", 11


def plain_records() -> None:
    """The TRF reader reads every round block, instead of once for each distinct block."""
    from brightwell_plugin.adapters.trf import format as trf_format
    from brightwell_plugin.adapters.trf import lines
    from brightwell_plugin.model import RoundEntry

    class EachRecordRead(dict):
        def __getitem__(self, block):
            return RoundEntry(*lines.block_fields(block))

    trf_format.Records = EachRecordRead


def plain_constructors() -> None:
    """Every module's ``new_entry``, ``new_player`` and ``new_row`` becomes the dataclass."""
    from brightwell_plugin import fast
    from brightwell_plugin.model import Player, RoundEntry
    from brightwell_plugin.standings import Row, new_row
    _replace_everywhere({fast.new_entry: RoundEntry, fast.new_player: Player, new_row: Row})


def plain_gc() -> None:
    import contextlib

    from brightwell_plugin import fast
    _replace_everywhere({fast.gc_paused: contextlib.nullcontext})


def plain_cuts() -> None:
    """A cut sum (BH/C1, SB/C1) made by cut_values for every row, not sorted as tuples where every
    opponent is real (buchholz.lowest_cut)."""
    from brightwell_plugin.criteria import buchholz
    from brightwell_plugin.criteria.unplayed import cut_values

    def values_with_cuts(self, ctx, opts):
        view, ed, rr = self._setup(ctx, opts)
        return [cut_values(self._items(ctx, view, ed, rr, i), opts.modifiers, ctx.k)[0] for i in range(ctx.n)]
    buchholz._OpponentSum.values_with_cuts = values_with_cuts


def plain_opponent_view() -> None:
    """The opponents' view (BH, SB, FB...) made row by row, not its usual rows (a game against a real
    opponent every round) set at once."""
    from brightwell_plugin.criteria import unplayed
    _replace_everywhere({unplayed._opponent_view: unplayed._opponent_view_each})


def plain_sums() -> None:
    """BH, SB and FB summed row by row, each row's items (buchholz's _items), not every row at once
    in C (buchholz.real_opponent_sums)."""
    from brightwell_plugin.criteria import buchholz

    def compute(self, ctx, opts, groups=()):  # the plain FIDE path of the items benchmarked (no cut, no program's rules)
        view, ed, rr = self._setup(ctx, opts)
        return [0.0 + sum(value for value, *_ in self._items(ctx, view, ed, rr, i)) for i in range(ctx.n)]
    buchholz._OpponentSum.compute = compute


def _replace_everywhere(plain: dict) -> None:
    for module in list(sys.modules.values()):
        if (getattr(module, "__name__", "") or "").startswith("brightwell_plugin"):
            for name, value in list(vars(module).items()):
                if callable(value) and not isinstance(value, type) and value in plain:
                    setattr(module, name, plain[value])


def plain_xml() -> None:
    """The XML reader has the full schema check every round's attributes and parses each number."""
    from brightwell_plugin.adapters.xml import format as xml_format

    class Refusing:
        def validate(self, tree):
            return False

    conv, booleans = xml_format._Converting, xml_format._ANY.booleans.convert
    xml_format.reader_schema = Refusing
    xml_format._ANY = xml_format._Lookups(conv({}, xml_format._num), conv({}, int), conv({}, booleans))


def plain_cells() -> None:
    """Every TRF round cell looked at, on reading a file and writing it (not a line of usual cells
    settled by one match)."""
    import re

    from brightwell_plugin.adapters.trf import cells, writer
    _replace_everywhere({cells.refused_cells: cells.refused_cells_each})
    writer.USUAL_CELLS = re.compile(r"(?!)")  # matches nothing: every cell looked at


def plain_reranked_lines() -> None:
    """Every re-ranked TRF line written field by field, cell by cell (not its points and rank put at once)."""
    from brightwell_plugin.adapters.trf import writer
    writer._reranked = lambda p, raw, old: None


def plain_shared_records() -> None:
    """Each TRF file reads its round blocks anew (not once for all the files of the process)."""
    from brightwell_plugin.adapters.trf import format as trf_format
    trf_format.known_blocks = lambda: trf_format.Records()


def plain_reuse() -> None:
    """Every output written into a new file (not into the file the write before it replaced)."""
    from contextlib import nullcontext

    from brightwell_plugin.archive import schedule
    schedule.replaced_files_reused = nullcontext


def plain_split() -> None:
    from brightwell_plugin.web import split
    split.worthwhile = lambda players: False


def plain_rows() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
    from plain_rows import use_templates
    use_templates()


# -- the hot paths: each returns (seconds, what it made, how to digest that) -------------------------

def reading(pattern: str):
    """The hot path of reading every file of the work folder that ``pattern`` matches, each with
    its format's reader (not detection or validation)."""
    def read(folder: Path):
        files = sorted(folder.glob(pattern))
        readers = [api.detect_format(path) for path in files]
        start = time.process_time()
        made = [reader.read(ReadOptions(path)).tournament for reader, path in zip(readers, files)]
        return time.process_time() - start, made, lambda: hashlib.sha256(repr(made).encode()).hexdigest()
    return read


def _tree_digest(out: Path, made=None) -> str:
    """A digest of every file below ``out``, names and bytes (``made``: a hash already started)."""
    made = made or hashlib.sha256()
    for path in sorted(out.rglob("*")):
        if path.is_file():
            made.update(str(path.relative_to(out)).encode() + path.read_bytes())
    return made.hexdigest()


def batch_events(folder: Path):
    """The hot path of batch: each ordinary event of ``folder/events`` loaded, ranked and written."""
    from brightwell_plugin.archive.batch import process
    from brightwell_plugin.archive.jobs import Job
    out = Path(tempfile.mkdtemp(dir=folder))
    files = sorted(p for p in (folder / "events").iterdir() if p.suffix in (".xml", ".trn", ".elo"))
    start = time.process_time()
    results = [process(Job(p, Path(p.suffix[1:]) / p.stem), out, None, None, False, host=get_host()) for p in files]
    took = time.process_time() - start
    return took, out, lambda: _tree_digest(out, hashlib.sha256(repr([r.error for r in results]).encode()))


def batch_trf(folder: Path):
    """The hot path of ``batch -t PTS,BH,SB`` without a report: each TRF event of ``folder/trf`` (60
    players x 9 rounds, its ranks stored) loaded, ranked and written."""
    from brightwell_plugin.archive.batch import process
    from brightwell_plugin.archive.jobs import Job
    out = Path(tempfile.mkdtemp(dir=folder))
    files = sorted((folder / "trf").iterdir())
    start = time.process_time()
    results = [process(Job(p, Path(p.stem)), out, "PTS,BH,SB", None, False, compare=False, host=get_host())
               for p in files]
    took = time.process_time() - start
    return took, out, lambda: _tree_digest(out, hashlib.sha256(repr([r.error for r in results]).encode()))


def batch_trf_again(folder: Path):
    """The hot path of ``batch -t PTS,BH,SB`` over its own outputs: each TRF event of ``folder/trf``,
    in chunks of 16 as a worker runs them, written over what the run before wrote."""
    from functools import partial

    from brightwell_plugin.archive.batch import process
    from brightwell_plugin.archive.jobs import Job
    from brightwell_plugin.archive.schedule import run_chunk
    out = Path(tempfile.mkdtemp(dir=folder))
    jobs = [Job(p, Path(p.stem)) for p in sorted((folder / "trf").iterdir())]
    work = partial(process, out_dir=out, spec="PTS,BH,SB", to=None, skip_existing=False, compare=False,
                   host=get_host())
    chunks = [jobs[i:i + 16] for i in range(0, len(jobs), 16)]
    for chunk in chunks:  # the run before
        run_chunk(work, chunk)
    start = time.process_time()
    results = [r for chunk in chunks for r in run_chunk(work, chunk)]
    took = time.process_time() - start
    return took, out, lambda: _tree_digest(out, hashlib.sha256(repr([r.error for r in results]).encode()))


def ranking(name: str, spec: str):
    """The hot path of ranking the event of ``name`` (read once before) by ``spec``."""
    def rank(folder: Path):
        t = api.load(folder / name).tournament
        start = time.process_time()
        rows = api.rank(t, spec).rows
        took = time.process_time() - start
        return took, rows, lambda: hashlib.sha256(repr(rows).encode()).hexdigest()
    return rank


def ranking_trf(spec: str):
    """The hot path of ranking each TRF event of ``folder/trf`` (60 players x 9 rounds, read before) by ``spec``."""
    def rank(folder: Path):
        events = [api.load(p).tournament for p in sorted((folder / "trf").iterdir())]
        start = time.process_time()
        made = [api.rank(t, spec).rows for t in events]
        took = time.process_time() - start
        return took, made, lambda: hashlib.sha256(repr(made).encode()).hexdigest()
    return rank


def opponent_views(folder: Path):
    """The hot path of the opponents' view (BH, SB, FB's) of each TRF event of ``folder/trf``, its
    context made before."""
    from brightwell_plugin.context import Context
    from brightwell_plugin.criteria import unplayed
    contexts = [Context(api.load(p).tournament) for p in sorted((folder / "trf").iterdir())]
    for ctx in contexts:
        ctx.points  # what the view reads of the context: made before
    start = time.process_time()
    made = [unplayed._opponent_view(ctx, False, False, False) for ctx in contexts]
    took = time.process_time() - start
    return took, made, lambda: hashlib.sha256(repr(made).encode()).hexdigest()


def opponent_sums(folder: Path):
    """The hot path of BH and SB of each TRF event of ``folder/trf``, its context and opponents' view made before."""
    from brightwell_plugin.context import Context
    from brightwell_plugin.criteria.unplayed import opponent_view
    host = get_host()
    items = [(host.criterion(code), host.criterion(code).configure(parse_item(code))) for code in ("BH", "SB")]
    contexts = [Context(api.load(p).tournament) for p in sorted((folder / "trf").iterdir())]
    for ctx in contexts:
        opponent_view(ctx)
    start = time.process_time()
    made = [criterion.compute(ctx, opts) for ctx in contexts for criterion, opts in items]
    took = time.process_time() - start
    return took, made, lambda: hashlib.sha256(repr(made).encode()).hexdigest()


def publication_document(folder: Path):
    """The hot path of a publication's document: a 2,000 x 11 event's standings after each round,
    and every player's explanations."""
    from brightwell_plugin.publication import document
    t = api.load(folder / "othello.trf").tournament
    start = time.process_time()
    doc = document(t, SPEC, COMPARE, host=get_host())
    took = time.process_time() - start
    return took, doc, lambda: hashlib.sha256(repr(doc).encode()).hexdigest()


def render_pages(folder: Path):
    from brightwell_plugin.publication import document
    from brightwell_plugin.web.pages import render_site
    doc = document(api.load(folder / "othello.trf").tournament, SPEC, COMPARE, host=get_host())
    start = time.process_time()
    files = render_site(doc)
    took = time.process_time() - start
    return took, files, lambda: hashlib.sha256(b"".join(k.encode() + v for k, v in sorted(files.items()))).hexdigest()


def publish_site(folder: Path):
    from brightwell_plugin.web.publish import publish
    out = Path(tempfile.mkdtemp(dir=folder)) / "site"
    start = time.perf_counter()  # wall time: the trick is a second processor
    publish(folder / "othello.trf", out, SPEC, COMPARE, host=get_host())
    took = time.perf_counter() - start
    return took, out, lambda: _tree_digest(out)


TRICKS = {  # name: (the hot path, how to make it plain)
    "TRF round blocks read once each (read a 9,999 x 13 TRF)": (reading("big.trf"), plain_records),
    "XML round attributes checked by lookup (read 100 XML events of 60 x 9)": (reading("events/*.xml"), plain_xml),
    "fast constructors (read 100 Swiss Perfect events of 60 x 9)": (reading("events/*.trn"), plain_constructors),
    "fast constructors (read 100 Papp events of 60 x 9)": (reading("events/*.elo"), plain_constructors),
    "fast constructors (batch: load, rank, write 300 events of 60 x 9)": (batch_events, plain_constructors),
    "gc paused (the publication document of a 2,000 x 11 event)": (publication_document, plain_gc),
    "gc paused (publish a 2,000-player site, wall)": (publish_site, plain_gc),
    "cut sums of real opponents (rank 2,000 x 11 by PTS,BH/C1,SB/C1)": (ranking("othello.trf", "PTS,BH/C1,SB/C1"),
                                                                        plain_cuts),
    "opponents' view of usual rows at once (the view of 200 TRF events of 60 x 9)": (opponent_views,
                                                                                   plain_opponent_view),
    "opponents' view of usual rows at once (rank 200 TRF events of 60 x 9 by PTS,BH,SB)": (ranking_trf("PTS,BH,SB"),
                                                                                          plain_opponent_view),
    "opponents' view of usual rows at once (batch: 200 TRF events of 60 x 9)": (batch_trf, plain_opponent_view),
    "sums over opponents in C (BH and SB of 200 TRF events of 60 x 9)": (opponent_sums, plain_sums),
    "sums over opponents in C (rank 200 TRF events of 60 x 9 by PTS,BH,SB)": (ranking_trf("PTS,BH,SB"), plain_sums),
    "hand-built rows (render a 2,000-player site)": (render_pages, plain_rows),
    "TRF cells settled by one match (batch: load, rank, write 200 TRF events of 60 x 9)": (batch_trf, plain_cells),
    "TRF round records shared by a process's files (batch: 200 TRF events of 60 x 9)": (batch_trf,
                                                                                          plain_shared_records),
    "TRF lines re-ranked at once (batch: 200 TRF events of 60 x 9)": (batch_trf, plain_reranked_lines),
    "forked site builder (publish a 2,000-player site, wall)": (publish_site, plain_split),
    "replaced files reused (batch again over its outputs: 200 TRF events of 60 x 9)": (batch_trf_again,
                                                                                       plain_reuse),
}


def _load_everything() -> None:
    """Every reader, the publication and batch imported: both ways of a trick start alike."""
    for name in api.formats():
        api.formats()[name]
    importlib.import_module("brightwell_plugin.publication")
    importlib.import_module("brightwell_plugin.archive.batch")


def child(name: str, mode: str, folder: Path, warm: bool) -> None:
    work, make_plain = TRICKS[name]
    _load_everything()
    if mode == "plain":
        make_plain()
    if not warm:  # the whole process: what it made is not digested (its parent times it all)
        work(folder)
        print(json.dumps({"seconds": 0, "digest": None}))
        return
    work(folder)  # imports and caches warmed
    seconds, _, digest = work(folder)
    print(json.dumps({"seconds": seconds, "digest": digest()}))


def run(name: str, mode: str, folder: Path, warm: bool) -> dict:
    """The hot path's seconds and digest; with the child's whole CPU and wall time when not ``warm``."""
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--child", name, mode, str(folder), "warm" if warm else "cold"],
                         check=True, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    wall, after = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    got = json.loads(out.stdout.splitlines()[-1])
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {**got, "cpu": cpu, "wall": wall}


def main(runs: int, only: str = "") -> None:
    with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_DIR", ".")) as tmp:
        folder = Path(tmp)
        (folder / "big.trf").write_bytes(TrfFormat().dumps(chess_event(9_999, 13)))
        othello = generate(2_000, ROUNDS)
        api.write(othello, folder / "othello.trf", "trf")
        (folder / "trf").mkdir()
        for i in range(200):
            t = chess_event(60, 9, seed=i)
            (folder / "trf" / f"event{i:03d}.trf").write_bytes(TrfFormat().dumps(api.with_standings(
                t, api.rank(t, "PTS,ARO"))))
        (folder / "events").mkdir()
        for i in range(100):
            for name, suffix in (("xml", ".xml"), ("swissperfect", ".trn"), ("papp", ".elo")):
                api.write(event(i * 2), folder / "events" / f"event{i:03d}{suffix}", name)
        print(f"Python {sys.version.split()[0]}; best of {runs}, each run a new process")
        for name in (n for n in TRICKS if only in n):
            best = {(mode, what): float("inf") for mode in ("fast", "plain") for what in ("seconds", "cpu", "wall")}
            digests = set()
            for _ in range(runs):
                for mode in ("fast", "plain"):
                    for warm in (True, False):
                        got = run(name, mode, folder, warm)
                        if warm:
                            digests.add(got["digest"])
                        for what in (("seconds",) if warm else ("cpu", "wall")):
                            best[mode, what] = min(best[mode, what], got[what])
            same = "same result" if len(digests) == 1 else "RESULTS DIFFER"

            def gain(what):
                return best["plain", what] / best["fast", what]
            print(f"{name}: hot path (warmed) trick {best['fast', 'seconds']:.3f} s, plain {best['plain', 'seconds']:.3f} s, "
                  f"gain {gain('seconds'):.2f}x; whole process (once) cpu {best['fast', 'cpu']:.3f} vs "
                  f"{best['plain', 'cpu']:.3f} s, gain {gain('cpu'):.2f}x, wall gain {gain('wall'):.2f}x ({same})")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3], Path(sys.argv[4]), sys.argv[5] == "warm")
    else:
        main(int(sys.argv[1]) if len(sys.argv) > 1 else 5, " ".join(sys.argv[2:]))
