"""The peers the benchmarks measure beside this project, as whole commands on a TRF file: FIDE's
checker gacrux (from the test extras) and tiebreak-core (``pip install tiebreak-core``), when
installed. tiebreak-core reads no file: its command includes a plain reader of the 001 records,
as a program using the library has to have."""

from __future__ import annotations

import os
import sys

GACRUX = ("import sys\nfrom gacrux.tiebreakchecker import tiebreakchecker\n"
          "sys.argv = ['tiebreakchecker', '-i', sys.argv[1], '-o', sys.argv[1] + '.out', '-d', 'T', "
          "'-t', 'PTS', 'BH/V2024', 'SB/V2024']\ntiebreakchecker().common_main()\n")

KINDS = {"1": ("played", 1.0), "=": ("played", 0.5), "0": ("played", 0.0), "W": ("played", 1.0),
         "D": ("played", 0.5), "L": ("played", 0.0), "+": ("forfeit_win", 1.0), "-": ("forfeit_loss", 0.0),
         "U": ("pairing_bye", 1.0), "F": ("requested_bye", 1.0), "H": ("requested_bye", 0.5),
         "Z": ("requested_bye", 0.0)}


def tiebreak_core_order(path: str, criteria=("buchholz", "sonneborn_berger")) -> list[int]:
    """tiebreak-core's order of the TRF's players (points, then ``criteria``), the FIDE 2024 rules."""
    from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f.read().splitlines() if line.startswith("001")]
    ratings = {int(line[4:8]): int(line[48:52].strip() or 0) for line in lines}
    players, rounds = {}, 0
    for line in lines:
        games = []
        for r, col in enumerate(range(91, len(line), 10), 1):
            cell = line[col:col + 8]
            opponent, colour, result = cell[:4].strip(), cell[5:6], cell[7:8]
            kind, score = KINDS.get(result, ("unplayed", 0.0))
            opp = int(opponent) if opponent.isdigit() and int(opponent) else -1
            games.append(GameRecord(opp, ratings.get(opp, 0), score, "white" if colour == "w" else "black", r,
                                    kind=kind))
            rounds = max(rounds, r)
        no = int(line[4:8])
        players[no] = PlayerTiebreakData(no, ratings[no], sum(g.score for g in games), games)
    standings = rank_standings_strict(players, list(criteria), total_rounds=rounds, ruleset="fide-2024")
    return [p.player_id for p in standings.players]


# the peer's command pays for nothing of this module's but the function (os and sys are loaded at start)
TIEBREAK_CORE = f"import sys\nsys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})\n" \
                "from peers import tiebreak_core_order\ntiebreak_core_order(sys.argv[1])\n"


def installed(module: str) -> bool:
    import importlib.util
    return importlib.util.find_spec(module) is not None


def commands(trf: str) -> dict[str, list[str]]:
    """Each installed peer's command ranking ``trf`` with PTS, BH, SB."""
    out = {}
    if installed("gacrux"):
        out["gacrux"] = [sys.executable, "-c", GACRUX, trf]
    if installed("tiebreak_core"):
        out["tiebreak-core"] = [sys.executable, "-c", TIEBREAK_CORE, trf]
    return out
