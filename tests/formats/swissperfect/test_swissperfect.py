"""Swiss Perfect: trios, zips, text exports, writing back, tie-break settings, bad input."""

from __future__ import annotations

import re
import shutil
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from brightwell_plugin.adapters.swissperfect.dbase import read_dbf
from brightwell_plugin.adapters.swissperfect.writer import TRN, files_for
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from support.make_fixtures import FIXTURES, othello_open
from support.samples import or_skip, present, research
from support.strategies import played, tournaments

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.context import Context
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, ScoringSystem

SP = FIXTURES / "sp" / "othello_open.trn"
SAMPLES = research("formats")
REAL = SAMPLES / "swissperfect"


def copy_trio(tmp_path: Path, stem="event") -> Path:
    for part in (".ini", ".trn", ".sco"):
        shutil.copy(SP.with_suffix(part), tmp_path / f"{stem}{part}")
    return tmp_path / f"{stem}.trn"


def test_fixture_reads_as_the_tournament_it_was_written_from():
    t = api.load(SP).tournament
    assert api.rank(t, "PTS,BQ:preset=woc,DISCS").rows == api.rank(othello_open(), "PTS,BQ:preset=woc,DISCS").rows
    assert t.board == 64  # every game's minor scores sum to 64
    assert t.tiebreaks == ("PTS", "BQ:coef=6", "DISCS", "BH")


@pytest.mark.parametrize("part", [".ini", ".trn", ".sco"])
def test_any_of_the_three_files_or_the_folder_gives_the_tournament(tmp_path, part):
    trn = copy_trio(tmp_path)
    assert api.load(trn.with_suffix(part)).tournament == api.load(tmp_path).tournament


@pytest.mark.parametrize("zip_name", ["event.zip", "event.piz", "Other Name..zip"])
def test_zip_under_any_name(tmp_path, zip_name):
    z = tmp_path / zip_name
    with zipfile.ZipFile(z, "w") as zf:
        for part in (".ini", ".trn", ".sco"):
            zf.write(SP.with_suffix(part), f"Inner Stem{part.upper()}")
    assert api.load(z).tournament == api.load(SP).tournament


