"""The native XML format: lossless round trip, schema, safe parsing, one-line errors."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from brightwell_plugin import api
from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.xml.format import NS, XmlFormat, schema
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.validate import validate
from lxml import etree
from support.make_fixtures import othello_open
from support.strategies import tournaments

FMT = XmlFormat()


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_write_then_read_gives_an_equal_tournament(tmp_path_factory, t):
    assert not [i for i in validate(t) if i.severity == "error"]
    path = tmp_path_factory.mktemp("rt") / "t.xml"
    data = FMT.dumps(t)
    path.write_bytes(data)
    assert FMT.read(ReadOptions(path)).tournament == t
    # the text writer lays the document out as lxml's serializer does (which cannot tell <a></a>,
    # what an empty text gives, from <a/> once parsed)
    again = etree.tostring(etree.fromstring(data), xml_declaration=True, encoding="UTF-8") + b"\n"
    assert again == re.sub(rb"<([a-z]+)([^<>]*)></\1>", rb"<\1\2/>", data)


def test_written_file_validates_against_the_shipped_schema(tmp_path):
    data = FMT.dumps(othello_open())
    assert schema().validate(etree.fromstring(data))


def test_sample_is_detected_and_loaded():
    loaded = api.load(api.sample_path())
    assert loaded.format == "xml" and len(loaded.tournament.players) == 9 and loaded.warnings == ()


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "bad.xml"
    p.write_text(text, encoding="utf-8")
    return p


def test_dtd_and_entities_are_refused(tmp_path):
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>\n'
            f'<tournament xmlns="{NS}" format-version="1" name="&b;"><scoring win="1" draw="0.5" loss="0" '
            'absent="0"/><players/></tournament>')
    with pytest.raises(BrightwellError, match="DOCTYPE"):
        api.load(_write(tmp_path, bomb))


def test_external_entity_is_not_fetched(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP SECRET")
    xxe = (f'<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY x SYSTEM "file://{secret}">]>\n'
           f'<tournament xmlns="{NS}" format-version="1" name="&x;"><scoring win="1" draw="0.5" loss="0" '
           'absent="0"/><players/></tournament>')
    with pytest.raises(BrightwellError) as err:
        api.load(_write(tmp_path, xxe))
    assert "TOP SECRET" not in str(err.value)


def test_truncated_xml_names_file_and_line(tmp_path):
    text = FMT.dumps(othello_open()).decode()
    p = _write(tmp_path, text[: len(text) // 2])
    with pytest.raises(BrightwellError) as err:
        api.load(p)
    msg = str(err.value)
    assert str(p) in msg and "line" in msg and "the file is cut short" in msg and "\n" not in msg


def test_schema_violation_names_the_line(tmp_path):
    text = FMT.dumps(othello_open()).decode().replace('kind="game"', 'kind="gaem"', 1)
    with pytest.raises(BrightwellError, match=r"line \d+: does not match the tournament schema.*gaem"):
        api.load(_write(tmp_path, text))


def test_inconsistent_results_are_a_validation_error(tmp_path):
    text = FMT.dumps(othello_open()).decode().replace('result="win"', 'result="draw"', 1)
    with pytest.raises(BrightwellError, match=r"player 1 \(Ada Lindqvist\), round 1: result draw against 6"):
        api.load(_write(tmp_path, text))


def test_newer_format_version_is_refused(tmp_path):
    text = FMT.dumps(othello_open()).decode().replace('format-version="1"', 'format-version="3"')
    with pytest.raises(BrightwellError, match="newer"):
        api.load(_write(tmp_path, text))


def test_text_xml_cannot_hold_is_a_clear_error():
    from dataclasses import replace
    t = replace(othello_open(), name="bell\x07")
    with pytest.raises(BrightwellError, match="cannot write XML: the tournament holds U[+]0007"):
        FMT.dumps(t)
    player = replace(t.players[0], name="ok", extra=(("note", "a\x00b"),))
    with pytest.raises(BrightwellError, match="player 1 holds U[+]0000"):
        FMT.dumps(replace(othello_open(), players=(player,) + othello_open().players[1:]))


def test_comments_and_processing_instructions_are_ignored(tmp_path):
    text = FMT.dumps(othello_open()).decode()
    text = (text.replace("<players>", "<players><!-- seeded by rating --><?app hint?>", 1)
                .replace('<round n="1"', '<!-- round one --><round n="1"', 1)
                .replace("</player>", "<!-- end --></player>", 1))
    assert FMT.read(ReadOptions(_write(tmp_path, text))).tournament == othello_open()
