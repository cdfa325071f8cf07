"""Benchmark: a team event ranked as teams beside the same event ranked as players.

Run: ``python benchmarks/bench_teams.py [RUNS]`` (default 7). Generates a 200-team, 11-round team
Swiss of five boards (1,000 players) as a TRF-2026 file, reads it once, then times in turn (pairs
taken one after the other, the median of their ratios printed) the team standings by
``MPTS,GPTS,EGGSB,BH:MP`` (the team view built each time) and the individual standings by
``PTS,BH,SB``. Goal: the teams at most 2 times the players.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side, Tournament

TEAMS, BOARDS, ROUNDS = 200, 5, 11
TEAM_SPEC, PLAYER_SPEC = "MPTS,GPTS,EGGSB,BH:MP", "PTS,BH,SB"
_REVERSE = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW}


def team_event_trf(seed: int = 11) -> bytes:
    """Random pairings of the teams each round, board k against board k, colours alternating."""
    rng = random.Random(seed)
    rosters = [[t * BOARDS + b + 1 for b in range(BOARDS)] for t in range(TEAMS)]
    entries = {no: [] for team in rosters for no in team}
    for _ in range(ROUNDS):
        order = list(range(TEAMS))
        rng.shuffle(order)
        for a, b in zip(order[::2], order[1::2]):
            for k in range(BOARDS):
                white, black = (rosters[a][k], rosters[b][k]) if k % 2 == 0 else (rosters[b][k], rosters[a][k])
                result = rng.choice((Result.WIN, Result.DRAW, Result.LOSS))
                entries[white].append(RoundEntry(Kind.GAME, black, result, Side.FIRST))
                entries[black].append(RoundEntry(Kind.GAME, white, _REVERSE[result], Side.SECOND))
    players = tuple(Player(no, f"Player {no}", tuple(entries[no]), rating=1400 + no % 900) for no in sorted(entries))
    text = TrfFormat().dumps(Tournament("Team Swiss", players, rounds=ROUNDS)).decode("latin-1").rstrip("\r\n")
    lines = [text.replace("\r\n", "\n"), "092 Team Swiss System", "352 " + ("WB" * BOARDS)[:BOARDS],
             "362 TW 2.0   TD 1.0   TL 0.0"]
    lines += [f"310 {i:3d} {('Team ' + str(i)):<32} {('T' + str(i)):<5} {0:6d} {'':6} {'':6} {'':3}  "
              + " ".join(f"{no:4d}" for no in team) for i, team in enumerate(rosters, 1)]
    return ("\n".join(lines) + "\n").encode("latin-1")


def main(runs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "teams.trf"
        path.write_bytes(team_event_trf())
        t = api.load(path).tournament
    assert t.teams is not None and len(t.teams.teams) == TEAMS
    api.rank(t, TEAM_SPEC), api.rank(t, PLAYER_SPEC)  # warmed: criteria imported
    pairs = []
    for _ in range(runs):
        start = time.perf_counter()
        api.rank(t, TEAM_SPEC)
        teams = time.perf_counter() - start
        start = time.perf_counter()
        api.rank(t, PLAYER_SPEC)
        players = time.perf_counter() - start
        pairs.append((teams, players))
    ratio = statistics.median(a / b for a, b in pairs)
    print(f"{TEAMS} teams x {BOARDS} boards, {ROUNDS} rounds ({TEAMS * BOARDS} players), median of {runs}: "
          f"teams by {TEAM_SPEC} {statistics.median(p[0] for p in pairs) * 1000:.1f} ms, players by {PLAYER_SPEC} "
          f"{statistics.median(p[1] for p in pairs) * 1000:.1f} ms: the teams take {ratio:.2f} times as long (goal: at most 2)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
