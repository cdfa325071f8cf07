"""Scrabble's archives: tsh's ``.tsh`` (several divisions' ``.t`` files in one, as NASPA publishes them)
and AUPAIR's ``.tou`` (WESPA's rating file), read each division as an event; AUPAIR written; both told
apart from the FFG's Go ``.tou``. The real sample (Woogles' golden files, with its published standings)
when present; fixtures written from the grammars otherwise."""

from __future__ import annotations

import csv
from dataclasses import replace

import pytest
from brightwell_plugin.adapters.aupair import AupairFormat
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from support.make_fixtures import FIXTURES, scrabble_day
from support.samples import needs_shared, research
from support.strategies import tournaments

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.conversion import renumbered
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, Side

LIWORDS = research("corpus", "turn4", "scrabble_liwords")


def _published():
    path = LIWORDS / "wtf5-standings.csv"
    if not path.exists():
        return [pytest.param(None, None, marks=needs_shared(path))]
    rows = list(csv.DictReader(path.open(encoding="utf-8")))
    return [pytest.param(name, division, id=f"{name}/{division}") for name in ("wtf5.tsh", "wtf5.tou")
            for division in sorted({r["division"] for r in rows})]


@pytest.mark.parametrize("name, division", _published())
def test_each_division_ranks_as_published(name, division):
    """Woogles' standings: wins, then spread; every place, win count and spread."""
    rows = [r for r in csv.DictReader((LIWORDS / "wtf5-standings.csv").open(encoding="utf-8"))
            if r["division"] == division]
    loaded = api.load(LIWORDS / name, part=division)
    assert loaded.format == {"wtf5.tsh": "tsh-archive", "wtf5.tou": "aupair"}[name]
    standings = api.rank(loaded.tournament)
    assert [(r.name, r.values[0], r.values[1]) for r in standings.rows] == [
        (r["username"], float(r["winpts"]), int(r["spread"])) for r in rows]
    assert [r.rank for r in standings.rows] == [int(r["rank"]) for r in rows]


def test_the_archive_holds_the_division_as_its_t_file():
    a = api.load(FIXTURES / "tsh" / "a.t").tournament
    for division in ("A", "B"):
        t = api.load(FIXTURES / "tsh" / "club.tsh", part=division).tournament
        assert t.name == f"Fixture Club Day - division {division}" and t.rounds == 4
        assert [p.rounds for p in t.players] == [p.rounds for p in a.players]
    first = api.load(FIXTURES / "tsh" / "club.tsh")
    assert any("2 divisions (A, B); read A, 5 of the file's 10 players (choose one with --division)" in w
               for w in first.warnings)


@pytest.mark.parametrize("text, message", [
    ("#begin_file name=a.t\nAnn 1500 2; 400\nBen 1500 1; 300\n", "a.t has no #end_file: the archive is cut short"),
    ("#begin_file name=a.t\nAnn 1500 2; 400\n#end_file name=b.t\n", "#end_file of b.t closes a.t"),
    ("#begin_file name=a.t\nAnn 1500 2; 400\nBen x; 300\n#end_file name=a.t\n", "line 3: not a tsh player line"),
    ("#begin_file name=a.t\n#end_file name=a.t\n#begin_file name=a.t\n#end_file name=a.t\n", "is in the archive twice"),
])
def test_a_damaged_archive_is_refused_in_one_line(tmp_path, text, message):
    path = tmp_path / "event.tsh"
    path.write_text(text)
    result = CliRunner().invoke(main, ["rank", str(path)])
    assert result.exit_code == 2 and message in result.output and result.output.count("\n") == 1, result.output


def test_aupair_and_the_ffg_tou_are_told_apart_by_content():
    assert api.detect_format(FIXTURES / "aupair" / "club.tou").name == "aupair"
    assert api.detect_format(FIXTURES / "go" / "mcmahon.tou").name == "ffg-tou"


def test_aupair_reads_the_fixture_division_with_its_byes():
    loaded = api.load(FIXTURES / "aupair" / "club.tou")
    t, day = loaded.tournament, scrabble_day()
    assert t.start_date == "2026-03-07" and t.game == "scrabble" and t.tiebreaks == ("PTS", "SPREAD")
    ann = t.player(1)
    assert (ann.rounds[0].kind, ann.rounds[0].opponent, ann.rounds[0].result, ann.rounds[0].side,
            ann.rounds[0].score, ann.rounds[0].opp_score) == (Kind.GAME, 4, Result.WIN, Side.FIRST, 420, 350)
    cara = t.player(3)
    assert cara.rounds[0].kind is Kind.FULL_BYE and cara.rounds[0].score == 50
    assert any("paired with the player himself" in w for w in loaded.warnings)
    ours = {r.name: r.values[0] for r in api.rank(t).rows}
    assert ours == {r.name.replace("É", "E"): r.values[0] for r in api.rank(day).rows}  # the points


