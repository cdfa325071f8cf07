"""Start numbers as Sharly-Chess gives them (data/tournament.py ``_set_tournament_players_pairing_numbers``):
it renumbers a tournament's players every time it ranks them, and saves the numbers it finds. So a
file's pairing numbers are those of the last time Sharly ranked, and the reader numbers the players
again by the same rule, from Sharly's current round of the file:

* before round 4 is paired (current round below 4), every player by the starting rank (rating,
  estimates and defaults included; title; name);
* from round 4 on the numbers are kept (FIDE C.04.2.B.3), unless a player has none (added since)
  or a number from 1 to the number of players is missing: then the numbered players keep their
  order, each player without a number goes before the first whose starting rank comes after his,
  and everyone is numbered from 1."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

_KEEP_FROM = 4  # FIDE C.04.2.B.3: no pairing number changes once round 4 is paired


def sharly_numbers(members: Sequence[tuple[int, object]], keys: dict[int, tuple[Hashable, ...]],
                   current_round: int) -> dict[int, int]:
    """Each player's start number (player id -> number). ``members``: (player id, stored pairing
    number) in the order Sharly loads them; ``keys``: each player's starting rank."""
    numbered = [(pid, number) for pid, number in members if _number(number)]
    inserted = [pid for pid, number in members if not _number(number)]
    missing = set(range(1, len(members) + 1)) - {number for _, number in numbered}
    if current_round >= _KEEP_FROM:
        if not inserted and not missing:
            return {pid: number for pid, number in numbered}
        order = [pid for pid, _ in sorted(numbered, key=lambda m: m[1])]
    else:
        order = sorted((pid for pid, _ in numbered), key=keys.__getitem__)
    for pid in inserted:
        at = next((n for n, other in enumerate(order) if keys[other] > keys[pid]), len(order))
        order.insert(at, pid)
    return {pid: n for n, pid in enumerate(order, 1)}


def _number(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
