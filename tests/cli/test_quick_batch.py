"""The launcher's quick path of ``brightwell batch`` (launch.py, cli/batching.py) says and writes
what the click command says and writes, and every argument list it does not read as click does
goes to click."""

from __future__ import annotations

import hashlib
import shutil
import sys

import pytest

from brightwell_plugin import launch
from brightwell_plugin.archive.journal import JOURNAL
from brightwell_plugin.cli import main as cli
from support.paths import ROOT

FIXTURES = ROOT / "fixtures"
IN, OUT = "{in}", "{out}"  # placeholders: the test's archive and its output folder

QUICK = [
    ["batch", IN, "--out", OUT], ["batch", IN, "--out", OUT, "-t", "PTS,BH,SB", "--jobs", "1"],
    ["batch", "--out=" + OUT, IN, "--tiebreaks=PTS,SB", "--jobs=2"], ["batch", IN, "--out", OUT, "--to", "xml"],
    ["batch", IN, "--out", OUT, "--report", OUT + "-report", "--top", "2", "--edition", "2009"],
    ["batch", IN, "--out", OUT, "--strict"], ["batch", IN, "--out", OUT, "--renumber", "--skip-existing"],
    ["batch", IN, "--out", OUT, "--shard", "1/2"], ["batch", IN, "--out", OUT, "--shard", "3/2"],
    ["batch", IN, "--out", OUT, "-t", "NOPE"], ["batch", IN, "--out", OUT, "--to", "nonesuch"],
    ["batch", IN + "/none", "--out", OUT], ["batch", IN, IN, "--out", OUT], ["batch", IN, "--out", OUT + ".zip"],
    ["batch", IN, "--out", OUT, "-t", "PTS", "-t", "BH"], ["batch", IN, "--out", OUT, "--edition", "icu"],
]
TO_CLICK = [
    ["batch", "--help"], ["batch", IN], ["batch", "--out", OUT], ["batch", IN, "--out", OUT, "--merge"],
    ["batch", IN, "--out", OUT, "--jobs", "0"], ["batch", IN, "--out", OUT, "--jobs", "x"],
    ["batch", IN, "--out", OUT, "--top", "-1"], ["batch", IN, "--out", OUT, "--edition", "1999"],
    ["batch", IN, "--out", OUT, "--bogus"], ["batch", IN, "--out"], ["batch", IN, "-tPTS", "--out", OUT],
    ["batch", IN, "--out", ""], ["batch", "-", "--out", OUT], ["batch", IN, "--out", OUT, "--", "x"],
]


def _archive(root):
    src = root / "in"
    (src / "2019").mkdir(parents=True)
    shutil.copy(FIXTURES / "quirks.trf", src / "2019" / "quirks.trf")
    shutil.copy(FIXTURES / "othello_open.xml", src / "club.xml")
    (src / "notes.txt").write_text("not an event\n")
    return src


def _tree(folder) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and p.name != JOURNAL} if folder.is_dir() else {}


def _run(capsys, monkeypatch, args, root, run) -> tuple:
    """(standard output, standard error, exit status, what was written) of one path over a fresh archive."""
    root.mkdir()
    monkeypatch.chdir(root)  # '--out ""' is the folder the command runs in
    src = _archive(root)
    args = [a.replace(IN, str(src)).replace(OUT, str(root / "out")) for a in args]
    monkeypatch.setattr(sys, "argv", ["brightwell", *args])
    try:
        launch.main() if run == "quick" else cli.main(args)
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    written = {name: _tree(root / name) for name in ("out", "out-report") if (root / name).exists()}
    zipped = (root / "out.zip").exists()
    err = sorted(err.replace(str(root), "ROOT").splitlines())  # a line a file, in the order files finish
    return out.replace(str(root), "ROOT"), err, code, written, zipped


def _both(capsys, monkeypatch, args, tmp_path):
    return (_run(capsys, monkeypatch, args, tmp_path / "quick", "quick"),
            _run(capsys, monkeypatch, args, tmp_path / "click", "click"))


@pytest.mark.parametrize("args", QUICK, ids=" ".join)
def test_the_quick_path_says_and_writes_what_click_does(capsys, monkeypatch, args, tmp_path):
    assert launch.batch_arguments([a.replace(IN, "in").replace(OUT, "out") for a in args]) is not None
    quick, plain = _both(capsys, monkeypatch, args, tmp_path)
    assert quick == plain


@pytest.mark.parametrize("args", TO_CLICK, ids=" ".join)
def test_what_the_quick_path_does_not_read_goes_to_click(capsys, monkeypatch, args, tmp_path):
    assert launch.batch_arguments([a.replace(IN, "in").replace(OUT, "out") for a in args]) is None
    quick, plain = _both(capsys, monkeypatch, args, tmp_path)
    assert quick == plain


def test_the_quick_parser_knows_batchs_options_as_click_declares_them():
    params = {p.name: p for p in cli.commands["batch"].params}
    options = {opt: p for p in params.values() for opt in p.opts}
    for opt, key in launch.BATCH_FLAGS.items():
        assert options[opt].is_flag and options[opt].name == key, opt
    for opt, key in launch.BATCH_VALUES.items():
        assert not options[opt].is_flag and options[opt].nargs == 1 and options[opt].name == key, opt
    assert set(options) - set(launch.BATCH_FLAGS) - set(launch.BATCH_VALUES) == {"--merge", "inputs"}
    assert tuple(params["edition"].type.choices) == launch.CHOICES["edition_text"]
    assert params["top"].default == launch.batch_arguments(["batch", "in", "--out", "out"])["top"]
