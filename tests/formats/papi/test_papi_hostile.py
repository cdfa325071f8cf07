"""Papi files that lie: a Jet 4 database whose counts, pointers or rows are wrong is refused in one
line naming the file (a lying row count, a table cut short, a loop of pages, a row outside its
page, a column of another type), within the limits, before anything is made for what it claims;
and what Jet itself leaves in a file (deleted rows, rows moved to another page) is read as Jet reads
it."""

from __future__ import annotations

import struct

import pytest
from support.papi_files import PAGE, Person, club_event, moved_and_deleted, page_of, papi_file

from brightwell_plugin import api
from brightwell_plugin.adapters.papi import format as papi_format
from brightwell_plugin.adapters.papi.jet import Database
from brightwell_plugin.errors import BrightwellError, NotATournament
from brightwell_plugin.model import Kind

CLUB = papi_file(club_event())
TABLES = Database(CLUB, "x").tables  # the pages where the written file keeps each definition


def _load(tmp_path, data: bytes, name="event.papi"):
    path = tmp_path / name
    path.write_bytes(data)
    return api.load(path)


def _set(data: bytes, at: int, fmt: str, value) -> bytes:
    b = bytearray(data)
    struct.pack_into(fmt, b, at, value)
    return bytes(b)


def _refused(tmp_path, data: bytes, message: str):
    with pytest.raises(BrightwellError, match=message) as caught:
        _load(tmp_path, data)
    assert "\n" not in str(caught.value) and "event.papi" in str(caught.value)


JOUEUR = TABLES["JOUEUR"]
FIRST_DATA = page_of(CLUB, JOUEUR)[0] * PAGE


@pytest.mark.parametrize("at, fmt, value, message", [
    # a page's row count that lies
    (FIRST_DATA + 12, "<H", 3000, "table JOUEUR's page .* declares 3000 rows, more than a page holds"),
    (JOUEUR * PAGE + 16, "<I", 0x7FFFFFFF, "cut short: table JOUEUR declares 2147483647 rows and holds 8"),  # huge
    (JOUEUR * PAGE + 4, "<I", JOUEUR, "table JOUEUR: its definition pages run in a loop"),
    (JOUEUR * PAGE + 4, "<I", 10 ** 6, "table JOUEUR's definition names page 1000000, beyond the file's"),
    (JOUEUR * PAGE + 45, "<H", 5000, "table JOUEUR: its definition declares 5000 columns"),
    (JOUEUR * PAGE + 55, "<I", 0xFFFFFF00, "table JOUEUR's usage map names page 16777215, beyond"),
    (FIRST_DATA + 14, "<H", 0x1FFF, "row 0 of table JOUEUR's page .* lies outside its page \\(offset 8191\\)"),
    (FIRST_DATA + 14, "<H", 0x0FFF, "table JOUEUR, page .*, row 0: the row is too short"),
    (0x14, "<B", 0, "an Access 97 \\(Jet 3\\) database: a Papi file is a Jet 4"),
    (0x14, "<B", 3, "an Access 2010 \\(ACE 14\\) database"),
])
def test_a_count_or_pointer_that_lies_is_refused_in_one_line(tmp_path, at, fmt, value, message):
    _refused(tmp_path, _set(CLUB, at, fmt, value), message)


def test_a_file_cut_short_is_refused(tmp_path):
    last = page_of(CLUB, JOUEUR)[-1]
    _refused(tmp_path, CLUB[:last * PAGE], "usage map names page .* beyond the file's .* pages: cut short")
    _refused(tmp_path, CLUB[:-100], "cut short: .* bytes are not whole 4096-byte pages")


def test_an_encrypted_database_is_refused(tmp_path):
    from support.jet_files import rc4
    b = bytearray(CLUB)
    plain = bytearray(rc4(bytes((0xC7, 0xDA, 0x39, 0x6B)), bytes(b[0x18:0x18 + 128])))
    struct.pack_into("<I", plain, 0x3E - 0x18, 0x12345678)
    b[0x18:0x18 + 128] = rc4(bytes((0xC7, 0xDA, 0x39, 0x6B)), bytes(plain))
    _refused(tmp_path, bytes(b), "an encrypted Access database")


