"""tiebreak-core 1.2.0 (PyPI) as a further vote: on events where every round is a game played over
the board, where it follows FIDE C.07 (its 2024 ruleset), its values of twelve codes are this
project's. Where it departs it is not followed (docs/criteria.md): forfeits and byes, and an event
shorter than its cuts (it keeps values this project and FIDE's checker cut), so events of five
rounds and more."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder

tc = pytest.importorskip("tiebreak_core", reason="tiebreak-core (test extras) not installed")
from tiebreak_core.strict import calculate_strict  # noqa: E402

CODES = {"buchholz": "BH/V2024", "buchholz_cut1": "BH/C1/V2024", "buchholz_cut2": "BH/C2/V2024",
         "median_buchholz": "BH/M1/V2024", "median_buchholz_2": "BH/M2/V2024", "sonneborn_berger": "SB/V2024",
         "progressive": "PS", "wins": "WIN", "wins_black": "BWG", "games_black": "BPG", "aro": "ARO", "koya": "KS"}


def _event(seed: int, players: int, rounds: int):
    rnd = random.Random(seed)
    b = TournamentBuilder("vote", rounds=rounds, game="chess", start_date="2025-01-01")
    for no in range(1, players + 1):
        b.player(no, f"P{no}", rating=1400 + rnd.randint(0, 1000))
    for r in range(1, rounds + 1):
        order = list(range(1, players + 1))
        rnd.shuffle(order)
        for white, black in zip(order[::2], order[1::2]):
            b.game(r, white, black, result=rnd.choice(["win", "draw", "loss"]))
    return b.build()


def _their_data(t):
    data = {}
    for p in t.players:
        games = [tc.GameRecord(opponent_id=e.opponent, opponent_rating=t.player(e.opponent).rating,
                               score={"win": 1.0, "draw": 0.5, "loss": 0.0}[e.result.value],
                               color="white" if e.side.value == "first" else "black", round_number=r, kind=tc.PLAYED)
                 for r, e in enumerate(p.rounds, 1)]
        data[p.start_no] = tc.PlayerTiebreakData(player_id=p.start_no, rating=p.rating,
                                                 points=sum(g.score for g in games), games=games)
    return data


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), half=st.integers(2, 8), rounds=st.integers(5, 9))
def test_tiebreak_core_agrees_on_every_played_event(seed, half, rounds):
    t = _event(seed, 2 * half, rounds)
    data = _their_data(t)
    for code, item in CODES.items():
        ours = {r.start_no: r.values[1] for r in api.rank(t, ["PTS", item]).rows}
        theirs = {no: calculate_strict(d, data, code, total_rounds=rounds, ruleset="fide-2024") for no, d in data.items()}
        assert all(abs(ours[no] - theirs[no]) < 1e-9 for no in ours), (item, ours, theirs)
