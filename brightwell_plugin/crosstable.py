"""The crosstable: each player's rounds in standings order, opponents by rank, byes and forfeits
distinct; shared by the terminal and the published pages."""

from __future__ import annotations

from dataclasses import dataclass, replace

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.model import Kind, Result, RoundEntry, Side, Tournament
from brightwell_plugin.standings import Standings, shared_ranks

# Who moved first, by game: the letter each side is written with.
SIDE_LETTERS = {"chess": ("W", "B"), "othello": ("B", "W"), "go": ("B", "W")}
OUTCOME = {Result.WIN: "+", Result.DRAW: "=", Result.LOSS: "-"}
_NOT_GAME_LABELS = {"full-bye": "bye", "half-bye": "½bye", "zero-bye": "0bye", "pab": "PAB", "absent": "-"}


@dataclass(frozen=True, slots=True)
class Cell:
    """One player's round: what it was, against whom (by rank), and how it went."""

    round: int
    kind: str  # game | forfeit-win | forfeit-loss | paired | full-bye | half-bye | zero-bye | pab | absent
    points: float
    opponent: int | None = None  # start number
    opponent_rank: int | None = None
    side: str = ""  # the game's letter for who moved first or second (W/B), else ""
    outcome: str = ""  # + = - for games, ? for a pairing without a result, +F / -F for forfeits, "" otherwise
    score: str = ""  # "40-24" when both game scores are known, "40" when only the own one is
    more: int = 0  # further games of the round (Player.more_games), in ``points`` too

    @property
    def text(self) -> str:
        """The cell as a crosstable prints it: ``12W+ 40-24``, ``5 +F``, ``bye 1``; ``(+2 games)`` after
        a round with further games."""
        extra = f" (+{self.more} game{'s' if self.more > 1 else ''})" if self.more else ""
        if self.kind in ("game", "forfeit-win", "forfeit-loss", "paired"):
            opp = str(self.opponent_rank) if self.opponent_rank is not None else "?"
            gap = " " if self.outcome.endswith("F") else ""
            return f"{opp}{self.side}{gap}{self.outcome}" + (f" {self.score}" if self.score else "") + extra
        label = _NOT_GAME_LABELS[self.kind]
        return (label if self.kind == "absent" else f"{label} {fmt(self.points)}") + extra


@dataclass(frozen=True, slots=True)
class CrossRow:
    rank: int
    shared: bool
    start_no: int
    name: str
    points: float
    cells: tuple[Cell, ...]


@dataclass(frozen=True, slots=True)
class Crosstable:
    after_round: int
    rows: tuple[CrossRow, ...]


def cell(t: Tournament, r: int, e: RoundEntry, points: float, ranks: dict[int, int]) -> Cell:
    letters = SIDE_LETTERS.get(t.game or "", ("1", "2"))
    side = "" if e.side is None else letters[0] if e.side is Side.FIRST else letters[1]
    if e.score is not None and e.opp_score is not None:
        score = f"{fmt(e.score)}-{fmt(e.opp_score)}"
    else:
        score = fmt(e.score) if e.score is not None else ""
    kind = e.kind
    if kind is Kind.GAME or kind is Kind.PAIRED:  # a pairing without a result: "?"
        outcome = OUTCOME.get(e.result, "?") if e.result is not None else "?"
    elif kind is Kind.FORFEIT_WIN:
        outcome = "+F"
    elif kind is Kind.FORFEIT_LOSS:
        outcome = "-F"
    else:
        return Cell(r, kind.value, points, score=score)
    return Cell(r, kind.value, points, e.opponent, ranks.get(e.opponent), side, outcome, score)


def crosstable(t: Tournament, standings: Standings) -> Crosstable:
    """The crosstable of the rounds the standings count, in their order."""
    ctx = Context(t, standings.after_round)
    ranks = {r.start_no: r.rank for r in standings.rows}
    shared = shared_ranks(standings)
    index = ctx.index
    more = _further_games(t, ctx)
    rows = []
    for row in standings.rows:
        i = index[row.start_no]
        cells = tuple(cell(t, r + 1, e, ctx.round_points[i][r], ranks) for r, e in enumerate(ctx.entries[i]))
        if more:
            cells = tuple(replace(c, more=more[i, r]) if (i, r) in more else c for r, c in enumerate(cells))
        rows.append(CrossRow(row.rank, row.rank in shared, row.start_no, row.name, ctx.points[i], cells))
    return Crosstable(ctx.k, tuple(rows))


def _further_games(t: Tournament, ctx: Context) -> dict[tuple[int, int], int]:
    """(player index, round from 0) -> his games of the round beyond the one its cell shows (a game
    against himself is two records of his)."""
    records: dict[tuple[int, int], list[RoundEntry]] = {}
    for i, r, e in ctx.more_games:
        records.setdefault((i, r - 1), []).append(e)
    out = {}
    for (i, r), further in records.items():
        main, no = ctx.entries[i][r], t.players[i].start_no
        shown = main.kind in (Kind.GAME, Kind.PAIRED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
        sides = further + [main] if shown else further
        games = sum(e.opponent != no for e in sides) + sum(e.opponent == no for e in sides) // 2
        out[i, r] = games - shown
    return out


def records(cells: tuple[Cell, ...]) -> list[tuple[int, int, int]]:
    """Wins, draws and losses after each round: games and forfeits (byes and absences are none of them)."""
    wins = draws = losses = 0
    out = []
    for c in cells:
        outcome = c.outcome
        if outcome == "+" or outcome == "+F":
            wins += 1
        elif outcome == "=":
            draws += 1
        elif outcome == "-" or outcome == "-F":
            losses += 1
        out.append((wins, draws, losses))
    return out
