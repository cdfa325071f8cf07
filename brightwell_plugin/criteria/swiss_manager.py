"""Swiss-Manager's rules for unplayed rounds where they depart from FIDE C.07 (docs/swissmanager.md).

``rules=swiss-manager`` is C.07 as Swiss-Manager computes it: a round robin's unplayed rounds as a
Swiss's, its free round a pairing-allocated bye however the file spells it; a full-point bye a VUR
under a cut; a team's bye a drawn match in the scores its opponents show. Its older rule sets, of its
codes 37 and 52 and their ancestors (swiss_manager_old.py): ``swiss-manager-2009`` (FIDE's virtual
opponent of 2009) and ``swiss-manager-real`` (the opponents' real points, nothing corrected).
"""

from __future__ import annotations

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.unplayed import OpponentView, is_vur
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind

_TEAM_BYES = (Kind.PAB, Kind.FULL_BYE)  # a team's bye, as Swiss-Manager's files and uploads give it


def free_rounds(ctx: Context) -> frozenset[tuple[int, int]]:
    """(player, round from 0) of each free round of a round robin of an odd number of players that
    the file does not spell as a pairing-allocated bye: Swiss-Manager's free round is one (no VUR),
    however the file writes it (TRF ``Z``, ``-``, ``U``). A round whose free player cannot be told
    (two sit out, none a pairing-allocated bye) is refused, naming them."""
    return ctx.cached("swiss-manager free rounds", lambda: _free_rounds(ctx))


def _free_rounds(ctx: Context) -> frozenset[tuple[int, int]]:
    if ctx.t.system != "round-robin" or ctx.n % 2 == 0:
        return frozenset()
    out = set()
    pending, pab = Kind.PAIRED, Kind.PAB
    for r in range(ctx.k):
        out_of_it = [i for i in range(ctx.n) if ctx.opp[i][r] < 0 and ctx.entries[i][r].kind is not pending]
        if not out_of_it or any(ctx.entries[i][r].kind is pab for i in out_of_it):
            continue
        if len(out_of_it) > 1:
            raise BrightwellError(
                f"round {r + 1}: {_names(ctx, out_of_it)} sit out a round of this round robin of {ctx.n} players, "
                "where Swiss-Manager's rules give one of them the free round (a pairing-allocated bye, no voluntary "
                "unplayed round) and the file does not say which: write that one's round as the pairing-allocated "
                "bye (TRF 'U')")
        out.add((out_of_it[0], r))
    return frozenset(out)


def refuse_two_byes(ctx: Context) -> None:
    """A Swiss round of more than one pairing-allocated bye: Swiss-Manager allocates one and cuts a
    full-point bye as a VUR, so which was which decides a cut; the file does not say (refused)."""
    if ctx.t.system == "round-robin":
        return
    pab = Kind.PAB
    for r in range(ctx.k):
        byes = [i for i in range(ctx.n) if ctx.entries[i][r].kind is pab]
        if len(byes) > 1:
            raise BrightwellError(
                f"round {r + 1}: {_names(ctx, byes)} {'both' if len(byes) == 2 else 'all'} have a pairing-allocated "
                "bye; Swiss-Manager allocates one a round and cuts a full-point bye as a voluntary unplayed round, "
                "and the file does not say which was which: write the others as full-point byes (TRF 'F')")


def vur(kind: Kind, free: bool) -> bool:
    """A VUR under a cut, by Swiss-Manager's rules: C.07's, and a full-point bye; never the free round."""
    return not free and (is_vur(kind) or kind is Kind.FULL_BYE)


def view(ctx: Context, base: OpponentView, fore: bool) -> OpponentView:
    """C.07's opponent view (``base``) with Swiss-Manager's departures in the scores opponents see: a
    round robin's free round is no VUR (so never drawn), a team Swiss's bye is a drawn match."""
    free = free_rounds(ctx)
    teams = ctx.ranks_teams and ctx.t.system != "round-robin"  # a team Swiss's bye (its upload shows it)
    if not free and not teams:
        return base
    adjusted = list(base.adjusted)
    for i in {i for i, _ in free}:
        adjusted[i] = _adjusted(ctx, i, free, fore)
    if teams:
        draw = ctx.t.scoring.draw
        for i, (es, rp) in enumerate(zip(ctx.entries, ctx.round_points)):
            adjusted[i] += sum(draw - rp[r] for r, e in enumerate(es) if e.kind in _TEAM_BYES)
    return OpponentView(adjusted, base.own, base.real)


def _adjusted(ctx: Context, i: int, free: frozenset, fore: bool) -> float:
    """Player ``i``'s score as opponents see it (16.3), his free round no VUR; ``fore``: FB's."""
    es, opps, rp, k, draw = ctx.entries[i], ctx.opp[i], ctx.round_points[i], ctx.k, ctx.t.scoring.draw
    last = k - 1
    while last >= 0 and is_vur(es[last].kind) and (i, last) not in free:
        last -= 1
    fore_round = fore and k >= ctx.R
    over_match_points = not ctx.ranks_teams or ctx.match_points is ctx  # as unplayed.py's view
    if fore_round and over_match_points and (opps[k - 1] >= 0 or es[k - 1].kind is Kind.PAB):
        last = k - 1
    total = sum(rp[r] if r <= last or opps[r] >= 0 else draw for r in range(k))
    if fore_round and opps[k - 1] >= 0:
        total += draw - rp[k - 1]
    return total


def _names(ctx: Context, players: list[int]) -> str:
    labels = [ctx.label(i) for i in players]
    return ", ".join(labels[:-1]) + " and " + labels[-1] if len(labels) > 1 else labels[0]
