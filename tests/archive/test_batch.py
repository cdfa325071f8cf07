"""brightwell batch: a mixed archive, failures listed, inputs untouched, reports, interruption."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import pickle
import pty
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api, fileio
from brightwell_plugin.archive.batch import OUTPUT_TAG, Placing, chunk_sizes, collect, process, run
from brightwell_plugin.archive.journal import JOURNAL
from brightwell_plugin.archive.schedule import CHUNK
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import get_host
from support.make_fixtures import FIXTURES
from support.paths import ROOT


def archive(root: Path) -> Path:
    """Every format, nested folders, one corrupt file, one file in an unreadable encoding."""
    src = root / "archive"
    (src / "2019" / "spring").mkdir(parents=True)
    (src / "tsh").mkdir()
    shutil.copy(FIXTURES / "othello_open.xml", src / "club.xml")
    shutil.copy(FIXTURES / "quirks.trf", src / "2019" / "quirks.trf")
    for part in (".ini", ".trn", ".sco"):
        shutil.copy((FIXTURES / "sp" / "othello_open").with_suffix(part), src / "2019" / "spring" / f"event{part}")
    shutil.copy(FIXTURES / "othello_open.elo", src / "2019" / "woc.elo")
    shutil.copy(FIXTURES / "othello_open.ftd.json", src / "ftd.json")
    shutil.copy(FIXTURES / "fixture_go.opengotha.xml", src / "go.xml")
    for name in ("a.t", "config.tsh"):
        shutil.copy(FIXTURES / "tsh" / name, src / "tsh" / name)
    (src / "2019" / "corrupt.xml").write_text("<tournament")
    (src / "bad-encoding.trf").write_bytes(b"012 x\n001    1 m    A\x81" + b" " * 60 + b"\n")
    return src


def checksums(folder: Path) -> dict[str, str]:
    """Each file's digest, but the journal's (a log of the run: the order files finished in)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != JOURNAL}


def test_mixed_archive(tmp_path):
    src = archive(tmp_path)
    before = checksums(src)
    out, report = tmp_path / "out", tmp_path / "report"
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--jobs", "2", "--report", str(report)])
    assert result.exit_code == 1  # two files failed
    assert checksums(src) == before  # inputs untouched
    written = {str(p.relative_to(out)) for p in out.rglob("*") if p.is_file()}
    assert written == {OUTPUT_TAG, JOURNAL, "club.xml", "2019/quirks.trf", "2019/spring/event.ini", "2019/spring/event.trn",
                       "2019/spring/event.sco", "2019/woc.elo", "ftd.xml", "go.xml", "tsh/a.t"}
    for name in ("club.xml", "2019/quirks.trf", "2019/spring/event.trn", "2019/woc.elo", "ftd.xml"):
        assert api.load(out / name).tournament.players
    assert "7 ranked, 0 skipped, 2 failed of 9 files" in result.stdout
    assert "corrupt.xml: line 1: the file is cut short: its XML stops before its root element closes" in result.stdout
    assert "bad-encoding.trf: line 2: byte 0x81 cannot be decoded" in result.stdout
    data = json.loads(report.with_suffix(".json").read_text())
    assert data["summary"]["failed"] == 2 and data["summary"]["ranked"] == 7
    ftd = next(f for f in data["files"] if f["source"].endswith("ftd.json"))
    assert ftd["moved"] == []  # FlipTheDisc's standings, in the order it lists them, reproduced exactly

    page = report.with_suffix(".html").read_text()
    assert "<svg" in page and "http://" not in page.replace("http://www.w3.org/2000/svg", "")
    assert "corrupt.xml" in report.with_suffix(".csv").read_text()


def test_each_source_is_one_job_however_often_it_is_named(tmp_path):
    src = archive(tmp_path)
    for part in (".TRN", ".sco"):  # a second set whose main file differs in case from its companion
        shutil.copy((FIXTURES / "sp" / "othello_open").with_suffix(part.lower()), src / f"Cup{part}")
    os.symlink(src / "club.xml", src / "2019" / "link.xml")  # the same file again, by another name
    once = collect([str(src)], host=get_host())
    again = collect([str(src), str(src / "2019"), str(src / "club.xml"), str(src / "2019" / "spring" / "event.sco")], host=get_host())
    sources = [job.source for job in once]
    assert [job.source for job in again] == sources and len(once) == len(again) == len(sources)
    assert len(set(map(Path.resolve, sources))) == len(sources)  # no file twice, the link not apart
    assert src / "Cup.TRN" in sources and src / "2019" / "spring" / "event.trn" in sources
    assert not any(s.suffix.lower() in (".sco", ".ini") for s in sources)  # a set's companions are no jobs
    assert once[1:3] == [once[1], once[2]] and [job.source for job in once[1:3]] == sources[1:3]
    assert once[-1] == once[len(once) - 1] and once[-1].source == sources[-1]
    assert [job.source for job in once[::2]] == sources[::2] and once[5:2] == []
    with pytest.raises(IndexError):
        once[len(once)]


