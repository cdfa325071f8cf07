"""The runnable examples in docs/ run and do what the docs say."""

from __future__ import annotations

import subprocess
import sys

from support.bbp_rules import violations
from brightwell_plugin import api
from support.paths import ROOT



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
