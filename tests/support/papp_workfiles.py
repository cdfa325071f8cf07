"""Papp workfile trios (papp.cfg, joueurs, papp-internal-workfile.txt) written as Papp 1.37.1 writes
them: ``global.c`` save_tournament_infos for the header, ``couplage.c`` _save_registered for the
``&`` lists (every registered player, wrapped every 10) and _save_round for the results
(``(%06ld %-5s %06ld %s);``), each under its ``%`` comment: small events worked by hand in the tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

SURNAMES = ["DUPONT", "MARTIN", "de Groot", "DE GROOT", "Lindqvist", "SATO", "KOVAC", "ROUX", "O'NEIL", "VAN DEN BERG",
            "BRANDT", "NOVAK", "PETIT", "DURAND", "Ito", "ABE"]
FIRST = ["Anne", "Paul", "Luc", "Eva", "Marc", "Ida", "Jan", "Emil", "Hana", "Ivo", "Ada", "Bruno"]


@dataclass
class Event:
    name: str
    rounds: int
    coef: float | None  # #_BQ-double; None: not written
    bye: int = 24  # Score-bip, Bip's discs of 64
    players: dict[int, tuple[str, str, str, int | None]] = field(default_factory=dict)  # id -> surname, first, CC, rating
    # per round: who is present, then (black, black discs, white)
    present: list[dict[int, bool]] = field(default_factory=list)
    games: list[list[tuple[int, float, int]]] = field(default_factory=list)
    after: dict[int, bool] | None = None  # an '&' list after the last round (who is present for the next)
    in_progress: list[tuple[int, int]] = field(default_factory=list)  # pairings of the next round, no result


def _discs(v: float) -> str:
    return f"{v:g}" if v != int(v) else str(int(v))


def workfile(e: Event) -> str:
    out = ["#########################################\n", "# PAPP 1.37.1, Dec 13 2024\n",
           "#########################################\n", f'#_Nom-Tournoi   = "{e.name}" ;\n',
           f"#_Nombre-Rondes = {e.rounds} ;\n"]
    if e.coef is not None:
        out.append(f"#_BQ-double = {e.coef:f} ;\n")
    out += ['#_Date = "04/01/2026" ;\n', "#########################################\n\n"]
    order: list[int] = []
    previous: dict[int, bool] = {}

    def registered(n: int, present: dict[int, bool]) -> None:
        nonlocal previous
        for no in present:
            if no not in order:
                order.append(no)
        state = {no: present.get(no, False) for no in order}
        if n == 1 or state != previous:
            out.append(f"% Inscrits pour la ronde {n}\n\n&")
            out.extend(f"{chr(10) + '  ' if i and i % 10 == 0 else ' '}{'+' if state[no] else '-'}{no:06d}"
                       for i, no in enumerate(order))
            out.append(";\n\n")
        previous = state

    for r, (present, games) in enumerate(zip(e.present, e.games), 1):
        registered(r, present)
        out.append(f"% Resultats de la ronde {r}\n\nraz-couplage;\n")
        for black, bd, white in games:
            out.append(f"({black:06d} {_discs(bd):<5} {white:06d} {_discs(64 - bd)});\n")
        out.append("ronde-suivante;\n\n")
    if e.after is not None:
        registered(len(e.present) + 1, e.after)
    for black, white in e.in_progress:
        out.append(f"({black:06d} {white:06d});\n")
    return "".join(out)


def players_file(e: Event) -> str:
    lines = ["% players file written for a test\n"]
    for no, (surname, first, country, rating) in e.players.items():
        lines.append(f"{no:6d} {surname}, {first}\t{{{country}}}" + (f" <{rating}>" if rating is not None else "") + "\n")
    return "".join(lines)


def config(e: Event) -> str:
    return f"# papp.cfg written for a test\n\tPays = \"\";\n\tScore-bip   = {e.bye}/64;\n\tdossier false;\n" \
           "\tXML false;\n\tFichier joueurs        = \"joueurs\";\n\tSauvegarde differee;\n"


def write_trio(folder: Path, e: Event) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "papp.cfg").write_text(config(e), encoding="latin-1")
    (folder / "joueurs").write_text(players_file(e), encoding="latin-1")
    path = folder / "papp-internal-workfile.txt"
    path.write_text(workfile(e), encoding="latin-1")
    return path
