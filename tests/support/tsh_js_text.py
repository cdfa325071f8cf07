"""A tourney.js as tsh writes it, built from the rules of its writer (tsh's JavaScript::Serializable,
read for these rules; no code of it here): ``newt=`` and the value, then ``;``. A value Perl left
undefined is ``undefined``; a text that reads as a number (``-?(\\d+|\\d*\\.\\d+)``) is written bare,
its leading zeros dropped; any other text quoted with ``"``, only ``"``, ``\\`` and a line break
escaped (the break as a backslash before it: a JavaScript line continuation); a list in ``[]`` and
a hash in ``{}``, its keys quoted and sorted, all without spaces. And the same tournament as a
formatter (Prettier) leaves it: keys unquoted where they can be, two-space indents, a comma after
each last item."""

from __future__ import annotations

import re

_NUMBER = re.compile(r"-?(?:\d+|\d*\.\d+)")
_IDENTIFIER = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def _quoted(text: str) -> str:
    return '"' + re.sub(r'(["\\\n])', r"\\\1", text) + '"'


def _scalar(value) -> str:
    if value is None:
        return "undefined"
    text = str(value)  # Perl keeps numbers and texts alike: a number is a text that reads as one
    if isinstance(value, bool) or not _NUMBER.fullmatch(text):
        return _quoted(text)
    return re.sub(r"^(-?)0+(\d)", r"\1\2", text)


def as_tsh_writes(value) -> str:
    """``value`` (dicts, lists, texts, numbers, None) as tsh's writer writes it."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{_quoted(str(k))}:{as_tsh_writes(value[k])}" for k in sorted(value)) + "}"
    if isinstance(value, list):
        return "[" + ",".join(as_tsh_writes(v) for v in value) + "]"
    return _scalar(value)


def tourney_js(tournament: dict) -> str:
    """A whole tourney.js of ``tournament`` (``config``, ``divisions`` …), as tsh saves it."""
    return f"newt={as_tsh_writes(tournament)};\n"


def as_formatted(value, indent: str = "") -> str:
    """``value`` as a formatter lays tsh's file out: keys bare where JavaScript allows, a comma after
    every item, the last included, one item a line."""
    inner = indent + "  "
    if isinstance(value, dict):
        items = [f"{inner}{k if _IDENTIFIER.fullmatch(str(k)) else _quoted(str(k))}: {as_formatted(value[k], inner)},"
                 for k in sorted(value)]
        return "{\n" + "\n".join(items) + f"\n{indent}}}" if items else "{}"
    if isinstance(value, list):
        items = [f"{inner}{as_formatted(v, inner)}," for v in value]
        return "[\n" + "\n".join(items) + f"\n{indent}]" if items else "[]"
    return _scalar(value)


def formatted_tourney_js(tournament: dict) -> str:
    return f"newt = {as_formatted(tournament)};\n"
