"""Papi's files (.papi, Access Jet 4 databases) written here from the layout (support/papi_files.py):
every round cell by rule, EXEMPT the bye, an event in progress, the ratings of the event's kind,
the tie-breaks of Dep1-Dep3, what Papi stored checked by ``brightwell check``, and hostile
databases refused in one line."""

from __future__ import annotations

import hashlib
import os

import pytest
from click.testing import CliRunner
from support.make_fixtures import FIXTURES
from support.papi_files import Person, club_event, papi_file

from brightwell_plugin import api
from brightwell_plugin.adapters.papi.tdef import text
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import FILE_ROUND, PUBLISHED, Kind, Result, Side

CLUB = FIXTURES / "papi" / "club.papi"


def _write(tmp_path, people, info=None, name="event.papi", **kw):
    path = tmp_path / name
    path.write_bytes(papi_file(people, info, **kw))
    return path


def _pair(first_cell, second_cell=None, info=None):
    """Two players whose round 1 is ``first_cell`` (colour, opponent Ref, code) and the other's."""
    a, b = Person(2, "ALPHA", "Anne", 2000), Person(3, "BRAVO", "Bruno", 1900)
    a.rounds[1] = first_cell
    if second_cell is not None:
        b.rounds[1] = second_cell
    return [a, b]


# Papi's own codes (table RES), from the player's side: the record each gives
@pytest.mark.parametrize("mine, theirs, kind, result", [
    (("B", 3, 3), ("N", 2, 1), Kind.GAME, Result.WIN),
    (("B", 3, 2), ("N", 2, 2), Kind.GAME, Result.DRAW),
    (("N", 3, 1), ("B", 2, 3), Kind.GAME, Result.LOSS),
    (("B", 3, 6), ("N", 2, 4), Kind.FORFEIT_WIN, None),
    (("B", 3, 4), ("N", 2, 6), Kind.FORFEIT_LOSS, None),
    (("B", 3, 5), ("N", 2, 5), Kind.FORFEIT_LOSS, None),  # both forfeit: neither scores
    (("B", 3, 0), ("N", 2, 0), Kind.PAIRED, None),  # paired, no result yet
])
def test_a_game_cell_is_read_by_its_rule(tmp_path, mine, theirs, kind, result):
    t = api.load(_write(tmp_path, _pair(mine, theirs))).tournament
    e = t.player(1).rounds[0]
    assert (e.kind, e.opponent, e.result, e.side) == (kind, 2, result, Side.FIRST if mine[0] == "B" else Side.SECOND)
    assert len(t.players) == 2 and t.rounds == 5  # EXEMPT is no player; five rounds planned


@pytest.mark.parametrize("cell, kind, points", [
    (("B", 1, 6), Kind.PAB, 1), (("F", None, 0), Kind.ZERO_BYE, 0), (("F", None, 2), Kind.HALF_BYE, 0.5),
    (("F", None, 6), Kind.FULL_BYE, 1), (("R", None, 0), Kind.ABSENT, 0),
])
def test_a_cell_without_an_opponent_is_read_by_its_rule(tmp_path, cell, kind, points):
    people = _pair(cell)
    people.append(Person(4, "CHARLIE", "Chloé", 1800, rounds={1: ("B", 3, 3)}))
    people[1].rounds[1] = ("N", 4, 1)  # a game makes round 1 paired
    t = api.load(_write(tmp_path, people)).tournament
    assert t.player(1).rounds[0].kind is kind
    assert api.rank(t, "PTS").rows[[r.start_no for r in api.rank(t, "PTS").rows].index(1)].values[0] == points


def test_a_cell_of_no_rule_is_named_once_and_left_out_and_strict_refuses(tmp_path):
    people = _pair(("B", 3, 9), ("N", 2, 1))
    people[0].rounds[2], people[1].rounds[2] = ("X", None, 0), ("F", None, 3)
    path = _write(tmp_path, people)
    loaded = api.load(path)
    warning = next(w for w in loaded.warnings if "Papi is not known to write" in w)
    assert "3 round cell(s)" in warning and "ALPHA, Anne, round 1: colour 'B', result 9 against Ref 3" in warning
    with pytest.raises(BrightwellError, match="result 9 against Ref 3.*refused with --strict"):
        api.load(path, strict=True)


