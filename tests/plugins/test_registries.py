"""The registries alone answer "which plugin?", criteria carry what conversions need, and a plugin
that clashes or fails is named on one line by every command, before any argument is read."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from brightwell_plugin.errors import PluginError
from brightwell_plugin.plugins.hookspecs import hookimpl
from brightwell_plugin.plugins.host import DISABLE_ENV, Host
from support.paths import ROOT

PACKAGE = ROOT / "brightwell_plugin"
REGISTRIES = {"plugins/formats.py", "plugins/registry.py"}
# what asking a format about a file looks like: its content test, its suffixes, its set, its
# companions, its events; a file's suffix compared with anything
ASKING = re.compile(r"\.sniff\(|\bin \w+\.suffixes|\.set_suffixes|(?<!formats)\.companions\b|\.several_events|\.holds_events|"
                    r"\.suffix(\.lower\(\))? *(==|!=|in\b)|(?<!formats)\.parts\(|(?<!formats)\.companions\(")


def test_no_module_but_the_registries_asks_formats_which_is_which():
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if str(path.relative_to(PACKAGE)) in REGISTRIES:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if ASKING.search(line.split("#", 1)[0]):
                found.append(f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}")
    assert found == []


def test_the_pattern_finds_what_it_is_meant_to():
    for line in ("if fmt.sniff(p, head):", "x = p.suffix.lower() in f.suffixes", "q.suffix.lower() == '.trn'",
                 "members = f.set_suffixes", "if f.several_events:", "parts = fmt.parts(path)"):
        assert ASKING.search(line), line
    assert not ASKING.search('" ".join(f.suffixes)')  # listing them is no question


def test_conversion_imports_no_criterion_module():
    tree = ast.parse((PACKAGE / "conversion.py").read_text())
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)} | {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not [m for m in imported if m and m.startswith("brightwell_plugin.criteria")]


def test_criteria_declare_the_numbers_and_settings_a_conversion_needs():
    from brightwell_plugin.context import Context
    from brightwell_plugin.tiebreak_spec import parse_item
    from support.make_fixtures import othello_open
    host = Host(external=False)
    ctx = Context(othello_open())
    bq = host.criterion("BQ")
    assert dict(bq.numbers(ctx, host.criteria.configure(parse_item("BQ:preset=ftd")))) == {"coef": pytest.approx(64 / 5)}
    assert bq.numbers(ctx, host.criteria.configure(parse_item("BQ:coef=6"))) == {}  # written as a number already
    assert set(bq.settings_read(host.criteria.configure(parse_item("BQ")))) == {"board"}
    assert bq.settings_read(host.criteria.configure(parse_item("BQ:u=32"))) == {}  # the substitute given: no board read
    bh = host.criterion("BH")
    assert set(bh.settings_read(host.criteria.configure(parse_item("BH")))) == {"start_date"}
    assert bh.settings_read(host.criteria.configure(parse_item("BH/V2024"))) == {}
    assert host.criterion("PTS").numbers(ctx, host.criteria.configure(parse_item("PTS"))) == {}


def test_a_format_without_a_setting_a_criterion_reads_loses_it_and_says_which(tmp_path):
    from brightwell_plugin import api
    from brightwell_plugin.builder import TournamentBuilder
    b = TournamentBuilder("club", rounds=2).player(1, "Ann").player(2, "Bob").player(3, "Cid").player(4, "Dee")
    t = replace(b.game(1, 1, 2, result="win").game(1, 3, 4, result="draw").game(2, 1, 3, result="loss").game(
        2, 2, 4, result="win").build(), start_date="2025-05-01",
                tiebreaks=("PTS", "BH"))  # a 2024 event: the date chooses FIDE's edition of BH
    lost = api.write(t, tmp_path / "club.trn", "swissperfect")
    assert "the start date (swissperfect has no place for it; BH: it decides which edition of FIDE's tie-breaks " \
           "applies)" in lost, lost
    lost = api.write(replace(t, tiebreaks=("PTS", "BH/V2024")), tmp_path / "named.trn", "swissperfect")
    assert not any("start date" in x for x in lost), lost


# -- plugin errors on one line -----------------------------------------------------------------

CLASH = """
from brightwell_plugin import hookimpl
from brightwell_plugin.criteria.base import Criterion


