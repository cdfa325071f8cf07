"""Every layer uses the host it is given: a private host with a throwaway format and criterion runs
rank, explain, convert, batch (in worker processes, forked and spawned) and publish while the
process-wide host is a tripwire that fails any use of it."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from brightwell_plugin import api
from brightwell_plugin.archive import batch
from brightwell_plugin.plugins import host as host_module
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.archive.jobs import collect
from support import throwaway_plugin
from support.throwaway_plugin import write_event


class Tripwire:
    """Stands for the process-wide host: any use of it fails (in forked workers too)."""

    def __getattr__(self, name):
        raise AssertionError(f"the process-wide host was used ({name})")


@pytest.fixture
def private(monkeypatch):
    host = Host(external=False)
    host.register(throwaway_plugin, name="throwaway")
    monkeypatch.setattr(host_module, "_host", Tripwire())
    return host


def test_rank_explain_and_convert_use_the_host_given(tmp_path, private):
    source = write_event(tmp_path / "club.scores")
    loaded = api.load(source, host=private)
    assert loaded.format == "scores-test"
    standings = api.rank(loaded.tournament, "PTS,ODD", host=private)
    assert [(r.start_no, r.values) for r in standings.rows] == [(1, (2.0, 1.0)), (4, (1.0, 0.0)),
                                                                (3, (0.5, 1.0)), (2, (0.5, 0.0))]
    [explained] = [e for e in api.explain(loaded.tournament, 3, "ODD", host=private)]
    assert explained.value == 1.0
    _, report = api.convert(source, tmp_path / "club.xml", host=private)
    assert report.standings_lost == []
    _, back = api.convert(tmp_path / "club.xml", tmp_path / "again.scores", host=private)  # the writer by suffix
    assert (tmp_path / "again.scores").read_bytes() == source.read_bytes()
    assert api.event_files(source, private) == (source,)


@pytest.mark.slow
@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_batch_workers_use_the_host_given(tmp_path, private, start):
    archive = tmp_path / "archive"
    (archive / "2026").mkdir(parents=True)
    write_event(archive / "2026" / "club.scores")
    write_event(archive / "open.scores")
    jobs = collect([str(archive)], host=private)
    assert [job.relative.as_posix() for job in jobs] == ["2026/club", "open"]
    pool = ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context(start))
    try:
        results = batch.run(list(jobs), tmp_path / "out", spec="PTS,ODD", executor=pool, host=private)
    finally:
        pool.shutdown()
    assert [(r.error, r.format) for r in results] == [(None, "scores-test")] * 2
    assert (tmp_path / "out" / "2026" / "club.scores").read_bytes() == (archive / "open.scores").read_bytes()


def test_batch_own_pool_uses_the_host_given(tmp_path, private):
    write_event(tmp_path / "club.scores")
    results = batch.run(list(collect([str(tmp_path / "club.scores")], host=private)), tmp_path / "out",
                        spec="ODD", jobs_count=2, host=private)
    assert [r.error for r in results] == [None]
    assert {p.start_no for p in results[0].placings if p.after == 1} == {1, 3}


def test_publish_uses_the_host_given(tmp_path, private):
    pytest.importorskip("jinja2", reason="the web extra (pip install '.[web]') is not installed")
    from brightwell_plugin.web.publish import publish
    source = write_event(tmp_path / "club.scores")
    count = publish(source, tmp_path / "site", spec="PTS,ODD", host=private)
    doc = json.loads((tmp_path / "site" / "standings.json").read_text())
    assert count > 3 and doc["tiebreaks"] == ["PTS", "ODD"]
    assert [row["start_no"] for row in doc["standings"][-1]["rows"]] == [1, 4, 3, 2]


def test_a_host_pickles_as_the_recipe_that_makes_it_again(private):
    import pickle
    assert pickle.loads(pickle.dumps(private)) is private  # the same process: the same host
    again = host_module._host_for("another process's", False, (("throwaway", host_module._Module(
        throwaway_plugin.__name__)),))
    assert again is not private and "scores-test" in again.formats and "ODD" in again.criteria


def test_a_team_event_uses_the_host_given(tmp_path, private):
    """Teams ranked, explained, checked and converted, their criteria and formats from the host given."""
    from support.make_fixtures import FIXTURES
    t = api.load(FIXTURES / "teams.trf", host=private).tournament
    standings = api.rank(t, "MPTS,GPTS,EMGSB,BH:GP", host=private)
    assert standings.ranks_teams and {r.start_no for r in standings.rows} == {team.number for team in t.teams.teams}
    assert len(api.explain_everyone(t, "MPTS,EDE", host=private)) == len(t.teams.teams)
    assert api.rank(api.players_view(t), "PTS,ODD", host=private).headings == ("PTS", "ODD")  # the host's own criterion
    api.convert(FIXTURES / "teams.trf", tmp_path / "teams.xml", host=private)
    assert api.rank(api.load(tmp_path / "teams.xml", host=private).tournament, host=private).ranks_teams


def test_the_tiebreak_checker_uses_the_host_given(tmp_path, private, capsys):
    """brightwell-tiebreakchecker's main with a host: an individual and a team event, with -c."""
    from support.make_fixtures import FIXTURES

    from brightwell_plugin.gacrux.command import main
    assert main(["-i", str(FIXTURES / "quirks.trf"), "-c", "-t", "PTS", "BH", "DE"], host=private) == 0
    assert json.loads(capsys.readouterr().out)["tiebreakResult"]["competitors"]
    assert main(["-i", str(FIXTURES / "teams.trf"), "-c", "-t", "MPTS", "EDE", "GPTS"], host=private) == 0
    assert json.loads(capsys.readouterr().out)["tiebreakResult"]["competitors"]
    source = write_event(tmp_path / "club.scores")
    assert main(["-i", str(source), "-f", "scores-test", "-t", "PTS", "ODD"], host=private) == 0  # the host's format
    competitors = json.loads(capsys.readouterr().out)["tiebreakResult"]["competitors"]
    assert len(competitors) == 4 and all(len(c["tiebreakScore"]) == 2 for c in competitors)