def test_a_file_name_that_is_not_utf8_is_ranked_and_reported(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    try:  # Linux file names are bytes; a system that insists on UTF-8 names refuses this one
        with open(os.fsencode(src) + b"/caf\xe9.trf", "wb") as f:
            f.write((FIXTURES / "quirks.trf").read_bytes())
    except OSError as exc:
        pytest.skip(f"this file system refuses a file name that is not UTF-8 ({exc.strerror})")
    name = os.fsdecode(b"caf\xe9.trf")
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out"), "--report",
                                       str(tmp_path / "report")])
    assert result.exit_code == 0 and "1 ranked, 0 skipped, 0 failed of 1 files" in result.stdout, result.output
    assert (tmp_path / "out" / name).is_file()
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert report["files"][0]["source"] == str(src / name)
    for suffix in (".csv", ".html"):
        assert "caf\\udce9.trf" in (tmp_path / "report").with_suffix(suffix).read_text(encoding="utf-8")


@pytest.mark.parametrize("folder_exists", [True, False])
def test_a_report_given_a_folder_goes_inside_it(tmp_path, folder_exists):
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(FIXTURES / "quirks.trf", src / "quirks.trf")
    reports = tmp_path / "reports"
    if folder_exists:
        reports.mkdir()
    given = str(reports) if folder_exists else str(reports) + "/"
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out"), "--jobs", "1",
                                       "--report", given])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in reports.iterdir()) == ["report.csv", "report.html", "report.json"]
    assert not any(p.name.startswith("reports.") for p in tmp_path.iterdir())


def test_rerank_under_one_rule_and_skip_existing(tmp_path):
    src = archive(tmp_path)
    for other in (src / "2019" / "corrupt.xml", src / "bad-encoding.trf", src / "go.xml", src / "tsh" / "a.t",
                  src / "2019" / "quirks.trf"):  # BQ is for events with game scores
        other.unlink()
    out = tmp_path / "out"
    first = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "-t", "PTS,BQ:preset=ftd,DISCS",
                                      "--to", "xml", "--jobs", "1"])
    assert first.exit_code == 0, first.stdout
    assert api.load(out / "club.xml").tournament.tiebreaks == ("PTS", "BQ:preset=ftd", "DISCS")
    assert not (out / JOURNAL).exists()  # no report asked: no places looked for, none noted
    written = {p: p.stat().st_mtime_ns for p in out.glob("*.xml")}
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--to", "xml", "--skip-existing"])
    assert again.exit_code == 0 and "4 ranked (4 by an earlier run), 0 skipped" in again.stdout
    # outputs no journal tells of: ranked again for the report, left as they are
    report = tmp_path / "report"
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--to", "xml", "--skip-existing",
                                      "--report", str(report)])
    assert "4 ranked (4 by an earlier run), 0 skipped" in again.stdout
    assert {p: p.stat().st_mtime_ns for p in out.glob("*.xml")} == written
    files = json.loads(report.with_suffix(".json").read_text())["files"]
    assert len(files) == 4 and all(f["earlier_run"] and f["format"] for f in files)  # ranked again: read


def test_any_executor_runs_the_batch(tmp_path):
    src = archive(tmp_path)
    (src / "2019" / "corrupt.xml").unlink()
    (src / "bad-encoding.trf").unlink()
    with ThreadPoolExecutor(2) as pool:
        results = run(collect([str(src)], host=get_host()), tmp_path / "out", executor=pool, host=get_host())
    assert len(results) == 7 and all(r.ok for r in results), [r.error for r in results]


