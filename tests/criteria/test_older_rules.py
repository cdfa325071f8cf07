"""FIDE's rules of 2009-2022 (``edition=2009``: a virtual opponent) and the Irish federation's
program's convention (``rules=icu``): the Handbook's own examples, each rule on a small event built
for it, and the stored orders of the real files of their time (docs/criteria.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.criteria.papi import papi_cut
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import ABSENT_ENTRY, Kind
from support.samples import present, research
from support.paths import ROOT

FIXTURES = ROOT / "fixtures"


ONES = ("win", "draw", "win", "draw", "draw", "win", "draw", "win", "draw")  # player 1's, round by round


def nine_rounds(forfeit_round: int, loser: bool) -> object:
    """Ten players, nine rounds: player 1 meets 2..10 in turn with the results of :data:`ONES`, but
    in ``forfeit_round`` a forfeit he loses (``loser``) or wins; the others pair off among
    themselves, the lower number winning."""
    b = TournamentBuilder("handbook", rounds=9, game="chess", start_date="2015-05-01")
    for no in range(1, 11):
        b.player(no, f"P{no}")
    for r in range(1, 10):
        rival = r + 1
        if r == forfeit_round:
            b.forfeit(r, rival, 1) if loser else b.forfeit(r, 1, rival)
        else:
            b.game(r, 1, rival, result=ONES[r - 1])
        others = [no for no in range(2, 11) if no != rival]
        for a, c in zip(others[::2], others[1::2]):
            b.game(r, a, c, result="win")
    return b.build()


def part(t, spec: str, no: int, round_no: int):
    explained = api.explain(t, no, spec)[0]
    return next(p for p in explained.parts if p.round == round_no)


def points_before(t, no: int, round_no: int) -> float:
    p = next(p for p in t.players if p.start_no == no)
    return sum(t.scoring.points(e) for e in p.rounds[:round_no - 1])


def test_the_handbooks_two_examples_of_the_virtual_opponent():
    """C.02 13.15.2 (2017) / the 2022 text: Svon = SPR + (1 - SfPR) + 0.5 x (n - R). Example 1: P
    does not show up in round 3 of nine; example 2: P's opponent does not show up in round 6."""
    absent = nine_rounds(3, loser=True)
    assert points_before(absent, 1, 3) == 1.5  # as the Handbook's example has it
    assert part(absent, "BH:edition=2009", 1, 3).value == 1.5 + (1 - 0) + 0.5 * (9 - 3)
    walkover = nine_rounds(6, loser=False)
    assert points_before(walkover, 1, 6) == 3.5
    assert part(walkover, "BH:edition=2009", 1, 6).value == 3.5 + (1 - 1) + 0.5 * (9 - 6)
    # interim standings: n is the rounds completed (after round 6 of example 2, 3.5)
    explained = api.explain(walkover, 1, "BH:edition=2009", after_round=6)[0]
    assert next(p for p in explained.parts if p.round == 6).value == 3.5 + (1 - 1) + 0.5 * (6 - 6)


def test_sonneborn_berger_weighs_the_virtual_opponent_by_the_rounds_points():
    """For the round itself the result by forfeit is a normal result: a forfeit win counts the virtual
    opponent whole, a forfeit loss nothing."""
    walkover, absent = nine_rounds(6, loser=False), nine_rounds(3, loser=True)
    assert part(walkover, "SB:edition=2009", 1, 6).value == 3.5 + 0 + 0.5 * 3
    assert part(absent, "SB:edition=2009", 1, 3).value == 0
    total = api.rank(walkover, "SB:edition=2009").rows
    bh_terms = [p.value for p in api.explain(walkover, 1, "BH:edition=2009")[0].parts]
    weights = [walkover.scoring.points(e) for e in walkover.players[0].rounds]
    assert next(r for r in total if r.start_no == 1).values[0] == sum(v * w for v, w in zip(bh_terms, weights))


def _bye_event(kind: Kind):
    """Four players, three rounds: 4 has a ``kind`` in round 1 and meets 1 in round 2."""
    b = TournamentBuilder("byes", rounds=3, game="chess", start_date="2012-03-03")
    for no in range(1, 5):
        b.player(no, f"P{no}")
    if kind is Kind.FORFEIT_WIN:
        b.forfeit(1, 4, 3).game(1, 1, 2, result="draw")
    else:
        b.bye(1, 4, kind).game(1, 1, 2, result="draw")
    b.game(2, 1, 4, result="win").game(2, 2, 3, result="draw")
    b.game(3, 1, 3, result="draw").game(3, 2, 4, result="loss")
    return b.build()


