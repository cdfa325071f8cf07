"""Papp ELO exports (``papp``): the French federation's program, and the WOF rating archive.

Players come in the file's standing order with their points and disc totals; games under round
markers (:mod:`papp_elo_lines` reads every dialect). Byes and absences are not listed; what a
round a player is missing from was is inferred from the stored totals (:mod:`papp_infer`).
Games under a stage that is not a number (``%Round F``, ``%%Added results``, ``%%Finale``) are
play-offs: kept apart, never ranked. Games under no marker, or under ``%Round RR``, get rounds
in file order: each the earliest round, after the numbered ones, in which neither player has one.
"""

from __future__ import annotations

import re
from pathlib import Path

from brightwell_plugin.adapters.papp import elo_lines as elo
from brightwell_plugin.adapters.base import Format, ReadResult, lost_pairings, lost_unlisted, metadata
from brightwell_plugin.adapters.papp.infer import BOARD, Totals, infer
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.limits import read_input
from brightwell_plugin.fast import (
    DRAW, FIRST, FORFEIT_LOSS, FORFEIT_WIN, FULL_BYE, GAME, HALF_BYE, LOSS, PAB, REVERSED, SECOND, WIN, ZERO_BYE, new_entry, new_player,
)
from brightwell_plugin.model import Player, PlayoffGame, RoundEntry, Tournament

_RESULT = {">": WIN, "<": LOSS, "=": DRAW}


