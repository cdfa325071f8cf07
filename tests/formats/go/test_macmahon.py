"""MacMahon 3.9 XML (adapters/go/macmahon.py): the fixture in the MacMahon program's layout, counted by
hand; the sample of the shared corpus in the layout other software writes; converted to h9 and read
back; damaged files refused in one line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from support.make_fixtures import FIXTURES
from support.samples import real_files

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, Side

FIXTURE = FIXTURES / "go" / "macmahon39.xml"


def test_the_fixture_reads_as_the_macmahon_program_wrote_it():
    loaded = api.load(FIXTURE)
    t = loaded.tournament
    assert loaded.format == "macmahon" and t.game == "go" and t.rounds == 4
    assert t.tiebreaks == ("MMS", "SOSM", "SOSOSM")
    ann, bob, _, dee, eve = t.players
    assert (ann.name, dict(ann.extra)["go rank"], ann.federation, ann.ids) == ("Alpha, Ann", "3D", "FR",
                                                                              (("egf", "11111111"),))
    r1 = bob.rounds[0]  # Black's score first: "1-0", Black (Bob) won
    assert (r1.kind, r1.opponent, r1.result, r1.side) == (Kind.GAME, 1, Result.WIN, Side.SECOND)
    assert dee.rounds[0].handicap == 9 and eve.rounds[0].kind is Kind.PAB
    assert ann.rounds[1].result is Result.DRAW
    assert (eve.rounds[1].kind, bob.rounds[1].kind) == (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)  # "1-0!": by the referee
    assert dee.rounds[2].kind is Kind.FORFEIT_LOSS and bob.rounds[2].kind is Kind.FORFEIT_LOSS  # 0-0
    assert ann.rounds[3].kind is Kind.PAIRED and dee.rounds[3].kind is Kind.ABSENT


def test_the_mcmahon_scores_by_hand():
    """Start: bar 1d, floor 20k, 30K = 0 (Ann 3d: 30; Bob 1d and super-bar: 31; Cid 5k: 25; Dee 25k: 10;
    Eve 12k: 18); a win or a bye 1, a jigo ½, a forfeit as its result, a round not played 0."""
    mms = {r.name: r.values[0] for r in api.rank(api.load(FIXTURE).tournament, "MMS", after_round=3).rows}
    assert mms == {"Alpha, Ann": 30.5, "Beta, Bob": 32, "Gamma, Cid": 27.5, "Delta, Dee": 11, "Epsilon, Eve": 21}
    t = api.load(FIXTURE).tournament
    assert api.rank(t, "MMS").after_round == 3  # round 4 is paired, its games awaiting their results
    paired = {r.name: r.values[0] for r in api.rank(t, "MMS", after_round="paired").rows}
    assert paired["Epsilon, Eve"] == 22 and paired["Delta, Dee"] == 11 and paired["Alpha, Ann"] == 30.5


def test_a_walllist_starting_with_points_ranks_by_wins(tmp_path):
    path = tmp_path / "swiss.xml"
    path.write_text(FIXTURE.read_text(encoding="utf-8").replace("<ShortName>Score</ShortName>",
                                                                "<ShortName>Points</ShortName>"), encoding="utf-8")
    assert api.load(path).tournament.tiebreaks == ("NBW", "SOSW", "SOSOSW")


def test_converted_to_h9_the_standings_come_back(tmp_path):
    target = tmp_path / "event.h9"
    result = CliRunner().invoke(main, ["convert", str(FIXTURE), str(target)])
    assert result.exit_code == 0, result.output
    ours = api.rank(api.load(FIXTURE).tournament, "MMS", after_round="planned")
    back = api.rank(api.load(target).tournament, "MMS", after_round="planned")
    assert [(r.name.replace(",", ""), r.values) for r in back.rows] == [(r.name.replace(",", ""), r.values)
                                                                         for r in ours.rows]


@pytest.mark.parametrize("path", real_files("corpus/turn4/macmahon39", "*.xml"))
def test_the_shared_sample_reads_and_ranks(path):
    t = api.load(path).tournament
    mms = {r.name: r.values[0] for r in api.rank(t, "MMS").rows}
    # Carol: 1d at the bar, a super-bar member (31), beat David and had a bye; Bob (2d: the bar, 30) won twice
    assert mms["White, Carol"] == 33 and mms["Jones, Bob"] == 32 and mms["Smith, Alice"] == 30


@pytest.mark.parametrize("old, new, message", [
    ("<Result>½-½</Result>", "<Result>2-0</Result>", "result '2-0' is none of MacMahon's"),
    ("<Black>13</Black><White>11</White>", "<Black>13</Black><White>99</White>", "player id '99' is no player's"),
    ("<GoLevel>5k</GoLevel>", "<GoLevel>strong</GoLevel>", "GoLevel 'strong' is no Go rank"),
    ("<Handicap>9</Handicap>", "<Handicap>12</Handicap>", "handicap 12 is not 0 to 9 stones"),
    ("<RoundNumber>2</RoundNumber>", "<RoundNumber>1</RoundNumber>", "has two pairings in round 1"),
])
def test_a_damaged_file_is_refused_in_one_line(tmp_path, old, new, message):
    path = tmp_path / "bad.xml"
    text = FIXTURE.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(path)
    assert "bad.xml" in str(err.value) and "line " in str(err.value)


def test_the_rounds_a_participant_is_not_playing_are_read_as_pairgoth_imports_them(tmp_path):
    """``NotPlayingInRound``, one element a round: OpenGotha's participation ('0' a round sat out, as
    pairgoth imports it); those from a player's last round through NumberOfRounds a withdrawal, those
    before his first a late entry (where he has no record in them); one between, neither."""
    dee = api.load(FIXTURE).tournament.player(4)
    assert (dee.withdrawn_after, dee.late_entry, dict(dee.extra)["opengotha participating"]) == (3, None, "1110")
    late = ("<IndividualParticipant><Id>16</Id><PreliminaryRegistration>false</PreliminaryRegistration>"
            "<SuperBarMember>false</SuperBarMember><NotPlayingInRound>1</NotPlayingInRound>"
            "<NotPlayingInRound>2</NotPlayingInRound><NotPlayingInRound>3</NotPlayingInRound>"
            "<GoPlayer><FirstName>Fay</FirstName><Surname>Zeta</Surname><GoLevel>8k</GoLevel></GoPlayer>"
            "</IndividualParticipant>\n  <TournamentRound>")
    path = tmp_path / "late.xml"
    path.write_text(FIXTURE.read_text(encoding="utf-8").replace("<NotPlayingInRound>4</NotPlayingInRound>", "")
                    .replace("<TournamentRound>", late, 1), encoding="utf-8")
    t = api.load(path).tournament
    assert (t.player(6).late_entry, t.player(6).withdrawn_after) == (4, None) and t.player(4).withdrawn_after is None
    assert "opengotha participating" not in dict(t.player(4).extra)


@pytest.mark.parametrize("path", real_files("corpus/turn4/macmahon39", "*.xml"))
def test_a_round_sat_out_between_two_played_is_neither_entry_nor_withdrawal(path):
    david = next(p for p in api.load(path).tournament.players if p.name == "Brown, David")
    assert dict(david.extra)["opengotha participating"] == "101" and (david.late_entry, david.withdrawn_after) == (None, None)
