"""brightwell publish: the document equals the API's answers, the site is self-contained and put
in place at once, --watch republishes, the terminal table is never cut."""

from __future__ import annotations

import json
import re
import shutil
import sys
import threading

import markupsafe
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from support.make_fixtures import german_example
from support.samples import or_skip

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main
from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.crosstable import crosstable
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import get_host
from brightwell_plugin.publication import SCHEMA, VERSION, document
from brightwell_plugin.web import fragments
from brightwell_plugin.web import publish as site
from brightwell_plugin.web.pages import render_site
from support.samples import research
from support.paths import ROOT

WOF = research("formats", "papp", "wof_results")
SPEC = "PTS,BQ:preset=woc,DISCS,BH"


def real_events():
    return or_skip(sorted(WOF.glob("*.ELO"))[::9] if WOF.exists() else [])


def test_document_standings_after_each_round_are_the_api_rankings():
    t = api.load(api.sample_path()).tournament
    doc = document(t, SPEC, host=get_host())
    assert [s["after_round"] for s in doc["standings"]] == list(range(1, t.rounds_played + 1))
    for s in doc["standings"]:
        ranked = api.rank(t, SPEC, s["after_round"])
        assert [(r["start_no"], r["rank"], r["values"]) for r in s["rows"]] == \
            [(r.start_no, r.rank, list(r.values)) for r in ranked.rows]


def test_document_explanations_are_api_explain_for_every_player():
    t = api.load(api.sample_path()).tournament
    doc = document(t, SPEC, host=get_host())
    for p in t.players:
        expected = [e.as_dict() for e in api.explain(t, p.start_no, SPEC)]
        got = doc["explanations"][str(p.start_no)]
        assert [(e["item"], e["value"], [(q["label"], q["value"], q["detail"]) for q in e["parts"]])
                for e in got] == [(e["item"], e["value"], [(q["label"], q["value"], q["detail"]) for q in e["parts"]])
                                  for e in expected]


def test_comparison_lists_exactly_the_players_whose_place_differs():
    t = api.load(api.sample_path()).tournament
    doc = document(t, "PTS,BQ:preset=woc", compare="PTS,DISCS", host=get_host())
    a = {r.start_no: r.rank for r in api.rank(t, "PTS,BQ:preset=woc").rows}
    b = {r.start_no: r.rank for r in api.rank(t, "PTS,DISCS").rows}
    differ = {no for no in a if a[no] != b[no]}
    assert differ, "the sample should have players the two lists place differently"
    assert {m["start_no"] for m in doc["comparison"]["moved"]} == differ
    assert all(m["move"] == a[m["start_no"]] - b[m["start_no"]] for m in doc["comparison"]["moved"])


def test_document_is_json_with_its_schema_and_version_documented():
    t = api.load(api.sample_path()).tournament
    doc = json.loads(json.dumps(document(t, SPEC, "PTS,DISCS", host=get_host())))
    assert (doc["schema"], doc["version"]) == (SCHEMA, VERSION)
    schema_doc = (ROOT / "docs" / "standings-json.md").read_text()
    assert f"version {VERSION}" in schema_doc and SCHEMA in schema_doc
    documented = set(re.findall(r"^\| `([a-z_]+)` \|", schema_doc, re.M))
    keys = set(doc) | set(doc["event"]) | set(doc["players"][0]) | set(doc["players"][0]["rounds"][0]) \
        | set(doc["standings"][0]) | set(doc["standings"][0]["rows"][0]) | set(doc["comparison"]) \
        | set(doc["comparison"]["moved"][0])
    assert keys <= documented, sorted(keys - documented)


def test_crosstable_opponents_by_rank_and_byes_distinct():
    t = api.load(api.sample_path()).tournament
    s = api.rank(t)
    ct = crosstable(t, s)
    rank_of = {r.start_no: r.rank for r in s.rows}
    kinds = set()
    for row in ct.rows:
        for c in row.cells:
            kinds.add(c.kind)
            if c.opponent is not None:
                assert c.opponent_rank == rank_of[c.opponent]
                assert c.text.startswith(str(rank_of[c.opponent]))
            else:
                assert not c.text[:1].isdigit()
    assert {"game", "absent"} <= kinds and kinds & {"full-bye", "pab", "half-bye"}