class Impostor(Criterion):
    name = "BQ"

    def compute(self, ctx, opts, groups=()):
        return [0.0] * ctx.n


@hookimpl
def brightwell_register_criteria(register):
    register(Impostor())
"""

BROKEN = """
from brightwell_plugin import hookimpl


@hookimpl
def brightwell_register_formats(register):
    raise ValueError("the table of suffixes is missing")
"""


def _distribution(folder: Path, module: str, text: str) -> Path:
    """A distribution as pip leaves it: the module, and a dist-info with its entry point."""
    folder.mkdir()
    (folder / f"{module}.py").write_text(textwrap.dedent(text))
    info = folder / f"{module}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module}\nVersion: 1.0\n\n")
    (info / "entry_points.txt").write_text(f"[brightwell_plugin]\n{module.split('_')[0]} = {module}\n")
    return folder


def _run(site: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    env.pop(DISABLE_ENV, None)
    return subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", *args], env=env, capture_output=True,
                          text=True, timeout=120)


COMMANDS = [("criteria",), ("formats",), ("plugins",), ("rank", "--sample", "-t", "PTS"),
            ("explain", "--sample", "1", "-t", "PTS"), ("check", "{sample}", "-t", "PTS"),
            ("convert", "{sample}", "{out}/x.trf"), ("batch", "{sample}", "--out", "{out}/b", "-t", "PTS"),
            ("publish", "--sample", "--out", "{out}/site", "-t", "PTS"), ("serve", "--port", "1")]


# a plugin whose name clashes with a built-in's, one that fails while registering: what each is said to be
FAULTY = [
    ("clash_plugin", CLASH, "criterion 'BQ' is registered by both plugin 'brightwell_plugin.criteria.brightwell' "
                            "and plugin 'clash'"),
    ("broken_plugin", BROKEN, "plugin 'broken' failed in brightwell_register_formats: ValueError: the table of "
                              "suffixes is missing"),
]


@pytest.mark.slow
@pytest.mark.parametrize("module, text, message", FAULTY, ids=["clash", "broken"])
def test_every_command_names_the_plugin_on_one_line(tmp_path, module, text, message):
    from brightwell_plugin import api
    site = _distribution(tmp_path / "dist", module, text)
    for command in COMMANDS:
        args = [a.format(sample=api.sample_path(), out=tmp_path) for a in command]
        done = _run(site, *args)
        assert (done.returncode, done.stdout, done.stderr) == (2, "", f"brightwell: error: {message}\n"), command
    assert not (tmp_path / "x.trf").exists() and not (tmp_path / "b").exists() and not (tmp_path / "site").exists()


def test_a_plugin_that_registers_a_name_twice_is_refused_and_the_host_stays_as_it_was():
    class Twice:
        @hookimpl
        def brightwell_register_criteria(self, register):
            from brightwell_plugin.criteria.scores import Points
            register(type("Mine", (Points,), {"name": "MINE"})())
            register(type("Mine", (Points,), {"name": "mine"})())
    host = Host(external=False)
    with pytest.raises(PluginError, match="^criterion 'MINE' is registered by both plugin 'twice' and plugin 'twice'$"):
        host.register(Twice(), name="twice")
    assert "MINE" not in host.criteria


@pytest.mark.parametrize("module, text, message", FAULTY, ids=["clash", "broken"])
def test_the_tiebreak_checker_names_the_plugin_with_a_status_of_its_own(tmp_path, module, text, message):
    import json

    from brightwell_plugin.gacrux.command import PLUGIN_FAILED
    site = _distribution(tmp_path / "dist", module, text)
    trf = tmp_path / "in.trf"
    trf.write_text("012 Two\nXXR 1\n001    1      Alpha                                                              "
                   "1.0    1     2 w 1\n001    2      Bravo                                                              "
                   "0.0    2     1 b 0\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    env.pop(DISABLE_ENV, None)
    done = subprocess.run([sys.executable, "-m", "brightwell_plugin.tiebreakchecker", "-i", str(trf)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (2, f"brightwell-tiebreakchecker: error: {message}\n")
    assert json.loads(done.stdout)["status"] == {"code": PLUGIN_FAILED, "info": [], "error": [f"Plugin error: {message}"]}
