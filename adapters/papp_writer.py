"""Writing Papp ELO exports: header, players in standing order, rounds of games, added results."""

from __future__ import annotations

from brightwell_plugin.model import DRAW, FIRST, GAME, LOSS, WIN, Tournament

_SIGN = {WIN: ">", LOSS: "<", DRAW: "="}


def render(t: Tournament) -> bytes:
    lines = [f"%%{k[5:]}: {v}" for k, v in t.metadata if k.startswith("papp ") and k != "papp added"]
    if not any(k == "papp Tournament" for k, _ in t.metadata):
        lines.insert(0, f"%%Tournament: {t.name}")
    if t.start_date and not any(k == "papp Date" for k, _ in t.metadata) and len(t.start_date) == 10:
        y, m, d = t.start_date.split("-")
        lines.insert(1, f"%%Date: {d}/{m}/{y}")
    lines += ["", "%        ID, NAME, Firstname, COUNTRY, score, disc-count, rating"]
    if all(p.stored_rank for p in t.players):
        order = sorted(t.players, key=lambda p: (p.stored_rank, p.start_no))
    else:  # Papp lists players in standing order: compute it
        from brightwell_plugin.standings import rank
        at = {p.start_no: p for p in t.players}
        order = [at[row.start_no] for row in rank(t).rows]
    total = t.scoring.total
    for p in order:
        surname, _, first = p.name.partition(", ")
        points = total(p.rounds) + p.bonus
        discs = sum(e.score or 0 for e in p.rounds)
        rating = f", {p.rating}" if p.rating else ""
        lines.append(f"%_% {p.start_no:7d}, {surname}, {first}, {p.federation or ''}, {points:4g}, {discs}{rating}")
    games: list[list[str]] = [[] for _ in range(t.rounds_played)]
    for p in t.players:  # each game once, from the side of the player who moved first
        for r, e in enumerate(p.rounds):
            if e.kind is GAME and (e.side is FIRST or (e.side is None and p.start_no < e.opponent)):
                games[r].append(f"{p.start_no:6d} ({int(e.score or 0):02d}){_SIGN[e.result]}"
                                f"({int(e.opp_score or 0):02d}) {e.opponent:6d}  B")
    for r, listed in enumerate(games, 1):
        lines += ["", "", f"%Round: {r}", "", *listed]
    added = [v for k, v in t.metadata if k == "papp added"]
    if added:
        lines += ["", "%%Added results", *added]
    return ("\n".join(lines) + "\n").encode("latin-1", "replace")