def test_a_batch_over_its_own_outputs_writes_into_the_files_it_replaces(tmp_path, monkeypatch):
    """The same outputs as the first run wrote; within a chunk, each a file the write before replaced."""
    src = tmp_path / "archive"
    src.mkdir()
    for n in range(24):  # chunks of several files (chunk_sizes)
        shutil.copy(FIXTURES / "quirks.trf", src / f"event{n:02d}.trf")
    out = tmp_path / "out"
    jobs = collect([str(src)], host=get_host())
    with ThreadPoolExecutor(1) as pool:  # the workers' writes seen here
        assert all(r.ok for r in run(jobs, out, "PTS,BH", executor=pool, jobs_count=1, host=get_host()))
        first = checksums(out)
        reused, real = [], fileio._reused
        monkeypatch.setattr(fileio, "_reused", lambda folder: reused.append(real(folder)) or reused[-1])
        assert all(r.ok for r in run(jobs, out, "PTS,BH", executor=pool, jobs_count=1, host=get_host()))
    assert checksums(out) == first and len(first) == 25  # the outputs and the folder's tag
    assert sorted(p.name for p in out.iterdir()) == sorted([*first, JOURNAL])  # nothing kept besides
    assert any(reused) if fileio._REUSABLE else not reused


def test_workers_making_the_same_new_folder_at_once_all_write(tmp_path):
    """Four threads' first files into one new output folder: each makes it or finds it made."""
    src = tmp_path / "archive" / "2024"
    src.mkdir(parents=True)
    for n in range(32):
        shutil.copy(FIXTURES / "quirks.trf", src / f"event{n:02d}.trf")
    for attempt in range(8):  # a race: several tries
        with ThreadPoolExecutor(4) as pool:
            results = run(collect([str(src.parent)], host=get_host()), tmp_path / f"out{attempt}", "PTS", executor=pool,
                          jobs_count=4, compare=False, host=get_host())
        assert [r.error for r in results if not r.ok] == []
        assert len(list((tmp_path / f"out{attempt}" / "2024").iterdir())) == 32


def test_the_same_batch_runs_again_with_its_output_folder_inside_the_input(tmp_path):
    src = archive(tmp_path)
    out = src / "reranked"
    first = CliRunner().invoke(main, ["batch", str(src), "--out", str(out)])
    assert "7 ranked, 0 skipped, 2 failed of 9 files" in first.stdout and (out / OUTPUT_TAG).is_file()
    written = checksums(out)
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out)])
    assert "7 ranked, 0 skipped, 2 failed of 9 files" in again.stdout, again.output
    assert f"{out}: left out: the outputs of an earlier batch" in again.stderr
    assert checksums(out) == written
    named = CliRunner().invoke(main, ["batch", str(out), "--out", str(tmp_path / "twice")])
    assert "7 ranked, 0 skipped, 0 failed of 7 files" in named.stdout, named.output  # a named folder is read
    untagged = src / "2019"  # a folder of inputs stays refused as the output folder
    refused = CliRunner().invoke(main, ["batch", str(src), "--out", str(untagged)])
    assert refused.exit_code == 2 and "the output folder holds input files" in refused.output


def _years(tmp_path) -> Path:
    """Two years of an archive, each with an event of the same name (different players)."""
    src = tmp_path / "archive"
    for year, first in (("2019", "Ada Lindqvist"), ("2020", "Ada Other")):
        (src / year).mkdir(parents=True)
        text = (FIXTURES / "othello_open.elo").read_text(encoding="latin-1").replace("Ada Lindqvist", first)
        (src / year / "woc.elo").write_text(text, encoding="latin-1")
    return src


def test_a_glob_keeps_the_archive_tree_below_its_base(tmp_path):
    src, out = _years(tmp_path), tmp_path / "out"
    result = CliRunner().invoke(main, ["batch", f"{src}/**/*.elo", "--out", str(out)])
    assert "2 ranked, 0 skipped, 0 failed of 2 files" in result.stdout, result.output
    assert "Other" not in (out / "2019" / "woc.elo").read_text(encoding="latin-1")
    assert "Other" in (out / "2020" / "woc.elo").read_text(encoding="latin-1")
    inside = src / "out"  # the same glob run twice with its output inside the archive
    for _ in range(2):
        again = CliRunner().invoke(main, ["batch", f"{src}/**/*.elo", "--out", str(inside)])
        assert "2 ranked, 0 skipped, 0 failed of 2 files" in again.stdout, again.output
    assert f"{inside}: left out: the outputs of an earlier batch" in again.stderr


