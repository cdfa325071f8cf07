"""Benchmark: reading a Swiss-Chess ``.SWT`` and ranking it by its own list, beside reading and
ranking the same event as TRF (the conversion this project writes), in one process, turns taken in
alternation.

Run: ``python benchmarks/bench_swisschess.py [FILE] [RUNS]``. Without a file: a generated Swiss of
2,000 players over 11 rounds, written from the layout (tests/support/swisschess_files.py), and the
24-player sample of ../shared/research/corpus/turn5/swt when present; 30 runs. Prints each median
of CPU time (the process's: the machine is shared) and the ratio .SWT / TRF (the goal: at most 1).
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api

SAMPLE = Path(__file__).resolve().parents[2] / "shared" / "research" / "corpus" / "turn5" / "swt" / "SwissIndividual.SWT"


def generated(players: int = 2000, rounds: int = 11, seed: int = 7) -> bytes:
    """A Swiss-Chess file of ``players`` (an even number) meeting at random each round, its list
    Buchholz with one result cut, then the Buchholz sum (as the real sample's)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "support"))
    import swisschess_files as swt  # written from the layout: the test suite's writer
    rnd = random.Random(seed)
    cards = [swt.Card(f"Player{no},Test", no, fide=str(1400 + no % 1000)) for no in range(1, players + 1)]
    event = swt.Event("Generated Swiss", cards, rounds=rounds, paired=rounds, cuts=1, wins_last=True,
                      codes={swt.TB1: 3, swt.TB2: 7})
    numbers = list(range(1, players + 1))
    for r in range(1, rounds + 1):
        rnd.shuffle(numbers)
        for table, (white, black) in enumerate(zip(numbers[::2], numbers[1::2]), 1):
            own = rnd.choice((swt.WIN, swt.DRAW, swt.LOSS))
            event.game(r, white, black, own, 4 - own, table=table)
    return event.dumps()


def read_and_rank(path: Path, spec) -> float:
    start = time.process_time()
    api.rank(api.load(path).tournament, spec)
    return time.process_time() - start


def compare(source: Path, runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        trf = Path(tmp) / "event.trf"
        api.convert(source, trf)
        spec = list(api.load(source).tournament.tiebreaks)  # both ranked by the .SWT's own list
        swt, text = [], []
        for _ in range(3):
            read_and_rank(source, spec), read_and_rank(trf, spec)  # warm caches and imports
        for _ in range(runs):
            swt.append(read_and_rank(source, spec))
            text.append(read_and_rank(trf, spec))
    s, t = statistics.median(swt), statistics.median(text)
    print(f"{source.name}: {len(api.load(source).tournament.players)} players, list {','.join(spec)}")
    print(f"  Swiss-Chess .SWT      read + rank  median {s * 1000:8.2f} ms CPU")
    print(f"  the same event as TRF read + rank  median {t * 1000:8.2f} ms CPU")
    print(f"  ratio .SWT / TRF: {s / t:.3f} (goal: at most 1)")


def main(argv: list[str]) -> None:
    runs = int(argv[1]) if len(argv) > 1 else 30
    if argv:
        compare(Path(argv[0]), runs)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "generated.SWT"
        path.write_bytes(generated())
        compare(path, runs)
    if SAMPLE.exists():
        compare(SAMPLE, runs)


if __name__ == "__main__":
    main(sys.argv[1:])
