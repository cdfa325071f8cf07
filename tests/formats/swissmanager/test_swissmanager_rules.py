"""Swiss-Manager's rules where they depart from FIDE C.07 (criteria/swiss_manager.py, swiss_manager_old.py;
docs/swissmanager.md), each against what Swiss-Manager published: a round robin's free round however a
file spells it, two pairing-allocated byes of one round refused under a cut, a team's bye a drawn match
(its team upload), and the older rules its codes 37 and 52 keep in their flags."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest
from brightwell_plugin.adapters.swissmanager.layout import read_layout
from brightwell_plugin.adapters.swissmanager.tiebreaks import event_list, from_record, ranked_list
from support import chessresults_pages as pages
from support.samples import needs_shared, present, real_files, research
from support.swissmanager_files import parameters

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, RoundEntry, Result

needs_fixtures = pytest.mark.skipif(not pages.FIXTURES.is_dir(), reason="the chess-results 0.2.0 sdist's fixtures "
                                    "are not here: set BRIGHTWELL_CHESS_RESULTS_FIXTURES (.ci/run downloads them)")
TEAM_UPLOAD = research("corpus", "teams", "sharly_chessresults_Team_SwissSystem.xml")
# Swiss-Manager's upload of an individual Swiss ranked by 37 and 52 (Sharly-Chess's docs/technical-appendices/
# chess-results/Single_SwissSystem.xml, the team uploads' companion)
SINGLE_UPLOAD = research("corpus", "chessresults", "sharly_chessresults_Single_SwissSystem.xml")
BINARIES = real_files("corpus/turn4/swissmanager_tunx") + real_files("corpus/turn5/swissmanager_fexerj")


def _sm(items) -> list[str]:
    return [x + ":preset=swiss-manager" if x.split("/")[0].split(":")[0] in ("BH", "FB", "SB") else x for x in items]


def _respelt(t, kind_of):
    """``t`` with each player's pairing-allocated byes recorded as ``kind_of(start_no, round)`` gives."""
    players = tuple(replace(p, rounds=tuple(RoundEntry(kind_of(p.start_no, r)) if e.kind is Kind.PAB else e
                                            for r, e in enumerate(p.rounds, 1))) for p in t.players)
    return replace(t, players=players)


# -- a round robin's free round, however spelt --------------------------------------------------------------

@needs_fixtures
@pytest.mark.parametrize("kind", [Kind.PAB, Kind.ZERO_BYE, Kind.ABSENT])
def test_the_ussa_round_robins_free_round_is_swiss_managers_however_spelt(kind):
    p = pages.published("ussa2026_roundrobin")
    t = _respelt(p.tournament, lambda no, r: kind)
    items, _ = event_list([c for c in p.codes if c], team=False, rounds=t.rounds)
    spec = _sm(ranked_list(items, team=False))
    rows = {r.start_no: r.values for r in api.rank(t, spec).rows}
    sb = spec.index(next(x for x in spec if x.startswith("SB")))
    assert {no: rows[no][sb] for no in rows} == {no: p.columns[no][2] for no in p.columns}


@needs_fixtures
def test_a_trf_of_the_ussa_round_robin_with_z_free_rounds_gives_swiss_managers_numbers(tmp_path):
    p = pages.published("ussa2026_roundrobin")
    api.write(p.tournament, tmp_path / "u.trf")
    text = (tmp_path / "u.trf").read_text()
    z = re.sub(r"0000 - U", "0000 - Z", text)
    assert z.count("0000 - Z") == 9  # one free round for each of the 9 players
    (tmp_path / "z.trf").write_text(z)
    t = api.load(tmp_path / "z.trf").tournament
    assert sum(e.kind is Kind.ZERO_BYE for pl in t.players for e in pl.rounds) == 9
    rows = {r.start_no: r.values[1] for r in api.rank(t, ["PTS", "SB/V2024:preset=swiss-manager"]).rows}
    assert rows == {no: p.columns[no][2] for no in p.columns}
    fide = {r.start_no: r.values[1] for r in api.rank(t, ["PTS", "SB/V2024"]).rows}
    assert {no for no in fide if fide[no] != rows[no]} == {2}  # 15.2: No. 2's forfeit win counts as a game


