"""Papp ELO exports: reading (byes and absences inferred), writing, the WOC standings."""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.adapters.papp.writer import render
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import REGISTERED, Kind, Player, Result, RoundEntry, Side, Tournament
from support.make_fixtures import FIXTURES, papp_event
from support.samples import present, research

ELO = FIXTURES / "othello_open.elo"
SAMPLES = research("formats", "papp", "elo_exports")


def test_byes_and_absences_are_inferred_and_reported():
    loaded = api.load(ELO)
    t = loaded.tournament
    assert t.player(5).rounds[0] == RoundEntry(Kind.PAB, score=40, opp_score=24)
    assert [e.kind for e in t.player(9).rounds[3:]] == [Kind.ABSENT, Kind.ABSENT]
    assert t.player(9).withdrawn_after == 3
    assert f"{ELO}: Emil Sato (5) is not listed in round(s) 1: bye in 1 (40-24) (inferred)" in loaded.warnings
    assert f"{ELO}: Ivo Brandt (9) is not listed in round(s) 4-5: absent in 4-5; withdrew after round 3 " \
        "(inferred)" in loaded.warnings
    expected = api.rank(papp_event(), "PTS,BQ:preset=woc,DISCS").rows
    assert api.rank(t, "PTS,BQ:preset=woc,DISCS").rows == expected


def test_the_listed_order_is_the_standings_order():
    standings, rows = api.check(api.load(ELO).tournament)
    assert [r for r in rows if r.differs] == []


def test_stored_totals_that_disagree_with_the_games_are_named(tmp_path):
    bad = tmp_path / "bad.elo"
    bad.write_text(ELO.read_text().replace("%_%       1, Ada Lindqvist, , SWE,    4, 173",
                                           "%_%       1, Ada Lindqvist, , SWE,    4, 180"))
    warnings = api.load(bad).warnings
    assert f"{bad}: Ada Lindqvist (1): stored 4 points and 180 discs, the games give 4 points and 173 " \
        "discs, which no bye or absence explains" in warnings


@pytest.mark.parametrize("old, new, message", [
    ("%_%       2, Bruno", "%_%       x, Bruno", "player id 'x' is not a number"),
    ("%_%       2, Bruno Okafor, , NGA,    3, 172", "%_%       2, Bruno Okafor, , NGA,    3.x, 172",
     "points '3.x' are no number"),
    ("     1 (40)>(24)      6  B", "     1 (40)?(24)      6  B", "is not a game line"),
])
def test_malformed_lines_are_one_line_errors(tmp_path, old, new, message):
    bad = tmp_path / "bad.elo"
    bad.write_text(ELO.read_text().replace(old, new, 1))
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(bad)
    assert "line" in str(err.value)


def _comings_and_goings(rounds: list[RoundEntry]) -> dict:
    """What a reader infers from an export: absent to the end is a withdrawal, absent from the
    start a late entry (an export cannot tell them from absences; the generator follows the reader)."""
    played = [r for r, e in enumerate(rounds) if e.kind is not Kind.ABSENT]
    if not played:
        return {}
    out = {}
    if played[-1] < len(rounds) - 1:
        out["withdrawn_after"] = played[-1] + 1
    if played[0] > 0:
        out["late_entry"] = played[0] + 1
    return out


@st.composite
def papp_tournaments(draw):
    """What an ELO export holds: games with discs, byes (40-24 wins), absences."""
    n = draw(st.integers(3, 9))  # at least one game every round
    k = draw(st.integers(1, 5))
    rounds = {no: [] for no in range(1, n + 1)}
    for _ in range(k):
        order = list(draw(st.permutations(range(1, n + 1))))
        for _ in range(draw(st.integers(0, 1))):
            rounds[order.pop()].append(RoundEntry(Kind.ABSENT))
        if len(order) % 2:
            rounds[order.pop()].append(RoundEntry(Kind.PAB, score=40, opp_score=24))
        for a, b in zip(order[0::2], order[1::2]):
            own = draw(st.integers(0, 64))
            res = Result.WIN if own > 32 else Result.LOSS if own < 32 else Result.DRAW
            rounds[a].append(RoundEntry(Kind.GAME, b, res, Side.FIRST, own, 64 - own))
            rounds[b].append(RoundEntry(Kind.GAME, a, res.reverse, Side.SECOND, 64 - own, own))
    players = tuple(Player(no, f"P{no}, First", tuple(rounds[no]), federation="FRA", **_comings_and_goings(rounds[no]))
                    for no in rounds)
    return Tournament("Open", players, rounds=k, game="othello", board=64, tiebreaks=("PTS", "BQ:preset=woc"))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(papp_tournaments())