def test_published_site_is_self_contained(tmp_path):
    out = tmp_path / "site"
    count = site.publish(api.sample_path(), out, spec=SPEC, compare="PTS,DISCS", host=get_host())
    files = [p for p in out.rglob("*") if p.is_file()]
    assert len(files) == count
    t = api.load(api.sample_path()).tournament
    assert {f"players/{p.start_no}.html" for p in t.players} <= {str(p.relative_to(out)) for p in files}
    for p in files:
        if p.suffix in (".html", ".css", ".js"):
            text = p.read_text()
            assert not re.search(r"(?i)(https?:)?//[a-z0-9]", re.sub(r"<!doctype[^>]*>", "", text)), p
            for ref in re.findall(r'(?:href|src)="([^"]+)"', text):
                if ref.startswith("data:"):  # inline: no request
                    continue
                assert (p.parent / ref).resolve().is_relative_to(out.resolve()) and (p.parent / ref).exists(), ref


def test_withdrawn_and_late_players_are_marked_from_when_it_applies():
    b = TournamentBuilder("Marks", game="othello", board=64)
    for no in range(1, 5):
        b.player(no, f"P{no}", **({"late_entry": 2} if no == 4 else {}))
    b.game(1, 1, 2, 40, 24).bye(1, 3)
    b.game(2, 1, 3, 30, 34).game(2, 2, 4, 33, 31).withdraw(2, 2)
    b.game(3, 1, 4, 40, 24).bye(3, 3)
    files = render_site(document(b.build(), "PTS,BQ:preset=woc", host=get_host()))
    final, second = files["index.html"].decode(), files["after-round-2.html"].decode()
    assert final.count("mark withdrawn") == 1 and "withdrew after R2" in final
    assert second.count("mark withdrawn") == 0  # not yet withdrawn after round 2
    assert final.count("mark late") == 1 and "from R2" in final


def _marked_and_escaped_event():
    b = TournamentBuilder("<b>Open</b> & 'Co'", game="othello", board=64)
    names = ["<script>alert(1)</script>", "O'Brien & Sons", 'A "quoted" name', "Zoë"]
    for no, name in enumerate(names, 1):
        b.player(no, name, rating=1500 + no if no % 2 else None, federation="F&R" if no == 1 else None,
                 **({"late_entry": 2} if no == 4 else {}))
    b.game(1, 1, 2, 40, 24).bye(1, 3)
    b.game(2, 1, 3, 32, 32).game(2, 2, 4, 33, 31).withdraw(2, 2)
    b.game(3, 1, 4, 40, 24).bye(3, 3)
    return b.build()


@pytest.mark.parametrize("event", ["marked", "sample"])
def test_hand_built_rows_are_what_the_plain_templates_render(event, monkeypatch):
    """web/fragments.py builds the rows in Python for speed (benchmarks/bench_tricks.py); the
    Jinja templates of tests/support/plain_rows.py are the plain way, and the pages are the same."""
    from support import plain_rows
    t = _marked_and_escaped_event() if event == "marked" else api.load(api.sample_path()).tournament
    doc = document(t, "PTS,BQ:preset=woc,DISCS,BH", "PTS,DISCS", host=get_host())
    fast = render_site(doc)
    for name in ("Links", "standings_rows", "crosstable_rows", "round_rows", "part_rows"):
        monkeypatch.setattr(fragments, name, getattr(fragments, name))  # undone after the test
    plain_rows.use_templates()
    plain = render_site(doc)
    assert fast.keys() == plain.keys()
    assert [k for k in fast if fast[k] != plain[k]] == []
    assert any(b"mark withdrawn" in v for v in fast.values()) or event == "sample"


def test_names_are_escaped_in_every_page(tmp_path):
    b = TournamentBuilder("<b>Open</b>", game="othello", board=64)
    b.player(1, "<script>alert(1)</script>").player(2, "O'Brien & Sons")
    b.game(1, 1, 2, 40, 24)
    files = render_site(document(b.build(), "PTS,BQ:preset=woc", host=get_host()))
    for name, data in files.items():
        if name.endswith(".html"):
            text = data.decode()
            assert "<script>alert" not in text and "<b>Open" not in text, name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in files["index.html"].decode()


