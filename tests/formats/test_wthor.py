"""WTHOR game databases are recognised by their headers and refused by name as no event to rank;
a batch over an archive that holds one skips its files."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.archive.batch import OUTPUT_TAG
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError, NotATournament
from support.make_fixtures import FIXTURES, wthor_files
from support.mutants import SHARED
from support.samples import or_skip


def write_wthor(folder: Path) -> list[Path]:
    paths = []
    for path, data in wthor_files(folder).items():
        folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        paths.append(path)
    return paths


def test_each_file_of_the_database_is_recognised_and_refused_by_name(tmp_path):
    for path in write_wthor(tmp_path):
        assert api.detect_format(path).name == "wthor"
        with pytest.raises(NotATournament, match=rf"{path.name}: a WTHOR game database .*no event to rank"):
            api.load(path)


def test_a_file_named_as_wthor_that_is_not_is_refused_as_such(tmp_path):
    with pytest.raises(BrightwellError, match=r"othello_open.xml: not a WTHOR database file"):
        api.load(FIXTURES / "othello_open.xml", "wthor")


def test_a_swiss_perfect_table_is_still_swiss_perfect(tmp_path):
    assert api.detect_format(FIXTURES / "sp" / "othello_open.trn").name == "swissperfect"
    path = write_wthor(tmp_path)[0]
    path.write_bytes(path.read_bytes() + b"\0")  # the header's count no longer gives the size: not WTHOR
    assert api.detect_format(path).name == "swissperfect"


def test_rank_command_refuses_in_one_line(tmp_path):
    path = write_wthor(tmp_path)[0]
    result = CliRunner().invoke(main, ["rank", str(path)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "WTHOR.TRN: a WTHOR game database" in lines[0]


def test_batch_skips_the_database_beside_an_event(tmp_path):
    src = tmp_path / "archive"
    write_wthor(src / "wthor")
    shutil.copy(FIXTURES / "othello_open.xml", src / "club.xml")
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "1 ranked, 3 skipped (3 not tournaments), 0 failed of 4 files" in result.stdout
    assert sorted(p.name for p in (tmp_path / "out").rglob("*") if p.is_file()) == [OUTPUT_TAG, "club.xml"]  # no report
    strict = CliRunner().invoke(main, ["batch", str(src), "--out", str(tmp_path / "strict"), "--strict"])
    assert strict.exit_code == 1 and "1 ranked, 0 skipped, 3 failed of 4 files" in strict.stdout


@pytest.mark.parametrize("path", or_skip(sorted((SHARED / "synthetic" / "wthor").glob("*"))),
                         ids=lambda p: p.name if p else "none")
def test_real_sample_files_are_recognised(path):
    assert api.detect_format(path).name == "wthor"
