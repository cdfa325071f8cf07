"""The XML reader validates round attributes itself (looked up, not matched by libxml2) and sends
what it cannot vouch for to the full schema: it must accept exactly what ``tournament.xsd``
accepts, read the same values, and word a refusal as the schema does."""

from __future__ import annotations

import re
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.xml.format import NS, ROUND_ATTRIBUTES, _num, _Q, XmlFormat, reader_schema, schema
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, Side
from support.make_fixtures import othello_open

FMT = XmlFormat()
SHIPPED_SCHEMA = resources.files("brightwell_plugin.adapters.xml").joinpath("tournament.xsd").read_bytes()
FIELDS = {"opponent": ("opponent", int), "score": ("score", _num), "opp-score": ("opp_score", _num),
          "kind": ("kind", Kind), "result": ("result", Result), "side": ("side", Side),
          "rated": ("rated", lambda v: v.strip(" \t\n\r") in ("true", "1"))}  # xs:boolean, whitespace collapsed
TRICKY = ["0", "1", "6", "06", "+6", " 6", "6 ", "\t6", "-6", "6.0", "6e1", "-0", "9999", "10000", "99999",
          "\u0666", "\uff16", "6_0", "", "game", "win", "first", "second", "loss", "draw", "full-bye", "pab",
          " game", "Game", "win ", "absent", "forfeit-win", "1e400", "NaN", "12345678901234567890",
          "true", "false", " true", "yes", "True"]
VALUES = st.one_of(st.text(alphabet="0123456789+-.eE \t", max_size=6),
                   st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=4))


def _document(general: bool) -> etree._Element:
    root = etree.fromstring(FMT.dumps(othello_open()))
    first = root.find(f"{_Q}players/{_Q}player/{_Q}round")
    if general:  # an attribute the usual game does not carry: the reader's general path
        first.set("rated", "false")
    return root


def _read(tmp_path: Path, root: etree._Element):
    path = tmp_path / "t.xml"
    path.write_bytes(etree.tostring(root, xml_declaration=True, encoding="UTF-8"))
    return FMT.read(ReadOptions(path)).tournament


def _schema_message(root: etree._Element) -> str:
    s = schema()
    assert not s.validate(root)
    return s.error_log.last_error.message.replace("{%s}" % NS, "")


def _agree(tmp_path, general, attribute, value):
    root = _document(general)
    root.find(f"{_Q}players/{_Q}player/{_Q}round").set(attribute, value)
    if schema().validate(root):
        entry = _read(tmp_path, root).players[0].rounds[0]
        field, convert = FIELDS[attribute]
        assert getattr(entry, field) == convert(value), (attribute, value)
        assert type(getattr(entry, field)) is type(convert(value)), (attribute, value)
    else:
        with pytest.raises(BrightwellError) as err:
            _read(tmp_path, root)
        assert _schema_message(root) in str(err.value), (attribute, value)


@pytest.mark.parametrize("general", [False, True])
def test_reader_accepts_exactly_what_the_schema_accepts_of_each_tricky_value(tmp_path, general):
    for attribute in FIELDS:
        for value in TRICKY:
            _agree(tmp_path, general, attribute, value)


@pytest.mark.parametrize("general", [False, True])
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(attribute=st.sampled_from(sorted(FIELDS)), value=VALUES)
def test_reader_accepts_exactly_what_the_schema_accepts(tmp_path, general, attribute, value):
    _agree(tmp_path, general, attribute, value)


@pytest.mark.parametrize("n, ok", [("1", True), ("01", True), ("+1", True), (" 1 ", True), ("0", False),
                                   ("-1", False), ("1.0", False), ("\u0661", False), ("", False)])
def test_round_numbers_are_checked_like_the_schema(tmp_path, n, ok):
    root = _document(general=True)
    root.find(f"{_Q}players/{_Q}player/{_Q}round").set("n", n)
    assert schema().validate(root) is ok
    if ok:
        expected = othello_open().players[0].rounds
        assert _read(tmp_path, root).players[0].rounds == (replace(expected[0], rated=False), *expected[1:])
    else:
        with pytest.raises(BrightwellError, match=re.escape(_schema_message(root))):
            _read(tmp_path, root)


XS = "{http://www.w3.org/2001/XMLSchema}"
NAMES = ["colour", "N", "Kind", "rated", "score", "{urn:elsewhere}note", "{http://www.w3.org/XML/1998/namespace}lang",
         f"{{{NS}}}score"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(general=st.booleans(), added=st.lists(st.sampled_from(NAMES), max_size=2, unique=True),
       removed=st.lists(st.sampled_from(sorted(FIELDS) + ["n", "kind"]), max_size=2, unique=True))
def test_reader_refuses_exactly_the_attributes_the_schema_refuses(tmp_path, general, added, removed):
    root = _document(general)
    first = root.find(f"{_Q}players/{_Q}player/{_Q}round")
    for name in added:
        first.set(name, "1")
    for name in removed:
        first.attrib.pop(name, None)
    if schema().validate(root):
        assert _read(tmp_path, root).players[0].rounds[0].rated is (first.get("rated", "true") in ("true", "1"))
    else:
        with pytest.raises(BrightwellError) as err:
            _read(tmp_path, root)
        assert _schema_message(root) in str(err.value)


def test_the_reader_knows_every_round_attribute_the_schema_declares():
    published = etree.fromstring(SHIPPED_SCHEMA)
    declared = {a.get("name") for a in published.iterfind(f"{XS}complexType[@name='RoundType']/{XS}attribute")}
    assert declared == ROUND_ATTRIBUTES


def test_a_repeated_start_number_is_refused_with_the_schema_line(tmp_path):
    root = _document(general=False)
    players = root.find(f"{_Q}players")
    players[4].set("start-no", "2")
    assert reader_schema().validate(root)  # the reader's own check finds it, the full schema words it
    with pytest.raises(BrightwellError) as err:
        _read(tmp_path, root)
    assert _schema_message(root) in str(err.value) and f"line {players[4].sourceline}" in str(err.value)


def test_the_reader_schema_is_the_published_one_less_round_values_and_uniqueness():
    valid = etree.fromstring(FMT.dumps(othello_open()))
    broken = etree.fromstring(FMT.dumps(othello_open()))
    broken.find(f"{_Q}players/{_Q}player").set("rating", "high")  # a player attribute: still checked there
    assert reader_schema().validate(valid) and not reader_schema().validate(broken)