def test_written_exports_read_back_with_the_same_standings(tmp_path_factory, t):
    path = tmp_path_factory.mktemp("papp") / "t.elo"
    path.write_bytes(render(t))
    back = api.load(path).tournament
    # An export cannot say which unlisted round was the bye (nor, then, who withdrew when a bye
    # and an absence could swap): sums over rounds must survive
    spec = "PTS,BQ:coef=6:subst=bye+absent,BQ:coef=6:subst=bye,DISCS,WIN"
    assert api.rank(back, spec).rows == api.rank(t, spec).rows
    for p in t.players:
        q = back.player(p.start_no)
        assert [e for e in q.rounds if e.is_game] == [e for e in p.rounds if e.is_game]
        assert sorted(e.kind.value for e in q.rounds) == sorted(e.kind.value for e in p.rounds)


@pytest.mark.parametrize("year", ["20191009_WOC_2019", "20231103_WOC_2023"])
def test_woc_rule_reproduces_the_published_world_championship_order(year):
    sample = SAMPLES / f"{year}.ELO"
    present(sample)
    standings, rows = api.check(api.load(sample).tournament, "PTS,BQ:preset=woc,DISCS")
    assert len(rows) > 70 and [r for r in rows if r.differs] == []


WORKFILE = FIXTURES / "papp" / "papp-internal-workfile.txt"


def test_workfile_rounds_byes_absences_names_and_coefficient():
    loaded = api.load(WORKFILE)
    t = loaded.tournament
    assert loaded.format == "papp-workfile" and t.name == "Fixture Papp Cup" and t.rounds == 2
    assert t.tiebreaks == ("PTS", "BQ:preset=papp:coef=6", "DISCS") and t.tie_order == "name"
    roux, petit, dupont = t.player(5), t.player(4), t.player(1)
    assert roux.name == "ROUX Marc" and roux.federation == "CHE" and roux.rating == 1600  # Papp's fullname
    assert dict(petit.extra)[REGISTERED] == "no" and petit.withdrawn_after == 1
    assert roux.rounds[0] == RoundEntry(Kind.PAB, score=40, opp_score=24)  # papp.cfg Score-bip = 24/64
    assert petit.rounds[1].kind is Kind.ABSENT  # '& -000004' before round 2
    assert dupont.rounds[1].opponent == 5
    values = {r.start_no: r.values for r in api.rank(t).rows}
    assert values[5][1] == (32 + 6 * 2) + (33 + 6 * 1) and values[4][1] == 34 + 6 * 0.5 + (32 + 6 * 1)


def test_workfile_bad_statement(tmp_path):
    for name in ("papp.cfg", "joueurs"):
        (tmp_path / name).write_bytes((WORKFILE.parent / name).read_bytes())
    bad = tmp_path / "papp-internal-workfile.txt"
    bad.write_text(WORKFILE.read_text().replace("ronde-suivante;", "ronde-suivantes;"))
    with pytest.raises(BrightwellError, match=r"line 19: unknown keyword 'ronde-suivantes'"):
        api.load(bad)


def test_what_an_elo_export_cannot_carry():
    from brightwell_plugin.adapters.papp.elo import PappFormat
    from support.make_fixtures import othello_open
    lost = PappFormat().cannot_carry(othello_open())
    assert "withdrawals (an export lists no absences: they are inferred again when read)" in lost
    assert "byes without a disc credit (read back with the credit the stored discs imply)" in lost
    two = papp_event()
    from dataclasses import replace
    first = two.players[0]
    two = replace(two, players=(replace(first, rounds=(RoundEntry(Kind.PAB, score=32, opp_score=32),)
                                        + first.rounds[1:]),) + two.players[1:])
    assert "byes with different disc credits (a reader infers one credit per event)" in PappFormat().cannot_carry(two)
