"""The plugin surface: throwaway plugins, duplicate names, entry points, the kill switch."""

from __future__ import annotations

import itertools
import os
import re
import subprocess
import sys
import textwrap

import pytest

from brightwell_plugin.adapters.base import Format
from brightwell_plugin.api import detect_format
from brightwell_plugin.criteria.base import Criterion
from brightwell_plugin.errors import BrightwellError, PluginError
from brightwell_plugin.plugins.hookspecs import hookimpl
from brightwell_plugin.plugins.host import DEFAULT_PLUGINS, DISABLE_ENV, Host
from brightwell_plugin.api import rank
from support.make_fixtures import othello_open
from support.paths import ROOT


class Bonus(Criterion):
    name = "BONUS"
    title = "Start number as a bonus"

    def compute(self, ctx, opts, groups=()):
        return [float(p.start_no) for p in ctx.t.players]


class BonusPlugin:
    @hookimpl
    def brightwell_register_criteria(self, register):
        register(Bonus())


class FakeBQPlugin:
    @hookimpl
    def brightwell_register_criteria(self, register):
        clash = Bonus()
        clash.name = "BQ"
        register(clash)


def test_builtins_are_ordinary_plugins():
    host = Host(external=False)
    names = [info.name for info in host.plugins()]
    assert names == list(DEFAULT_PLUGINS)
    assert {"PTS", "BQ", "DISCS", "SPREAD", "BH", "SB", "PS", "WIN", "DE", "ARO", "TURCAS"} <= set(host.criteria)
    assert "xml" in host.formats


def test_the_manifest_declares_the_files_the_loaded_formats_declare(tmp_path):
    """A lazy host answers a batch's walk from the manifest (builtins.FILES), a loaded one from the
    formats: both the same, and the lazy one imports no format for it."""
    loaded, lazy = Host(external=False), Host(external=False)
    loaded.plugins()  # loads every built-in
    assert not loaded.lazy and lazy.lazy
    assert lazy.formats.declared() == loaded.formats.declared()
    assert lazy.formats.loaded() == {}  # nothing imported to answer
    for suffix in {s for suffixes, _ in loaded.formats.declared() for s in suffixes} | {".ZIP", ".x"}:
        assert lazy.formats.set_of(suffix) == loaded.formats.set_of(suffix), suffix
        for to in (None, "trf", "xml"):
            path = tmp_path / f"Event{suffix}"
            assert lazy.formats.output_suffix(path, to) == loaded.formats.output_suffix(path, to), (suffix, to)
    assert lazy.formats.companions() == loaded.formats.companions() >= {"config.tsh"}
    assert lazy.formats.output_suffixes() == loaded.formats.output_suffixes()
    assert lazy.lazy  # --to trf and xml imported those two only


def test_throwaway_plugin_registered_then_unregistered():
    host = Host(external=False)
    plugin = BonusPlugin()
    host.register(plugin, name="bonus-test")
    s = rank(othello_open(), "BONUS", host=host)
    assert [r.start_no for r in s.rows][0] == 9
    assert ("bonus-test", ("BONUS",)) in [(i.name, i.criteria) for i in host.plugins()]
    host.unregister(plugin)
    with pytest.raises(BrightwellError, match="unknown criterion 'BONUS'"):
        rank(othello_open(), "BONUS", host=host)


def test_duplicate_names_fail_naming_both_plugins():
    host = Host(external=False)
    with pytest.raises(PluginError, match="^criterion 'BQ' is registered by both plugin "
                                          "'brightwell_plugin.criteria.brightwell' and plugin 'impostor'$"):
        host.register(FakeBQPlugin(), name="impostor")
    assert host.criterion("BQ").title == "Brightwell quotient"  # the host is as it was
    assert "impostor" not in [info.name for info in host.plugins()]


DEMO_PYPROJECT = """
[build-system]
requires = ["setuptools>=70.1"]
build-backend = "setuptools.build_meta"

[project]
name = "brightwell-demo-criterion"
version = "1.2.3"

[project.entry-points.brightwell_plugin]
demo = "brightwell_demo_criterion"
"""

DEMO_MODULE = '''
from brightwell_plugin import hookimpl
from brightwell_plugin.adapters.base import Format
from brightwell_plugin.api import detect_format
from brightwell_plugin.criteria.base import Criterion, Preset


class Games(Criterion):
    name = "GAMES"
    title = "Games played over the board"

    def compute(self, ctx, opts, groups=()):
        return [float(sum(e.is_game for e in es)) for es in ctx.entries]


@hookimpl
def brightwell_register_criteria(register):
    register(Games())


@hookimpl
def brightwell_register_presets(register):
    register(Preset("BQ", "demofed", (("coef", "5"), ("subst", "bye")), "Demo federation rules"))
'''


@pytest.fixture(scope="module")
def installed_demo(tmp_path_factory):
    """A real distribution with an entry point, installed with pip into its own target folder."""
    src = tmp_path_factory.mktemp("demo-src")
    (src / "pyproject.toml").write_text(DEMO_PYPROJECT)
    (src / "brightwell_demo_criterion.py").write_text(textwrap.dedent(DEMO_MODULE))
    target = tmp_path_factory.mktemp("demo-site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--target", str(target), str(src)], check=True, capture_output=True)
    return target


def _brightwell(site, *args, env_extra=None):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    env.pop(DISABLE_ENV, None)
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", *args], env=env,
                          capture_output=True, text=True)


