"""FIDE Chess-JSON (``chess-json``): read as gacrux writes it, written so gacrux reads it, lossless."""

from __future__ import annotations

import json
import sys
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings

from brightwell_plugin import api
from brightwell_plugin.adapters.chessjson.format import ChessJsonFormat
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind
from support.checker_pair import differences
from support.gacrux_oracle import gacrux_chess_json
from support.make_fixtures import _line_001
from support.strategies import chess_tournaments
from support.samples import or_skip, research
from support.paths import ROOT

SHARED = research()
FIXTURE = ROOT / "fixtures" / "quirks.jch"


def test_the_fixture_reads_as_the_trf_it_was_made_from_and_writes_back_the_same_bytes(tmp_path):
    loaded = api.load(FIXTURE)
    assert loaded.format == "chess-json"
    assert loaded.tournament == replace(api.load(ROOT / "fixtures" / "quirks.trf").tournament, origin=None)
    again = tmp_path / "again.jch"
    api.write(loaded.tournament, again, "chess-json")
    assert again.read_bytes() == FIXTURE.read_bytes()


@pytest.mark.slow
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
    return found or or_skip([])


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
    """(A team tournament is read as a team event: tests/teams/test_teams.py.)"""
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


# 6 players, round 4 of 5 paired with three games awaiting their results ('?', gacrux's "A"), a half-point
# bye asked for round 5, player 6 not to be paired in it (JaVaFo's XXZ, gacrux's "present": false)
IN_PROGRESS = {1: ["   4 w 1", "   2 b 1", "   3 w 1", "   5 b ?", "        "],
               2: ["   5 b 1", "   1 w 0", "   6 b 1", "   3 w ?", "        "],
               3: ["   6 w 1", "   4 b 1", "   1 b 0", "   2 b ?", "0000 - H"],
               4: ["   1 b 0", "   3 w 0", "   5 w 1", "   6 b 1", "        "],
               5: ["   2 w 0", "   6 b 1", "   4 b 0", "   1 w ?", "        "],
               6: ["   3 b 0", "   5 w 0", "   2 w 0", "   4 w 0", "        "]}


def _in_progress_trf() -> str:
    """The TRF gacrux converts: its points count a game awaiting its result and a bye ahead as half a point each."""
    def points(blocks):
        return sum(1 if b.endswith("1") else 0.5 if b[-1] in "?H" else 0 for b in blocks)
    lines = ["012 Between Rounds Open", "042 2026/03/01", "XXR 5", "XXZ 6"]
    lines += [_line_001(no, "m", "", f"Player {no}", 2000, "FRA", "", "", f"{points(blocks):.1f}", 0, blocks)
              for no, blocks in IN_PROGRESS.items()]
    return "\n".join(lines) + "\n"


def test_gacruxs_chess_json_of_an_event_in_progress_holds_what_it_says(tmp_path):
    """gacrux's own conversion: its ``currentRound`` (the last round paired) kept as the program's round,
    the games without results paired, the rounds not paired not recorded (no absence padded to
    ``currentRound`` or the planned rounds), the bye asked for ahead kept, a competitor not ``present``
    absent from the next round (as TRF's XXZ is read), and written back as gacrux counts."""
    trf, jch = tmp_path / "event.trf", tmp_path / "event.jch"
    trf.write_text(_in_progress_trf())
    gacrux_chess_json(trf, jch)
    t = api.load(jch, "chess-json").tournament
    assert api.progress(t) == api.Progress(planned=5, played=3, paired=4, stated=4)
    kinds = {p.start_no: [e.kind for e in p.rounds] for p in t.players}
    G, P = Kind.GAME, Kind.PAIRED
    assert kinds[1] == [G, G, G, P] and kinds[4] == [G] * 4
    assert kinds[3] == [G, G, G, P, Kind.HALF_BYE] and kinds[6] == [G] * 4 + [Kind.ZERO_BYE]
    assert t.player(1).rounds[3].opponent == 5 and api.rank(t).after_round == 3
    doc = json.loads(ChessJsonFormat().dumps(t))["event"]["tournaments"][0]
    assert doc["currentRound"] == 4 and [c["present"] for c in doc["competitors"]] == [True] * 6
    back = replace(t, players=tuple(replace(p, withdrawn_after=4) if p.start_no == 6 else p for p in t.players))
    doc = json.loads(ChessJsonFormat().dumps(back))["event"]["tournaments"][0]
    assert [c["present"] for c in doc["competitors"]] == [True] * 5 + [False]  # withdrawn: not to be paired
