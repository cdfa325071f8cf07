"""``brightwell batch``: re-rank an archive, with a progress bar on a terminal and a summary."""

from __future__ import annotations

import sys
from contextlib import contextmanager

import click

from brightwell_plugin.cli.common import EXIT_INTERRUPTED, handled, plugin_host, render
from brightwell_plugin.editions import NAMES, TODAY, edition_value
from brightwell_plugin.errors import BrightwellError, one_line


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("--out", "out_dir", type=click.Path(readable=False),
              help="Output folder, or an archive to write whole (.zip, .tar, .tar.gz, .tgz, .tar.bz2, .tar.xz).")
@click.option("-t", "--tiebreaks", "spec", help="Criteria (default: each file's own).")
@click.option("--to", "to", help="Output format (default: each file's own, else xml).")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes (default: the number of cores).")
@click.option("--report", type=click.Path(readable=False),
              help="Write REPORT.csv, REPORT.json, REPORT.html (given a folder: report.* inside it).")
@click.option("--top", type=int, default=3, show_default=True, help="Qualification places watched in the report.")
@click.option("--skip-existing", is_flag=True, help="Leave files whose output exists already.")
@click.option("--strict", is_flag=True, help="Count files that are no tournament (README, CSV ...) as failures, "
              "and refuse a file read in part or written where its standings change (as convert --strict).")
@click.option("--renumber", is_flag=True, help="Number the players 1..n where the output format cannot hold "
              "their numbers (as convert --renumber).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a Dask distributed cluster (tcp://host:8786) instead "
              "of local processes; needs dask[distributed], and the cluster's workers need the package.")
@click.option("--edition", type=click.Choice(["2009", "2024", "2026", "icu"]),
              help="Rules for unplayed rounds of every file (default: each file's date's; an undated file: 2026, "
              "named in the summary and the report).")
@click.option("--shard", metavar="I/N", help="Run the I-th of N stable shares of the inputs (the task of a job "
              "array: N runs cover them once; join their reports with --merge).")
@click.option("--merge", is_flag=True, help="Join the reports INPUTS (the shards' STEM or STEM.json) into --report.")
@handled
def batch(inputs, out_dir, spec, to, jobs, report, top, skip_existing, strict, renumber, scheduler, edition, shard,
          merge):
    """Re-rank every tournament file in INPUTS (files, folders, globs, zip and tar archives) into a
    mirrored tree, or with --merge join the reports of a batch's shards."""
    if merge:
        _merge(inputs, report, out_dir)
    if out_dir is None:
        raise click.UsageError("Missing option '--out' (an output folder, or an archive to write).")
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
        click.echo(one_line(f"brightwell: {folder}: left out: the outputs of an earlier batch (it holds "
                            f"{OUTPUT_TAG}; name the folder itself to read it)"), err=True)
    for note in (*found.renamed, *found.notes):
        click.echo(one_line(f"brightwell: {note}"), err=True)
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

    tally = _Tally()
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
        click.echo(f"interrupted: {stop.total - stop.done} file(s) not done", err=True)
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
        click.echo(one_line(f"brightwell: {result.source}: {said}"), err=True)
    else:
        click.echo(f"brightwell: error: {one_line(result.error)}", err=True)


def _merge(inputs, report, out_dir) -> None:
    """``--merge``: the shards' reports INPUTS joined into --report; the summary printed."""
    from pathlib import Path

    from brightwell_plugin.archive.merge import merge, report_json
    from brightwell_plugin.archive.report import ReportWriter, report_stem

    if not report or out_dir is not None:
        raise click.UsageError("--merge joins reports: name the merged one with --report, and no --out")
    stem, parts = report_stem(report), [report_json(text) for text in inputs]
    clash = next((p for p in parts if p.resolve() == stem.with_suffix(".json").resolve()), None)
    if clash is not None:
        raise BrightwellError("is one of the reports merged: the merged report never replaces one", file=str(clash))
    writer = merge(parts, lambda top: ReportWriter(stem, top))
    c = writer.counts
    writer.close()
    earlier = f" ({c['earlier_run']} by an earlier run)" if c["earlier_run"] else ""
    click.echo(f"{c['ranked']} ranked{earlier}, {c['skipped']} skipped, {c['failed']} failed of {c['files']} files "
               f"(the reports of {len(parts)} runs joined: {Path(stem)}.csv, .json, .html)")
    for cause, files in writer.causes():
        click.echo(f"{len(files)} failed: {one_line(cause)}")
    sys.exit(1 if c["failed"] else 0)


class _Tally:
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
        click.echo(f"{self.ranked} ranked{earlier}, {self.skipped} skipped{f' ({reasons})' if reasons else ''}, "
                   f"{failed} failed of {total} files")
        if self.ranked_by:
            click.echo("rules for unplayed rounds: " + ", ".join(f"{rules} {n}" for rules, n in sorted(
                self.ranked_by.items())))
        if self.undated:
            click.echo(one_line(f"undated: {len(self.undated)} ranked by {NAMES[TODAY]} for want of a date they can read "
                                f"(--edition chooses others): {', '.join(sorted(self.undated))}"))
        for cause, files in sorted(self.failures.items(), key=lambda item: (-len(item[1]), item[0])):
            if len(files) > 1:  # a cause shared: said once, then each file's own line
                click.echo(f"{len(files)} failed: {one_line(cause)}")
            for _, error in sorted(files):
                click.echo(f"failed: {one_line(error)}")


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