def test_the_club_fixture_is_an_event_in_progress_as_papi_left_it():
    loaded = api.load(CLUB)
    t = loaded.tournament
    assert loaded.format == "papi" and t.name == "Open du club" and t.rounds == 5 and t.rounds_played == 4
    assert dict(t.metadata)[FILE_ROUND] == "4" and t.start_date == "2026-03-07" and t.system == "swiss"
    assert [e.kind for e in t.player(1).rounds] == [Kind.GAME, Kind.GAME, Kind.GAME, Kind.PAIRED]
    assert [e.kind for e in t.player(7).rounds] == [Kind.PAB, Kind.GAME, Kind.FORFEIT_LOSS, Kind.PAIRED]
    assert [e.kind for e in t.player(5).rounds] == [Kind.GAME, Kind.GAME, Kind.PAB, Kind.HALF_BYE]
    # ECHO's half-point bye of round 5, which nobody is paired in yet, is no record: said
    assert any("bye(s) that score declared for rounds not paired yet" in w and "ECHO, Émile, round 5" in w
               for w in loaded.warnings)
    assert t.tiebreaks == ("PTS", "OTHER_PAPI_BUCHHOLZ_CUT", "OTHER_PAPI_BUCHHOLZ_STANDARD", "OTHER_PAPI_PERFORMANCE")


def test_players_are_numbered_by_ref_and_read_with_their_papi_fields():
    t = api.load(CLUB).tournament
    anne, bruno, chloe, david, emile = (t.player(n) for n in range(1, 6))
    assert (anne.name, anne.rating, anne.title, anne.sex, anne.birth_date) == (
        "ALPHA, Anne", 2105, "WFM", "w", "1990-05-04")
    assert dict(anne.ids) == {"fide": "20612345", "ffe": "A12345"}  # the quotes users leave around it
    assert dict(bruno.ids) == {"fide": "651000111"} and bruno.title == "CM"
    assert chloe.rating is None and dict(chloe.extra)["national rating"] == "1820"  # N: a national rating
    assert emile.rating is None and dict(emile.extra)["estimated rating"] == "1499"  # E: Papi's estimate
    assert "fide" not in dict(david.ids) and dict(david.extra)["papi fide code"] == "12/03/1988"
    assert any("FideCode(s) that are no FIDE id" in w and "12/03/1988" in w for w in api.load(CLUB).warnings)


def test_the_rating_is_of_the_events_kind(tmp_path):
    people = [Person(2, "ALPHA", "Anne", 2000, rapid=1700), Person(3, "BRAVO", "Bruno", 1900, rapid=2100)]
    for kind, expected in (("Elo", [2000, 1900]), ("Rapide", [1700, 2100])):
        t = api.load(_write(tmp_path, people, {"ClassElo": kind})).tournament
        assert [p.rating for p in t.players] == expected


@pytest.mark.parametrize("names, items", [
    (("Brésilien", "Harkness", "Cumulatif"), ("OTHER_PAPI_BUCHHOLZ_CUT", "OTHER_PAPI_BUCHHOLZ_MEDIAN", "PS")),
    (("Solkoff", "SommeDesBuchholz", "Kashdan"), ("OTHER_PAPI_BUCHHOLZ_STANDARD", "OTHER_PAPI_BUCHHOLZ_SUM",
                                                  "OTHER_PAPI_KASHDAN")),
    (("Nombre de Victoires", "Sonnenborn-Berger", "Koya"), ("WIN", "SB", "KS")),
    (("Performance", "", ""), ("OTHER_PAPI_PERFORMANCE",)),
])
def test_dep1_to_dep3_are_papis_criteria(tmp_path, names, items):
    info = {f"Dep{k}": name for k, name in enumerate(names, 1)}
    t = api.load(_write(tmp_path, club_event(), info)).tournament
    assert t.tiebreaks == ("PTS", *items)
    api.rank(t)  # each computed


def test_a_tiebreak_papi_is_not_known_to_have_is_named(tmp_path):
    loaded = api.load(_write(tmp_path, club_event(), {"Dep2": "Inventé"}))
    assert loaded.tournament.tiebreaks == ("PTS", "OTHER_PAPI_BUCHHOLZ_CUT", "OTHER_PAPI_PERFORMANCE")
    assert any("Dep2 'Inventé'" in w for w in loaded.warnings)
    manual = api.load(_write(tmp_path, club_event(), {"Dep3": "Manuel"}, name="manual.papi"))
    assert manual.tournament.tiebreaks[-1] == "OTHER_MAN"  # the arbiter's tie-break, its values the Dep3 column


def test_three_points_for_a_win(tmp_path):
    t = api.load(_write(tmp_path, club_event(), {"DecomptePoints": "OUI"})).tournament
    assert (t.scoring.win, t.scoring.draw, t.scoring.loss) == (3, 1, 0)


