"""``brightwell_plugin.testing``: every built-in writer meets the contract it checks, and it catches
a format that breaks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from brightwell_plugin import api, testing
from brightwell_plugin.adapters.base import Format, ReadResult, changes_standings
from brightwell_plugin.plugins.host import Host
from support.make_fixtures import FIXTURES, othello_open, scrabble_day


def _event_for(name: str):
    if name in ("tsh", "aupair"):
        return scrabble_day()
    if name in ("egd", "ffg-tou", "opengotha"):
        return api.load(FIXTURES / "go" / "mcmahon.opengotha.xml").tournament
    return othello_open()


WRITABLE = sorted(name for name, f in Host(external=False).formats.items() if f.can_write)


@pytest.mark.parametrize("name", WRITABLE)
def test_every_built_in_writer_meets_the_contract(tmp_path, name):
    fmt = Host(external=False).format(name)
    written = testing.check_round_trip(fmt, _event_for(name), tmp_path / "trip")
    assert testing.check_refusals(fmt, written, tmp_path / "bad") >= 1  # at least the empty file is refused


class _Careless(Format):
    """Writes names one a line; reads them with a bare int() and drops the last player."""

    name = "careless-test"
    suffixes = (".careless",)
    can_write = True

    def dumps(self, t):
        return "".join(f"{p.start_no} {p.name}\n" for p in t.players).encode()

    def read(self, path, *, encoding=None):
        from brightwell_plugin.builder import TournamentBuilder
        lines = Path(path).read_text().splitlines()
        b = TournamentBuilder("x", rounds=0)
        for line in lines[:-1]:
            no, name = line.split(" ", 1)
            b.player(int(no), name)
        return ReadResult(b.build())


def test_a_format_that_drops_a_player_fails_the_round_trip(tmp_path):
    with pytest.raises(AssertionError, match="careless-test: places move when the written file is ranked by .*, and cannot_carry names nothing that explains it"):
        testing.check_round_trip(_Careless(), othello_open(), tmp_path)


def test_a_reader_that_raises_something_else_on_bad_input_fails_the_refusals(tmp_path):
    path = tmp_path / "e.careless"
    path.write_text("1 Ann\n2 Bob\n3 Cid\n")
    with pytest.raises(AssertionError, match=r"careless-test, .*: (ValueError|UnicodeDecodeError).*\(a reader raises "
                                             r"BrightwellError"):
        testing.check_refusals(_Careless(), path, tmp_path / "bad")


class _Scoreless(Format):
    """Games by name without their scores (``round;first;second;result``), the players numbered in
    the order of their names: like a plugin a new user wrote, whose round trip the check failed on."""

    name = "scoreless-test"
    suffixes = (".scoreless",)
    can_write = True

    def cannot_carry(self, t):
        from brightwell_plugin.adapters.base import Loss
        return [Loss("game scores")] if any(e.score is not None for p in t.players for e in p.rounds) else []

    def dumps(self, t):
        names = {p.start_no: p.name for p in t.players}
        rows = [f"{r};{names[p.start_no]};{names[e.opponent]};{e.result.value}\n"
                for p in t.players for r, e in enumerate(p.rounds, 1)
                if e.kind.value == "game" and e.side is not None and e.side.value == "first"]
        return "".join(rows).encode()

    def read(self, path, *, encoding=None):
        from brightwell_plugin.builder import TournamentBuilder
        rows = [line.split(";") for line in Path(path).read_text().splitlines()]
        numbers = {name: n for n, name in enumerate(sorted({x for row in rows for x in row[1:3]}), 1)}
        b = TournamentBuilder("x")
        for name, n in numbers.items():
            b.player(n, name)
        for r, first, second, result in rows:
            b.game(int(r), numbers[first], numbers[second], result=result)
        return ReadResult(b.build())


def test_a_format_that_numbers_players_itself_and_holds_no_scores_meets_the_contract(tmp_path):
    """Its players are matched by name, not number; an event ranked by BQ, which it cannot carry
    (named), is checked ranked by points alone."""
    testing.check_round_trip(_Scoreless(), othello_open(), tmp_path / "trip")


def test_a_format_that_numbers_players_itself_is_matched_by_name(tmp_path):
    """The round trip of an event it holds whole: players renumbered by name come back in place."""
    from brightwell_plugin.builder import TournamentBuilder
    b = TournamentBuilder("club night", rounds=3)
    for no, name in enumerate(["Zoe", "Yann", "Xavier", "Wim", "Vera", "Ugo"], 1):
        b.player(no, name)
    for r, games in enumerate([[(1, 4, "win"), (2, 5, "draw"), (3, 6, "loss")],
                               [(1, 2, "win"), (3, 4, "draw"), (5, 6, "win")],
                               [(1, 6, "draw"), (2, 3, "loss"), (4, 5, "win")]], 1):
        for first, second, result in games:
            b.game(r, first, second, result=result)
    t = b.build()
    from brightwell_plugin import conversion
    report = conversion.convert(t, _Scoreless(), tmp_path / "e.scoreless", host=testing.host_with(_Scoreless()))
    assert report.moved == () and not any(map(changes_standings, report.lost))
    testing.check_round_trip(_Scoreless(), t, tmp_path / "trip")