def test_two_inputs_that_would_write_one_output_fail_and_only_they(tmp_path):
    src, out = _years(tmp_path), tmp_path / "out"
    shutil.copy(FIXTURES / "quirks.trf", src / "2019" / "club.trf")
    result = CliRunner().invoke(main, ["batch", str(src / "2019"), str(src / "2020"), "--out", str(out)])
    assert result.exit_code == 1 and "1 ranked, 0 skipped, 2 failed of 3 files" in result.stdout, result.output
    said = f"{src / '2019' / 'woc.elo'} and {src / '2020' / 'woc.elo'} would both be written to woc.elo"
    assert result.stdout.count(f"failed: {said}") == 2  # each of the two fails, naming the other
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == ["club.trf"]


def test_events_of_one_name_in_one_folder_are_written_apart_each_named_with_its_suffix(tmp_path):
    src = tmp_path / "archive"
    src.mkdir()
    shutil.copy(FIXTURES / "othello_open.ftd.json", src / "open.json")  # FlipTheDisc is written back as XML
    shutil.copy(FIXTURES / "othello_open.xml", src / "open.xml")
    shutil.copy(FIXTURES / "othello_open.elo", src / "club.elo")
    shutil.copy(FIXTURES / "othello_open.xml", src / "club.xml")
    own = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out")])
    assert own.exit_code == 0 and "4 ranked, 0 skipped, 0 failed of 4 files" in own.stdout, own.output
    assert f"{src / 'open.json'} and {src / 'open.xml'} would both be written to open.xml: written as " \
           "open-json.xml and open-xml.xml" in own.stderr
    written = sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith("."))
    assert written == ["club.elo", "club.xml", "open-json.xml", "open-xml.xml"]  # club.elo and club.xml write apart
    (src / "open.json").unlink()
    to = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "to"), "--to", "trf"])
    assert to.exit_code == 0 and "would both be written to club.trf: written as club-elo.trf and club-xml.trf" in to.output
    assert sorted(p.name for p in (tmp_path / "to").iterdir() if not p.name.startswith(".")) == [
        "club-elo.trf", "club-xml.trf", "open.trf"]


def test_events_of_one_name_whose_suffixed_names_are_taken_both_fail(tmp_path):
    src = tmp_path / "archive"
    src.mkdir()
    shutil.copy(FIXTURES / "othello_open.xml", src / "open-json.xml")  # the name open.json would be given
    shutil.copy(FIXTURES / "othello_open.ftd.json", src / "open.json")
    shutil.copy(FIXTURES / "othello_open.xml", src / "open.xml")
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "1 ranked, 0 skipped, 2 failed of 3 files" in result.stdout, result.output
    said = f"{src / 'open.json'} and {src / 'open.xml'} would both be written to open.xml under the output folder"
    assert result.stdout.count(said) == 2  # each of the two fails, naming the other
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == ["open-json.xml"]


def test_a_note_beside_an_event_of_its_name_is_no_clash(tmp_path):
    src = tmp_path / "archive"
    src.mkdir()
    (src / "open.txt").write_text("Results were posted on the club board.\n")  # .txt: Swiss Perfect's text export
    shutil.copy(FIXTURES / "othello_open.xml", src / "open.xml")
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out")])
    assert "would both be written" not in result.output and (tmp_path / "out" / "open.xml").is_file()
    assert "1 ranked, 0 skipped, 1 failed of 2 files" in result.stdout  # the note cannot be read, as before
    (src / "open.xml").unlink()
    shutil.copy(FIXTURES / "othello_open.ftd.json", src / "open.json")  # the event first, the note after it
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "again")])
    assert "would both be written" not in again.output and (tmp_path / "again" / "open.xml").is_file()


def test_files_go_in_chunks_each_with_its_own_result(tmp_path):
    src = tmp_path / "many"
    src.mkdir()
    for i in range(70):
        shutil.copy(FIXTURES / "othello_open.xml", src / f"e{i:02d}.xml")
    (src / "e33.xml").write_text("<tournament")  # a bad file in the middle of a chunk
    jobs = collect([str(src)], host=get_host())
    for files, workers in ((70, 2), (3, 2), (10_000, 2), (1000, 8), (0, 1)):
        sizes = chunk_sizes(files, workers)
        assert sum(sizes) == files and all(1 <= s <= CHUNK for s in sizes)
        assert sizes == sorted(sizes, reverse=True) and sizes[-1:] in ([], [1])  # shrinking to one file
    assert chunk_sizes(70, 2)[0] == 8 and chunk_sizes(10_000, 2)[0] == CHUNK
    results = run(jobs, tmp_path / "out", "PTS,BQ:preset=woc", jobs_count=2, host=get_host())
    assert [Path(r.source).name for r in results] == [f"e{i:02d}.xml" for i in range(70)]
    assert [r.ok for r in results] == [i != 33 for i in range(70)]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [OUTPUT_TAG, JOURNAL] + [f"e{i:02d}.xml" for i in range(70)
                                                                                   if i != 33]
    first = results[0].placings
    assert first and all(r.placings == first for r in results if r.ok)  # placings came back whole


