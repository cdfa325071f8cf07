"""``brightwell study``: rank an archive under several rules and report what each rule does with
the ties on points and where the rules differ (brightwell_plugin/study.py)."""

from __future__ import annotations

import sys

import click

from brightwell_plugin.cli.common import EXIT_INTERRUPTED, handled, plugin_host
from brightwell_plugin.editions import edition_value
from brightwell_plugin.errors import BrightwellError, one_line
from brightwell_plugin.tiebreak_spec import parse_spec


@click.command()
@click.argument("inputs", nargs=-1, required=True)
@click.option("--rule", "rules", multiple=True, required=True, metavar="LIST",
              help="A tie-break list to study, e.g. 'PTS,BQ:preset=woc,DISCS' (repeat it to compare rules).")
@click.option("--report", required=True, type=click.Path(readable=False),
              help="Folder for index.html, study.csv, study.json and the events' comparison pages.")
@click.option("--top", type=int, default=3, show_default=True, help="Top places watched besides the first.")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes (default: the number of cores).")
@click.option("--scheduler", metavar="ADDRESS", help="Run on a Dask distributed cluster (tcp://host:8786) instead "
              "of local processes; needs dask[distributed], and the cluster's workers need the package.")
@click.option("--edition", type=click.Choice(["2009", "2024", "2026", "icu"]),
              help="Rules for unplayed rounds of every event (default: each event's date's; an undated event: "
              "2026, named in the report). Events ranked by older rules are also ranked by today's: the report says "
              "how many places those would change.")
@handled
def study(inputs, rules, report, top, jobs, scheduler, edition):
    """Rank every event in INPUTS (files, folders, globs) under each --rule and compare."""
    # on first use (benchmarks/bench_start.py: brightwell rank loads none of it)
    from brightwell_plugin.archive.jobs import OUTPUT_TAG, collect, refuse_replacing, tag_output
    from brightwell_plugin.archive.schedule import Interrupted
    from brightwell_plugin.archive.study import refuse_bad_rules, run
    from brightwell_plugin.archive.study_report import REPORT_FILES, StudyWriter, report_folder
    from brightwell_plugin.cli.batching import cluster_executor

    if top < 1:
        raise BrightwellError("--top must be 1 or more")
    host = plugin_host()
    refuse_bad_rules(rules, host)
    folder = report_folder(report)
    found = collect(inputs, host=host)
    for left in found.left_out:
        click.echo(one_line(f"brightwell: {left}: left out: the outputs of an earlier run (it holds {OUTPUT_TAG}; "
                            "name the folder itself to read it)"), err=True)
    for note in (*found.renamed, *found.notes):
        click.echo(one_line(f"brightwell: {note}"), err=True)
    if not found:
        raise BrightwellError("no input files found")
    refuse_replacing([folder / name for name in REPORT_FILES], found, host)
    writer = StudyWriter(folder, list(rules), [[i.text for i in parse_spec(r)] for r in rules], top)
    tag_output(folder)  # a later walk of the archive leaves the report out
    failures = []

    def on_result(e):
        writer.add(e)
        if e.error:
            failures.append(e.error)
            click.echo(f"brightwell: error: {one_line(e.error)}", err=True)
    try:
        with cluster_executor(scheduler) as (executor, threads):
            run(found, rules, top, folder, executor, jobs or threads, on_result, host=host,
                edition=edition_value(edition))
    except Interrupted as stop:
        writer.discard()
        click.echo(f"interrupted: {stop.total - stop.done} file(s) not done; no report written", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BaseException:
        writer.discard()
        raise
    _print(writer.close(), folder)
    sys.exit(1 if failures else 0)


def _print(s: dict, folder) -> None:
    c = s["counts"]
    click.echo(f"{c['studied']} events studied, {c['skipped']} skipped, {c['failed']} failed of {c['events']}")
    for r in s["per_rule"]:
        share = "-" if r["share_broken"] is None else f"{r['share_broken']:.1%}"
        click.echo(f"{r['rule']}: {r['tied_pairs']} pairs tied on points in {r['events']} events, {share} broken, "
                   f"{r['shared']} left shared" + (f"; could not rank {r['errors']}" if r["errors"] else ""))
    for p in s["per_pair"]:
        click.echo(f"{p['first']} against {p['second']}: {p['swapped']} tied pairs swapped, {p['moved']} players "
                   f"moved, first place changed in {p['title_changed']} of {p['events']} events, "
                   f"top {s['top']} in {p['top_changed']}")
    if s.get("ranked_by"):
        click.echo("rules for unplayed rounds: " + ", ".join(f"{k} {n}" for k, n in s["ranked_by"].items()))
    for r in s["per_rule"]:
        if r["older_rules_events"]:
            click.echo(f"{r['rule']}: today's rules ({s['today']}) would move {r['moved_by_today']} players in "
                       f"{r['changed_by_today']} of the {r['older_rules_events']} events ranked by older rules")
    if s.get("ranked_by_default"):
        click.echo(one_line(f"undated: {len(s['ranked_by_default'])} ranked by {s['today']} for want of a date they can read "
                            f"(--edition chooses others): {', '.join(s['ranked_by_default'])}"))
    for f in s["failures"]:
        click.echo(f"failed ({f['count']}): {one_line(f['cause'])}")
    click.echo(f"report: {folder / 'index.html'}")
