"""The order in which OpenGotha goes through its games: a Java ``HashMap<Integer, Game>``'s.

OpenGotha keeps the games in a HashMap keyed ``round * 1000 + table`` (both counted from 0;
``Gotha.MAX_NUMBER_OF_TABLES``), and for the sums over opponents each player keeps, per round, the
last of his games that iterating that map meets (``Tournament.fillBaseScoringInfo``,
``ScoredPlayer.setGame``). Java's HashMap (JDK 8 and later) iterates its buckets in index order and
each bucket's entries in the order their keys came in: a key's bucket is its hash
``h ^ (h >>> 16)`` (an Integer's hash is its value) masked by the capacity; the capacity is 16 at
the first key and doubles when the keys pass three quarters of it, or when a bucket reaches nine
keys in a table of fewer than 64 buckets (a split keeps each bucket's order). A bucket of nine keys
in a larger table becomes a red-black tree ordered otherwise: :func:`java_order` says so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

TABLES = 1000  # Gotha.MAX_NUMBER_OF_TABLES
TREEIFY, MIN_TREE_CAPACITY = 9, 64  # a bucket's keys when it becomes a tree; the smallest table that has trees


def game_key(round_index: int, table: int) -> int:
    """OpenGotha's key of the game at ``table`` (as the file numbers it, from 1) of round ``round_index``
    (from 0), as Java's int."""
    key = round_index * TABLES + table - 1
    return (key + 2**31) % 2**32 - 2**31


def spread(key: int) -> int:
    """``HashMap.hash`` of an Integer key, as an unsigned 32-bit number."""
    h = key & 0xFFFFFFFF
    return h ^ (h >> 16)


def string_hash(text: str) -> int:
    """Java's ``String.hashCode``: over the UTF-16 code units, ``h = 31 * h + c``, as a 32-bit number."""
    h = 0
    data = text.encode("utf-16-be", "surrogatepass")
    for i in range(0, len(data), 2):
        h = (31 * h + (data[i] << 8 | data[i + 1])) & 0xFFFFFFFF
    return h


def java_order(keys: Iterable, hash_of: Callable[[object], int] = lambda key: key) -> tuple[list, bool]:
    """The distinct ``keys``, put into a new HashMap in this order (a key put again keeps its place),
    in the order the map iterates them; and whether some bucket became a tree (its keys are then
    listed here in the order they came in, which Java's tree bucket may not keep). ``hash_of`` gives
    a key's ``hashCode`` (an Integer's is its value; :func:`string_hash` a String's)."""
    first: dict = {}  # key -> (when it came in, its spread hash)
    capacity, tree = 16, False
    counts: dict[int, int] = {}  # keys per bucket at the current capacity
    for key in keys:
        if key in first:
            continue
        h = spread(hash_of(key))
        first[key] = (len(first), h)
        bucket = h & (capacity - 1)
        counts[bucket] = counts.get(bucket, 0) + 1
        if counts[bucket] >= TREEIFY:
            if capacity < MIN_TREE_CAPACITY:
                capacity = _grown(first, capacity, counts)  # treeifyBin resizes a small table instead
            else:
                tree = True
        if len(first) > capacity * 3 // 4:
            capacity = _grown(first, capacity, counts)
    order = sorted(first, key=lambda k: (first[k][1] & (capacity - 1), first[k][0]))
    return order, tree


def _grown(first: dict, capacity: int, counts: dict[int, int]) -> int:
    """Double the capacity; the bucket counts made again."""
    capacity *= 2
    counts.clear()
    for _, h in first.values():
        bucket = h & (capacity - 1)
        counts[bucket] = counts.get(bucket, 0) + 1
    return capacity


def kept_game(held: list) -> tuple[object, list]:
    """A player's record of a round, and his other games of it, from his (entry, game, line) of the
    round in the order OpenGotha goes through them (the bye first, game -1): OpenGotha's participation
    is the bye when he has it, else the round's record is his side of the last game (White's of a
    game against himself, as ``getWX2`` looks at White first); the rest count for points only."""
    if held[0][1] == -1:
        return held[0][0], [e for e, _, _ in held[1:]]
    last = held[-1][1]
    kept = next(n for n, (_, gid, _) in enumerate(held) if gid == last)
    return held[kept][0], [e for n, (e, _, _) in enumerate(held) if n != kept]