def test_a_round_robin_round_whose_free_player_cannot_be_told_is_refused_naming_them():
    b = TournamentBuilder("Five", rounds=1, game="chess", system="round-robin", start_date="2025-01-01")
    for no in range(1, 6):
        b.player(no, f"P{no}")
    b.game(1, 1, 2, result="win").bye(1, 3, Kind.ZERO_BYE).bye(1, 4, Kind.ZERO_BYE).bye(1, 5, Kind.ZERO_BYE)
    t = b.build()
    assert api.rank(t, ["PTS", "SB"]).rows  # FIDE's rules need no free round
    with pytest.raises(BrightwellError, match=r"round 1: #3 P3, #4 P4 and #5 P5 sit out a round of this round "
                                              r"robin of 5 players.*TRF 'U'"):
        api.rank(t, ["PTS", "SB:preset=swiss-manager"])
    t = replace(t, players=tuple(replace(p, rounds=(RoundEntry(Kind.PAB),)) if p.start_no == 5 else p
                                 for p in t.players))
    assert api.rank(t, ["PTS", "SB:preset=swiss-manager"]).rows  # one of them the file's pairing-allocated bye


# -- a Swiss: a pairing-allocated bye and a full-point bye ---------------------------------------------------

@pytest.mark.slow
@needs_fixtures
def test_arad_with_every_round_one_bye_written_as_pairing_allocated_is_refused_under_a_cut():
    """Swiss-Manager's crosstable shows Arad's round-1 byes of #140 (full-point) and #209 (pairing-
    allocated) alike; written both as pairing-allocated (TRF 'U'), its rules cannot tell which to cut."""
    p = pages.published("arad2026_a")
    t = _respelt(p.tournament, lambda no, r: Kind.PAB)
    t = replace(t, players=tuple(replace(pl, rounds=(RoundEntry(Kind.PAB),) + pl.rounds[1:]) if pl.start_no == 140
                                 else pl for pl in t.players))
    with pytest.raises(BrightwellError, match=r"round 1: #140 .* and #209 .* both have a pairing-allocated bye"):
        api.rank(t, ["PTS", "BH/C1/V2026:preset=swiss-manager"])
    uncut = {r.start_no: r.values[1] for r in api.rank(t, ["PTS", "BH/V2026:preset=swiss-manager"]).rows}
    fide = {r.start_no: r.values[1] for r in api.rank(t, ["PTS", "BH/V2026"]).rows}
    assert uncut == fide  # without a cut the two byes count alike: nothing to refuse


# -- a team's bye: a drawn match to its opponents (the team upload's code 84) --------------------------------

def _published_teams(path, slot: str) -> dict[int, float]:
    root = ET.parse(path).getroot()
    return {int(t.get("no")): float(t.get(slot).replace(",", ".")) for t in root.iter("team")}


@needs_shared(TEAM_UPLOAD)
def test_the_team_uploads_84_is_swiss_managers_buchholz_of_match_points_a_bye_a_drawn_match():
    loaded = api.load(TEAM_UPLOAD)
    t = loaded.tournament
    assert t.tiebreaks == ("MPTS", "GPTS", "BH/V2024")  # an empty detail: the primary score, match points
    assert any("84 (Buchholz variable (2023)) comes with no parameters" in w for w in loaded.warnings)
    published = _published_teams(TEAM_UPLOAD, "tb3")
    sm = {r.start_no: r.values[2] for r in api.rank(t, ["MPTS", "GPTS", "BH/V2024:preset=swiss-manager"]).rows}
    assert sm == published
    fide = {r.start_no: r.values[2] for r in api.rank(t, list(t.tiebreaks)).rows}
    root = ET.parse(TEAM_UPLOAD).getroot()
    bye = {int(m.get("no1")) for m in root.iter("teampairing") if m.get("no2") == "-1"}
    met = {}
    for m in root.iter("teampairing"):
        a, b = int(m.get("no1")), int(m.get("no2"))
        if b > 0:
            met.setdefault(a, []).append(b)
            met.setdefault(b, []).append(a)
    # C.07 counts an opponent's bye as the match it scored (2 match points), Swiss-Manager as a draw (1)
    assert {no: fide[no] - sm[no] for no in sm} == {no: sum(o in bye for o in met[no]) for no in sm}