def test_publish_replaces_a_site_at_once_and_refuses_other_folders(tmp_path):
    out = tmp_path / "site"
    site.publish(api.sample_path(), out, spec="PTS,DISCS", host=get_host())
    first = (out / "version.json").read_bytes()
    site.publish(api.sample_path(), out, spec="PTS,BQ:preset=woc", host=get_host())
    assert (out / "version.json").read_bytes() != first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]  # no temporary folder left
    other = tmp_path / "docs"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    with pytest.raises(BrightwellError, match="no published site"):
        site.publish(api.sample_path(), other, host=get_host())
    assert [p.name for p in other.iterdir()] == ["notes.txt"]
    inside = out / "event.xml"
    shutil.copy(api.sample_path(), inside)
    with pytest.raises(BrightwellError, match="holds the input"):
        site.publish(inside, out, host=get_host())


def test_a_failed_publish_leaves_the_old_site(tmp_path, monkeypatch):
    out = tmp_path / "site"
    site.publish(api.sample_path(), out, host=get_host())
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}

    def broken(fd, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(site.os, "write", broken)
    with pytest.raises(BrightwellError, match=r"site: cannot write the site: No space left on device; nothing "
                                              "was changed$"):
        site.publish(api.sample_path(), out, spec="PTS,DISCS", host=get_host())
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    result = CliRunner().invoke(main, ["publish", "--sample", "--out", str(out)])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "cannot write the site" in result.output
    monkeypatch.undo()
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


def test_watch_republishes_on_save_and_keeps_the_site_on_a_bad_save(tmp_path):
    event = tmp_path / "event.xml"
    shutil.copy(api.sample_path(), event)
    out = tmp_path / "site"
    lines: list[str] = []
    done = threading.Event()
    published = threading.Semaphore(0)

    def report(line):
        lines.append(line)
        published.release()
    thread = threading.Thread(target=site.watch, args=(event, out, report),
                              kwargs=dict(interval=0.05, stop=done.is_set, host=get_host()))
    thread.start()
    try:
        assert published.acquire(timeout=60)
        first = json.loads((out / "version.json").read_text())["version"]
        assert b'data-live="version.json"' in (out / "index.html").read_bytes()
        text = event.read_text().replace("Riverside Othello Open 2026", "Riverside Othello Open 2026 (final)")
        event.write_text(text)
        assert published.acquire(timeout=60)
        assert json.loads((out / "version.json").read_text())["version"] != first
        assert "(final)" in (out / "index.html").read_text()
        good = (out / "index.html").read_bytes()
        event.write_text("<tournament>")
        assert published.acquire(timeout=60)
        assert lines[-1].startswith("error:") and "unchanged" in lines[-1]
        assert (out / "index.html").read_bytes() == good
    finally:
        done.set()
        thread.join(timeout=60)


def test_publish_command(tmp_path):
    out = tmp_path / "site"
    r = CliRunner().invoke(main, ["publish", "--sample", "--out", str(out), "-t", SPEC, "--compare", "PTS,DISCS"])
    assert r.exit_code == 0, r.output
    assert (out / "compare.html").is_file() and (out / "standings.json").is_file()
    r = CliRunner().invoke(main, ["publish", "--sample", "--out", str(out), "-t", "BQ:nope=1"])
    assert r.exit_code == 2 and "BQ:nope=1" in r.output and "Traceback" not in r.output


def test_a_round_the_event_lacks_is_refused_naming_the_file_before_any_site(tmp_path):
    event = ROOT / "fixtures" / "quirks.trf"
    out = tmp_path / "site"
    r = CliRunner().invoke(main, ["publish", str(event), "--out", str(out), "--after-round", "99"])
    assert r.exit_code == 2, r.output
    assert r.output.splitlines() == [f"brightwell: error: {event}: --after-round 99 is outside 0..3 "
                                     "(or played, paired, current, planned)"]
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_publish_without_the_web_extra_says_how_to_install_it(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "jinja2", None)
    r = CliRunner().invoke(main, ["publish", "--sample", "--out", str(tmp_path / "s")])
    assert r.exit_code == 2 and "pip install 'brightwell-plugin[web]'" in r.output


def test_a_hundred_player_standings_page_is_small():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_rank import generate
    files = render_site(document(generate(100, 11), SPEC, host=get_host()))
    assert len(files["index.html"]) < 200_000
    assert len(files["players/1.html"]) < 200_000


@pytest.mark.parametrize("path", real_events())
def test_real_events_publish(tmp_path, path):
    out = tmp_path / "site"
    site.publish(path, out, host=get_host())
    doc = json.loads((out / "standings.json").read_text())
    t = api.load(path).tournament
    final = api.rank(t)
    assert [r["start_no"] for r in doc["standings"][-1]["rows"]] == [r.start_no for r in final.rows]
    assert len(list((out / "players").iterdir())) == len(t.players)


def test_terminal_table_is_never_cut_in_a_pipe():
    b = TournamentBuilder("Long", game="othello", board=64)
    long_name = "Maximilian Alexander von Hohenzollern-Sigmaringen III"
    b.player(1, long_name).player(2, "B")
    b.game(1, 1, 2, 40, 24)
    path_spec = "PTS,BQ:preset=woc,BQ:preset=ftd,BQ:preset=papp,BQ:preset=joa,DISCS,SPREAD,BH,SB"
    t = b.build()
    from brightwell_plugin import render
    text = render.aligned(render.Cells("Long", *render.standings_cells(api.rank(t, path_spec))))
    assert long_name in text and "BQ:preset=papp" in text and "…" not in text
    r = CliRunner().invoke(main, ["rank", "--sample", "-t", path_spec, "--crosstable"])
    assert r.exit_code == 0 and "…" not in r.output
    sample = api.load(api.sample_path()).tournament
    standings = api.rank(sample, path_spec)
    table, cross = r.output.split(" - crosstable")
    for row in standings.rows:  # every value whole, on the player's line
        line = next(x for x in table.splitlines() if f" {row.name} " in f"{x} ")
        assert line.split()[-len(row.values):] == [fmt(v) for v in row.values]
    for row in crosstable(sample, standings).rows:
        line = next(x for x in cross.splitlines() if f" {row.name} " in x)
        assert all(c.text in line for c in row.cells)


def test_crosstable_needs_the_table_output():
    r = CliRunner().invoke(main, ["rank", "--sample", "--crosstable", "--output-format", "csv"])
    assert r.exit_code == 2 and "--crosstable" in r.output


def test_german_example_publishes():
    files = render_site(document(german_example(), "PTS,BQ:preset=woc", host=get_host()))
    assert b"Standings after round" in files["index.html"]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_the_fragments_escape_as_markupsafe_does(text):
    assert fragments.escape(text) == str(markupsafe.escape(text))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="renameat2 is Linux's")
