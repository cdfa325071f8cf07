"""Every real sample (the formats and the team events of ../shared/research) into every writable
format (taken from the plugin host): the target's own reader reads the written file, and ranked by
the source's own tie-breaks the standings are equal — or the conversion names, at the first level,
a thing the target could not carry."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import get_host
from support.converting import convert
from support.strategies import tournaments
from support.samples import holds_players, or_skip, research

SAMPLES = research("formats")
TEAMS = research("teams")  # team events and the real Go files beside them
READABLE = (".trf", ".tab", ".elo", ".json", ".xml", ".t", ".js", ".h9", ".tou", ".trn", ".zip", ".piz", ".txt", ".jch")
WRITABLE = sorted(name for name, f in get_host().formats.items() if f.can_write)
# a writer for one game refuses the others, saying so: that is the conversion's answer, not a failure
REFUSALS = ("holds Othello", "holds Scrabble", "holds Go results", "reads a game's result from both scores",
            "reads a game's result from its scores", "holds discs out of 64", "a tsh line cannot hold the name",
            "lists only those who played")


def _samples():
    if not SAMPLES.exists():
        return or_skip([])
    return [p for p in sorted([*SAMPLES.rglob("*"), *(TEAMS.glob("*") if TEAMS.exists() else ())])
            if p.is_file() and p.suffix.lower() in READABLE and not p.name.startswith("PROVENANCE")
            and holds_players(p)]  # not the deliberately broken samples


def _suffix(fmt: str) -> str:
    return {"swissperfect": ".trn"}.get(fmt) or get_host().format(fmt).output_name(Path("out")).suffix


def _check(source: Path, folder: Path, fmt: str) -> None:
    target = folder / f"out{_suffix(fmt)}"
    try:
        loaded, report = convert(source, target, fmt)
    except BrightwellError as exc:
        explained = "the file written would not rank" in exc.message and "(nothing it names)" not in exc.message \
            or "the event does not rank by its own tie-break list, nor would the file written" in exc.message
        assert explained or any(r in exc.message for r in REFUSALS), f"{source.name} -> {fmt}: {exc}"
        assert not target.exists()
        return
    try:
        api.rank(loaded.tournament)
    except BrightwellError:
        return  # the source's own list does not rank it: the written file carries that list as it is
    api.rank(api.load(target).tournament)  # brightwell rank reads and ranks what convert wrote
    if report.moved:
        named = [x for x in report.lost if getattr(x, "standings", True)]
        assert named, f"{source.name} -> {fmt}: standings change, and nothing first-level says why: " \
                      f"{report.standings_lost}"


@pytest.mark.slow
@pytest.mark.parametrize("source", _samples(), ids=lambda p: p.name if p else "none")
def test_every_real_sample_into_every_writable_format(tmp_path, source):
    for fmt in WRITABLE:
        folder = tmp_path / fmt
        folder.mkdir()
        _check(source, folder, fmt)


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(tournaments(max_players=8, max_rounds=4))
def test_every_writer_writes_what_its_reader_reads(tmp_path_factory, t):
    folder = tmp_path_factory.mktemp("gen")
    source = folder / "event.xml"
    api.write(t, source, "xml")
    for fmt in WRITABLE:
        sub = folder / fmt
        sub.mkdir()
        _check(source, sub, fmt)


def test_strict_refuses_at_the_first_level_and_strict_all_on_metadata_too(tmp_path):
    from support.make_fixtures import FIXTURES
    source = FIXTURES / "othello_open.xml"  # Othello: Swiss Perfect loses the game kind and the metadata
    _, report = api.convert(source, tmp_path / "a.trn", strict="standings")
    assert report.standings_lost == [] and "the game kind" in report.metadata_lost
    with pytest.raises(BrightwellError, match="would lose: .*the game kind.*--strict"):
        api.convert(source, tmp_path / "b.trn", strict="all")
    assert not list(tmp_path.glob("b.*"))
    t = api.load(FIXTURES / "othello_open.ftd.json").tournament  # BQ:preset=ftd rounds and freezes
    assert t.tiebreaks[1].startswith("BQ:preset=ftd")
    with pytest.raises(BrightwellError, match=r"the settings of BQ:preset=ftd:coef=12\.8"):
        api.convert(FIXTURES / "othello_open.ftd.json", tmp_path / "c.trn", strict="standings")
    _, report = api.convert(FIXTURES / "othello_open.ftd.json", tmp_path / "c.trn")
    ini = (tmp_path / "c.ini").read_text()
    assert "BrightwellCoeff=12.8" in ini  # 64 / 5 rounds, the value FlipTheDisc's preset gives


def test_renumber_keeps_the_numbers_and_converting_back_restores_them(tmp_path):
    from support.make_fixtures import FIXTURES
    text = (FIXTURES / "othello_open.elo").read_text()
    wide = tmp_path / "wide.elo"
    wide.write_text(text.replace("%_%       1,", "%_%  190001,").replace("     1 (", "190001 (")
                    .replace("      1  B", " 190001  B"))
    assert api.load(wide).tournament.player(190001)
    with pytest.raises(BrightwellError, match="start numbers must run 1..9 in TRF.*--renumber"):
        api.convert(wide, tmp_path / "w.trf")
    _, report = api.convert(wide, tmp_path / "w.trf", renumber=True)
    written = api.load(tmp_path / "w.trf").tournament
    assert sorted(p.start_no for p in written.players) == list(range(1, 10))
    assert ("original", "190001") in written.players[0].ids  # kept in a BWI record
    api.convert(tmp_path / "w.trf", tmp_path / "back.elo")
    back = api.load(tmp_path / "back.elo").tournament
    assert 190001 in {p.start_no for p in back.players}  # the original numbers restored
    before = {r.start_no: r.rank for r in api.rank(api.load(wide).tournament).rows}
    assert {r.start_no: r.rank for r in api.rank(back).rows} == before