@pytest.mark.parametrize("kind", [Kind.PAB, Kind.HALF_BYE, Kind.FORFEIT_WIN])
def test_an_opponents_unplayed_round_is_a_draw_all_or_only_a_forfeit(kind):
    """2009's text: "all unplayed games in which players are indirectly involved (results by forfeit
    of opponents) are considered to have been drawn": drawn=all, every round not played over the
    board; drawn=forfeits, the parenthesis, byes as scored."""
    t = _bye_event(kind)
    four = next(p for p in t.players if p.start_no == 4)
    played = sum(t.scoring.points(e) for e in four.rounds if e.kind is Kind.GAME)
    as_scored = t.scoring.points(four.rounds[0])
    seen = {drawn: part(t, f"BH:edition=2009:drawn={drawn}", 1, 2).value for drawn in ("all", "forfeits")}
    assert seen["all"] == played + 0.5
    assert seen["forfeits"] == played + (0.5 if kind is Kind.FORFEIT_WIN else as_scored)


def test_no_unplayed_round_is_cut_before_the_others_in_2009():
    """C.07 of 2023 (16.5) cuts a voluntarily unplayed round first when its value is not below the
    ordinary choice; 2009's rules cut the lowest value, whatever it comes from."""
    b = TournamentBuilder("cut", rounds=3, game="chess", start_date="2016-01-01")
    for no in range(1, 7):
        b.player(no, f"P{no}")
    b.bye(1, 1, Kind.HALF_BYE).game(1, 2, 3, result="win").game(1, 4, 5, result="win").bye(1, 6, Kind.PAB)
    b.game(2, 1, 6, result="win").game(2, 2, 4, result="win").game(2, 3, 5, result="draw")
    b.game(3, 1, 5, result="win").game(3, 2, 3, result="win").game(3, 4, 6, result="draw")
    t = b.build()
    values = {ed: {p.round: p.value for p in api.explain(t, 1, f"BH:edition={ed}")[0].parts} for ed in (2009, 2024)}
    cut = {ed: [p.round for p in api.explain(t, 1, f"BH/C1:edition={ed}")[0].parts if p.value is None]
           for ed in (2009, 2024)}
    lowest = min(values[2009].values())
    assert [r for r, v in values[2009].items() if v == lowest] == cut[2009] != [1]  # the weakest opponent
    assert cut[2024] == [1] and values[2024][1] > min(values[2024].values())  # the requested bye, not the lowest


def test_the_icu_programs_convention():
    """One's own round without an opponent an opponent of 0 points; an opponent's rounds without
    one draws; a forfeit against a named opponent a result against him (icu_tournament's
    tie_break_score)."""
    t = _bye_event(Kind.PAB)
    four = next(p for p in t.players if p.start_no == 4)
    assert part(t, "BH:rules=icu", 4, 1).value == 0
    assert part(t, "BH:rules=icu", 1, 2).value == sum(t.scoring.points(e) for e in four.rounds[1:]) + 0.5
    forfeit = _bye_event(Kind.FORFEIT_WIN)
    three = next(p for p in forfeit.players if p.start_no == 3)
    assert part(forfeit, "BH:rules=icu", 4, 1).value == sum(forfeit.scoring.points(e) for e in three.rounds)
    # --edition icu is the same convention for every item that names no rules of its own
    assert api.rank(t, "PTS,BH,SB", edition="icu").rows == api.rank(t, "PTS,BH:rules=icu,SB:rules=icu").rows


def test_a_pairing_awaiting_its_result_counts_neither_way():
    t = _bye_event(Kind.PAB)
    players = tuple(replace(p, rounds=p.rounds[:2] + (new_entry(Kind.PAIRED, 4 - p.start_no),))
                    if p.start_no in (1, 3) else p for p in t.players)
    t = replace(t, players=players)
    for spec in ("BH:edition=2009", "BH:rules=icu"):
        explained = api.explain(t, 1, spec, after_round=3)[0]
        assert [p.round for p in explained.parts] == [1, 2]


def test_the_edition_modifier_and_the_date():
    t = _bye_event(Kind.HALF_BYE)
    assert api.rank(t, "BH/V2009").rows == api.rank(t, "BH:edition=2009").rows == api.rank(t, "BH").rows
    assert api.rank(t, "BH/V2024").rows == api.rank(t, "BH", edition=2024).rows
    assert api.rank(t, "BH/V2024").rows != api.rank(t, "BH/V2009").rows


# -- the real files of their time --------------------------------------------------------------------

ICU = [research("corpus", "trf", f"icu_bunratty_{name}_2011.tab") for name in ("challengers", "major", "masters")] \
    + [research("formats", "trf", "icu_valid.tab")]
LIMERICK = research("formats", "swissperfect", "tournaments", "LimerickClubChampionship09")
KARL_MALA = research("corpus", "trf_data", "karl_mala_2005_trf16.trf")


def _tied_pairs(t) -> int:
    listed = sorted((p for p in t.players if p.stored_rank), key=lambda p: p.stored_rank)
    return sum(1 for a, b in zip(listed, listed[1:]) if a.stored_points == b.stored_points)


def test_the_icu_files_follow_the_icu_programs_convention():
    """Three Bunratty 2011 files and one of 2008 from the ICU's program, ranked by Harkness (the
    median: BH/M1 over six rounds): every pair of neighbours on equal points in order under its
    convention, not under FIDE's 2009 rules nor C.07's."""
    present(*ICU)
    pairs, out = 0, {2009: 0, 2024: 0, "icu": 0}
    for path in ICU:
        t = api.load(path).tournament
        assert [p.stored_points for p in t.players] == [t.scoring.total(p.rounds) for p in t.players]
        pairs += _tied_pairs(t)
        for edition in out:
            out[edition] += len(api.check_order(t, ["PTS,BH/M1"], edition=edition)[0].inversions)
    assert pairs > 100 and out["icu"] == 0 and out[2009] > 0 and out[2024] > 0


