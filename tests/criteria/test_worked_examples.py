"""The worked examples of brightwell.md section 5, as tests."""

from __future__ import annotations

import itertools

import pytest

from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.context import Context
from brightwell_plugin.plugins.host import get_host
from brightwell_plugin.api import explain, rank
from brightwell_plugin.tiebreak_spec import parse_item
from support.make_fixtures import german_example, papp_manual


def value(t, player_name, item, after_round=None):
    s = rank(t, ["PTS", item], after_round)
    return next(r.values[1] for r in s.rows if r.name == player_name)


# 5.1 German example ------------------------------------------------------------------------------

@pytest.mark.parametrize("rounding, expected", [("parts", 258), ("none", 258.727), ("final", 259)])
def test_german_example_three_roundings(rounding, expected):
    got = value(german_example(), "A", f"BQ:coef=64/R:round={rounding}", after_round=5)
    assert got == pytest.approx(expected, abs=5e-4)


def test_german_example_parts_explained():
    [e] = explain(german_example(), "A", "BQ:coef=64/R:round=parts", after_round=5)
    by_label = {p.label: p.value for p in e.parts}
    assert by_label["game scores"] == 90  # 40 + 30 + 20; the 50 vs withdrawn D is substituted
    assert by_label["opponents' strength"] == 70  # 64/11 x 12 = 69.82 -> 70
    assert by_label["round 3"] == by_label["round 4"] == 49  # 32 + 64/11 x 3 = 49.45 -> 49
    assert "C = 64/11" in e.notes[0]


def test_german_example_uses_planned_rounds_not_played():
    t = german_example()
    assert Context(t, 5).R == 11


# 5.2 Japanese example -----------------------------------------------------------------------------

def _japanese():
    """A and B of the column; every opponent ends with the stated number of wins."""
    b = TournamentBuilder("JOA column", rounds=6, board=64, game="othello")
    b.player(1, "A").player(2, "B")
    fillers = itertools.count(100)
    a_discs, a_opp_wins = [42, 38, 34, 33, 27, 29], [3, 3, 4, 4, 6, 5]
    b_discs, b_opp_wins = [27, 26, 52, 42, 37, 36], [3, 3, 1, 3, 3, 3]
    a_won = [True] * 4 + [False] * 2
    b_won = [False] * 2 + [True] * 4
    opp_no = itertools.count(10)
    for me, discs, wins, won in ((1, a_discs, a_opp_wins, a_won), (2, b_discs, b_opp_wins, b_won)):
        for r, (d, w, i_won) in enumerate(zip(discs, wins, won), 1):
            o = next(opp_no)
            b.player(o, f"opp {o}")
            b.game(r, me, o, d, 64 - d)
            still = w - (0 if i_won else 1)  # wins the opponent needs from his other five rounds
            for other in (x for x in range(1, 7) if x != r):
                f = next(fillers)
                b.player(f, f"filler {f}")
                if still > 0:
                    b.game(other, o, f, 40, 24)
                    still -= 1
                else:
                    b.game(other, o, f, 24, 40)
    return b.build()


def test_japanese_example_disc_sums_and_wins():
    t = _japanese()
    ctx = Context(t)
    opp_wins = lambda no: [ctx.wins[ctx.opp[ctx.index[no]][r]] for r in range(6)]  # noqa: E731
    assert opp_wins(1) == [3, 3, 4, 4, 6, 5]
    assert opp_wins(2) == [3, 3, 1, 3, 3, 3]


@pytest.mark.parametrize("who, expected", [("A", 353), ("B", 316)])
def test_japanese_example(who, expected):
    assert value(_japanese(), who, "BQ:preset=joa") == expected


def test_japanese_example_a_above_b_despite_smaller_disc_difference():
    s = rank(_japanese(), "PTS,BQ:preset=joa")
    order = [r.name for r in s.rows]
    assert order.index("A") < order.index("B")
    assert rank(_japanese(), "PTS,SPREAD").rows  # B has the larger spread:
    spread = {r.name: r.values[1] for r in rank(_japanese(), "PTS,SPREAD").rows}
    assert spread["B"] > spread["A"]


# 5.3 Czech coefficient ------------------------------------------------------------------------------

