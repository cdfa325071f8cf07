"""Rounds entered ahead, counted: the blocks a TRF holds after its last round with a game.

The reader keeps them apart (``trf pending``, docs/trf.md): a bye requested for the next round is
not a round played. FIDE's checker counts every block up to the round it ranks after, and so
does ``brightwell-tiebreakchecker`` when asked for a round past the last game.
"""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.trf.lines import parse_block
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, RoundEntry, Tournament

PENDING = "trf pending"
_ABSENT = RoundEntry(Kind.ABSENT)


def counting_ahead(t: Tournament, through: int) -> Tournament:
    """``t`` with the blocks entered ahead, up to round ``through``, as round records; a round a
    player has no block for is an absence. A pairing without a result is not counted (absent)."""
    if through <= t.rounds_played or not any(k == PENDING for p in t.players for k, _ in p.extra):
        return t
    players = []
    for p in t.players:
        blocks = {int(r): b for r, b in (v.split(":", 1) for k, v in p.extra if k == PENDING)}
        rounds = list(p.rounds) + [_ABSENT] * (t.rounds_played - len(p.rounds))
        for r in range(len(rounds) + 1, through + 1):
            rounds.append(_entry(blocks.get(r, ""), p.start_no, r))
        players.append(replace(p, rounds=tuple(rounds), extra=tuple(x for x in p.extra if x[0] != PENDING)))
    return replace(t, players=tuple(players))


def _entry(block: str, start_no: int, round_no: int) -> RoundEntry:
    if not block.strip():
        return _ABSENT
    try:
        return parse_block(block, f"player {start_no}", round_no)
    except BrightwellError:
        return _ABSENT
