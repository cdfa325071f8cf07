"""Direct encounter (FIDE C.07 art. 6) near-linear in the size of a tie (issue 55): the tiers it
splits a tie into are those art. 6 gives, written here as the article reads (each tied player's
mini-table score against every other; 6.2 by levels when all met, else 6.3 place by place, each
part taken afresh), and ten thousand tied players rank in a fraction of a second."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.context import Context
from brightwell_plugin.criteria.encounter import DirectEncounter
from brightwell_plugin.fast import new_entry, new_player
from brightwell_plugin.model import Kind, Result, Side, Tournament
from support.strategies import chess_tournaments, round_robins


def drawn_event(n: int, rounds: int = 11) -> Tournament:
    """``n`` players, every game drawn (a half-point bye for the odd one out): one tie of everyone."""
    rows: list[list] = [[] for _ in range(n)]
    for r in range(rounds):
        order = list(range(r % 2, n)) + list(range(r % 2))
        for a, b in zip(order[0::2], order[1::2]):
            rows[a].append(new_entry(Kind.GAME, b + 1, Result.DRAW, Side.FIRST))
            rows[b].append(new_entry(Kind.GAME, a + 1, Result.DRAW, Side.SECOND))
        for row in rows:
            if len(row) < r + 1:
                row.append(new_entry(Kind.HALF_BYE))
    players = tuple(new_player(start_no=i + 1, name=f"P{i + 1}", rounds=tuple(rows[i])) for i in range(n))
    return Tournament(name="drawn", players=players, rounds=rounds, game="chess")


def article_6(ctx, group: list[int], as_played: bool, swiss: bool) -> list[list[int]]:
    """The tiers of art. 6, by the article's words and nothing quicker."""
    if len(group) <= 1:
        return [list(group)]
    games = {}
    for i in group:
        for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
            if o in group and (e.kind is Kind.GAME or as_played and e.kind.is_forfeit):
                games.setdefault((i, o), []).append(ctx.round_points[i][r])
    score = {i: sum(sum(p) / len(p) for (a, _), p in games.items() if a == i) for i in group}
    missing = {i: sum(1 for o in group if o != i and (i, o) not in games) for i in group}
    if not swiss and not any(missing.values()):
        levels = sorted({score[i] for i in group}, reverse=True)
        if len(levels) == 1:
            return [list(group)]
        return [tier for level in levels for tier in article_6(ctx, [i for i in group if score[i] == level],
                                                                 as_played, swiss)]
    best = {i: score[i] + ctx.t.scoring.win * missing[i] for i in group}
    placed, rest = [], list(group)
    while len(rest) > 1:
        top = next((i for i in rest if all(score[i] > best[j] for j in rest if j != i)), None)
        if top is None:
            break
        placed.append([top])
        rest.remove(top)
    return placed + article_6(ctx, rest, as_played, swiss) if placed else [list(group)]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(t=st.one_of(chess_tournaments(max_players=10), round_robins(max_players=8)), as_played=st.booleans(),
       swiss=st.booleans(), data=st.data())
def test_the_tiers_are_art_6s(t, as_played, swiss, data):
    ctx = Context(t)
    group = data.draw(st.lists(st.sampled_from(range(len(t.players))), unique=True, min_size=1), label="tied")
    assert DirectEncounter().tiers(ctx, group, as_played, swiss) == article_6(ctx, group, as_played, swiss)


def test_ten_thousand_tied_players_rank_near_linearly():
    """9,998 players, every game drawn: one tie of all (15 s when DE was quadratic in its size)."""
    t = drawn_event(9_998)
    start = time.process_time()
    api.rank(t, "PTS,BH")
    plain = time.process_time() - start
    start = time.process_time()
    standings = api.rank(t, "PTS,DE")
    assert time.process_time() - start < 10 * plain + 1.0
    assert len(standings.rows) == 9_998 and len({r.rank for r in standings.rows}) == 1  # all tied still