def _scrabble():
    """Two players, 7 rounds, every game 295-239: average score 267, average spread 56."""
    b = TournamentBuilder("CAS 2000", rounds=7, game="scrabble")
    b.player(1, "Winner").player(2, "Loser")
    for r in range(1, 8):
        b.game(r, 1, 2, 295, 239)
    return b.build()


@pytest.mark.parametrize("preset, coefficient", [("cas", 76), ("cas-spread", 16)])
def test_czech_coefficient(preset, coefficient):
    t = _scrabble()
    c = get_host().criterion("BQ")  # the presets are registered with the host, which configures the item
    settings = c.resolved(Context(t), get_host().criteria.configure(parse_item(f"BQ:preset={preset}")))
    assert settings.C == coefficient


def test_czech_values():
    t = _scrabble()
    assert value(t, "Winner", "BQ:preset=cas") == 7 * 295 + 76 * 0
    # the loser met a 7-point opponent in each of 7 rounds: opponents' points 49
    assert value(t, "Loser", "BQ:preset=cas") == 7 * 239 + 76 * 49
    assert value(t, "Winner", "BQ:preset=cas-spread") == 7 * 56
    assert value(t, "Loser", "BQ:preset=cas-spread") == -7 * 56 + 16 * 49


# 5.4 Papp manual example ------------------------------------------------------------------------------

def test_papp_manual_example():
    # The manual's example states C = 6, which is Papp's constant whatever the number of rounds: the
    # "0 below 8 rounds" is only the default main.c askTournamentInformation offers a new tournament.
    assert value(papp_manual(), "A", "BQ:preset=papp") == 83


def test_papp_with_a_zero_constant_is_the_disc_total():
    # tiebreak.c PlayerTiebreak: when brightwell_coeff is 0 the tie-break is TotalDiscsCount, every
    # recorded score: games, and the bye's credited discs (Score-bip); a round without a score adds nothing.
    assert value(papp_manual(), "A", "BQ:preset=papp:coef=0") == 33  # the manual's bye records no credit
    b = TournamentBuilder("Papp credit", rounds=2, board=64)
    b.player(1, "A").player(2, "B").player(3, "C")
    b.game(1, 1, 2, 33, 31).bye(1, 3, score=40, opp_score=24).bye(2, 1, score=40, opp_score=24)
    b.game(2, 2, 3, 40, 24)
    t = b.build()
    assert value(t, "A", "BQ:preset=papp:coef=0") == 33 + 40 == value(t, "A", "DISCS")
    assert value(t, "C", "BQ:preset=papp:coef=0") == 40 + 24
    assert value(t, "A", "BQ:preset=woc:coef=0") == 33 + 32  # the formula with C = 0 elsewhere


def test_papp_substitutes_games_against_an_opponent_absent_from_the_round_counted():
    # tiebreak.c PlayerTiebreak: a game counts only when the opponent is `present` in the tournament
    # when the tie-break is computed; otherwise it is a draw against oneself (32 + C x own points).
    b = TournamentBuilder("Papp absent opponent", rounds=3, board=64)
    b.player(1, "A").player(2, "B").player(3, "C").player(4, "D")
    b.game(1, 1, 2, 40, 24).game(1, 3, 4, 30, 34)
    b.game(2, 1, 3, 36, 28).game(2, 2, 4, 20, 44)
    b.game(3, 1, 4, 33, 31)  # B and C absent from round 3; they come back later, so not withdrawn
    t = b.build()
    points = {"A": 3, "B": 0, "C": 0, "D": 2}
    # A's games against B (round 1) and C (round 2) are substituted; against D it counts
    assert value(t, "A", "BQ:preset=papp") == 33 + 6 * points["D"] + 2 * (32 + 6 * points["A"])
    # the woc preset counts them: B and C did not withdraw
    assert value(t, "A", "BQ:preset=woc") == 40 + 36 + 33 + 6 * (0 + 0 + 2)


def test_papp_bye_credit_counts_in_discs_not_in_bq():
    b = TournamentBuilder("Papp credit", rounds=2, board=64)
    b.player(1, "A").player(2, "B").player(3, "C")
    b.game(1, 1, 2, 33, 31).bye(1, 3, score=40, opp_score=24).bye(2, 1, score=40, opp_score=24)
    b.game(2, 2, 3, 40, 24)
    t = b.build()
    assert value(t, "A", "BQ:preset=papp") == 83
    assert value(t, "A", "DISCS") == 73
