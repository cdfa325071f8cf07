"""The TRF adapter: quirks of real files, lossless rewriting, game-score records, errors."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.bbp_rules import violations
from brightwell_plugin import api
from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.trf.engine import EngineTrfFormat
from brightwell_plugin.adapters.trf.cells import unpaired_cell
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, RoundEntry, Side
from support.make_fixtures import FIXTURES, othello_open
from support.strategies import played, tournaments
from support.samples import or_skip, trf_samples
from support.trf_text import as_written, same_but_dash_cells
from support.samples import research
from support.paths import ROOT

FMT = TrfFormat()
ENGINE = EngineTrfFormat()
QUIRKS = FIXTURES / "quirks.trf"


SAMPLES = research("formats")


def load_text(tmp_path, data: bytes, name="event.trf", **kw):
    p = tmp_path / name
    p.write_bytes(data)
    return api.load(p, **kw), p


def test_quirks_are_read_as_the_spec_and_real_files_mean():
    t = api.load(QUIRKS).tournament
    p = {pl.start_no: pl for pl in t.players}
    assert t.name == "Quirks Open" and t.rounds == 3 and t.start_date == "2025-05-03"
    assert t.tiebreaks == ("PTS", "BH/C1", "BH")
    assert p[1].title == "GM" and p[1].birth_date == "1978" and p[1].ids == (("fide", "12345678"),)
    assert p[3].rounds[0].kind is Kind.FORFEIT_WIN and p[3].rounds[0].side is None  # colour '-'
    assert p[4].rounds[0].kind is Kind.FORFEIT_LOSS and p[4].rounds[0].opponent == 3
    assert p[2].rounds[1].kind is p[5].rounds[1].kind is Kind.FORFEIT_LOSS  # double forfeit
    assert [p[5].rounds[0].kind, p[4].rounds[1].kind] == [Kind.FULL_BYE, Kind.HALF_BYE]  # 0000 - + / =
    assert [e.kind for e in p[6].rounds[:2]] == [Kind.HALF_BYE, Kind.PAB]  # lichess blank opponent
    assert p[4].rounds[2].kind is Kind.ZERO_BYE and p[4].stored_rank is None  # rank 0 = none
    assert p[6].name == "Zeta, Zoë"
    assert ("trf", "013 Quirks Team                         0001 0002") in t.metadata  # kept, not ranked
    assert p[1].rounds[0] == replace(p[1].rounds[0], kind=Kind.GAME, result=Result.WIN, side=Side.FIRST)


def test_unchanged_tournament_is_written_back_byte_for_byte():
    t = api.load(QUIRKS).tournament
    assert FMT.dumps(t) == QUIRKS.read_bytes() and FMT.cannot_carry(t) == []
    for_engines = ENGINE.dumps(t)  # what a pairing engine refuses, in TRF's own form, each said
    assert same_but_dash_cells(for_engines, QUIRKS.read_bytes()) and for_engines != QUIRKS.read_bytes()
    assert b"0000 - Z" in for_engines  # Delta's '       -', which his stored 0.5 does not count
    assert any("title" in x for x in ENGINE.cannot_carry(t))


@pytest.mark.parametrize("ending", [b"\r", b"\n", b"\r\n"])
@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_line_endings_and_a_bom_are_kept_and_for_engines_the_bom_left_out(tmp_path, ending, bom):
    data = bom + QUIRKS.read_bytes().replace(b"\n", ending)
    loaded, _ = load_text(tmp_path, data)
    assert len(loaded.tournament.players) == 6
    assert FMT.dumps(loaded.tournament) == data
    assert same_but_dash_cells(ENGINE.dumps(loaded.tournament), data)


def test_cp1252_file_is_read_with_a_warning_and_written_back_in_cp1252(tmp_path):
    data = QUIRKS.read_text(encoding="utf-8").encode("cp1252")
    loaded, p = load_text(tmp_path, data)
    assert loaded.tournament.player(6).name == "Zeta, Zoë"
    assert loaded.warnings[0] == f"{p}: not UTF-8; read as cp1252"
    assert FMT.dumps(loaded.tournament) == data
    assert same_but_dash_cells(ENGINE.dumps(loaded.tournament), data)
    assert api.load(p, encoding="latin-1").warnings == ()


def test_undecodable_bytes_are_a_one_line_error_naming_the_line(tmp_path):
    data = QUIRKS.read_text(encoding="utf-8").encode("cp1252")
    with pytest.raises(BrightwellError, match=r"event.trf: line 14: byte 0xeb cannot be decoded as utf-8"):
        load_text(tmp_path, data, encoding="utf-8")


@pytest.mark.parametrize("old, new, message", [
    ("   2 w 1     3 b =", "   2 w 1     3 x =", r"line 9, round 2: colour 'x' is not w, b or -"),
    ("   2 w 1     3 b =", "   2 w 1     3 b ?", r"line 9, round 2: result '\?' cannot go with opponent 3"),
    ("   2 w 1     3 b =", "   2 w 1     a b =", r"line 9, round 2: opponent 'a' is not a start number"),
    ("XXR 3", "XXR x", r"line 4: record XXR cannot be read"),
    (" 1978        1.5", " 1978        NaN", r"line 9: 001 record cannot be read \('NaN' is not a finite number\)"),
    (" 1978        1.5", " 1978        inf", r"line 9: 001 record cannot be read \('inf' is not a finite number\)"),
])
def test_malformed_records_name_file_and_line(tmp_path, old, new, message):
    with pytest.raises(BrightwellError, match=message):
        load_text(tmp_path, QUIRKS.read_bytes().replace(old.encode(), new.encode(), 1))


def test_a_bad_block_in_a_row_with_game_scores_names_its_line_and_round(tmp_path):
    text = FMT.dumps(othello_open()).decode()
    line_no, line = next((n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.startswith("001    2"))
    block = line[101:109]  # round 2
    assert block[7] != " " and re.search(r"^BW1    2 ", text, re.M)
    broken = text.replace(line, line[:101] + block[:5] + "x" + block[6:] + line[109:], 1)
    with pytest.raises(BrightwellError, match=rf"event.trf: line {line_no}, round 2: colour 'x' is not w, b or -"):
        load_text(tmp_path, broken.encode())


def test_records_with_game_scores_equal_the_plain_reading(tmp_path):
    path = tmp_path / "othello.trf"
    path.write_bytes(FMT.dumps(othello_open()))
    t = api.load(path, "trf").tournament
    plain = _read_block_by_block(path)
    assert plain and any(e.score is not None for p in t.players for e in p.rounds)
    _agrees_with_the_plain_reading(path, t, plain)


def test_ranking_a_file_without_game_scores_by_bq_says_so():
    with pytest.raises(BrightwellError, match="this file has no game scores"):
        api.rank(api.load(QUIRKS).tournament, "PTS,BQ:preset=woc")
    with pytest.raises(BrightwellError, match="this file has no game scores"):
        api.rank(api.load(QUIRKS).tournament, "PTS,DISCS")


def test_game_scores_travel_in_bw_records_and_rank_with_bq(tmp_path):
    t = othello_open()
    text = FMT.dumps(t).decode()
    assert re.search(r"^BW0 board=64 game=othello", text, re.M)
    assert re.search(r"^BW1    9   3", text, re.M)  # player 9 withdrew after round 3
    loaded, _ = load_text(tmp_path, text.encode())
    assert api.rank(loaded.tournament, "PTS,BQ:preset=woc,DISCS").rows == \
        api.rank(t, "PTS,BQ:preset=woc,DISCS").rows
    assert violations(text) == []


def trf_safe(t):
    """What TRF (with this project's BW records) can carry of a generated tournament: numbered
    1..n, points as the results' sum, the lower number White where a game's colour is unknown, an
    absence between rounds as TRF's zero-point bye (its blank, written 0000 - Z), none after the last."""
    from brightwell_plugin.adapters import codes
    from brightwell_plugin.adapters.trf.writer import for_pairing
    from brightwell_plugin.conversion import renumbered
    players = []
    for p in renumbered(t).players:
        name = " ".join(p.name.split())[:33] or "x"
        last = max((r for r, e in enumerate(p.rounds) if e.kind is not Kind.ABSENT), default=-1)
        p = replace(p, rounds=tuple(RoundEntry(Kind.ZERO_BYE) if e.kind is Kind.ABSENT else e
                                    for e in p.rounds[:last + 1]))  # trailing absences: no block, no record
        players.append(replace(p, name=name, rating=p.rating or None, federation=(p.federation or "")[:3] or None,
                               ids=(), extra=(), title=codes.title(p.title) or p.title, sex=codes.sex(p.sex) or p.sex))
    return for_pairing(replace(t, name=" ".join(t.name.split()) or "x", rounds=t.rounds or t.rounds_played or None,
                               metadata=(),
                               players=tuple(players)))


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_generated_tournaments_survive_a_trf_round_trip(tmp_path_factory, t):
    t = trf_safe(played(t))
    path = tmp_path_factory.mktemp("trf") / "t.trf"
    path.write_bytes(FMT.dumps(t))
    back = FMT.read(ReadOptions(path)).tournament
    assert replace(back, metadata=()) == t


def _next_round(tmp_path, fmt: str) -> tuple[str, str, list]:
    """The quirks fixture ranked and written as ``fmt``: the original text, the written one, the standings."""
    t = api.load(QUIRKS).tournament
    standings = api.rank(t, "PTS,BH,BH/C1")
    out = tmp_path / "next.trf"
    api.write(api.with_standings(t, standings), out, format=fmt)
    again = api.load(out).tournament
    assert [(p.start_no, p.stored_rank) for p in again.players] == \
        sorted((r.start_no, r.rank) for r in standings.rows)
    return QUIRKS.read_text(encoding="utf-8"), out.read_text(encoding="utf-8"), standings.rows


def test_rewritten_for_the_next_round_changes_only_points_ranks_and_212(tmp_path):
    original, text, _ = _next_round(tmp_path, "trf")
    before, after = original.splitlines(), text.splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(after) == len(before) and ("202 BH/C1,BH", "202 BH,BH/C1") in changed
    ranks = [(a, b) for a, b in changed if a.startswith("001")]
    assert ranks and len(changed) == len(ranks) + 1
    for a, b in ranks:  # only points (81-84) and rank (86-89); the line as long as it was, or to the rank
        assert (a[:80], a[89:]) == (b[:80], b[89:]) and a[80:89] != b[80:89] and len(b) == max(len(a), 89)


def test_rewritten_for_a_pairing_engine_changes_only_what_an_engine_refuses_beside(tmp_path):
    original, text, _ = _next_round(tmp_path, "trf-engine")
    before, after = original.splitlines(), text.splitlines()
    changed = [(a, b) for a, b in zip(before, after) if a != b]
    assert len(after) == len(before)
    assert ("202 BH/C1,BH", "202 BH,BH/C1") in changed
    for a, b in changed:
        if a.startswith("001"):  # only points (81-84) and rank (86-89), and what an engine refuses in TRF's own form
            a = as_written(a.encode()).decode()  # the title and sex as TRF spells them, refused cells masked
            assert a[:80] == b[:80] and same_but_dash_cells(b.encode(), (a[:80] + b[80:89] + a[89:]).encode())
    assert violations(text) == [v for v in violations(original)]


def test_fresh_trf_follows_pairing_engine_rules():
    t = api.load(QUIRKS).tournament
    text = FMT.dumps(replace(t, origin=None)).decode()
    assert violations(text) == ["line 3: record 013 is refused"]  # the source's team record, kept
    assert ENGINE.dumps(replace(t, origin=None)).decode() == text  # an event from elsewhere: one form
    assert "games without a known side" not in " ".join(FMT.cannot_carry(t))


def _real_trfs() -> list:
    """Every real TRF of the shared research folder (a TRF suffix, and TRF's records at the start; the
    crafted hostile files left out), named by its path there."""
    root = research()
    found = sorted(p for p in root.rglob("*") if p.suffix.lower() in FMT.suffixes and p.is_file()
                   and "hostile" not in p.relative_to(root).parts and FMT.sniff(p, p.read_bytes()[:4096])) \
        if root.is_dir() else []
    return or_skip(pytest.param(p, id=str(p.relative_to(root))) for p in found)


@pytest.mark.slow
@pytest.mark.parametrize("sample", _real_trfs())
def test_every_real_trf_read_and_written_unchanged_is_the_same_text(tmp_path, sample):
    """No change asked, none made: api.write of the event read and a plain convert give the file back
    byte for byte, saying nothing lost or filled in; trf-engine writes it in the pairing engines' form."""
    original = sample.read_bytes()
    t = api.load(sample, "trf").tournament
    assert t.players
    written, converted = tmp_path / "written.trf", tmp_path / "converted.trf"
    assert api.write(t, written) == [] and written.read_bytes() == original
    _, report = api.convert(sample, converted, input_format="trf")
    assert converted.read_bytes() == original
    assert (report.lost, report.moved, report.filled) == ((), (), None)
    assert same_but_dash_cells(ENGINE.dumps(t), original)


def test_check_command_agrees_with_the_fixture_ranks():
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    ok = CliRunner().invoke(main, ["check", str(QUIRKS)])
    assert ok.exit_code == 0 and "0 of 6 players differ; 1 with nothing published to compare" in ok.stdout
    bad = CliRunner().invoke(main, ["check", str(QUIRKS), "-t", "PTS,TPN/R"])
    assert bad.exit_code == 1 and "2 of 6 players differ" in bad.stdout
    assert "Alpha" in bad.stdout and "Zeta" in bad.stdout and "Gamma" not in bad.stdout


@pytest.mark.parametrize("record, expected", [
    ("162  W 3.0    D 1.0", (3.0, 1.0, 0, 0, None)),  # symbols at columns 6 and 15
    ("XXS W=3 D=1 PAB=1", (3.0, 1.0, 0, 0, 1.0)),
    ("BBW  3.0", (3.0, 0.5, 0, 0, None)),
    ("BBU  0.5", (1, 0.5, 0, 0, 0.5)),
])
def test_scoring_systems_from_162_xxs_and_bbp_lines(tmp_path, record, expected):
    data = QUIRKS.read_text(encoding="utf-8").replace("XXR 3\n", f"XXR 3\n{record}\n").encode()
    s = load_text(tmp_path, data)[0].tournament.scoring
    assert (s.win, s.draw, s.loss, s.absent, s.pab) == expected


def test_convert_trf_to_xml_and_back_keeps_the_standings(tmp_path):
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    xml, trf = tmp_path / "event.xml", tmp_path / "again.trf"
    assert CliRunner().invoke(main, ["convert", str(QUIRKS), str(xml)]).exit_code == 0
    result = CliRunner().invoke(main, ["convert", str(xml), str(trf)])
    # the forfeit written with colour '-' gets one: FIDE's checker misreads such a pair (the note says so)
    # the withdrawn player stores rank 0 (none): his rank is filled in for the pairing engine, and said
    assert result.exit_code == 0 and result.stderr == (
        "brightwell: note: ranks for 1 player(s) filled in, computed by PTS,BH/C1,BH (the file stores none); "
        "--keep writes them as they were\n"
        "brightwell: not carried (metadata): games and forfeits without a known colour: written with the lower "
        "start number as White (TRF's readers need one; a pairing engine uses a game's)\n")
    spec = "PTS,BH/C1,BH,SB,DE"
    assert api.rank(api.load(trf).tournament, spec).rows == api.rank(api.load(QUIRKS).tournament, spec).rows
    assert "ZZZ an unknown record, kept verbatim" in trf.read_text(encoding="utf-8")


@given(st.lists(st.sampled_from(["a", " ", "\r", "\n", "\r\n"]), max_size=12).map("".join))
def test_split_lines_matches_the_line_pattern_and_keeps_every_character(text):
    from brightwell_plugin.adapters.trf.lines import _LINE, split_lines
    reference = []
    for m in _LINE.finditer(text):
        if m.group(0) == "":
            break
        reference.append((m.group(1), m.group(2)))
    assert split_lines(text) == reference
    assert "".join(a + b for a, b in split_lines(text)) == text


def test_a_value_too_wide_for_its_columns_names_the_field_and_the_player(tmp_path):
    t = othello_open()
    wide = replace(t, players=(replace(t.players[0], rating=12345),) + t.players[1:])
    message = r"player 1 \(Ada Lindqvist\): rating '12345' does not fit TRF columns 49-52"
    with pytest.raises(BrightwellError, match=message):
        api.write(wide, tmp_path / "wide.trf", "trf")
    assert not (tmp_path / "wide.trf").exists()


def _agrees_with_the_plain_reading(path: Path, t, plain: dict[int, list]) -> None:
    """Each player's rounds as read equal those read block by block (``plain``), but for dash cells."""
    dashes = {(int(line[4:8]), (b - 91) // 10) for line in path.read_text(encoding="utf-8-sig", errors="replace")
              .splitlines() if line.startswith("001") for b in range(91, len(line), 10) if unpaired_cell(line[b:b + 8])}
    for p in t.players:
        if p.start_no in plain:  # a dash cell is read from the stored points, which a block alone cannot say
            assert [e for r, e in enumerate(p.rounds) if (p.start_no, r) not in dashes] == \
                [e for r, e in enumerate(plain[p.start_no]) if (p.start_no, r) not in dashes], p.start_no


def _read_block_by_block(path: Path) -> dict[int, list]:
    """Each player's rounds read by the plain per-block reader (no fast path, nothing shared)."""
    from brightwell_plugin.adapters.trf.lines import parse_block
    t = api.load(path, "trf").tournament
    lines = {int(line[4:8]): line for line in path.read_text(encoding="utf-8-sig", errors="replace").splitlines()
             if line.startswith("001")}
    played = max(len(p.rounds) for p in t.players)
    return {p.start_no: [replace(parse_block(lines[p.start_no][91 + 10 * r:99 + 10 * r], "", r + 1), score=e.score,
                                 opp_score=e.opp_score)
                         for r, e in enumerate(p.rounds)] for p in t.players if len(p.rounds) == played}


@pytest.mark.parametrize("path", [QUIRKS] + trf_samples()[:6], ids=lambda p: p.name)
def test_shared_and_fast_round_records_equal_the_plain_reading(path):
    t = api.load(path, "trf").tournament
    plain = _read_block_by_block(path)
    assert plain
    _agrees_with_the_plain_reading(path, t, plain)


def test_games_written_alike_share_one_record(tmp_path):
    """The same block text without game scores is one record, made once per file."""
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_trf import chess_event
    path = tmp_path / "open.trf"
    api.write(chess_event(300, 9), path, "trf")
    t = api.load(path).tournament
    records = [e for p in t.players for e in p.rounds]
    assert len({id(e) for e in records}) < len(records) * 0.8
    assert [list(p.rounds) for p in t.players if len(p.rounds) == 9] == list(_read_block_by_block(path).values())


_SCORE_FIELD = st.one_of(st.integers(0, 9999).map(str), st.sampled_from(["", "0", "007", "1 2", "+5", "1_0", "2.5", "٣",
                                                                          "64", "-3", "nan"]))


def _per_block_scores(line: str):
    from brightwell_plugin.adapters.trf.format import _round_blocks
    from brightwell_plugin.adapters.trf.lines import block_scores
    try:
        return list(map(block_scores, _round_blocks(line)))
    except ValueError:
        return ValueError


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(_SCORE_FIELD, _SCORE_FIELD, st.sampled_from("<>")), max_size=12),
       st.sampled_from(["", " ", "  x"]))
