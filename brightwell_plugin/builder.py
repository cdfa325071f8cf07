"""Build a tournament round by round from Python (both sides of each game from one call).

>>> from brightwell_plugin.builder import TournamentBuilder
>>> b = TournamentBuilder("Club night", rounds=2, board=64)
>>> b.player(1, "Ann").player(2, "Bob").game(1, 1, 2, 40, 24).game(2, 2, 1, 32, 32)
>>> [len(p.rounds) for p in b.build().players]
[2, 2]
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry, new_player
from brightwell_plugin.model import (
    ABSENT_ENTRY,
    Kind,
    Player,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    Tournament,
)


class TournamentBuilder:
    def __init__(self, name: str, rounds: int | None = None, board: int | None = None, game: str | None = None,
                 scoring: ScoringSystem | None = None, **fields: Any):
        self._t = dict(name=name, rounds=rounds, board=board, game=game,
                       scoring=scoring or ScoringSystem(), **fields)
        self._players: dict[int, Player] = {}
        self._rounds: dict[int, dict[int, RoundEntry]] = {}

    def player(self, start_no: int, name: str, **fields: Any) -> TournamentBuilder:
        self._players[start_no] = new_player(start_no, name, **fields)
        self._rounds[start_no] = {}
        return self

    def _put(self, r: int, no: int, entry: RoundEntry) -> None:
        if no not in self._players:
            raise BrightwellError(f"round {r}: no player {no}")
        self._rounds[no][r] = entry

    def game(self, r: int, first: int, second: int, score_first=None, score_second=None,
             result: Result | str | None = None) -> TournamentBuilder:
        """A game; ``result`` is from ``first``'s side, else taken from the scores (within the board's
        squares, when the event has a board size)."""
        board = self._t.get("board")
        if board is not None and score_first is not None and score_second is not None and (
                score_first < 0 or score_second < 0 or score_first + score_second > board):
            raise BrightwellError(f"round {r}: game scores {score_first}+{score_second} do not fit a board of {board}")
        if result is None:
            if score_first is None or score_second is None:
                raise BrightwellError(f"round {r}: the game {first}-{second} has neither a result nor both scores "
                                      "(a pairing awaiting its result is paired())")
            diff = score_first - score_second
            result = Result.WIN if diff > 0 else Result.LOSS if diff < 0 else Result.DRAW
        try:
            result = Result(result)
        except ValueError:
            raise BrightwellError(f"round {r}: result {result!r} is none of "
                                  f"{', '.join(x.value for x in Result)} (from {first}'s side)") from None
        self._put(r, first, new_entry(Kind.GAME, second, result, Side.FIRST, score_first, score_second))
        self._put(r, second, new_entry(Kind.GAME, first, result.reverse, Side.SECOND, score_second, score_first))
        return self

    def paired(self, r: int, first: int, second: int) -> TournamentBuilder:
        """A pairing awaiting its result (``Kind.PAIRED``): neither played nor unplayed (docs/rounds.md)."""
        self._put(r, first, new_entry(Kind.PAIRED, second, side=Side.FIRST))
        self._put(r, second, new_entry(Kind.PAIRED, first, side=Side.SECOND))
        return self

    def forfeit(self, r: int, winner: int, loser: int, score_winner=None, score_loser=None) -> TournamentBuilder:
        self._put(r, winner, new_entry(Kind.FORFEIT_WIN, loser, score=score_winner, opp_score=score_loser))
        self._put(r, loser, new_entry(Kind.FORFEIT_LOSS, winner, score=score_loser, opp_score=score_winner))
        return self

    def double_forfeit(self, r: int, first: int, second: int) -> TournamentBuilder:
        """A pairing both players forfeited: both lose."""
        self._put(r, first, new_entry(Kind.FORFEIT_LOSS, second))
        self._put(r, second, new_entry(Kind.FORFEIT_LOSS, first))
        return self

    def bye(self, r: int, no: int, kind: Kind | str = Kind.PAB, score=None, opp_score=None) -> TournamentBuilder:
        self._put(r, no, new_entry(Kind(kind), score=score, opp_score=opp_score))
        return self

    def withdraw(self, no: int, after: int) -> TournamentBuilder:
        self._players[no] = replace(self._players[no], withdrawn_after=after)
        return self

    def build(self) -> Tournament:
        last = max((r for rounds in self._rounds.values() for r in rounds), default=0)
        players = []
        for no, p in self._players.items():
            got = self._rounds[no]
            players.append(replace(p, rounds=tuple(got.get(r, ABSENT_ENTRY) for r in range(1, last + 1))))
        return Tournament(players=tuple(players), **self._t)
