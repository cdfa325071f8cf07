"""Go: OpenGotha's McMahon criteria, EGD h9/h10 and the FFG .tou, on fixtures and the real files."""

from __future__ import annotations


import pytest

from brightwell_plugin import api
from brightwell_plugin.adapters.go.egd import EgdFormat
from brightwell_plugin.model import Kind
from brightwell_plugin.errors import BrightwellError
from support.make_fixtures import FIXTURES
from support.samples import needs_shared, present, real_files, research

GO = FIXTURES / "go"
SHARED = research("formats", "go")
SPEC = "MMS,SOSM,SOSOSM"

# The fixture's values by hand (tests/support/make_fixtures.py mcmahon_xml; zero 30K, floor 10K, bar 1D):
# initial MMS = rank + 30 clamped to 20..30: Alpha 3D 30, Beta 1K 29, Gamma 5K 25, Delta 8K 22,
# Epsilon 15K 20 (floor), Zeta 12K 20 (floor).
MMS = {1: 30 + 2.5, 2: 29 + 1, 3: 25 + 1.5, 4: 22 + 1,
       5: 20 + 1 + 1,  # both-win, bye (2 half points, a whole one)
       6: 20 + 1 + 0 + 1}  # both-win, absent (1 half point, rounded down to 0), a win
SOSM = {1: MMS[2] + MMS[4] + MMS[3],
        2: MMS[1] + MMS[3] + MMS[5],
        3: (MMS[4] + 2) + MMS[2] + MMS[1],  # Gamma had White giving 2 stones: + 2
        4: (MMS[3] - 2) + MMS[1] + MMS[6],  # Delta had Black with 2 stones: - 2
        5: MMS[6] + 20 + MMS[2],  # the bye counts a virtual opponent of Epsilon's initial score
        6: MMS[5] + 20 + MMS[4]}  # so does the absence
SOSOSM = {1: SOSM[2] + SOSM[4] + SOSM[3], 2: SOSM[1] + SOSM[3] + SOSM[5], 3: SOSM[4] + SOSM[2] + SOSM[1],
          4: SOSM[3] + SOSM[1] + SOSM[6], 5: SOSM[6] + 20 * 3 + SOSM[2], 6: SOSM[5] + 20 * 3 + SOSM[4]}


def _values(t, spec=SPEC):
    return {r.start_no: r.values for r in api.rank(t, spec).rows}


def test_mcmahon_criteria_as_opengotha_computes_them():
    t = api.load(GO / "mcmahon.opengotha.xml").tournament
    assert t.tiebreaks == ("MMS", "SOSM", "SOSOSM")
    values = _values(t)
    assert values == {no: (MMS[no], SOSM[no], SOSOSM[no]) for no in MMS}
    assert [r.start_no for r in api.rank(t).rows] == [1, 2, 3, 4, 5, 6]  # 5 and 6 tie on MMS; SOSM decides


def test_the_h9_export_publishes_the_same_values_and_check_agrees():
    loaded = api.load(GO / "mcmahon.h9")
    t = loaded.tournament
    assert loaded.format == "egd" and t.tiebreaks == ("MMS", "SOSM", "SOSOSM") and t.rounds == 3
    standings, rows = api.check(t)
    assert [r for r in rows if r.differs] == [] and all(len(r.published) == 3 for r in rows)
    assert _values(t) == {no: (MMS[no], SOSM[no], SOSOSM[no]) for no in MMS}
    # the initial scores came from the stored MMS (absences rounded down: found from Zeta's line)
    assert dict(t.player(6).extra)["go mms initial"] == "20" and ("go genRoundDownNBWMMS", "true") in t.metadata


def test_h9_written_back_reads_the_same(tmp_path):
    t = api.load(GO / "mcmahon.h9").tournament
    out = tmp_path / "again.h9"
    api.write(t, out)
    back = api.load(out).tournament
    assert [p.rounds for p in back.players] == [p.rounds for p in t.players]
    assert [(p.name, p.stored_rank, p.extra) for p in back.players] == [(p.name, p.stored_rank, p.extra)
                                                                        for p in t.players]
    assert EgdFormat().cannot_carry(t) == []


def test_an_event_converted_to_h9_keeps_results_and_order(tmp_path):
    t = api.load(GO / "mcmahon.opengotha.xml").tournament
    out = tmp_path / "from_xml.h9"
    _, report = api.convert(GO / "mcmahon.opengotha.xml", out)  # placement and MMS, SOS, SOSOS published
    assert report.standings_lost == [] and report.moved == ()
    back = api.load(out).tournament
    assert [p.name for p in back.players] == [p.name for p in t.players]
    games = [[(e.kind, e.opponent, e.result) for e in p.rounds if e.opponent] for p in t.players]
    assert [[(e.kind, e.opponent, e.result) for e in p.rounds if e.opponent] for p in back.players] == games
    # Zeta's absence worth half a point is "0=": read back as a round without a game worth a draw
    assert back.player(6).rounds[1].kind is Kind.HALF_BYE and t.player(6).rounds[1].kind is Kind.ABSENT
    assert _values(back) == _values(t)  # the MMS column carries the initial scores: the standings survive


