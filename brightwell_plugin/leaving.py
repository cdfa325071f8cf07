"""A round robin's player who left early: FIDE's Tournament Rules (Handbook C.06, 2011, art. V.4) keep
his results in the table but count neither his points nor his opponents' against him in the final
standings when he completed fewer than half his games (docs/rounds.md). Applied where the file says
so (its reader marks the player, :data:`NOT_COUNTED`) or when asked (``--withdrawn annul``)."""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.model import ABSENT_ENTRY, NOT_COUNTED, Kind, Player, Tournament

WAYS = ("count", "annul")  # --withdrawn: his games counted (the default), or FIDE's rule applied


def short_of_half(t: Tournament, p: Player) -> bool:
    """A round robin's player who withdrew having played fewer than half his games over the board."""
    if t.system != "round-robin" or p.withdrawn_after is None or len(t.players) < 2:
        return False
    n = len(t.players)
    per_cycle = n - 1 if n % 2 == 0 else n  # rounds of one cycle: an odd field gives a bye each round
    cycles = max(1, -(-(t.rounds or t.rounds_played) // per_cycle))
    played = sum(e.kind is Kind.GAME for e in p.rounds)
    return 2 * played < cycles * (n - 1)


def annulled(t: Tournament, ask: bool = False) -> tuple[Tournament, list[str]]:
    """``t`` with the games of the players whose games do not count taken out (the file's word, or
    with ``ask`` FIDE's rule), each said; else ``t`` and a line naming who the rule would take out."""
    marked = [p for p in t.players if p.extra and any(k == NOT_COUNTED for k, _ in p.extra)]
    short = [p for p in t.players if short_of_half(t, p)] if t.system == "round-robin" else []
    out = {p.start_no: p for p in marked + (short if ask else [])}
    if not out:
        if short:
            names = ", ".join(f"#{p.start_no} {p.name}" for p in short)
            return t, [f"{names} withdrew from this round robin having played fewer than half their games: FIDE's "
                       "Tournament Rules (C.06 art. V.4) count neither their points nor their opponents' against "
                       "them in the final standings (--withdrawn annul applies it; here they count)"]
        return t, []
    gone = set(out)
    players = tuple(replace(p, rounds=(), listed=False) if p.start_no in gone else _without(p, gone)
                    for p in t.players)
    by_file = {p.start_no for p in marked}
    said = ", ".join(f"#{p.start_no} {p.name}" + (" (the file says so)" if p.start_no in by_file else "")
                     for p in out.values())
    return replace(t, players=players), [f"the games of {said} are not counted in the standings (FIDE's Tournament "
                                         "Rules C.06 art. V.4: a round robin's player who left having completed "
                                         "fewer than half his games); they are listed apart"]


def _without(p: Player, gone: set[int]) -> Player:
    """``p`` with every game against a player in ``gone`` taken out of his record (a round of no game)."""
    if not any(e.opponent in gone for e in p.rounds):
        return p
    return replace(p, rounds=tuple(ABSENT_ENTRY if e.opponent in gone else e for e in p.rounds))