def test_fifteen_rounds_and_results_past_the_planned_rounds(tmp_path):
    a, b = Person(2, "ALPHA", "Anne", 2000), Person(3, "BRAVO", "Bruno", 1900)
    for r in range(1, 17):  # fifteen planned; a sixteenth the arbiter left in the file
        a.rounds[r], b.rounds[r] = (("B", 3, 3), ("N", 2, 1)) if r % 2 else (("N", 3, 2), ("B", 2, 2))
    loaded = api.load(_write(tmp_path, [a, b], {"NbrRondes": "15"}))
    t = loaded.tournament
    assert t.rounds == 15 and t.rounds_played == 15
    assert api.rank(t, "PTS").rows[0].values == (8 + 7 * 0.5,)
    assert any("2 round record(s) beyond the planned 15 rounds" in w and "results that score" in w
               for w in loaded.warnings)


def test_a_results_table_that_names_the_codes_otherwise_is_said(tmp_path):
    results = ["", "0-1", "1/2", "1-0", "F-1", "F-F", "1-0"]
    loaded = api.load(_write(tmp_path, club_event(), results=results))
    assert any("table RES names result codes otherwise than Papi (6: '1-0')" in w for w in loaded.warnings)


def _standings_stored(people, t, wrong: int | None = None):
    """``people`` with Place and Dep1-Dep3 as ``t`` ranks them (one player's Dep1 off by one)."""
    s = api.rank(t)
    by_no = {r.start_no: r for r in s.rows}
    for no, p in enumerate(sorted(people, key=lambda p: p.ref), 1):
        row = by_no[no]
        p.stored = {"Place": row.rank, **{f"Dep{k}": float(v) + (1 if no == wrong and k == 1 else 0)
                                          for k, v in enumerate(row.values[1:], 1)}}
    return people


def test_what_papi_stored_is_checked_by_brightwell_check(tmp_path):
    t = api.load(CLUB).tournament
    path = _write(tmp_path, _standings_stored(club_event(), t, wrong=3))
    stored = api.load(path).tournament
    ranks = [r.rank for r in sorted(api.rank(t).rows, key=lambda r: r.start_no)]
    assert [p.stored_rank for p in stored.players] == ranks
    assert (PUBLISHED + "OTHER_PAPI_PERFORMANCE") in dict(stored.player(1).extra)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 1, result.output
    assert "1 of 7 players differ" in result.output  # the one stored Dep1 made wrong, and nothing else
    assert [line.split()[:4] for line in result.output.splitlines() if "CHARLIE" in line] == [
        ["3", "CHARLIE,", "Chloé", "OTHER_PAPI_BUCHHOLZ_CUT"]]


def test_without_a_place_papi_stored_no_standings_to_check(tmp_path):
    result = CliRunner().invoke(main, ["check", str(CLUB)])
    assert result.exit_code == 2 and "publishes no ranks or tie-break values" in result.output


@pytest.mark.parametrize("name", ["event.mdb", "EVENT.PAPI", "event"])
def test_the_file_is_recognised_by_its_content_whatever_its_suffix(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(CLUB.read_bytes())
    assert api.load(path).format == "papi"


def test_the_input_is_only_read(tmp_path):
    path = _write(tmp_path, club_event())
    os.chmod(path, 0o444)
    before = (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns)
    assert api.load(path).tournament.players
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.papi"]
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns) == before


def test_text_in_both_of_jets_forms():
    assert text(b"\xff\xfeAnne") == "Anne"
    assert text("Łukasz".encode("utf-16-le")) == "Łukasz"
    # compressed, a 0 byte switching to two bytes a character and back
    assert text(b"\xff\xfeAb\x00" + "Ł".encode("utf-16-le") + b"\x00cd") == "AbŁcd"


def test_a_name_outside_latin1_is_read(tmp_path):
    people = club_event()
    people[0].first = "Łucja"
    assert api.load(_write(tmp_path, people)).tournament.player(1).name == "ALPHA, Łucja"


def test_a_national_rating_is_a_trf_national_record_once_whatever_the_way(tmp_path):
    """Papi's N ratings (FRA) written as TRF-2026 national-rating records, read back as such, and
    written once again after a detour through the native XML (which keeps the TRF's records)."""
    api.convert(CLUB, tmp_path / "a.trf")
    api.convert(tmp_path / "a.trf", tmp_path / "b.xml")
    api.convert(tmp_path / "b.xml", tmp_path / "c.trf")
    for name in ("a.trf", "c.trf"):
        lines = [line for line in (tmp_path / name).read_text().splitlines() if line.startswith("FRA ")]
        assert [(line[4:8].strip(), line[48:52].strip()) for line in lines] == [("3", "1820"), ("7", "1400")], name
        back = api.load(tmp_path / name).tournament
        assert dict(back.player(3).extra)["national rating"] == "1820"
    # after round 3 (TRF has no pairing without a result: round 4's are written as not paired, and said)
    assert api.rank(api.load(tmp_path / "c.trf").tournament, after_round=3).rows == \
        api.rank(api.load(CLUB).tournament, after_round=3).rows
