"""The hostile inputs of the fifth fuzzing turn (issue 55, research/hostile/turn5): each case's
commands end cleanly (exit 0, or exit 2 with one line naming a file), no input is replaced, and a
file ``convert`` writes is one ``rank`` reads. The crafted cases each test their defect. Every
defect is tested again on a file built here, beside its format's tests, for CI without the
shared folder."""

from __future__ import annotations

import hashlib
import io
import re
import shlex
import shutil
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from support.samples import or_skip, present, research

HOSTILE = research("hostile", "turn5")
CRAFTED = HOSTILE / "crafted"
CASES = sorted(p for p in HOSTILE.glob("main-*") if p.is_dir()) if HOSTILE.is_dir() else []
_COMMAND = re.compile(r"^(\w+): exit .*?\): (brightwell .*)$", re.M)
CHECKER = [sys.executable, "-m", "brightwell_plugin.tiebreakchecker"]


def _crafted(name: str) -> Path:
    path = CRAFTED / name
    present(path)
    return path


def _copied(tmp_path: Path, *sources: Path) -> dict[str, str]:
    """The files copied into ``tmp_path``, and each one's digest (to find one replaced)."""
    for source in sources:
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tmp_path / source.name)
    return {str(p.relative_to(tmp_path)): _digest(p) for p in tmp_path.rglob("*") if p.is_file()}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(args: list[str]) -> tuple[int, str]:
    """A ``brightwell`` command line in this process (the checker's, ``brightwell -i …``, in its own)."""
    if args[1] == "-i":
        done = subprocess.run([*CHECKER, *args[1:]], capture_output=True, text=True, timeout=300)
        return done.returncode, done.stderr
    result = CliRunner().invoke(main, args[1:])
    return result.exit_code, result.stderr


def _clean(code: int, stderr: str, names) -> bool:
    lines = stderr.strip().splitlines()
    return code == 0 or code == 2 and len(lines) == 1 and any(name in lines[0] for name in names)


@pytest.mark.slow
@pytest.mark.parametrize("case", or_skip(pytest.param(c, id=c.name) for c in CASES))
def test_each_case_of_the_fuzzing_ends_cleanly(case, tmp_path, monkeypatch):
    commands = [(kind, shlex.split(text)) for kind, text in _COMMAND.findall((case / "case.txt").read_text())]
    assert commands, "case.txt names no command"
    before = _copied(tmp_path, *(p for p in case.iterdir() if p.name != "case.txt"))
    (tmp_path / "out").mkdir()
    monkeypatch.chdir(tmp_path)
    for kind, args in commands:
        code, stderr = _run(args)
        names = [Path(a).name for a in args if (tmp_path / a).exists() or "/" in a or "." in a]
        assert _clean(code, stderr, names), f"{kind}: {' '.join(args)} -> {code}: {stderr}"
        if kind == "convert" and code == 0:  # what convert writes, rank reads
            read_back, said = _run(["brightwell", "rank", args[3]])
            assert read_back == 0, f"{' '.join(args)} wrote a file rank refuses: {said}"
    assert {name: _digest(tmp_path / name) for name in before} == before  # no input replaced


# -- the crafted cases ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["u9_tsh_1002/a.t", "u9_tsh_archive_1002.tsh", "u9_tshjs_1002.js"])
def test_a_tsh_file_beyond_the_round_limit_is_refused(tmp_path, monkeypatch, name):
    _copied(tmp_path, _crafted(name.split("/")[0]))
    monkeypatch.chdir(tmp_path)
    code, stderr = _run(["brightwell", "rank", name])
    assert code == 2 and "beyond the limit of 1000 rounds" in stderr and Path(name).name in stderr


