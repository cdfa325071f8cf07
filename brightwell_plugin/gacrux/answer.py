"""gacrux's ``tiebreakResult`` of one ranking, whatever is ranked: for each column (a code of the
list: :mod:`brightwell_plugin.gacrux.codes`), which of its values are a sum of some term, the
places of a code that parts a tied group and its loops, its entry and writer; then the document
(:mod:`brightwell_plugin.gacrux.document`) and, with ``-c``, each competitor's details
(:mod:`brightwell_plugin.gacrux.details`). Players or teams, only the code table of the view
differs (``codes.Players``, ``teams.Teams``)."""

from __future__ import annotations

from brightwell_plugin.context import Context
from brightwell_plugin.gacrux import document
from brightwell_plugin.gacrux.codes import Column
from brightwell_plugin.gacrux.loops import board_results, direct_encounter_loops
from brightwell_plugin.model import Kind
from brightwell_plugin.standings import OverGamePoints, Standings, configured, explain_everyone


def answer(ranked, table, columns: list[Column], standings: Standings, steps: list, edition: int, rounds: int,
           check: bool, host) -> dict:
    """``tiebreakResult`` of ``ranked`` (api.view) ranked by ``columns`` (``standings``, and the
    groups tied before each item: ``steps``), with ``table`` its code table; with ``check``, each
    competitor's details."""
    ctx = Context(ranked, standings.after_round, edition)
    bound = configured([c.item for c in columns], host, ranked.ranks_teams)
    totals = table.totals(ctx)
    summed, given, records, loops = {}, {}, {}, {}
    for i, column in enumerate(columns):
        summed.update(_summed(ctx, column, i, standings, host))
        if column.written == "place":  # a place within the tied group it parts, and the loops that part it
            before, now = (document.ranks_before(ranked.players, steps[j]) for j in (i, i + 1))
            given.update(((i, no), v) for no, v in document.direct_encounter(before, now).items())
            loops[i], record = _loops(ctx, column, bound[i], before, totals, table.match)
            if record is not None:
                records[i] = record
    entries = [{**c.entry, **({"ede": records[i]} if i in records else {})} for i, c in enumerate(columns)]
    writers = [document.writer(c, ctx.k) for c in columns]
    out = document.result(ranked.players, entries, writers, standings, summed, given, edition, rounds, check)
    if check:  # each value's terms, as gacrux details them (-c only: benchmarks/bench_checker.py)
        from brightwell_plugin.gacrux.details import details
        found = details(ctx, columns, bound, loops, out["competitors"], totals, table.match)
        for competitor in out["competitors"]:
            competitor["tiebreakDetails"] = found[competitor["cid"]]
            table.more_details(competitor, ctx, totals)
    return out


def _summed(ctx: Context, column: Column, i: int, standings: Standings, host) -> dict:
    """Which values of column ``i`` are a sum (an average) of some term, by (column, start number):
    gacrux writes a sum of none as a whole 0 (only the players with a 0 are explained), AOB only of
    who played a game, BC after a round."""
    kind, players = column.written, ctx.t.players
    if kind == "average":
        game = Kind.GAME
        return {(i, p.start_no): any(e.kind is game for e in es) for p, es in zip(players, ctx.entries)}
    if kind == "board count":
        return {(i, p.start_no): ctx.k > 0 for p in players}
    if kind not in ("sum", "product"):
        return {}
    zeros = [r.start_no for r in standings.rows if not r.values[i]]
    if not zeros:
        return {}
    chosen = [ctx.index[no] for no in zeros]
    explained = explain_everyone(ctx.t, [column.item], ctx.k, host, ctx.edition, players=chosen)
    return {(i, no): any(part.value is not None for part in e.parts) for no, (e,) in zip(zeros, explained)}


def _loops(ctx: Context, column: Column, bound, before: dict[int, int], totals: dict, match: int):
    """What the loops of a column that parts a tied group showed, and gacrux's ``ede`` record of them
    (None for TBR's and BBE's): a direct encounter's over the primary score (game points for one
    over game points), an EDE chain's, the board results'."""
    _, criterion, opts = bound
    if column.terms in ("top boards", "bottom boards"):
        return board_results(before, totals, bottom=column.terms == "bottom boards"), None
    over_game_points = isinstance(criterion, OverGamePoints)
    inner = criterion.inner if over_game_points else criterion
    if column.terms == "chain":  # a team event's (benchmarks/bench_checker.py)
        from brightwell_plugin.gacrux.teams import chain_loops
        scores = (ctx.game_points, ctx) if over_game_points else (ctx, ctx.game_points)
        found = chain_loops(scores, inner, opts, before, match)
    else:
        primary = ctx.game_points if over_game_points else ctx
        found = direct_encounter_loops(primary, inner, opts, before, 1 if over_game_points else match)
    return found.shown, found.record
