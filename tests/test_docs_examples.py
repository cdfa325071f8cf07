"""The runnable examples in docs/ run and do what the docs say."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from support.bbp_rules import violations
from brightwell_plugin import api

ROOT = Path(__file__).resolve().parent.parent


def test_next_round_example_writes_ranks_for_the_pairing_engine(tmp_path):
    source = ROOT / "fixtures" / "quirks.trf"
    before = source.read_bytes()
    target = tmp_path / "next.trf"
    out = subprocess.run([sys.executable, str(ROOT / "docs" / "examples" / "next_round.py"), str(source),
                          str(target), "PTS,BH/C1,BH"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines()[0].split()[:3] == ["1", "5", "Epsilon,"]
    assert source.read_bytes() == before  # the input is never modified
    written = api.load(target).tournament
    assert [(p.start_no, p.stored_rank) for p in written.players] == [(1, 2), (2, 5), (3, 3), (4, 6), (5, 1), (6, 4)]
    assert written.tiebreaks == ("PTS", "BH/C1", "BH")
    assert violations(target.read_text()) == violations(before.decode())  # nothing new for the engine


def test_readme_python_snippet_runs():
    from brightwell_plugin.builder import TournamentBuilder
    b = TournamentBuilder("Club night", rounds=5, board=64, game="othello")
    b.player(1, "Ann").player(2, "Bob").player(3, "Cid")
    b.game(1, 1, 2, 40, 24).bye(1, 3)
    rows = api.rank(b.build(), "PTS,BQ:preset=woc,DISCS").rows
    assert [r.name for r in rows] == ["Ann", "Cid", "Bob"]


def _blocks(markdown: str, language: str) -> list[str]:
    import re
    return re.findall(rf"```{language}\n(.*?)```", markdown, re.S)


def test_the_plugins_doc_example_installs_and_prints_what_the_doc_shows(tmp_path):
    doc = (ROOT / "docs" / "plugins.md").read_text()
    complete = doc[doc.index("## A criterion plugin, complete"):doc.index("What a criterion gets")]
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "pyproject.toml").write_text(_blocks(complete, "toml")[0])
    (tmp_path / "src" / "brightwell_games.py").write_text(_blocks(complete, "python")[0])
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--target", str(site), str(tmp_path / "src")], check=True, capture_output=True)
    env = {**__import__("os").environ, "PYTHONPATH": str(site)}
    env.pop("BRIGHTWELL_NO_EXTERNAL_PLUGINS", None)
    commands = _blocks(complete, "sh")[0].splitlines()
    shown = commands[0].split("# ... ", 1)[1]
    listed = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "plugins"], env=env,
                            capture_output=True, text=True)
    assert shown in listed.stdout.splitlines(), listed.stdout
    spec = commands[1].split("-t ", 1)[1].strip("'")
    ranked = subprocess.run([sys.executable, "-m", "brightwell_plugin.cli", "rank", "--sample", "-t", spec,
                             "--output-format", "csv"], env=env, capture_output=True, text=True)
    assert ranked.returncode == 0 and ranked.stdout.startswith(f"rank,start_no,name,{spec}\n"), ranked.stderr