def _zip(tmp_path, members: dict[str, bytes]) -> Path:
    z = tmp_path / "bad.zip"
    with zipfile.ZipFile(z, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return z


def _file(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def trio_bytes(stem="e"):
    return {f"{stem}{part}": SP.with_suffix(part).read_bytes() for part in (".ini", ".trn", ".sco")}


@pytest.mark.parametrize("make, message", [
    (lambda tmp: _file(tmp / "x.zip", b"not a zip at all"), "not a Swiss Perfect file"),
    (lambda tmp: _zip(tmp, {k: v for k, v in trio_bytes().items() if not k.endswith(".sco")}), "has no .sco file"),
    (lambda tmp: _zip(tmp, {**trio_bytes("a"), "b.sco": b""}), "different stems"),
    (lambda tmp: _zip(tmp, {**trio_bytes(), "../evil.txt": b"x"}), "unsafe path"),
    (lambda tmp: _zip(tmp, {**{k: v for k, v in trio_bytes().items() if not k.endswith(".trn")},
                            "e.trn": bytes(40 * 1024 * 1024)}), "too large"),
])
def test_bad_zips_are_one_line_errors_and_nothing_is_written(tmp_path, make, message):
    source = make(tmp_path)
    target = tmp_path / "out.xml"
    result = CliRunner().invoke(main, ["convert", str(source), str(target), "--input-format", "swissperfect"])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert not target.exists() and not list(tmp_path.glob(".out.xml*"))


def test_truncated_sco_and_wrong_trn_layout(tmp_path):
    trn = copy_trio(tmp_path)
    sco = trn.with_suffix(".sco")
    sco.write_bytes(sco.read_bytes()[:-200])
    with pytest.raises(BrightwellError, match=r"event.sco: truncated: the header promises \d+ records"):
        api.load(trn)
    copy_trio(tmp_path)
    trn.write_bytes(SP.with_suffix(".sco").read_bytes())  # a .sco where the .trn should be
    with pytest.raises(BrightwellError, match=r"event.trn: wrong field layout: no field ID"):
        api.load(trn.with_suffix(".ini"))


def test_header_and_field_descriptors_match_swiss_perfect_byte_for_byte():
    written = SP.read_bytes()
    header_len = 32 + 32 * len(TRN) + 1
    if REAL.exists():
        real = (REAL / "tournaments" / "gonzaga_challengers_2010.trn").read_bytes()
        assert written[0] == real[0] and written[8:header_len] == real[8:header_len]
    assert written[0] == 0x03 and written[8:10] == (header_len).to_bytes(2, "little")
    assert written[10:12] == (203).to_bytes(2, "little") and written[-1:] == b"\x1a"


def _cp1252(text: str) -> str:
    return text.encode("cp1252", "replace").decode("cp1252")


def test_what_swiss_perfect_cannot_hold_is_reported_not_crashed(tmp_path):
    t = replace(othello_open(), players=tuple(replace(p, name="Ŝtefan, " + "x" * 30) if p.start_no == 1 else p
                                             for p in othello_open().players))
    lost = api.write(t, tmp_path / "o.trn", "swissperfect")
    assert "characters cp1252 cannot hold (written as '?')" in lost
    assert "names longer than Swiss Perfect's 25 + 25 characters (cut)" in lost
    assert api.load(tmp_path / "o.trn").tournament.player(1).name == "?tefan, " + "x" * 25


def sp_safe(t):
    """What Swiss Perfect can hold of a generated tournament."""
    players = tuple(replace(p, name=_cp1252(" ".join(p.name.replace(",", " ").split())[:25]) or "x", extra=(), ids=(),
                            federation=(p.federation or "")[:4] or None, title=(p.title or "")[:3] or None,
                            birth_date=None, stored_points=None, stored_rank=None,
                            rounds=tuple(replace(e, score=None, opp_score=None, rated=True) for e in p.rounds))
                    for p in t.players)
    return replace(t, players=players, scoring=ScoringSystem(), metadata=(), board=None, game=None,
                   tiebreaks=(), name=" ".join(t.name.split()) or "x", system="swiss", start_date=None)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(max_players=8, max_rounds=5))
def test_generated_tournaments_keep_their_points_through_swiss_perfect(tmp_path_factory, t):
    t = sp_safe(t)
    folder = tmp_path_factory.mktemp("sp")
    for path, data in files_for(t, folder / "t.trn").items():
        path.write_bytes(data)
    back = api.load(folder / "t.trn").tournament
    assert Context(back, "planned").points == Context(t, "planned").points  # every round recorded
    assert [p.name for p in back.players] == [p.name for p in t.players]


def test_conversions_in_both_directions_keep_the_standings(tmp_path):
    spec = "PTS,BQ:preset=woc,DISCS,BH"
    expected = api.rank(othello_open(), spec).rows
    xml, trf, sp = tmp_path / "a.xml", tmp_path / "b.trf", tmp_path / "c.trn"
    for source, target in ((SP, xml), (xml, trf), (trf, sp), (sp, tmp_path / "d.xml")):
        result = CliRunner().invoke(main, ["convert", str(source), str(target)])
        assert result.exit_code == 0, result.stderr
        assert api.rank(api.load(target).tournament, spec).rows == expected


def test_strict_refuses_what_the_target_cannot_carry(tmp_path):
    source = str(FIXTURES / "othello_open.xml")
    result = CliRunner().invoke(main, ["convert", source, str(tmp_path / "o.trn"), "--strict=all"])
    assert result.exit_code == 2 and "would lose: " in result.stderr and "the game kind" in result.stderr
    assert not list(tmp_path.iterdir())
    # the game kind and the metadata are all it loses: the standings survive, so --strict passes
    result = CliRunner().invoke(main, ["convert", source, str(tmp_path / "o.trn"), "--strict"])
    assert result.exit_code == 0 and "not carried (metadata): the game kind" in result.stderr
    assert "changes the standings" not in result.stderr


def test_unknown_tie_break_id_is_a_warning_naming_it(tmp_path):
    trn = copy_trio(tmp_path)
    ini = trn.with_suffix(".ini")
    ini.write_text(ini.read_text().replace("Tie Breaks=1226,", "Tie Breaks=1221,1226,"))
    loaded = api.load(trn)
    assert any("tie-break 1221 (rating sum) has no criterion" in w for w in loaded.warnings)
    assert loaded.tournament.tiebreaks == ("PTS", "BQ:coef=6", "DISCS", "BH")


def test_text_export_has_no_minor_scores():
    present(REAL)
    t = api.load(REAL / "text_export" / "gonzaga_challengers_2010.spx.txt").tournament
    with pytest.raises(BrightwellError, match="this file has no game scores"):
        api.rank(t, "PTS,BQ:preset=woc")
    assert any(e.kind is Kind.FORFEIT_WIN for p in t.players for e in p.rounds)


def _real_trios():
    if not REAL.exists():
        return []
    return sorted((REAL / "tournaments").glob("*.trn")) + [
        REAL / "zips" / n for n in ("drog_a.zip", "junior_championships_u19_2010.zip", "limerick_cc_2011.zip",
                                    "munster_u10_2011.zip", "nccz.piz", "nccz.zip", "phibs_cc_inter_2012.zip")]


@pytest.mark.parametrize("source", or_skip(_real_trios()), ids=lambda p: p.name if p else "none")
def test_real_tournaments_write_back_without_loss(tmp_path, source):
    t = api.load(source, "swissperfect").tournament
    assert t.players
    for path, data in files_for(t, tmp_path / "back.trn").items():
        path.write_bytes(data)
    back = api.load(tmp_path / "back.trn").tournament
    assert replace(back, metadata=()) == replace(t, metadata=())
    old_ini, new_ini = _ini(t), _ini(back)
    from_model = {"Name", "Rounds", "System", "Use Minor Scores", "Tie Breaks", "BrightwellCoeff"}
    for section in old_ini.sections():  # every other setting the source had is still there, unchanged
        for key, value in old_ini[section].items():
            if key not in from_model:
                assert new_ini[section][key] == value, (section, key)
    old = {r["ID"]: r for r in read_dbf(api.load(source).tournament and _trn_bytes(source), "x").records}
    new = {r["ID"]: r for r in read_dbf((tmp_path / "back.trn").read_bytes(), "x").records}
    for pid, rec in old.items():  # field by field, for the fields the model holds
        for field in ("SURNAME", "FIRSTNAME", "FEDER", "CLUB", "INTL_RTG", "LOC_RTG", "LOC_ID", "TITLE", "SEX",
                      "LATE_ENTRY", "WITHDRAWAL", "MEMO", "ORDER"):
            assert new[pid][field] == rec[field], (pid, field)


def _ini(t):
    from brightwell_plugin.adapters.swissperfect.format import read_ini
    text = next((v for k, v in t.metadata if k == "sp ini"), "")
    return read_ini(text.encode("utf-8"), "ini", "utf-8")[0]


def _trn_bytes(source: Path) -> bytes:
    from brightwell_plugin.adapters.swissperfect.files import locate
    return locate(source).files[".trn"]


def _exports():
    if not REAL.exists():
        return []
    return [p for p in sorted((REAL / "tournaments").glob("*.txt")) if p.with_suffix(".trn").exists()]


@pytest.mark.parametrize("export", or_skip(_exports()), ids=lambda p: p.name if p else "none")
def test_points_equal_swiss_perfects_own_export(export):
    sp = api.load(export.with_suffix(".trn"), "swissperfect").tournament
    exported = api.load(export, "swissperfect-text").tournament
    points = dict(zip((p.start_no for p in sp.players), Context(sp).points))
    by_id = {v: p.start_no for p in sp.players for s, v in p.ids if s == "national"}
    plain = lambda name: " ".join("".join(c for c in name.casefold() if c.isalnum() or c == " ").split())
    by_name = {plain(p.name): p.start_no for p in sp.players}  # the export adds "." after initials
    for p in exported.players:
        national = next((v for s, v in p.ids if s == "national"), None)
        no = by_id.get(national) or by_name.get(plain(p.name))
        assert no is not None, p.name
        assert points[no] == p.stored_points, p.name


def portable(t):
    """A generated tournament reduced to what XML, TRF and Swiss Perfect can all hold (TRF numbers
    the players 1..n)."""
    from brightwell_plugin.conversion import renumbered
    t = renumbered(played(sp_safe(t)))
    return replace(t, players=tuple(replace(p, name=p.name[:25], sex=None, title=None, federation=None, ids=(),
                                            withdrawn_after=p.withdrawn_after or None) for p in t.players))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(max_players=8, max_rounds=5))
