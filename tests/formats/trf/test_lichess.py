"""lichess's Swiss order (lila modules/swiss SwissScoring): its tie-break LSB and performance LPERF,
checked on lila's own test cases (SwissScoringTest.scala); a lichess TRF ranks by its order."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.model import Kind
from brightwell_plugin.cli import main
from support.samples import real_files
from support.trf_text import as_written, same_but_dash_cells


def _event(rounds: int, games, byes=(), ratings=None):
    """lila's test helper: players a, b, c (1500), games (round, white, black, "1-0" …), byes (round, player)."""
    names = sorted({x for _, w, b, _ in games for x in (w, b)} | {p for _, p in byes})
    b = TournamentBuilder("lila", rounds=rounds, game="chess")
    for no, name in enumerate(names, 1):
        b.player(no, name, rating=(ratings or {}).get(name, 1500))
    no = {name: k for k, name in enumerate(names, 1)}
    for r, white, black, outcome in games:
        b.game(r, no[white], no[black], result={"1-0": "win", "0-1": "loss", "1/2-1/2": "draw"}[outcome])
    for r, player in byes:
        b.bye(r, no[player], Kind.PAB)
    return b.build()


def _points_and_lsb(t):
    rows = {r.start_no: r.values for r in api.rank(t, "PTS,LSB").rows}
    return [tuple(rows[p.start_no]) for p in t.players]


@pytest.mark.parametrize("rounds, games, byes, expected", [
    (1, [(1, "a", "b", "1-0")], [], [(1, 0), (0, 0)]),  # one round, one win
    (1, [(1, "a", "b", "1/2-1/2")], [], [(0.5, 0.25), (0.5, 0.25)]),  # one round, one draw
    (2, [(1, "a", "b", "1-0"), (2, "b", "a", "1/2-1/2")], [], [(1.5, 0.75), (0.5, 0.75)]),  # two rounds
    (3, [(1, "a", "b", "1-0"), (2, "b", "a", "1/2-1/2"), (3, "a", "b", "1-0")], [], [(2.5, 1.25), (0.5, 1.25)]),
    (3, [(1, "a", "b", "1-0"), (2, "c", "a", "1-0"), (3, "b", "c", "1-0")], [(1, "c")],
     [(1, 1), (1, 2), (2, 2)]),  # three players, one gets a bye in the first round
    (3, [(1, "a", "b", "1-0"), (2, "c", "a", "1-0"), (3, "b", "c", "1-0")], [(3, "a"), (2, "b"), (1, "c")],
     [(2, 3), (2, 2.5), (2, 3)]),  # three players, three byes
])
def test_lilas_own_test_cases(rounds, games, byes, expected):
    assert _points_and_lsb(_event(rounds, games, byes)) == expected


def test_the_performance_is_the_mean_of_the_opponents_ratings_500_either_way_truncated():
    t = _event(2, [(1, "a", "b", "1-0"), (2, "a", "c", "1/2-1/2")], ratings={"a": 1500, "b": 1401, "c": 1700})
    values = {r.start_no: r.values[1] for r in api.rank(t, "PTS,LPERF").rows}
    assert values[1] == int((1401 + 500 + 1700) / 2)  # 1800.5, as lichess's whole score keeps it: 1800
    assert values[2] == 1500 - 500 and values[3] == 1500  # one game each: lost, drawn
    lonely = _event(1, [(1, "a", "b", "1-0")], byes=[(1, "c")])
    assert {r.start_no: r.values[1] for r in api.rank(lonely, "PTS,LPERF").rows}[3] == 1500  # no pairing: own rating


def test_the_order_is_points_then_lsb_then_performance_then_rating():
    t = _event(1, [(1, "a", "b", "1-0"), (1, "c", "d", "1-0")], ratings={"a": 1500, "b": 1600, "c": 1500, "d": 1400})
    assert [r.start_no for r in api.rank(t, "PTS,LSB,LPERF,RTNG").rows] == [1, 3, 2, 4]  # a beat a stronger player


@pytest.mark.parametrize("path", real_files("formats/trf_samples", "lichess_*.trf"))
def test_a_lichess_trf_ranks_by_lichess_order_and_its_points(path):
    t = api.load(path).tournament
    assert t.tiebreaks == ("PTS", "LSB", "LPERF", "RTNG")
    rows = {r.start_no: r.values[0] for r in api.rank(t).rows}
    assert all(rows[p.start_no] == p.stored_points for p in t.players)
    api.explain_everyone(t)


@pytest.mark.parametrize("path", real_files("formats/trf_samples", "lichess_*.trf"))
def test_a_lichess_trf_converts_to_trf_as_it_was_and_for_the_engines_with_every_change_said(tmp_path, path):
    """Converted to TRF: the file as it was, nothing said. For a pairing engine (--to trf-engine): as it
    was but for what the engines refuse, each kind of change said (and, without --keep, the ranks the
    file leaves blank filled in, said); the list supplied for the reading is not written into the file."""
    original = path.read_bytes()
    same = tmp_path / "same.trf"
    result = CliRunner().invoke(main, ["convert", str(path), str(same)])
    assert result.exit_code == 0 and same.read_bytes() == original
    assert "not carried" not in result.output and "filled in" not in result.output
    kept = tmp_path / "kept.trf"
    result = CliRunner().invoke(main, ["convert", str(path), str(kept), "--to", "trf-engine", "--keep"])
    assert result.exit_code == 0, result.output
    assert same_but_dash_cells(kept.read_bytes(), original)
    said = result.output
    if as_written(original) != original:  # the cells the engines refuse, and the empty 132
        assert "a pairing engine refuses" in said
    if re.search(rb"^132\s*$", original, re.MULTILINE):
        assert "an empty 132 record" in said
    assert b"212" not in kept.read_bytes()
    filled = tmp_path / "filled.trf"
    result = CliRunner().invoke(main, ["convert", str(path), str(filled), "--to", "trf-engine"])
    assert result.exit_code == 0 and "ranks for" in result.output and "computed by PTS,LSB,LPERF,RTNG" in result.output
    assert len(filled.read_bytes().splitlines()) == len(kept.read_bytes().splitlines())
