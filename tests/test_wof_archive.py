"""The WOF rating archive (shared research samples): every file reads, and docs/wof-archive.md's
table of which order each file follows is what `brightwell check --order` finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from brightwell_plugin import api
from support.samples import research

ROOT = Path(__file__).resolve().parent.parent
PAPP = research("formats", "papp")
DOC = ROOT / "docs" / "wof-archive.md"
CANDIDATES = {"woc": "PTS,BQ:preset=woc,DISCS", "papp": "PTS,BQ:preset=papp,DISCS",
              "ftd": "PTS,BQ:preset=ftd,DISCS", "discs": "PTS,DISCS", "spread": "PTS,SPREAD", "buchholz": "PTS,BH"}


def _table() -> dict[str, str]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 3 and cells[0].endswith((".ELO", ".elo")):
            rows[cells[0]] = cells[1]
    return rows


def _files():
    if not PAPP.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason="shared research samples not present"))]
    return sorted(p for d in ("wof_results", "elo_exports") for p in (PAPP / d).glob("*") if p.is_file())


def test_the_table_names_every_archive_file():
    if not PAPP.exists():
        pytest.skip("shared research samples not present")
    assert sorted(_table()) == sorted(f"{p.parent.name}/{p.name}" for p in _files())


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name if p else "none")
def test_each_file_reads_and_follows_the_documented_order(path):
    loaded = api.load(path)
    t = loaded.tournament
    assert t.players and api.rank(t).rows
    documented = _table()[f"{path.parent.name}/{path.name}"]
    if not any(p.stored_rank for p in t.players):
        assert documented == "no stored order"
        return
    found = [name for name, r in zip(CANDIDATES, api.check_order(t, list(CANDIDATES.values()))) if r.follows]
    assert (", ".join(found) or "none") == documented, f"{path.name}: follows {found}, documented {documented}"


SAMPLE = PAPP / "wof_archive_sample"


@pytest.mark.skipif(not SAMPLE.exists(), reason="the shared WOF archive sample (papp/wof_archive_sample) is not present")
def test_every_file_of_the_archive_sample_reads_and_ranks_with_its_own_rule():
    """One in eight of the WOF archive's 7,938 files: every one reads, and ranks by the rule it declares."""
    refused = []
    for path in sorted(p for p in SAMPLE.rglob("*") if p.is_file()):
        try:
            assert api.rank(api.load(path).tournament).rows is not None
        except Exception as exc:  # noqa: BLE001 - the file and the message are the finding
            refused.append(f"{path.name}: {exc}")
    assert refused == []