def test_a_bad_spec_or_output_format_is_refused_once_before_any_file(tmp_path):
    jobs = collect([str(FIXTURES)], host=get_host())
    for spec, to, message in (("PTS,NOPE", None, "unknown criterion 'NOPE'"),
                              ("PTS,BQ:preset=nope", None, "preset"),
                              (None, "flipthedisc", "cannot write format 'flipthedisc'")):
        with pytest.raises(BrightwellError, match=message):
            run(jobs, tmp_path / "out", spec, to, host=get_host())
        assert not (tmp_path / "out").exists()
    result = CliRunner().invoke(main, ["batch", str(FIXTURES), "--out", str(tmp_path / "out"), "-t", "PTS,NOPE"])
    assert result.exit_code == 2 and result.output.count("unknown criterion") == 1
    assert not (tmp_path / "out").exists()


def test_every_error_names_its_file(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(FIXTURES / "quirks.trf", src / "no_scores.trf")  # ranking fails: BQ needs game scores
    api.write(api.load(FIXTURES / "othello_open.xml").tournament, src / "bell.trf", "trf")
    text = (src / "bell.trf").read_text(encoding="utf-8")
    (src / "bell.trf").write_text(text.replace("Ada Lindqvist", "Ada\x07Lindqvist"), encoding="utf-8")
    # writing XML fails: XML cannot carry U+0007 (this project's TRF writer would not write it either)
    (src / "broken.xml").write_text("<tournament")  # reading fails
    results = {Path(r.source).name: r for r in run(collect([str(src)], host=get_host()), tmp_path / "out", "PTS,BQ:preset=woc", "xml", host=get_host())}
    assert "needs game scores" in results["no_scores.trf"].error
    assert "cannot write XML" in results["bell.trf"].error
    for r in results.values():
        assert r.error.startswith(f"{r.source}: "), r.error


def test_a_result_survives_pickling_whole(tmp_path):
    result = process(collect([str(FIXTURES / "othello_open.xml")], host=get_host())[0], tmp_path / "out", "PTS,BQ:preset=woc,DISCS",
                     None, False, host=get_host())
    again = pickle.loads(pickle.dumps(result))
    assert again == result and len(again.placings) == 9 and again.not_carried == result.not_carried
    assert all(type(p) is Placing for p in again.placings) and again.placings[0].name == result.placings[0].name
    assert again.moved() == result.moved() and again.top_changed(3) == result.top_changed(3)


@pytest.mark.slow
def test_dask_distributed_executor(tmp_path):
    import dask  # dask[distributed] is in the test extras
    import distributed

    src = archive(tmp_path)
    (src / "2019" / "corrupt.xml").unlink()
    with (dask.config.set({"temporary-directory": str(tmp_path)}),  # its scratch space, not /tmp's
          distributed.Client(processes=False, n_workers=1, threads_per_worker=2, dashboard_address=None) as client):
        results = run(collect([str(src)], host=get_host()), tmp_path / "out", executor=client.get_executor(), host=get_host())
    assert sum(not r.ok for r in results) == 1 and sum(r.ok for r in results) == 7


@pytest.mark.slow
def test_interrupted_run_then_skip_existing_completes_the_tree(tmp_path):
    src = tmp_path / "many"
    src.mkdir()
    for i in range(150):
        shutil.copy(FIXTURES / "quirks.trf", src / f"event{i:03d}.trf")
    out = tmp_path / "out"
    cmd = [sys.executable, "-m", "brightwell_plugin.cli", "batch", str(src), "--out", str(out), "--jobs", "1"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(out.glob("*.trf"))) < 10:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    partial = len(list(out.glob("*.trf")))
    assert 10 <= partial < 150  # really interrupted mid-way
    done = subprocess.run(cmd + ["--skip-existing"], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    # the whole tree reported: the files the killed run wrote as coming from it (its journal's, or ranked again)
    assert f"150 ranked ({partial} by an earlier run), 0 skipped" in done.stdout
    assert not list(out.rglob("*.tmp"))
    expected = (out / "event000.trf").read_bytes()
    assert all((out / f"event{i:03d}.trf").read_bytes() == expected for i in range(150))


@pytest.mark.slow
def test_progress_bar_on_a_terminal(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    for i in range(6):
        shutil.copy(FIXTURES / "othello_open.xml", src / f"e{i}.xml")
    (src / "bad.xml").write_text("<tournament")
    master, slave = pty.openpty()
    chunks: list[bytes] = []

    def drain():
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # the other end closed
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain)
    reader.start()
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm"}
    done = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "batch", str(src), "--out",
                           str(tmp_path / "out"), "--jobs", "1"], stderr=slave, stdout=subprocess.PIPE,
                          text=True, env=env)
    os.close(slave)
    reader.join(timeout=60)
    os.close(master)
    screen = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", b"".join(chunks).decode(errors="replace"))
    assert done.returncode == 1 and "6 ranked, 0 skipped, 1 failed of 7 files" in done.stdout
    assert "re-ranking" in screen and "7/7" in screen and "1 failed" in screen
    assert re.search(r"(?<![\d.])\d+ files/s", screen)  # the rate, as a whole number
    assert "None" not in screen and not re.search(r"\d\.\d+ files/s", screen)
    assert "bad.xml" in screen  # the failure is shown as it happens


