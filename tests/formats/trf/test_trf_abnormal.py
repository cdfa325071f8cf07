"""TRF-2026 299 records (abnormal assignment points): penalties and bonuses added to the points of
players and teams, as FIDE's checker adds them; results of unusual value said, not applied; a
malformed record refused naming its line; the records kept when the file is written back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from support.gacrux_oracle import gacrux_values
from support.strategies import chess_tournaments
from support.team_events import team_trf

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result
from brightwell_plugin.api import rank

W, D = (Kind.GAME, Result.WIN), (Kind.GAME, Result.DRAW)


def record(kind: str, mp: float | None, points: float, rnd: int, *ids: int) -> str:
    """A 299 record in TRF-2026's columns: type 5, match points 8-11, points 14-17, round 20-22, ids from 24."""
    mp_text = f"{mp:4.1f}" if mp is not None else "    "
    return f"299 {kind}  {mp_text}  {points:4.1f}  {rnd:3d}" + "".join(f" {i:4d}" for i in ids)


def test_the_columns_are_trf_2026s():
    line = record(" ", -1, -2.5, 3, 17, 4)
    assert (line[4], line[7:11], line[13:17], line[19:22], line[23:27], line[28:32]) == (
        " ", "-1.0", "-2.5", "  3", "  17", "   4")


def _individual(tmp_path, extra: list[str]) -> Path:
    from support.make_fixtures import FIXTURES
    text = (FIXTURES / "teams.trf").read_text(encoding="latin-1")
    lines = [line for line in text.splitlines() if not line.startswith(("310", "352", "362", "330", "092"))]
    path = tmp_path / "individual.trf"
    path.write_text("\n".join(lines + extra) + "\n", encoding="latin-1")
    return path


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(chess_tournaments())
def test_a_players_penalty_or_bonus_counts_in_his_points_and_the_tie_breaks_as_gacrux_counts_it(tmp_path, t):
    first, last = t.players[0].start_no, t.players[-1].start_no
    trf = tmp_path / "event.trf"
    text = TrfFormat().dumps(t).decode("latin-1").rstrip("\r\n")
    trf.write_text(text + "\r\n" + record(" ", None, -1.5, 0, first) + "\r\n" + record(" ", None, 2, 0, last, first)
                   + "\r\n", encoding="latin-1")
    read = api.load(trf).tournament
    assert {p.start_no: p.bonus for p in read.players if p.bonus} == ({first: 0.5, last: 2} if first != last else
                                                                      {first: 0.5})
    codes = ["PTS", "BH/V2026", "SB/V2026"]
    expected = gacrux_values(trf, codes, read.rounds_played, ("-s" if read.system == "swiss" else "-p",
                                                              "-b", "utf-8"))
    got = {r.start_no: r.values
           for r in rank(read, ["PTS", "BH:edition=2026", "SB:edition=2026"], after_round=read.rounds_played).rows}
    assert {no: tuple(float(v) for v in values) for no, (_, values) in expected.items()} == {
        no: tuple(float(v) for v in values) for no, values in got.items()}


def test_a_teams_penalty_takes_match_and_game_points_from_round_to_standings(tmp_path):
    rosters = [[1, 2], [3, 4]]
    rounds = [[(1, 3, *W), (4, 2, *D)]]
    path = tmp_path / "penalty.trf"
    path.write_bytes(team_trf("Penalty", rosters, rounds, colours="WB", penalties=((1, -1.0, -0.5, 1),)))
    t = api.load(path).tournament
    s = api.rank(t, "MPTS,GPTS")
    assert {r.start_no: r.values for r in s.rows} == {1: (1, 1.0), 2: (0, 0.5)}
    [mp, gp] = api.explain(t, 1, "MPTS,GPTS")
    assert [p.label for p in mp.parts][-1] == "given outside the matches" and gp.parts[-1].value == -0.5


def test_a_result_of_unusual_value_is_said_not_applied_naming_the_line(tmp_path):
    path = _individual(tmp_path, [record("+", None, 2.5, 2, 3)])
    result = api.load(path)
    [said] = [w for w in result.warnings if "299" in w]
    assert "line" in said and "a forfeit win to 3 in round 2 worth 0 match points and 2.5 points is not applied" in said
    assert all(p.bonus == 0 for p in result.tournament.players)


def test_a_result_worth_what_the_scoring_gives_it_is_no_news(tmp_path):
    path = _individual(tmp_path, [record("F", None, 1, 0), record("H", None, 0.5, 0)])
    assert not [w for w in api.load(path).warnings if "299" in w]


@pytest.mark.parametrize(("line", "message"), [
    ("299 Q   0.0   1.0    1    3", "'Q' in column 5 is not a type"),
    ("299    -1.x  -2.0    1    3", "'-1.x' (match points, columns 8-11) is not a number"),
    ("299    -1.0  -2.0    1", "a penalty or bonus names no team or player"),
    ("299    -1.0  -2.0    1   99", "player 99 does not exist"),
    ("299    -1.0  -2.0    x    3", "'x' (round, columns 20-22) is not a number"),
])
def test_a_malformed_299_record_is_refused_naming_its_line(tmp_path, line, message):
    path = _individual(tmp_path, [line])
    with pytest.raises(BrightwellError, match=re.escape(message)) as caught:
        api.load(path)
    assert "line" in str(caught.value) and "\n" not in str(caught.value)


def test_a_file_with_299_records_is_written_back_as_it_was_and_nothing_said_lost(tmp_path):
    path = _individual(tmp_path, [record(" ", None, -1, 1, 3)])
    result = api.load(path)
    assert TrfFormat().dumps(result.tournament) == path.read_bytes()
    assert not [loss for loss in TrfFormat().cannot_carry(result.tournament) if "bonus" in str(loss)]
