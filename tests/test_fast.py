"""brightwell_plugin.fast agrees with the plain model it speeds up, on generated events."""

from __future__ import annotations

import dataclasses
import gc
import inspect

import pytest
from hypothesis import HealthCheck, given, settings
from support.strategies import tournaments

from brightwell_plugin import fast
from brightwell_plugin.api import _with_result
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side
from brightwell_plugin.standings import Row, new_row


def field_values(obj) -> dict:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


@pytest.mark.parametrize("cls, make", [(RoundEntry, fast.new_entry), (Player, fast.new_player), (Row, new_row)])
def test_constructor_has_the_dataclass_parameters_and_defaults(cls, make):
    def shape(f):
        return [(p.name, p.kind, p.default) for p in inspect.signature(f).parameters.values()]
    assert shape(make) == shape(cls)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_fast_constructors_make_what_the_plain_ones_make(t):
    for p in t.players:
        for e in p.rounds:
            values = field_values(e)
            made = fast.new_entry(**values)
            assert type(made) is RoundEntry and made == RoundEntry(**values) and hash(made) == hash(e)
            assert fast.new_entry(*values.values()) == e
        values = field_values(p)
        made = fast.new_player(**values)
        assert type(made) is Player and made == Player(**values) == p and hash(made) == hash(p)
        assert _with_result(p, 7.5, 3) == dataclasses.replace(p, stored_points=7.5, stored_rank=3)
    assert new_row(1, 2, "x", (1.0,)) == Row(1, 2, "x", (1.0,))


def test_fast_objects_stay_frozen_and_take_defaults():
    e = fast.new_entry(Kind.GAME, 3)
    assert e == RoundEntry(Kind.GAME, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.score = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        fast.new_entry()  # type: ignore[call-arg]
    assert dataclasses.replace(fast.new_player(1, "A"), rating=1900) == Player(1, "A", rating=1900)


def test_member_names_are_the_members():
    for enum, alias in ((Kind, {"ABSENT": "ABSENT_KIND"}), (Result, {}), (Side, {})):
        for member in enum:
            assert getattr(fast, alias.get(member.name, member.name)) is member
    assert fast.REVERSED == {r: r.reverse for r in Result}


@pytest.mark.parametrize("enabled", [True, False])
def test_gc_paused_restores_the_collector(enabled):
    (gc.enable if enabled else gc.disable)()
    try:
        with fast.gc_paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError), fast.gc_paused():
            1 / 0
        assert gc.isenabled() is enabled
    finally:
        gc.enable()