@pytest.mark.slow
def test_batch_on_a_dask_cluster_of_two_worker_processes_equals_a_local_run(tmp_path):
    import dask
    import distributed

    src = archive(tmp_path)
    local_out, local_report = tmp_path / "local", tmp_path / "local-report"
    local = CliRunner().invoke(main, ["batch", str(src), "--out", str(local_out), "--jobs", "2",
                                      "--report", str(local_report)])
    with (dask.config.set({"temporary-directory": str(tmp_path)}),
          distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None) as cluster):
        cluster_out, cluster_report = tmp_path / "cluster", tmp_path / "cluster-report"
        remote = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "batch", str(src), "--out",
                                 str(cluster_out), "--scheduler", cluster.scheduler_address,
                                 "--report", str(cluster_report)], capture_output=True, text=True)
    assert remote.returncode == local.exit_code == 1  # the archive's two broken files
    assert checksums(cluster_out) == checksums(local_out)
    assert remote.stdout.splitlines()[0] == local.stdout.splitlines()[0]  # "7 ranked, 0 skipped, 2 failed ..."

    def entries(report, out):
        data = json.loads(report.with_suffix(".json").read_text().replace(str(out), "OUT"))
        return data["summary"], sorted(data["files"], key=lambda f: f["source"])
    assert entries(cluster_report, cluster_out) == entries(local_report, local_out)
    rows = [sorted(r.with_suffix(".csv").read_text().replace(str(o), "OUT").splitlines())
            for r, o in ((cluster_report, cluster_out), (local_report, local_out))]
    assert rows[0] == rows[1]


@pytest.mark.slow
def test_an_unreachable_scheduler_is_one_line(tmp_path):
    """Refused once the connection's time, as Dask's configuration gives it, is over (1 s here)."""
    dask = pytest.importorskip("dask")
    src = archive(tmp_path)
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        r = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "o"), "--scheduler",
                                      "tcp://127.0.0.1:9"])
    assert r.exit_code == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in r.output
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").iterdir())


def test_the_report_compares_with_the_order_the_file_lists(tmp_path):
    """FlipTheDisc's standings listed in another order than computed: the two players whose places
    the file gives otherwise are the ones reported moved, by the difference of their places."""
    data = json.loads((FIXTURES / "othello_open.ftd.json").read_text())
    first, third = data["standings"][0], data["standings"][2]
    data["standings"][0], data["standings"][2] = third, first
    src = tmp_path / "src"
    src.mkdir()
    name = "open_championship_of_the_riverside_club_2026.json"  # longer than a chart label used to be
    (src / name).write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out"), "--report",
                                       str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    [report] = json.loads((tmp_path / "report.json").read_text())["files"]
    moved = {m["start_no"]: (m["before"], m["after"], m["change"]) for m in report["moved"]}
    assert moved == {first["player_id"]: (3, 1, 2), third["player_id"]: (1, 3, -2)}
    svg = re.search(r"<svg [^>]*width=\"(\d+)\".*?</svg>", (tmp_path / "report.html").read_text(), re.S)
    label, value = re.findall(r"<text x=\"([\d.]+)\"[^>]*>([^<]*)</text>", svg[0])[:2]
    assert name in label[1]  # the file's name whole
    assert float(value[0]) + 7 * len(value[1]) <= int(svg[1])  # the value inside the chart


