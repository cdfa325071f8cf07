"""A Papp ELO file's game lines placed in rounds (elo.py makes the players of them): a game under a
round marker in its round, under a stage that is not a number (or a round beyond the planned ones)
a play-off, kept apart; a game against id 0 a bye; a game under no marker, or giving a player a
second game in a round, in the first later round free for both players; a game listed under each
player, once."""

from __future__ import annotations

from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.papp import elo_lines as elo
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import Kind, PlayoffGame, Result, RoundEntry

RESULT = {">": Result.WIN, "<": Result.LOSS, "=": Result.DRAW}  # the first player's, by the game line's sign
_MIRROR = {">": "<", "<": ">", "=": "="}


def nobody(id_text: str) -> bool:
    """Id 0: no player (a bye, in some tools' files)."""
    return digits(id_text) and int(id_text) == 0


class Placed:
    """The games placed in rounds (start no -> round -> game line), the play-offs, the byes, and what
    placing them found. ``by_discs``: a game's result is what its discs say, as Papp reads it."""

    def __init__(self, numbers: dict[str, int], planned: int | None, by_discs: bool, file: str):
        self.numbers, self.planned, self.by_discs, self.file = numbers, planned, by_discs, file
        self.rounds: dict[int, dict[int, elo.GameLine]] = {}
        self.playoffs: list[PlayoffGame] = []
        self.loose: list[tuple[int, int, elo.GameLine]] = []
        self.byes: dict[int, dict[int, RoundEntry]] = {}  # 'id > 0': a round against nobody, as some tools write a bye
        self.moved = self.contradicted = self.ambiguous = self.twice = self.beyond = 0

    def add(self, g: elo.GameLine) -> None:
        first, second = self.numbers.get(g.first), self.numbers.get(g.second)
        if isinstance(g.stage, int) and (nobody(g.first) or nobody(g.second)) and not (
                nobody(g.first) and nobody(g.second)):
            self._bye(g, first, second)
            return
        if first is None or second is None:
            self.ambiguous += 1
            return
        if g.score is not None and (g.score > g.opp_score, g.score == g.opp_score) != (g.result == ">",
                                                                                      g.result == "="):
            self.contradicted += 1  # Papp's results are its discs' (results.c updateScores)
            if self.by_discs:
                g = g._replace(result=">" if g.score > g.opp_score else "<" if g.score < g.opp_score else "=")
        stage = g.stage
        if isinstance(stage, int) and self.planned and stage > self.planned:
            stage, self.beyond = f"round {stage}", self.beyond + 1  # beyond the planned rounds: a play-off
        if isinstance(stage, str):
            self.playoffs.append(PlayoffGame(stage, first, second, RESULT[g.result], g.score, g.opp_score))
        elif stage is None:
            self.loose.append((first, second, g))
        elif stage < 1 or stage > 999:
            raise BrightwellError(f"round {stage} is outside 1..999", file=self.file, place=f"line {g.line}")
        elif stage in self.rounds.get(first, {}) or stage in self.rounds.get(second, {}):
            if _same(self.rounds.get(first, {}).get(stage), first, second, g, self.numbers):
                self.twice += 1  # the same game listed again (under each player)
            else:
                self.moved += 1
                self.loose.append((first, second, g))
        else:
            self.rounds.setdefault(first, {})[stage] = g
            self.rounds.setdefault(second, {})[stage] = g

    def _bye(self, g: elo.GameLine, first: int | None, second: int | None) -> None:
        """A game against id 0: a bye of the other player, won, drawn or lost as the line says."""
        who, won = (second, g.result == "<") if nobody(g.first) else (first, g.result == ">")
        drawn = g.result == "="
        score = g.opp_score if nobody(g.first) else g.score
        other = g.score if nobody(g.first) else g.opp_score
        self.byes.setdefault(who, {})[g.stage] = new_entry(
            Kind.PAB if won else Kind.HALF_BYE if drawn else Kind.ZERO_BYE, score=score, opp_score=other)

    def place_loose(self) -> None:
        """The games without a round (once each), each in the first round after the numbered ones free
        for both players."""
        if self.loose:
            kept = _without_mirrors(self.loose, self.numbers)
            self.twice += len(self.loose) - len(kept)
            self.loose = kept
        rounds = self.rounds
        last = max((r for played in rounds.values() for r in played), default=0)
        for first, second, g in self.loose:
            r = last + 1
            while r in rounds.get(first, {}) or r in rounds.get(second, {}):
                r += 1
            rounds.setdefault(first, {})[r] = g
            rounds.setdefault(second, {})[r] = g

    def said(self, unknown: int) -> list[str]:
        """What placing the games found, a warning each (``unknown``: the players sharing the id '??????')."""
        file, warnings = self.file, []
        if self.moved:
            warnings.append(f"{file}: {self.moved} game(s) give a player a second game in one round: each is "
                            "placed in the first later round free for both players")
        if self.twice:
            warnings.append(f"{file}: {self.twice} game(s) are listed twice (once under each player): read once")
        if self.beyond:
            warnings.append(f"{file}: {self.beyond} game(s) in rounds beyond the {self.planned} planned: kept apart "
                            "as play-offs")
        if self.contradicted:
            warnings.append(f"{file}: {self.contradicted} game(s) have disc counts that contradict their result "
                            "sign: " + ("the result is what the discs say, as Papp reads it" if self.by_discs else
                                        "the sign is kept (the stored totals follow the signs, not the discs)"))
        if self.ambiguous:
            warnings.append(f"{file}: {self.ambiguous} game(s) name the unknown id '??????', which {unknown} players "
                            "share: left out")
        return warnings


def _same(other: elo.GameLine | None, first: int, second: int, g: elo.GameLine, numbers) -> bool:
    """Is ``g`` the game ``other`` already is (the same two players, result and discs, from either side)?"""
    if other is None:
        return False
    a, b = numbers.get(other.first), numbers.get(other.second)
    if (a, b) == (first, second):
        return (other.result, other.score, other.opp_score) == (g.result, g.score, g.opp_score)
    return (a, b) == (second, first) and (other.result, other.score, other.opp_score) == (
        _MIRROR[g.result], g.opp_score, g.score)


def _without_mirrors(loose, numbers):
    """Games without rounds listed once under each player: when nearly every one has its mirror, one of each."""
    seen: dict[tuple, int] = {}
    for first, second, g in loose:
        key = (frozenset((first, second)), g.score if first < second else g.opp_score,
               g.result if first < second else _MIRROR[g.result])
        seen[key] = seen.get(key, 0) + 1
    if sum(n // 2 * 2 for n in seen.values()) < 0.9 * len(loose):
        return loose
    kept, taken = [], {}
    for first, second, g in loose:
        key = (frozenset((first, second)), g.score if first < second else g.opp_score,
               g.result if first < second else _MIRROR[g.result])
        taken[key] = taken.get(key, 0) + 1
        if taken[key] % 2:
            kept.append((first, second, g))
    return kept
