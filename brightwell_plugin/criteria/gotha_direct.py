"""OpenGotha's direct confrontation (DC) and simplified direct confrontation (SDC).

Not FIDE's direct encounter (``DE``). OpenGotha (``Tournament.fillDirScoringInfo`` and
``defineDirForExAequoGroup``) takes each group of players tied on every criterion before the first
DC or SDC and looks only at the games won over the board among them (forfeits, draws and games
without a result count for nothing):

* SDC, when every two players of the group have a non-zero balance of wins against each other:
  the number of group members a player has beaten on balance; else 0 for all.
* DC: the players who have beaten nobody left in the group are placed last, the one with the
  worst value on the criteria after DC first; ties on those share a place; then the next; a cycle
  of wins (A beat B, B beat C, C beat A) is one node that keeps its members' wins and losses against
  the others (Walraet's ``Confrontation.topologicalSort(true, true)``). Only a pair with exactly one
  more win for one player counts (two wins over the same player count for nothing, as in OpenGotha).
  The value is the number of places from the bottom of the group: the higher the better.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from brightwell_plugin.model import Kind, Result


def win_balance(ctx, members: Sequence[int]) -> dict[tuple[int, int], int]:
    """Wins minus losses over the board between two members (``defineAPairMatrix``)."""
    inside = set(members)
    balance: dict[tuple[int, int], int] = {}
    for i in members:
        for e, o in zip(ctx.entries[i], ctx.opp[i]):
            if o in inside and e.kind is Kind.GAME and e.rated and e.result in (Result.WIN, Result.LOSS):
                balance[i, o] = balance.get((i, o), 0) + (1 if e.result is Result.WIN else -1)
    for i, _, e in ctx.more_games:  # every game counts here, as OpenGotha goes through them all
        o = ctx.index.get(e.opponent, -1)
        if i in inside and o in inside and e.kind is Kind.GAME and e.rated and e.result in (Result.WIN, Result.LOSS):
            balance[i, o] = balance.get((i, o), 0) + (1 if e.result is Result.WIN else -1)
    return balance


def simplified(members: Sequence[int], balance) -> dict[int, int]:
    """SDC: wins on balance within the group, when every pair has a balance; else 0."""
    if any(balance.get((i, j), 0) == 0 for i in members for j in members if i != j):
        return {i: 0 for i in members}
    return {i: sum(1 for j in members if j != i and balance[i, j] > 0) for i in members}


def _components(nodes: Sequence[int], beats: dict[int, set[int]]) -> dict[int, int]:
    """Each node's strongly connected component (the cycles ``detectCycles`` finds), by Tarjan."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    on_stack: set[int] = set()
    component: dict[int, int] = {}
    counter = [0]

    def visit(v: int) -> None:
        work = [(v, iter(sorted(beats.get(v, ()))))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(beats.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component[w] = node
                    if w == node:
                        break

    for v in nodes:
        if v not in index:
            visit(v)
    return component


def confrontation(members: Sequence[int], balance, sc: dict[int, float]) -> dict[int, int]:
    """DC within a group: ``sc`` is each member's score on the criteria after DC (higher is better)."""
    beats = {i: {j for j in members if balance.get((i, j), 0) == 1} for i in members}  # exactly one more win
    component = _components(members, beats)
    # a win between two components stands for every member of one over every member of the other
    wins_over: dict[int, set[int]] = {c: set() for c in component.values()}
    for i in members:
        for j in beats[i]:
            if component[i] != component[j]:
                wins_over[component[i]].add(component[j])
    remaining = set(members)
    rank: dict[int, int] = {}
    while remaining:
        alive = {component[i] for i in remaining}
        free = [i for i in remaining if not (wins_over[component[i]] & alive)]  # beat nobody left
        worst = min(sc[i] for i in free)
        chosen = [i for i in free if sc[i] == worst]
        place = 1 + len(remaining) - len(chosen)
        for i in chosen:
            rank[i] = place
            remaining.discard(i)
    top = max(rank.values())
    return {i: top - rank[i] for i in members}


def secondary_scores(ctx, members: Sequence[int], later) -> dict[int, float]:
    """``nbP - place`` of each member ordered by the criteria after DC, ties sharing a place."""
    if not later:
        return {i: float(len(members)) for i in members}
    keys = {i: tuple(k[i] for k in later) for i in members}
    ordered = sorted(members, key=lambda i: keys[i], reverse=True)
    sc: dict[int, float] = {}
    position = 0
    for _, run in groupby(ordered, key=lambda i: keys[i]):
        run = list(run)
        for i in run:
            sc[i] = float(len(members) - position)
        position += len(run)
    return sc
