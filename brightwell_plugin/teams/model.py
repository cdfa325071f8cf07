"""Team events: teams of players who meet in matches, a match won on game points (the boards'
points summed) and teams ranked by match points. Plain immutable dataclasses beside the
individual model (model.py), which still holds every board's game: a team event is a
:class:`~brightwell_plugin.model.Tournament` whose ``teams`` is a :class:`TeamSection`."""

from __future__ import annotations

from dataclasses import dataclass, field

from brightwell_plugin.model import Number


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its number, names, strength (the file's average rating) and members in board order;
    the match and game points it was given outside its matches (a penalty below 0)."""

    number: int
    name: str
    short_name: str | None = None
    strength: Number | None = None
    members: tuple[int, ...] = ()  # start numbers, board 1 first
    stored_match_points: Number | None = None
    stored_game_points: Number | None = None
    stored_rank: int | None = None
    bonus_match_points: Number = 0
    bonus_game_points: Number = 0


@dataclass(frozen=True, slots=True)
class Board:
    """One board of a match: the two players (start numbers; None where a team fielded nobody)
    and the points each side scored on it."""

    number: int
    first: int | None
    second: int | None
    first_points: Number = 0
    second_points: Number = 0


@dataclass(frozen=True, slots=True)
class Match:
    """Two teams in one round, or a team alone (``second`` None: a bye of ``bye`` kind).

    A match in which no board was played over the board and one side scored nothing counts as
    forfeited (as FIDE's checker counts it), whatever the file says of it.

    ``forfeit`` is a match the file declares forfeited (TRF-2026 330): ``first`` or ``second``
    (the side that won it), or ``both`` (both lost). ``first_points``/``second_points`` are the
    game points as the boards give them (or the bye's, from the file's rule)."""

    round: int
    first: int  # team numbers
    second: int | None
    boards: tuple[Board, ...] = ()
    first_points: Number = 0
    second_points: Number = 0
    forfeit: str | None = None
    bye: str | None = None  # pab (pairing-allocated), full, half, zero
    played: bool = True  # a game on some board was played over the board

@dataclass(frozen=True, slots=True)
class MatchScoring:
    """Match points for a won, drawn and lost match (TRF-2026 362, ``TW TD TL``), and what a
    team's pairing-allocated bye is given (320: match points and game points)."""

    win: Number = 2
    draw: Number = 1
    loss: Number = 0
    pab_match_points: Number | None = None  # None: a draw's
    pab_game_points: Number | None = None  # None: half the boards won


@dataclass(frozen=True, slots=True)
class TeamSection:
    """The teams of an event and their matches, round by round, in the file's order."""

    teams: tuple[Team, ...]
    matches: tuple[Match, ...] = ()
    scoring: MatchScoring = MatchScoring()
    board_colours: str | None = None  # TRF-2026 352: the first team's colour on each board, "WBWB"
    size: int | None = None  # the boards of a match, when the file says so apart from a colour sequence
    tiebreaks: tuple[str, ...] = ()  # the teams' list, when the file names one apart from its players' (OpenGotha)
    # the score the file names first ("match" or "game": Chess-JSON's scoreSystem.primary), when it names
    # one; how the file words its order, not the event: two files of one event may differ here
    primary: str | None = field(default=None, compare=False)

    @property
    def board_count(self) -> int:
        return board_count(self.matches, self.board_colours, self.size)

    def team(self, number: int) -> Team:
        for t in self.teams:
            if t.number == number:
                return t
        raise KeyError(number)

    def match_result(self, m: Match) -> tuple[Number, Number]:
        """The match points of each side of ``m``."""
        s = self.scoring
        if m.second is None:
            if m.bye == "pab":
                return (s.draw if s.pab_match_points is None else s.pab_match_points), 0
            return {"full": s.win, "half": s.draw}.get(m.bye or "", s.loss), 0
        if m.forfeit is not None:
            return (s.win if m.forfeit == "first" else s.loss), (s.win if m.forfeit == "second" else s.loss)
        if m.first_points > m.second_points:
            return s.win, s.loss
        if m.first_points < m.second_points:
            return s.loss, s.win
        return (s.draw, s.draw) if m.first_points > 0 else (s.loss, s.loss)  # nothing scored: both lost


def board_points(m: Match, size: int) -> tuple[list, list]:
    """Each side's points on boards 1 .. ``size`` of the match ``m`` (0 where no game stood)."""
    first, second = [0] * size, [0] * size
    for b in m.boards:
        if b.number <= size:
            first[b.number - 1], second[b.number - 1] = b.first_points, b.second_points
    return first, second


def board_count(matches, colours: str | None = None, size: int | None = None) -> int:
    """The boards of a match: as the file says (its size, the 352 colour sequence), else the most any
    match had."""
    if size:
        return size
    if colours:
        return len(colours)
    return max((b.number for m in matches for b in m.boards), default=0)


def stored_totals_disagree(section: TeamSection) -> list[str]:
    """A line for each team whose stored match or game points are not what its matches give."""
    mp = {team.number: team.bonus_match_points for team in section.teams}
    gp = {team.number: team.bonus_game_points for team in section.teams}
    for m in section.matches:
        a, b = section.match_result(m)
        mp[m.first] += a
        gp[m.first] += m.first_points
        if m.second is not None:
            mp[m.second] += b
            gp[m.second] += m.second_points
    out = []
    for team in section.teams:
        stored = (team.stored_match_points, team.stored_game_points)
        given = (mp[team.number], gp[team.number])
        if any(s is not None and abs(s - g) > 1e-9 for s, g in zip(stored, given)):
            out.append(f"team {team.number} ({team.name}): stored {_n(stored[0])} MP and {_n(stored[1])} GP, its "
                       f"matches give {_n(given[0])} and {_n(given[1])}")
    return out


def _n(x) -> str:
    return "-" if x is None else f"{x:g}"
