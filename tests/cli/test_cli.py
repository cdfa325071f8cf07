"""The CLI contract of docs/cli.md: commands, columns, exit statuses, one-line errors."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import sys
from pathlib import Path
from dataclasses import replace

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.adapters.xml.format import XmlFormat
from brightwell_plugin.cli import main
from support.make_fixtures import german_example, othello_open


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def sample_file(tmp_path):
    p = tmp_path / "event.xml"
    shutil.copy(api.sample_path(), p)
    return p


def test_rank_sample_table():
    out = run("rank", "--sample")
    assert out.exit_code == 0
    assert "Riverside Othello Open 2026" in out.stdout and "BQ:preset=woc" in out.stdout


def test_csv_columns_are_the_items_as_written(sample_file):
    spec = "PTS,BQ:coef=64/R:round=parts,bh/c1"
    out = run("rank", str(sample_file), "-t", spec, "--output-format", "csv")
    rows = list(csv.reader(io.StringIO(out.stdout)))
    assert rows[0] == ["rank", "start_no", "name", "PTS", "BQ:coef=64/R:round=parts", "bh/c1", "withdrawn_after"]
    assert [row[-1] for row in rows[1:] if row[2] == "Ivo Brandt"] == ["3"]  # the sample's withdrawal
    assert len(rows) == 10 and rows[1][:3] == ["1", "1", "Ada Lindqvist"]


def test_json_output_and_shared_ranks(sample_file):
    out = run("rank", str(sample_file), "-t", "PTS", "--output-format", "json")
    data = json.loads(out.stdout)
    assert [d["rank"] for d in data] == [1, 2, 2, 2, 2, 6, 6, 8, 8]
    assert set(data[0]) == {"rank", "start_no", "name", "PTS"} and data[0]["PTS"] == 4


def test_default_spec_with_and_without_game_scores(tmp_path, sample_file):
    out = run("rank", str(sample_file), "--output-format", "csv")
    assert out.stdout.splitlines()[0] == "rank,start_no,name,PTS,BQ:preset=woc,DISCS,withdrawn_after"
    chess = replace(othello_open(), players=tuple(
        replace(p, rounds=tuple(replace(e, score=None, opp_score=None) for e in p.rounds))
        for p in othello_open().players))
    p = tmp_path / "chess.xml"
    p.write_bytes(XmlFormat().dumps(chess))
    assert run("rank", str(p), "--output-format", "csv").stdout.splitlines()[0] == \
        "rank,start_no,name,PTS,BH/C1,BH,SB,withdrawn_after"
    boardless = tmp_path / "scrabble.xml"  # scores, byes, no board size: BQ could not substitute the byes
    boardless.write_bytes(XmlFormat().dumps(replace(othello_open(), board=None, game=None)))
    out = run("rank", str(boardless), "--output-format", "csv")
    assert out.exit_code == 0 and out.stdout.splitlines()[0] == "rank,start_no,name,PTS,SPREAD,withdrawn_after", out.output


def test_declared_tiebreaks_are_the_default(tmp_path):
    p = tmp_path / "declared.xml"
    p.write_bytes(XmlFormat().dumps(replace(othello_open(), tiebreaks=("PTS", "BQ:preset=ftd"))))
    assert run("rank", str(p), "--output-format", "csv").stdout.splitlines()[0] == \
        "rank,start_no,name,PTS,BQ:preset=ftd,withdrawn_after"


def test_after_round_and_output_file(tmp_path, sample_file):
    out_file = tmp_path / "standings.csv"
    out = run("rank", str(sample_file), "-t", "PTS,BQ:preset=woc", "--after-round", "3",
              "--output-format", "csv", "-o", str(out_file))
    assert out.exit_code == 0 and out.stdout == ""
    rows = list(csv.DictReader(out_file.open()))
    assert {r["start_no"]: r["BQ:preset=woc"] for r in rows}["8"] == "131"


def test_input_format_detected_from_content_and_forced(tmp_path, sample_file):
    odd = tmp_path / "event.dat"
    shutil.copy(sample_file, odd)
    assert run("rank", str(odd), "-t", "PTS").exit_code == 0
    assert run("rank", str(odd), "-t", "PTS", "--input-format", "xml").exit_code == 0


def test_a_file_of_no_known_format_says_how_to_name_one_where_that_is_possible(tmp_path):
    notes = tmp_path / "notes.md"
    notes.write_text("Results are in the other folder.\n")
    for args in (["rank", str(notes)], ["convert", str(notes), str(tmp_path / "out.xml")]):
        out = run(*args)
        assert out.exit_code == 2 and "cannot tell the file format" in out.stderr and "--input-format" in out.stderr
    # batch has no --input-format; a file that is no tournament is skipped, or with --strict failed
    batch = run("batch", str(notes), "--out", str(tmp_path / "out"))
    assert batch.exit_code == 0 and "0 ranked, 1 skipped (1 not tournaments), 0 failed of 1 files" in batch.stdout
    batch = run("batch", str(notes), "--out", str(tmp_path / "out"), "--strict")
    assert batch.exit_code == 1 and "cannot tell the file format" in batch.stdout
    assert "--input-format" not in batch.stdout + batch.stderr
    broken = tmp_path / "broken.trf"  # a tournament's suffix: a failure either way
    broken.write_text("Results are in the other folder.\n")
    batch = run("batch", str(broken), "--out", str(tmp_path / "out"))
    assert batch.exit_code == 1 and "failed: " in batch.stdout


def test_explain_prints_the_parts(sample_file):
    out = run("explain", str(sample_file), "Hana", "-t", "BQ:preset=woc")
    assert out.exit_code == 0
    assert "BQ:preset=woc = 260" in out.stdout and "withdrew" in out.stdout and "C = 6" in out.stdout
    text = run("explain", "--sample", "8", "-t", "BQ:preset=woc", "--json").stdout
    data = json.loads(text)
    assert data[0]["value"] == 260 and data[0]["parts"][2]["round"] == 3
    assert '"value": 260,' in text  # a whole number written whole, as in the standings' JSON


def test_criteria_formats_plugins():
    crit = run("criteria").stdout
    for code in ("BQ", "DISCS", "SPREAD", "BH", "SB", "PS", "WIN", "DE", "ARO", "TURCAS", "PTS"):
        assert f"\n{code} " in "\n" + crit
    for preset in ("woc", "ftd", "papp", "joa", "cas", "cas-spread"):
        assert f"preset {preset}:" in crit
    names = [line.split()[0] for line in run("formats").stdout.splitlines()]
    assert names == sorted(names) and {"xml", "trf"} <= set(names)
    assert "brightwell_plugin.criteria.brightwell" in run("plugins").stdout


def _on_a_terminal(renderables) -> str:
    from rich.console import Console
    console = Console(file=io.StringIO(), force_terminal=True, width=200)
    for renderable in renderables:
        console.print(renderable)
    return console.file.getvalue()


def test_names_from_a_file_are_printed_as_written_never_as_terminal_markup():
    from brightwell_plugin import render
    t = othello_open()
    marked = {2: "Bruno [link=http://x]Okafor", 8: "[bold red]Hana[/] Kovac", 3: "Cy\x1b[31m Red"}
    t = replace(t, name="[blink]Open", players=tuple(replace(p, name=marked.get(p.start_no, p.name)) for p in t.players))
    standings = api.rank(t, "PTS,BQ:preset=woc")
    shown = _on_a_terminal([render.table(render.Cells(t.name, *render.standings_cells(standings))),
                            *map(render.table, render.explanation_cells(api.explain(t, "8", "BQ:preset=woc")))])
    assert "\x1b]8;" not in shown and "\x1b[5m" not in shown  # no hyperlink, no blinking
    for text in ("Bruno [link=http://x]Okafor", "[bold red]Hana[/] Kovac", "Cy\\x1b[31m Red", "[blink]Open"):
        assert text in shown, text


def test_the_criteria_listing_shows_every_choice_and_requirement():
    crit = run("criteria").stdout
    assert "strength [points|wins] (default points)" in crit and "w_bh [required]:" in crit


def test_convert_xml_to_xml(tmp_path, sample_file):
    target = tmp_path / "copy.xml"
    assert run("convert", str(sample_file), str(target)).exit_code == 0
    assert api.load(target).tournament == othello_open()


@pytest.mark.parametrize("args, fragment", [
    (["rank", "{missing}"], "no such file"),
    (["rank", "{bad}"], "line 1: the file is cut short: its XML stops before its root element closes"),
    (["rank", "{sample}", "-t", "PTS,,BQ"], "empty tie-break item"),
    (["rank", "{sample}", "-t", "PTS,XYZ"], "XYZ: unknown criterion 'XYZ'"),
    (["rank", "{sample}", "--after-round", "7"], "outside 0..5"),
    (["rank", "{sample}", "--input-format", "nope"], "unknown format 'nope'"),
    (["explain", "{sample}", "Nobody"], "no player named 'Nobody'"),
    (["rank", "{chess}", "-t", "PTS,DISCS"], "this file has no game scores"),
    (["convert", "{sample}", "{tmp}/out.unknown"], "use --to"),
])
def test_bad_input_is_one_line_on_stderr_exit_2(tmp_path, sample_file, args, fragment):
    bad = tmp_path / "bad.xml"
    bad.write_text("<tournament")
    chess = tmp_path / "chess.xml"
    g = german_example()
    chess.write_bytes(XmlFormat().dumps(replace(g, players=tuple(
        replace(p, rounds=tuple(replace(e, score=None, opp_score=None) for e in p.rounds)) for p in g.players))))
    names = {"missing": tmp_path / "missing.xml", "bad": bad, "sample": sample_file, "chess": chess, "tmp": tmp_path}
    out = run(*[a.format(**names) for a in args])
    assert out.exit_code == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("brightwell: error: ") and fragment in lines[0]
    assert "Traceback" not in out.stderr


def test_console_script_runs_in_a_real_process():
    out = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "rank", "--sample", "--output-format",
                          "csv"], capture_output=True, text=True)
    assert out.returncode == 0 and out.stdout.startswith("rank,start_no,name,")


def test_the_cli_goes_through_the_api_and_renders_through_render():
    import ast

    import brightwell_plugin.cli as cli
    imported = set()
    for node in ast.walk(ast.parse(Path(cli.__file__).read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            imported |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    assert not imported & {"brightwell_plugin.plugins.host", "brightwell_plugin.plugins.host.get_host", "brightwell_plugin.standings"}
    assert "rich.table" not in imported and "csv" not in imported


def test_the_listings_come_from_the_api():
    from brightwell_plugin import render
    assert run("formats").output.splitlines() == render.formats_lines(api.formats())
    assert run("plugins").output.splitlines() == render.plugins_lines(api.plugins())
    assert set(api.criteria()) >= {"PTS", "BQ", "BH"} and any(p.name == "woc" for p, _ in api.presets())


BOX = set("┏┓┗┛┃━┡┩│─└┘┌┐┳┻╇╈┼")


@pytest.mark.slow
@pytest.mark.parametrize("command", [
    ["rank", "{event}", "-t", "PTS,BQ:preset=woc,DISCS", "--crosstable"],
    ["explain", "{event}", "Hana", "-t", "PTS,BQ:preset=woc"],
    ["check", "{stored}", "-t", "PTS,BH"],
    ["criteria"], ["formats"], ["plugins"],
    ["convert", "{event}", "{out}/e.trf"],
    ["batch", "{folder}", "--out", "{out}/batch"],
])
def test_every_command_writes_plain_text_to_a_pipe(tmp_path, command):
    """Out of a terminal (a pipe, a file) no command draws boxes, and no line is folded: each
    printed line is one of what the command means to say, whatever its length."""
    folder = tmp_path / "in"
    folder.mkdir()
    event = folder / ("a very long event name that a terminal table would wrap in its title " * 2).strip().replace(" ", "_")
    event = event.with_suffix(".xml")
    shutil.copy(api.sample_path(), event)
    stored = tmp_path / "stored.trf"  # ranks stored in reverse: check prints its table
    t = api.load(event).tournament
    ranked = api.with_standings(t, api.rank(t, "PTS,BH"))
    n = len(t.players)
    api.write(replace(ranked, players=tuple(replace(p, stored_rank=n + 1 - p.stored_rank) for p in ranked.players)),
              stored, "trf")
    (tmp_path / "out").mkdir()
    args = [a.format(event=event, stored=stored, folder=folder, out=tmp_path / "out") for a in command]
    done = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", *args], capture_output=True, text=True,
                          timeout=120, env={**__import__("os").environ, "COLUMNS": "60"})
    assert done.returncode in (0, 1), done.stderr
    shown = done.stdout + done.stderr
    assert not BOX & set(shown), shown[:400]
    title = {"rank": f"{t.name} - after round 5", "explain": "PTS = 3  (#8 Hana Kovac)",
             "check": f"{stored}: what differs under PTS,BH"}.get(command[0])
    if title:  # the title whole on its line, though longer than the 60 columns said
        assert title in shown.splitlines(), shown[:400]
    if command[0] == "criteria":  # each criterion's line whole, and no markup
        assert any(line.startswith("AOB  Average of opponents' Buchholz  (FIDE C.07 art. 8.2")
                   for line in shown.splitlines()) and "[bold]" not in shown


def test_a_reader_that_leaves_stops_the_command_quietly():
    """``brightwell rank … | head -1``: no error, no traceback; the exit status a shell's tool gives."""
    done = subprocess.Popen([sys.executable, "-m", "brightwell_plugin.cli", "rank", "--sample", "--crosstable"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    done.stdout.close()
    assert done.wait(timeout=120) == 141 and done.stderr.read() == b""


def test_the_web_extras_hint_names_the_package_not_a_checkout(monkeypatch):
    import builtins
    real = builtins.__import__

    def without_jinja(name, *args, **kwargs):
        if name == "jinja2":
            raise ImportError("no jinja2")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", without_jinja)
    result = CliRunner().invoke(main, ["publish", "--sample", "--out", "site"])
    assert result.exit_code == 2 and "pip install 'brightwell-plugin[web]'" in result.stderr


@pytest.mark.parametrize("command", [["rank", "--sample", "--boards"], ["explain", "--sample", "1", "--boards"]])
def test_boards_on_an_individual_event_is_said(command):
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0
    assert "--boards ranks a team event's players; Riverside Othello Open 2026 is an individual event" in result.stderr


def test_a_refusal_after_warnings_is_its_one_line_alone(tmp_path):
    """Warnings are said once the command has done its work: a command that fails says its error
    line alone (docs/cli.md: exit 2 is one line), and one that succeeds says them all."""
    from support.make_fixtures import FIXTURES
    source = tmp_path / "two.tsh"
    shutil.copy(FIXTURES / "tsh" / "club.tsh", source)  # read with warnings (its two divisions)
    done = CliRunner().invoke(main, ["rank", str(source)])
    assert done.exit_code == 0 and "brightwell: warning: " in done.stderr
    failed = CliRunner().invoke(main, ["rank", str(source), "-t", "PTS,NOPE"])
    assert failed.exit_code == 2 and failed.stderr.count("\n") == 1 and failed.stderr.startswith("brightwell: error: ")
