"""Where an event stands: the rounds it plans, the last with a result, a round paired and not yet
played, the round a program calls current; and the words ``--after-round`` takes (docs/rounds.md).

Every reader records what its file holds and no more: a pairing without a result is ``Kind.PAIRED``,
a round not yet paired is not recorded. Where the event stands is read from those records, the same
way for every format."""

from __future__ import annotations

from dataclasses import dataclass, field

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import FILE_ROUND, Kind, Tournament, further_games

# what --after-round takes besides a number, each the same in every format (docs/rounds.md)
ROUND_WORDS = ("played", "paired", "current", "planned")
_RESULTS = frozenset((Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS))
_PAIRINGS = frozenset((Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAIRED, Kind.PAB))


@dataclass(frozen=True, slots=True)
class Progress:
    """Where an event stands. ``played``: the last round with a result (:func:`last_played`);
    ``paired``: the last round paired (a game with or without its result, or the pairing bye), at
    least ``played``; ``planned``: the rounds the event plans (those recorded, where the file does
    not say); ``stated``: the round the program that wrote the file shows as current, when the file
    says one (as that program counts)."""

    planned: int
    played: int
    paired: int
    stated: int | None = None
    # of the round after ``played``, when it is paired: its games with a result, and all its games
    next_round: tuple[int, int] = field(default=(0, 0), compare=False)

    @property
    def finished(self) -> bool:
        return self.played >= self.planned and self.paired <= self.played

    @property
    def awaiting_results(self) -> bool:
        """A round is paired whose results are not in yet."""
        return self.paired > self.played

    def title(self, k: int) -> str:
        """'after round 3 of 7', and the round paired without its results when there is one."""
        text = f"after round {k} of {self.planned}" if self.planned > k else f"after round {k}"
        if self.awaiting_results and k in (self.played, self.played + 1):  # the round awaiting results, or before it
            done, games = self.next_round
            text += (f" (round {self.played + 1} in progress: {done} of {games} games with their result)" if done
                     else f" (round {self.played + 1} paired, no results yet)")
        return text


def progress(t: Tournament) -> Progress:
    """Where ``t`` stands, read from its records."""
    stated = dict(t.metadata).get(FILE_ROUND, "")
    played, paired = last_played(t), last_paired(t)
    return Progress(planned=max(t.rounds or 0, t.rounds_played), played=played, paired=paired,
                    stated=int(stated) if stated.isdigit() else None,
                    next_round=_games_of(t, played + 1) if paired > played else (0, 0))


def _games_of(t: Tournament, r: int) -> tuple[int, int]:
    """Round ``r``'s games with a result (a game's or a forfeit's), and all its games (each counted once)."""
    done = games = 0
    for p in t.players:
        e = p.entry(r)
        if e.opponent is not None and e.kind in _PAIRINGS:
            games += 1
            done += e.kind is not Kind.PAIRED
    return done // 2, games // 2


def last_played(t: Tournament) -> int:
    """The last round whose results are in: a round with a result (a game's, a forfeit's, or the
    pairing bye's) and no pairing awaiting one. A round partly entered is not yet played (Sharly-Chess
    ranks after the round before it); a game left without its result in an earlier round does not hold
    back the rounds played after it. An event never paired (byes and absences alone, as some records
    of results are) is played as far as it is recorded."""
    for r in range(t.rounds_played, 0, -1):
        kinds = _kinds_of_round(t, r)
        if Kind.PAIRED not in kinds and (kinds & _RESULTS or Kind.PAB in kinds):
            return r
    return 0 if last_paired(t) else t.rounds_played


def last_paired(t: Tournament) -> int:
    """The last round paired: a game with or without its result, or the pairing bye."""
    for r in range(t.rounds_played, 0, -1):
        if _kinds_of_round(t, r) & _PAIRINGS:
            return r
    return 0


def _kinds_of_round(t: Tournament, r: int) -> set[Kind]:
    """The kinds of record of round ``r`` (a further game of a round too)."""
    kinds = {p.rounds[r - 1].kind for p in t.players if len(p.rounds) >= r}
    kinds.update(e.kind for _, n, _, e in further_games(t) if n == r)
    return kinds


def rounds_ranked(tournament: Tournament, after_round: int | str | None) -> int:
    """The rounds standings after ``after_round`` rank: a number; ``played`` (or None) the last round
    with a result; ``paired`` the last round paired; ``current`` the round in progress, as pairing
    programs find it (:func:`current_round`); ``planned`` every planned round (what OpenGotha's h9
    and .tou exports compute). A round the event does not have is refused."""
    if after_round is None or after_round == "played":
        return last_played(tournament)
    if after_round == "paired":
        return last_paired(tournament)
    top = max(tournament.rounds_played, tournament.rounds or 0)
    if after_round == "planned":
        return top
    if after_round == "current":
        return current_round(tournament)
    if isinstance(after_round, str) or not 0 <= after_round <= top:
        raise BrightwellError(f"--after-round {after_round} is outside 0..{top} (or {', '.join(ROUND_WORDS)})")
    return after_round


def current_round(t: Tournament) -> int:
    """The round in progress, counted with its results so far (OpenGotha's
    ``Tournament.presumablyCurrentRoundNumber``, where its standings window opens): the first round
    in which some player is neither in a game, nor the bye, nor declared absent, or a game has no
    result yet; else the last planned round."""
    planned, n = max(t.rounds_played, t.rounds or 0), len(t.players)
    if not n or not planned:
        return min(1, planned)
    taking = [dict(p.extra).get("opengotha participating", "") for p in t.players]
    for r in range(planned):
        if not _complete(t, taking, r):
            return r + 1
    return planned


def _complete(t: Tournament, taking: list[str], r: int) -> bool:
    """Whether every player of round ``r + 1`` (from 0) is accounted for and every game has its result."""
    paired_kinds, paired, pab = (Kind.GAME, Kind.PAIRED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), Kind.PAIRED, Kind.PAB
    declared = (Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE)
    further = [e for _, n, _, e in further_games(t) if n == r + 1]  # OpenGotha counts each game of a round
    accounted, pending, bye = len(further), any(e.kind is paired for e in further), False
    for p, part in zip(t.players, taking):
        e = p.entry(r + 1)
        kind = e.kind
        if r < len(part) and part[r] == "0":
            accounted += 1  # not taking part (counted even when paired, as OpenGotha counts it)
        if e.opponent is not None and kind in paired_kinds:
            accounted += 1
            pending = pending or kind is paired
        elif kind is pab:
            bye = True
        elif kind in declared:
            accounted += 1  # a declared bye or absence
    return accounted + bye >= len(t.players) and not pending
