"""OpenGotha XML: results of every kind, byes, placement criteria, safe parsing."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.make_fixtures import FIXTURES
from support.samples import or_skip, real_files, research

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, Side

GO = FIXTURES / "fixture_go.opengotha.xml"
SAMPLES = research("formats", "go")


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
    (lambda s: s[: len(s) // 2], "the file is cut short: its XML stops"),
    (lambda s: s.replace("<Games>", "<Games x=>", 1), "not well-formed XML"),
    (lambda s: s.replace("RESULT_EQUAL", "RESULT_MAYBE"), "unknown result 'RESULT_MAYBE'"),
])
def test_bad_files_are_one_line_errors(tmp_path, change, message):
    bad = tmp_path / "bad.xml"
    bad.write_text(change(GO.read_text()))
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(bad, "opengotha")
    assert "\n" not in str(err.value) and str(bad) in str(err.value)


def test_a_record_naming_a_player_opengotha_does_not_find_is_left_out_and_said(tmp_path):
    """OpenGotha's reader leaves out a game whose player its key rules do not find; so does this reading,
    in one warning, the standings partial (--strict refuses); opengotha-all refuses the unknown name."""
    bad = tmp_path / "bad.xml"
    bad.write_text(GO.read_text().replace('blackPlayer="BETABOB"', 'blackPlayer="NOBODY"', 1))
    loaded = api.load(bad)
    assert sum("name a player OpenGotha's reader does not find" in w and "'NOBODY'" in w for w in loaded.warnings) == 1
    games = sum(e.kind is not Kind.ABSENT for p in loaded.tournament.players for e in p.rounds)
    assert games == sum(e.kind is not Kind.ABSENT for p in api.load(GO).tournament.players for e in p.rounds) - 2
    with pytest.raises(BrightwellError, match="refused with --strict"):
        api.load(bad, strict=True)
    with pytest.raises(BrightwellError, match="unknown player 'NOBODY'"):
        api.load(bad, "opengotha-all")


def test_references_are_found_by_opengothas_rules(tmp_path):
    """Before dataVersion 201 (a file without it is 200) by the obsolete canonical name (A-Z only), else by
    the key; failing that, the reference forced to ASCII: a hyphen in a reference is not found."""
    from brightwell_plugin.adapters.go.opengotha_keys import (
        PlayerKeys,
        force_to_ascii,
        obsolete_name,
    )
    assert obsolete_name("Guerre-Genton", "Léo") == "GUERREGENTONLEO" and force_to_ascii("LOÏC") == "LOIC"
    people = [{"name": "Guerre-Genton", "firstName": "Léo"}, {"name": "Yilmaz", "firstName": "Ege"}]
    old, new = PlayerKeys(people, 200), PlayerKeys(people, 201)
    assert old.find("GUERREGENTONLEO") == 1 and old.find("GUERRE-GENTONLÉO") is None
    assert new.find("GUERRE-GENTONLÉO") == 1 and new.find("YİLMAZEGE") == 2 and new.find("YILMAZEGE") == 2
    assert PlayerKeys(people, 200, every_record=True).find("guerre-gentonleo") == 1


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


def _with_a_player_who_never_plays(tmp_path, display: str | None) -> Path:
    text = GO.read_text(encoding="utf-8").replace(
        "</Players>", '<Player country="FR" firstName="Zed" name="Zeta" rank="9D" rating="2700"/></Players>')
    if display is not None:
        text = text.replace("</TournamentParameterSet>",
                            f'<DPParameterSet displayNPPlayers="{display}"/></TournamentParameterSet>')
    path = tmp_path / "idle.xml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_player_with_no_game_and_no_bye_is_left_out_and_listed_apart(tmp_path):
    """Tournament.isPlayerImplied: OpenGotha's standings show him only when displayNPPlayers says so."""
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    path = _with_a_player_who_never_plays(tmp_path, None)
    loaded = api.load(path)
    standings = api.rank(loaded.tournament, "MMS")  # a 9D would stand first on MMS
    assert [r.name for r in standings.unlisted] == ["Zeta, Zed"] and len(standings.rows) == 5
    assert [r.rank for r in standings.rows] == list(range(1, 6))
    assert any("1 registered player(s) with no game and no bye are left out" in w for w in loaded.warnings)
    out = CliRunner().invoke(main, ["rank", str(path)]).output
    assert "Not in the standings (registered, no game and no bye): #6 Zeta, Zed" in out
    shown = api.rank(api.load(_with_a_player_who_never_plays(tmp_path, "true")).tournament, "MMS")
    assert not shown.unlisted and {r.name: r.rank for r in shown.rows}["Zeta, Zed"] == 1  # at the bar, 4D


