"""A TRF re-ranked the fast way (each player's two columns put in his 001 line: Format.ranked_files)
is byte for byte the file the plain way writes (the event re-ranked, then written)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.reranked import with_standings
from support.paths import FIXTURES
from support.samples import or_skip, research, trf_samples
from support.strategies import chess_tournaments

SPECS = ("PTS,BH,SB", "PTS,ARO", "BH/C1,PTS,DE")


def _corpus_trfs() -> list[Path]:
    found = [p for d in ("trf", "trf_data") for p in sorted(research("corpus", d).glob("*"))
             if p.suffix in (".trf", ".tab")] if research("corpus").exists() else []
    return [*trf_samples(), *found]


def _agree(path: Path, fmt_name: str) -> int:
    """Both ways for each spec the event ranks; how many specs were compared."""
    loaded = api.load(path)
    compared = 0
    for spec in SPECS:
        try:
            standings = api.rank(loaded.tournament, spec)
        except BrightwellError:  # a team event ranks no such list
            continue
        fmt = api.formats()[fmt_name]
        out = Path(path.name)
        assert fmt.ranked_files(loaded.tournament, standings, out) == fmt.files(
            with_standings(loaded.tournament, standings), out), (path.name, spec)
        compared += 1
    return compared


@pytest.mark.parametrize("fmt_name", ["trf", "trf-engine"])
@pytest.mark.parametrize("path", [FIXTURES / "quirks.trf", FIXTURES / "teams.trf"], ids=lambda p: p.name)
def test_a_fixture_reranked_is_written_as_the_plain_way_writes_it(path, fmt_name):
    assert _agree(path, fmt_name) > 0


def test_the_fast_way_is_taken_for_players_as_read(monkeypatch):
    """Not a vacuous agreement: the lines of players as read are put in place, not re-rendered."""
    from brightwell_plugin.adapters.trf import writer
    put = []
    plain = writer._results_in_place
    monkeypatch.setattr(writer, "_results_in_place", lambda *a: put.append(plain(*a)) or put[-1])
    loaded = api.load(FIXTURES / "quirks.trf")
    api.formats()["trf"].ranked_files(loaded.tournament, api.rank(loaded.tournament, "PTS,BH"), Path("q.trf"))
    assert len(put) == len(loaded.tournament.players) and any(line is not None for line in put)


@pytest.mark.slow
@pytest.mark.parametrize("path", or_skip(_corpus_trfs()), ids=lambda p: p.name if p else "none")
def test_a_real_trf_reranked_is_written_as_the_plain_way_writes_it(path):
    assert _agree(path, "trf") > 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=chess_tournaments(max_players=10, max_rounds=5), spec=st.sampled_from(SPECS), stored=st.booleans())
def test_a_generated_trf_reranked_is_written_as_the_plain_way_writes_it(tmp_path_factory, t, spec, stored):
    """Written, read back (players as read: the fast way), ranked with and without stored ranks."""
    fmt = TrfFormat()
    if stored:
        t = with_standings(t, api.rank(t, "PTS"))
    path = tmp_path_factory.mktemp("trf") / "e.trf"
    path.write_bytes(fmt.dumps(t))
    read = api.load(path).tournament
    standings = api.rank(read, spec)
    assert fmt.ranked_files(read, standings, path) == fmt.files(with_standings(read, standings), path)