def test_generated_tournaments_convert_between_every_writable_format(tmp_path_factory, t):
    t = portable(t)
    folder = tmp_path_factory.mktemp("conv")
    spec = "PTS,BH,SB,WIN"
    expected = api.rank(t, spec).rows
    suffix = {"xml": ".xml", "trf": ".trf", "swissperfect": ".trn"}
    for a in suffix:
        source = folder / f"source_{a}{suffix[a]}"
        api.write(t, source, a)
        for b in suffix:
            target = folder / f"{a}_to_{b}{suffix[b]}"
            api.convert(source, target, b)
            assert api.rank(api.load(target).tournament, spec).rows == expected, (a, b)


def test_nul_trap_in_order_and_start_no_is_cut_at_the_nul(tmp_path):
    trn = copy_trio(tmp_path)
    data = bytearray(trn.read_bytes())
    first = 32 + 32 * len(TRN) + 1  # the first record
    data[first + 1:first + 6] = b"14\x00\x003"  # ORDER, as in real files
    trn.write_bytes(bytes(data))
    assert api.load(trn).tournament.player(1).extra[0] == ("sp order", "14")


def test_cp1252_names_and_the_encoding_override():
    present(REAL)
    t = api.load(REAL / "zips" / "munster_u10_2011.zip").tournament
    assert any("Ciarán" in p.name for p in t.players)
    assert any("CiarÃ¡n" not in p.name for p in t.players)
    latin = api.load(REAL / "zips" / "munster_u10_2011.zip", encoding="latin-1").tournament
    assert any("Ciarán" in p.name for p in latin.players)


