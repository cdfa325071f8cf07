"""Messages a first day meets: one line naming the file (and the place), an exit status as docs/cli.md
says, no Python exception's name, advice only where the user can act on it."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from support.make_fixtures import FIXTURES

EXCEPTION_NAMES = ("KeyError", "TypeError", "AttributeError", "ValueError", "Traceback", "internal error")


def _run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def _one_line(output: str, *fragments: str) -> None:
    assert output.count("\n") == 1 and output.startswith("brightwell: error: "), output
    assert not any(name in output for name in EXCEPTION_NAMES), output
    for fragment in fragments:
        assert fragment in output, output


@pytest.mark.parametrize("info, said", [(5, "its info is int, not an object"), ("x", "its info is str")])
def test_a_flipthedisc_file_of_the_wrong_shape_is_refused_in_words(tmp_path, info, said):
    data = json.loads((FIXTURES / "othello_open.ftd.json").read_text())
    data["info"] = info
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    code, out = _run("rank", path)
    assert code == 2
    _one_line(out, str(path), said)


def test_a_flipthedisc_pairing_of_an_unknown_player_is_named(tmp_path):
    data = json.loads((FIXTURES / "othello_open.ftd.json").read_text())
    data["rounds"][0]["pairing"][0][0]["id"] = 4269
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data))
    code, out = _run("rank", path)
    assert code == 2
    _one_line(out, "round 1 pairs player 4269, who is not in players_list")


def test_json_that_is_no_tournament_says_so(tmp_path):
    path = tmp_path / "checker-output.json"
    path.write_text(json.dumps({"filetype": "Tiebreak", "tiebreakResult": {}}))
    code, out = _run("rank", path)
    assert code == 2
    _one_line(out, "no FlipTheDisc tournament (no players_list): no event this program reads")


def test_binary_data_is_not_offered_an_encoding(tmp_path):
    path = tmp_path / "event.trf"
    path.write_bytes(bytes(range(256)) * 8)
    code, out = _run("rank", path)
    assert code == 2
    _one_line(out, "binary data, not a text file")
    assert "--encoding" not in out


def test_usage_errors_are_one_line(tmp_path):
    for args, said in ((("rank", "--sample", "--after-round", "-1"), "'-1' is not a round number"),
                       (("batch", FIXTURES / "tsh", "--out", tmp_path / "o", "--jobs", "-3"), "--jobs"),
                       (("rank", "--sample", "--output-format", "nope"), "'nope' is not one of")):
        code, out = _run(*args)
        assert code == 2
        _one_line(out, said)
    assert "Usage:" not in out


def test_a_missing_input_to_batch_is_refused_before_anything_runs(tmp_path):
    code, out = _run("batch", tmp_path / "missing", "--out", tmp_path / "out")
    assert code == 2
    _one_line(out, "missing: no such file or folder")
    assert not (tmp_path / "out").exists()


def test_a_folder_given_to_rank_says_what_reads_folders(tmp_path):
    code, out = _run("rank", tmp_path)
    assert code == 2
    _one_line(out, "a folder no format reads as one event (batch reads a folder of event files)")
    assert "opengotha-all" not in out


def test_check_on_a_file_declaring_no_list_asks_for_one():
    result = CliRunner().invoke(main, ["check", str(FIXTURES / "go" / "mcmahon.tou")])
    assert result.exit_code == 2 and "declares no tie-break list they follow: give one with -t" in result.stderr


def test_the_builder_refuses_scores_beyond_the_board():
    b = TournamentBuilder("x", rounds=1, game="othello", board=64)
    b.player(1, "a").player(2, "b")
    with pytest.raises(BrightwellError, match="game scores 70\\+0 do not fit a board of 64"):
        b.game(1, 1, 2, 70, 0)


def test_the_web_pages_leave_out_command_line_advice():
    pytest.importorskip("starlette")
    from brightwell_plugin.web.app import without_command_line_advice
    said = "e.trf: line 2: byte 0x81 cannot be decoded as cp1252 (try --encoding latin-1)"
    assert without_command_line_advice(said) == "e.trf: line 2: byte 0x81 cannot be decoded as cp1252"
