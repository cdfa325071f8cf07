"""Benchmark: rank generated N-player, 13-round Othello tournaments; print CPU seconds.

Run: ``python benchmarks/bench_rank.py [N ...]`` (default 1000 10000 100000). Generation is not timed;
ranking (context, every criterion, ordering) is, on one core, best of five runs (one at 100k). Beside
it, the memory the model of the event holds, per player-round (tracemalloc, while it is built).
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc

from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side, Tournament
from brightwell_plugin.api import rank

SPEC = "PTS,BQ:preset=woc,DISCS,BH,SB"
ROUNDS = 13


def generate(n: int, rounds: int = ROUNDS, seed: int = 1) -> Tournament:
    """Random pairings each round, a PAB when odd, 1% withdrawals, discs summing to 64."""
    rng = random.Random(seed)
    entries: list[list[tuple]] = [[] for _ in range(n)]
    withdrawn = {i: rng.randrange(1, rounds) for i in rng.sample(range(n), n // 100)}
    for r in range(1, rounds + 1):
        active = [i for i in range(n) if withdrawn.get(i, rounds) >= r]
        for i in range(n):
            if withdrawn.get(i, rounds) < r:
                entries[i].append((Kind.ABSENT,))
        rng.shuffle(active)
        if len(active) % 2:
            entries[active.pop()].append((Kind.PAB,))
        for a, b in zip(active[0::2], active[1::2]):
            da = rng.randint(0, 64)
            res = Result.WIN if da > 32 else Result.LOSS if da < 32 else Result.DRAW
            entries[a].append((Kind.GAME, b + 1, res, Side.FIRST, da, 64 - da))
            entries[b].append((Kind.GAME, a + 1, res.reverse, Side.SECOND, 64 - da, da))
    # Objects are made player by player, as a file reader makes them (memory locality).
    players = tuple(Player(i + 1, f"Player {i + 1}", tuple(RoundEntry(*e) for e in entries[i]),
                           withdrawn_after=withdrawn.get(i)) for i in range(n))
    return Tournament("benchmark", players, rounds=rounds, board=64, game="othello")


def plain(t: Tournament) -> list[int]:
    """The floor to compare with: the same five values by plain hand-written loops over the model,
    for this benchmark's events only (games, pairing-allocated byes, absences after a withdrawal),
    and the order they make."""
    index = {p.start_no: i for i, p in enumerate(t.players)}
    game, pab = Kind.GAME, Kind.PAB
    win, draw = Result.WIN, Result.DRAW
    pts = [sum(1.0 if e.kind is pab or e.result is win else 0.5 if e.result is draw else 0.0 for e in p.rounds)
           for p in t.players]
    gone = [p.withdrawn_after is not None for p in t.players]
    discs, bh, sb, bq = [], [], [], []
    for i, p in enumerate(t.players):
        d = b = s = q = 0.0
        for e in p.rounds:
            if e.kind is game:
                o = index[e.opponent]
                d += e.score
                b += pts[o]
                s += pts[o] * (1.0 if e.result is win else 0.5 if e.result is draw else 0.0)
                q += 32 + 6 * pts[i] if gone[o] else e.score + 6 * pts[o]
            elif e.kind is pab:
                q += 32 + 6 * pts[i]
        discs.append(d)
        bh.append(b)
        sb.append(s)
        bq.append(q)
    return sorted(range(len(pts)), key=lambda i: (-pts[i], -bq[i], -discs[i], -bh[i], -sb[i], t.players[i].start_no))


def plain_seconds(t: Tournament, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        plain(t)
        best = min(best, time.process_time() - start)
    return best


def cpu_seconds(t: Tournament, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        rank(t, SPEC)
        best = min(best, time.process_time() - start)
    return best


def generate_measured(n: int) -> tuple[Tournament, float]:
    """The event, and the bytes its model holds per player-round."""
    tracemalloc.start()
    try:
        t = generate(n)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return t, held / (n * ROUNDS)


def main(sizes: list[int]) -> None:
    print(f"ranking with {SPEC}, {ROUNDS} rounds, CPU seconds (best of 5; one run at 100k)")
    for n in sizes:
        t, held = generate_measured(n)
        secs = cpu_seconds(t, 1 if n > 50_000 else 5)
        floor = plain_seconds(t, 1 if n > 50_000 else 5)
        per = secs / (n * ROUNDS) * 1e6
        print(f"{n:>8} players: {secs:7.3f} s   ({per:.2f} us per player-round); plain hand-written loops "
              f"{floor:.3f} s, ratio {secs / floor:.1f}; model {held:.0f} bytes per player-round")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [1000, 10_000, 100_000])
