"""The loops of gacrux's direct encounters (DE, the team EDE chains) and board results (TBR, BBE),
as its ``tiebreak.compute_recursive_if_tied`` runs them: what ``-c`` shows of each tied group loop
by loop, and the ``ede`` record of a tie-break's entry.

Loop by loop, each group still tied (equal running values, within one rank) is compared again:
for a direct encounter by the mini-table of the comparison whose turn it is (P match points or an
individual's points, S game points, C/T/B a match board by board, for two teams only), ordered by
score then by the most each could have scored, a player placed apart when his score is above what
all below could reach; a comparison that parts nobody in a whole loop hands over to the next, and
the loops end when none parts anybody. TBR and BBE compare board 1, then board 2 … (BBE: the
points without the bottom board, then the two bottom boards …) until the last board. The places
are this project's (the criteria's); these are the working gacrux writes beside them.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import NamedTuple

from brightwell_plugin.model import Kind

LIMIT = 30  # gacrux stops at its 30th loop


class Loops(NamedTuple):
    """What the loops wrote for each competitor (by start number: the loop's key -> its text or
    value), and gacrux's ``ede`` record of them."""

    shown: dict[int, dict]
    record: dict


def _decimal(x: float, places: int = 1) -> Decimal:
    return Decimal(f"{x:.{places}f}")


def encounters(before: dict[int, int], functions: str, view: Callable, as_played: bool, swiss: bool) -> Loops:
    """The loops of a direct encounter. ``before``: the ranks before it, by start number;
    ``functions``: the comparisons in turn (gacrux's ``ede.functions``); ``view(j, size)``: for
    comparison ``j`` of a group of ``size``, None when it does not compare such a group, else the
    context whose round points it scores, the most one game against a player not met could give
    (gacrux's W), what gacrux adds to each text (``_m``, ``_g`` in the EDE chains) and, where they
    are not W's, the decimals of the scores."""
    order = sorted(before, key=lambda no: (before[no], no))
    place = dict(before)  # gacrux's running value: the place the loops have given so far
    busy = dict.fromkeys(order, True)
    shown: dict[int, dict] = {no: {} for no in order}
    turn, parted, loop = 0, [True] * len(functions), 0
    total = 0
    while True:
        loop += 1
        total, more = 0, False
        for group in _groups(order, place):
            if not busy[group[0]]:
                continue
            moved = 0
            if len(group) > 1:
                found = view(turn, len(group))
                if found is not None:
                    moved = _mini_table(found[0], group, place, as_played, swiss, found[1], shown, loop - turn, found[2],
                                        *found[3:])
            busy.update(dict.fromkeys(group, bool(moved) and loop < LIMIT))
            more = more or (bool(moved) and loop < LIMIT)
            total += moved
        parted[turn] = total > 0
        if total == 0:
            turn = (turn + 1) % len(functions)
            busy = dict.fromkeys(order, True)
        else:
            parted = [True] * len(functions)
        more = more or (any(parted) and loop < LIMIT)
        order.sort(key=lambda no: (before[no], place[no], no))
        if not more:
            return Loops(shown, {"functions": functions, "loopcount": loop, "edechanges": parted, "swap": turn,
                                 "changes": total})


def direct_encounter_loops(ctx, criterion, opts, before: dict[int, int], decimals: int = 1):
    """DE's loops (:func:`encounters`) over the points of ``ctx`` (a team view's: of its primary score),
    written with ``decimals`` (a team's match points: as its file writes them)."""
    win = Decimal(f"{ctx.t.scoring.win:.{decimals}f}")
    return encounters(before, "P", lambda j, size: (ctx, win, ""), criterion.as_played(ctx, opts), "S" in opts.modifiers)


def _groups(order: list[int], place: dict[int, int]):
    start = 0
    while start < len(order):
        stop = start + 1
        while stop < len(order) and place[order[stop]] == place[order[start]]:
            stop += 1
        yield order[start:stop]
        start = stop


def _mini_table(ctx, group, place, as_played, swiss, win: Decimal, shown, key: int, postfix: str,
                places: int | None = None) -> int:
    """One loop's mini-table of one tied group (gacrux's ``compute_basic_direct_encounter``): how
    many were placed apart; their places set and their scores written under ``key``, with
    ``places`` decimals (None: those of ``win``)."""
    if places is None:  # gacrux's points carry the decimals of its W
        places = max(0, -int(win.as_tuple().exponent))
    most = len(group) - 1
    found = _scores(ctx, group, as_played, places)
    scored, best, met_all = {}, {}, True
    for no in group:
        total, met = found[no]
        scored[no] = total
        if met < most or swiss:  # /S: as if some had not met
            met_all = False
            best[no] = total + (most - met) * win
        else:
            best[no] = total
    if met_all:
        return _placed(group, place, scored, shown, key, postfix)
    return _placed_apart(group, place, scored, best, shown, key, postfix)