def test_outputs_keep_the_suffix_as_the_input_spells_it(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(FIXTURES / "othello_open.elo", src / "WOC.ELO")
    shutil.copy(FIXTURES / "quirks.trf", src / "club.TRF")
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir() if not p.name.startswith(".")) == ["WOC.ELO", "club.TRF"]


def test_the_report_says_what_before_is_ranks_points_or_nothing(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    stored = {"ranks.elo": "othello_open.elo", "points.txt": "sp/othello_open.txt", "nothing.xml": "othello_open.xml"}
    for name, fixture in stored.items():
        shutil.copy(FIXTURES / fixture, src / name)
    report = tmp_path / "report"
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out"), "--report", str(report)])
    assert result.exit_code == 0, result.output
    files = {Path(f["source"]).name: f for f in json.loads(report.with_suffix(".json").read_text())["files"]}
    assert {name: f["before_from"] for name, f in files.items()} == {
        "ranks.elo": "ranks", "points.txt": "points", "nothing.xml": None}
    rows = {row["source"].rsplit("/", 1)[-1]: row for row in csv.DictReader(io.StringIO(
        report.with_suffix(".csv").read_text()))}
    assert {name: row["before_from"] for name, row in rows.items()} == {
        "ranks.elo": "ranks", "points.txt": "points", "nothing.xml": ""}
    # BQ reads no rules for unplayed rounds; the SP export's default list (BH, SB) does, and has no date
    assert {name: row["ranked_by"] for name, row in rows.items()} == {
        "ranks.elo": "", "points.txt": "fide-2026 (no date)", "nothing.xml": ""}
    assert files["points.txt"]["ranked_by_default"] and not files["ranks.elo"]["ranked_by_default"]
    page = report.with_suffix(".html").read_text()

    def row(name: str) -> str:
        return next(line for line in page.splitlines() if line.startswith("<tr><td>") and name in line)
    assert "the order of the stored points" in row("points.txt")
    assert "no order stored" in row("nothing.xml")
    assert "stored points" not in row("ranks.elo") and "no order" not in row("ranks.elo")


def _far_numbered(path: Path) -> None:
    """The fixture event with its players numbered from 20001: TRF cannot hold the numbers."""
    from dataclasses import replace
    t = api.load(ROOT / "fixtures" / "othello_open.xml").tournament
    far = {p.start_no: p.start_no + 20000 for p in t.players}
    api.write(replace(t, players=tuple(replace(p, start_no=far[p.start_no], rounds=tuple(
        replace(e, opponent=far[e.opponent]) if e.opponent else e for e in p.rounds)) for p in t.players)), path, "xml")


def test_batch_renumbers_as_convert_does(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    _far_numbered(src / "far.xml")
    plain = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "a"), "--to", "trf", "--jobs", "1"])
    assert plain.exit_code != 0 and "--renumber numbers the players 1..n" in plain.output
    done = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "b"), "--to", "trf", "--jobs", "1",
                                     "--renumber"])
    assert done.exit_code == 0, done.output
    written = api.load(tmp_path / "b" / "far.trf").tournament
    assert sorted(p.start_no for p in written.players) == list(range(1, len(written.players) + 1))
    before = api.rank(api.load(src / "far.xml").tournament)
    spec = ",".join(item.text for item in before.items)
    assert [(r.name, r.values) for r in api.rank(written, spec).rows] == [(r.name, r.values) for r in before.rows]


def test_batch_strict_refuses_a_file_read_in_part_as_convert_does(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    text = (ROOT / "fixtures" / "papp" / "dialects" / "papp133.elo").read_text()
    (src / "partial.elo").write_text(text.replace("   101 (40)>(24)    102 B", "   101 (40)>(34)    102 B", 1))
    lenient = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "a"), "--jobs", "1"])
    assert lenient.exit_code == 0, lenient.output
    strict = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "b"), "--jobs", "1", "--strict"])
    assert strict.exit_code != 0 and "refused with --strict" in strict.output
    assert not (tmp_path / "b" / "partial.elo").exists()
