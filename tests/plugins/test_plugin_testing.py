"""``brightwell_plugin.testing``: every built-in writer meets the contract it checks, and it catches
a format that breaks it."""

from __future__ import annotations

from pathlib import Path

import pytest

from brightwell_plugin import api, testing
from brightwell_plugin.adapters.base import Format, ReadResult
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
