"""FIDE Chess-JSON (``chess-json``): read as gacrux writes it, written so gacrux reads it, lossless."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from brightwell_plugin import api
from brightwell_plugin.adapters.chessjson.format import ChessJsonFormat
from brightwell_plugin.errors import BrightwellError
from support.checker_pair import differences
from support.strategies import chess_tournaments
from support.samples import research

ROOT = Path(__file__).resolve().parents[1]
SHARED = research()
FIXTURE = ROOT / "fixtures" / "quirks.jch"


def test_the_fixture_reads_as_the_trf_it_was_made_from_and_writes_back_the_same_bytes(tmp_path):
    loaded = api.load(FIXTURE)
    assert loaded.format == "chess-json"
    assert loaded.tournament == replace(api.load(ROOT / "fixtures" / "quirks.trf").tournament, origin=None)
    again = tmp_path / "again.jch"
    api.write(loaded.tournament, again, "chess-json")
    assert again.read_bytes() == FIXTURE.read_bytes()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(chess_tournaments())
def test_a_written_event_reads_back_the_same_and_gacrux_ranks_it_as_this_project(tmp_path, t):
    path = tmp_path / "event.jch"
    path.write_bytes(ChessJsonFormat().dumps(t))
    assert api.load(path).tournament == t
    for codes in (["PTS", "BH/C1", "SB"], ["PTS", "ARO", "TPR", "WIN", "DE"]):
        assert differences(["-f", "JSON", "-i", str(path), "-n", str(t.rounds_played), "-t", *codes], tmp_path) == []


def _real_trfs():
    found = sorted(p for d in ("formats/trf", "formats/trf_samples") for p in (SHARED / d).glob("*.t*"))
    return found or [pytest.param(None, marks=pytest.mark.skip(reason="shared research samples not present"))]


@pytest.mark.parametrize("trf", _real_trfs(), ids=lambda p: p.name if p else "none")
def test_gacruxs_own_chess_json_of_every_real_trf_reads_and_ranks_as_gacrux_ranks_it(tmp_path, trf, record_property):
    """Each real TRF converted by gacrux's own converter; where gacrux refuses the TRF, there is no
    Chess-JSON to read, and the refusal is recorded."""
    from gacrux.convert import convert2jch
    out, source = tmp_path / "gacrux.jch", tmp_path / trf.name  # "0000 - =": see test_tiebreakchecker
    source.write_bytes(trf.read_bytes().replace(b"0000 - =", b"0000 - H"))
    argv = sys.argv
    sys.argv = ["convert", "-i", str(source), "-o", str(out), "-F", "JSON"]
    try:
        status = convert2jch().common_main()
    finally:
        sys.argv = argv
    if status >= 400 or not out.exists():
        record_property("gacrux_refusal", f"convert: {status}")
        return
    loaded = api.load(out, "chess-json")
    rounds = loaded.tournament.rounds_played
    for codes in (["PTS", "BH/C1", "SB"], ["PTS", "ARO", "BH", "DE"]):
        assert differences(["-f", "JSON", "-i", str(out), "-n", str(rounds), "-t", *codes], tmp_path) == []


def test_a_tie_break_result_is_refused_in_one_line(tmp_path):
    """(A team tournament is read as a team event: tests/test_teams.py.)"""
    result = tmp_path / "result.json"
    result.write_text('{"filetype": "Tiebreak", "tiebreakResult": {}, "tournaments": []}')
    with pytest.raises(BrightwellError, match="'Tiebreak' document holds no event"):
        api.load(result, "chess-json")


@pytest.mark.parametrize("old, new, message", [
    ('"round": 1,', '"round": 1.5,', "round 1.5 is not a whole number"),
    ('"cid": 2,', '"cid": 99,', "gameList[1]: cid 2 is no competitor"),
    ('"result": "W"', '"result": "Q"', "'Q'"),
])
def test_a_record_that_does_not_hold_is_named(tmp_path, old, new, message):
    text = FIXTURE.read_text()
    assert old in text
    bad = tmp_path / "bad.jch"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(BrightwellError) as refused:
        api.load(bad)
    said = str(refused.value)
    assert said.startswith(f"{bad}: ") and message in said and "\n" not in said


def test_an_othello_event_goes_through_whole_but_for_what_it_lists(tmp_path):
    t = api.load(ROOT / "fixtures" / "othello_open.elo").tournament  # discs, byes credited discs, a withdrawal
    assert ChessJsonFormat().cannot_carry(t) == []
    assert ChessJsonFormat().cannot_carry(replace(t, tie_order="name")) == [
        "the order tied players are listed in (read back by start number)"]
    path = tmp_path / "o.jch"
    path.write_bytes(ChessJsonFormat().dumps(t))
    assert api.load(path).tournament == t
