"""The French Go federation's results file, ``.tou`` (``ffg-tou``), as OpenGotha and Pairgoth write it.

``;key=value`` header lines (name, date dd/mm/yyyy, vill, comm, size, komi ...), a column line
``;Num Nom Prenom Niv Licence Club``, then one line per player in placement order: place (blank
when tied), ``Surname First_name``, rank, FFG licence (may be blank), club, and one result per
round as in EGD h9 without the ``/`` and ``!`` (``15+b0``: beat line 15 with Black, no handicap;
``0-`` no game). No placement criteria are stored: the order is kept for ``brightwell check``,
and the event is ranked by OpenGotha's Swiss criteria unless told otherwise.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.adapters.go.egd import both_won_or_lost, half_game
from brightwell_plugin.adapters.textio import comments_and_rows, decode
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.limits import read_input
from brightwell_plugin.fast import new_player
from brightwell_plugin.model import ABSENT_ENTRY, Tournament

_HEADER = re.compile(r"^;\s*(\w+)\s*=\s*(.*?)\s*$")
_RESULT = re.compile(r"^([0-9]+)([-+=?])([wWbB?])?([0-9])?$")
_RANK = re.compile(r"^[0-9]+[kdpKDP]$")


class FfgTouFormat(Format):
    name = "ffg-tou"
    title = "French Go federation results (.tou, read)"
    suffixes = (".tou",)

    def sniff(self, path, head):
        text = head.decode("latin-1")
        return bool(re.search(r"^;\s*Num\s+Nom\s+Pr[eé]nom", text, re.MULTILINE | re.IGNORECASE)) or (
            path.suffix.lower() == ".tou" and bool(re.search(r"^;\s*name\s*=", text, re.MULTILINE)))

    def read(self, path: Path, *, encoding=None):
        file = str(path)
        text, _, warnings = decode(read_input(path), encoding, file, fallback="iso-8859-15")
        comments, lines = comments_and_rows(text, ";")
        meta = [(f"ffg {m[1]}", m[2]) for line in comments if (m := _HEADER.match(line.strip()))]
        rows = [self._row(n, line, file) for n, line in lines]
        if not rows:
            raise BrightwellError("no player line: not an FFG .tou file", file=file)
        table = []
        for n, _, _, _, _, _, results in rows:
            row = []
            for r, (opp, res, colour, handicap) in enumerate(results):
                if opp > len(rows):
                    raise BrightwellError(f"round {r + 1}: opponent {opp} is not a line of this file", file=file,
                                          place=f"line {n}")
                row.append(half_game(opp, res, "/", colour, handicap))
            table.append(row)
        if both := both_won_or_lost(table):
            warnings.append(f"{file}: {both} game(s) both players won or lost: read as double forfeits")
        players, place = [], None
        for no, ((n, row_place, name, rank, licence, club, _), entries) in enumerate(zip(rows, table), 1):
            place = row_place or place
            surname, _, first = name.partition(" ")
            extra = (("go rank", rank),) + ((("ffg club", club),) if club else ())
            players.append(new_player(
                start_no=no, name=f"{surname.replace('_', ' ')}, {first.replace('_', ' ')}".strip(", "),
                rounds=tuple(entries), ids=(("ffg", licence),) if licence else (), stored_rank=place, extra=extra,
            ))
        planned = max((len(p.rounds) for p in players), default=0)
        last = max((r + 1 for p in players for r, e in enumerate(p.rounds) if e is not ABSENT_ENTRY), default=0)
        players = [replace(p, rounds=p.rounds[:last]) for p in players]
        info = dict(meta)
        date = info.get("ffg date", "")
        iso = f"{date[6:10]}-{date[3:5]}-{date[0:2]}" if re.fullmatch(r"\d\d/\d\d/\d{4}", date) else None
        return ReadResult(Tournament(
            name=info.get("ffg comm") or info.get("ffg name") or path.stem, players=tuple(players),
            rounds=planned or None, game="go", start_date=iso, tiebreaks=("NBW", "SOSW", "SOSOSW"),
            metadata=tuple(meta),
        ), tuple(warnings))

    @staticmethod
    def _row(n: int, line: str, file: str):
        tokens = line.split()
        results = []
        while tokens and (m := _RESULT.match(tokens[-1])):
            tokens.pop()
            results.append((int(m[1]), m[2], (m[3] or "?").lower(), int(m[4] or 0)))
        results.reverse()
        place = int(tokens.pop(0)) if tokens and digits(tokens[0]) and line[:4].strip() == tokens[0] else None
        at = max((i for i, t in enumerate(tokens) if _RANK.match(t)), default=None)
        if at is None or at == 0:
            raise BrightwellError("not a .tou player line (place, name, rank, licence, club, results)", file=file,
                                  place=f"line {n}")
        rest = tokens[at + 1:]
        licence = rest.pop(0) if rest and digits(rest[0]) else ""
        return n, place, " ".join(tokens[:at]), tokens[at].upper(), licence, " ".join(rest), results


class FfgTouPlugin:
    """Built-in plugin: FFG .tou."""

    @hookimpl
    def brightwell_register_formats(self, register):
        register(FfgTouFormat())


plugin = FfgTouPlugin()