def test_on_linux_the_site_is_swapped_in_one_step(tmp_path, monkeypatch):
    (tmp_path / "new").mkdir()
    (tmp_path / "new" / "index.html").write_text("new")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("old")

    def no_rename(*args):
        raise AssertionError("the two-rename fallback was used")
    monkeypatch.setattr(site.os, "rename", no_rename)
    site._exchange(tmp_path / "new", tmp_path / "site")
    assert (tmp_path / "site" / "index.html").read_text() == "new"
    assert (tmp_path / "new" / "index.html").read_text() == "old"


def test_explaining_every_player_computes_each_criterion_once(monkeypatch):
    """Explanations that need a criterion's values (rating, Koya, the default) share one compute."""
    from brightwell_plugin.plugins.host import get_host
    t = api.load(api.sample_path()).tournament
    calls: dict[str, int] = {}
    for code in ("PTS", "KS", "RTNG", "ARO"):
        criterion = get_host().criterion(code)
        original = type(criterion).compute

        def counting(self, ctx, opts, groups=(), _original=original, _code=code):
            calls[_code] = calls.get(_code, 0) + 1
            return _original(self, ctx, opts, groups)
        monkeypatch.setattr(type(criterion), "compute", counting)
    explained = api.explain_everyone(t, "PTS,KS,RTNG:unrated=1500,ARO:unrated=1500")
    assert len(explained) == len(t.players)
    assert all(n <= 2 for n in calls.values()), calls  # the ranking pass, and at most one for the explanations
