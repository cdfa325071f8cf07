"""The schema's number types are tokens with a pattern (libxml2 converts no value): each must
accept exactly what the XML Schema built-in type it stands for accepts, and the reader must be
able to convert every value it accepts."""

from __future__ import annotations

import itertools
import re
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from brightwell_plugin.adapters.xml.format import _num

XS = "http://www.w3.org/2001/XMLSchema"
SHIPPED = resources.files("brightwell_plugin.adapters.xml").joinpath("tournament.xsd").read_bytes()
NUMBER_PATTERN = etree.fromstring(SHIPPED).find(f"{{{XS}}}simpleType[@name='Number']//{{{XS}}}pattern").get("value")

# shipped type -> (the built-in type it replaces, a pattern the built-in carried, the reader's conversion)
STANDS_FOR = {
    "Integer": ("xs:integer", None, int),
    "PositiveInteger": ("xs:positiveInteger", None, int),
    "NonNegativeInteger": ("xs:nonNegativeInteger", None, int),
    "Number": ("xs:double", NUMBER_PATTERN, _num),
}


def _one_attribute_schema(type_xml: str, type_ref: str) -> etree.XMLSchema:
    return etree.XMLSchema(etree.fromstring(
        f'<xs:schema xmlns:xs="{XS}">{type_xml}<xs:element name="a"><xs:complexType>'
        f'<xs:attribute name="v" type="{type_ref}"/></xs:complexType></xs:element></xs:schema>'))


def _schemas(name: str) -> tuple[etree.XMLSchema, etree.XMLSchema]:
    shipped = etree.fromstring(SHIPPED).find(f"{{{XS}}}simpleType[@name='{name}']")
    builtin, pattern, _ = STANDS_FOR[name]
    if pattern is None:
        reference = _one_attribute_schema("", builtin)
    else:
        reference = _one_attribute_schema(
            f'<xs:simpleType name="R"><xs:restriction base="{builtin}">'
            f'<xs:pattern value="{pattern}"/></xs:restriction></xs:simpleType>', "R")
    return _one_attribute_schema(etree.tostring(shipped, encoding="unicode"), name), reference


FIXED = ["", " ", "0", "-0", "+0", "00", "-00", "007", "+007", "-007", " 5", "5 ", "\t5\n", "5 6", "1.0",
         "1.", ".5", "1e3", "1E+3", "-1.5e-3", "1e", "+", "-", "--1", "+-1", "\uff11", "\u0663", "0x1", "1_0",
         "12345678901234567890123", "-12345678901234567890123", "INF", "NaN", "-INF"]
SHORT = ["".join(p) for n in (1, 2, 3) for p in itertools.product("0+-1 .e", repeat=n)]


def _attribute(value: str) -> etree._Element:
    escaped = value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
    escaped = re.sub(r"[\t\n\r]", lambda m: f"&#{ord(m.group())};", escaped)
    return etree.fromstring(f'<a v="{escaped}"/>'.encode())


def _agree(name: str, values) -> None:
    shipped, reference = _schemas(name)
    convert = STANDS_FOR[name][2]
    for value in values:
        doc = _attribute(value)
        accepted = reference.validate(doc)
        assert shipped.validate(doc) == accepted, (name, value)
        if accepted:
            convert(doc.get("v"))  # the reader can take every value the schema lets through


@pytest.mark.parametrize("name", sorted(STANDS_FOR))
def test_shipped_type_accepts_what_the_builtin_accepts(name):
    _agree(name, FIXED + SHORT)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789+-.eE \t", max_size=12))
def test_shipped_types_agree_on_generated_values(value):
    for name in STANDS_FOR:
        _agree(name, [value])
