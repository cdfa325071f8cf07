"""The tournament model: plain immutable dataclasses, no behaviour beyond small helpers."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from brightwell_plugin.teams.model import TeamSection

Number = int | float
Pairs = tuple[tuple[str, str], ...]


class Kind(str, Enum):
    """What a player's round was."""

    GAME = "game"
    FORFEIT_WIN = "forfeit-win"
    FORFEIT_LOSS = "forfeit-loss"
    FULL_BYE = "full-bye"
    HALF_BYE = "half-bye"
    ZERO_BYE = "zero-bye"
    PAB = "pab"  # pairing-allocated bye
    ABSENT = "absent"
    PAIRED = "paired"  # paired, no result yet (OpenGotha's RESULT_UNKNOWN): no points, still an opponent

    __hash__ = str.__hash__  # the same contract as Enum's (members equal their values), in C

    @property
    def is_bye(self) -> bool:
        return self in _BYES

    @property
    def is_forfeit(self) -> bool:
        return self in _FORFEITS


_BYES = frozenset({Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.PAB})
_FORFEITS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS})


class Result(str, Enum):
    """Outcome of a game played over the board, from the player's side."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"

    __hash__ = str.__hash__

    @property
    def reverse(self) -> Result:
        return _REVERSED[self]


_REVERSED = {Result.WIN: Result.LOSS, Result.DRAW: Result.DRAW, Result.LOSS: Result.WIN}


class Side(str, Enum):
    """Who moved first: White in chess, Black in Othello, p12=1 in Scrabble."""

    FIRST = "first"
    SECOND = "second"

    __hash__ = str.__hash__

    @property
    def other(self) -> Side:
        return Side.SECOND if self is Side.FIRST else Side.FIRST


PUBLISHED = "published "  # Player.extra key prefix of a tie-break value a file publishes ("published BQ")
PUBLISHED_AFTER = "published after round"  # Tournament.metadata key: the round those values are as of
# Player.extra key: "yes" or "no", whether the player is registered for the round after the file's last
# (Papp's present[]: its BQ counts every game against a player who is not as unplayed)
REGISTERED = "registered for the next round"
TIE_ORDERS = ("start", "name", "surname")  # Tournament.tie_order
# Tournament.metadata key, once per record a reader left out for a data error (a player against himself):
# the standings are partial, and reading with strict=True refuses the file
LEFT_OUT = "left out"
READ_CUT_SHORT = "ranked cut short"  # Tournament.metadata key: the file was cut short, ranked as it stands (its stored totals not compared)
LIST_SUPPLIED = "tie-break list"  # metadata: the program whose order a reader gives a file declaring none
LIST_GUESSED = "tie-break list guessed"  # metadata: a list a reader gives a file whose program's order is unknown
# Tournament.metadata key: the round the program that wrote the file shows as its current round (Swiss-Manager's
# current round, Papi's RondeActive, chess-results' currentround, Sharly's current_round), as a decimal string,
# as the program counts it; where an event stands is read from the records (progress.py), this is shown beside
FILE_ROUND = "the program's current round"
# Player.extra key: the file's word that a round robin's player's games are not counted in the standings
# (chess-results' state 1: withdrew, points do not count), its reason; leaving.py applies it
NOT_COUNTED = "games not counted"
# Player.extra key: the rating a program gives an unrated player to rank and number him by (Sharly-Chess's
# estimate, or the French federation's default), which is not a rating; some programs' tie-breaks count it
ESTIMATED_RATING = "estimated rating"
# Player.extra key: the value an arbiter gave the player to order tied players by hand (Sharly-Chess's MANUAL)
MANUAL_TIEBREAK = "manual tie-break"


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One player's record for one round.

    ``opponent`` is a start number (games and forfeits); ``score``/``opp_score`` are game
    scores (discs, Scrabble points) when known; a bye may carry a credited score (Papp 40-24).
    ``rated`` is False for a game that was played but does not count for rating (TRF W/D/L).
    ``handicap`` is the game's handicap in Go (stones Black was given; Black moves first).
    """

    kind: Kind
    opponent: int | None = None
    result: Result | None = None
    side: Side | None = None
    score: Number | None = None
    opp_score: Number | None = None
    rated: bool = True
    handicap: int = 0

    @property
    def is_game(self) -> bool:
        return self.kind is Kind.GAME


ABSENT_ENTRY = RoundEntry(Kind.ABSENT)  # the record of a round not recorded


@dataclass(frozen=True, slots=True)
class ScoringSystem:
    """Points per kind of round. Forfeit wins and full-point byes score ``win``."""

    win: Number = 1
    draw: Number = 0.5
    loss: Number = 0
    absent: Number = 0  # zero-point bye, forfeit loss, absence
    pab: Number | None = None  # pairing-allocated bye; None = same as win

    def points(self, entry: RoundEntry) -> Number:
        """Points the player earned with this round."""
        kind = entry.kind
        if kind is Kind.GAME:
            res = entry.result
            return self.win if res is Result.WIN else self.draw if res is Result.DRAW else self.loss
        if kind is Kind.FORFEIT_WIN or kind is Kind.FULL_BYE:
            return self.win
        if kind is Kind.PAB:
            return self.win if self.pab is None else self.pab
        if kind is Kind.HALF_BYE:
            return self.draw
        if kind is Kind.PAIRED:
            return 0
        return self.absent

    def total(self, entries: tuple[RoundEntry, ...]) -> Number:
        """Points of several rounds: :meth:`points` summed, games looked up without a call."""
        of_game, points = {Result.WIN: self.win, Result.DRAW: self.draw}, self.points
        loss = self.loss
        return sum(of_game.get(e.result, loss) if e.kind is Kind.GAME else points(e) for e in entries)


