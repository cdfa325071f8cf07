"""Readers are strict (issue 14): counts and numbers a file states are bounded and checked, records
that cannot be placed are refused, never skipped, defaulted or an internal error."""

from __future__ import annotations

import os

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from support.make_fixtures import FIXTURES


def _mutated(tmp_path, source, old, new, name=None):
    text = source.read_bytes()
    assert old in text, old
    path = tmp_path / (name or source.name)
    path.write_bytes(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize("old, new, message", [
    (b'roundNumber="2" tableNumber="4"', b'roundNumber="2147483647" tableNumber="4"',
     r"line \d+: round 2147483647 is beyond the limit of 1000 rounds"),  # OpenGotha's planned rounds grow to it
    (b'numberOfRounds="3"', b'numberOfRounds="2147483647"', r"round 2147483647 is beyond the limit of 1000 rounds"),
    (b'numberOfRounds="3"', b'numberOfRounds="NaN"', r"line \d+: numberOfRounds 'NaN' is not a whole number"),
    (b'handicap="2"', b'handicap="1e23"', r"line \d+: handicap '1e23' is not a whole number"),
    (b'rank="3D" rating="0"', b'rank="3D" rating="inf"', r"line \d+: rating 'inf' is not a whole number"),
    (b'roundNumber="1" tableNumber="1"', b'roundNumber="" tableNumber="1"', r"line \d+: roundNumber '' is not"),
])
def test_opengotha_numbers_are_whole_and_bounded(tmp_path, old, new, message):
    path = _mutated(tmp_path, FIXTURES / "go" / "mcmahon.opengotha.xml", old, new)
    with pytest.raises(BrightwellError, match=message):
        api.load(path)


def test_an_opengotha_correction_that_is_no_number_is_refused_by_mms(tmp_path):
    path = _mutated(tmp_path, FIXTURES / "go" / "mcmahon.opengotha.xml", b'rank="3D" rating="0"',
                    b'rank="3D" rating="0" smmsCorrection="0x10"')
    t = api.load(path).tournament
    with pytest.raises(BrightwellError, match="McMahon correction '0x10' is not a whole number"):
        api.rank(t, "MMS")


def test_a_native_xml_round_number_near_2_to_the_31_is_refused_before_building(tmp_path):
    path = _mutated(tmp_path, FIXTURES / "othello_open.xml", b'<round n="5"', b'<round n="2147483647"')
    with pytest.raises(BrightwellError, match=r"othello_open.xml: line \d+: round 2147483647 is beyond the limit"):
        api.load(path)


def test_the_rounds_limit_is_overridable(tmp_path, monkeypatch):
    path = _mutated(tmp_path, FIXTURES / "othello_open.xml", b'rounds="5"', b'rounds="1500"')
    with pytest.raises(BrightwellError, match="1500 planned rounds is beyond the limit of 1000"):
        api.load(path)
    monkeypatch.setenv("BRIGHTWELL_MAX_ROUNDS", "2000")
    assert api.load(path).tournament.rounds == 1500


def test_more_rounds_played_than_planned_is_refused(tmp_path):
    path = _mutated(tmp_path, FIXTURES / "othello_open.xml", b'rounds="5"', b'rounds="4"')
    with pytest.raises(BrightwellError, match=r"round 5: a round beyond the event's 4 rounds"):
        api.load(path)


@pytest.mark.parametrize("value", [b"1e23", b"1.5e308", b"NaN", b"INF"])
def test_a_game_score_that_is_no_game_score_is_refused(tmp_path, value):
    path = _mutated(tmp_path, FIXTURES / "othello_open.xml", b'score="40"', b'score="' + value + b'"')
    with pytest.raises(BrightwellError, match="othello_open.xml"):
        api.load(path)


@pytest.mark.parametrize("old, new", [(b'win="1"', b'win="1.5e308"'), (b'start-no="2"', b'start-no="2" bonus="1e300"')])
def test_a_point_value_that_is_no_number_of_points_is_refused(tmp_path, old, new):
    path = _mutated(tmp_path, FIXTURES / "othello_open.xml", old, new)
    with pytest.raises(BrightwellError, match=r"othello_open.xml: .*is not a number of points"):
        api.load(path)


def test_an_lxml_message_is_one_line(tmp_path):
    path = tmp_path / "nul.xml"
    path.write_bytes(FIXTURES.joinpath("othello_open.xml").read_bytes().replace(b"<players>", b"<players>\x00", 1))
    with pytest.raises(BrightwellError) as caught:
        api.load(path)
    assert "\n" not in str(caught.value) and "not well-formed XML" in str(caught.value)
    assert ", column " in str(caught.value)


@pytest.mark.parametrize("name, content, message", [
    ("empty.t", b"", "empty.t: no player line"),
    ("comments.t", b"# only a comment\n\n", "comments.t: no player line"),
    ("header.txt", b"No\tName\tTotal\t1\n", r"header.txt: line 2: no player rows"),
    ("no_number.txt", b"Nr\tName\tTotal\t1\nx\tAnn\t1\t0:W\n", r"no_number.txt: line 1: no 'No' column"),
])
def test_a_file_without_players_is_refused_not_ranked_as_empty(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(BrightwellError, match=message):
        api.load(path)


def test_a_go_rank_in_other_digits_is_refused(tmp_path):
    path = _mutated(tmp_path, FIXTURES / "go" / "mcmahon.tou", b"3D", "³D".encode("latin-1"))
    with pytest.raises(BrightwellError, match="mcmahon.tou"):
        api.load(path)


def _sp_trio(tmp_path, change_sco=None, change_trn=None):
    """The Swiss Perfect fixture copied, its tables changed row by row (a list of dicts per table)."""
    from brightwell_plugin.adapters.swissperfect.dbase import read_dbf, write_dbf
    for part, change in ((".ini", None), (".trn", change_trn), (".sco", change_sco)):
        data = (FIXTURES / "sp" / f"othello_open{part}").read_bytes()
        if change:
            table = read_dbf(data, part)
            names = [f.name for f in table.fields]
            rows = [dict(zip(names, row)) for row in table.rows]
            change(rows)
            data = write_dbf(table.fields, [tuple(r[n] for n in names) for r in rows], (2026, 1, 1))
        (tmp_path / f"othello_open{part}").write_bytes(data)
    return tmp_path / "othello_open.trn"


def test_a_score_record_naming_an_unknown_player_is_refused_not_skipped(tmp_path):
    def unknown(rows):
        rows[0]["BLACK"] = "77"
    with pytest.raises(BrightwellError, match=r"othello_open.sco: score record 1: round 1 names player ID 77"):
        api.load(_sp_trio(tmp_path, unknown))


def test_a_repeated_score_record_is_refused_not_overwritten(tmp_path):
    with pytest.raises(BrightwellError, match=r"othello_open.sco: score record 2: player ID \d+ has a second record"):
        api.load(_sp_trio(tmp_path, lambda rows: rows.insert(1, dict(rows[0]))))


@pytest.mark.parametrize("field, value, message", [
    ("W_SCORE", "7", r"score record 1: W_SCORE 7 is not a score in half points"),
    ("ROUND", "E", r"score record 1: ROUND holds 'E', not a whole number"),
    ("ROUND", "0", r"score record 1: round 0 is not a round number"),
    ("ROUND", "999", r"score record 1: round 999 is beyond the limit of 500 rounds"),
])
def test_a_corrupt_score_field_is_refused(tmp_path, monkeypatch, field, value, message):
    monkeypatch.setenv("BRIGHTWELL_MAX_ROUNDS", "500")

    def corrupt(rows):
        rows[0][field] = value
    with pytest.raises(BrightwellError, match="othello_open.sco: " + message):
        api.load(_sp_trio(tmp_path, corrupt))


@pytest.mark.parametrize("field, value", [("BONUS", "E"), ("LATE_ENTRY", "x"), ("INTL_RTG", "1¹")])
def test_a_corrupt_player_field_is_refused(tmp_path, field, value):
    def corrupt(rows):
        rows[2][field] = value
    with pytest.raises(BrightwellError, match=rf"othello_open.trn: player record 3: {field} holds"):
        api.load(_sp_trio(tmp_path, change_trn=corrupt))


def test_a_dbase_header_cut_inside_its_field_list_is_refused(tmp_path):
    trn = _sp_trio(tmp_path)
    sco = tmp_path / "othello_open.sco"
    sco.write_bytes(sco.read_bytes()[:32 + 32 * 3])  # ends where a fourth field descriptor would begin
    with pytest.raises(BrightwellError, match="othello_open.sco: truncated"):
        api.load(trn)


def test_the_sp_text_export_header_needs_a_number_column(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("No\tName\tTotal\t1\n1\tAnn\t1\t0:W\n", encoding="utf-8")
    assert api.load(path).tournament.player(1).name == "Ann"


def test_an_unreadable_sco_beside_its_trn_is_named(tmp_path, monkeypatch):
    trn = _sp_trio(tmp_path)
    sco, real_open = str(tmp_path / "othello_open.sco"), os.open

    def refuse(p, *a, **k):
        if os.fspath(p) == sco:
            raise PermissionError(13, "Permission denied", sco)
        return real_open(p, *a, **k)
    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(BrightwellError, match=r"othello_open.sco: cannot read: Permission denied"):
        api.load(trn)


def test_a_negative_start_number_is_refused(tmp_path):
    path = tmp_path / "neg.txt"
    path.write_text("No\tName\tTotal\t1\n-2147483648\tAnn\t1\t0:W\n", encoding="utf-8")
    with pytest.raises(BrightwellError, match=r"neg.txt: player -2147483648 \(Ann\): a start number is a whole number"):
        api.load(path)


def test_a_tsh_score_that_is_no_number_is_refused(tmp_path):
    (tmp_path / "a.t").write_text("Ashby, Ann 1850 2 ; 466-459\nBryce, Ben 1800 1 ; 380\n", encoding="latin-1")
    with pytest.raises(BrightwellError, match=r"a.t: line 1: '466-459' is not a score"):
        api.load(tmp_path / "a.t")


@pytest.mark.parametrize("value", ["2.5", '"x"', "true", "[]", "-3"])
def test_a_json_value_of_another_type_is_refused(tmp_path, value):
    path = _mutated(tmp_path, FIXTURES / "othello_open.ftd.json", b'"left_after_round": null',
                    b'"left_after_round": ' + value.encode())
    with pytest.raises(BrightwellError, match=r"othello_open.ftd.json: player \d+ .*: withdrawn after .* is not a whole"):
        api.load(path)


def test_a_json_number_beyond_any_tournaments_is_refused_where_it_stands(tmp_path):
    path = _mutated(tmp_path, FIXTURES / "othello_open.ftd.json", b'"left_after_round": null',
                    b'"left_after_round": 1e23')
    with pytest.raises(BrightwellError, match=r"othello_open.ftd.json: line \d+: the number 1e23 is out of range"):
        api.load(path)
