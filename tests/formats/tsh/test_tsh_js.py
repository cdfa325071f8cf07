"""tsh's published tourney.js: the same meaning as the .t files, one division per event."""

from __future__ import annotations

import json
import re

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Side
from brightwell_plugin.plugins.host import get_host
from support.make_fixtures import FIXTURES, as_tourney_js, last_round_awaiting
from support.samples import present, real_files, research
from support.tsh_js_text import formatted_tourney_js, tourney_js

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
    present(js)
    for division in "ABC":
        from_js = api.rank(api.load(js, part=division).tournament, "PTS,SPREAD")
        t_file = SHARED / "generated_from_tourney_js" / f"{division.lower()}.t"
        from_t = api.rank(api.load(t_file).tournament, "PTS,SPREAD")
        assert [(r.start_no, r.values) for r in from_js.rows] == [(r.start_no, r.values) for r in from_t.rows]


def test_the_real_published_tourney_js_in_progress():
    js = SHARED / "lps_2025_north_american_school_championship_tourney.js"
    present(js)
    t = api.load(js).tournament
    assert len(t.players) == 37 and t.rounds == 8 and t.rounds_played == 2  # round 2 paired, not played
    assert api.progress(t) == api.Progress(planned=8, played=1, paired=2)
    second = {p.start_no: p.rounds[1] for p in t.players}  # the opponents listed past the one score
    assert sum(e.kind is Kind.PAIRED for e in second.values()) == 36  # one player has a bye not yet entered
    assert all(second[e.opponent].opponent == no for no, e in second.items() if e.kind is Kind.PAIRED)
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


# -- tsh writes JavaScript, not JSON (issue 55) -------------------------------------------------------

TOURNEY_JS = research("corpus", "turn5", "tsh_tourneyjs")
_DIVISION_NAME = re.compile(r"""["']?maxrp["']?\s*:\s*[-0-9.]+\s*,\s*["']?name["']?\s*:\s*
                                ("(?:[^"\\]|\\.)*"|[-0-9.]+)""", re.VERBOSE)


def _names_as_written(text: str) -> list[str]:
    """The divisions' names in the file's order, found as tsh's writer lays a division out (its
    keys sorted: maxrp just before name), without reading the JavaScript; a file another program
    wrote as JSON (its keys in its own order), by Python's JSON."""
    found = [m[1].strip('"') for m in _DIVISION_NAME.finditer(text)]
    if found:
        return found
    body = re.sub(r"^\s*//[^\n]*\n", "", text, flags=re.M).strip()
    return [str(d["name"]) for d in json.loads(body[body.index("=") + 1:].rstrip(";"))["divisions"]]


@pytest.mark.parametrize("path", real_files("corpus/turn5/tsh_tourneyjs", "*.js"))
def test_every_published_tourney_js_reads_each_division_in_the_order_tsh_lists_them(path):
    text = path.read_text(encoding="utf-8")
    names = _names_as_written(text)
    assert names, "the file's divisions were not found as tsh writes them"
    parts = api.get_host().formats.parts(path)
    assert list(parts or names[:1]) == names
    starts = [text.index(f'"name": "{n}"') for n in names] if not _DIVISION_NAME.search(text) else \
        [m.start() for m in _DIVISION_NAME.finditer(text)]
    for k, name in enumerate(names):  # a player a 'pairings' key, from the division's name to the next
        chunk = text[starts[k]:starts[k + 1] if k + 1 < len(starts) else len(text)]
        players = len(re.findall(r"""["']?pairings["']?\s*:""", chunk))
        t = api.load(path, part=name if len(names) > 1 else None).tournament
        assert len(t.players) == players and api.rank(t).rows is not None


@pytest.mark.parametrize("path", real_files("corpus/turn5/tsh_tourneyjs", "*.js", holding=b"newt={"))
def test_a_tourney_js_means_what_its_json_would(path):
    """tsh's files differ from JSON by ``undefined`` alone: made null, Python's JSON reads the same."""
    from brightwell_plugin.adapters.tsh.javascript import load_javascript
    text = path.read_text(encoding="utf-8")
    body = re.sub(r"(?<=[:\[,])undefined(?=[,\]}])", "null", text[text.index("=") + 1:].rstrip().rstrip(";"))
    assert load_javascript(text, str(path)) == json.loads(body)


def _fixture_division() -> dict:
    division = as_tourney_js((FIXTURES / "tsh" / "a.t").read_text(encoding="latin-1"), "A")
    for p in division["players"][1:]:
        p.update(newr=None, photo=None, photomood=None)
    return division


@pytest.mark.parametrize("form", ["tsh", "formatted"])
def test_the_fixture_as_tsh_and_a_formatter_write_it_ranks_as_its_t_file(tmp_path, form):
    tournament = {"config": {"currency_symbol": None, "max_rounds": 4}, "profile": None,
                  "divisions": [_fixture_division(), {**_fixture_division(), "name": "b"}]}
    path = tmp_path / "tourney.js"
    path.write_text(tourney_js(tournament) if form == "tsh" else formatted_tourney_js(tournament), encoding="utf-8")
    assert api.detect_format(path).name == "tsh-js"
    assert api.get_host().formats.parts(path) == ("A", "b")
    from_t = api.rank(api.load(FIXTURES / "tsh" / "a.t").tournament, "PTS,SPREAD")
    for part in ("A", "a", "b", "B"):  # the name as written, else in another case, as every format chooses
        from_js = api.rank(api.load(path, part=part).tournament, "PTS,SPREAD")
        assert [(r.start_no, r.values) for r in from_js.rows] == [(r.start_no, r.values) for r in from_t.rows]
    with pytest.raises(BrightwellError, match=r"no division 'C' \(divisions: A, b\)"):
        api.load(path, part="C")


@pytest.mark.parametrize("where", ["pairings", "scores", "max_rounds", "1001"])
def test_a_tourney_js_beyond_the_round_limit_is_refused(tmp_path, where):
    division = _fixture_division()
    config = {"max_rounds": 4}
    if where == "max_rounds":
        config["max_rounds"] = 1002
    elif where == "1001":
        division["players"][1]["pairings"] = [2] * 1_001
    else:
        division["players"][1][where] = division["players"][1][where] * 300  # 1,200 rounds
    path = tmp_path / "tourney.js"
    path.write_text(tourney_js({"config": config, "divisions": [division]}))
    with pytest.raises(BrightwellError, match=r"tourney.js: .*round 1[0-9]{3} is beyond the limit of 1000 rounds"):
        api.load(path)


def test_a_tourney_js_pairing_without_its_scores_is_a_pairing_awaiting_its_result(tmp_path):
    """tsh publishes a round paired ahead as the opponents past the scores, as in its .t file."""
    division = as_tourney_js(last_round_awaiting((FIXTURES / "tsh" / "a.t").read_text(encoding="latin-1")), "A")
    path = tmp_path / "tourney.js"
    path.write_text(tourney_js({"config": {"max_rounds": 4}, "divisions": [division]}))
    t = api.load(path).tournament
    assert api.progress(t) == api.Progress(planned=4, played=3, paired=4)
    assert [(e.kind, e.opponent, e.side) for e in (t.player(1).rounds[3], t.player(5).rounds[3])] == [
        (Kind.PAIRED, 5, Side.SECOND), (Kind.PAIRED, 1, Side.FIRST)]
    assert len(t.player(4).rounds) == 3
