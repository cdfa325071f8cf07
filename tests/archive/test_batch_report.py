"""What a batch report says of each file: a change only against an order the file stores, read as
``check`` reads it; its rows in the order of the input paths; its failures grouped by cause; a
resumed run's report the whole output tree, the files of the earlier run said so."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.archive.batch import FileResult, Placing, collect, run
from brightwell_plugin.archive.journal import JOURNAL
from brightwell_plugin.archive.report import write_report
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError, cause
from brightwell_plugin.plugins.host import get_host
from support.make_fixtures import FIXTURES
from support.samples import present, research

REAL = research("formats")


def _checked(job) -> set[int] | None:
    """The players whose stored rank ``check`` says differs, None when it has nothing to check."""
    try:
        _, rows = api.check(api.load(job.source, part=job.part).tournament)
    except BrightwellError:
        return None
    return {r.start_no for r in rows if r.stored_rank is not None and r.stored_rank != r.rank}


@pytest.mark.slow
def test_the_report_agrees_with_check_on_every_real_file(tmp_path):
    present(REAL)
    host = get_host()
    jobs = collect([str(REAL), str(FIXTURES)], host=host)
    by_label = {job.label: job for job in jobs}
    results = run(list(jobs), tmp_path / "out", jobs_count=2, host=host)
    compared = 0
    for r in results:
        if not r.ok or r.skipped:
            continue
        checked = _checked(by_label[r.source])
        if r.before_from == "ranks":
            compared += 1
            assert {p.start_no for p in r.moved()} == checked, r.source
        elif r.before_from is None:
            assert checked is None and not r.moved(), r.source  # no order stored: check has none either
    assert compared > 100


def test_a_change_counts_only_against_an_order_the_file_stores(tmp_path):
    """Equal stored points order nobody (a roster: no order at all); players tied on stored points
    may be placed in any order among their places; a file of no round played is skipped, as study does."""
    b = TournamentBuilder("Roster", rounds=3, game="othello", board=64)
    for no in range(1, 5):
        b.player(no, f"Player {no}")
    roster = tmp_path / "in" / "roster.xml"
    roster.parent.mkdir()
    api.write(b.build(), roster)
    shutil.copy(FIXTURES / "sp" / "othello_open.txt", tmp_path / "in" / "points.txt")  # points, no places
    results = {Path(r.source).name: r for r in run(list(collect([str(tmp_path / "in")], host=get_host())),
                                                  tmp_path / "out", jobs_count=1, host=get_host())}
    assert results["roster.xml"].skipped and results["roster.xml"].skip_reason == "no round played"
    points = results["points.txt"]
    assert points.before_from == "points" and points.moved() == []
    t = api.load(tmp_path / "in" / "points.txt").tournament
    stored = {p.start_no: p.stored_points for p in t.players}
    tied = [p for p in points.placings if sum(1 for v in stored.values() if v == stored[p.start_no]) > 1]
    assert tied and all(p.before == p.after for p in tied)  # re-ordered within their points: no change


def _result(source: str, ok: bool = True, error: str | None = None, moved: bool = False) -> FileResult:
    if not ok:
        return FileResult(source, error=f"{source}: {error}", cause=cause(error))
    placings = (Placing(1, "A", 2 if moved else 1, 1), Placing(2, "B", 1 if moved else 2, 2))
    return FileResult(source, f"out/{source}", "xml", placings=placings, before_from="ranks")


@pytest.mark.parametrize("held", [None, 2], ids=["in-memory", "index-runs-on-disk"])
def test_rows_follow_the_input_paths_and_failures_are_grouped_by_cause(tmp_path, monkeypatch, held):
    if held:  # a large archive's index goes to disk in sorted runs, merged at the end
        monkeypatch.setattr("brightwell_plugin.archive.report.INDEX_HELD", held)
    finished = [_result("b/2.xml", moved=True), _result("a/9.trf", ok=False, error="round 3 of player 12 is beyond 2"),
                _result("a/1.xml"), _result("c.trf", ok=False, error="round 7 of player 1 is beyond 5"),
                _result("b/10.zip", ok=False, error="not a Swiss Perfect file, folder or zip")]
    csv, js, page = write_report(tmp_path / "report", finished, top=1)
    order = ["a/1.xml", "a/9.trf", "b/10.zip", "b/2.xml", "c.trf"]
    assert [f["source"] for f in json.loads(js.read_text())["files"]] == order
    assert [line.split(",")[0] for line in csv.read_text().splitlines()[1:]] == \
        ["a/1.xml", "a/9.trf", "b/10.zip", "b/2.xml", "b/2.xml", "c.trf"]  # b/2.xml: a row per player moved
    assert json.loads(js.read_text())["summary"]["failures"] == [
        {"cause": "round N of player N is beyond N", "count": 2, "files": ["a/9.trf", "c.trf"]},
        {"cause": "not a Swiss Perfect file, folder or zip", "count": 1, "files": ["b/10.zip"]}]
    html = page.read_text()
    assert html.index("a/1.xml") < html.index("b/2.xml") < html.index("<td>c.trf")
    assert "round N of player N is beyond N: 2 file(s)" in html
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.csv", "report.html", "report.json"]  # no part left


def test_a_resumed_run_reports_the_whole_tree_saying_which_files_the_earlier_run_wrote(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    for i in range(6):
        shutil.copy(FIXTURES / "othello_open.elo", src / f"e{i}.elo")
    out, first_report, second_report = tmp_path / "out", tmp_path / "first", tmp_path / "second"
    first = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--report", str(first_report), "--jobs", "1"])
    assert first.exit_code == 0, first.output
    for i in (0, 1):  # lost with the run that died writing them
        (out / f"e{i}.elo").unlink()
    lines = (out / JOURNAL).read_text().splitlines(keepends=True)
    (out / JOURNAL).write_text("".join(lines[:-1]) + lines[-1][:40])  # its last line cut short by the kill
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--report", str(second_report),
                                      "--skip-existing", "--jobs", "1"])
    assert again.exit_code == 0 and "6 ranked (4 by an earlier run), 0 skipped" in again.output
    before = {f["source"]: f for f in json.loads(first_report.with_suffix(".json").read_text())["files"]}
    after = {f["source"]: f for f in json.loads(second_report.with_suffix(".json").read_text())["files"]}
    assert {Path(s).name: f["earlier_run"] for s, f in after.items()} == {
        "e0.elo": False, "e1.elo": False, **{f"e{i}.elo": True for i in range(2, 6)}}
    assert all(after[s]["moved"] == before[s]["moved"] for s in before)  # the journal's, or ranked again alike
    assert "4 by an earlier run into the same folder" in second_report.with_suffix(".html").read_text()
    assert "ranked (earlier run)" in second_report.with_suffix(".csv").read_text()


def test_the_journal_of_many_runs_is_compacted_to_a_line_a_file(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    for i in range(3):
        shutil.copy(FIXTURES / "othello_open.elo", src / f"e{i}.elo")
    out = tmp_path / "out"
    for k in range(3):  # each run adds a line a file; the third finds three a file and keeps one
        assert CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--jobs", "1",
                                         "--report", str(tmp_path / f"report{k}")]).exit_code == 0
    lines = (out / JOURNAL).read_text().splitlines()
    assert len(lines) == 3 and {json.loads(line)["source"] for line in lines} == {str(src / f"e{i}.elo") for i in range(3)}
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--skip-existing", "--jobs", "1"])
    assert "3 ranked (3 by an earlier run)" in again.output
    assert not list(out.glob("*.tmp"))


def test_a_run_without_a_report_overrides_what_the_journal_says_of_the_files_it_writes(tmp_path):
    """A run that asks for no report looks for no places and notes none; the files it writes anew
    are no longer the journal's: a later report ranks them again (not written), the others keep theirs."""
    src = tmp_path / "in"
    src.mkdir()
    for i in range(3):
        shutil.copy(FIXTURES / "othello_open.elo", src / f"e{i}.elo")
    out = tmp_path / "out"
    assert CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--jobs", "1", "--report",
                                     str(tmp_path / "first")]).exit_code == 0
    (out / "e0.elo").unlink()
    assert CliRunner().invoke(main, ["batch", str(src / "e0.elo"), "--out", str(out), "--jobs", "1"]).exit_code == 0
    newest = {}
    for line in (out / JOURNAL).read_text().splitlines():
        newest[json.loads(line)["source"]] = json.loads(line)
    assert newest[str(src / "e0.elo")] == {"source": str(src / "e0.elo"), "target": None}
    assert all(newest[str(src / f"e{i}.elo")]["target"] for i in (1, 2))
    lines = (out / JOURNAL).read_text()
    assert CliRunner().invoke(main, ["batch", str(src / "e0.elo"), "--out", str(out), "--jobs", "1"]).exit_code == 0
    assert (out / JOURNAL).read_text() == lines  # said once: the journal does not grow run after run
    written = {p: p.stat().st_mtime_ns for p in out.glob("*.elo")}
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--skip-existing", "--jobs", "1",
                                      "--report", str(tmp_path / "second")])
    assert "3 ranked (3 by an earlier run)" in again.output
    assert {p: p.stat().st_mtime_ns for p in out.glob("*.elo")} == written
    first = {f["source"]: f for f in json.loads((tmp_path / "first.json").read_text())["files"]}
    second = {f["source"]: f for f in json.loads((tmp_path / "second.json").read_text())["files"]}
    assert first.keys() == second.keys() and all(second[s]["moved"] == first[s]["moved"] for s in first)


