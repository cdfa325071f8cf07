"""tsh's published tourney.js: the same meaning as the .t files, one division per event."""

from __future__ import annotations

import json

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import get_host
from support.make_fixtures import FIXTURES, as_tourney_js
from support.samples import research

SHARED = research("formats", "tsh")


def test_reads_like_the_t_file(tmp_path):
    t_file = FIXTURES / "tsh" / "a.t"
    data = {"config": {"event_name": "Fixture Club Day", "max_rounds": 4, "standings_spread_cap": [60, 60, 60, 60]},
            "divisions": [as_tourney_js(t_file.read_text(encoding="latin-1"), "A"), {"name": "B", "players": [None]}]}
    path = tmp_path / "tourney.js"
    path.write_text("// written by tsh\nnewt = " + json.dumps(data) + ";\n")
    loaded = api.load(path)
    assert loaded.format == "tsh-js" and any("2 divisions (A, B); read A" in w for w in loaded.warnings)
    from_t = api.rank(api.load(t_file).tournament, "PTS,SPREAD:cap=60,WIN")
    from_js = api.rank(loaded.tournament, "PTS,SPREAD:cap=60,WIN")
    assert [(r.start_no, r.values) for r in from_js.rows] == [(r.start_no, r.values) for r in from_t.rows]
    assert api.load(path, part="B").tournament.players == ()
    with pytest.raises(BrightwellError, match="no division 'C' \\(divisions: A, B\\)"):
        api.load(path, part="C")


def test_the_id_tsh_writes_after_a_name_is_kept_as_an_id(tmp_path):
    division = as_tourney_js((FIXTURES / "tsh" / "a.t").read_text(encoding="latin-1"), "A")
    names = [p["name"] for p in division["players"][1:]]
    division["players"][1]["name"] = f"{names[0]}:XT017175"
    division["players"][2]["name"] = f"{names[1]}: Club 7"  # a colon that ends no id: part of the name
    path = tmp_path / "tourney.js"
    path.write_text("newt = " + json.dumps({"config": {}, "divisions": [division]}) + ";\n")
    players = api.load(path).tournament.players
    assert (players[0].name, players[0].ids) == (names[0], (("tsh", "XT017175"),))
    assert (players[1].name, players[1].ids) == (f"{names[1]}: Club 7", ())
    from brightwell_plugin.adapters.tsh.format import TshFormat
    assert "player ids: tsh (a .t line has no place for them)" in TshFormat().cannot_carry(api.load(path).tournament)


def test_the_real_generated_tourney_js_equals_its_t_files():
    js = SHARED / "tourney_generated_3div_7rounds.js"
    if not js.exists():
        pytest.skip("shared research samples not present")
    for division in "ABC":
        from_js = api.rank(api.load(js, part=division).tournament, "PTS,SPREAD")
        t_file = SHARED / "generated_from_tourney_js" / f"{division.lower()}.t"
        from_t = api.rank(api.load(t_file).tournament, "PTS,SPREAD")
        assert [(r.start_no, r.values) for r in from_js.rows] == [(r.start_no, r.values) for r in from_t.rows]


def test_the_real_published_tourney_js_in_progress():
    js = SHARED / "lps_2025_north_american_school_championship_tourney.js"
    if not js.exists():
        pytest.skip("shared research samples not present")
    t = api.load(js).tournament
    assert len(t.players) == 37 and t.rounds == 8 and t.rounds_played == 1  # round 2 paired, not played
    assert all(":X" not in p.name and dict(p.ids)["tsh"].startswith("X") for p in t.players)


def test_batch_ranks_each_division_as_an_event(tmp_path):
    t_file = FIXTURES / "tsh" / "a.t"
    data = {"config": {"event_name": "Two Divisions", "max_rounds": 4},
            "divisions": [as_tourney_js(t_file.read_text(encoding="latin-1"), "A"), as_tourney_js(t_file.read_text(encoding="latin-1"), "B 2")]}
    archive = tmp_path / "in"
    archive.mkdir()
    (archive / "tourney.js").write_text("newt = " + json.dumps(data) + ";\n")
    from brightwell_plugin.archive.batch import OUTPUT_TAG, collect, run
    from brightwell_plugin.archive.journal import JOURNAL
    jobs = collect([str(archive)], host=get_host())
    assert [(j.part, j.relative.name) for j in jobs] == [("A", "tourney-A"), ("B 2", "tourney-B_2")]
    results = run(jobs, tmp_path / "out", jobs_count=1, host=get_host())
    assert [r.source for r in results] == [f"{archive / 'tourney.js'}#A", f"{archive / 'tourney.js'}#B 2"]
    assert all(r.ok for r in results)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [OUTPUT_TAG, JOURNAL, "tourney-A.xml",
                                                                   "tourney-B_2.xml"]
    back = api.load(tmp_path / "out" / "tourney-B_2.xml").tournament
    assert back.name == "Two Divisions - division B 2" and len(back.players) == 5
