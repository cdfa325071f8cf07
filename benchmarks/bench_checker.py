"""Benchmark: ``brightwell-tiebreakchecker`` beside FIDE's checker (gacrux) on the same command line,
whole processes, start included (CPU seconds of each child; pairs taken in turn).

Run: ``python benchmarks/bench_checker.py [RUNS]`` (default 11) with the package installed (not
editable: an editable install compiles nothing ahead) and the test extras (gacrux). Prints how
many times as long gacrux takes: on 100 x 7 (goal: at least 1) and on 2,000 x 11 (goal: at least
100; gacrux runs three times there, half a minute each); and for each, how many times as long the
command takes with the cyclic collector running (the pause of brightwell_plugin/process.py undone).
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from bench_start import cpu
from bench_trf import chess_event

from brightwell_plugin import api

CODES = ["PTS", "BH/C1", "BH", "SB"]
# the console script's work, started alike (python -c) with the collector paused as it is (process.py)
# and with the pause undone, so that the two differ by the pause alone
PAUSED = ("import sys\nfrom brightwell_plugin.gacrux import command\n"
          "sys.argv[0] = 'brightwell-tiebreakchecker'\ncommand.console()\n")
COLLECTING = PAUSED.replace("import sys\n", "import sys\nimport brightwell_plugin.gacrux.command as c\n"
                            "c.pause_collector = lambda: None\n", 1)


def main(runs: int) -> None:
    ours = shutil.which("brightwell-tiebreakchecker") or sys.exit("brightwell-tiebreakchecker is not on PATH")
    with tempfile.TemporaryDirectory() as tmp:
        for players, rounds, times in ((100, 7, runs), (2_000, 11, 1)):
            trf = Path(tmp) / f"e{players}.trf"
            api.write(chess_event(players, rounds), trf, "trf")
            args = ["-i", str(trf), "-n", str(rounds), "-t", *CODES]
            mine, theirs = [ours, *args], [sys.executable, "-m", "gacrux.tiebreakchecker", *args]
            cpu(mine)  # the file cache warmed
            if times > 1:
                pairs = [(cpu(mine), cpu(theirs)) for _ in range(times)]
                a, b = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
                ratio = statistics.median(y / x for x, y in pairs)
            else:  # gacrux three times, each between runs of this command
                mine_times, theirs_times = [cpu(mine) for _ in range(runs // 4 + 1)], []
                for _ in range(3):
                    theirs_times.append(cpu(theirs))
                    mine_times += [cpu(mine) for _ in range(runs // 4 + 1)]
                a, b = statistics.median(mine_times), statistics.median(theirs_times)
                ratio = b / a
            print(f"{players} x {rounds} TRF, -t {' '.join(CODES)}, whole process, CPU median of "
                  f"{times if times > 1 else f'{len(mine_times)} (gacrux: 3)'}: brightwell-tiebreakchecker {a:.3f} s, "
                  f"gacrux {b:.3f} s: gacrux takes {ratio:.2f} times as long")
            collecting, paused = ([sys.executable, "-c", code, *args] for code in (COLLECTING, PAUSED))
            slower = statistics.median(cpu(collecting) / cpu(paused) for _ in range(runs))
            print(f"  with the cyclic collector running (process.py): {slower:.2f} times as long")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 11)
