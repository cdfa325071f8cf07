"""The peers the benchmarks measure beside this project, as whole commands on a TRF file: FIDE's
checker gacrux (from the test extras) and tiebreak-core (``pip install tiebreak-core``), when
installed. tiebreak-core reads no file: its command includes a plain reader of the 001 records,
as a program using the library has to have."""

from __future__ import annotations

import importlib.util
import sys

GACRUX = ("import sys\nfrom gacrux.tiebreakchecker import tiebreakchecker\n"
          "sys.argv = ['tiebreakchecker', '-i', sys.argv[1], '-o', sys.argv[1] + '.out', '-d', 'T', "
          "'-t', 'PTS', 'BH/V2024', 'SB/V2024']\ntiebreakchecker().common_main()\n")

TIEBREAK_CORE = '''import sys
from tiebreak_core import GameRecord, PlayerTiebreakData, rank_standings_strict
KINDS = {"1": ("played", 1.0), "=": ("played", 0.5), "0": ("played", 0.0), "W": ("played", 1.0),
         "D": ("played", 0.5), "L": ("played", 0.0), "+": ("forfeit_win", 1.0), "-": ("forfeit_loss", 0.0),
         "U": ("pairing_bye", 1.0), "F": ("requested_bye", 1.0), "H": ("requested_bye", 0.5),
         "Z": ("requested_bye", 0.0)}
lines = [l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if l.startswith("001")]
ratings = {int(l[4:8]): int(l[48:52] or 0) for l in lines}
players, rounds = {}, 0
for l in lines:
    games = []
    for r, col in enumerate(range(91, len(l), 10), 1):
        cell = l[col:col + 8]
        opponent, colour, result = cell[:4].strip(), cell[5:6], cell[7:8]
        kind, score = KINDS.get(result, ("unplayed", 0.0))
        opp = int(opponent) if opponent.isdigit() and int(opponent) else -1
        games.append(GameRecord(opp, ratings.get(opp, 0), score, "white" if colour == "w" else "black", r, kind=kind))
        rounds = max(rounds, r)
    players[int(l[4:8])] = PlayerTiebreakData(int(l[4:8]), ratings[int(l[4:8])], sum(g.score for g in games), games)
standings = rank_standings_strict(players, ["buchholz", "sonneborn_berger"], total_rounds=rounds, ruleset="fide-2024")
print(len(standings.players))
'''


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def commands(trf: str) -> dict[str, list[str]]:
    """Each installed peer's command ranking ``trf`` with PTS, BH, SB."""
    out = {}
    if installed("gacrux"):
        out["gacrux"] = [sys.executable, "-c", GACRUX, trf]
    if installed("tiebreak_core"):
        out["tiebreak-core"] = [sys.executable, "-c", TIEBREAK_CORE, trf]
    return out
