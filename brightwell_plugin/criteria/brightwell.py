"""The Brightwell quotient (BQ): own game scores + C x opponents' points, with substitutes."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from brightwell_plugin.context import Context
from brightwell_plugin.criteria.base import Criterion, Options, Parameter, Part, Preset, explanation, fmt
from brightwell_plugin.errors import BrightwellError, SpecError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.model import ABSENT_KIND, FORFEIT_LOSS, FORFEIT_WIN, FULL_BYE, GAME, HALF_BYE, PAB
from brightwell_plugin.tiebreak_spec import parse_number

SUBST_KINDS = ("bye", "withdrawn", "absent", "absent-opponent", "forfeit")
_PER_ROUND = re.compile(r"^(?P<num>[0-9.]+|squares)/R$", re.IGNORECASE)


def round_half_up(x: float, digits: int = 0) -> float:
    """Round half away from zero's upward twin (x.5 -> x+1), tolerant of binary noise."""
    scale = 10 ** digits
    return math.floor(x * scale + 0.5 + 1e-9) / scale


@dataclass(frozen=True, slots=True)
class Settings:
    C: float
    coef_note: str
    wins: bool  # strength = opponents' wins instead of points
    spread: bool  # game-score term = own - opponent's score
    subst: frozenset[str]
    U: float | None
    bye_recorded: bool
    rounding: str
    digits: int
    freeze: bool
    discs_when_zero: bool  # C = 0 makes the value the plain total of recorded game scores (Papp)


def _subst(text: str) -> frozenset[str]:
    return frozenset(s for s in text.split("+") if s and s != "none")


