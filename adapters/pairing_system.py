"""Swiss or round robin: what a file's tournament-type text says, else what its pairings are."""

from __future__ import annotations

from brightwell_plugin.model import Kind


def system_rule(text: str, n: int, rounds: int, players, field: str = "092",
                missing: str = "no 092 record") -> tuple[str, str]:
    """(system, the rule that decided). The ``field`` text (TRF's 092, Chess-JSON's tournamentType),
    upper case, when it names one (``missing`` says it does not); else a round robin only when the pairings are one: the player
    count fits the rounds, no pairing-allocated bye, and every pair of players meets once (twice in
    a double round robin), all pairs when every round is played."""
    if "SWISS" in text:
        return "swiss", f"{field} names a Swiss system"
    if any(word in text for word in ("ROBIN", "RR", "BERGER")):
        return "round-robin", f"{field} names a round robin"
    played = max((len(p.rounds) for p in players), default=0)
    r = max(rounds, played)
    cycles = 0 if not r else 1 if n in (r, r + 1) else 2 if 2 * n in (r, r + 1) else 0
    if not cycles:
        return "swiss", f"{missing}, and the player count does not fit a round robin"
    pab = Kind.PAB
    if any(e.kind is pab for p in players for e in p.rounds):
        return "swiss", f"{missing}; a pairing-allocated bye rules out a round robin"
    met: dict[tuple[int, int], int] = {}
    for p in players:
        for e in p.rounds:
            if e.opponent is not None and p.start_no < e.opponent:
                pair = (p.start_no, e.opponent)
                met[pair] = met.get(pair, 0) + 1
    if any(k > cycles for k in met.values()):
        return "swiss", f"{missing}; some players met more often than a round robin allows"
    if played >= r and (len(met) != n * (n - 1) // 2 or any(k != cycles for k in met.values())):
        return "swiss", f"{missing}; not every pair of players met"
    return "round-robin", f"{missing}; the pairings are a round robin (every pair meets " \
        f"{'once' if cycles == 1 else 'twice'})"
