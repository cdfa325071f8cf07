"""FIDE C.07 art. 7 criteria from the player's own record: WON, BPG, BWG, REP, STD, TPN."""

from __future__ import annotations

from brightwell_plugin.criteria.base import Checked, Criterion, Parameter, Preset
from brightwell_plugin.plugin import hookimpl, Kind, Result, Side

_REQUESTED_OR_LOST = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.FORFEIT_LOSS)
_SHARLY_NOT_ELECTED = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FORFEIT_LOSS)  # RoundsElectedToPlayTieBreak
SHARLY = ("Sharly-Chess 4.2 (RoundsElectedToPlayTieBreak): every round but half- and zero-point byes and "
          "forfeit losses, a round not recorded (a round robin's rest) counted")


class _Count(Criterion):
    """Number of rounds (of the first k) for which :meth:`counts` is true."""

    whole = True
    checker = Checked(terms="counted")

    def counts(self, e, points, scoring) -> bool:
        raise NotImplementedError

    def compute(self, ctx, opts, groups=()):
        s = ctx.t.scoring
        return [float(sum(1 for e, pts in zip(es, rp) if self.counts(e, pts, s)))
                for es, rp in zip(ctx.entries, ctx.round_points)]


class GamesWon(_Count):
    name = "WON"
    title = "Games won over the board"
    source = "FIDE C.07 art. 7.2"

    def counts(self, e, points, scoring):
        return e.kind is Kind.GAME and e.result is Result.WIN


class GamesWithBlack(_Count):
    name = "BPG"
    title = "Games played with Black (moving second)"
    source = "FIDE C.07 art. 7.3"

    def counts(self, e, points, scoring):
        return e.kind is Kind.GAME and e.side is Side.SECOND


class WinsWithBlack(_Count):
    name = "BWG"
    title = "Games won with Black (moving second)"
    source = "FIDE C.07 art. 7.4"

    def counts(self, e, points, scoring):
        return e.kind is Kind.GAME and e.side is Side.SECOND and e.result is Result.WIN


class RoundsElectedToPlay(_Count):
    name = "REP"
    checker = Checked(terms="counted", aliases=("GE",))
    title = "Rounds elected to play"
    source = ("FIDE C.07 art. 7.6 (GE before 2024-08): rounds - (half/zero-point byes, absences, "
              "rounds after a withdrawal, forfeit losses)")
    parameters = (Parameter("rules", "whose rules: fide (C.07 art. 7.6), or sharly (Sharly-Chess's: an absence "
                            "not a bye counted, as its rest and unrecorded rounds are; docs/sharly.md)", "fide",
                            ("fide", "sharly")),)

    def counts(self, e, points, scoring):
        return e.kind not in _REQUESTED_OR_LOST

    def compute(self, ctx, opts, groups=()):
        if opts.values.get("rules") != "sharly":
            return super().compute(ctx, opts, groups)
        return [float(sum(1 for e in es if e.kind not in _SHARLY_NOT_ELECTED)) for es in ctx.entries]


class StandardPoints(Criterion):
    name = "STD"
    checker = Checked(written="standard", terms="standard")
    title = "Standard points"
    source = ("FIDE C.07 art. 7.7 (2026): per round 1 for more than a draw's points, 1/2 for exactly "
              "a draw's points, else 0")

    def compute(self, ctx, opts, groups=()):
        draw = ctx.t.scoring.draw
        return [sum(1.0 if p > draw else 0.5 if p == draw else 0.0 for p in rp) for rp in ctx.round_points]


class PairingNumber(Criterion):
    whole = True
    higher_first = False
    name = "TPN"
    checker = Checked(terms="value", aliases=("SNO",))
    title = "Tournament pairing number"
    source = "FIDE C.07 art. 7.8 (2026): lowest start number first; /R highest first"
    modifiers = ("R",)

    def compute(self, ctx, opts, groups=()):
        return [float(p.start_no) for p in ctx.t.players]

    def order_keys(self, ctx, opts, values, groups=()):
        return values if "R" in opts.modifiers else super().order_keys(ctx, opts, values, groups)


@hookimpl
def brightwell_register_criteria(register):
    for c in (GamesWon(), GamesWithBlack(), WinsWithBlack(), RoundsElectedToPlay(), StandardPoints(),
              PairingNumber()):
        register(c)


@hookimpl
def brightwell_register_presets(register):
    register(Preset("REP", "sharly", (("rules", "sharly"),), SHARLY))