@pytest.mark.slow
def test_entry_point_plugin_adds_a_criterion_and_ranks(installed_demo):
    out = _brightwell(installed_demo, "rank", "--sample", "-t", "PTS,GAMES", "--output-format", "csv")
    assert out.returncode == 0, out.stderr
    header, first, *_ = out.stdout.splitlines()
    assert header == "rank,start_no,name,PTS,GAMES,withdrawn_after"  # the sample's player 9 withdrew
    assert first == "1,1,Ada Lindqvist,4,5,"
    plugins = _brightwell(installed_demo, "plugins")
    assert "brightwell-demo-criterion 1.2.3" in plugins.stdout and "GAMES" in plugins.stdout


def test_environment_variable_disables_external_plugins(installed_demo):
    out = _brightwell(installed_demo, "rank", "--sample", "-t", "PTS,GAMES", env_extra={DISABLE_ENV: "1"})
    assert out.returncode == 2
    assert out.stderr.strip().startswith("brightwell: error:") and "unknown criterion 'GAMES'" in out.stderr


class _Sniffing(Format):
    def __init__(self, name, suffix, marker):
        self.name, self.suffixes, self.marker = name, (suffix,), marker

    def sniff(self, path, head):
        return self.marker is not None and self.marker in head


class SniffingFormatsPlugin:
    @hookimpl
    def brightwell_register_formats(self, register):
        for fmt in (_Sniffing("fmt-a", ".a", b"AAA"), _Sniffing("fmt-b", ".b", b"AAA"), _Sniffing("fmt-c", ".c", None)):
            register(fmt)


@pytest.mark.parametrize("filename, content, expected", [
    ("x.b", b"AAA", "fmt-b"),  # content and suffix agree: that format, though another sniffs it first
    ("x.c", b"AAA", "fmt-a"),  # content beats suffix: the first format (in registration order) that sniffs it
    ("x.c", b"zzz", "fmt-c"),  # nothing sniffs it: the suffix decides
    ("x.z", b"zzz", None),  # neither: a one-line error
])
def test_format_detection_prefers_content_and_suffix_then_content_then_suffix(tmp_path, filename, content, expected):
    host = Host(external=False)
    host.register(SniffingFormatsPlugin(), name="sniffing-test")
    path = tmp_path / filename
    path.write_bytes(content)
    if expected is None:
        with pytest.raises(BrightwellError, match="cannot tell the file format"):
            detect_format(path, host)
    else:
        assert detect_format(path, host).name == expected


@pytest.mark.slow
def test_entry_point_plugin_adds_a_preset_and_ranks_with_it(installed_demo):
    out = _brightwell(installed_demo, "rank", "--sample", "-t", "PTS,BQ:preset=demofed", "--output-format", "csv")
    assert out.returncode == 0, out.stderr
    same = _brightwell(installed_demo, "rank", "--sample", "-t", "PTS,BQ:coef=5:subst=bye", "--output-format", "csv")
    assert out.stdout.splitlines()[1:] == same.stdout.splitlines()[1:]
    listed = _brightwell(installed_demo, "criteria")
    assert "preset demofed: coef=5 subst=bye  (Demo federation rules; plugin demo)" in listed.stdout
    assert "BQ:preset=demofed" in _brightwell(installed_demo, "plugins").stdout


def test_a_preset_twice_or_for_no_criterion_is_an_error_naming_the_plugins():
    from brightwell_plugin.criteria.base import Preset

    class Twice:
        @hookimpl
        def brightwell_register_presets(self, register):
            register(Preset("bq", "woc", (("coef", "7"),)))

    class Orphan:
        @hookimpl
        def brightwell_register_presets(self, register):
            register(Preset("NOPE", "x", ()))
    for plugin, message in ((Twice(), "preset 'BQ:preset=woc' is registered by both plugin "
                                      "'brightwell_plugin.criteria.brightwell' and plugin 'extra'"),
                            (Orphan(), "preset 'NOPE:preset=x' of plugin 'extra' is for an unknown criterion")):
        host = Host(external=False)
        with pytest.raises(PluginError, match=re.escape(message)):
            host.register(plugin, name="extra")
        assert host.criteria.presets_of("BQ")["woc"] != {"coef": "7"}


def _table(text: str, heading: str) -> list[list[str]]:
    lines = text[text.index(heading):].splitlines()[2:]
    return [[c.strip().strip("`") for c in line.strip("|").split("|")] for line in
            itertools.takewhile(lambda line: line.startswith("|"), lines)]


def test_the_preset_tables_of_the_docs_are_the_registered_presets():
    root = ROOT
    built_in = [p for p, owner in Host(external=False).presets.with_owners()]
    docs = (root / "docs" / "criteria.md").read_text()
    rows = _table(docs, "| preset | settings | source |")
    assert rows == [[p.name, p.settings, p.source] for p in built_in if p.criterion == "BQ"]
    rows = _table(docs, "| criterion | preset | settings | source |")
    assert rows == [[p.criterion, p.name, p.settings, p.source] for p in built_in if p.criterion != "BQ"]
    readme = _table((root / "README.md").read_text(), "| preset | C | what it reproduces |")
    named = [name.strip().strip("`") for row in readme for name in row[0].split(",")]
    assert named == [p.name for p in built_in if p.criterion == "BQ"]


def test_the_context_has_readable_names_beside_the_formula_ones():
    from brightwell_plugin.context import Context
    t = othello_open()
    ctx = Context(t, after_round=3)
    assert (ctx.tournament, ctx.rounds, ctx.planned_rounds, ctx.player_count) == (ctx.t, ctx.k, ctx.R, ctx.n)
    assert (ctx.rounds, ctx.planned_rounds, ctx.player_count) == (3, 5, 9)
