"""Swiss-Manager's chess-results.com upload XML: teams, team pairings, board pairings, decimal
commas, the tie-break codes mapped or named."""

from __future__ import annotations


import pytest
from support.chessresults_files import ROUNDS, Upload
from support.make_fixtures import FIXTURES
from support.samples import or_skip

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result
from support.samples import research

FIXTURE = FIXTURES / "chessresults_team.xml"
REAL = research("teams", "sharly_chessresults_Team_RoundRobin.xml")


def test_the_upload_is_recognised_and_read_as_a_team_event():
    loaded = api.load(FIXTURE)
    t = loaded.tournament
    assert loaded.format == "chess-results" and t.name == "Two Clubs" and t.start_date == "2025-09-05"
    assert [(team.number, team.name, team.short_name, team.members) for team in t.teams.teams] == [
        (1, "Adler SC", "Adler", (1, 2)), (2, "Claus SV", "Claus", (3, 4))]
    first = t.teams.matches[0]
    assert (first.round, first.first, first.second, first.first_points, first.second_points) == (1, 1, 2, 1, 0)
    board = first.boards[0]  # no result on either side: nothing scored
    assert (board.first, board.second, board.first_points, board.second_points) == (1, 3, 0, 0)
    assert t.tiebreaks == ("MPTS", "GPTS")
    assert loaded.warnings == (
        f"{FIXTURE}: Swiss-Manager's tie-break 52 (Sonneborn-Berger variable) is not one of its team events' (its "
        "table offers it to the other kind)", f"{FIXTURE}: Swiss-Manager's list, as ranked here: MPTS,GPTS (codes 13, 1, 52)")


def test_the_teams_rank_by_the_files_list_and_agree_with_its_stored_standings():
    t = api.load(FIXTURE).tournament
    s = api.rank(t)
    assert [(r.start_no, r.rank, r.values) for r in s.rows] == [(1, 1, (4, 3)), (2, 2, (0, 0))]
    _, rows = api.check(api.players_view(t), "PTS")  # the players' stored ranks and points
    assert not any(r.differs for r in rows)


@pytest.mark.parametrize("old, new, message", [
    ('no1="2" no2="1" res1="0,0"', 'no1="2" no2="1" res1="1,0"', r"line \d+: round 2: team 2 is given 1 game points, "
                                                                 r"its boards add up to 0"),
    ('no1="1" no2="2"', 'no1="1" no2="7"', r"a match between teams that do not exist \(1 and 7\)"),
    ('reswhite="0.0" resblack="1.0"', 'reswhite="0.0" resblack="0.0"', r"results '0.0' and '0.0' are no game's"),
    ('teamno="2"', 'teamno="9"', "players name team 9, which has no <team>"),
])
def test_an_upload_whose_parts_disagree_is_refused_naming_the_element(tmp_path, old, new, message):
    text = FIXTURE.read_text()
    assert old in text
    bad = tmp_path / "bad.xml"
    bad.write_text(text.replace(old, new, 1))
    with pytest.raises(BrightwellError, match=message):
        api.load(bad)


@pytest.mark.parametrize("path", or_skip([REAL] if REAL.exists() else []))
def test_a_real_upload_ranks_its_teams_as_its_stored_standings(path):
    t = api.load(path).tournament
    s = api.rank(t)
    stored = {team.number: (team.stored_rank, team.stored_match_points) for team in t.teams.teams}
    assert {r.start_no: r.values[0] for r in s.rows} == {n: mp for n, (_, mp) in stored.items()}
    shared = {r.rank for r in s.rows if sum(x.rank == r.rank for x in s.rows) > 1}
    for r in s.rows:  # a stored place anywhere in a shared place's range agrees (the file marks the tie 'equal')
        count = sum(x.rank == r.rank for x in s.rows)
        assert r.rank <= stored[r.start_no][0] < r.rank + count or r.rank not in shared and r.rank == stored[r.start_no][0]


def _rows(t):
    return {p.start_no: [(e.kind, e.opponent, e.result) for e in p.rounds] for p in t.players}


