"""Every writable format into every other: the standings survive; what cannot, is listed."""

from __future__ import annotations

import pytest

from brightwell_plugin import api
from make_fixtures import papp_event, scrabble_day

OTHELLO = {"xml": ".xml", "trf": ".trf", "swissperfect": ".trn", "papp": ".elo"}
SCRABBLE = {"xml": ".xml", "trf": ".trf", "swissperfect": ".trn", "tsh": ".t"}
CASES = [("othello", papp_event, OTHELLO, "PTS,BQ:preset=woc,DISCS"),
         ("scrabble", scrabble_day, SCRABBLE, "PTS,SPREAD,BQ:preset=cas:u=0")]


@pytest.mark.parametrize("label, build, formats, spec", CASES, ids=[c[0] for c in CASES])
def test_every_pair_of_formats(tmp_path, label, build, formats, spec):
    t = build()
    expected = api.rank(t, spec).rows
    for a, sa in formats.items():
        source = tmp_path / f"{label}_{a}{sa}"
        api.write(t, source, a)
        for b, sb in formats.items():
            target = tmp_path / f"{label}_{a}_to_{b}{sb}"
            loaded, lost = api.convert(source, target, b)
            got = api.rank(api.load(target).tournament, spec).rows
            assert [(r.start_no, r.values) for r in got] == [(r.start_no, r.values) for r in expected], \
                (a, b, lost)


def test_the_event_dates_are_carried_where_the_target_has_a_place(tmp_path):
    """TRF (042/052), the native XML, EGD (DT[start,end]) hold both dates; Swiss Perfect neither:
    the conversion names each date it drops."""
    from dataclasses import replace
    t = replace(papp_event(), start_date="2026-07-04", end_date="2026-07-05")
    source = tmp_path / "event.xml"
    api.write(t, source, "xml")
    for fmt, suffix in (("xml", ".xml"), ("trf", ".trf")):
        target = tmp_path / f"dates{suffix}"
        _, report = api.convert(source, target, fmt)
        back = api.load(target).tournament
        assert (back.start_date, back.end_date) == ("2026-07-04", "2026-07-05"), fmt
        assert not any("date" in x for x in report.metadata_lost), fmt
    assert "052 2026/07/05" in (tmp_path / "dates.trf").read_text().splitlines()
    _, report = api.convert(source, tmp_path / "dates.trn", "swissperfect")
    assert "the end date" in report.metadata_lost and "the start date" in report.metadata_lost


def test_a_writers_refusal_names_the_file_being_written(tmp_path):
    from dataclasses import replace
    t = papp_event()
    moved = {p.start_no: p.start_no * 10 for p in t.players}  # numbers a pairing engine cannot take
    t = replace(t, players=tuple(replace(p, start_no=moved[p.start_no], rounds=tuple(
        replace(e, opponent=moved[e.opponent]) if e.opponent else e for e in p.rounds)) for p in t.players))
    source = tmp_path / "event.xml"
    api.write(t, source, "xml")
    with pytest.raises(api.BrightwellError, match=r"^.*out\.trf: start numbers must run 1\.\."):
        api.convert(source, tmp_path / "out.trf", "trf")


@pytest.mark.parametrize("build, fmt, suffix, message", [
    (scrabble_day, "papp", ".elo", "an ELO export holds Othello games (discs out of 64), and this is a scrabble event"),
    (papp_event, "tsh", ".t", "a tsh file holds Scrabble games (a result is read from both scores), and this is "
                              "an othello event"),
    (papp_event, "egd", ".h9", "an EGD file holds Go results, and this is an othello event"),
])
def test_a_writer_for_one_game_refuses_the_others(tmp_path, build, fmt, suffix, message):
    source = tmp_path / "event.xml"
    api.write(build(), source, "xml")
    target = tmp_path / f"out{suffix}"
    with pytest.raises(api.BrightwellError) as caught:
        api.convert(source, target, fmt)
    assert str(caught.value) == f"{target}: {message}"
    assert list(tmp_path.iterdir()) == [source]