class PappFormat(Format):
    name = "papp"
    title = "Papp ELO export (WOF rating archive; FlipTheDisc writes it too)"
    suffixes = (".elo",)
    can_write = True
    carries_playoffs = True
    needs_results = True  # the players are listed in standing order, with their totals

    def sniff(self, path, head):
        text = head.decode("latin-1")
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if not lines:
            return False
        marked = sum(ln.startswith(("%%", "%_%", "%Round")) for ln in lines)
        games = sum(bool(elo.GAME.match(ln)) for ln in lines)
        other = len(lines) - marked - games - sum(ln.startswith("%") for ln in lines if not ln.startswith(("%%", "%_%")))
        # every line is a marker, a comment or a game: a README quoting Papp's markers is not Papp
        return marked > 0 and other <= (1 if len(head) >= 4096 else 0) and (games > 0 or "%_%" in text)

    def read(self, path: Path, *, encoding=None):
        file = str(path)
        text, _, warnings = decode(read_input(path), encoding, file, fallback="latin-1")
        lines = elo.split(text, file)
        if not lines.players and not lines.games:
            raise BrightwellError("no player and no game: not a Papp ELO file", file=file)
        numbers, unknown = self._numbers(lines, file, warnings)
        rounds: dict[int, dict[int, tuple]] = {}  # start no -> round -> game line
        playoffs: list[PlayoffGame] = []
        loose: list[elo.GameLine] = []
        moved = contradicted = ambiguous = 0
        for g in lines.games:
            first, second = numbers.get(g.first), numbers.get(g.second)
            if first is None or second is None:
                ambiguous += 1
                continue
            if first == second:
                raise BrightwellError(f"player {g.first} plays himself", file=file, place=f"line {g.line}")
            if g.score is not None and g.score + g.opp_score > BOARD:
                raise BrightwellError(f"discs {g.score:g}+{g.opp_score:g} exceed the board of {BOARD}",
                                      file=file, place=f"line {g.line}")
            if g.score is not None and (g.score > g.opp_score, g.score == g.opp_score) != (g.result == ">",
                                                                                          g.result == "="):
                contradicted += 1
            if isinstance(g.stage, str):
                result = _RESULT[g.result]
                playoffs.append(PlayoffGame(g.stage, first, second, result, g.score, g.opp_score))
            elif g.stage is None:
                loose.append((first, second, g))
            elif g.stage < 1 or g.stage > 999:
                raise BrightwellError(f"round {g.stage} is outside 1..999", file=file, place=f"line {g.line}")
            elif g.stage in rounds.get(first, {}) or g.stage in rounds.get(second, {}):
                moved += 1
                loose.append((first, second, g))
            else:
                rounds.setdefault(first, {})[g.stage] = g
                rounds.setdefault(second, {})[g.stage] = g
        last = max((r for played in rounds.values() for r in played), default=0)
        for first, second, g in loose:
            r = last + 1
            while r in rounds.get(first, {}) or r in rounds.get(second, {}):
                r += 1
            rounds.setdefault(first, {})[r] = g
            rounds.setdefault(second, {})[r] = g
        if moved:
            warnings.append(f"{file}: {moved} game(s) give a player a second game in one round: each is "
                            "placed in the first later round free for both players")
        if contradicted:
            warnings.append(f"{file}: {contradicted} game(s) have disc counts that contradict their result "
                            "sign; the sign is kept")
        if ambiguous:
            warnings.append(f"{file}: {ambiguous} game(s) name the unknown id '??????', which {unknown} players "
                            "share: left out")
        played = max((r for p in rounds.values() for r in p), default=0)
        players = self._players(lines, numbers, rounds, played, playoffs, file, warnings, timed=not loose)
        name = next((v for k, v in lines.meta if k == "papp Tournament" and v), path.stem)
        date = re.match(r"\s*(\d\d)/(\d\d)/(\d{4})", dict(lines.meta).get("papp Date", ""))
        start = f"{date[3]}-{date[2]}-{date[1]}" if date else None
        if not lines.games:
            warnings.append(f"{file}: the file lists no games; only its stored totals and order are known")
        return ReadResult(Tournament(
            name=name, players=tuple(players), rounds=played or None, game="othello", board=BOARD, start_date=start,
            tiebreaks=("PTS", "BQ:preset=papp", "DISCS") if any(g.score is not None for g in lines.games)
            else ("PTS",),  # results only (Papp 1.28): nothing to break ties with
            metadata=tuple(lines.meta), playoffs=tuple(playoffs),
        ), tuple(warnings))

    @staticmethod
    def _numbers(lines: elo.Lines, file: str, warnings: list[str]) -> tuple[dict[str, int], int]:
        """Start number of each id text; '??????' only when a single listed player has it."""
        numbers: dict[str, int] = {}
        for p in lines.players:
            if digits(p.id):
                if int(p.id) in numbers.values():
                    raise BrightwellError(f"player {p.id} is listed twice", file=file, place=f"line {p.line}")
                numbers[p.id] = int(p.id)
        for g in lines.games:
            for who in (g.first, g.second):
                if who not in numbers and digits(who):  # most are known: the lookup first
                    numbers[who] = int(who)
        unknown = [p for p in lines.players if not digits(p.id)]
        if len(unknown) == 1:
            numbers[unknown[0].id] = max(numbers.values(), default=0) + 1
        else:
            for p in unknown:  # each gets a number of its own; games naming '??????' are ambiguous
                numbers[f"?{p.line}"] = max(numbers.values(), default=0) + 1
        if unknown:
            warnings.append(f"{file}: {len(unknown)} player(s) have no id ('??????'): numbered "
                            f"{', '.join(str(numbers[p.id] if len(unknown) == 1 else numbers[f'?{p.line}']) for p in unknown)}")
        return numbers, len(unknown)

    @staticmethod
    def _players(lines, numbers, rounds, played, playoffs, file, warnings, timed) -> list[Player]:
        listed = {(numbers[p.id] if p.id in numbers else numbers[f"?{p.line}"]): p for p in lines.players}
        order = list(listed) + sorted(set(numbers.values()) - set(listed))
        entries: dict[int, list[RoundEntry | None]] = {}
        for no in order:
            row: list[RoundEntry | None] = [None] * played
            for r, g in rounds.get(no, {}).items():
                first = numbers.get(g.first) == no if g.first in numbers else False
                result = _RESULT[g.result]
                black = not g.first_is_white
                if first:
                    row[r - 1] = new_entry(GAME, numbers[g.second], result, FIRST if black else SECOND,
                                            g.score, g.opp_score)
                else:
                    row[r - 1] = new_entry(GAME, numbers[g.first], REVERSED[result], SECOND if black else FIRST,
                                            g.opp_score, g.score)
            entries[no] = row
        totals = {no: Totals(p.points, p.discs) for no, p in listed.items()}
        labels = {no: f"{listed[no].name} ({no})" if no in listed else
                  f"{lines.names[str(no)][0]} ({no})" if str(no) in lines.names else f"player {no}" for no in order}
        inferred = infer(entries, totals, playoffs, labels, file, warnings, timed)
        unlisted = [no for no in order if no not in listed]
        if listed and unlisted:
            warnings.append(f"{file}: player(s) {', '.join(map(str, unlisted))} play games but are not in the "
                            "player list")
        players = []
        for rank, no in enumerate(order, 1):
            p = listed.get(no)
            name, federation = lines.names.get(str(no), (f"player {no}", None)) if p is None else (p.name, p.federation)
            got = inferred[no]
            extra = () if p is None or p.discs is None else (("papp discs", f"{p.discs:g}"),)
            players.append(new_player(
                start_no=no, name=name, rounds=got.rounds, federation=federation,
                rating=None if p is None else p.rating, stored_points=got.stored_points,
                stored_rank=rank if p is not None else None, late_entry=got.late_entry,
                withdrawn_after=got.withdrawn_after, extra=extra,
            ))
        return players

    def cannot_carry(self, t: Tournament) -> list[str]:
        lost = lost_pairings(t) + lost_unlisted(t)
        kinds = {e.kind for p in t.players for e in p.rounds}
        if kinds & {FORFEIT_WIN, FORFEIT_LOSS}:
            lost.append("forfeits (an export lists games only)")
        if kinds & {HALF_BYE, ZERO_BYE, FULL_BYE}:
            lost.append("requested byes (only the pairing bye is inferred when read)")
        declared = "PTS,BQ:preset=papp,DISCS" if t.has_game_scores else "PTS"
        if t.tiebreaks and ",".join(t.tiebreaks) != declared:
            lost.append(f"the tie-break list {','.join(t.tiebreaks)} (an export declares none: it is read back as "
                        f"Papp's own, {declared})")
        credits = {(e.score, e.opp_score) for p in t.players for e in p.rounds if e.kind is PAB}
        if (None, None) in credits:
            lost.append("byes without a disc credit (read back with the credit the stored discs imply)")
        if len(credits) > 1:
            lost.append("byes with different disc credits (a reader infers one credit per event)")
        if any(p.withdrawn_after is not None or p.late_entry for p in t.players):
            lost.append("withdrawals (an export lists no absences: they are inferred again when read)")
        if any(e.kind is GAME and e.score is None for p in t.players for e in p.rounds):
            lost.append("games without disc counts (written as 0)")
        if t.board not in (None, BOARD):
            lost.append(f"a board of {t.board} squares (Papp's is 64)")
        other = sorted({k for k, _ in t.metadata if not k.startswith("papp ")})
        if other:
            lost.append(metadata(f"tournament metadata: {', '.join(other)}"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        from brightwell_plugin.adapters.papp.writer import render
        return render(t)


class PappPlugin:
    """Built-in plugin: Papp ELO exports."""

    @hookimpl
    def brightwell_register_formats(self, register):
        register(PappFormat())


plugin = PappPlugin()
