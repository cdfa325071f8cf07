"""The criteria's fast paths agree with their per-round paths, on generated events."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.strategies import tournaments

from brightwell_plugin.standings import explain_everyone, rank


def _plainly_summed(explanation) -> float:
    """A player's BH or SB as the per-round path makes it: each round's part, in round order."""
    total = 0.0
    for part in explanation.parts:
        total += part.value
    return total


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), after=st.integers(0, 6))
def test_bh_and_sb_fast_path_equals_the_per_round_path(t, after):
    after = min(after, t.rounds_played)
    spec = "BH,SB,FB,BH/P,SB:edition=2026"
    standings = rank(t, spec, after)
    everyone = explain_everyone(t, spec, after)
    index = {p.start_no: i for i, p in enumerate(t.players)}
    for row in standings.rows:
        assert list(row.values) == [_plainly_summed(e) for e in everyone[index[row.start_no]]], row.name


def _scored(t):
    """The event with every game scored on a 64-square board and its rounds planned: what every BQ preset needs."""
    def scored(e, no):
        return dataclasses.replace(e, score=float((no + e.opponent) % 65), opp_score=float(64 - (no + e.opponent) % 65))
    players = tuple(dataclasses.replace(p, rounds=tuple(scored(e, p.start_no) if e.is_game else e for e in p.rounds))
                    for p in t.players)
    return dataclasses.replace(t, players=players, board=64, rounds=t.rounds or max(t.rounds_played, 1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), preset=st.sampled_from(["woc", "ftd", "papp", "joa", "cas", "cas-spread"]))
def test_bq_fast_path_equals_the_per_round_path(t, preset):
    t = _scored(t)
    if preset.startswith("cas") and not any(e.is_game for p in t.players for e in p.rounds):
        preset = "woc"  # coef=auto is the average game score: it needs a game
    spec = f"BQ:preset={preset}"
    standings = rank(t, spec)
    everyone = explain_everyone(t, spec)
    index = {p.start_no: i for i, p in enumerate(t.players)}
    for row in standings.rows:
        assert row.values[0] == everyone[index[row.start_no]][0].value, row.name


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False))))
def test_norm_of_plain_numbers_in_c_equals_the_plain_norm(keys):
    from brightwell_plugin.standings import _norm, _norm_all
    assert _norm_all(keys) == [_norm(k) for k in keys]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_the_consistency_pass_sums_points_as_the_scoring_does(t):
    from brightwell_plugin.validate import _all_plainly_consistent
    totals = _all_plainly_consistent(t, {p.start_no: p for p in t.players})
    assume(totals is not None)  # the events the fast pass leaves to the full diagnosis have no totals
    assert totals == [t.scoring.total(p.rounds) for p in t.players]
    assert [type(x) for x in totals] == [type(t.scoring.total(p.rounds)) for p in t.players]
