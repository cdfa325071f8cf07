"""Derived views of a tournament at a given round, computed once and shared by all criteria."""

from __future__ import annotations

from functools import cached_property

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import ABSENT_ENTRY, Kind, Result, RoundEntry, Tournament, further_games
from brightwell_plugin.progress import rounds_ranked


def _slots(index: dict[int, int], n: int) -> tuple[list[int] | dict[int, int], int]:
    """Start number -> player index (-1 = nobody), and the highest start number. A list when
    start numbers are dense (as nearly always: faster than hashing at 100k players), else a dict."""
    top = max(index, default=0)
    if top > 4 * n + 1024:
        return _Sparse(index), top
    slots = [-1] * (top + 1)
    for no, i in index.items():
        slots[no] = i
    return slots, top


class _Sparse(dict):
    def __missing__(self, key: int) -> int:
        return -1


class Context:
    """The tournament as seen after round ``k`` (all rounds when ``after_round`` is None).

    Players are addressed by index ``i`` into ``tournament.players``; ``entries[i][r]`` is the
    record of round ``r + 1`` (absent when missing); ``opp[i][r]`` the opponent's index or -1.
    The readable names — ``tournament``, ``rounds`` (ranked), ``planned_rounds``, ``player_count`` —
    have short aliases for formulas: ``t``, ``k``, ``R``, ``n`` (the number of players).
    """

    def __init__(self, tournament: Tournament, after_round: int | str | None = None,
                 edition: int | str | None = None):
        self.t = tournament
        # the rules for unplayed rounds of items that name none: an edition of FIDE's (2009, 2024,
        # 2026) or a program's convention ("icu"); None: the edition of the event's date
        self.edition = edition
        self.spec: tuple = ()  # the (item, criterion, options) being ranked, set by the standings
        self.k = rounds_ranked(tournament, after_round)
        self.R = tournament.planned_rounds or self.k
        self.n = len(tournament.players)
        self.index = {p.start_no: i for i, p in enumerate(tournament.players)}
        k = self.k
        slots, top = _slots(self.index, self.n)
        self.entries: list[tuple[RoundEntry, ...]] = []
        self.opp: list[list[int]] = []
        for p in tournament.players:
            rounds = p.rounds[:k]
            if len(rounds) < k:
                rounds = rounds + (ABSENT_ENTRY,) * (k - len(rounds))
            self.entries.append(rounds)
            self.opp.append([slots[o] if (o := e.opponent) is not None and 0 <= o <= top else -1
                             for e in rounds])

    @property
    def tournament(self) -> Tournament:
        return self.t

    @property
    def rounds(self) -> int:
        """The rounds ranked: all played, or those up to ``after_round``."""
        return self.k

    @property
    def planned_rounds(self) -> int:
        """The rounds the event plans (R in BQ's 64/R), else those ranked."""
        return self.R

    @property
    def player_count(self) -> int:
        """How many players (indexes run 0 .. player_count - 1)."""
        return self.n

    @property
    def ranks_teams(self) -> bool:
        """Whether the players are the teams of a team event (its team view, teams/view.py): the
        points are match points, and :attr:`game_points` is the same view over game points."""
        return self.t.ranks_teams

    @property
    def match_points(self) -> Context:
        """Of a team view, its context over match points: this one, unless this is over game points."""
        return self

    @property
    def game_points(self) -> Context:
        """Of a team view, the same view after the same round with game points as the points; made once."""
        if not self.t.ranks_teams:
            raise BrightwellError("game points are a team event's: this is an individual event (or its board "
                                  "standings)")
        return self.cached("game points", lambda: self.t.game_point_context(self))

    @cached_property
    def round_points(self) -> list[list[float]]:
        """Points of each round (ScoringSystem.points, inlined for the common case of a game)."""
        s = self.t.scoring
        pts, win, draw, loss = s.points, s.win, s.draw, s.loss
        game, won, drawn = Kind.GAME, Result.WIN, Result.DRAW
        rows = [[(win if e.result is won else draw if e.result is drawn else loss) if e.kind is game else pts(e)
                 for e in es] for es in self.entries]
        for i, r, e in self.more_games:
            rows[i][r - 1] += pts(e)
        return rows

    @cached_property
    def more_games(self) -> list[tuple[int, int, RoundEntry]]:
        """(player index, round, record) of each further game of a round ranked (``Player.more_games``):
        they count for the points only."""
        return [(i, r, e) for i, r, _, e in further_games(self.t, self.k)]

    @cached_property
    def points(self) -> list[float]:
        """Current points (after round k), with any points awarded outside the rounds."""
        return [sum(rp) + p.bonus for rp, p in zip(self.round_points, self.t.players)]

    def cached(self, key, make):
        """``make()``, made once per context and key: what criteria derive from the tournament and
        share between their compute and each player's explain."""
        memo = self.__dict__.setdefault("_memo", {})
        if key not in memo:
            memo[key] = make()
        return memo[key]

    def points_after(self, r: int) -> list[float]:
        """Every player's points after round ``r`` (r <= k)."""
        if r >= self.k:
            return self.points
        return self.cached(("points after", r),
                           lambda: [sum(rp[:r]) + p.bonus for rp, p in zip(self.round_points, self.t.players)])

    @cached_property
    def otb_opponents(self) -> list[list[int]]:
        """Each player's opponents met over the board (games, not forfeits), one per game."""
        game = Kind.GAME
        return [[o for e, o in zip(es, opps) if o >= 0 and e.kind is game]
                for es, opps in zip(self.entries, self.opp)]

    @cached_property
    def wins(self) -> list[int]:
        """Rounds in which the points of a win were obtained (games, forfeits, byes worth a win)."""
        s = self.t.scoring
        pab_is_win = s.pab is None or s.pab == s.win
        out = []
        game, won, win_kinds = Kind.GAME, Result.WIN, (Kind.FORFEIT_WIN, Kind.FULL_BYE) + ((Kind.PAB,) if pab_is_win else ())
        for es in self.entries:
            w = 0
            for e in es:
                kind = e.kind
                if kind is game:
                    w += e.result is won
                elif kind in win_kinds:
                    w += 1
            out.append(w)
        for i, _, e in self.more_games:
            out[i] += (e.result is won) if e.kind is game else e.kind in win_kinds
        return out

    def withdrawn_by(self, i: int, r: int | None = None) -> bool:
        """Has player ``i`` withdrawn before the end of round ``r`` (default k)?"""
        w = self.t.players[i].withdrawn_after
        return w is not None and w < (self.k if r is None else r)

    @cached_property
    def withdrawn(self) -> list[bool]:
        return [self.withdrawn_by(i) for i in range(self.n)]

    def label(self, i: int) -> str:
        p = self.t.players[i]
        return f"#{p.start_no} {p.name}"

    @cached_property
    def has_game_scores(self) -> bool:
        game = Kind.GAME
        return any(e.score is not None for es in self.entries for e in es if e.kind is game)

    def require_game_scores(self, code: str) -> None:
        """Refuse a tournament whose games have no scores (one with no games yet is fine)."""
        if not self.has_game_scores and any(e.kind is Kind.GAME for es in self.entries for e in es):
            games = sum(e.kind is Kind.GAME for es in self.entries for e in es) // 2
            i, r = next((i, r) for i, es in enumerate(self.entries) for r, e in enumerate(es) if e.kind is Kind.GAME)
            o = self.opp[i][r]
            raise BrightwellError(f"{code} needs game scores (discs, points), and this file has no game scores: none of "
                                  f"its {games} games has one "
                                  f"(e.g. round {r + 1}: {self.label(i)} v {self.label(o) if o >= 0 else '?'})")
