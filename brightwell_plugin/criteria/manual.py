"""A manual tie-break: the value an arbiter gives players to order those still tied by hand (after
a play-off, say), as Sharly-Chess keeps it (``OTHER_MAN``, the name its TRF export writes; its
data/tie_breaks/tie_breaks.py ``ManualTieBreak``)."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Criterion, explanation
from brightwell_plugin.plugin import hookimpl, MANUAL_TIEBREAK, progress


def _value(p) -> float:
    text = dict(p.extra).get(MANUAL_TIEBREAK, "")
    try:
        return float(int(text))
    except ValueError:
        return 0.0


class ManualTieBreak(Criterion):
    name = "OTHER_MAN"
    title = "Manual tie-break"
    source = ("Sharly-Chess's MANUAL (ManualTieBreak): the arbiter's value for the player (tournament_player."
              "manual_tiebreak), counted once the event is finished (its last planned round played), else 0; "
              "highest first")
    whole = True

    def compute(self, ctx, opts, groups=()):
        if not progress(ctx.t).finished:
            return [0.0] * ctx.n
        return [_value(p) for p in ctx.t.players]

    def explain(self, ctx, opts, i, groups=()):
        finished = progress(ctx.t).finished
        note = "the arbiter's value" if finished else "the event is not finished: 0 for everyone"
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], [], [note])


@hookimpl
def brightwell_register_criteria(register):
    register(ManualTieBreak())
