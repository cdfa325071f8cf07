"""Papp's tournament state file (``papp-workfile``): ``papp-internal-workfile.txt``.

Append-only statements ending in ``;``: a header of ``#_Key = value ;`` (name, rounds, the BQ
coefficient ``BQ-double``, date); ``& +000123 -000789 ;`` registrations (``+`` present, ``-``
absent from now on); ``(000123 000456);`` a pairing, Black first; ``(000123 40 000456 24);`` a
result; ``raz-couplage;`` drops the round's pairings; ``ronde-suivante;`` starts the next round.
A present player without a game in a round had the bye, credited as ``papp.cfg``'s
``Score-bip`` says (default 24/64: a 40-24 win). Names come from the ``joueurs`` file beside it
when there is one. The body grammar follows Papp's source (v1.37.1); the project's real sample
has a header only.
"""

from __future__ import annotations

import re
from pathlib import Path

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.limits import read_input
from brightwell_plugin.fast import DRAW, FIRST, GAME, LOSS, PAB, SECOND, WIN, new_entry, new_player
from brightwell_plugin.model import ABSENT_ENTRY, Player, RoundEntry, Tournament

_HEADER = re.compile(r'^#_([\w-]+)\s*=\s*"?(.*?)"?\s*$')
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?")
_RESULT = re.compile(r"^\(\s*([0-9]+)\s+([0-9]+)\s+([0-9]+)\s+([0-9]+)\s*\)$")
_PAIR = re.compile(r"^\(\s*([0-9]+)\s+([0-9]+)\s*\)$")
_PLAYER = re.compile(r"^\s*([0-9]+)\s+([^{<`]+?)\s*(?:\{(\w+)\})?\s*(?:<([0-9]+)>)?\s*(?:`.*`)?\s*$")


def bye_score(folder: Path) -> tuple[int, int]:
    """(bye discs, discs per game) from papp.cfg's ``Score-bip = 24/64`` (the bye's opponent's share)."""
    cfg = folder / "papp.cfg"
    if cfg.exists():
        m = re.search(r"Score-bip\s*=\s*(\d+)\s*/\s*(\d+)", read_input(cfg).decode("latin-1"))
        if m:
            return int(m[2]) - int(m[1]), int(m[2])
    return 40, 64


def names(folder: Path) -> dict[int, tuple[str, str | None, int | None]]:
    path = folder / "joueurs"
    if not path.exists():
        return {}
    out = {}
    for line in read_input(path).decode("latin-1").splitlines():
        m = _PLAYER.match(line)
        if m:
            out[int(m[1])] = (m[2].strip(), m[3], int(m[4]) if m[4] else None)
    return out


class PappWorkfileFormat(Format):
    name = "papp-workfile"
    title = "Papp tournament state file (papp-internal-workfile.txt, with papp.cfg and joueurs)"
    suffixes = ()
    companions = ("papp.cfg", "joueurs")

    def sniff(self, path, head):
        return b"#_Nom-Tournoi" in head or b"#_Nombre-Rondes" in head

    def read(self, path: Path, *, encoding=None):
        text, _, warnings = decode(read_input(path), encoding, str(path), fallback="latin-1")
        header: dict[str, str] = {}
        present: set[int] = set()
        seen: list[int] = []
        rounds: list[dict[int, RoundEntry]] = [{}]
        present_by_round: list[set[int]] = []
        statements = []
        for n, line in enumerate(text.splitlines(), 1):
            if line.startswith("#_"):
                for part in line.split(";"):
                    m = _HEADER.match(part.strip())
                    if m:
                        header[m[1]] = m[2]
                continue
            if line.lstrip().startswith("#"):
                continue
            statements += [(n, s.strip()) for s in line.split(";") if s.strip()]
        for n, s in statements:
            if s.startswith("&"):
                for token in s[1:].split():
                    if token[:1] not in "+-" or not digits(token[1:]):
                        raise BrightwellError(f"'{token}' is not +N or -N (a player arriving or leaving)",
                                              file=str(path), place=f"line {n}")
                    no = int(token[1:])
                    if no not in seen:
                        seen.append(no)
                    (present.add if token[0] == "+" else present.discard)(no)
            elif s == "raz-couplage":
                rounds[-1] = {no: e for no, e in rounds[-1].items() if not e.is_game}
            elif s == "ronde-suivante":
                present_by_round.append(set(present))
                rounds.append({})
            elif (m := _RESULT.match(s)):
                black, bd, white, wd = int(m[1]), int(m[2]), int(m[3]), int(m[4])
                res = WIN if bd > wd else LOSS if bd < wd else DRAW
                rounds[-1][black] = new_entry(GAME, white, res, FIRST, bd, wd)
                rounds[-1][white] = new_entry(GAME, black, res.reverse, SECOND, wd, bd)
            elif _PAIR.match(s):
                continue  # a pairing; its result follows when played
            else:
                raise BrightwellError(f"'{s}' is not a Papp statement", file=str(path), place=f"line {n}")
        present_by_round.append(set(present))
        played = [r for r in rounds if any(e.is_game for e in r.values())]
        bye, board = bye_score(path.parent)
        known = names(path.parent)
        players = []
        for no in seen:
            entries = []
            for r, got in enumerate(played):
                if no in got:
                    entries.append(got[no])
                elif no in present_by_round[r]:
                    entries.append(new_entry(PAB, score=bye, opp_score=board - bye))
                else:
                    entries.append(ABSENT_ENTRY)
            name, country, rating = known.get(no, (f"Player {no}", None, None))
            players.append(new_player(no, name, tuple(entries), rating=rating, federation=country))
        coef = header.get("BQ-double")
        if coef and not _DECIMAL.fullmatch(coef.strip()):
            raise BrightwellError(f"BQ-double {coef!r} is not a number", file=str(path), place="header")
        item = "BQ:preset=papp" + (f":coef={float(coef):g}:coef_min_rounds=0" if coef else "")
        rounds_planned = int(header["Nombre-Rondes"]) if digits(header.get("Nombre-Rondes", "")) else None
        return ReadResult(Tournament(
            name=header.get("Nom-Tournoi", path.stem), players=tuple(players), rounds=rounds_planned,
            game="othello", board=board, tiebreaks=("PTS", item, "DISCS"),
            metadata=tuple((f"papp {k}", v) for k, v in header.items()),
        ), tuple(warnings))


class PappWorkfilePlugin:
    """Built-in plugin: Papp's state file."""

    @hookimpl
    def brightwell_register_formats(self, register):
        register(PappWorkfileFormat())


plugin = PappWorkfilePlugin()
