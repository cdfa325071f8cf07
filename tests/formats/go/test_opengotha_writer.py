"""OpenGotha XML written (``convert --to opengotha``): a Go event from any Go format, read back by
OpenGotha's reader here as the event ranked, or what it cannot hold said; a batch keeps writing the
native XML for OpenGotha files (they store no standings)."""

from __future__ import annotations

import pytest

from brightwell_plugin import api
from brightwell_plugin.archive.batch import collect, run
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import get_host
from support.make_fixtures import FIXTURES
from support.samples import present, research

GO = [FIXTURES / "go" / "macmahon39.xml", FIXTURES / "go" / "mcmahon.h9", FIXTURES / "go" / "mcmahon.tou",
      FIXTURES / "go" / "mcmahon.opengotha.xml", FIXTURES / "fixture_go.opengotha.xml"]


def _table(t, spec=None):
    return [(r.start_no, r.rank, r.values) for r in api.rank(t, spec).rows]


@pytest.mark.parametrize("source", GO, ids=lambda p: p.name)
def test_a_go_event_written_as_opengotha_reads_back_ranked_alike(tmp_path, source):
    loaded, report = api.convert(source, tmp_path / "event.xml", "opengotha")
    back = api.load(tmp_path / "event.xml", "opengotha").tournament
    spec = ",".join(loaded.tournament.tiebreaks)
    assert _table(back, spec) == _table(loaded.tournament, spec), report.lost
    assert not report.moved


def test_an_initial_mcmahon_score_is_written_as_the_correction_opengotha_adds(tmp_path):
    """An h9 stores each player's MMS: its initial score comes back through smmsCorrection."""
    api.convert(FIXTURES / "go" / "mcmahon.h9", tmp_path / "e.xml", "opengotha")
    back = api.load(tmp_path / "e.xml", "opengotha").tournament
    source = api.load(FIXTURES / "go" / "mcmahon.h9").tournament
    assert [r.values[0] for r in api.rank(back, "MMS").rows] == [r.values[0] for r in api.rank(source, "MMS").rows]


def test_every_shared_go_file_converts_or_says_why(tmp_path):
    present(research("formats", "go"))
    files = sorted(research("formats", "go").rglob("*.h9")) + sorted(research("formats", "go").rglob("*.tou")) \
        + sorted(research("formats", "go").glob("opengotha_*.xml"))
    for source in files:
        loaded, report = api.convert(source, tmp_path / "out.xml", "opengotha", renumber=True)
        if report.moved:
            assert [x for x in report.lost if getattr(x, "standings", True)], source.name


def test_what_opengotha_cannot_hold_is_refused_or_said(tmp_path):
    othello = TournamentBuilder("Othello", rounds=1, game="othello", board=64).player(1, "A, A").player(2, "B, B") \
        .game(1, 1, 2, 40, 24).build()
    with pytest.raises(BrightwellError, match="OpenGotha holds Go results"):
        api.write(othello, tmp_path / "o.xml", "opengotha")
    go = TournamentBuilder("Go", rounds=1, game="go").player(3, "Sato, Ken").player(7, "Sato, Ken") \
        .game(1, 3, 7, result="win").build()
    with pytest.raises(BrightwellError, match="1 to n.*--renumber"):
        api.write(go, tmp_path / "g.xml", "opengotha")
    source = tmp_path / "g_native.xml"
    api.write(go, source, "xml")
    _, report = api.convert(source, tmp_path / "g.xml", "opengotha", renumber=True)
    said = " ".join(map(str, report.lost))
    assert "a number added to the first name" in said and "without a Go rank" in said
    back = api.load(tmp_path / "g.xml", "opengotha").tournament
    assert [p.name for p in back.players] == ["Sato, Ken", "Sato, Ken 2"]


def test_a_batch_writes_an_opengotha_file_as_the_native_xml(tmp_path):
    src = tmp_path / "in"
    src.mkdir()
    (src / "go.xml").write_bytes((FIXTURES / "fixture_go.opengotha.xml").read_bytes())
    [result] = run(list(collect([str(src)], host=get_host())), tmp_path / "out", jobs_count=1, host=get_host())
    assert result.ok and api.load(result.target).format == "xml"  # with the computed standings
