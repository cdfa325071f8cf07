"""Writing Papp ELO exports: header, players in standing order, rounds of games, added results."""

from __future__ import annotations

import re

from brightwell_plugin.adapters.base import day_of, game_event
from brightwell_plugin.adapters.papp import elo_lines as elo
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, ScoringSystem, Side, Tournament

_SIGN = {Result.WIN: ">", Result.LOSS: "<", Result.DRAW: "="}


def _refuse_other_games(t: Tournament) -> None:
    """An ELO export holds Othello: discs out of 64."""
    if t.game not in (None, "othello") or t.board not in (None, 64):
        what = game_event(t.game) if t.game not in (None, "othello") else f"a board of {t.board}"
        raise BrightwellError(f"an ELO export holds Othello games (discs out of 64), and this is {what}")
    game = Kind.GAME  # read once: the loop looks at every round record
    for p in t.players:
        for r, e in enumerate(p.rounds, 1):
            if e.kind is game and ((e.score or 0) > 64 or (e.opp_score or 0) > 64 or (e.score or 0) + (e.opp_score or 0) > 64):
                raise BrightwellError(f"an ELO export holds discs out of 64; round {r} of player {p.start_no} "
                                      f"({p.name}) scores {e.score:g}-{e.opp_score:g}")


def playoff_marker(stage: str) -> str:
    """The marker line of a play-off stage, read back as a play-off: ``%Round STAGE`` where it reads so
    (``%Round F``); a label read as a round number (FlipTheDisc's ``round 12 (open)``) named a play-off,
    ``%Round Play-off (round 12 (open))``."""
    if stage.startswith("Added results"):
        return "%%Added results"
    label = _line(stage)
    for marker in (f"%Round {label}", f"%Round Play-off ({label})"):
        if isinstance(elo.marker_stage(marker), str):
            return marker
    return "%Round Play-off"


def _line(text: str) -> str:
    """A header value on one line."""
    return " ".join(re.sub(r"[\x00-\x1f\x7f\x85\u2028\u2029]", " ", text).split())


def _part(text: str) -> str:
    """A name part as an export's comma-separated line can hold it (and Papp's grammar reads it)."""
    return _line(text.replace(",", " ").replace(";", " "))


def render(t: Tournament) -> bytes:
    _refuse_other_games(t)
    lines = [f"%%{k[5:]}: {_line(v)}" for k, v in t.metadata if k.startswith("papp ") and k != "papp added"]
    if not any(k == "papp Tournament" for k, _ in t.metadata):
        lines.insert(0, f"%%Tournament: {_line(t.name)}")
    if day_of(t.start_date) and not any(k == "papp Date" for k, _ in t.metadata) and len(t.start_date) == 10:
        y, m, d = day_of(t.start_date)
        lines.insert(1, f"%%Date: {d}/{m}/{y}")
    lines += ["", "%        ID, NAME, Firstname, COUNTRY, score, disc-count, rating"]
    # Papp lists players in standing order: the stored ranks (a conversion fills them in), else as given
    order = sorted(t.players, key=lambda p: (p.stored_rank or 10**9, p.start_no)) if any(
        p.stored_rank for p in t.players) else list(t.players)
    total = ScoringSystem().total  # an export's points are Papp's: a win 1, a draw ½ (a cut-short check reads them so)
    for p in order:
        surname, _, first = p.name.partition(", ")
        surname, first = _part(surname), _part(first)
        points = total(p.rounds) + p.bonus
        discs = sum(e.score or 0 for e in p.rounds)
        rating = f", {p.rating or 0}"  # always written (0: unrated), so that the line has the heading's fields
        lines.append(f"%_% {p.start_no:7d}, {surname}, {first}, {p.federation or ''}, {points:4g}, {discs}{rating}")
    games: list[list[str]] = [[] for _ in range(t.rounds_played)]
    game, first_side = Kind.GAME, Side.FIRST
    for p in t.players:  # each game once, from the side of the player who moved first
        for r, e in enumerate(p.rounds):
            if e.kind is game and (e.side is first_side or (e.side is None and p.start_no < e.opponent)):
                games[r].append(f"{p.start_no:6d} ({int(e.score or 0):02d}){_SIGN[e.result]}"
                                f"({int(e.opp_score or 0):02d}) {e.opponent:6d}  B")
    for r, listed in enumerate(games, 1):
        lines += ["", "", f"%Round: {r}", "", *listed]
    stages: dict[str, list[str]] = {}
    for g in t.playoffs:  # after the rounds: a stage that is not a number is read back as a play-off
        score, opp = int(g.score or 0), int(g.opp_score or 0)
        stages.setdefault(g.stage, []).append(f"{g.first:6d} ({score:02d}){_SIGN.get(g.result, '=')}({opp:02d}) "
                                              f"{g.second:6d}  B")
    for stage, listed in stages.items():
        lines += ["", "", playoff_marker(stage), "", *listed]
    added = [v for k, v in t.metadata if k == "papp added"]
    if added:
        lines += ["", "%%Added results", *added]
    return ("\n".join(lines) + "\n").encode("latin-1", "replace")


