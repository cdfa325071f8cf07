"""Benchmark: what importing the author surface costs (brightwell_plugin/plugin.py, imported on first
use through brightwell_plugin/lazy.py) beside importing every name it offers at once, as the surface
did before: modules of the project loaded and CPU of a fresh interpreter, median of RUNS.

Run: ``python benchmarks/bench_imports.py [RUNS]`` (default 15) with the package installed.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys

CASES = {
    "import brightwell_plugin.plugin": "import brightwell_plugin.plugin",
    "a criterion's imports (Criterion, hookimpl, Kind)": "from brightwell_plugin.plugin import Criterion, hookimpl, Kind",
    "every name at once (the eager surface)": "from brightwell_plugin.plugin import *",
}
COUNT = "import sys; print(sum(m.startswith('brightwell_plugin') for m in sys.modules))"


def cpu(code: str) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", code], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def main(runs: int) -> None:
    bare = statistics.median(cpu("pass") for _ in range(runs))
    print(f"fresh interpreter: {bare * 1000:.0f} ms CPU (subtracted below); median of {runs}")
    for label, code in CASES.items():
        loaded = subprocess.run([sys.executable, "-c", f"{code}; {COUNT}"], check=True, capture_output=True,
                                text=True).stdout.strip()
        spent = statistics.median(cpu(code) for _ in range(runs)) - bare
        print(f"  {label}: {loaded} modules of the project, {spent * 1000:.0f} ms CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
