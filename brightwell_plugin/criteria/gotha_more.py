"""Players with more than one game in a round, as OpenGotha counts them (``Player.more_games``).

OpenGotha adds the points of every game a player has in a round, and keeps one of them, the last its
game table lists, for the sums over opponents (``Tournament.fillBaseScoringInfo``); a reader gives
that one as the round's record and the others, in the order OpenGotha goes through them, as further
games. A double forfeit ("both win", "both lose") is told from a single one by the other side of the
same game: the k-th record of a player against an opponent in a round is the other side of the
opponent's k-th record against him, both in OpenGotha's order (the round's record last, as it is the
last game; a game against himself is two records of his, White's then Black's, White's kept).
"""

from __future__ import annotations

from brightwell_plugin.model import RoundEntry, further_games

MAIN = -1  # the round's record, as a position among a player's records of a round


def other_sides(ctx) -> dict[tuple[int, int, int], RoundEntry]:
    """(player index, round from 0, position: MAIN or the index in ``more_games``) -> the other side's
    record of that game, for every game of a round in which some player has further games."""
    rounds = {r - 1 for _, r, _ in ctx.more_games}
    players = ctx.t.players
    by_round: dict[tuple[int, int], list[tuple[int, RoundEntry]]] = {}  # (i, r) -> records in OpenGotha's order
    for i, r, n, e in further_games(ctx.t, ctx.k):
        by_round.setdefault((i, r - 1), []).append((n, e))
    for r in rounds:
        for i in range(ctx.n):
            main = ctx.entries[i][r]
            if ctx.opp[i][r] < 0:
                continue
            held = by_round.setdefault((i, r), [])
            if ctx.opp[i][r] == i:  # White's side of his last game, against himself: Black's comes after it
                held.insert(len(held) - 1 if held else 0, (MAIN, main))
            else:
                held.append((MAIN, main))
    other: dict[tuple[int, int, int], RoundEntry] = {}
    for (i, r), held in by_round.items():
        no = players[i].start_no
        mine: dict[int, list[tuple[int, RoundEntry]]] = {}
        for n, e in held:
            mine.setdefault(e.opponent, []).append((n, e))
        for opponent, sides in mine.items():
            o = ctx.index.get(opponent, -1)
            if o == i:
                for m, (n, _) in enumerate(sides):
                    partner = sides[m ^ 1] if m ^ 1 < len(sides) else sides[m]
                    other[i, r, n] = partner[1]
            elif o >= 0:
                theirs = [e for _, e in by_round.get((o, r), ()) if e.opponent == no]
                for m, (n, _) in enumerate(sides):
                    if m < len(theirs):
                        other[i, r, n] = theirs[m]
    return other
