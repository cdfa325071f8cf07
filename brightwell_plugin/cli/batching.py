"""``brightwell batch``'s run, without click: the launcher runs its common command line here
directly (launch.py: the start of a batch spares click's import), the click command (cli/batch.py)
everything else."""

from __future__ import annotations

import sys
from contextlib import contextmanager

from brightwell_plugin.cli.common import EXIT_INTERRUPTED, echo, plugin_host, render
from brightwell_plugin.editions import NAMES, TODAY, edition_value
from brightwell_plugin.errors import BrightwellError, one_line


def run_batch(inputs, out_dir, spec=None, to=None, jobs=None, report=None, top=3, skip_existing=False, strict=False,
              renumber=False, scheduler=None, edition=None, shard=None) -> None:
    """Re-rank the events of ``inputs`` into ``out_dir`` (a folder, or an archive written whole), the
    summary printed; exits with the batch's status."""
    from pathlib import Path

    # on first use (benchmarks/bench_start.py: brightwell rank loads none of it)
    from brightwell_plugin.archive.batch import OUTPUT_TAG, collect
    from brightwell_plugin.archive.jobs import refuse_replacing
    from brightwell_plugin.archive.merge import parse_shard
    from brightwell_plugin.archive.merge import shard as share
    from brightwell_plugin.archive.outbox import is_archive_out, staging

    share_of = parse_shard(shard) if shard else None
    into = Path(out_dir) if is_archive_out(out_dir) else None
    if into is not None and skip_existing:
        raise BrightwellError("--skip-existing needs an output folder: an archive is written whole", file=out_dir)
    host = plugin_host()
    found = collect(inputs, to, host=host)
    for folder in found.left_out:
        echo(one_line(f"brightwell: {folder}: left out: the outputs of an earlier batch (it holds "
                            f"{OUTPUT_TAG}; name the folder itself to read it)"), err=True)
    for note in (*found.renamed, *found.notes):
        echo(one_line(f"brightwell: {note}"), err=True)
    if not found:
        raise BrightwellError("no input files found")
    if report:
        from brightwell_plugin.archive.report import REPORT_SUFFIXES, report_stem  # (its csv and html: asked for)
        refuse_replacing([report_stem(report).with_suffix(s) for s in REPORT_SUFFIXES], found, host)
    if into is not None:
        refuse_replacing([into], found, host)
    if share_of is not None:  # every task lists every input: a clash is refused alike in each
        found = share(found, *share_of)
    out = staging(into) if into is not None else Path(out_dir)
    _batch(found, out, into, spec, to, jobs, report, top, skip_existing, strict, renumber, scheduler, share_of, host,
           edition)


