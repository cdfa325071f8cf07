"""Properties of every standings table over generated tournaments."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.api import with_standings
from brightwell_plugin.context import Context
from brightwell_plugin.api import rank
from support.strategies import tournaments
from support.paths import ROOT

SPECS = ["PTS", "PTS,BH/C1,BH,SB", "PTS,WIN,PS/C1", "PTS,SB/M1,DE", "PTS,BQ:coef=6:u=30,DISCS"]


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.sampled_from(SPECS))
def test_rank_is_one_plus_players_strictly_better(t, spec):
    every_game_scored = all(e.score is not None for p in t.players for e in p.rounds if e.is_game)
    if "BQ" in spec and not (t.has_game_scores and every_game_scored):
        spec = "PTS,BH"  # BQ rightly refuses games without scores
    s = rank(t, spec)
    assert sorted(r.start_no for r in s.rows) == sorted(p.start_no for p in t.players)
    if "DE" in spec:  # DE keys are group tiers, not the displayed values
        assert [r.rank for r in s.rows] == sorted(r.rank for r in s.rows)
        return
    key = lambda r: tuple(round(v, 6) for v in r.values)  # noqa: E731
    for r in s.rows:
        assert r.rank == 1 + sum(1 for o in s.rows if key(o) > key(r)), (spec, r)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_points_column_equals_the_sum_of_round_points(t):
    s = rank(t, "PTS")  # after the last round with a result
    pts = {p.start_no: sum(t.scoring.points(e) for e in p.rounds[:s.after_round]) for p in t.players}
    assert all(abs(r.values[0] - pts[r.start_no]) < 1e-9 for r in s.rows)
    assert [r.values[0] for r in s.rows] == sorted((r.values[0] for r in s.rows), reverse=True)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(tournaments(), st.sampled_from([None, 1]))
def test_with_standings_changes_only_points_ranks_and_tiebreaks(t, after_round):
    s = rank(t, "PTS,BH", after_round=after_round if t.rounds_played else None)
    ranked = with_standings(t, s)
    ranks = {r.start_no: r.rank for r in s.rows}
    points = Context(t, s.after_round).points
    assert ranked.tiebreaks == ("PTS", "BH")
    for p, q, pts in zip(t.players, ranked.players, points):
        assert q == replace(p, stored_points=pts, stored_rank=ranks[p.start_no])  # every other field kept
    assert replace(ranked, players=t.players, tiebreaks=t.tiebreaks) == t


def test_each_criterion_gives_values_of_one_type():
    """ints where whole by definition (a count, a number, a rating: ``Criterion.whole``), floats
    otherwise, whole or not: never 4 beside 4.5 in one column. Every registered criterion is tried
    on an event it can rank (Othello, chess, Go, Scrabble)."""

    from brightwell_plugin.errors import BrightwellError
    fixtures = ROOT / "fixtures"
    events = [api.load(api.sample_path()).tournament, api.load(fixtures / "quirks.trf").tournament,
              api.load(fixtures / "go" / "mcmahon.opengotha.xml").tournament, api.load(fixtures / "tsh" / "a.t").tournament]
    teams = api.load(fixtures / "teams.trf").tournament  # team criteria rank its teams
    checked = set()
    for code, criterion in api.criteria().items():
        for t in [*events, teams]:
            try:
                item = "TURCAS:w_bh=1:w_pts=2:w_spread=1:w_first=0" if code == "TURCAS" else code  # weights required
                values = [r.values[1] for r in api.rank(t, ["PTS", item]).rows]
            except BrightwellError:
                continue
            kind = int if criterion.whole else float
            assert {type(v) for v in values} == {kind}, (code, values)
            checked.add(code)
            break
    assert checked == set(api.criteria()), sorted(set(api.criteria()) - checked)