def test_a_tsh_archive_whose_header_fills_the_bytes_sniffed_is_batched_division_by_division(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    _copied(folder, _crafted("u12_tsh_archive_long_header.tsh"))
    parts = api.get_host().formats.parts(folder / "u12_tsh_archive_long_header.tsh")
    assert len(parts) == 2  # rank reads both
    result = CliRunner().invoke(main, ["batch", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0
    assert len(list((tmp_path / "out").rglob("*.xml"))) == 2


def test_study_never_writes_its_report_over_an_input(tmp_path):
    before = _copied(tmp_path, _crafted("u10_study"))
    result = CliRunner().invoke(main, ["study", str(tmp_path / "u10_study" / "study.csv"), "--rule", "PTS,BH",
                                       "--report", str(tmp_path / "u10_study")])
    assert result.exit_code == 2 and "study.csv: is an input file" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert {name: _digest(tmp_path / name) for name in before} == before


@pytest.mark.parametrize("name, said", [
    ("u2_sm_swiss_teams1.TUNX", None),  # a team count in an individual Swiss: passed over, said
    ("u4_sm_white0_vs_bye.TUNX", "a pairing of no player against the bye"),
    ("u3_sce_m035_player_id_text.sce", "a player id that is not a whole number"),
    ("u3_sce_pairing_number_blob.sce", None), ("u3_sce_pairing_number_text.sce", None),
    ("u8_sce_rating_type_list.sce", None),
    ("u1_ftd_surrogate.json", "half of a UTF-16 pair"), ("u1_jch_surrogate.jch", "half of a UTF-16 pair"),
    ("u1_tshjs_surrogate.js", "half of a UTF-16 pair"),
    ("u6_aupair_club_opp_field.tou", "right-aligned in its columns"),
    ("u6_aupair_wtf5_opp_field.tou", "right-aligned in its columns"),
    ("u7_jch_team_name_list.jch", "teamName [1, 2] is not text"),
    ("u7_jch_teams_fixture_name_list.jch", "teamName [1, 2] is not text"),
    ("s1_og_mms_correction.xml", "McMahon correction 'x' is not a whole number"),
    ("s1_sharly_fixture_copy.sce", None),
])
def test_a_crafted_file_is_ranked_or_refused_in_one_line(tmp_path, monkeypatch, name, said):
    """Ranked in every output form (a name a terminal cannot print, a team name that is a list,
    once broke the table alone), checked, or refused in one line naming it."""
    _copied(tmp_path, _crafted(name))
    monkeypatch.chdir(tmp_path)
    for output in ([], ["--output-format", "csv"], ["--output-format", "json"], ["--crosstable"], ["-o", "r.csv"]):
        code, stderr = _run(["brightwell", "rank", name, *output])
        assert (code == 2 and said in stderr) if said else code == 0, (output, stderr)
        assert _clean(code, stderr, [name]), (output, stderr)
    code, stderr = _run(["brightwell", "check", name])
    assert _clean(code, stderr, [name]) or code == 1, stderr


@pytest.mark.parametrize("name", ["u14_turn4_r9_startdate.jch", "u5_trf_bad202.trf", "u5_og_juvisy_dupline.xml"])
def test_a_crafted_conversion_writes_what_rank_reads_or_nothing(tmp_path, monkeypatch, name):
    _copied(tmp_path, _crafted(name))
    monkeypatch.chdir(tmp_path)
    for fmt in sorted(n for n, f in api.get_host().formats.items() if f.can_write):
        target = api.get_host().formats.find(fmt).output_name(Path(f"out-{fmt}"))
        code, stderr = _run(["brightwell", "convert", name, str(target), "--to", fmt, "--renumber"])
        assert _clean(code, stderr, [name, target.name]), (fmt, code, stderr)
        if code == 0:
            assert _run(["brightwell", "rank", str(target)])[0] == 0, fmt
        else:
            assert not target.exists()


def test_standard_input_beyond_the_limit_is_refused_before_its_pieces_are_joined():
    from brightwell_plugin import limits

    class Zeros(io.RawIOBase):  # /dev/zero, in memory
        def readable(self):
            return True

        def readinto(self, buffer):
            buffer[:] = bytes(len(buffer))
            return len(buffer)
    tracemalloc.start()
    try:
        with pytest.raises(BrightwellError, match="larger than the input limit"):
            limits.read_stream(io.BufferedReader(Zeros()), "<stdin>", limit=8 << 20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1.5 * (8 << 20)  # the pieces, not the pieces and their join
