"""What a console command that is its process's only work does with that process: no interpreter
tear-down at its end (``brightwell rank``'s quick path, launch.py, and ``brightwell-tiebreakchecker``,
gacrux/command.py: 1.17 times as long without it, ``benchmarks/bench_start.py``), and for the checker
no cyclic collection while it runs (5-12 % of a 2,000 x 11 check, ``benchmarks/bench_checker.py``). A
command that starts threads or other processes (batch, publish, the web server) ends the ordinary way."""

from __future__ import annotations

import gc
import os
import sys


def pause_collector() -> None:
    """Stop the cyclic garbage collector for the rest of the process. What a command makes lives
    until it ends and holds no cycles to free: the collector would trace the modules and the
    event again and again, a twentieth of a small run's time, and find nothing."""
    gc.disable()


def end(code: int) -> None:
    """Exit without tearing the interpreter down: what is left to do at exit (the exit handlers,
    flushing the standard streams) is done, and the event's objects are not freed one by one, a
    tenth of a small run's time. Output files are already whole (written atomically)."""
    import atexit
    try:
        atexit._run_exitfuncs()
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # a handler or a stream failed: Python's own way, which reports it
        sys.exit(code)
    os._exit(code)
