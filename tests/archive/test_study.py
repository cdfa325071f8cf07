"""brightwell study: the counts of an archive whose tie structure is known, asserted one by one;
two runs write the same bytes; a page in a real browser shows what study.json holds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin.adapters.xml.format import XmlFormat
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main

RULES = ["PTS,WIN", "PTS,SB", "PTS,BH"]


def _ties(year: str, name: str = "Known ties"):
    """Four players, three rounds: 1-3 1-0, 2-4 draw; 1-4 draw, 2-3 1-0; 1-2 draw, 3-4 1-0. Points
    2, 2, 1, 1: two pairs tied on points, (1, 2) and (3, 4). WIN parts 3 and 4 (3 won a game),
    SB too but the other way (4's draws were against the leaders: SB 2 against 1), BH parts
    nobody (4 and 4, 5 and 5). The file stores the order 1, 2, 3, 4."""
    b = TournamentBuilder(name, rounds=3, system="swiss", start_date=f"{year}-05-01")
    for no in (1, 2, 3, 4):
        b.player(no, f"Player {no}", stored_rank=no)
    b.game(1, 1, 3, result="win").game(1, 2, 4, result="draw")
    b.game(2, 1, 4, result="draw").game(2, 2, 3, result="win")
    b.game(3, 1, 2, result="draw").game(3, 3, 4, result="win")
    return b.build()


def _no_ties(year: str):
    b = TournamentBuilder("No ties", rounds=1, system="swiss", start_date=f"{year}-06-01")
    return b.player(1, "Ann").player(2, "Bob").game(1, 1, 2, result="win").build()


@pytest.fixture
def archive(tmp_path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "a_ties.xml").write_bytes(XmlFormat().dumps(_ties("2020")))
    (folder / "b_no_ties.xml").write_bytes(XmlFormat().dumps(_no_ties("2021")))
    (folder / "c_entrants.xml").write_bytes(XmlFormat().dumps(
        TournamentBuilder("Entrants", rounds=5).player(1, "A").player(2, "B").build()))
    (folder / "d_broken.xml").write_text("<tournament", encoding="utf-8")
    return folder


def _study(archive: Path, report: Path, *extra: str):
    args = ["study", str(archive), *[a for rule in RULES for a in ("--rule", rule)], "--report", str(report),
            "--jobs", "2", *extra]
    return CliRunner().invoke(main, args)


def test_every_count_of_an_archive_of_known_ties(tmp_path, archive):
    result = _study(archive, tmp_path / "report")
    assert result.exit_code == 1, result.output  # the broken file failed
    doc = json.loads((tmp_path / "report" / "study.json").read_text(encoding="utf-8"))
    assert doc["counts"] == {"events": 4, "studied": 2, "skipped": 1, "failed": 1}
    assert [(r["rule"], r["events"], r["tied_pairs"], [b["pairs"] for b in r["broken"]], r["shared"],
             r["follows"], r["does_not_follow"]) for r in doc["per_rule"]] == [
        ("PTS,WIN", 2, 2, [0, 1], 1, 1, 0),  # the second event stores no order
        ("PTS,SB", 2, 2, [0, 1], 1, 0, 1),
        ("PTS,BH", 2, 2, [0, 0], 2, 1, 0)]
    assert [r["share_broken"] for r in doc["per_rule"]] == [0.5, 0.5, 0.0]
    pairs = {(p["first"], p["second"]): p for p in doc["per_pair"]}
    win_sb, win_bh, sb_bh = pairs["PTS,WIN", "PTS,SB"], pairs["PTS,WIN", "PTS,BH"], pairs["PTS,SB", "PTS,BH"]
    assert (win_sb["moved"], win_sb["swapped"], win_sb["title_changed"], win_sb["top_changed"]) == (2, 1, 0, 1)
    assert (win_bh["moved"], win_bh["swapped"], win_bh["title_changed"], win_bh["top_changed"]) == (1, 0, 0, 1)
    assert (sb_bh["moved"], sb_bh["swapped"], sb_bh["title_changed"], sb_bh["top_changed"]) == (1, 0, 0, 1)
    assert win_sb["place_changes"] == {"0": 4, "1": 2}  # the two players of the event without ties: 0
    assert win_bh["place_changes"] == {"0": 5, "1": 1} == sb_bh["place_changes"]
    assert [(y["year"], [(r["tied_pairs"], r["broken"]) for r in y["rules"]]) for y in doc["by_year"]] == [
        ("2020", [(2, 1), (2, 1), (2, 0)]), ("2021", [(0, 0), (0, 0), (0, 0)])]
    events = {Path(e["source"]).name: e for e in doc["events"]}
    assert events["c_entrants.xml"]["status"] == "skipped" and events["c_entrants.xml"]["error"] == "no round played"
    assert events["d_broken.xml"]["status"] == "failed" and "d_broken.xml" in events["d_broken.xml"]["error"]
    [failure] = doc["failures"]  # grouped by cause: the message with its places blanked, and its events
    assert failure["count"] == 1 and failure["events"] == [events["d_broken.xml"]["source"]]
    assert failure["cause"] in events["d_broken.xml"]["error"].replace("line 1", "line N")
    assert f"failed (1): {failure['cause']}" in result.output
    assert "Failures by cause" in (tmp_path / "report" / "index.html").read_text(encoding="utf-8")
    page = tmp_path / "report" / events["a_ties.xml"]["page"]
    assert page.is_file() and "Player 3" in page.read_text(encoding="utf-8")
    assert events["b_no_ties.xml"]["page"] is None


def test_a_rule_that_cannot_rank_an_event_is_counted_apart(tmp_path, archive):
    """DISCS needs game scores: the event is studied under the other rules, the rule's error kept."""
    args = ["study", str(archive / "a_ties.xml"), "--rule", "PTS,WIN", "--rule", "PTS,DISCS",
            "--report", str(tmp_path / "r")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "r" / "study.json").read_text(encoding="utf-8"))
    assert [(r["events"], r["errors"]) for r in doc["per_rule"]] == [(1, 0), (0, 1)]
    assert doc["per_pair"][0]["events"] == 0
    assert "game scores" in doc["events"][0]["rules"][1]["error"]


