"""A format declares its files (companions, sets, outputs): batch and the output checks know no format.

The throwaway format here keeps an event in two files of one stem, ``E.pl`` (players) and
``E.pg`` (games), with ``pairs.cfg`` read beside them; it is run through ``brightwell batch``.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.archive import batch
from brightwell_plugin.archive import schedule
from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.hookspecs import hookimpl
from brightwell_plugin.plugins.host import get_host


class PairsFormat(Format):
    name = "pairs-test"
    title = "two files an event (test)"
    suffixes = (".pl", ".pg")
    set_suffixes = (".pl", ".pg")
    companions = ("pairs.cfg",)
    can_write = True

    def sniff(self, path, head):
        return path.suffix in self.suffixes

    def read(self, path: Path, *, encoding=None):
        stem = path.with_suffix("")
        win = float((path.parent / "pairs.cfg").read_text().split("=")[1])
        b = TournamentBuilder(stem.name, rounds=2)
        for line in stem.with_suffix(".pl").read_text().splitlines():
            no, name = line.split(" ", 1)
            b.player(int(no), name)
        for line in stem.with_suffix(".pg").read_text().splitlines():
            r, first, second, score, opp = map(int, line.split())
            b.game(r, first, second, score, opp)
        t = b.build()
        if win != 1:
            raise BrightwellError("pairs.cfg: only win=1 is known")
        return ReadResult(t)

    def files(self, t, path):
        players = "".join(f"{p.start_no} {p.name}\n" for p in t.players)
        games = "".join(f"{r} {p.start_no} {e.opponent} {e.score} {e.opp_score}\n" for p in t.players
                        for r, e in enumerate(p.rounds, 1) if e.opponent and p.start_no < e.opponent)
        return {path.with_suffix(".pl"): players.encode(), path.with_suffix(".pg"): games.encode()}


class PairsPlugin:
    @hookimpl
    def brightwell_register_formats(self, register):
        register(PairsFormat())


@pytest.fixture
def pairs_format(monkeypatch):
    plugin = PairsPlugin()
    get_host().register(plugin, name="pairs-test")
    # the workers must see the plugin registered in this process: forked, not started afresh
    monkeypatch.setattr(schedule, "ProcessPoolExecutor",
                        partial(ProcessPoolExecutor, mp_context=multiprocessing.get_context("fork")))
    yield
    get_host().unregister(plugin)


def _event(folder: Path) -> None:
    folder.mkdir(parents=True)
    (folder / "pairs.cfg").write_text("win=1\n")
    (folder / "club.pl").write_text("1 Ann\n2 Bob\n3 Cid\n4 Dee\n")
    (folder / "club.pg").write_text("1 1 2 40 24\n1 3 4 30 34\n2 1 4 33 31\n2 2 3 32 32\n")


def test_a_two_file_format_runs_through_batch(tmp_path, pairs_format):
    src, out = tmp_path / "archive", tmp_path / "out"
    _event(src / "2026")
    result = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--jobs", "1", "-t", "PTS,DISCS"])
    assert result.exit_code == 0, result.output
    assert "1 ranked, 0 skipped, 0 failed of 1 files" in result.output  # one event; pairs.cfg is none
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == \
        [".brightwell-batch-output", "2026/club.pg", "2026/club.pl"]  # no report asked: no journal
    again = CliRunner().invoke(main, ["batch", str(src), "--out", str(out), "--jobs", "1", "--skip-existing"])
    assert "1 ranked (1 by an earlier run), 0 skipped" in again.output  # both files exist: the event is done


def test_an_event_set_and_its_companions_are_inputs_no_output_may_replace(tmp_path, pairs_format):
    _event(tmp_path / "e")
    files = {p.name for p in api.event_files(tmp_path / "e" / "club.pg")}
    assert files == {"club.pg", "club.pl", "pairs.cfg"}
    with pytest.raises(BrightwellError, match="is the input"):
        api.convert(tmp_path / "e" / "club.pl", tmp_path / "e" / "club.pg", to="pairs-test")
    with pytest.raises(BrightwellError, match="is an input file"):
        api.refuse_inputs([tmp_path / "e" / "pairs.cfg"], [tmp_path / "e" / "club.pl"])


def test_batch_names_no_format():
    source = Path(batch.__file__).read_text()
    for name in get_host().formats:
        assert f'"{name}"' not in source, name
    for word in (".trn", ".ini", ".sco", "config.tsh", "papp.cfg", "joueurs"):
        assert word not in source, word


SURFACE = "brightwell_plugin.plugin"  # the author surface: what the names taken from it come from is checked below
ADAPTERS_MAY_IMPORT = {"brightwell_plugin.model", "brightwell_plugin.teams.model", "brightwell_plugin.fast", "brightwell_plugin.errors",
                       "brightwell_plugin.plugins.hookspecs", "brightwell_plugin.limits", "brightwell_plugin.progress",
                       "brightwell_plugin.zips", "brightwell_plugin.reranked"}
# and one another: formats read and write, never rank (fast is the model's constructors and names;
# teams the model of team events; progress where an event stands, read from its records, which a
# writer needs: the last round played or paired; zips the bounds of reading a zip, as limits are a file's;
# reranked each player's points and rank as standings give them, which a writer of a ranked event puts in)


@pytest.mark.slow
def test_adapters_import_only_the_model_its_fast_paths_errors_hooks_limits_and_each_other():
    import ast

    import brightwell_plugin.adapters as adapters
    found = {}
    for path in Path(adapters.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text())
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)  # for annotations:
                       and isinstance(block.test, ast.Name) and block.test.id == "TYPE_CHECKING"  # never run
                       for stmt in block.body for n in ast.walk(stmt)}
        for node in ast.walk(tree):  # lazy imports inside functions too
            if id(node) in typing_only:
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module and not node.level else []
            for name in names:
                if name.startswith("brightwell_plugin") and not name.startswith("brightwell_plugin.adapters"):
                    found.setdefault(name, set()).add(path.name)
    assert set(found) - {SURFACE} <= ADAPTERS_MAY_IMPORT, {k: v for k, v in found.items() if k not in ADAPTERS_MAY_IMPORT}


def test_what_adapters_take_from_the_author_surface_comes_from_what_they_may_import():
    """brightwell_plugin.plugin offers more (the criteria's interface, the contract checks): the
    names the adapters take from it come from the modules above."""
    import ast

    import brightwell_plugin.adapters as adapters
    from brightwell_plugin import plugin
    taken = {(a.name, path.name) for path in Path(adapters.__file__).parent.rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.ImportFrom)
             and node.module == SURFACE for a in node.names}
    assert taken
    wrong = sorted((name, where) for name, where in taken if plugin._EXPORTS[name] not in ADAPTERS_MAY_IMPORT)
    assert not wrong, wrong
