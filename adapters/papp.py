"""Papp ELO exports (``papp``): the French federation's program, and the WOF rating archive.

Players come in Papp's final standing order with their points and disc totals; games as
``black (discs)R(discs) white B`` under ``%Round: n``. Byes and absences are not listed, but the
totals include them: a round a player is missing from is inferred as a bye (a 40-24 win, Papp's
``Score-bip = 24/64``) while his totals still have a win and 40 discs to spare, else as an
absence; every inference is reported. ``%%Added results`` (play-offs) are kept, not ranked.
"""

from __future__ import annotations

import re
from pathlib import Path

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.adapters.numbers import SMALL
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.model import (
    ABSENT, ABSENT_KIND, DRAW, FIRST, FORFEIT_LOSS, FORFEIT_WIN, FULL_BYE, GAME, HALF_BYE, LOSS, PAB, REVERSED,
    SECOND, WIN, ZERO_BYE, Player, RoundEntry, Tournament,
)

BOARD, BYE_DISCS = 64, 40
_PLAYER = re.compile(r"^%_%\s*(\d+)\s*,\s*([^,]*?)\s*,\s*([^,]*?)\s*,\s*([^,]*?)\s*,\s*([\d.]+)\s*,\s*(\d+)\s*(?:,\s*(\d+))?\s*$")
_GAME = re.compile(r"^\s*(\d+)\s*\((\d+)\)\s*([<>=])\s*\((\d+)\)\s*(\d+)\s*B?\s*$")
_META = re.compile(r"^%%(\w+):\s*(.*)$")