def test_ffg_tou_reads_with_bar_and_floor_given():
    loaded = api.load(GO / "mcmahon.tou")
    t = loaded.tournament
    assert loaded.format == "ffg-tou" and t.start_date == "2026-02-07" and t.rounds == 3
    assert dict(t.player(1).ids)["ffg"] == "0100001" and t.player(2).ids == ()
    # a .tou stores neither bar nor floor: given as parameters, the McMahon values are the event's
    spec = "MMS:bar=1D:floor=10K:absent=0,SOSM:bar=1D:floor=10K:absent=0"
    assert _values(t, spec) == {no: (MMS[no], SOSM[no]) for no in MMS}
    assert [p.stored_rank for p in t.players] == [1, 2, 3, 4, 5, 6]


def _real(folder):
    return sorted((SHARED / folder).glob("*")) if SHARED.exists() else []


@needs_shared(SHARED)
def test_every_real_go_file_reads():
    files = sorted(p for p in SHARED.rglob("*") if p.is_file() and p.suffix in (".xml", ".h9", ".tou"))
    assert len(files) >= 36
    for f in files:
        t = api.load(f).tournament
        assert t.players and api.rank(t).rows, f


@needs_shared(SHARED)
def test_real_h9_published_values_are_reproduced():
    t = api.load(SHARED / "egd_h9" / "og_ioct_20_02.h9").tournament
    assert [r for r in api.check(t)[1] if r.differs] == []
    chinois = api.load(SHARED / "egd_h9" / "og_TournoiChinois.h9").tournament
    assert [r for r in api.check(chinois)[1] if r.differs] == []
    # players 7 and 8 were paired and have no result yet: a pairing, counted in SOS as OpenGotha counts it
    assert [chinois.player(no).rounds[0].kind for no in (7, 8)] == [Kind.PAIRED, Kind.PAIRED]


def test_the_event_dates_are_read_from_opengotha_and_egd():
    t = api.load(FIXTURES / "go" / "mcmahon.opengotha.xml").tournament
    assert (t.start_date, t.end_date) == ("2026-02-07", "2026-02-08")
    t = api.load(FIXTURES / "go" / "mcmahon.h9").tournament
    assert (t.start_date, t.end_date) == ("2026-02-07", "2026-02-07")


def test_an_opengotha_event_written_as_h9_is_opengothas_own_export(tmp_path):
    """TournoiChinois, saved by OpenGotha after round 1 of 5, and OpenGotha's own h9 export of it: the
    same bytes, but for the program's name and TM (3.49 counted 120 s a byo-yomi period, 3.51 counts 45)."""
    source = SHARED / "opengotha_remote" / "ogremote_20200918151326_TournoiChinois.xml"
    present(source)
    target = tmp_path / "chinois.h9"
    api.convert(source, target, "egd")
    ours = target.read_bytes().decode("iso-8859-15").splitlines()
    theirs = (SHARED / "egd_h9" / "og_TournoiChinois.h9").read_bytes().decode("iso-8859-15").splitlines()
    differ = [(a, b) for a, b in zip(ours, theirs) if a != b]
    assert len(ours) == len(theirs) and differ == [("; TM[82]", "; TM[120]"),
                                                   ("; Generated by brightwell-plugin", "; Generated by OpenGotha 3.49.06")]


def test_every_go_criterion_explains_every_player_with_its_ranked_value():
    """Each of OpenGotha's criteria explained (DC, SDC, CAT and RANK included), the value
    explained being the one ranked."""
    from brightwell_plugin.plugins.builtins import BUILTINS
    codes = next(b.criteria for b in BUILTINS if b.module.endswith("mcmahon"))
    t = api.load(GO / "mcmahon.opengotha.xml").tournament
    spec = ",".join(("MMS", *codes))
    explained = api.explain_everyone(t, spec)
    ranked = {r.start_no: r.values for r in api.rank(t, spec).rows}
    for explanations in explained:
        assert [e.value for e in explanations] == list(ranked[explanations[0].start_no])


@pytest.mark.slow
@pytest.mark.parametrize("path", real_files("", "*.xml", holding=b"<Tournament "))
def test_every_real_opengotha_file_explains_every_player(path):
    try:
        t = api.load(path).tournament
    except BrightwellError as exc:
        pytest.skip(f"refused by rule: {exc}")  # what is refused, and why, issue-by-issue tests say
    assert len(api.explain_everyone(api.players_view(t))) == len(t.players)


@pytest.mark.parametrize("name, marks", [("mcmahon.h9", ("   0+   ", "   0=   ", "   0-   ")),
                                         ("mcmahon.tou", ("    0+", "    0=", "    0-"))])
def test_a_round_to_come_exported_at_the_absence_value_is_no_pairing(tmp_path, name, marks):
    """OpenGotha exports a round not yet paired with each player it has marked absent at the absence
    value (``0+`` or ``0=``), the others ``0-``: byes asked for ahead of that worth, not the pairing
    bye; the round is neither played nor paired."""
    lines = (GO / name).read_text(encoding="iso-8859-15").splitlines()
    players = [n for n, line in enumerate(lines) if not line.startswith(";")]
    for k, n in enumerate(players):
        lines[n] += marks[min(k, 2)]  # Alpha worth a win, Beta a draw, the others nothing
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="iso-8859-15")
    t = api.load(path).tournament
    assert api.progress(t) == api.Progress(planned=4, played=3, paired=3)
    assert [len(p.rounds) for p in t.players] == [4, 4, 3, 3, 3, 3]
    assert (t.player(1).rounds[3].kind, t.player(2).rounds[3].kind) == (Kind.FULL_BYE, Kind.HALF_BYE)
    assert t.player(5).rounds[1].kind is Kind.PAB  # a lone 0+ in a round with games: the pairing bye