def _batch(found, out, into, spec, to, jobs, report, top, skip_existing, strict, renumber, scheduler, share_of, host,
           edition=None):
    """Run the jobs ``found`` into ``out`` (packed into the archive ``into`` at the end, when given),
    the report and the summary written as the results arrive."""
    from brightwell_plugin.archive.batch import Interrupted
    from brightwell_plugin.archive.outbox import discard, named, pack

    tally = Tally()
    writer = None
    if report:
        from brightwell_plugin.archive.report import ReportWriter, report_stem
        writer = ReportWriter(report_stem(report), top)

    def counted(show):
        def on_result(result):
            result = named(result, out, into) if into is not None else result
            tally.add(result)
            if writer is not None:
                writer.add(result)
            show(result)
        return on_result
    try:
        with cluster_executor(scheduler) as (executor, threads):
            _run_batch(found, out, spec, to, jobs or threads, skip_existing, strict, _plain, tally, counted,
                       executor, host=host, renumber=renumber, compare=writer is not None, shard=share_of,
                       edition=edition_value(edition))
        if into is not None:
            pack(out, into)
    except Interrupted as stop:
        if writer is not None:
            writer.discard()
        if into is not None:
            discard(out)
        tally.print(stop.total)
        echo(f"interrupted: {stop.total - stop.done} file(s) not done", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BaseException:
        if writer is not None:
            writer.discard()
        if into is not None:
            discard(out)
        raise
    if writer is not None:
        writer.close()
    tally.print(len(found))
    sys.exit(1 if tally.failures else 0)


def _plain(result) -> None:
    """A file's line on standard error, when it is no terminal."""
    if result.ok:
        said = f"skipped: {result.skip_reason}" if result.skipped else \
            "ok (ranked and written by an earlier run)" if result.earlier else "ok"
        echo(one_line(f"brightwell: {result.source}: {said}"), err=True)
    else:
        echo(f"brightwell: error: {one_line(result.error)}", err=True)


class Tally:
    """What a batch did, counted as results arrive (the failures kept for the summary, by cause)."""

    def __init__(self):
        self.ranked = self.earlier = self.skipped = 0
        self.reasons: dict[str, int] = {}
        self.failures: dict[str, list[tuple[str, str]]] = {}  # cause -> (source, message)
        self.ranked_by: dict[str, int] = {}  # files ranked by each rules for unplayed rounds
        self.undated: list[str] = []  # files ranked by the newest for want of a date

    def add(self, result) -> None:
        if not result.ok:
            self.failures.setdefault(result.cause or result.error, []).append((result.source, result.error))
        elif result.skipped:
            self.skipped += 1
            reason = _short(result.skip_reason or "")
            self.reasons[reason] = self.reasons.get(reason, 0) + 1
        else:
            self.ranked += 1
            self.earlier += result.earlier
            if result.ranked_by:
                self.ranked_by[result.ranked_by] = self.ranked_by.get(result.ranked_by, 0) + 1
            if result.undated:
                self.undated.append(result.source)

    def print(self, total: int) -> None:
        earlier = f" ({self.earlier} by an earlier run)" if self.earlier else ""
        reasons = "; ".join(f"{n} {_SKIPPED.get(reason, reason)}" for reason, n in sorted(
            self.reasons.items(), key=lambda item: -item[1]) if reason)
        failed = sum(map(len, self.failures.values()))
        echo(f"{self.ranked} ranked{earlier}, {self.skipped} skipped{f' ({reasons})' if reasons else ''}, "
                   f"{failed} failed of {total} files")
        if self.ranked_by:
            echo("rules for unplayed rounds: " + ", ".join(f"{rules} {n}" for rules, n in sorted(
                self.ranked_by.items())))
        if self.undated:
            echo(one_line(f"undated: {len(self.undated)} ranked by {NAMES[TODAY]} for want of a date they can read "
                                f"(--edition chooses others): {', '.join(sorted(self.undated))}"))
        for cause, files in sorted(self.failures.items(), key=lambda item: (-len(item[1]), item[0])):
            if len(files) > 1:  # a cause shared: said once, then each file's own line
                echo(f"{len(files)} failed: {one_line(cause)}")
            for _, error in sorted(files):
                echo(f"failed: {one_line(error)}")


def _short(reason: str) -> str:
    """A skip's reason as the summary counts it (files that are no tournament, whatever each is)."""
    return "not tournaments" if reason.startswith("not a tournament") else reason


_SKIPPED = {"output exists": "whose output exists"}


@contextmanager
def cluster_executor(scheduler: str | None):
    """(None, None): the batch's own process pool; or a Dask cluster's executor and its thread count."""
    if scheduler is None:
        yield None, None
        return
    try:
        from distributed import Client
    except ImportError:
        raise BrightwellError("--scheduler needs Dask: pip install 'dask[distributed]'") from None
    try:
        client = Client(scheduler)  # waits as long as Dask's configuration says (30 s unless configured)
    except (OSError, TimeoutError, ValueError) as exc:
        raise BrightwellError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    with client:
        yield client.get_executor(), sum(client.nthreads().values()) or None


def _run_batch(found, out_dir, spec, to, jobs, skip_existing, strict, plain, tally, counted, executor=None, *,
               host, renumber=False, compare=True, shard=None, edition=None):
    # on first use (benchmarks/bench_start.py: brightwell rank loads none of it)
    from brightwell_plugin.archive.batch import run

    if sys.stderr.isatty():
        from rich.text import Text
        with render.progress_bar() as bar:
            task = bar.add_task("files", total=len(found), failed=0)

            def on_result(result):
                if not result.ok:
                    bar.console.print(Text(one_line(result.error), style="red"))  # as written: no markup, no highlighting
                bar.update(task, advance=1, failed=len(tally.failures))

            return run(found, out_dir, spec, to, executor, jobs_count=jobs, skip_existing=skip_existing,
                       on_result=counted(on_result), strict=strict, keep=False, renumber=renumber, compare=compare,
                       shard=shard, host=host, edition=edition)
    return run(found, out_dir, spec, to, executor, jobs_count=jobs, skip_existing=skip_existing,
               on_result=counted(plain), strict=strict, keep=False, renumber=renumber, compare=compare,
               shard=shard, host=host, edition=edition)