@pytest.mark.parametrize("members, said", [
    ({"[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>"}, "an Excel workbook (.xlsx), not a Swiss Perfect"),
    ({"[Content_Types].xml": "<Types/>", "word/document.xml": "<w/>"}, "a Word document (.docx)"),
    ({"mimetype": "application/vnd.oasis.opendocument.spreadsheet", "content.xml": "<c/>"}, "an OpenDocument file"),
    ({"readme.txt": "hello", "notes\nsecond line.txt": "x"}, "a zip holding readme.txt, notes?second line.txt: no Swiss"),
])
def test_a_zip_that_is_not_swiss_perfects_says_what_it_is(tmp_path, members, said):
    import zipfile
    for name in ("event.zip", "event.xlsx"):
        path = tmp_path / name
        with zipfile.ZipFile(path, "w") as z:
            for member, text in members.items():
                z.writestr(member, text)
        with pytest.raises(BrightwellError, match=re.escape(said)) as err:
            api.load(path)
        assert "\n" not in str(err.value)


def test_a_zip_whose_end_record_undercounts_its_directory_is_refused_before_zipfile_reads_it(tmp_path):
    """The end record says 3 entries over a directory of 3,000: zipfile would read all 3,000 (1.4
    million once cost 0.6 GB); the entries are counted where zipfile finds them, up to 1,001."""
    import time
    import zipfile
    path = tmp_path / "lie.zip"
    with zipfile.ZipFile(path, "w") as z:
        for k in range(3_000):
            z.writestr(f"f{k}.txt", b"")
    raw = bytearray(path.read_bytes())
    end = raw.rfind(b"PK\x05\x06")
    raw[end + 8:end + 12] = (3).to_bytes(2, "little") * 2  # the entries on this disk, and in all
    path.write_bytes(bytes(raw))
    start = time.process_time()
    with pytest.raises(BrightwellError, match="lie.zip: a zip of more entries than its end record's 3: more than "
                                              "the 1000 a tournament's zip may hold"):
        api.load(path, format="swissperfect")
    assert time.process_time() - start < 1.0


def test_a_zip_of_another_event_file_says_a_zip_is_read_for_swiss_perfect_alone(tmp_path):
    import zipfile
    path = tmp_path / "event.zip"
    with zipfile.ZipFile(path, "w") as z:
        z.write(FIXTURES / "swissmanager" / "club.TUNX", "club.TUNX")
    with pytest.raises(BrightwellError) as refused:
        api.load(path)
    message = str(refused.value)
    assert "a zip holding club.TUNX: no Swiss Perfect tournament" in message and "nor another event file" not in message
    assert "unzip it to read another event file" in message