@dataclass(frozen=True, slots=True)
class Player:
    """A participant. ``rounds[r-1]`` is the record of round r; missing rounds count as absent."""

    start_no: int
    name: str
    rounds: tuple[RoundEntry, ...] = ()
    rating: int | None = None
    federation: str | None = None
    title: str | None = None
    sex: str | None = None
    birth_date: str | None = None
    ids: Pairs = ()  # (scheme, id), e.g. ("fide", "1503014")
    late_entry: int | None = None  # first round the player could play
    withdrawn_after: int | None = None  # last round before the player withdrew
    bonus: Number = 0  # points awarded outside the rounds (SP BONUS, TRF 299 style adjustments)
    stored_points: Number | None = None  # points as the source file stated them
    stored_rank: int | None = None
    extra: Pairs = ()  # anything else the source carried, verbatim (PUBLISHED keys: see below)
    listed: bool = True  # False: registered, but left out of the event's standings (OpenGotha: no game, no bye)
    # (round, record) of each further game of a round, beyond ``rounds[round - 1]``: they count for the
    # player's points only (OpenGotha counts every game a player has in a round, and keeps one of them,
    # the round's record, for the sums over opponents); each is mirrored by the opponent's record
    more_games: tuple[tuple[int, RoundEntry], ...] = ()

    def entry(self, round_no: int) -> RoundEntry:
        """Record of round ``round_no`` (1-based); absent when not recorded."""
        return self.rounds[round_no - 1] if 0 < round_no <= len(self.rounds) else ABSENT_ENTRY


@dataclass(frozen=True)
class PlayoffGame:
    """A game after the rounds that rank (a final, a third-place match): kept, never ranked.

    ``result``, ``score`` and ``opp_score`` are from the side of ``first`` (Black in Othello).
    """

    stage: str  # as the file names it: "F", "SF1", "Match 3/4", "added"
    first: int  # start numbers
    second: int
    result: Result | None = None
    score: Number | None = None
    opp_score: Number | None = None


@dataclass(frozen=True)
class Tournament:
    """A whole event. ``rounds`` is the planned number of rounds (R in BQ's coefficient)."""

    ranks_teams: ClassVar[bool] = False  # its players are the teams of a team event (teams/view.py)
    name: str
    players: tuple[Player, ...]
    rounds: int | None = None
    scoring: ScoringSystem = field(default_factory=ScoringSystem)
    game: str | None = None  # othello, scrabble, chess, go, ...
    board: int | None = None  # squares on the board (64 for Othello); sum of both game scores
    system: str = "swiss"  # swiss | round-robin
    start_date: str | None = None  # ISO date when known
    end_date: str | None = None  # ISO date when known
    tiebreaks: tuple[str, ...] = ()  # declared tie-break items, e.g. ("PTS", "BQ:preset=woc")
    metadata: Pairs = ()  # free metadata, verbatim
    playoffs: tuple[PlayoffGame, ...] = ()  # games after the ranked rounds, in the file's order
    # how players who share a place are listed: by start number; by name, case-insensitive (Papp's
    # sort_players); by surname, then first name, as written (OpenGotha's ScoredPlayerComparator)
    tie_order: str = "start"
    teams: TeamSection | None = None  # a team event's teams and matches (teams.py); None: individual
    # The parsed source document, for formats that rewrite their own files losslessly (TRF).
    # Opaque to everything else, and not part of equality.
    origin: object | None = field(default=None, compare=False, repr=False)

    @property
    def rounds_played(self) -> int:
        """Number of rounds with any record."""
        return max((len(p.rounds) for p in self.players), default=0)

    @property
    def planned_rounds(self) -> int:
        return self.rounds or self.rounds_played

    @property
    def has_game_scores(self) -> bool:
        game = Kind.GAME  # read once: the scan may look at every round record
        return any(e.score is not None for p in self.players for e in p.rounds if e.kind is game)

    def player(self, start_no: int) -> Player:
        for p in self.players:
            if p.start_no == start_no:
                return p
        raise KeyError(start_no)


def further_games(t: Tournament, upto: int | None = None) -> list[tuple[int, int, int, RoundEntry]]:
    """Every further game of a round (``Player.more_games``: OpenGotha counts each game a player has
    in a round) up to round ``upto`` (default: all), players in order: (player index, round, its
    position among the player's further games, record). The one reading of them: the context's
    points, where an event stands, validation, conversion and OpenGotha's criteria take them here."""
    return [(i, r, n, e) for i, p in enumerate(t.players) if p.more_games
            for n, (r, e) in enumerate(p.more_games) if upto is None or r <= upto]


def tie_key(t: Tournament):
    """How players who share a place are listed (``Tournament.tie_order``), as a sort key of an index."""
    players = t.players
    if t.tie_order == "name":  # Papp: toupper byte by byte, bytes above 127 before ASCII (signed chars)
        return lambda i: (tuple(b - 256 if b > 127 else b - 32 if 97 <= b <= 122 else b
                                for b in players[i].name.encode("latin-1", "replace")), players[i].start_no)
    if t.tie_order == "surname":  # OpenGotha: surname, then first name, as Java compares strings
        def key(i):
            surname, _, first = players[i].name.partition(", ")
            return surname.encode("utf-16-be"), first.encode("utf-16-be"), players[i].start_no
        return key
    return lambda i: players[i].start_no