def test_two_runs_write_the_same_bytes(tmp_path, archive):
    for name in ("one", "two"):
        _study(archive, tmp_path / name, "--jobs", "1" if name == "one" else "2")
    for name in ("study.json", "study.csv", "index.html"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name


def test_a_bad_rule_is_refused_before_any_file_is_read(tmp_path, archive):
    result = CliRunner().invoke(main, ["study", str(archive), "--rule", "PTS,NOPE", "--report", str(tmp_path / "r")])
    assert result.exit_code != 0 and "NOPE" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "r").exists()


def test_a_later_walk_of_the_archive_leaves_the_report_out(tmp_path, archive):
    report = archive / "report"
    assert _study(archive, report).exit_code == 1
    again = _study(archive, tmp_path / "second")
    assert "left out" in again.output
    doc = json.loads((tmp_path / "second" / "study.json").read_text(encoding="utf-8"))
    assert doc["counts"]["events"] == 4


CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="the system's Chromium is not installed (.ci/run installs it)")
def test_the_report_in_a_browser_shows_study_json_with_no_error_and_no_outside_request(tmp_path, archive):
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extras)")
    _study(archive, tmp_path / "report")
    doc = json.loads((tmp_path / "report" / "study.json").read_text(encoding="utf-8"))
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-extensions"])
        page = browser.new_page()
        errors, requests = [], []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("request", lambda r: requests.append(r.url))
        index = tmp_path / "report" / "index.html"
        page.goto(index.as_uri())
        shown = page.eval_on_selector_all("#rules tbody tr", """rows => rows.map(r => Object.fromEntries(
            [...r.querySelectorAll('[data-key]')].map(c => [c.dataset.key, Number(c.textContent)])))""")
        assert shown == [{k: r[k] for k in ("events", "errors", "tied_pairs", "shared", "follows", "does_not_follow")}
                         for r in doc["per_rule"]]
        pairs = page.eval_on_selector_all("#pairs tbody tr", """rows => rows.map(r => Object.fromEntries(
            [...r.querySelectorAll('[data-key]')].map(c => [c.dataset.key, Number(c.textContent)])))""")
        assert pairs == [{k: p[k] for k in ("events", "moved", "swapped", "title_changed", "top_changed")}
                         for p in doc["per_pair"]]
        counts = page.eval_on_selector_all("#counts [data-key]", "cs => cs.map(c => [c.dataset.key, Number(c.textContent)])")
        assert dict(counts) == {k: doc["counts"][k] for k in ("studied", "skipped", "failed")}
        changed = [e for e in doc["events"] if any(p["title_changed"] or p["top_changed"] for p in e["pairs"])]
        assert page.locator("#changed tbody tr").count() == len(changed) == 1
        page.select_option("select[data-filter=year]", "2020")
        assert page.locator("#shown").text_content() == "1"
        page.click("#changed tbody a")
        assert page.title().endswith("the rules compared")
        assert page.locator("tr.moved").count() == 2  # players 3 and 4
        page.click("text=Back to the study")
        assert page.url == index.as_uri()
        browser.close()
    assert errors == []
    assert [u for u in requests if not u.startswith((tmp_path / "report").as_uri())] == []


@pytest.mark.slow
def test_a_study_on_a_dask_cluster_writes_what_a_local_run_writes(tmp_path, archive):
    import subprocess
    import sys
    dask = pytest.importorskip("dask", reason="dask is not installed (the test extras)")
    distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed (the test extras)")
    _study(archive, tmp_path / "local")
    with (dask.config.set({"temporary-directory": str(tmp_path)}),
          distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=None) as cluster):
        remote = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "study", str(archive),
                                 *[a for rule in RULES for a in ("--rule", rule)], "--report", str(tmp_path / "cluster"),
                                 "--scheduler", cluster.scheduler_address], capture_output=True, text=True)
    assert remote.returncode == 1, remote.stderr  # the broken file
    for name in ("study.json", "study.csv", "index.html"):
        assert (tmp_path / "cluster" / name).read_bytes() == (tmp_path / "local" / name).read_bytes(), name


@pytest.mark.parametrize("name", ["study.csv", "study.json", "index.html"])
def test_the_report_never_replaces_an_input_it_would_be_written_over(tmp_path, name):
    """An event named as a report file, in the folder named for the report: refused before anything
    is read, the event as it was (it was once replaced by the report, exit 0)."""
    folder = tmp_path / "events"
    folder.mkdir()
    event = folder / name
    event.write_bytes(XmlFormat().dumps(_ties("2020")))
    before = event.read_bytes()
    result = CliRunner().invoke(main, ["study", str(event), "--rule", "PTS,BH", "--report", str(folder)])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"{event}: is an input file" in result.stderr
    assert event.read_bytes() == before and sorted(p.name for p in folder.iterdir()) == [name]