# -- 37 and 52: their flags ---------------------------------------------------------------------------------

def _old_codes(path):
    s = read_layout(path.read_bytes()).settings
    return [(code, record) for code, record in zip(s.codes, s.parameters) if code in (37, 52)]


def test_every_37_and_52_of_the_shared_files_is_read_whole():
    """Their flags: 0D (the FIDE correction by C.07 of 2023) in every Swiss of 2024-26, 05 in round
    robins, 01 in the file of 2023; none holds a bit of no known meaning."""
    paths = [p.values[0] for p in BINARIES if p.values[0] is not None]
    present(*paths or [research("corpus")])
    seen = {}
    for path in paths:
        for code, record in _old_codes(path):
            p = from_record(code, record)
            assert not p.unread, (path.name, code, p.unread)
            seen.setdefault(record[1], set()).add(path.name)
    assert {flags: len(files) for flags, files in seen.items()} == {0x0D: 9, 0x05: 2, 0x01: 1}
    assert seen[0x01] == {"2023_elllobregat_a_753347.TUNX"}


_RESULTS = {"1.0": Result.WIN, "0.5": Result.DRAW, "0.0": Result.LOSS}


@needs_shared(SINGLE_UPLOAD)  # Swiss-Manager's individual upload (Sharly-Chess's docs/technical-appendices/chess-results)
def test_swiss_managers_37_and_52_of_today_are_c07s():
    """Its upload of a 2025 Swiss, four late entries and four pairing-allocated byes among them: 37 and
    52 (no detail: its default flags, 0D in every Swiss of 2024-26 here) equal C.07's BH and SB for all
    21 players."""
    root = ET.parse(SINGLE_UPLOAD).getroot()
    head = root.find("tournamentdata/tournament")
    assert (head.get("tb1no"), head.get("tb2no"), head.get("tb1_detail")) == ("37", "52", "")
    b = TournamentBuilder("single", rounds=int(head.get("rounds")), game="chess", start_date="2025-09-26")
    published = {}
    for p in root.iter("player"):
        b.player(int(p.get("no")), p.get("lastname"))
        published[int(p.get("no"))] = tuple(float(p.get(x).replace(",", ".")) for x in ("tb1", "tb2"))
    for g in root.iter("playerpairing"):
        r, white, black = int(g.get("round")), int(g.get("whiteno")), int(g.get("blackno"))
        if black < 0:  # -1 the pairing-allocated bye, -2 not paired (a late entry's round): nothing
            b.bye(r, white, Kind.PAB if black == -1 else Kind.ZERO_BYE)
        else:
            b.game(r, white, black, result=_RESULTS[g.get("reswhite")])
    default = parameters(flags=0x0D)  # the flags of every Swiss of 2024-26 among the shared files
    items, _ = event_list([(37, from_record(37, default)), (52, from_record(52, default))], team=False, rounds=7)
    assert ranked_list(items, team=False) == ("PTS", "BH", "SB")
    rows = {r.start_no: r.values[1:] for r in api.rank(b.build(), ranked_list(items, team=False)).rows}
    assert rows == published


