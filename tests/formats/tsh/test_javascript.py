"""The JavaScript of a tourney.js read as data (adapters/tsh/javascript.py): what tsh's writer and a
formatter write, JSON's meaning for JSON, one-line errors naming the line and the column, and work
linear in the text."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brightwell_plugin.adapters.tsh.javascript import MAX_DEPTH, load_javascript
from brightwell_plugin.errors import BrightwellError
from support.tsh_js_text import as_formatted, as_tsh_writes

# a raw carriage return ends no JavaScript string well (tsh escapes none: its file would not load either)
_TEXT = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\r"), max_size=12)
_KEY = st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\r\n"), max_size=12)
_VALUES = st.recursive(st.none() | st.integers(-10**9, 10**9) | _TEXT,
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEY, inner, max_size=4),
                       max_leaves=30)


@pytest.mark.parametrize("text, value", [
    ('newt={"a":[undefined,{"b":1}],"c":-.5,"d":.25};\n', {"a": [None, {"b": 1}], "c": -0.5, "d": 0.25}),
    ("newt = {\n  config: { max_rounds: 7, },\n  divisions: [1, 2,],\n};\n", {"config": {"max_rounds": 7},
                                                                             "divisions": [1, 2]}),
    ('// tsh\n/* saved */ newt = {"name": "a\\\nb", "q": \'it\\\'s\'}', {"name": "ab", "q": "it's"}),
    ('{"e": "\\u00e9\\x41\\u{1F600}\\t\\/\\0"}', {"e": "éA\U0001F600\t/\0"}),
    ('\ufeffnewt={"x":null,"t":true,"f":false,"n":1e3}', {"x": None, "t": True, "f": False, "n": 1000.0}),
    ("[]", []), ("{}", {}), ('"x"', "x"),
])
def test_what_tsh_and_a_formatter_write_is_read(text, value):
    assert load_javascript(text, "t.js") == value


@pytest.mark.parametrize("text, place, said", [
    ('newt={"a":1', "line 1, column 12", "expected ',' or '}', found 'the end'"),
    ('newt={\n"a" 1}', "line 2, column 5", "expected ':' after the key 'a'"),
    ("newt=[1,,2]", "line 1, column 9", "expected a value, found ','"),
    ('newt={"a": NaN}', "line 1, column 12", "NaN is no number a tournament holds"),
    ('newt={"a": "b\nc"}', "line 1, column 12", "a string that does not end on its line"),
    ('newt={"a": "\\ud800"}', "line 1, column 12", "half of a UTF-16 pair, alone"),
    ('newt={"a": "\\x4"}', "line 1, column 12", "the escape \\x4 is not one JavaScript reads"),
    ("newt={} extra", "line 1, column 9", "unexpected 'extra' after the tournament"),
    ("alert(1)", "line 1, column 1", "expected 'newt =' and the tournament"),
    ("newt=" + "1" * 40, "line 1, column 6", "a whole number of 40 digits"),
    ("newt=1e400", "line 1, column 6", "out of range"),
    ("newt=/* never closed", "line 1, column 6", "a comment that never ends"),
    ("newt=" + "[" * (MAX_DEPTH + 1), f"line 1, column {6 + MAX_DEPTH}", f"nest deeper than {MAX_DEPTH}"),
])
def test_a_fault_is_one_line_naming_the_line_and_column(text, place, said):
    with pytest.raises(BrightwellError) as fault:
        load_javascript(text, "t.js")
    message = str(fault.value)
    assert message.startswith(f"t.js: {place}: not a tsh tourney.js: ") and said in message
    assert "\n" not in message


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(value=_VALUES)
def test_json_tsh_s_writing_and_a_formatters_read_as_the_value_they_write(value):
    assert load_javascript(json.dumps(value), "t.js") == value
    meant = _as_perl_keeps(value)  # tsh writes a text that reads as a number bare, a break as a continuation
    assert load_javascript(as_tsh_writes(value), "t.js") == meant
    assert load_javascript(as_formatted(value), "t.js") == meant


def _as_perl_keeps(value):
    """What tsh's file means: a text that reads as a number is that number (Perl keeps no difference)."""
    import re
    if isinstance(value, dict):
        return {k: _as_perl_keeps(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_as_perl_keeps(v) for v in value]
    if isinstance(value, str) and re.fullmatch(r"-?(?:\d+|\d*\.\d+)", value):
        number = float(value) if "." in value else int(value)
        return number
    return value.replace("\n", "") if isinstance(value, str) else value  # a break: a line continuation


@pytest.mark.slow
def test_the_work_is_linear_in_the_text():
    """Ten times the text, about ten times the time (a quadratic reader would take a hundred)."""
    def seconds(n: int) -> float:
        text = "newt=" + as_tsh_writes({"players": [None] + [{"name": f"P {k}", "scores": [400, 350, 399]}
                                                             for k in range(n)]})
        start = time.process_time()
        load_javascript(text, "t.js")
        return time.process_time() - start
    small, large = min(seconds(2_000) for _ in range(3)), min(seconds(20_000) for _ in range(3))
    assert large < 30 * small
