"""The native XML's teams (format-version 2): a team event written and read back is the same
event, valid against the published schema; an individual event is still written as version 1;
a teams element whose parts disagree is refused naming the element."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from support.make_fixtures import FIXTURES
from support.team_events import team_events

from brightwell_plugin import api
from brightwell_plugin.adapters.xml.format import XmlFormat, parse_safely, schema
from brightwell_plugin.errors import BrightwellError


def _through_xml(tmp_path: Path, t):
    path = tmp_path / "event.xml"
    path.write_bytes(XmlFormat().dumps(t))
    assert schema().validate(parse_safely(path)), schema().error_log.last_error
    return path, api.load(path).tournament


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(team_events())
def test_a_team_event_written_as_xml_reads_back_the_same_and_ranks_alike(tmp_path, event):
    trf = tmp_path / "event.trf"
    trf.write_bytes(event[0])
    t = replace(api.load(trf).tournament, origin=None)
    path, back = _through_xml(tmp_path, t)
    assert back == t
    assert b'format-version="2"' in path.read_bytes()
    for items in ("MPTS,GPTS,EGGSB,BH:MP", "MPTS,EDEBB,BC,SSSC"):
        assert api.rank(back, items).rows == api.rank(t, items).rows


def test_the_team_fixture_and_a_real_team_event_convert_to_xml_with_nothing_lost(tmp_path):
    _, report = api.convert(FIXTURES / "teams.trf", tmp_path / "teams.xml")
    assert not report.lost
    assert api.load(tmp_path / "teams.xml").tournament.teams == api.load(FIXTURES / "teams.trf").tournament.teams


def test_an_individual_event_is_still_written_as_version_1(tmp_path):
    data = XmlFormat().dumps(api.load(FIXTURES / "othello_open.xml").tournament)
    assert b'format-version="1"' in data and b"<teams" not in data


def _fixture_text() -> str:
    return (FIXTURES / "teams.xml").read_text(encoding="utf-8")


@pytest.mark.parametrize(("old", "new", "message"), [
    ('members="1 2 3"', 'members="1 2 99"', "team 1 names player 99, who does not exist"),
    ('members="4 5 6"', 'members="4 5 1"', "player 1 is on two teams: 1 and 2"),
    ('<match round="1" first="1" second="2"', '<match round="1" first="1" second="9"',
     "a match of round 1 names team 9, which does not exist"),
    ('<board n="1" first="1" second="4"', '<board n="1" first="7" second="4"',
     "board 1 of the round 1 match: player 7 is on team 3, not team 1"),
])
def test_teams_whose_parts_disagree_are_refused_naming_the_element(tmp_path, old, new, message):
    text = _fixture_text()
    assert old in text
    path = tmp_path / "bad.xml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(BrightwellError, match=message) as caught:
        api.load(path)
    assert "line" in str(caught.value)


def test_a_team_number_given_twice_is_refused_by_the_reader_and_the_schema(tmp_path):
    path = tmp_path / "twice.xml"
    path.write_text(_fixture_text().replace('<team number="2"', '<team number="1"', 1), encoding="utf-8")
    with pytest.raises(BrightwellError, match="line 68: team number 1 is given twice"):
        api.load(path)
    assert not schema().validate(parse_safely(path))


@pytest.mark.parametrize("old, new, message", [
    ('strength="0"', 'strength="1e999"', "'1e999' is not a finite number"),
    ('win="3"', 'win="1e300"', "not a finite number of a sensible size"),
])
def test_a_team_number_beyond_any_sensible_size_is_refused_in_one_line(tmp_path, old, new, message):
    """Found by the fuzzer: a team's strength of 1e999 was read as infinity and failed the ranking."""
    path = tmp_path / "teams.xml"
    path.write_text(_fixture_text().replace(old, new, 1), encoding="utf-8")
    with pytest.raises(BrightwellError, match=message):
        api.load(path)