@needs_fixtures
def test_jeddahs_37_after_round_1_is_fides_virtual_opponent_of_2009():
    """Swiss-Manager's page of Jeddah 2026 after round 1 (its list 11, 37, 37; the page prints no
    flags): every value is the 2009 virtual opponent's, counting the rounds played so far; C.07's differ
    for the players of an unplayed round."""
    p = pages.published("jeddah2026")
    spec = ["PTS", "BH:rules=swiss-manager-2009", "BH/C1:rules=swiss-manager-2009", "BH/V2024", "BH/V2026"]
    rows = {r.start_no: r.values for r in api.rank(p.tournament, spec, after_round=1).rows}
    assert {no: list(v[1:3]) for no, v in rows.items()} == {no: p.columns[no][1:3] for no in p.columns}
    unplayed = {pl.start_no for pl in p.tournament.players if pl.rounds[0].kind is not Kind.GAME}
    assert {no for no, v in rows.items() if v[3] != p.columns[no][1]} == unplayed
    assert {no for no, v in rows.items() if v[4] != p.columns[no][1]} < unplayed


# -- the older rules, worked by hand ------------------------------------------------------------------------

def _old_event():
    b = TournamentBuilder("Old", rounds=3, game="chess", start_date="2010-01-01")
    for no in range(1, 6):
        b.player(no, f"P{no}")
    b.game(1, 1, 2, result="win").game(1, 3, 4, result="draw").bye(1, 5, Kind.PAB)
    b.game(2, 1, 3, result="win").forfeit(2, 2, 5).bye(2, 4, Kind.ZERO_BYE)
    b.game(3, 1, 4, result="loss").game(3, 2, 3, result="win").bye(3, 5, Kind.HALF_BYE)
    return b.build()


def _values(t, item):
    return {r.start_no: r.values[1] for r in api.rank(t, ["PTS", item]).rows}


def test_the_2009_rules_give_each_unplayed_round_a_virtual_opponent_and_draw_it_for_the_opponents():
    t = _old_event()
    bh = _values(t, "BH:rules=swiss-manager-2009")
    # as opponents see them: P2 1.5 (his forfeit a draw), P3 0.5, P4 2 (his zero bye a draw)
    assert bh[1] == 1.5 + 0.5 + 2
    # P2's forfeit win in round 2: a virtual opponent of 0 before it, the loss, a draw after: 0.5
    assert bh[2] == 2 + 0.5 + 0.5
    # P5: round 1 bye 0 + 0 + 1; round 2 forfeit 1 + 1 + 0.5; round 3 half bye 1 + 0.5 + 0
    assert bh[5] == 1 + 2.5 + 1.5
    assert _values(t, "SB:rules=swiss-manager-2009")[5] == 1 * 1 + 2.5 * 0 + 1.5 * 0.5


def test_the_real_points_rules_count_a_forfeits_opponent_and_nothing_without_one():
    t = _old_event()
    assert _values(t, "BH:rules=swiss-manager-real")[2] == 2 + 1.5 + 0.5  # P1, P5 (the forfeit), P3
    assert _values(t, "BH:rules=swiss-manager-real")[5] == 0 + 2 + 0
    assert _values(t, "BH/C1:rules=swiss-manager-real")[5] == 2  # a round without an opponent cut first
    assert _values(t, "SB:rules=swiss-manager-real")[2] == 2 * 0 + 1.5 * 1 + 0.5 * 1


def test_the_older_rules_have_no_fore_buchholz_and_explain_each_round():
    t = _old_event()
    with pytest.raises(BrightwellError, match="no Fore Buchholz"):
        api.rank(t, ["PTS", "FB:rules=swiss-manager-2009"])
    parts = [x for x in api.explain(t, 5, ["PTS", "BH:rules=swiss-manager-2009"]) if x.item.startswith("BH")][0]
    assert [p.value for p in parts.parts] == [1, 2.5, 1.5] and "virtual opponent" in parts.parts[0].detail
