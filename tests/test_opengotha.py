"""OpenGotha XML: results of every kind, byes, placement criteria, safe parsing."""

from __future__ import annotations

from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, Side
from support.make_fixtures import FIXTURES
from support.samples import or_skip

GO = FIXTURES / "fixture_go.opengotha.xml"
SAMPLES = Path(__file__).resolve().parents[2] / "shared" / "research" / "formats" / "go"


def test_results_of_every_kind():
    loaded = api.load(GO)
    t = loaded.tournament
    assert loaded.format == "opengotha" and t.name == "Fixture Go Cup" and t.game == "go"
    ann, bob, gil, dan, eve = (t.player(n) for n in range(1, 6))
    assert ann.rounds[0].kind is Kind.GAME and ann.rounds[0].result is Result.WIN and ann.rounds[0].side is Side.SECOND
    assert gil.rounds[0].result is Result.DRAW  # jigo
    assert ann.rounds[1].kind is Kind.FORFEIT_WIN and dan.rounds[1].kind is Kind.FORFEIT_LOSS  # _BYDEF
    assert bob.rounds[1].kind is eve.rounds[1].kind is Kind.FORFEIT_LOSS  # both lose
    assert eve.rounds[0].kind is Kind.PAB and gil.rounds[1].kind is Kind.ABSENT
    assert [r.values[0] for r in api.rank(t, "PTS").rows] == [2, 1, 0.5, 0.5, 0]


def test_placement_criteria_are_mapped_and_the_rest_named(tmp_path):
    loaded = api.load(GO)
    assert loaded.tournament.tiebreaks == ("NBW", "SOSW", "MMS", "SODOSW")  # OpenGotha's own, computed alike
    other = tmp_path / "ext.xml"
    other.write_text(GO.read_text(encoding="utf-8").replace('name="MMS"', 'name="EXT"'), encoding="utf-8")
    assert api.load(other).tournament.tiebreaks == ("NBW", "SOSW", "EXT", "SODOSW")  # computed too now
    # a name that is none of OpenGotha's long names (matched exactly, as its reader does) is left out
    other.write_text(GO.read_text(encoding="utf-8").replace('name="MMS"', 'name="mms"'), encoding="utf-8")
    loaded = api.load(other)
    assert loaded.tournament.tiebreaks == ("NBW", "SOSW", "SODOSW")
    assert f"{other}: placement criterion 'mms' is none of OpenGotha's names: left out, as OpenGotha does" \
        in loaded.warnings


def test_go_has_no_game_scores_for_bq():
    with pytest.raises(BrightwellError, match="this file has no game scores"):
        api.rank(api.load(GO).tournament, "PTS,BQ:preset=woc")


@pytest.mark.parametrize("change, message", [
    (lambda s: s.replace('<Tournament dataVersion', '<!DOCTYPE Tournament [<!ENTITY x "y">]>\n<Tournament dataVersion'),
     "DOCTYPE"),
    (lambda s: s[: len(s) // 2], "not well-formed XML"),
    (lambda s: s.replace('blackPlayer="BETABOB"', 'blackPlayer="NOBODY"'), "unknown player 'NOBODY'"),
    (lambda s: s.replace("RESULT_EQUAL", "RESULT_MAYBE"), "unknown result 'RESULT_MAYBE'"),
])
def test_bad_files_are_one_line_errors(tmp_path, change, message):
    bad = tmp_path / "bad.xml"
    bad.write_text(change(GO.read_text()))
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(bad, "opengotha")
    assert "\n" not in str(err.value) and str(bad) in str(err.value)


@pytest.mark.parametrize("sample", or_skip(sorted(SAMPLES.glob("*.xml")) if SAMPLES.exists() else []),
                         ids=lambda p: p.name if p else "none")
def test_real_files_load_and_rank(sample):
    loaded = api.load(sample)
    assert loaded.format == "opengotha" and loaded.tournament.players
    assert api.rank(loaded.tournament).rows


def test_two_players_with_one_key_are_an_error(tmp_path):
    bad = tmp_path / "dup.xml"
    bad.write_text(GO.read_text().replace('firstName="Bob" name="Beta"', 'firstName="Ann" name="Alpha"'))
    with pytest.raises(BrightwellError, match=r"line \d+: two players have the key 'ALPHAANN'"):
        api.load(bad, "opengotha")
