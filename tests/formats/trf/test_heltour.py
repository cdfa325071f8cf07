"""A team event as heltour published it (../shared/research/corpus/trf: the Friendship Cup 2024 of
Heraklion, its TRF beside the published standings): read as heltour reads a TRF (``trf-heltour``: a
team round without a game a bye worth a drawn match), FIDE's EGGSB and BH:MP give the published
table. The file's one inconsistency (player 41's stored point, which her results do not give) is the
published table's only difference, and each value it moves moves by exactly that point."""

from __future__ import annotations

import csv

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind
from support.samples import needs_shared, research

TRF = research("corpus", "trf", "heltour_friendship_cup_2024_heraklion_team.trf")
PUBLISHED = research("corpus", "trf", "heltour_friendship_cup_2024_heraklion_team.expected_standings.csv")
needs_files = needs_shared(TRF)


@needs_files
def test_the_published_table_with_heltours_reading():
    loaded = api.load(TRF, "trf-heltour")
    assert any("team round(s) without a game read as heltour reads them" in w for w in loaded.warnings)
    assert any("player 41" in w and "stored points 1" in w for w in loaded.warnings)
    rows = api.rank(loaded.tournament, "MPTS,GPTS,EGGSB,BH:MP").rows
    published = list(csv.DictReader(PUBLISHED.open(encoding="utf-8")))
    assert [(r.rank, r.name) for r in rows] == [(int(p["rank"]), p["team"]) for p in published]  # every place
    # the published table counts player 41's stored point (her team, ΗΡΟΔΟΤΟΣ, 14.5 game points, not 13.5):
    # each team's EGGSB moves by the game points it scored against her team, hers by that point's weight
    t = api.load(TRF).tournament
    team_of = {no: team.name for team in t.teams.teams for no in team.members}
    herodotos = next(team for team in t.teams.teams if team.name.endswith("ΗΡΟΔΟΤΟΣ"))
    against = {}
    for m in t.teams.matches:
        if herodotos.number in (m.first, m.second) and m.second is not None:
            other = m.second if m.first == herodotos.number else m.first
            against[next(team.name for team in t.teams.teams if team.number == other)] = \
                m.second_points if m.first == herodotos.number else m.first_points
    for row, p in zip(rows, published):
        mp, gp, eggsb, bh = row.values
        assert (mp, bh) == (float(p["match_points"]), float(p["bh_mp"])), row.name
        if row.name == herodotos.name:
            assert gp + 1 == float(p["game_points"])
            continue
        assert gp == float(p["game_points"]), row.name
        assert eggsb + against.get(row.name, 0) == float(p["eggsb"]), row.name
    assert team_of  # the roster was read


@needs_files
def test_the_trf_reading_keeps_a_round_without_a_game_as_no_match():
    t = api.load(TRF).tournament
    assert not any(m.second is None for m in t.teams.matches)
    from brightwell_plugin.teams.view import team_view
    assert any(e.kind is Kind.ABSENT for p in team_view(t).players for e in p.rounds)


def test_heltours_reading_is_of_team_events(tmp_path):
    path = tmp_path / "event.trf"
    path.write_text("012 Individual\n001    1      Alpha                                                              0.0    1\n")
    with pytest.raises(BrightwellError, match="not a team event"):
        api.load(path, "trf-heltour")


SM_TEAMS = research("corpus", "teams", "sharly_chessresults_Team_SwissSystem.xml")


@needs_shared(SM_TEAMS)
def test_swiss_managers_team_upload_reads_and_check_finds_its_published_table():
    """Its empty placeholder players are left out, said; every team's place and published value is
    what the file's own list computes."""
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    loaded = api.load(SM_TEAMS)
    assert any("4 empty player record(s) of no team and no game" in w for w in loaded.warnings)
    result = CliRunner().invoke(main, ["check", str(SM_TEAMS)])
    assert result.exit_code == 0 and "0 of 11 teams differ" in result.output, result.output