def test_bw1_scores_read_at_once_equal_the_per_block_reading(blocks, tail):
    """The whole-line reading of a BW1 record's scores gives what reading block by block gives, or both refuse."""
    from brightwell_plugin.adapters.trf.format import _bw1_scores
    line = "BW1    1".ljust(91) + "  ".join(own.rjust(4)[:4] + (opp.rjust(4) if side == ">" else opp.ljust(4))[:4]
                                          for own, opp, side in blocks) + tail
    try:
        fast = _bw1_scores(line)
    except ValueError:
        fast = ValueError
    assert fast == _per_block_scores(line)


def test_a_column_ruler_is_no_record_and_is_written_back_as_it_was(tmp_path):
    """Real files carry rulers such as ``012345678901…`` (an Irish league file, after its 012 record):
    a line whose fourth character is not a space holds no record."""
    text = ("012 League\n" + "0123456789" * 9 + "\n"
            "001    1      Alpha                             1800                             1.0    1     2 w 1\n"
            "001    2      Bravo                             1700                             0.0    2     1 b 0\n")
    path = tmp_path / "ruler.trf"
    path.write_text(text)
    t = api.load(path).tournament
    assert t.name == "League"
    out = tmp_path / "renamed.trf"
    api.write(replace(t, name="League 2"), out)
    assert out.read_text().splitlines()[:2] == ["012 League 2", "0123456789" * 9]