class PappFormat(Format):
    name = "papp"
    title = "Papp ELO export (WOF rating archive; FlipTheDisc writes it too)"
    suffixes = (".elo",)
    can_write = True

    def sniff(self, path, head):
        return b"%_%" in head and (b"%%Tournament" in head or b"%Round" in head)

    def read(self, path: Path, *, encoding=None):
        text, _, warnings = decode(path.read_bytes(), encoding, str(path), fallback="latin-1")
        meta, people, games, added = [], [], {}, []
        rnd, in_added, small = 0, False, SMALL.get  # plain numbers looked up, others parsed
        for n, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
            if not line.strip():
                continue
            m = _META.match(line) if line[0] == "%" else None
            if m:
                meta.append((f"papp {m[1]}", m[2].strip()))
                continue
            if line[0] == "%":
                if line.startswith("%%Added"):
                    in_added = True
                elif line.startswith("%Round:"):
                    rnd = int(line.split(":", 1)[1])
                elif line.startswith("%_%"):
                    m = _PLAYER.match(line)
                    if not m:
                        raise BrightwellError("player line cannot be read", file=str(path), place=f"line {n}")
                    people.append((n, m))
                continue
            if in_added:
                added.append(("papp added", line))
                continue
            m = _GAME.match(line)
            if not m or not rnd:
                raise BrightwellError(f"'{line.strip()}' is not a game line", file=str(path), place=f"line {n}")
            black, bd, res, wd, white = m.groups()
            black, bd, wd, white = (small(black) or int(black), small(bd) or int(bd), small(wd) or int(wd),
                                    small(white) or int(white))
            if bd + wd > BOARD:
                raise BrightwellError(f"discs {bd}+{wd} exceed the board of {BOARD}", file=str(path),
                                      place=f"line {n}")
            games.setdefault(rnd, []).append((n, black, bd, res, wd, white))
        t = self._tournament(path, meta + added, people, games, warnings)
        return ReadResult(t, tuple(warnings))

    def _tournament(self, path, meta, people, games, warnings) -> Tournament:
        rounds = max(games, default=0)
        ids = {int(m[1]) for _, m in people}
        entries: dict[int, list[RoundEntry]] = {i: [ABSENT] * rounds for i in ids}
        for r, lines in games.items():
            for n, black, bd, res, wd, white in lines:
                for who in (black, white):
                    if who not in ids:
                        raise BrightwellError(f"unknown player {who}", file=str(path), place=f"line {n}")
                result = WIN if res == ">" else LOSS if res == "<" else DRAW
                entries[black][r - 1] = RoundEntry(GAME, white, result, FIRST, bd, wd)
                entries[white][r - 1] = RoundEntry(GAME, black, REVERSED[result], SECOND, wd, bd)
        players = []
        for rank, (n, m) in enumerate(people, 1):
            no, points, discs = int(m[1]), float(m[5]), int(m[6])
            name = f"{m[2]}, {m[3]}" if m[3] else m[2]
            rounds_of = self._infer(no, name, entries[no], points, discs, warnings, path)
            players.append(Player(
                start_no=no, name=name, rounds=rounds_of,
                federation=m[4] or None, rating=int(m[7]) if m[7] else None, stored_points=points,
                stored_rank=rank, extra=(("papp discs", str(discs)),),
            ))
        name = next((v for k, v in meta if k == "papp Tournament"), path.stem)
        return Tournament(name=name, players=tuple(players), rounds=rounds or None, game="othello", board=BOARD,
                          tiebreaks=("PTS", "BQ:preset=papp", "DISCS"), metadata=tuple(meta))

    @staticmethod
    def _infer(no, name, entries, points, discs, warnings, path) -> tuple[RoundEntry, ...]:
        got_points = got_discs = 0
        for e in entries:
            if e.kind is GAME:
                got_points += 1 if e.result is WIN else 0.5 if e.result is DRAW else 0
                got_discs += e.score
        spare_points, spare_discs = points - got_points, discs - got_discs
        out, inferred = list(entries), []
        for r, e in enumerate(entries):
            if e.kind is ABSENT_KIND:
                if spare_points >= 1 and spare_discs >= BYE_DISCS:
                    out[r] = RoundEntry(PAB, score=BYE_DISCS, opp_score=BOARD - BYE_DISCS)
                    spare_points, spare_discs = spare_points - 1, spare_discs - BYE_DISCS
                    inferred.append(f"{r + 1} bye")
                else:
                    inferred.append(f"{r + 1} absent")
        if inferred:
            warnings.append(f"{path}: {name} ({no}) is not listed in round(s) {', '.join(inferred)} (inferred)")
        if spare_points or spare_discs:
            warnings.append(f"{path}: {name} ({no}): stored {points:g} points and {discs} discs, the games give "
                            f"{points - spare_points:g} points and {discs - spare_discs} discs")
        return tuple(out)

    def cannot_carry(self, t: Tournament) -> list[str]:
        lost = []
        kinds = {e.kind for p in t.players for e in p.rounds}
        if kinds & {FORFEIT_WIN, FORFEIT_LOSS}:
            lost.append("forfeits (an export lists games only)")
        if kinds & {HALF_BYE, ZERO_BYE, FULL_BYE}:
            lost.append("requested byes (only the pairing bye is inferred when read)")
        if any(e.kind is PAB and (e.score, e.opp_score) != (BYE_DISCS, BOARD - BYE_DISCS)
               for p in t.players for e in p.rounds):
            lost.append("byes without the 40-24 credit Papp gives them")
        if any(p.withdrawn_after is not None or p.late_entry for p in t.players):
            lost.append("withdrawals (an export lists no absences: they are inferred again when read)")
        if any(e.is_game and e.score is None for p in t.players for e in p.rounds):
            lost.append("games without disc counts (written as 0)")
        if t.board not in (None, BOARD):
            lost.append(f"a board of {t.board} squares (Papp's is 64)")
        other = sorted({k for k, _ in t.metadata if not k.startswith("papp ")})
        if other:
            lost.append(f"tournament metadata: {', '.join(other)}")
        return lost

    def dumps(self, t: Tournament) -> bytes:
        from brightwell_plugin.adapters.papp_writer import render
        return render(t)


class PappPlugin:
    """Built-in plugin: Papp ELO exports."""

    @hookimpl
    def brightwell_register_formats(self, register):
        register(PappFormat())


plugin = PappPlugin()
