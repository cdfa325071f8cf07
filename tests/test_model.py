"""The model: plain frozen dataclasses and enums; its helpers agree with their definitions."""

from __future__ import annotations

import dataclasses

import pytest

from brightwell_plugin.model import ABSENT_ENTRY, Kind, Player, Result, RoundEntry, ScoringSystem, Side


def test_the_model_is_plain_dataclasses():
    """No generated constructors in the contract: each class's __init__ is the dataclass's own."""
    for cls in (RoundEntry, Player):
        assert not any(name.startswith("_set_") for name in cls.__init__.__code__.co_names)
    e = RoundEntry(Kind.GAME, 3, Result.WIN, Side.FIRST, 40, 24, rated=False, handicap=2)
    assert dataclasses.astuple(e) == (Kind.GAME, 3, Result.WIN, Side.FIRST, 40, 24, False, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.score = 41  # type: ignore[misc]


def test_scoring_total_is_the_sum_of_points_per_round():
    entries = (RoundEntry(Kind.GAME, 2, Result.WIN), RoundEntry(Kind.GAME, 3, Result.DRAW),
               RoundEntry(Kind.GAME, 4, Result.LOSS), RoundEntry(Kind.GAME, 5), RoundEntry(Kind.PAB),
               RoundEntry(Kind.HALF_BYE), RoundEntry(Kind.FORFEIT_WIN, 6), RoundEntry(Kind.FORFEIT_LOSS, 7),
               ABSENT_ENTRY)
    for s in (ScoringSystem(), ScoringSystem(3, 1, 0, 0, 2), ScoringSystem(2, 1, 0.5, -1)):
        assert s.total(entries) == sum(s.points(e) for e in entries)


def test_enum_helpers_follow_their_definitions():
    assert {r: r.reverse for r in Result} == {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW,
                                              Result.LOSS: Result.WIN}
    assert Side.FIRST.other is Side.SECOND and Side.SECOND.other is Side.FIRST
    assert {k for k in Kind if k.is_bye} == {Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.PAB}
    assert {k for k in Kind if k.is_forfeit} == {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}
    assert ABSENT_ENTRY == RoundEntry(Kind.ABSENT) and hash(Kind.GAME) == hash("game")


def test_the_model_module_exports_no_member_aliases():
    import brightwell_plugin.model as m
    public = {name for name in vars(m) if not name.startswith("_")}
    members = {member.name for enum in (Kind, Result, Side) for member in enum}
    assert not public & members, public & members


def test_the_builder_pairs_without_a_result_and_refuses_a_game_it_cannot_score():
    """A reader builds a pairing awaiting its result with ``paired``; a game with neither a result nor
    both scores, or a result that is none, is refused in one line (a plugin author found a TypeError)."""
    from brightwell_plugin.api import progress
    from brightwell_plugin.builder import TournamentBuilder
    from brightwell_plugin.errors import BrightwellError
    b = TournamentBuilder("in progress", rounds=3).player(1, "A").player(2, "B")
    t = b.game(1, 1, 2, result="win").paired(2, 1, 2).build()
    assert t.player(1).rounds[1] == RoundEntry(Kind.PAIRED, 2, side=Side.FIRST)
    assert (progress(t).played, progress(t).paired) == (1, 2)
    with pytest.raises(BrightwellError, match="neither a result nor both scores"):
        TournamentBuilder("x").player(1, "A").player(2, "B").game(1, 1, 2)
    with pytest.raises(BrightwellError, match="result '1-0' is none of win, draw, loss"):
        TournamentBuilder("x").player(1, "A").player(2, "B").game(1, 1, 2, result="1-0")
