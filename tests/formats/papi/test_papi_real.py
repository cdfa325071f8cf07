"""Papi's real files (../shared/research/corpus/turn5/papi) and two independent decoders of Access
databases as a vote: mdbtools (the distribution's package, where installed) and access-parser (the
test extras) read the same round cells as this project's reader, in the real files and in the
files written here; every player's points are those his decoded cells give; each file converts
to TRF-2026 (as Sharly-Chess exports: OTHER_PAPI_*), Chess-JSON and the native XML keeping its
standings, and goes through batch, study and publish."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess

import pytest
from click.testing import CliRunner
from support.make_fixtures import FIXTURES
from support.papi_files import club_event, moved_and_deleted, papi_file
from support.samples import present, real_files, research

from brightwell_plugin import api
from brightwell_plugin.adapters.papi.jet import Database
from brightwell_plugin.cli import main

REAL = real_files("corpus/turn5/papi", "*.papi")
ROUNDS = 24  # Papi keeps 24 rounds' columns
CELLS = ("Ref",) + tuple(f"Rd{r:02}{c}" for r in range(1, ROUNDS + 1) for c in ("Cl", "Adv", "Res"))
# the points a cell gives, by Papi's codes (table RES): a win, a draw, a forfeit win (or the bye
# against EXEMPT); colour F: a half- or full-point bye
_POINTS = {("B", 3): 1, ("N", 3): 1, ("B", 2): .5, ("N", 2): .5, ("B", 6): 1, ("N", 6): 1, ("F", 2): .5, ("F", 6): 1}


def _ours(path) -> dict[int, tuple]:
    rows = Database(path.read_bytes(), str(path)).rows("JOUEUR", CELLS, 40_000)
    return {row[0]: tuple(row[1:]) for row in rows}


def _mdbtools(path) -> dict[int, tuple]:
    text = subprocess.run(["mdb-export", str(path), "JOUEUR"], capture_output=True, check=True, text=True).stdout
    out = {}
    for row in csv.DictReader(io.StringIO(text)):
        out[int(row["Ref"])] = tuple(None if row[c] == "" else int(row[c]) if not c.endswith("Cl") else row[c]
                                     for c in CELLS[1:])
    return out


def _access_parser(path) -> dict[int, tuple]:
    from access_parser import AccessParser
    table = AccessParser(str(path)).parse_table("JOUEUR")
    return {ref: tuple(table[c][k] for c in CELLS[1:]) for k, ref in enumerate(table["Ref"])}


def _decoder(name):
    if name == "mdbtools" and shutil.which("mdb-export") is None:
        pytest.skip("mdbtools is not installed (apt-get install mdbtools): its vote is not taken")
    if name == "access-parser":
        pytest.importorskip("access_parser", reason="access-parser is not installed (the test extras): its vote is not "
                                                    "taken")
    return {"mdbtools": _mdbtools, "access-parser": _access_parser}[name]


DECODERS = ["mdbtools", "access-parser"]


@pytest.mark.slow
@pytest.mark.parametrize("decoder", DECODERS)
def test_every_round_cell_of_the_real_files_is_what_each_decoder_reads(decoder):
    read = _decoder(decoder)
    paths = [p.values[0] for p in REAL if p.values[0] is not None]
    present(*paths or [research("corpus", "turn5", "papi")])
    cells = 0
    for path in paths:
        ours, theirs = _ours(path), read(path)
        assert ours == theirs, path.name
        cells += len(ours) * ROUNDS * 3
    assert cells == 48_240 and len(paths) == 13  # the thirteen files of the corpus, every cell


@pytest.mark.parametrize("decoder", DECODERS)
def test_the_files_written_here_are_what_each_decoder_reads(tmp_path, decoder):
    read = _decoder(decoder)
    files = {"club.papi": (FIXTURES / "papi" / "club.papi").read_bytes()}
    if decoder == "access-parser":  # mdbtools reads a deleted row (bit 0x8000) as a row: Jet and Jackcess do not
        club = files["club.papi"]
        files["edited.papi"] = moved_and_deleted(club, Database(club, "x").tables["JOUEUR"], 4)
    for name, data in files.items():
        path = tmp_path / name
        path.write_bytes(data)
        assert _ours(path) == read(path), name


@pytest.mark.parametrize("path", REAL)
@pytest.mark.parametrize("decoder", DECODERS)
def test_every_players_points_are_what_his_decoded_cells_give(path, decoder):
    read = _decoder(decoder)
    loaded = api.load(path)
    t = loaded.tournament
    assert loaded.format == "papi" and loaded.warnings == () and t.players
    planned = t.rounds
    decoded = read(path)
    points = {p.start_no: dict(p.extra)["papi ref"] for p in t.players}
    for row in api.rank(t, "PTS", after_round="planned").rows:  # every cell, a round in progress's too
        cells = decoded[int(points[row.start_no])]
        expected = sum(_POINTS.get((cells[3 * r], cells[3 * r + 2]), 0) for r in range(planned))
        assert row.values[0] == expected, (path.name, row.name)


@pytest.mark.parametrize("path", REAL)
def test_a_real_file_reads_ranks_explains_and_says_where_it_stands(path):
    t = api.load(path).tournament
    assert len(api.rank(t).rows) == len(t.players) and all(p.name for p in t.players)
    api.explain_everyone(t)
    assert t.tiebreaks[0] == "PTS" and 0 <= t.rounds_played <= t.rounds
    paired_without_result = any(e.kind.value == "paired" for p in t.players for e in p.rounds)
    assert paired_without_result == (path.name == "handicap.papi")  # the one event in progress: round 5 of 7


@pytest.mark.parametrize("path", REAL)
@pytest.mark.parametrize("suffix", [".trf", ".jch", ".xml"])
def test_a_real_file_converts_keeping_its_standings(tmp_path, path, suffix):
    source = api.load(path).tournament
    _, report = api.convert(path, tmp_path / f"out{suffix}")
    back = api.load(tmp_path / f"out{suffix}").tournament
    spec = list(source.tiebreaks)
    before, after = api.rank(source, spec).rows, api.rank(back, spec).rows
    if any("pairing(s) without a result" in x for x in report.lost):
        assert suffix == ".trf"  # TRF has no pairing without a result, and the conversion says so
    else:
        assert [(r.start_no, r.rank, r.values) for r in before] == [(r.start_no, r.rank, r.values) for r in after]
    if suffix == ".trf":
        text = (tmp_path / "out.trf").read_text()
        assert "212 " + ",".join(source.tiebreaks) in text  # Papi's criteria by Sharly-Chess's names
        nationals = [p for p in source.players if "national rating" in dict(p.extra)]
        assert sum(line.startswith("FRA ") for line in text.splitlines()) == len(nationals)


def test_batch_study_and_publish_take_papi_files(tmp_path):
    src = tmp_path / "archive"
    src.mkdir()
    shutil.copy(FIXTURES / "papi" / "club.papi", src / "club.papi")
    (src / "open.papi").write_bytes(papi_file(club_event(), {"Nom": "Open B", "NbrRondes": "4"}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "2 ranked, 0 skipped, 0 failed of 2 files" in result.output
    for name in ("club", "open"):  # no writer of Papi's files: the native XML, with the ranks it computed
        written, read = api.load(out / f"{name}.xml").tournament, api.load(src / f"{name}.papi").tournament
        assert [(p.name, p.rounds) for p in written.players] == [(p.name, p.rounds) for p in read.players]
        assert all(p.stored_rank for p in written.players)
    result = CliRunner().invoke(main, ["study", str(src), "--rule", "PTS,OTHER_PAPI_BUCHHOLZ_CUT", "--rule", "PTS,BH",
                                       "--report", str(tmp_path / "study")])
    assert result.exit_code == 0, result.output
    assert "2 events studied, 0 skipped, 0 failed of 2" in result.output
    site = tmp_path / "site"
    result = CliRunner().invoke(main, ["publish", str(src / "club.papi"), "--out", str(site)])
    assert result.exit_code == 0, result.output
    assert "ALPHA, Anne" in (site / "index.html").read_text(encoding="utf-8")