CUT = """012 Cut short
062 4
001    1      Alpha                             1800                             2.0    1     2 w 1     3 b 1
001    2      Bravo                             1700                             1.0    2     1 b 0     4 w 1
"""


def test_a_trf_declaring_more_players_than_it_holds_is_refused_as_cut_short(tmp_path):
    from click.testing import CliRunner

    from brightwell_plugin.cli import main
    path = tmp_path / "cut.trf"
    path.write_text(CUT)
    with pytest.raises(BrightwellError, match=r"the file is cut short: record 062 declares 4 players, it holds 2 "
                                              r"\(--cut-short ranks what it holds\)"):
        api.load(path)
    loaded = api.load(path, cut_short=True)
    assert any("ranked as it stands, 2 game(s) against players it lost left out" in w for w in loaded.warnings)
    assert [e.kind for e in loaded.tournament.player(1).rounds] == [Kind.GAME, Kind.ABSENT]
    with pytest.raises(BrightwellError, match="refused with --strict"):
        api.load(path, cut_short=True, strict=True)
    result = CliRunner().invoke(main, ["rank", str(path), "--cut-short"])
    assert result.exit_code == 0 and "Alpha" in result.output
    refused = CliRunner().invoke(main, ["rank", str(path)])
    assert refused.exit_code == 2 and refused.output.count("\n") == 1 and "cut short" in refused.output