def test_the_report_never_replaces_an_input(tmp_path):
    """--report naming a stem whose .json is one of the events (a FlipTheDisc tournament): refused."""
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(FIXTURES / "othello_open.ftd.json", folder / "report.json")
    before = (folder / "report.json").read_bytes()
    result = CliRunner().invoke(main, ["batch", str(folder), "--out", str(tmp_path / "out"), "--report",
                                       str(folder / "report")])
    assert result.exit_code == 2 and f"{folder / 'report.json'}: is an input file" in result.stderr
    assert (folder / "report.json").read_bytes() == before


def test_a_killed_runs_report_parts_are_removed_and_a_live_ones_left(tmp_path):
    """kill -9 leaves .STEM.KIND.PID.part files: the next report in the folder removes those whose
    process is gone, and leaves a live run's."""
    import os

    from brightwell_plugin.archive.report import ReportWriter
    dead = 2 ** 22 + 12345  # above the default pid_max: no such process
    left = [tmp_path / f".report.{kind}.{dead}.part" for kind in ("csv", "jsonl", "rows", "index0")]
    left.append(tmp_path / f".report.json.{dead}.tmp")
    live = tmp_path / f".report.csv.{os.getppid()}.part"
    other = tmp_path / f".other.csv.{dead}.part"  # another report's: not this stem's
    for path in (*left, live, other):
        path.write_bytes(b"x")
    writer = ReportWriter(tmp_path / "report", 3)
    writer.discard()
    assert not any(p.exists() for p in left) and live.exists() and other.exists()