class Brightwell(Criterion):
    name = "BQ"
    title = "Brightwell quotient"
    source = "G. Brightwell; WOC rules; Papp src/tiebreak.c; FlipTheDisc; JOA; CAS (docs/criteria.md)"
    parameters = (
        Parameter("coef", "C: a number, N/R or squares/R (per planned round), or auto "
                  "(average game score / (R/2), rounded to an integer)", "6"),
        Parameter("coef_min_rounds", "C is 0 when fewer rounds are planned (Papp: 8)", "0"),
        Parameter("strength", "what counts for an opponent", "points", ("points", "wins")),
        Parameter("term", "game-score term: own score or spread (own - opponent's)", "own", ("own", "spread")),
        Parameter("subst", "rounds replaced by U + C x own strength, joined by +: "
                  "bye, withdrawn (games vs withdrawn opponents), absent (own absence, late entry, "
                  "zero-point bye), absent-opponent (games vs opponents absent from the last round counted: "
                  "Papp's 'not present'), forfeit", "bye+withdrawn"),
        Parameter("u", "substitute game score (default: half the board; 0 for spread)"),
        Parameter("bye_score", "game score of a substituted bye: u, or the recorded credit", "u", ("u", "recorded")),
        Parameter("round", "rounding: none, final value, or each part", "none", ("none", "final", "parts")),
        Parameter("digits", "decimals kept when rounding", "0"),
        Parameter("freeze", "a withdrawn player's value frozen at his last round", "no", ("yes", "no")),
        Parameter("zero_coef", "what BQ is when C = 0: the formula with C = 0, or the total of the recorded "
                  "game scores, bye credits included, absences 0 (Papp's departage aux pions)", "formula",
                  ("formula", "discs")),
    )
    needs_game_scores = True

    def configure(self, item):
        """Also check the syntax of subst, coef and the numbers, before any data is looked at."""
        opts = super().configure(item)
        p = opts.params
        if bad := set(_subst(p["subst"])) - set(SUBST_KINDS):
            raise SpecError(f"subst: unknown round kind '{sorted(bad)[0]}' (use {'+'.join(SUBST_KINDS)})",
                            place=item.text)
        coef = p["coef"]
        if coef != "auto" and not _PER_ROUND.match(coef):
            parse_number(coef, "coef (a number, N/R, squares/R or auto)")
        for key in ("u", "digits", "coef_min_rounds"):
            if p.get(key) is not None:
                parse_number(p[key], key)
        return opts

    def settings(self, ctx: Context, opts: Options) -> Settings:
        p = opts.params
        subst = _subst(p["subst"])
        spread = p["term"] == "spread"
        board = ctx.t.board
        if p.get("u") is not None:
            U = parse_number(p["u"], "u")
        else:
            U = 0.0 if spread else (board / 2 if board else None)
        digits = int(parse_number(p["digits"], "digits"))
        C, note = self._coefficient(ctx, p["coef"], spread, opts)
        if ctx.R < parse_number(p["coef_min_rounds"], "coef_min_rounds"):
            C, note = 0.0, f"C = 0 (fewer than {p['coef_min_rounds']} planned rounds)"
        if C == 0 and p["zero_coef"] == "discs":
            note += "; with C = 0 the value is the total of the recorded game scores (zero_coef=discs)"
        return Settings(C, note, p["strength"] == "wins", spread, subst, U, p["bye_score"] == "recorded",
                        p["round"], digits, p["freeze"] == "yes", p["zero_coef"] == "discs")

    def _coefficient(self, ctx: Context, text: str, spread: bool, opts: Options) -> tuple[float, str]:
        R = ctx.R
        if text == "auto":
            vals = [abs(e.score - e.opp_score) if spread else e.score
                    for es in ctx.entries for e in es
                    if e.kind is GAME and e.score is not None and (not spread or e.opp_score is not None)]
            if not vals or not R:
                raise BrightwellError("coef=auto needs games with recorded scores", place=opts.item.text)
            avg = sum(vals) / len(vals)
            C = round_half_up(avg / (R / 2))
            what = "absolute spread" if spread else "game score"
            return C, f"C = round(average {what} {fmt(avg)} / ({R}/2)) = {fmt(C)}"
        m = _PER_ROUND.match(text)
        if m:
            if m["num"].lower() == "squares":
                if not ctx.t.board:
                    raise BrightwellError("coef=squares/R needs the board size, and this tournament has none",
                                          place=opts.item.text)
                num = float(ctx.t.board)
            else:
                num = parse_number(m["num"], "coef")
            if not R:
                raise BrightwellError("coef=N/R needs the number of rounds", place=opts.item.text)
            return num / R, f"C = {fmt(num)}/{R} = {fmt(num / R)}"
        C = parse_number(text, "coef")
        return C, f"C = {fmt(C)}"

    # -- computation ---------------------------------------------------------------------------

    def compute(self, ctx, opts, groups=()):
        ctx.require_game_scores(self.name)
        s = self.settings(ctx, opts)
        strength = ctx.wins if s.wins else ctx.points
        out = []
        gone = self._gone(ctx, s, ctx.k)
        for i in range(ctx.n):
            upto, strg, g = ctx.k, strength, gone
            if s.freeze and ctx.withdrawn[i]:
                upto = ctx.t.players[i].withdrawn_after
                strg, g = self._strength_after(ctx, s, upto), None
            out.append(self._tally(ctx, s, i, upto, strg, None, g))
        return out

    def _strength_after(self, ctx: Context, s: Settings, r: int) -> list[float]:
        if not s.wins:
            return ctx.points_after(r)
        sub = Context(ctx.t, r)
        return sub.wins

    @staticmethod
    def _disc_total(ctx: Context, i: int, upto: int, parts: list | None) -> float:
        """Papp with C = 0: every recorded game score of the rounds, bye credits included."""
        total = 0.0
        for r in range(upto):
            e = ctx.entries[i][r]
            if e.score is not None:
                total += e.score
                if parts is not None:
                    parts.append(Part(f"round {r + 1}", e.score, f"{e.kind.value}: recorded score", r + 1))
        return total

    @staticmethod
    def _gone(ctx: Context, s: Settings, upto: int) -> list[bool]:
        """Opponents whose games are substituted: withdrawn, or (absent-opponent) absent from round ``upto``."""
        gone = ctx.withdrawn if upto == ctx.k else [ctx.withdrawn_by(o, upto) for o in range(ctx.n)]
        if "withdrawn" not in s.subst:
            gone = [False] * ctx.n
        if "absent-opponent" in s.subst and upto:
            gone = [g or ctx.entries[o][upto - 1].kind is ABSENT_KIND for o, g in enumerate(gone)]
        return gone

    def _tally(self, ctx: Context, s: Settings, i: int, upto: int, strength: list[float], parts: list | None,
               gone: list[bool] | None = None):
        if s.C == 0 and s.discs_when_zero:
            return self._disc_total(ctx, i, upto, parts)
        C, U, subst, spread = s.C, s.U, s.subst, s.spread
        board = ctx.t.board or 0
        own = strength[i]
        games = 0.0
        opp_sum = 0.0
        subs: list[float] = []
        entries, opps = ctx.entries[i], ctx.opp[i]
        gone = self._gone(ctx, s, upto) if gone is None else gone
        sub_withdrawn = any(gone)
        fast = parts is None and not spread
        for r in range(upto):
            e = entries[r]
            kind = e.kind
            if fast and kind is GAME and e.score is not None:  # the common case: a counted game
                o = opps[r]
                if not (sub_withdrawn and gone[o]):
                    games += e.score
                    opp_sum += strength[o]
                    continue
            reason = None
            if kind is GAME or kind is FORFEIT_WIN or kind is FORFEIT_LOSS:
                o = opps[r]
                if sub_withdrawn and o >= 0 and gone[o]:
                    reason = (f"opponent {ctx.label(o)} withdrew" if ctx.withdrawn_by(o, upto)
                              else f"opponent {ctx.label(o)} is absent from round {upto}")
                elif kind is not GAME and "forfeit" in subst:
                    reason = kind.value
                else:
                    if kind is GAME:
                        if e.score is None or (spread and e.opp_score is None):
                            raise BrightwellError(f"{self.name} needs the game score of every game; "
                                                  f"round {r + 1} of {ctx.label(i)} has none")
                        mine, theirs = e.score, e.opp_score
                    else:  # forfeit counted as a game: recorded scores, else board-0
                        won = kind is FORFEIT_WIN
                        mine = e.score if e.score is not None else (board if won else 0)
                        theirs = e.opp_score if e.opp_score is not None else (0 if won else board)
                    g = mine - theirs if spread else mine
                    sg = strength[o] if o >= 0 else 0.0
                    games += g
                    opp_sum += sg
                    if parts is not None:
                        what = "spread" if spread else "game score"
                        opp_text = ctx.label(o) if o >= 0 else "no opponent"
                        parts.append(Part(f"round {r + 1}", g, f"{kind.value}: {what} {fmt(g)}; "
                                          f"{opp_text} has {fmt(sg)} {'wins' if s.wins else 'points'}", r + 1))
                    continue
            elif kind is FULL_BYE or kind is HALF_BYE or kind is PAB:
                if "bye" in subst:
                    reason = kind.value
            elif "absent" in subst:
                reason = kind.value
            if reason is None:
                credit = (e.score or 0) if not spread else ((e.score or 0) - (e.opp_score or 0))
                games += credit
                if parts is not None:
                    parts.append(Part(f"round {r + 1}", credit, f"{kind.value}: not substituted", r + 1))
                continue
            u = e.score if (s.bye_recorded and kind.is_bye and e.score is not None) else U
            if u is None:
                raise BrightwellError(f"{self.name} needs u= (the substitute game score): "
                                      f"round {r + 1} of {ctx.label(i)} is substituted and the board size is unknown")
            value = u + C * own
            if s.rounding == "parts":
                value = round_half_up(value, s.digits)
            subs.append(value)
            if parts is not None:
                parts.append(Part(f"round {r + 1}", value, f"{reason}: substitute {fmt(u)} + C x "
                                  f"own {fmt(own)} = {fmt(value)}", r + 1))
        strength_part = C * opp_sum
        if s.rounding == "parts":
            games = round_half_up(games, s.digits)
            strength_part = round_half_up(strength_part, s.digits)
        total = games + strength_part + sum(subs)
        if s.rounding == "final":
            total = round_half_up(total, s.digits)
        if parts is not None:
            parts.append(Part("game scores", games, "sum of the counted games' "
                              + ("spreads" if spread else "scores")))
            parts.append(Part("opponents' strength", strength_part,
                              f"C x {fmt(opp_sum)} = {fmt(C)} x {fmt(opp_sum)}"))
            parts.append(Part("substitutes", sum(subs), f"{len(subs)} substituted round(s)"))
        return total

    def explain(self, ctx, opts, i, groups=()):
        ctx.require_game_scores(self.name)
        s = self.settings(ctx, opts)
        strength = ctx.wins if s.wins else ctx.points
        upto, notes = ctx.k, [s.coef_note]
        if s.freeze and ctx.withdrawn[i]:
            upto = ctx.t.players[i].withdrawn_after
            strength = self._strength_after(ctx, s, upto)
            notes.append(f"withdrawn: frozen after round {upto}, opponents' points as of then")
        parts: list[Part] = []
        value = self._tally(ctx, s, i, upto, strength, parts)
        notes.append({"none": "not rounded", "final": f"final value rounded half up to {s.digits} decimals",
                      "parts": f"each part rounded half up to {s.digits} decimals"}[s.rounding])
        return explanation(ctx, opts, i, value, parts, notes)