def _between_rounds():
    """Four players, 5 rounds planned, 3 held; player 4 marked absent from round 4, as SP marks a
    player ahead (his ABSENT bit alone), and SP's windows on round 3."""
    from brightwell_plugin.builder import TournamentBuilder
    b = TournamentBuilder("Club Night", rounds=5)
    for no in range(1, 5):
        b.player(no, f"Player{no}, P")
    b.game(1, 1, 3, result="win").game(1, 2, 4, result="draw").game(2, 4, 1, result="loss")
    b.game(2, 3, 2, result="win").game(3, 1, 2, result="draw").game(3, 3, 4, result="loss")
    b.bye(4, 4, "zero-bye")
    t = b.build()
    return replace(t, metadata=(("the program's current round", "3"),))


def test_an_absence_asked_for_ahead_is_its_absent_bit_and_the_current_round_the_desktops(tmp_path):
    t = _between_rounds()
    assert api.write(t, tmp_path / "club.trn", "swissperfect") == []
    sco = read_dbf((tmp_path / "club.sco").read_bytes(), "club.sco", "cp1252").records
    trn = read_dbf((tmp_path / "club.trn").read_bytes(), "club.trn", "cp1252").records
    assert max(int(r["ROUND"]) for r in sco) == 3 and int(trn[3]["ABSENT"], 16) == 1 << 3  # no row: the bit
    assert "[Desktop]" in (tmp_path / "club.ini").read_text() and "Round=3" in (tmp_path / "club.ini").read_text()
    back = api.load(tmp_path / "club.trn").tournament
    assert [len(p.rounds) for p in back.players] == [3, 3, 3, 4] and back.player(4).rounds[3].kind is Kind.ZERO_BYE
    assert api.progress(back) == api.Progress(planned=5, played=3, paired=3, stated=3)


def test_a_round_robin_plans_no_more_rounds_than_its_schedule(tmp_path):
    """A 4-player round robin whose Rounds says 11 (as a real one does) plays 3 rounds; Multi Games
    doubles it; an absence marked past the planned rounds is passed over, said."""
    t = replace(_between_rounds(), system="round-robin", metadata=())
    api.write(t, tmp_path / "rr.trn", "swissperfect")
    ini = tmp_path / "rr.ini"
    ini.write_text(ini.read_text().replace("Rounds=5", "Rounds=11"))
    loaded = api.load(tmp_path / "rr.trn")
    assert loaded.tournament.rounds == 3 and loaded.tournament.player(4).rounds[3:] == ()
    assert f"{ini.name}: a round robin of 4 players is 3 rounds: Rounds=11 passed over" in "\n".join(loaded.warnings)
    assert any("player 4 is marked absent from round 4, past the 3 rounds of the event: passed over" in w
               for w in loaded.warnings)
    ini.write_text(ini.read_text().replace("[Tournament Info]", "[Tournament Info]\nMulti Games=2"))
    assert api.load(tmp_path / "rr.trn").tournament.rounds == 6


def test_a_text_export_by_place_stores_each_place(tmp_path):
    """A crosstable numbered down its rows with totals that never rise is by place: its numbers are the
    stored places check compares; one by start number (a total rises) stores none."""
    header = "No\tName\tTotal\t 1  \t 2  \n"
    path = tmp_path / "by_place.txt"
    path.write_text(header + "1\tAnn\t2\t 3:W\t 2:W\n2\tBob\t1\t 4:W\t 1:L\n3\tCid\t1\t 1:L\t 4:W\n"
                    "4\tDee\t0\t 2:L\t 3:L\n", encoding="cp1252")
    t = api.load(path, format="swissperfect-text").tournament
    assert [p.stored_rank for p in t.players] == [1, 2, 3, 4]
    path.write_text(header + "1\tAnn\t1\t 3:W\t 2:L\n2\tBob\t2\t 4:W\t 1:W\n3\tCid\t0\t 1:L\t 4:L\n"
                    "4\tDee\t1\t 2:L\t 3:W\n", encoding="cp1252")
    assert all(p.stored_rank is None for p in api.load(path, format="swissperfect-text").tournament.players)
