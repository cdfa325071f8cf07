"""Papp's own standings code is the oracle of the Papp workfile reader and the ``papp`` rule.

``../shared/tools/papp/papp-standings`` runs Papp 1.37.1's parser and tie-break code (results.c
tieBreak_computation, tiebreak.c PlayerTiebreak, enterPlayer.c sort_players) on a trio; each trio
is also ranked here with the file's own rule, and the order, points, discs and BQ must agree. The
trios: the real events in ``../shared/research/formats/papp/workfiles_derived/`` and events
generated in Papp's layout (tests/support/papp_workfiles.py). A trio Papp refuses is recorded and
its refusal compared with ours, not its standings.
"""

from __future__ import annotations

import csv
import io
import os
import subprocess
from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from support.papp_workfiles import Event, generated, write_trio
from support.samples import SHARED_ROOT

SHARED = SHARED_ROOT
ORACLE = SHARED / "tools" / "papp" / "papp-standings"
REAL = sorted((SHARED / "research" / "formats" / "papp" / "workfiles_derived").glob("*/papp-internal-workfile.txt"))


def _oracle_runs() -> str | None:
    if not ORACLE.exists():
        return f"{ORACLE} is missing"
    try:
        subprocess.run([str(ORACLE)], capture_output=True, timeout=20)
    except OSError as exc:
        return f"{ORACLE} cannot run here: {exc}"
    return None


NOT_RUNNING = _oracle_runs()
needs_oracle = pytest.mark.skipif(NOT_RUNNING is not None, reason=f"Papp's oracle not run: {NOT_RUNNING}")


def papp(workfile: Path) -> tuple[dict[str, str], list[dict[str, str]]] | str:
    """Papp's standings of a trio: (its # facts, its rows), or the message of its refusal."""
    folder = workfile.parent
    p = subprocess.run([str(ORACLE), "papp.cfg", "joueurs", workfile.name], cwd=folder, capture_output=True,
                       text=True, timeout=60)
    if p.returncode:
        return (p.stderr.strip() or f"exit {p.returncode}").splitlines()[-1]
    facts = dict(line[2:].split("=", 1) for line in p.stdout.splitlines() if line.startswith("# ") and "=" in line)
    body = "".join(line + "\n" for line in p.stdout.splitlines() if not line.startswith("#"))
    return facts, list(csv.DictReader(io.StringIO(body)))


def ours(workfile: Path):
    t = api.load(workfile).tournament
    return t, api.rank(t)


def compare(workfile: Path) -> None:
    oracle = papp(workfile)
    if isinstance(oracle, str):  # Papp refuses the trio: so must we
        with pytest.raises(BrightwellError):
            ours(workfile)
        return
    facts, rows = oracle
    t, standings = ours(workfile)
    assert int(facts["rounds_validated"]) == standings.after_round == t.rounds_played
    if standings.after_round == 0:
        return
    assert [int(r["id"]) for r in rows] == [r.start_no for r in standings.rows], "Papp's order"
    heads = standings.headings
    bq = next(i for i, h in enumerate(heads) if h.startswith("BQ"))
    assert heads[bq] == f"BQ:preset=papp:coef={float(facts['bq_double']):g}"
    by_no = {r.start_no: r for r in standings.rows}
    for r in rows:
        mine = by_no[int(r["id"])]
        assert (mine.values[0], mine.values[bq], mine.values[heads.index("DISCS")]) == pytest.approx(
            (float(r["points"]), float(r["bq"]), float(r["discs"])), abs=1e-9), r["name"]
        assert mine.name == r["name"]


@needs_oracle
@pytest.mark.skipif(not REAL, reason="the shared Papp workfiles (../shared/research/formats/papp/workfiles_derived) "
                    "are not present")
@pytest.mark.parametrize("workfile", REAL, ids=[p.parent.name for p in REAL])
def test_real_workfiles_rank_as_papp_ranks_them(workfile, tmp_path):
    compare(workfile)


@needs_oracle
@pytest.mark.parametrize("seed", range(60))
def test_generated_workfiles_rank_as_papp_ranks_them(seed, tmp_path):
    compare(write_trio(tmp_path, generated(seed)))


def _small(coef: float | None, bye: int = 24) -> Event:
    e = Event("Small", 4, coef, bye=bye)
    for no, (sn, fn) in enumerate([("ABE", "Ida"), ("BRANDT", "Ivo"), ("CHEN", "Cara"), ("DUNN", "Dev"),
                                   ("EVANS", "Eli")], 1):
        e.players[no] = (sn, fn, "F", None)
    everyone = {no: True for no in e.players}
    e.present = [everyone, {**everyone, 4: False}, {**everyone, 4: False, 5: False}, everyone]
    e.games = [[(1, 40, 2), (3, 32, 4)], [(5, 33, 1), (2, 30, 3)], [(1, 36, 3)], [(4, 44, 1), (2, 20, 5)]]
    e.after = {**everyone, 2: False}  # B leaves after the last round: every game against him is unplayed
    return e


@needs_oracle
@pytest.mark.parametrize("coef", [0, 3, 6, None])
@pytest.mark.parametrize("bye", [24, 32, 40])
def test_constants_byes_absences_returns_and_a_late_withdrawal(coef, bye, tmp_path):
    compare(write_trio(tmp_path, _small(coef, bye)))


def test_the_papp_rule_on_a_small_event(tmp_path):
    """Papp's rule, worked by hand (tiebreak.c PlayerTiebreak; results.c updateScores)."""
    t, standings = ours(write_trio(tmp_path, _small(6)))
    values = {r.start_no: dict(zip(standings.headings, r.values)) for r in standings.rows}
    # A: R1 40 v B (B is not present at the end: unplayed), R2 31 v E, R3 36 v C, R4 20 v D
    points = {no: v["PTS"] for no, v in values.items()}
    a = (31 + 6 * points[5]) + (36 + 6 * points[3]) + (20 + 6 * points[4]) + (32 + 6 * points[1])
    assert values[1]["BQ:preset=papp:coef=6"] == a
    # D was absent in rounds 2 and 3 (own absences: unplayed), present at the end
    d = (32 + 6 * points[3]) + (44 + 6 * points[1]) + 2 * (32 + 6 * points[4])
    assert values[4]["BQ:preset=papp:coef=6"] == d
    assert os.path.exists(tmp_path / "joueurs")


def test_papp_lists_a_full_tie_by_name(tmp_path):
    """enterPlayer.c sort_players: points, tie-break, discs, then the full name, case-insensitive."""
    e = _small(6)
    e.players[6], e.players[7] = ("de Groot", "Anne", "NL", None), ("DE GROOT", "Aart", "NL", None)
    for present in e.present:
        present.update({6: False, 7: False})
    e.after = {**e.after, 6: False, 7: False}
    t, standings = ours(write_trio(tmp_path, e))
    tail = [r for r in standings.rows if r.start_no in (6, 7)]
    assert [r.name for r in tail] == ["DE GROOT Aart", "de Groot Anne"] and tail[0].rank == tail[1].rank
