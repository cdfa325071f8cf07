"""docs/plugins.md's complete plugin, built from the page itself: installed with pip beside the
package, it registers its format, criterion and preset, runs through the commands the page shows,
and its own test (which uses brightwell_plugin.testing) passes."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.plugins.host import DISABLE_ENV
from support.paths import ROOT

PAGE = ROOT / "docs" / "plugins.md"


def _files() -> dict[str, str]:
    """The page's files: a line naming one in backticks and a colon, then its fenced block."""
    text = PAGE.read_text()
    return {m["name"]: m["body"] for m in re.finditer(
        r"^`(?P<name>[\w./]+)`(?:, [^\n]*)?:\n\n```\w*\n(?P<body>.*?)^```", text, re.MULTILINE | re.DOTALL)}


@pytest.fixture(scope="module")
def roster(tmp_path_factory):
    files = _files()
    assert set(files) == {"pyproject.toml", "brightwell_roster.py", "tests/test_roster.py"}
    src = tmp_path_factory.mktemp("roster-src")
    for name, body in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(body)
    site = tmp_path_factory.mktemp("roster-site")
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--target", str(site), str(src)], check=True, capture_output=True)
    return src, site


def _env(site: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]))
    env.pop(DISABLE_ENV, None)
    return env


def _brightwell(site: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", *args], env=_env(site), cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_the_page_lists_every_hook():
    from brightwell_plugin.plugins import hookspecs
    hooks = [name for name in vars(hookspecs) if name.startswith("brightwell_register_")]
    assert len(hooks) == 3 and all(f"`{hook}(register)`" in PAGE.read_text() for hook in hooks)


@pytest.mark.slow
def test_the_plugin_registers_what_the_page_says(roster):
    _, site = roster
    listed = _brightwell(site, "plugins")
    assert listed.returncode == 0, listed.stderr
    shown = re.search(r"^brightwell plugins +# \.\.\. (.*)$", PAGE.read_text(), re.MULTILINE)[1]
    assert shown in listed.stdout.splitlines(), listed.stdout


@pytest.mark.slow
def test_the_commands_of_the_page_run(roster, tmp_path):
    _, site = roster
    done = _brightwell(site, "convert", str(api.sample_path()), "club.players", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.games", "club.players"]
    ranked = _brightwell(site, "rank", "club.players", "-t", "PTS,GAMES:rated_only=yes,BQ:preset=riverside",
                         "--output-format", "csv", cwd=tmp_path)
    assert ranked.returncode == 0, ranked.stderr
    assert ranked.stdout.splitlines()[0] == "rank,start_no,name,PTS,GAMES:rated_only=yes,BQ:preset=riverside"
    same = _brightwell(site, "rank", "club.players", "-t", "PTS,GAMES:rated_only=yes,BQ:coef=3:subst=bye",
                       "--output-format", "csv", cwd=tmp_path)
    assert ranked.stdout.splitlines()[1:] == same.stdout.splitlines()[1:]  # the preset is its settings
    assert len(ranked.stdout.splitlines()) == 1 + len(api.load(api.sample_path()).tournament.players)
    (tmp_path / "archive").mkdir()
    for name in ("club.players", "club.games"):
        (tmp_path / "archive" / name).write_bytes((tmp_path / name).read_bytes())
    batch = _brightwell(site, "batch", "archive", "--out", "ranked", "-t", "PTS,BQ:preset=riverside",
                        "--jobs", "1", cwd=tmp_path)
    assert batch.returncode == 0, batch.stderr + batch.stdout
    assert "1 ranked, 0 skipped, 0 failed of 1 files" in batch.stdout
    assert sorted(p.name for p in (tmp_path / "ranked").iterdir()) == [
        ".brightwell-batch-output", "club.games", "club.players"]  # no report asked: no journal


@pytest.mark.slow
def test_the_plugins_own_test_passes(roster):
    src, site = roster
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_roster.py"],
                          cwd=src, env=_env(site), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
