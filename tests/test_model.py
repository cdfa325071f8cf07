"""The model: frozen dataclasses; the fast constructors behave as the generated ones."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side
from brightwell_plugin.standings import Row


@pytest.mark.parametrize("cls", [RoundEntry, Player, Row])
def test_fast_init_has_the_fields_parameters_and_defaults(cls):
    params = list(inspect.signature(cls.__init__).parameters.values())[1:]
    assert [(p.name, p.default) for p in params] == [
        (f.name, inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default)
        for f in dataclasses.fields(cls)]


def test_fast_init_fills_every_field_and_stays_frozen():
    e = RoundEntry(Kind.GAME, 3, Result.WIN, Side.FIRST, 40, 24, rated=False, handicap=2)
    assert dataclasses.astuple(e) == (Kind.GAME, 3, Result.WIN, Side.FIRST, 40, 24, False, 2)
    e = dataclasses.replace(e, handicap=0)
    assert e == RoundEntry(kind=Kind.GAME, opponent=3, result=Result.WIN, side=Side.FIRST, score=40,
                           opp_score=24, rated=False) and hash(e) == hash(dataclasses.replace(e))
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.score = 41  # type: ignore[misc]
    with pytest.raises(TypeError):
        RoundEntry()  # type: ignore[call-arg]
    p = Player(7, "Lindqvist, Ada", (e,), stored_rank=2)
    assert (p.start_no, p.name, p.rounds, p.rating, p.bonus, p.stored_rank, p.extra) == (
        7, "Lindqvist, Ada", (e,), None, 0, 2, ())
    assert dataclasses.replace(p, rating=1900).rating == 1900


def test_scoring_total_is_the_sum_of_points_per_round():
    from brightwell_plugin.model import ABSENT, ScoringSystem
    entries = (RoundEntry(Kind.GAME, 2, Result.WIN), RoundEntry(Kind.GAME, 3, Result.DRAW),
               RoundEntry(Kind.GAME, 4, Result.LOSS), RoundEntry(Kind.GAME, 5), RoundEntry(Kind.PAB),
               RoundEntry(Kind.HALF_BYE), RoundEntry(Kind.FORFEIT_WIN, 6), RoundEntry(Kind.FORFEIT_LOSS, 7), ABSENT)
    for s in (ScoringSystem(), ScoringSystem(3, 1, 0, 0, 2), ScoringSystem(2, 1, 0.5, -1)):
        assert s.total(entries) == sum(s.points(e) for e in entries)


def test_member_names_are_the_members():
    import brightwell_plugin.model as m
    for enum, alias in ((Kind, {"ABSENT": "ABSENT_KIND"}), (Result, {}), (Side, {})):
        for member in enum:
            assert getattr(m, alias.get(member.name, member.name)) is member