def test_round_words_choose_the_round_ranked(tmp_path):
    t = api.load(SAMPLES / "opengotha_remote" / "ogremote_20200918151326_TournoiChinois.xml"
                 if (SAMPLES / "opengotha_remote").exists() else GO).tournament
    assert api.rank(t, after_round="played").after_round == t.rounds_played
    assert api.rank(t, after_round="planned").after_round == t.rounds
    with pytest.raises(BrightwellError, match="outside 0"):
        api.rank(t, after_round="soon")


def test_records_are_found_wherever_the_file_has_them(tmp_path):
    """OpenGotha's reader takes every Player, Game and ByePlayer element of the document
    (getElementsByTagName), wherever it stands: pairgoth wraps its byes in a ``<ByePlayer>`` element."""
    text = GO.read_text()
    start, end = text.index("<ByePlayers>"), text.index("</ByePlayers>") + len("</ByePlayers>")
    wrapped = text[:start] + text[start:end].replace("ByePlayers>", "ByePlayer>") + text[end:]
    assert "<ByePlayers>" not in wrapped and "<ByePlayer>" in wrapped
    path = tmp_path / "wrapped.xml"
    path.write_text(wrapped)
    assert api.load(path).tournament == api.load(GO).tournament


WRAPPED_BYES = [p for p in real_files("corpus/turn4/pairgoth_opengotha", "*.xml")  # pairgoth's <ByePlayer> wrapper
                if p.values[0] is None or b"<ByePlayer>" in p.values[0].read_bytes()]


@pytest.mark.parametrize("path", WRAPPED_BYES)
def test_the_wrapped_byes_of_a_recent_file_are_kept_where_their_player_is_found(path):
    """The last ``ByePlayer`` of a round naming a player the file's key finds (a plain scan) is his bye."""
    from lxml import etree
    t = api.load(path).tournament
    keys = {(p.name.replace(", ", "", 1)).upper().replace(" ", ""): p for p in t.players}
    byes = [(el.get("player", "").upper(), int(el.get("roundNumber", "1")))
            for el in etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).iter("ByePlayer")
            if len(el) == 0]
    last = {r: keys[ref] for ref, r in byes if ref in keys}  # one bye player a round: the last found
    assert last and all(p.entry(r).kind is Kind.PAB for r, p in last.items())


def test_participation_gives_late_entries_and_withdrawals(tmp_path):
    """``participating``: '0' a round not taken part in (20 of them, the rounds after the planned ones
    too). Zeros from a player's last round through numberOfRounds: withdrawn after it; zeros before
    his first: entered late; never where he has a record of the round."""
    text = GO.read_text(encoding="utf-8").replace('numberOfRounds="2"', 'numberOfRounds="3"')
    taking = {"Gamma": "100", "Delta": "011", "Epsilon": "010"}  # Dan has a game in round 1: no late entry
    for name, start in taking.items():
        old = f'name="{name}" participating="11111111111111111111"'
        assert old in text
        text = text.replace(old, f'name="{name}" participating="{start}11111111111111111"')
    zeta = ('<Player club="Club" country="FR" firstName="Zoe" name="Zeta" participating="00111111111111111111" '
            'rank="9K" rating="1200" registeringStatus="FIN"/>\n</Players>')
    path = tmp_path / "taking.xml"
    path.write_text(text.replace("</Players>", zeta), encoding="utf-8")
    t = api.load(path).tournament
    assert [(p.late_entry, p.withdrawn_after) for p in t.players] == [(None, None), (None, None), (None, 1),
                                                                      (None, None), (None, 2), (3, None)]
    assert api.progress(t).planned == 3