@pytest.mark.parametrize("line, message", [
    ("Ashby, Ann           2420  +4  388   3  355  +2 2401   9", "round 4: opponent 9 of 5 players"),
    ("Ashby, Ann           2420  +4  388   3  355  +2 2401   2", "round 4: plays 2, whose round 4 names another"),
    ("Ashby, Ann           2420  +4 2388   3  355  +2 2401   5", "round 2: the result or who went first contradicts"),
    ("Ashby, Ann           2420  +4  388   3  355  +2 2401  x5", "not an AUPAIR player line"),
    ("Ashby, Ann           2420  +4  388 2 3  355  +2 2401   5", "round 2: score '388' and opponent '2 3': each a "
                                                                  "number, right-aligned in its columns"),
    ("Ashby, Ann           24 0  +4  388   3  355  +2 2401   5", r"round 1: score '4 0' and opponent ' \+4'"),
])
def test_a_damaged_aupair_line_is_refused_in_one_line(tmp_path, line, message):
    text = (FIXTURES / "aupair" / "club.tou").read_text(encoding="ascii")
    path = tmp_path / "bad.tou"
    path.write_text(text.replace(text.splitlines()[3], line, 1))
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(path)
    assert "line 4" in str(err.value)


def test_an_aupair_file_cut_short_is_refused(tmp_path):
    text = (FIXTURES / "aupair" / "club.tou").read_text(encoding="ascii")
    path = tmp_path / "cut.tou"
    path.write_text(text.split("*** END")[0])
    with pytest.raises(BrightwellError, match="the file is cut short"):
        api.load(path)


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(tournaments(max_players=9, max_rounds=5))
def test_a_scrabble_event_written_as_aupair_reads_back_as_said(tmp_path, t):
    """The standings come back, unless the conversion said they change."""
    t = replace(renumbered(t), game="scrabble", board=None, start_date=t.start_date or "2026-01-01")
    fmt = AupairFormat()
    lost = fmt.cannot_carry(t)
    path = tmp_path / "event.tou"
    path.write_bytes(fmt.dumps(t))
    back = api.load(path, "aupair").tournament
    if not [x for x in lost if getattr(x, "standings", True)]:
        assert [r.values for r in api.rank(back).rows] == [r.values for r in api.rank(t, "PTS,SPREAD").rows], \
            path.read_text()


def test_an_archive_whose_header_fills_the_bytes_sniffed_is_batched_division_by_division(tmp_path):
    """Its first #begin_file past the 4 KiB a format's sniff sees: read as rank reads it (by its
    suffix), each division a job, not the first alone said "ok"."""
    folder = tmp_path / "in"
    folder.mkdir()
    text = (FIXTURES / "tsh" / "club.tsh").read_bytes()
    (folder / "club.tsh").write_bytes(b"# a header of comments, as an archive's may be long\n" * 100 + text)
    assert api.get_host().formats.parts(folder / "club.tsh") == ("A", "B")
    result = CliRunner().invoke(main, ["batch", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out").rglob("*.xml")) == ["club-A.xml", "club-B.xml"]


def test_an_archive_beyond_the_round_limit_is_refused_naming_its_line(tmp_path):
    text = (FIXTURES / "tsh" / "club.tsh").read_text(encoding="latin-1")
    line = next(ln for ln in text.splitlines() if ln.startswith("Ashby"))
    head, scores = line.split(";", 1)[0], "; " + " ".join(["400"] * 1_001)
    path = tmp_path / "long.tsh"
    path.write_text(text.replace(line, head + " 2" * 997 + scores, 1), encoding="latin-1")
    with pytest.raises(BrightwellError, match=r"long.tsh: line \d+: round 1001 is beyond the limit of 1000 rounds"):
        api.load(path)


def test_aupair_writes_the_rounds_played_and_says_the_round_paired_it_leaves_out(tmp_path):
    """AUPAIR is a file of results: an event whose round 4 is paired, its games not yet played, is
    written through round 3, and the conversion says round 4 is left out."""
    t = replace(scrabble_day(), start_date="2026-03-07")
    paired = tuple(replace(p, rounds=p.rounds[:3] + tuple(
        replace(e, kind=Kind.PAIRED, result=None, score=None, opp_score=None) for e in p.rounds[3:] if e.opponent))
        for p in t.players)
    pending = replace(t, players=paired)
    fmt = AupairFormat()
    assert "round 4 (round 4 paired, no results yet) not written: AUPAIR holds the rounds played, through round 3" \
        in fmt.cannot_carry(pending)
    path = tmp_path / "pending.tou"
    path.write_bytes(fmt.dumps(pending))
    back = api.load(path, "aupair").tournament
    assert back.rounds_played == 3 and path.read_bytes() == fmt.dumps(replace(t, players=tuple(
        replace(p, rounds=p.rounds[:3]) for p in t.players)))
    assert not [x for x in fmt.cannot_carry(t) if "not written" in x]
