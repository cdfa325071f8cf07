"""Every validation error and warning, each with a clear message naming the place."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brightwell_plugin.errors import ValidationError
from brightwell_plugin.model import Kind, Result, RoundEntry, Side
from brightwell_plugin.validate import _all_plainly_consistent, _diagnose, validate
from brightwell_plugin.validate import validated as check
from support.make_fixtures import othello_open
from support.strategies import tournaments


def with_entry(t, start_no, r, entry):
    players = []
    for p in t.players:
        if p.start_no == start_no:
            rounds = list(p.rounds)
            rounds[r - 1] = entry
            p = replace(p, rounds=tuple(rounds))
        players.append(p)
    return replace(t, players=tuple(players))


def errors(t):
    return [str(i) for i in validate(t) if i.severity == "error"]


def test_sample_is_valid():
    assert validate(othello_open()) == []


def test_result_contradicting_the_opponent():
    t = with_entry(othello_open(), 1, 1, RoundEntry(Kind.GAME, 6, Result.DRAW, Side.FIRST, 40, 24))
    assert "player 1 (Ada Lindqvist), round 1: result draw against 6 contradicts the opponent's record " \
           "(game loss against 1)" in errors(t)


def test_opponent_not_naming_the_player_back():
    t = with_entry(othello_open(), 1, 1, RoundEntry(Kind.GAME, 7, Result.WIN, Side.FIRST, 40, 24))
    msgs = errors(t)
    assert any("round 1: plays 7, but player 7's round 1 says game draw against 2" in m for m in msgs)


def test_player_twice_in_a_round():
    t = othello_open()
    t = with_entry(t, 5, 1, RoundEntry(Kind.GAME, 6, Result.WIN, Side.FIRST, 40, 24))  # 6 already plays 1
    assert any("opponent 6 is also paired with player 1 in this round (a player twice in a round)" in m
               for m in errors(t))


def test_unknown_opponent():
    t = with_entry(othello_open(), 5, 1, RoundEntry(Kind.GAME, 99, Result.WIN, Side.FIRST, 40, 24))
    assert "player 5 (Emil Sato), round 1: unknown opponent 99" in errors(t)


def test_paired_with_himself():
    t = with_entry(othello_open(), 5, 1, RoundEntry(Kind.GAME, 5, Result.WIN))
    assert "player 5 (Emil Sato), round 1: is paired with himself" in errors(t)


def test_negative_game_score():
    t = with_entry(othello_open(), 5, 1, RoundEntry(Kind.PAB, score=-3))
    assert "player 5 (Emil Sato), round 1: game score -3 is negative" in errors(t)


def test_discs_over_the_board():
    t = with_entry(othello_open(), 5, 1, RoundEntry(Kind.PAB, score=40, opp_score=30))
    assert "player 5 (Emil Sato), round 1: game scores 40+30 exceed the board size 64" in errors(t)


def test_one_known_score_over_the_board_in_a_mirrored_game():
    t = othello_open()
    first = t.players[0].rounds[0]
    t = with_entry(t, 1, 1, replace(first, score=None, opp_score=70))
    t = with_entry(t, first.opponent, 1, replace(t.player(first.opponent).rounds[0], score=70, opp_score=None))
    assert any(m.endswith("game scores 0+70 exceed the board size 64") for m in errors(t)), errors(t)


def test_a_bye_credited_a_score_is_plainly_consistent():
    t = with_entry(othello_open(), 5, 1, RoundEntry(Kind.PAB, score=40, opp_score=24))
    totals = _all_plainly_consistent(t, {p.start_no: p for p in t.players})  # not left to the full diagnosis
    assert totals == [t.scoring.total(p.rounds) for p in t.players] and not errors(t)


def test_game_score_disagreeing_with_the_opponent():
    t = with_entry(othello_open(), 1, 1, RoundEntry(Kind.GAME, 6, Result.WIN, Side.FIRST, 41, 23))
    assert any("game score 41 differs from the opponent's record of it (40)" in m for m in errors(t))


def test_same_side_for_both_players():
    t = with_entry(othello_open(), 6, 1, RoundEntry(Kind.GAME, 1, Result.LOSS, Side.FIRST, 24, 40))
    assert any("both players have side first" in m for m in errors(t))


def test_forfeit_contradiction():
    t = with_entry(othello_open(), 1, 1, RoundEntry(Kind.FORFEIT_WIN, 6))
    assert any("forfeit win against 6 contradicts the opponent's record (game loss against 1)" in m
               for m in errors(t))


def test_game_after_withdrawal():
    t = othello_open()
    t = replace(t, players=tuple(replace(p, withdrawn_after=2) if p.start_no == 1 else p for p in t.players))
    assert any("player 1 (Ada Lindqvist), round 3: has a game after withdrawing after round 2" in m
               for m in errors(t))


def test_duplicate_start_number():
    t = othello_open()
    t = replace(t, players=t.players + (replace(t.players[0], name="Clone"),))
    assert any("start number 1 is used twice" in m for m in errors(t))


def test_stored_points_disagreeing_is_a_warning_naming_both_numbers():
    t = othello_open()
    t = replace(t, players=tuple(replace(p, stored_points=3.5) if p.start_no == 1 else p for p in t.players))
    assert errors(t) == []
    assert check(t) == ["player 1 (Ada Lindqvist): stored points 3.5 disagree with the results, which give 4"]


def test_check_raises_the_first_error_on_one_line():
    t = with_entry(othello_open(), 5, 1, RoundEntry(Kind.GAME, 99, Result.WIN))
    with pytest.raises(ValidationError) as err:
        check(t, "event.xml")
    assert str(err.value) == "event.xml: player 5 (Emil Sato), round 1: unknown opponent 99"


_ENTRIES = st.builds(RoundEntry, st.sampled_from(list(Kind)), st.none() | st.integers(0, 12),
                     st.none() | st.sampled_from(list(Result)), st.none() | st.sampled_from(list(Side)),
                     st.none() | st.integers(-2, 70), st.none() | st.integers(-2, 70), st.booleans())


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.data())
def test_fast_pass_never_lets_an_error_through(t, data):
    """The quick consistency pass may send a sound event to the full one, never an unsound one past it."""
    players = list(t.players)
    for _ in range(data.draw(st.integers(0, 3))):  # corrupt up to three records
        i = data.draw(st.integers(0, len(players) - 1))
        rounds = list(players[i].rounds) or [RoundEntry(Kind.ABSENT)]
        rounds[data.draw(st.integers(0, len(rounds) - 1))] = data.draw(_ENTRIES)
        players[i] = replace(players[i], rounds=tuple(rounds))
    t = replace(t, players=tuple(players))
    by_no = {p.start_no: p for p in t.players}
    if len(by_no) == len(t.players) and _all_plainly_consistent(t, by_no) is not None:
        found: list = []
        _diagnose(t, by_no, found)
        assert not found, found


def test_a_loaded_files_warnings_name_the_file(tmp_path):
    from brightwell_plugin import api
    t = othello_open()
    t = replace(t, players=tuple(replace(p, stored_points=3.5) if p.start_no == 1 else p for p in t.players))
    path = tmp_path / "event.xml"
    api.write(t, path, "xml")
    assert f"{path}: player 1 (Ada Lindqvist): stored points 3.5 disagree with the results, which give 4" \
        in api.load(path).warnings


_BAD = [None, -1, 2.5, "7", True, float("nan"), float("inf"), 10**7, 0]


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(t=tournaments(), field=st.sampled_from(["rounds", "start_no", "late_entry", "withdrawn_after", "rating",
                                                 "stored_rank", "bonus", "stored_points", "win"]),
       value=st.sampled_from(_BAD), who=st.integers(0, 50))
def test_the_fast_bounds_pass_accepts_exactly_what_the_full_passes_accept(t, field, value, who):
    from dataclasses import replace

    from brightwell_plugin import validate as v
    if field == "rounds":
        t = replace(t, rounds=value)
    elif field == "win":
        t = replace(t, scoring=replace(t.scoring, win=value if value is not None else 1))
    elif t.players:
        i = who % len(t.players)
        if value is None and field in ("start_no", "bonus"):
            value = 0
        t = replace(t, players=tuple(replace(p, **{field: value}) if k == i else p for k, p in enumerate(t.players)))
    errors: list = []
    full_ok = not v._wrong_types(t, errors)
    if full_ok:
        v._check_rounds(t, errors)
        v._check_numbers(t, errors)
    long_but_absent = t.rounds is not None and type(t.rounds) is int and any(len(p.rounds) > t.rounds for p in t.players)
    assert v._plainly_in_bounds(t) == (not errors) or (long_but_absent and not errors)