def _scores(ctx, group, as_played: bool, places: int) -> dict[int, tuple[Decimal, int]]:
    """Each member's points against the others of the group (against one met again, the mean of
    their games), and how many of them he met."""
    index, members, found = ctx.index, set(group), {}
    for no in group:
        i, against, total = index[no], {}, Decimal("0")
        for e, o, pts in zip(ctx.entries[i], ctx.opp[i], ctx.round_points[i]):
            if o < 0 or not (as_played or e.kind is Kind.GAME):
                continue
            other = ctx.t.players[o].start_no
            if other not in members:
                continue
            points = _decimal(pts, places)
            if other in against:  # met again: the mean of their games
                mean, count = against[other]
                total -= mean
                mean = (mean * count + points) / (count + 1)
                total += mean
                against[other] = (mean, count + 1)
            else:
                total += points
                against[other] = (points, 1)
        found[no] = (total, len(against))
    return found


def _placed(group, place, scored, shown, key: int, postfix: str) -> int:
    """A group whose members all met: placed by their scores, the equal ones together."""
    moved = 0
    rank = crank = place[group[0]]
    ranked = sorted(group, key=lambda no: (-scored[no], no))
    text = scored[ranked[0]]  # gacrux writes the score of the first of equal scores for all of them
    for j, no in enumerate(ranked):
        if j:
            rank += 1
            if scored[no] != text:
                crank, text = rank, scored[no]
                moved += 1
        place[no] = crank
        _write(shown[no], key, f"{text}{postfix}")
    return moved


def _placed_apart(group, place, scored, best, shown, key: int, postfix: str) -> int:
    """A group some of whose members did not meet: a member placed apart while his score is above
    the most any below him could have scored."""
    moved = 0
    rank = crank = place[group[0]]
    ranked = sorted(group, key=lambda no: (-scored[no], -best[no], no))
    apart = True
    for j, no in enumerate(ranked):
        if j:
            rank += 1
            if apart and scored[ranked[j - 1]] > max(best[n] for n in ranked[j:]):
                crank = rank
                moved += 1
            else:
                apart = False
        place[no] = crank
        _write(shown[no], key, f"{scored[no]}/{best[no]}{postfix}")
    return moved


def _write(shown: dict, key: int, text: str) -> None:
    """gacrux's ``addtbval`` of a text: a second text under the same key is joined to the first."""
    k = str(key)
    shown[k] = shown[k] + text if k in shown else text


def board_results(before: dict[int, int], totals: dict[int, list[float]], bottom: bool) -> dict[int, dict]:
    """TBR's (``bottom`` False) or BBE's loops: for each team of a group still tied, loop by loop,
    its points on board n (TBR), or without the n bottom boards (BBE). ``totals``: each team's
    points board by board over the event, by number."""
    size = max((len(row) for row in totals.values()), default=0)
    order = sorted(before, key=lambda no: (before[no], no))
    place = dict(before)
    busy = dict.fromkeys(order, True)
    left = {no: sum(map(_decimal, totals[no])) for no in order}  # BBE: what the boards not yet left out give
    shown: dict[int, dict] = {no: {} for no in order}
    loop = 0
    while True:
        loop += 1
        more = False
        for group in _groups(order, place):
            if not busy[group[0]]:
                continue
            if len(group) == 1:
                busy[group[0]] = False
                continue
            value = {}
            for no in group:
                board = totals[no]
                if bottom:
                    left[no] -= _decimal(board[size - loop]) if size - loop < len(board) else 0
                    value[no] = left[no]
                else:
                    value[no] = _decimal(board[loop - 1]) if loop - 1 < len(board) else Decimal("0.0")
            ranked = sorted(group, key=lambda no: (-value[no], no))
            count = current = place[group[0]]
            for j, no in enumerate(ranked):
                if value[no] != value[ranked[j - 1]]:
                    current = count
                place[no] = current
                shown[no][str(loop)] = value[no]
                count += 1
            busy.update(dict.fromkeys(group, loop < size))
            more = more or loop < size
        order.sort(key=lambda no: (before[no], place[no], no))
        if not more:
            return shown
