"""The checker's quick paths at its start read what the plain ways read: its command line read
without argparse (gacrux/options.py), which leaves to argparse every command line it might read
otherwise, and a date read without strptime (command.ymd)."""

from __future__ import annotations

import argparse
from datetime import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brightwell_plugin.gacrux import options
from brightwell_plugin.gacrux.command import Failure, main, parser, ymd

READ = [
    [], ["-i", "in.trf"], ["-i", "in.trf", "-n", "7", "-t", "PTS", "BH/C1", "BH", "SB"],
    ["-t", "PTS", "BH", "-i", "-", "-o", "out.json", "-c", "-c", "--strict-exit"],
    ["--input-file", "a.trf", "--tiebreak", "PTS", "--check", "--current-round", "+3", "-N", " 9 "],
    ["-p", "-s", "-r", "-u", "1000", "-f", "JSON", "-F", "TXT", "-b", "latin-1", "-e", "2", "-d", "T", "-D", "C"],
    ["-G", "W:1,D:0.5,L:0", "-M", "W:2", "D:1", "-x", "strict", "-v", "-v", "-V", "--number-of-rounds", "0"],
    ["-t", "PTS", "-t", "SB"], ["-i", "", "-t", "", "BH"], ["-t", "-"], ["-i", "a.trf", "-i", "b.trf", "-n", "2", "-n", "5"],
]
TO_ARGPARSE = [
    ["--help"], ["-h"], ["-n7"], ["-n", "x"], ["-n", "7_0"], ["-n", "\u0667"], ["-n", "+-7"], ["-n"], ["-n", "-1"],
    ["--tie", "PTS"], ["--strict"], ["-t"], ["-t", "PTS", "-5"], ["-i", "a.trf", "extra"], ["-cv"], ["-i=a.trf"],
    ["--input-file=a.trf"], ["-t", "PTS", "--", "BH"], ["-c", "PTS"], ["-i", "-x"], ["-G"], ["-q"],
]


def argparse_reads(args: list[str]) -> dict | str:
    """argparse's options by name, or how it refused (its error, or its exit for --help)."""
    try:
        return vars(parser().parse_args(args))
    except Failure as exc:
        return f"failure {exc.line}"
    except SystemExit as exc:
        return f"exit {exc.code}"


@pytest.mark.parametrize("args", READ, ids=" ".join)
def test_the_quick_reader_reads_what_argparse_reads(args):
    got = options.read(args)
    assert got is not None
    assert list(got.items()) == list(argparse_reads(args).items())  # in the parser's order: the JSON echoes it


@pytest.mark.parametrize("args", TO_ARGPARSE, ids=" ".join)
def test_the_rest_goes_to_argparse(args, capsys):
    assert options.read(args) is None
    argparse_reads(args)  # whatever argparse makes of it
    capsys.readouterr()


def test_the_table_is_the_parsers():
    kinds = {argparse._StoreTrueAction: "flag", argparse._CountAction: "count"}
    declared = tuple((tuple(a.option_strings), a.dest,
                      kinds.get(type(a)) or ("list" if a.nargs == "*" else "int" if a.type is int else "one"), a.default)
                     for a in parser()._actions if not isinstance(a, argparse._HelpAction))
    assert declared == options.OPTIONS
    assert all(a.nargs in (None, 0, "*") and a.type in (None, int) for a in parser()._actions)


def test_a_run_reads_its_command_line_quickly(tmp_path, capsys):
    trf = tmp_path / "e.trf"
    trf.write_text("012 Quick\n001    1      A                                 1500                             1.0"
                   "    1     2 w 1\n001    2      B                                 1400                             0.0"
                   "    2     1 b 0\n")
    for args in (["-i", str(trf), "-t", "PTS", "SB"], ["-i", str(trf), "-t", "PTS", "SB", "-n", "1"]):
        assert options.read(args) is not None and main(args) == 0
        assert '"PTS"' in capsys.readouterr().out


_DATE_TEXT = st.one_of(
    st.text(alphabet="0123456789- /.+\u0663\u0e51", max_size=12),
    st.builds(lambda y, m, d, sep: f"{y}{sep}{m}{sep}{d}", st.from_regex(r"\d{1,5}", fullmatch=True),
              st.from_regex(r" ?\d{1,3}", fullmatch=True), st.from_regex(r" ?\d{1,3} ?", fullmatch=True),
              st.sampled_from(["-", "-", "/"])))


@settings(max_examples=600, deadline=None)
@given(_DATE_TEXT)
def test_a_day_is_read_as_strptime_reads_it(text):
    """command.ymd, the checker's date without importing _strptime, and strptime itself agree."""
    assert ymd(text) == _strptime(text)


@pytest.mark.parametrize("text", ["2024-02-29", "2023-02-29", "2024-1-5", "2024-01- 5", "2024-13-01", "0000-01-01",
                                  "2024-01-05 ", "\u0662\u0660\u0662\u0664-01-05", "2024-00-10", "2024-12-31"])
def test_the_days_strptime_reads_oddly_are_read_alike(text):
    assert ymd(text) == _strptime(text)


@pytest.mark.parametrize("year", ["0000", "0001", "1900", "2000", "2023", "2024", "9999"])
def test_every_day_of_a_year_is_one_strptime_reads(year):
    """Each month's last day, leap years (1900 is none, 2000 is one) and year 0, as datetime says."""
    texts = [f"{year}-{month:02d}-{day:02d}" for month in range(1, 13) for day in range(1, 33)]
    assert [ymd(text) for text in texts] == [_strptime(text) for text in texts]


def _strptime(text: str) -> str | None:
    try:
        return datetime.strptime(text, "%Y-%m-%d").date().isoformat()
    except ValueError:
        return None
