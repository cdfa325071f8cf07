"""How a file is read travels as one object, :class:`ReadOptions`, given to ``Format.read``; of a
file of several events the registry chooses one, in one way for every format; a plugin's reader
written before ReadOptions (``read(path, *, encoding=None)``, ``part=``) is still called so."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from brightwell_plugin import api, limits
from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugin import Format, ReadResult, hookimpl
from brightwell_plugin.plugins.host import Host
from support.make_fixtures import FIXTURES, as_tourney_js


def _chess_json(tmp_path: Path) -> Path:
    """A Chess-JSON event of two tournaments, numbered 1 and 7, the second without its last player."""
    doc = json.loads((FIXTURES / "othello_open.jch").read_text())
    first = doc["event"]["tournaments"][0]
    second = json.loads(json.dumps(first)) | {"tournamentNo": 7}
    gone = second["competitors"].pop()["cid"]
    second["gameList"] = [g for g in second["gameList"]
                          if gone not in ((g.get("white") or {}).get("cid"), (g.get("black") or {}).get("cid"))]
    doc["event"]["tournaments"].append(second)
    path = tmp_path / "two.jch"
    path.write_text(json.dumps(doc))
    return path


def _tourney_js(tmp_path: Path) -> Path:
    t_file = FIXTURES / "tsh" / "a.t"
    open_ = as_tourney_js(t_file.read_text(encoding="latin-1"), "Open")
    data = {"config": {"event_name": "Club"}, "divisions": [open_, {"name": "b", "players": [None]}]}
    path = tmp_path / "tourney.js"
    path.write_text("newt = " + json.dumps(data) + ";\n")
    return path


@pytest.mark.parametrize("make, word, names, other", [
    (_chess_json, "tournament", ("1", "7"), "7"),
    (_tourney_js, "division", ("Open", "b"), "B"),
])
def test_the_registry_chooses_one_event_of_several_the_same_way_for_every_format(tmp_path, make, word, names, other):
    path = make(tmp_path)
    assert api.get_host().formats.parts(path) == names
    first = api.load(path)
    players = [d.players for d in api.detect_format(path).divisions(ReadOptions(path))]
    said = (f"{path}: 2 {word}s ({', '.join(names)}); read {names[0]}, {players[0]} of the file's {sum(players)} "
            "players (choose one with --division)")
    assert said in first.warnings and first.tournament == api.load(path, part=names[0]).tournament
    chosen = api.load(path, part=other)  # in another case (a number has none)
    assert not any("choose one" in w for w in chosen.warnings) and chosen.tournament != first.tournament
    with pytest.raises(BrightwellError, match=rf"no {word} 'nine' \({word}s: {', '.join(names)}\)"):
        api.load(path, part="nine")


def test_a_format_of_one_event_refuses_a_division(tmp_path):
    with pytest.raises(BrightwellError, match="format 'xml' holds one event: --division does not apply"):
        api.load(api.sample_path(), part="A")


def test_cut_short_is_an_option_of_the_reading_not_of_the_process(tmp_path):
    assert not hasattr(limits, "CUT_SHORT")
    text = (FIXTURES / "quirks.trf").read_text(encoding="latin-1")
    held = sum(line.startswith("001 ") for line in text.splitlines())
    cut = tmp_path / "cut.trf"  # a file that declares a player more than it holds
    cut.write_text(f"062 {held + 1}\n" + text, encoding="latin-1")
    with pytest.raises(BrightwellError, match="cut short"):
        TrfFormat().read(ReadOptions(cut))
    read = TrfFormat().read(ReadOptions(cut, cut_short=True))
    assert any("cut short" in w for w in read.warnings)


class _Divided(Format):
    """A plugin's reader of several events, written before ReadOptions: ``part=`` it chooses itself."""

    name = "divided-test"
    suffixes = (".divided",)
    several_events = True

    def parts(self, path):
        return ("X", "Y")

    def read(self, path, *, encoding=None, part=None):
        text = Path(path).read_text(encoding=encoding or "ascii")
        b = TournamentBuilder(f"{text.strip()} {part or 'X'}", rounds=1).player(1, "Ann").player(2, "Bob")
        return ReadResult(b.game(1, 1, 2, result="win").build(), ("chose itself",) if part is None else ())


class _DividedPlugin:
    @hookimpl
    def brightwell_register_formats(self, register):
        register(_Divided())


def test_a_reader_written_before_read_options_is_called_as_it_was_written(tmp_path):
    host = Host(external=False)
    host.register(_DividedPlugin(), name="divided-test")
    path = tmp_path / "e.divided"
    path.write_text("club")
    assert host.formats.parts(path) == ("X", "Y")
    first = api.load(path, host=host)
    assert first.tournament.name == "club X" and first.warnings[0] == "chose itself"
    assert api.load(path, host=host, part="Y").tournament.name == "club Y"
    assert _Divided().read(path).tournament.name == "club X"  # still called with a path
    assert _Divided().read(ReadOptions(path, division="Y")).tournament.name == "club Y"


def test_a_file_of_several_events_is_read_once_to_list_them_and_read_one(tmp_path, monkeypatch):
    from brightwell_plugin.adapters.tsh.tourney_js import TshJsFormat
    path, calls, real = _tourney_js(tmp_path), [], TshJsFormat._data
    monkeypatch.setattr(TshJsFormat, "_data", staticmethod(lambda *args: calls.append(args) or real(*args)))
    assert api.load(path, part="B").tournament.players == ()
    assert len(calls) == 1


@pytest.mark.parametrize("make, other", [(_chess_json, "7"), (_tourney_js, "B")])
def test_a_format_read_directly_chooses_as_the_registry_does(tmp_path, make, other):
    path = make(tmp_path)
    fmt = api.detect_format(path)
    assert fmt.read(ReadOptions(path, division=other)).tournament == api.load(path, part=other).tournament
    first = fmt.read(ReadOptions(path))
    assert first.tournament == api.load(path).tournament and "choose one with --division" in first.warnings[0]


def test_two_tournaments_of_one_number_are_refused_when_that_number_is_read(tmp_path):
    path = _chess_json(tmp_path)
    doc = json.loads(path.read_text())
    doc["event"]["tournaments"][1]["tournamentNo"] = 1
    path.write_text(json.dumps(doc))
    with pytest.raises(BrightwellError, match="2 of the event's tournaments are numbered 1"):
        api.load(path, part="1")
