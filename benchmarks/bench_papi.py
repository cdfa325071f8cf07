"""Benchmark: reading a Papi file (an Access Jet 4 database) and ranking it, beside reading and
ranking the same event as TRF (the conversion this project writes), in one process, turns taken
in alternation; and, when access-parser is installed, the time it takes to decode the file's
tables alone (the dependency this project's own Jet 4 reader stands in for).

Run: ``python benchmarks/bench_papi.py [FILE] [RUNS]`` (default: the 294-player Open Intl.
Champignol, 66363.papi of ../shared/research/corpus/turn5/papi, else a 300-player event written
by tests/support/papi_files.py; 30 runs). Prints each median and the ratio Papi / TRF (the goal:
at most 1).
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT.parent / "shared" / "research" / "corpus" / "turn5" / "papi" / "66363.papi"


def read_and_rank(path: Path, spec) -> float:
    start = time.perf_counter()
    api.rank(api.load(path).tournament, spec)
    return time.perf_counter() - start


def generated(folder: Path) -> Path:
    """A 300-player, 9-round Swiss written from Papi's layout (when the real file is absent)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from support.papi_files import Person, papi_file
    people = [Person(ref, f"PLAYER{ref:03}", "Test", 2400 - 3 * ref, fide_code=str(100000 + ref))
              for ref in range(2, 302)]
    for r in range(1, 10):  # a fold pairing, shifted each round: White wins, every tenth board drawn
        order = people[r:] + people[:r]
        for k in range(150):
            white, black = order[k], order[299 - k]
            code = 2 if k % 10 == 0 else 3
            white.rounds[r], black.rounds[r] = ("B", black.ref, code), ("N", white.ref, 4 - code if code == 3 else 2)
    path = folder / "generated.papi"
    path.write_bytes(papi_file(people, {"NbrRondes": "9", "RondeActive": "9"}))
    return path


def decode_with_access_parser(path: Path) -> float:
    from access_parser import AccessParser
    start = time.perf_counter()
    db = AccessParser(str(path))
    for table in ("INFO", "JOUEUR"):
        db.parse_table(table)
    return time.perf_counter() - start


def main(source: Path | None, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        source = source if source is not None and source.exists() else generated(Path(tmp))
        trf = Path(tmp) / "event.trf"
        api.convert(source, trf)
        spec = list(api.load(source).tournament.tiebreaks)  # both ranked by the Papi file's own list
        papi, text = [], []
        for _ in range(3):
            read_and_rank(source, spec), read_and_rank(trf, spec)  # warm caches and imports
        for _ in range(runs):
            papi.append(read_and_rank(source, spec))
            text.append(read_and_rank(trf, spec))
        p, t = statistics.median(papi), statistics.median(text)
        print(f"{source.name}: {len(api.load(source).tournament.players)} players, list {','.join(spec)}")
        print(f"  Papi file             read + rank  median {p * 1000:8.2f} ms")
        print(f"  the same event as TRF read + rank  median {t * 1000:8.2f} ms")
        print(f"  ratio Papi / TRF: {p / t:.3f} (goal: at most 1)")
        if importlib.util.find_spec("access_parser"):
            a = statistics.median(decode_with_access_parser(source) for _ in range(5))
            print(f"  access-parser decoding INFO and JOUEUR alone  median {a * 1000:8.2f} ms ({a / p:.1f}x this "
                  "project's whole read + rank)")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT, int(sys.argv[2]) if len(sys.argv) > 2 else 30)
