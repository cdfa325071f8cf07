"""The WOF rating archive (shared research samples): every file reads, and docs/wof-archive.md's
table of which order each file follows is what `brightwell check --order` finds."""

from __future__ import annotations


import pytest

from brightwell_plugin import api
from brightwell_plugin.adapters.papp import elo_lines
from brightwell_plugin.adapters.papp.elo import standing_order
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.checking import stored_places
from brightwell_plugin.errors import BrightwellError
from support.samples import needs_shared, or_skip, present, research
from support.paths import ROOT

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
        return or_skip([])
    return sorted(p for d in ("wof_results", "elo_exports") for p in (PAPP / d).glob("*") if p.is_file())


def test_the_table_names_every_archive_file():
    present(PAPP)
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


@pytest.mark.slow
@needs_shared(SAMPLE)
def test_every_file_of_the_archive_sample_reads_and_ranks_with_its_own_rule():
    """One in eight of the WOF archive's 7,938 files: every one reads, and ranks by the rule it declares."""
    refused = []
    for path in sorted(p for p in SAMPLE.rglob("*") if p.is_file()):
        try:
            assert api.rank(api.load(path).tournament).rows is not None
        except Exception as exc:  # noqa: BLE001 - the file and the message are the finding
            refused.append(f"{path.name}: {exc}")
    assert refused == []


ELO_FOLDERS = (research("corpus", "wof_archive"), research("corpus", "papp_elo"), PAPP)


def _lists():
    """Every shared ELO file's player list, as the reader splits it (a file it refuses left out)."""
    for path in sorted(p for folder in ELO_FOLDERS if folder.exists() for p in folder.rglob("*")
                       if p.suffix.lower() == ".elo" and p.is_file()):
        try:
            yield path, elo_lines.split(decode(path.read_bytes(), None, str(path), fallback="latin-1")[0], str(path))
        except BrightwellError:
            continue


@pytest.mark.slow
@needs_shared(PAPP)
def test_on_every_shared_elo_file_a_list_without_totals_is_a_roster_and_no_order():
    """The rule on every shared ELO file: a player list with totals (points, discs or places) is the
    standings, each listed player's stored place his line; one without any is the roster: no stored
    place, no order for check or a batch report (2004's Labyrinth 1 lists Menozzi, 4 wins of 4, 4th)."""
    rosters = standings = 0
    for path, lines in _lists():
        if not lines.players:
            continue
        if standing_order(lines):
            standings += 1
            if PAPP in path.parents:  # the reader's places are the list's lines (one file in eight)
                t = api.load(path).tournament
                listed = sorted((p for p in t.players if p.stored_rank), key=lambda p: p.stored_rank)
                assert [p.stored_rank for p in listed] == list(range(1, len(lines.players) + 1)), path.name
            continue
        rosters += 1
        t = api.load(path).tournament
        assert not any(p.stored_rank for p in t.players), path.name
        assert stored_places(t, api.rank(t)) is None, path.name  # the batch report's order: none
    assert rosters > 50 and standings > 1000
    labyrinth = api.load(research("corpus", "wof_archive", "2004", "20040114_OthelloLabyrinth1.ELO")).tournament
    top = api.rank(labyrinth).rows[0]
    assert "MENOZZI" in top.name and top.values[0] == 4 and [p.name for p in labyrinth.players].index(top.name) == 3