def _limerick():
    """The Limerick 2009 event (Swiss Perfect's .trn/.sco) and the order of its text export (sorted by
    place, numbered so), players matched by name."""
    present(LIMERICK.with_suffix(".trn"), LIMERICK.with_suffix(".txt"))
    t = api.load(LIMERICK.with_suffix(".trn")).tournament
    order = [p.name for p in api.load(LIMERICK.with_suffix(".txt")).tournament.players]
    return t, order


def _out_of_order(t, order, spec, edition):
    ranks = {r.name: r.rank for r in api.rank(t, spec, edition=edition).rows}
    points = {p.name: t.scoring.total(p.rounds) + p.bonus for p in t.players}
    return [(a, b) for a, b in zip(order, order[1:]) if points[a] == points[b] and ranks[b] < ranks[a]]


def test_limerick_follows_fides_rules_of_2009():
    """Wall, a late entry with a full-point bye, is listed above Scallan: 2009's rules give both a
    median of 16.5 and Wall a Buchholz of 22.5 against 22; C.07's put Scallan above (docs/criteria.md).
    Freeman C., a late entry, is listed above Canning: Swiss Perfect kept his two half points for the
    rounds before his entry outside the rounds (its BONUS carries no round). Every pair is in order."""
    t, order = _limerick()
    spec = "PTS,BH/M1,BH,PS"  # its .ini's Tie Breaks=1218,1217,1219
    assert ("Wall, Robert", "Scallan, Darragh") in _out_of_order(t, order, spec, 2024)
    rows = {r.name: r.values for r in api.rank(t, spec, edition=2009).rows}
    assert rows["Wall, Robert"][1] == rows["Scallan, Darragh"][1] and rows["Wall, Robert"][2] > \
        rows["Scallan, Darragh"][2]
    assert t.player(next(p.start_no for p in t.players if p.name == "Freeman, Conor")).bonus == 1
    assert _out_of_order(t, order, spec, 2009) == []  # an opponent's unplayed rounds all drawn (the default)
    forfeits = _out_of_order(t, order, "PTS,BH/M1:drawn=forfeits,BH:drawn=forfeits,PS", 2009)
    assert forfeits == [("Wall, Robert", "Scallan, Darragh")]  # his byes as scored: the reading Limerick refutes


def test_karl_mala_2005_is_nearest_2009s_rules_with_only_forfeits_drawn():
    """Swiss-Manager's file of 2005, before 2009's rules: PTS, BH, SB (its first nine places follow
    it), nearest FIDE 2009's rules with an opponent's forfeits drawn and his byes as scored; every pair
    still out of order touches an unplayed round, the player's or an opponent's (docs/criteria.md)."""
    present(KARL_MALA)
    t = api.load(KARL_MALA).tournament
    counts = {(edition, drawn): api.check_order(t, [f"PTS,BH:drawn={drawn},SB:drawn={drawn}"],
                                                edition=edition)[0].inversions
              for edition, drawn in ((2009, "all"), (2009, "forfeits"), (2024, "all"), ("icu", "all"))}
    left = counts[2009, "forfeits"]
    assert len(left) < min(len(v) for k, v in counts.items() if k != (2009, "forfeits"))
    by_no = {p.start_no: p for p in t.players}
    k = t.rounds_played

    def unplayed(no):
        kinds = [e.kind for e in by_no[no].rounds[:k]]
        return len(kinds) < k or any(kind is not Kind.GAME for kind in kinds)

    for a, b in left:
        met = {e.opponent for no in (a, b) for e in by_no[no].rounds[:k] if e.opponent}
        assert any(unplayed(no) for no in (a, b, *met)), (a, b)


def test_papis_buchholz_is_fides_of_2009():
    """Papi's Bu./Tr./Me. (the French federation's program, criteria/papi.py) count as 2009's rules
    do: the virtual opponent, an opponent's unplayed rounds drawn; cut 1 up to 7 planned rounds."""
    files = sorted(research("corpus", "turn5", "papi").glob("*.papi")) + [FIXTURES / "papi" / "club.papi"]
    compared = 0
    for path in files:
        t = api.load(path).tournament
        if t.system != "swiss" or not t.rounds_played:
            continue
        n = papi_cut(t.rounds or t.rounds_played)
        spec = ["PAPI_BU", "PAPI_BU:type=cut", "PAPI_BU:type=median",
                "BH:edition=2009", f"BH/C{n}:edition=2009", f"BH/M{n}:edition=2009"] if n <= 2 else None
        if spec is None:
            continue
        for r in api.rank(t, spec).rows:
            assert r.values[:3] == r.values[3:], (path.name, r.name)
            compared += 3
    assert compared > 0
