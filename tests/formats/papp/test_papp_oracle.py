"""Papp's own standings code is the oracle of the Papp workfile reader and the ``papp`` rule, through
its stored answers: ``papp-standings.csv`` beside each trio, what Papp 1.37.1's parser and tie-break code
(results.c tieBreak_computation, tiebreak.c PlayerTiebreak, enterPlayer.c sort_players) computed on it
(../shared/research/programs/README.md). Each trio is ranked here with the file's own rule, and the
order, points, discs and BQ must agree. The trios: the real events in
``../shared/research/formats/papp/workfiles_derived/`` and the 112 in Papp's layout in
``../shared/research/programs/papp/generated/`` (byes, absences, withdrawals, late entries, returns,
coefficients 0/3/6/none). A trio Papp refused is refused here too.
"""

from __future__ import annotations

import csv
import io
import os
from pathlib import Path

import pytest
from support.papp_workfiles import Event, write_trio
from support.samples import research

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Side

REAL = sorted(research("formats", "papp", "workfiles_derived").glob("*/papp-internal-workfile.txt"))
STORED = sorted(research("programs", "papp", "generated").glob("*/papp-internal-workfile.txt"))


def papp(workfile: Path) -> tuple[dict[str, str], list[dict[str, str]]] | str:
    """Papp's stored standings of a trio: (its # facts, its rows), or the message of its refusal."""
    text = (workfile.parent / "papp-standings.csv").read_text(encoding="utf-8")
    facts = dict(line[2:].split("=", 1) for line in text.splitlines() if line.startswith("# ") and "=" in line)
    if "error" in facts:
        return facts["error"]
    body = "".join(line + "\n" for line in text.splitlines() if not line.startswith("#"))
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
    assert int(facts["rounds_validated"]) == standings.after_round == api.progress(t).played
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


@pytest.mark.parametrize("workfile", REAL or [pytest.param(None, marks=pytest.mark.skip(
    reason="the shared Papp workfiles (../shared/research/formats/papp/workfiles_derived) are not present"))],
    ids=lambda p: p.parent.name if p else "none")
def test_real_workfiles_rank_as_papp_ranks_them(workfile):
    compare(workfile)


@pytest.mark.parametrize("workfile", STORED or [pytest.param(None, marks=pytest.mark.skip(
    reason="Papp's stored answers (../shared/research/programs/papp) are not present"))],
    ids=lambda p: p.parent.name if p else "none")
def test_stored_workfiles_rank_as_papp_ranks_them(workfile):
    """Byes, absences, returns, late entries and withdrawals, coefficients 0, 3, 6 and none."""
    compare(workfile)


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


def test_the_round_in_progress_is_paired_and_ranked_as_papp_ranks_after_the_closed_rounds(tmp_path):
    """The couples Papp has made for the next round, ``(B W)`` without discs, are pairings without
    results (Black first); a player not present for it has no record; the standings are those after
    the last closed round, as Papp ranks them, who is present for the next round still counted."""
    closed = _small(6)
    closed.rounds = 5
    t0, before = ours(write_trio(tmp_path / "closed", closed))
    pairing = _small(6)
    pairing.rounds, pairing.in_progress = 5, [(1, 3), (5, 4)]
    t, standings = ours(write_trio(tmp_path / "open", pairing))
    assert api.progress(t) == api.Progress(planned=5, played=4, paired=5)
    assert [(e.kind, e.opponent, e.side) for e in (t.player(1).rounds[4], t.player(3).rounds[4])] == [
        (Kind.PAIRED, 3, Side.FIRST), (Kind.PAIRED, 1, Side.SECOND)]
    assert len(t.player(2).rounds) == 4 and t.player(2).withdrawn_after == 4  # gone before round 5
    assert [(r.start_no, r.values) for r in standings.rows] == [(r.start_no, r.values) for r in before.rows]
    assert standings.after_round == 4 and api.load(write_trio(tmp_path / "open", pairing)).warnings == ()
