"""Swiss-Manager's chess-results.com upload XML: teams, team pairings, board pairings, decimal
commas, the tie-break codes mapped or named."""

from __future__ import annotations


import pytest
from support.make_fixtures import FIXTURES
from support.samples import or_skip

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
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
    _, rows = api.check(t, "PTS", boards=True)  # the players' stored ranks and points
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