def test_an_overflow_row_pointing_at_itself_is_refused(tmp_path):
    page = FIRST_DATA // PAGE
    b = bytearray(_set(CLUB, FIRST_DATA + 14, "<H", struct.unpack_from("<H", CLUB, FIRST_DATA + 14)[0] | 0x4000))
    start = struct.unpack_from("<H", b, FIRST_DATA + 14)[0] & 0x1FFF
    struct.pack_into("<I", b, FIRST_DATA + start, page << 8)  # row 0 of its own page
    _refused(tmp_path, bytes(b), "overflow rows from page .* run on past 8 pages")


def test_deleted_rows_and_rows_moved_to_another_page_are_read_as_jet_reads_them(tmp_path):
    edited = moved_and_deleted(CLUB, JOUEUR, 2 * list(TABLES).index("JOUEUR") + 2)
    assert len(edited) == len(CLUB) + PAGE
    ours, theirs = _load(tmp_path, edited).tournament, api.load_bytes(CLUB, name="club.papi").tournament
    assert ours.players == theirs.players


def test_a_column_of_another_type_is_refused(tmp_path):
    columns = Database(CLUB, "x").table("JOUEUR").columns
    at = JOUEUR * PAGE + 63 + 25 * columns["Rd01Cl"].number  # no index in the written file
    _refused(tmp_path, _set(CLUB, at, "<B", 3),
             "table JOUEUR's column Rd01Cl is of type Integer, where Papi writes Text")


def test_more_players_than_papi_numbers_are_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(papi_format, "MAX_PLAYERS", 3)
    _refused(tmp_path, CLUB, "table JOUEUR holds more than 4 rows")


@pytest.mark.parametrize("info, message", [
    ({"NbrRondes": "beaucoup"}, "NbrRondes is 'beaucoup', not a number of rounds"),
    ({"NbrRondes": "25"}, "NbrRondes is 25, and table JOUEUR holds 24 rounds"),
    ({"NbrRondes": "0"}, "NbrRondes is '0', not a number of rounds"),
])
def test_a_number_of_rounds_papi_cannot_hold_is_refused(tmp_path, info, message):
    _refused(tmp_path, papi_file(club_event(), info), message)


def test_an_opponent_the_file_does_not_hold_or_a_ref_given_twice_is_refused(tmp_path):
    people = club_event()
    people[0].rounds[1] = ("B", 99, 3)
    _refused(tmp_path, papi_file(people), "ALPHA, Anne, round 1 names opponent Ref 99, whom the file does not hold")
    people = club_event()
    people[1].ref = people[0].ref
    _refused(tmp_path, papi_file(people), "Ref 2 is given to two players")


def test_a_file_without_players_is_no_event(tmp_path):
    with pytest.raises(NotATournament, match="holds no players yet"):
        _load(tmp_path, papi_file([]))


def test_a_pairing_with_himself_is_left_out_and_said(tmp_path):
    people = club_event()
    people[0].rounds[1] = ("B", people[0].ref, 3)
    people[3].rounds[1] = ("R", None, 0)  # whom Papi had paired her with
    loaded = _load(tmp_path, papi_file(people))
    assert any("1 pairing(s) of a player with himself: left out (ALPHA, Anne, round 1)" in w for w in loaded.warnings)
    with pytest.raises(BrightwellError, match="refused with --strict"):
        api.load(tmp_path / "event.papi", strict=True)


def test_not_a_jet_database(tmp_path):
    _refused(tmp_path, b"\x00\x01\x00\x00Standard ACE DB\x00" + bytes(3 * PAGE), "no registered format|not a Microsoft")


def test_a_player_row_made_by_hand_reads(tmp_path):
    # a player whose row holds no rounds at all (a late registration the arbiter has not paired)
    people = club_event() + [Person(9, "HOTEL", "Hugo", 1500)]
    t = _load(tmp_path, papi_file(people)).tournament
    assert [e.kind for e in t.player(8).rounds] == [Kind.ABSENT] * 4



def test_two_columns_of_one_number_are_read_or_refused_in_one_line(tmp_path):
    """Found by the fuzzing (jet_field): a definition giving two fixed-length columns one number."""
    columns = Database(CLUB, "x").table("JOUEUR").columns
    at = JOUEUR * PAGE + 63 + 25 * columns["Rd01Res"].number + 5  # round 1's result given the last column's number
    data = _set(CLUB, at, "<H", columns["Rd24Res"].number)
    try:
        _load(tmp_path, data)
    except BrightwellError as exc:
        assert "\n" not in str(exc) and "event.papi" in str(exc)