PRESETS = (
    Preset("BQ", "woc", (("coef", "6"), ("subst", "bye+withdrawn")), "World Othello Championship rules"),
    Preset("BQ", "ftd", (("coef", "squares/R"), ("subst", "bye+withdrawn"), ("round", "final"), ("freeze", "yes")),
           "FlipTheDisc.com"),
    Preset("BQ", "papp", (("coef", "6"), ("coef_min_rounds", "8"), ("subst", "bye+withdrawn+absent+absent-opponent"),
                          ("zero_coef", "discs")), "Papp, the French federation's program (src/departage.c)"),
    Preset("BQ", "joa", (("coef", "6"), ("strength", "wins"), ("subst", "bye+withdrawn"), ("bye_score", "recorded")),
           "the Japanese Othello Association's Brightwell point"),
    Preset("BQ", "cas", (("coef", "auto"), ("subst", "bye")), "Czech Scrabble, 2000 season"),
    Preset("BQ", "cas-spread", (("coef", "auto"), ("term", "spread"), ("subst", "bye")),
           "Czech Scrabble, 2000 season, by spread"),
)


class BrightwellPlugin:
    """Built-in plugin registering BQ and its presets."""

    @hookimpl
    def brightwell_register_criteria(self, register):
        register(Brightwell())

    @hookimpl
    def brightwell_register_presets(self, register):
        for preset in PRESETS:
            register(preset)


plugin = BrightwellPlugin()
