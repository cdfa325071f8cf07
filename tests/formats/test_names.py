"""Players matched by name whatever the script: Turkish i, German sharp s, CJK, combining accents."""

from __future__ import annotations

import unicodedata

import pytest

from brightwell_plugin import api
from brightwell_plugin.adapters.names import NameIndex
from brightwell_plugin.adapters.go.opengotha_records import key

CASES = [
    ("Yilmaz", "Sarp_Ege", "YİLMAZSARP_EGE"),  # Java's toUpperCase in a Turkish locale: i -> İ
    ("Akdeniz", "", "AKDENİZ"),
    ("Işık", "Deniz", "IŞIKDENIZ"),  # dotless ı upper-cases to I
    ("Strauß", "Anna", "STRAUSSANNA"),  # ß upper-cases to SS
    ("王", "小明", "王小明"),
    ("Müller", "Jörg", unicodedata.normalize("NFD", "MÜLLERJÖRG")),  # combining diaeresis
    ("Dvořák", "Ana", "DVOŘÁKANA"),
]


@pytest.mark.parametrize("name, first, reference", CASES)
def test_a_reference_finds_its_player(name, first, reference):
    index = NameIndex()
    assert index.add(key(name, first), 1) and index.add(key("Other", "Player"), 2)
    assert index.find(reference) == 1


def test_a_loose_match_shared_by_two_players_finds_neither():
    index = NameIndex()
    index.add("MÜLLER", 1)
    index.add("MULLER", 2)
    assert index.find("MÜLLER") == 1 and index.find("MULLER") == 2  # exact keys still decide
    assert index.find("MÙLLER") is None  # only the loose key matches, and it names two players


def test_opengotha_file_with_turkish_references(tmp_path):
    players = "".join(f'<Player name="{n}" firstName="{f}" rank="5K" rating="1500" participating="11"/>'
                      for n, f, _ in CASES)
    games = "".join(f'<Game roundNumber="1" tableNumber="{i}" whitePlayer="{CASES[i][2]}" '
                    f'blackPlayer="{CASES[i + 1][2]}" result="RESULT_WHITEWINS"/>' for i in range(0, 6, 2))
    xml = (f'<Tournament dataVersion="201"><Players>{players}</Players><Games>{games}</Games>'
           '<TournamentParameterSet><GeneralParameterSet name="T" numberOfRounds="1"/></TournamentParameterSet>'
           '</Tournament>')
    path = tmp_path / "t.xml"
    path.write_text(xml, encoding="utf-8")
    every = api.load(path, "opengotha-all").tournament  # any spelling of a name finds its player
    assert [e.opponent for p in every.players[:6] for e in p.rounds] == [2, 1, 4, 3, 6, 5]
    loaded = api.load(path)  # OpenGotha's reader: the key as Java upper-cases it, in a Turkish locale too, but
    t = loaded.tournament  # no Unicode normalisation: the decomposed MÜLLER is not found, and his game left out
    assert [e.opponent for p in t.players[:6] for e in p.rounds] == [2, 1, 4, 3, None, None]
    assert any("'王小明' and 'MÜLLERJÖRG'" in unicodedata.normalize("NFC", w) for w in loaded.warnings)
