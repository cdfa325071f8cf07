"""``brightwell batch``: re-rank an archive, with a progress bar on a terminal and a summary."""

from __future__ import annotations

import sys

import click

from brightwell_plugin.cli.batching import run_batch
from brightwell_plugin.cli.common import handled
from brightwell_plugin.errors import BrightwellError


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
    run_batch(inputs, out_dir, spec, to, jobs, report, top, skip_existing, strict, renumber, scheduler, edition, shard)


def _merge(inputs, report, out_dir) -> None:
    """``--merge``: the shards' reports INPUTS joined into --report; the summary printed as one batch
    over all their files prints it."""
    from pathlib import Path

    from brightwell_plugin.archive.merge import merge, report_json
    from brightwell_plugin.archive.report import ReportWriter, as_result, report_stem
    from brightwell_plugin.cli.batching import Tally

    if not report or out_dir is not None:
        raise click.UsageError("--merge joins reports: name the merged one with --report, and no --out")
    stem, parts = report_stem(report), [report_json(text) for text in inputs]
    clash = next((p for p in parts if p.resolve() == stem.with_suffix(".json").resolve()), None)
    if clash is not None:
        raise BrightwellError("is one of the reports merged: the merged report never replaces one", file=str(clash))
    tally = Tally()
    writer = merge(parts, lambda top: ReportWriter(stem, top), lambda entry: tally.add(as_result(entry)))
    writer.close()
    tally.print(writer.counts["files"])
    click.echo(f"(the reports of {len(parts)} runs joined: {Path(stem)}.csv, .json, .html)")
    sys.exit(1 if tally.failures else 0)
