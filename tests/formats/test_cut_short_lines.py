"""Files of player lines (EGD h9, FFG .tou, tsh .t, Swiss Perfect's text export) cut short: the opponents a line names declare
the players the file holds, and a last line stops short when it does not read or holds fewer rounds
than every other line. Refused in one line saying so; ``--cut-short`` ranks what is there, with one
warning."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from support.make_fixtures import FIXTURES

FILES = [FIXTURES / "go" / "mcmahon.h9", FIXTURES / "go" / "mcmahon.tou", FIXTURES / "tsh" / "a.t",
         FIXTURES / "sp" / "othello_open.txt"]


def _lines(path):
    return path.read_bytes().decode("latin-1").splitlines(keepends=True)


def _player_lines(path) -> list[int]:
    first = 1 if path.suffix == ".txt" else 0  # the export's header line
    return [i for i, line in enumerate(_lines(path)) if i >= first and line.strip()
            and not line.lstrip().startswith((";", "#"))]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("where", ["whole lines", "in a line"])
def test_a_file_cut_short_is_refused_saying_so_and_ranked_as_it_stands_on_request(tmp_path, path, where):
    lines, last = _lines(path), _player_lines(path)[-1]
    kept = lines[:last] + ([lines[last][:len(lines[last]) // 3]] if where == "in a line" else [])
    cut = tmp_path / path.name
    cut.write_bytes("".join(kept).encode("latin-1"))
    with pytest.raises(BrightwellError, match=r"the file is cut short: .* \(--cut-short ranks what it holds\)"):
        api.load(cut)
    loaded = api.load(cut, cut_short=True)
    said = [w for w in loaded.warnings if "cut short" in w]
    assert len(said) == 1 and "ranked as it stands" in said[0]
    assert not [w for w in loaded.warnings if "stored points" in w]  # the one warning says they are not compared
    with pytest.raises(BrightwellError, match="refused with --strict"):
        api.load(cut, cut_short=True, strict=True)
    assert len(loaded.tournament.players) == len(_player_lines(path)) - 1
    result = CliRunner().invoke(main, ["rank", str(cut), "--cut-short"])
    assert result.exit_code == 0 and result.output.count("cut short") == 1, result.output


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_cut_is_ranked_or_refused_in_one_line(tmp_path, path):
    data = path.read_bytes()
    for size in range(len(data) // 3, len(data), max(1, len(data) // 40)):
        cut = tmp_path / path.name
        cut.write_bytes(data[:size])
        for allowed in (False, True):
            try:
                api.rank(api.load(cut, cut_short=allowed).tournament)
            except BrightwellError as exc:
                assert "\n" not in str(exc) and str(exc).startswith(str(cut)), (size, exc)


def test_a_papp_workfile_stopping_inside_a_statement_is_cut_short(tmp_path):
    """Papp ends every statement with ';': a workfile whose last one has none stops inside it."""
    import shutil
    for name in ("joueurs", "papp.cfg"):
        shutil.copy(FIXTURES / "papp" / name, tmp_path / name)
    text = (FIXTURES / "papp" / "papp-internal-workfile.txt").read_text(encoding="latin-1")
    cut = tmp_path / "work.txt"
    cut.write_text(text[:text.rindex(";")], encoding="latin-1")  # the last ';' and what follows lost
    with pytest.raises(BrightwellError, match=r"the file is cut short: its last statement has no ';'"):
        api.load(cut)
    loaded = api.load(cut, cut_short=True)
    assert len([w for w in loaded.warnings if "cut short" in w]) == 1
    with pytest.raises(BrightwellError, match="refused with --strict"):
        api.load(cut, cut_short=True, strict=True)