def test_an_upload_in_progress_holds_its_round_paired_without_results(tmp_path):
    """Sharly-Chess uploads its current round with the games awaiting results blank on both sides,
    ``rankinground`` the round before: a pairing, no result (not a double forfeit), the rounds not yet
    paired not recorded; its ``blackno`` -1 (the pairing bye) and -2 (not paired, his points)."""
    loaded = api.load(Upload().write(tmp_path / "open.xml"))
    t = loaded.tournament
    assert api.progress(t) == api.Progress(planned=5, played=2, paired=3, stated=3)
    assert dict(t.metadata)["published after round"] == "2" and not loaded.warnings  # stored points as of round 2
    G, P = Kind.GAME, Kind.PAIRED
    rows = _rows(t)
    assert rows[1] == [(G, 2, Result.WIN), (Kind.FORFEIT_WIN, 4, None), (P, 3, None)]
    assert rows[3][2] == (P, 1, None) and rows[2][0] == (G, 1, Result.LOSS)  # a zero written blank: the loss
    assert rows[5][1] == (Kind.PAB, None, None) and rows[4][2] == (Kind.HALF_BYE, None, None)
    assert rows[6][1:] == [(Kind.ZERO_BYE, None, None)] * 2 and t.player(6).withdrawn_after is None
    assert api.rank(t).after_round == 2 and api.progress(t).title(2) == \
        "after round 2 of 5 (round 3 in progress: 1 of 2 games with their result)"


def test_a_round_not_paired_yet_records_only_the_byes_asked_for(tmp_path):
    """Every player 'not paired' in a round nobody is paired in: a bye worth points is asked for
    ahead; nothing else of that round is recorded."""
    ahead = [(4, no, -2, "0.5" if no == 2 else "", "", "") for no in range(1, 7)]
    t = api.load(Upload(current=4, ranked=3, pairings=list(ROUNDS) + ahead).write(tmp_path / "ahead.xml")).tournament
    assert [len(p.rounds) for p in t.players] == [3, 4, 3, 3, 3, 3] and t.player(2).rounds[3].kind is Kind.HALF_BYE
    assert api.progress(t).paired == 3


def test_a_withdrawal_state_is_read_after_the_players_last_pairing(tmp_path):
    """``state`` 1 or 2 (a round robin's player who withdrew) names no round: after his last pairing."""
    loaded = api.load(Upload(state={6: "1"}).write(tmp_path / "state.xml"))
    six = loaded.tournament.player(6)
    assert six.withdrawn_after == 1 and dict(six.extra)["games not counted"] == "chess-results state 1"
    assert f"{tmp_path / 'state.xml'}: player 6 withdrew (state 1: his points do not count): read as after round 1, " \
           "his last pairing" in loaded.warnings
    two = api.load(Upload(state={6: "2"}).write(tmp_path / "counted.xml")).tournament.player(6)
    assert two.withdrawn_after == 1 and "games not counted" not in dict(two.extra)


@pytest.mark.parametrize("results, kinds", [
    (("", "", "K"), (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)),  # a double forfeit
    (("0", "0", "D"), (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)),  # 0-0
    (("—", "—", "H"), (Kind.PAIRED, Kind.PAIRED)),  # adjourned
    (("", "", ""), (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS)),  # nothing entered in a round ranked: nothing scored
    (("1", "0", "U"), (Kind.GAME, Kind.GAME)),  # unrated
])
def test_the_forfeit_codes_are_read_as_the_specification_gives_them(tmp_path, results, kinds):
    pairings = [x if x[:3] != (1, 3, 4) else (1, 3, 4, *results) for x in ROUNDS]
    t = api.load(Upload(pairings=pairings).write(tmp_path / "codes.xml")).tournament
    three, four = t.player(3).rounds[0], t.player(4).rounds[0]
    assert (three.kind, four.kind) == kinds and (three.opponent, four.opponent) == (4, 3)
    assert three.rated is (results[2] != "U")


@pytest.mark.parametrize("change, message", [
    (lambda rows: rows + [(3, 5, -3, "1.0", "", "")], r"blackno '-3' is not a whole number"),
    (lambda rows: rows + [(3, 6, -2, "1.0", "", "")], r"round 3: player 6 has two pairing records"),
    (lambda rows: rows + [(6, 1, 2, "1.0", "0.0", "")], r"round 6 is beyond the event's 5"),
    (lambda rows: rows + [(4, 1, 2, "0.5", "", "D")], r"results '0.5' and '' \(forfeit 'D'\) are no game's"),
])
def test_a_pairing_record_that_does_not_hold_is_refused_in_one_line(tmp_path, change, message):
    path = Upload(pairings=change(list(ROUNDS))).write(tmp_path / "bad.xml")
    with pytest.raises(BrightwellError, match=message):
        api.load(path)
