"""Which rules for unplayed rounds rank an event (brightwell_plugin/editions.py): chosen by its date,
read from every spelling real files use, or by ``--edition``; a file without a date it can read
ranked by the newest, with one warning; ``check``, ``check --order``, ``explain``, ``batch`` and
``study`` honour ``--edition`` and say which rules ranked each file; ICU's ``0000 -`` rounds read as
the byes the stored points count."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.lines import iso_date, short_dates
from brightwell_plugin.adapters.xml.format import XmlFormat
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main
from brightwell_plugin.criteria.unplayed import edition_of_date
from brightwell_plugin.model import Kind
from support.samples import present, research

SPEC = "PTS,BH"


def three_orders(date: str | None = "2015-04-04", stored: str | int | None = None):
    """Six players, three rounds, byes of three kinds and absences: FIDE's rules of 2009, C.07 of
    2026 and the ICU program's convention order them three ways under PTS,BH. ``stored``: the
    places the file stores, as that rule set ranks them."""
    b = TournamentBuilder("Three orders", rounds=3, game="chess", system="swiss", start_date=date)
    for no in range(1, 7):
        b.player(no, f"P{no}")
    b.bye(1, 2, Kind.HALF_BYE).game(1, 1, 3, result="loss").game(1, 4, 6, result="win")  # 5 absent
    b.bye(2, 4, Kind.PAB).game(2, 5, 6, result="draw").game(2, 1, 2, result="draw")  # 3 absent
    b.game(3, 4, 1, result="loss").game(3, 3, 5, result="draw").game(3, 2, 6, result="loss")
    t = b.build()
    if stored is not None:
        t = api.with_standings(t, api.rank(t, SPEC, edition=stored))
    return t


def orders(t) -> dict:
    return {ed: [r.start_no for r in api.rank(t, SPEC, edition=ed).rows] for ed in (2009, 2024, 2026, "icu")}


def test_the_event_orders_three_ways():
    found = orders(three_orders())
    assert len({tuple(found[ed]) for ed in (2009, 2026, "icu")}) == 3
    assert found[2009] == orders(three_orders("2015-04-04"))[2009] == [r.start_no for r in api.rank(
        three_orders(), SPEC).rows]  # dated 2015: 2009's rules by default


@pytest.mark.parametrize("date, edition", [
    ("2005-07-28", 2009), ("2023-06-30", 2009), ("2023-07-01", 2024), ("2026-02-28", 2024), ("2026-03-01", 2026),
    (None, 2026), ("", 2026), ("not a date", 2026),
])
def test_the_edition_in_force_on_a_date(date, edition):
    assert edition_of_date(date) == edition
    assert edition_of_date(date, oldest=2024) == max(edition, 2024)  # FIDE's checker knows none older


@pytest.mark.parametrize("text, iso", [
    ("2011/07/02", "2011-07-02"), ("2008-06-07", "2008-06-07"), ("25.02.2011", "2011-02-25"),
    ("24/09/2010", "2010-09-24"), ("28. 07. 2005", "2005-07-28"), ("May 29, 2020", "2020-05-29"),
    ("Jun 26, 2020", "2020-06-26"), ("29 May 2020", "2020-05-29"), ("10.09.13", None), ("32.01.2020", None),
    ("Foo 1, 2020", None),
])
def test_every_date_spelling_of_the_real_trfs(text, iso):
    assert iso_date(text) == iso


def test_a_two_digit_year_reads_in_the_one_order_that_keeps_the_dates_in_order():
    rounds = "10.09.13  10.09.25  10.10.16  11.03.13".split()
    assert short_dates("10.09.13", "11.03.13", rounds) == ("2010-09-13", "2011-03-13")  # YY/MM/DD, as 132's
    assert short_dates("11.09.26", "12.04.01", []) == ("2011-09-26", "2012-04-01")
    assert short_dates("25.02.11", "27.02.11", []) is None  # YY.MM.DD and DD.MM.YY both fit: no date
    assert short_dates("10.09.13", None, []) is None  # a lone date says nothing of its order


@pytest.mark.parametrize("name, day", [
    ("trf_data/karl_mala_2005_trf16.trf", "2005-07-28"), ("trf_data/lichess_swiss_FaLp5fSD_2020.trf", "2020-05-29"),
    ("trf/icu_armstrong_2011.tab", "2010-09-13"),
])
def test_the_real_files_dates_read(name, day):
    path = research("corpus", *name.split("/"))
    present(path)
    assert api.load(path).tournament.start_date == day


def _line(no: int, name: str, points: float, rank: int, *blocks: str) -> str:
    head = f"001 {no:4d}      {name:<33} {'':>4} {'':<3} {'':>11} {'':<10} {points:4.1f} {rank:>4}"
    return head + "  " + "  ".join(blocks)


def test_icu_dash_rounds_are_the_byes_their_stored_points_count(tmp_path):
    """icu_tournament's Krause reader (fix_sum): each half point the stored total holds above the
    results makes a ``0000 -`` round a half-point bye, the earliest first; half points beyond one a
    round make the earliest of them full-point byes."""
    lines = ["012 Dashes", "042 2011/07/02", "XXR 3",
             _line(1, "Half, One", 1.5, 1, "   2 w 1", "0000 -  ", "0000 -  "),
             _line(2, "Whole, Two", 1.0, 2, "   1 b 0", "0000 -  ", "   3 w 0"),
             _line(3, "Two halves, Three", 2.0, 3, "0000 -  ", "0000 -  ", "   2 b 1"),
             _line(4, "None, Four", 0.0, 4, "0000 -  ", "0000 -  ", "0000 -  ")]
    path = tmp_path / "dashes.tab"
    path.write_text("\n".join(lines) + "\n")
    loaded = api.load(path)
    kinds = {p.start_no: [e.kind for e in p.rounds] for p in loaded.tournament.players}
    assert kinds[1] == [Kind.GAME, Kind.HALF_BYE, Kind.ABSENT]
    assert kinds[2] == [Kind.GAME, Kind.FULL_BYE, Kind.GAME]
    assert kinds[3] == [Kind.HALF_BYE, Kind.HALF_BYE, Kind.GAME]
    assert kinds[4] == [Kind.ABSENT] * 3
    assert all(p.stored_points == loaded.tournament.scoring.total(p.rounds) for p in loaded.tournament.players)
    assert any("3 read as half-point byes and 1 as full-point byes" in w for w in loaded.warnings)


@pytest.mark.parametrize("name", ["icu_irish_junior_champs_2011.tab", "icu_irish_intermediate_champs_2011.tab"])
def test_the_irish_files_points_are_their_stored_points(name):
    path = research("corpus", "trf", name)
    present(path)
    t = api.load(path).tournament
    assert [p.stored_points for p in t.players] == [t.scoring.total(p.rounds) for p in t.players]
    assert api.check_order(t, ["PTS"])[0].inversions == ()


# -- the commands ------------------------------------------------------------------------------------

def _write(tmp_path, t, name="event.trf"):
    path = tmp_path / name
    api.write(t, path, "trf")
    return path


def test_check_order_says_which_rules_the_stored_order_follows(tmp_path):
    """A file of October 2024 whose stored order is 2009's: not C.07's of its date, nor 2026's, nor ICU's."""
    path = _write(tmp_path, three_orders(date="2024-10-01", stored=2009))
    out = CliRunner().invoke(main, ["check", str(path), "--order", SPEC])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith(f"does not follow {SPEC} under FIDE C.07 of 2023-2024, by its date 2024-10-01: ")
    assert lines[1:] == [f"follows {SPEC} under FIDE's rules of 2009-2022 (--edition 2009)"]
    only = CliRunner().invoke(main, ["check", str(path), "--order", SPEC, "--edition", "2026"])
    assert only.exit_code == 1 and len(only.output.splitlines()) == 1
    assert only.output.startswith(f"does not follow {SPEC} under FIDE C.07 of 2026, --edition 2026: ")
    named = CliRunner().invoke(main, ["check", str(path), "--order", SPEC, "--edition", "2009"])
    assert named.exit_code == 0
    assert named.output == f"follows {SPEC} under FIDE's rules of 2009-2022, --edition 2009\n"
    icu = _write(tmp_path, three_orders(stored="icu"), "icu.trf")
    none = CliRunner().invoke(main, ["check", str(icu), "--order", "PTS,WIN"])  # no item reads the rules: no search
    assert len(none.output.splitlines()) == 1 and "under" not in none.output


def test_check_says_under_which_rules_none_differ(tmp_path):
    path = _write(tmp_path, three_orders(stored=2026))
    out = CliRunner().invoke(main, ["check", str(path), "-t", SPEC])
    assert out.exit_code == 1
    assert "ranked under FIDE's rules of 2009-2022, by its date 2015-04-04" in out.output
    assert "none differ under FIDE C.07 of 2026 (--edition 2026)" in out.output
    assert CliRunner().invoke(main, ["check", str(path), "-t", SPEC, "--edition", "2026"]).exit_code == 0


def test_explain_and_rank_honour_the_edition(tmp_path):
    path = _write(tmp_path, three_orders())
    said = {ed: CliRunner().invoke(main, ["explain", str(path), "2", "-t", "BH", "--edition", ed]).output
            for ed in ("2009", "2024", "icu")}
    assert "virtual opponent" in said["2009"] and "dummy opponent" in said["2024"] and "0 points" in said["icu"]
    ranked = CliRunner().invoke(main, ["rank", str(path), "-t", SPEC, "--edition", "icu", "--output-format", "csv"])
    assert [int(row["start_no"]) for row in csv.DictReader(io.StringIO(ranked.output))] == orders(three_orders())["icu"]


def test_an_undated_file_is_ranked_by_the_newest_rules_with_one_warning(tmp_path):
    path = _write(tmp_path, three_orders(date=None))
    out = CliRunner().invoke(main, ["rank", str(path), "-t", SPEC, "--output-format", "csv"])
    warnings = [line for line in out.stderr.splitlines() if "no date it can read" in line]
    assert len(warnings) == 1 and "ranked by FIDE C.07 of 2026" in warnings[0] and str(path) in warnings[0]
    assert [int(row["start_no"]) for row in csv.DictReader(io.StringIO(out.stdout))] == orders(three_orders())[2026]
    chosen = CliRunner().invoke(main, ["rank", str(path), "-t", SPEC, "--edition", "2009"])
    dated = CliRunner().invoke(main, ["rank", str(_write(tmp_path, three_orders(), "dated.trf")), "-t", SPEC])
    no_edition = CliRunner().invoke(main, ["rank", str(path), "-t", "PTS,WIN"])
    assert "no date" not in chosen.stderr + dated.stderr + no_edition.stderr  # PTS,WIN reads no edition


@pytest.fixture
def archive(tmp_path):
    folder = tmp_path / "archive"
    folder.mkdir()
    (folder / "dated_2015.xml").write_bytes(XmlFormat().dumps(three_orders(stored=2009)))
    (folder / "undated.xml").write_bytes(XmlFormat().dumps(three_orders(date=None, stored=2026)))
    (folder / "today.xml").write_bytes(XmlFormat().dumps(three_orders(date="2026-04-01", stored=2026)))
    return folder


def test_batch_says_which_rules_ranked_each_file(tmp_path, archive):
    report = tmp_path / "report"
    out = CliRunner().invoke(main, ["batch", str(archive), "--out", str(tmp_path / "out"), "-t", SPEC,
                                    "--report", str(report), "--jobs", "1"])
    assert out.exit_code == 0, out.output
    doc = json.loads(report.with_suffix(".json").read_text())
    by = {f["source"].rsplit("/", 1)[-1]: (f["ranked_by"], f["ranked_by_default"]) for f in doc["files"]}
    assert by == {"dated_2015.xml": ("fide-2009", False), "undated.xml": ("fide-2026", True),
                  "today.xml": ("fide-2026", False)}
    assert doc["summary"]["ranked_by_default"] == [str(archive / "undated.xml")]
    assert "1 ranked by FIDE C.07 of 2026 for want of a date" in out.output and "undated.xml" in out.output
    counts = [line for line in out.output.splitlines() if line.split(" ", 1)[0].isdigit() and " ranked" in line]
    assert counts == ["3 ranked, 0 skipped, 0 failed of 3 files"]  # the one line a script reads the counts from
    assert "for want of a date" in report.with_suffix(".html").read_text()
    # the stored orders are each ranked by its own rules: nothing moved
    assert all(not f["moved"] for f in doc["files"])
    again = CliRunner().invoke(main, ["batch", str(archive), "--out", str(tmp_path / "out2"), "-t", SPEC,
                                      "--report", str(tmp_path / "r2"), "--jobs", "1", "--edition", "icu"])
    files = json.loads((tmp_path / "r2.json").read_text())["files"]
    assert {f["ranked_by"] for f in files} == {"icu"} and not any(f["ranked_by_default"] for f in files)
    assert any(f["moved"] for f in files)


def test_study_says_how_many_places_todays_rules_would_change(tmp_path, archive):
    report = tmp_path / "study"
    out = CliRunner().invoke(main, ["study", str(archive), "--rule", SPEC, "--report", str(report), "--jobs", "1"])
    assert out.exit_code == 0, out.output
    doc = json.loads((report / "study.json").read_text())
    old = three_orders()
    then = {r.start_no: r.rank for r in api.rank(old, SPEC, edition=2009).rows}
    now = {r.start_no: r.rank for r in api.rank(old, SPEC, edition=2026).rows}
    moved = sum(1 for no in then if then[no] != now[no])
    (rule,) = doc["per_rule"]
    assert moved > 0 and (rule["older_rules_events"], rule["changed_by_today"], rule["moved_by_today"]) == (1, 1, moved)
    events = {e["source"].rsplit("/", 1)[-1]: e for e in doc["events"]}
    assert events["dated_2015.xml"]["rules"][0]["moved_by_today"] == moved
    assert events["today.xml"]["rules"][0]["moved_by_today"] is None  # ranked by today's rules already
    assert doc["ranked_by_default"] == [str(archive / "undated.xml")]
    assert f"today's rules (fide-2026) would move {moved} players in 1 of the 1 events" in out.output
    page = (report / "index.html").read_text()
    assert "What today's rules (fide-2026) would change" in page and "undated.xml" in page


@pytest.mark.parametrize("text", ["2011/07/02", "2008-06-07", "25.02.2011", "24/09/2010", "28. 07. 2005",
                                  "May 29, 2020", "10.09.13", "2005.07.28", "2005.07.28 10:00", " 2011/07/02", "2011/07/02  ", "", "not a date"])
def test_the_checkers_command_reads_a_date_as_gacrux_does(text):
    """brightwell-tiebreakchecker ranks by the edition gacrux takes, from the date as gacrux reads it."""
    helpers = pytest.importorskip("gacrux.helpers")
    from datetime import datetime

    from brightwell_plugin.gacrux.command import gacrux_day
    try:
        theirs = datetime.strptime(helpers.parse_date(text)[0:10], "%Y-%m-%d").date().isoformat()
    except ValueError:
        theirs = None
    assert gacrux_day(text) == theirs
