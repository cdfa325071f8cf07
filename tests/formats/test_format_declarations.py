"""What a format declares is four records (who it is, which files are an event, what a conversion
fills in, what it can hold); a plugin written before them, declaring each thing by itself, keeps
working: its declarations are gathered into the records, and the old names read and set them."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.adapters.declared import RECORDS
from brightwell_plugin.plugin import About, EventFiles, Fills, Format, Holds


class _OldStyle(Format):
    name = "old-style-test"
    title = "declared one by one"
    suffixes = (".old",)
    can_write = True
    set_suffixes = (".old", ".more")
    needs_results = True
    lacks = frozenset({"board"})


class _Child(_OldStyle):
    name = "old-style-child-test"
    carries_teams = True  # one more, the parent's kept


class _NewStyle(Format):
    name = "new-style-test"
    about = About("declared in records", (".new",), can_write=True)
    holds = Holds(carries_playoffs=True)


def test_declarations_made_one_by_one_are_gathered_into_the_records():
    assert _OldStyle.about == About("declared one by one", (".old",), can_write=True)
    assert _OldStyle.event_files == EventFiles(set_suffixes=(".old", ".more"))
    assert _OldStyle.fills == Fills(needs_results=True) and _OldStyle.holds == Holds(lacks=frozenset({"board"}))
    assert _Child.holds == Holds(lacks=frozenset({"board"}), carries_teams=True) and _Child.about == _OldStyle.about
    assert "can_write" not in vars(_OldStyle)  # the records hold it; the old name reads it there


def test_the_old_names_read_the_records_and_set_a_format_s_own_copy():
    fmt = _NewStyle()
    assert (fmt.title, fmt.suffixes, fmt.can_write, fmt.carries_playoffs) == ("declared in records", (".new",), True, True)
    assert _NewStyle.suffixes == (".new",) and fmt.output_name(Path("e")).name == "e.new"
    fmt.suffixes = (".other",)  # as a plugin's __init__ may set it
    assert fmt.about.suffixes == (".other",) and _NewStyle.about.suffixes == (".new",)


@pytest.mark.parametrize("name", sorted(api.formats()))
def test_every_built_in_declares_in_records_and_reads_the_same_by_either_name(name):
    fmt = api.formats()[name]
    assert not any(f.name in vars(type(fmt)) for kind in RECORDS.values() for f in fields(kind))
    for record, kind in RECORDS.items():
        for f in fields(kind):
            assert getattr(fmt, f.name) == getattr(getattr(fmt, record), f.name)
