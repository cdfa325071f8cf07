"""The launcher's quick path of ``brightwell rank`` (launch.py, cli/ranking.py) says what the click
command says: the same standard output, standard error, exit status and file written; and every
argument list it does not read as click does goes to click."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click
import pytest

from brightwell_plugin import launch
from brightwell_plugin.cli import common
from brightwell_plugin.cli import main as cli
from support.paths import ROOT

TRF, TEAMS, XML = (str(ROOT / "fixtures" / name) for name in ("quirks.trf", "teams.trf", "othello_open.xml"))

QUICK = [
    ["rank", TRF], ["rank", TRF, "-t", "PTS,BH,SB", "--output-format", "csv"],
    ["rank", TRF, "--output-format=json", "--tiebreaks=PTS,SB"], ["rank", "--sample"], ["rank", "--sample", "--crosstable"],
    ["rank", XML, "--output-format", "csv", "-t", "PTS,BQ:preset=woc"], ["rank", TRF, "--crosstable"],
    ["rank", TRF, "--crosstable", "--output-format", "csv"], ["rank", TRF, "--after-round", "2"],
    ["rank", TRF, "--after-round", "paired"], ["rank", TRF, "--after-round", "99"], ["rank", TRF, "--after-round=0"],
    ["rank", TRF, "--edition", "2009"], ["rank", TRF, "--edition", "icu", "-t", "PTS,BH"], ["rank", TEAMS],
    ["rank", TEAMS, "--boards"], ["rank", TEAMS, "--crosstable"], ["rank", TRF, "--boards"],
    ["rank", str(ROOT / "fixtures" / "no such file.trf")], ["rank"], ["rank", TRF, "--sample"],
    ["rank", TRF, "-t", "NOPE"], ["rank", TRF, "-t", ""], ["rank", TRF, "--input-format", "xml"],
    ["rank", TRF, "--input-format", "nonesuch"], ["rank", TRF, "--strict", "--cut-short", "--withdrawn", "annul"],
    ["rank", TRF, "--withdrawn=count"], ["rank", TRF, "--encoding", "latin-1"], ["rank", TRF, "--encoding", "nonesuch"],
    ["rank", TRF, "-t", "PTS", "-t", "BH"], ["rank", TRF, "--division", "A"], ["rank", "--output-format", "csv", TRF],
    ["rank", str(ROOT / "fixtures")], ["rank", TRF, "--follow-symlinks"],
]
TO_CLICK = [
    ["rank", "--help"], ["rank", TRF, "-h"], ["rank", TRF, "--output-format", "xls"], ["rank", TRF, "--edition", "1999"],
    ["rank", TRF, "--after-round", "x"], ["rank", TRF, "--after-round", "-1"], ["rank", TRF, "--bogus"],
    ["rank", TRF, TRF], ["rank", TRF, "-tPTS"], ["rank", TRF, "--boards=1"], ["rank", TRF, "-t"],
    ["rank", TRF, "--", "x"], ["rank", TRF, "--version"], ["rank", TRF, "-o", "-"], ["rank", TRF, "--withdrawn", "no"],
    ["rank", TRF, "--tiebreak", "PTS"], ["rank", TRF, "--output-format", "CSV"],
]


def said(capsys, run) -> tuple[str, str, int]:
    """(stdout, stderr, exit status) of ``run()``."""
    try:
        run()
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return out, err, code


def both(capsys, monkeypatch, args, tmp_path):
    monkeypatch.chdir(tmp_path)  # "-o -" writes a file named "-"
    monkeypatch.setattr(sys, "argv", ["brightwell", *args])
    quick = said(capsys, launch.main)
    plain = said(capsys, lambda: cli.main(args))
    return quick, plain


@pytest.mark.parametrize("args", QUICK, ids=lambda a: " ".join(x.replace(str(ROOT), "") for x in a))
def test_the_quick_path_says_what_click_says(capsys, monkeypatch, args, tmp_path):
    assert launch.rank_arguments(args) is not None  # read by the quick path, not handed to click
    quick, plain = both(capsys, monkeypatch, args, tmp_path)
    assert quick == plain


@pytest.mark.parametrize("args", TO_CLICK, ids=lambda a: " ".join(x.replace(str(ROOT), "") for x in a))
def test_what_the_quick_path_does_not_read_goes_to_click(capsys, monkeypatch, args, tmp_path):
    assert launch.rank_arguments(args) is None
    quick, plain = both(capsys, monkeypatch, args, tmp_path)
    assert quick == plain


def test_both_paths_write_the_same_file(capsys, monkeypatch, tmp_path):
    written = []
    for run in ("quick", "click"):
        out = tmp_path / f"{run}.csv"
        args = ["rank", TRF, "-t", "PTS,BH", "--output-format", "csv", "-o", str(out)]
        monkeypatch.setattr(sys, "argv", ["brightwell", *args])
        assert said(capsys, launch.main if run == "quick" else lambda: cli.main(args))[2] == 0
        written.append(out.read_bytes())
    assert written[0] == written[1] and written[0].startswith(b"rank,")


def test_both_paths_read_standard_input_alike(capsys, monkeypatch):
    data = Path(TRF).read_bytes()
    results = []
    for run in ("quick", "click"):
        args = ["rank", "-", "--output-format", "csv"]
        monkeypatch.setattr(sys, "argv", ["brightwell", *args])
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
        results.append(said(capsys, launch.main if run == "quick" else lambda: cli.main(args)))
    assert results[0] == results[1] and results[0][2] == 0 and results[0][0].startswith("rank,")


def test_the_quick_parser_knows_the_options_as_click_declares_them():
    params = {p.name: p for p in cli.commands["rank"].params}
    options = {opt: p for p in params.values() for opt in p.opts}
    for opt in launch.RANK_FLAGS:
        assert options[opt].is_flag, opt
    for opt in launch.RANK_VALUES:
        assert not options[opt].is_flag and options[opt].nargs == 1, opt
    for key, name in (("edition_text", "edition"), ("output_format", "output_format")):
        assert tuple(params[name].type.choices) == launch.CHOICES[key]
    withdrawn = next(p for p in cli.commands["rank"].params if "--withdrawn" in p.opts)
    assert tuple(withdrawn.type.choices) == launch.CHOICES["withdrawn"]
    assert params["output_format"].default == "table"


@pytest.mark.parametrize("text", ["plain", "caf\u00e9 \u2013 \u0436", "\x1b[31mred\x1b[0m", ""])
@pytest.mark.parametrize("err", [False, True])
def test_echo_writes_what_click_echo_writes(capsys, text, err):
    for nl in (True, False):
        common.echo(text, nl=nl, err=err)
        mine = capsys.readouterr()
        click.echo(text, nl=nl, err=err)
        assert mine == capsys.readouterr()
