"""The Buchholz sum (BHSUM), three-point scoring (PTS3) and the Berliner Wertung (BERLIN) on
events worked by hand (their definitions and sources: docs/criteria.md)."""

from __future__ import annotations

import pytest

from brightwell_plugin.api import explain, rank
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind
from support.paths import ROOT


def values(t, item, after_round=None):
    return {r.start_no: r.values[1] for r in rank(t, ["PTS", item], after_round).rows}


@pytest.fixture(scope="module")
def foursome():
    """A(1), B(2), C(3), D(4), three rounds, everyone meets everyone:
    round 1 A-B 1-0, C-D ½-½; round 2 A-C ½-½, B-D 1-0; round 3 D-A 1-0, B-C 1-0.
    Points A 1½, B 2, C 1, D 1½; each one's Buchholz is the others' points: A 4½, B 4, C 5, D 4½."""
    b = TournamentBuilder("Foursome", rounds=3)
    for no, name in enumerate("ABCD", 1):
        b.player(no, name)
    b.game(1, 1, 2, result="win").game(1, 3, 4, result="draw")
    b.game(2, 1, 3, result="draw").game(2, 2, 4, result="win")
    b.game(3, 4, 1, result="win").game(3, 2, 3, result="win")
    return b.build()


def test_the_buchholz_sum_sums_the_opponents_buchholz(foursome):
    assert values(foursome, "BH") == {1: 4.5, 2: 4, 3: 5, 4: 4.5}
    # A: B 4 + C 5 + D 4½; B: A 4½ + C 5 + D 4½; C: A 4½ + B 4 + D 4½; D: A 4½ + B 4 + C 5
    assert values(foursome, "BHSUM") == {1: 13.5, 2: 14, 3: 13, 4: 13.5}


def test_its_cut_cuts_each_buchholz_then_the_lowest_sum(foursome):
    # BH/C1 drops each one's lowest opponent: A 2+1½ = 3½ (C's 1 out), B 1½+1½ = 3, C 1½+2 = 3½, D 2+1½ = 3½
    assert values(foursome, "BH/C1") == {1: 3.5, 2: 3, 3: 3.5, 4: 3.5}
    # A: B 3 (out), C 3½, D 3½ = 7; B: 3½ x 3 less one = 7; C: D 3½, A 3½, B 3 (out) = 7; D: C 3½, B 3 (out), A 3½ = 7
    assert values(foursome, "BHSUM/C1") == {1: 7, 2: 7, 3: 7, 4: 7}
    parts = explain(foursome, 1, "BHSUM/C1")[0].parts
    assert [(p.round, p.value) for p in parts] == [(1, None), (2, 3.5), (3, 3.5)]


def test_a_round_without_an_opponent_adds_no_term():
    """A(1) beats B(2), C(3) has the pairing-allocated bye; then B-C ½-½, A the bye. B's Buchholz is A's
    2 and C's 1½: A, whose only opponent is B, has a Buchholz sum of 3½, of one term."""
    b = TournamentBuilder("Three", rounds=2).player(1, "A").player(2, "B").player(3, "C")
    t = b.game(1, 1, 2, result="win").bye(1, 3).game(2, 2, 3, result="draw").bye(2, 1).build()
    assert values(t, "BHSUM")[1] == 3.5
    assert [p.round for p in explain(t, 1, "BHSUM")[0].parts] == [1]


@pytest.fixture(scope="module")
def mixed():
    """A(1) and B(2): round 1 A (White) draws B; round 2 B (White) beats A; round 3 A wins by forfeit
    against C(3); round 4 A a half-point bye, B a zero-point bye, C absent; round 5 A paired with B, no
    result yet."""
    b = TournamentBuilder("Mixed", rounds=5).player(1, "A").player(2, "B").player(3, "C")
    b.game(1, 1, 2, result="draw").game(2, 2, 1, result="win").forfeit(3, 1, 3)
    b.bye(4, 1, Kind.HALF_BYE).bye(4, 2, Kind.ZERO_BYE).bye(3, 2, Kind.PAB)
    t = b.build()
    from dataclasses import replace
    from brightwell_plugin.model import RoundEntry
    a, bb, c = t.players
    a = replace(a, rounds=a.rounds + (RoundEntry(Kind.PAIRED, 2),))
    bb = replace(bb, rounds=bb.rounds + (RoundEntry(Kind.PAIRED, 1),))
    return replace(t, players=(a, bb, c))


def test_three_point_scoring_counts_every_round_again(mixed):
    # A: draw 1, loss 0, forfeit win (a win's point) 3, half bye (a draw's) 1, pairing 0 = 5
    # B: draw 1, win 3, the pairing-allocated bye (a win's) 3, zero bye 0, pairing 0 = 7; C: forfeit loss 0
    assert values(mixed, "PTS3", 5) == {1: 5, 2: 7, 3: 0}  # every round: round 5's pairing awaits its result
    assert values(mixed, "PTS3:win=2:draw=1", 5) == {1: 4, 2: 5, 3: 0}


def test_the_colour_form_values_a_draw_with_black(mixed):
    # only B drew as Black (round 1): 1½ in place of 1
    assert values(mixed, "PTS3:black_draw=1.5", 5) == {1: 5, 2: 7.5, 3: 0}


@pytest.fixture(scope="module")
def league():
    """tests/support/swisschess_files.py's club league: two boards, so board 1 weighs 2 and board 2 weighs 1."""

    from brightwell_plugin import api
    root = ROOT
    return api.load(root / "fixtures" / "swisschess" / "league.SWT").tournament


def test_the_berliner_wertung_weighs_the_top_board(league):
    # Alpha: round 1 ½x2 + 1x1 = 2, round 2 1x2 + 0x1 = 2; Bravo: ½x2 + 0 = 1, 1x2 + 1x1 = 3;
    # Charlie: 1x2 + 0 = 2, 0 + 1x1 = 1; Delta: 0 + 1x1 = 1, 0
    assert {r.start_no: r.values[1] for r in rank(league, "MPTS,BERLIN").rows} == {1: 4, 2: 4, 3: 3, 4: 1}
    parts = explain(league, 2, "BERLIN")[0].parts
    assert [(p.round, p.value) for p in parts] == [(1, 1), (2, 3)]


def test_the_berliner_wertung_ranks_teams_only(foursome):
    with pytest.raises(BrightwellError, match="BERLIN ranks teams"):
        rank(foursome, "PTS,BERLIN")
