"""The rounds a Go player sits out, as OpenGotha keeps them (``participating``: a '0' for each round he
does not take part in) and pairgoth and MacMahon list them (``skip``, ``NotPlayingInRound``): his late
entry and his withdrawal, read alike in every Go format."""

from __future__ import annotations

from brightwell_plugin.model import ABSENT_ENTRY

PARTICIPATING = "opengotha participating"  # Player.extra: '0' for each round the player does not take part in


def participating(skip, planned: int) -> str:
    """OpenGotha's ``participating`` of the planned rounds: '0' a round sat out."""
    return "".join("0" if r in skip else "1" for r in range(1, planned + 1))


def sat_out(taking: str, planned: int) -> frozenset[int]:
    """The planned rounds a ``participating`` text says the player sits out."""
    return frozenset(r for r, c in enumerate(taking[:planned], 1) if c == "0")


def entry_and_withdrawal(skip, rounds, planned: int) -> tuple[int | None, int | None]:
    """A late entry (he sits out rounds 1 .. n - 1: enters in round n) and a withdrawal (he sits out every
    round after n through the last planned: withdrew after round n) where the rounds the player sits
    out say so and he has no record in them (``rounds``: his records)."""
    playing = [r for r in range(1, planned + 1) if r not in skip]
    if not playing:
        return None, None
    first, last = playing[0], playing[-1]
    held = [r for r, e in enumerate(rounds, 1) if e is not ABSENT_ENTRY]
    late = first if first > 1 and (not held or held[0] >= first) else None
    out = last if last < planned and (not held or held[-1] <= last) else None
    return late, out
