"""The Brightwell quotient (BQ): own game scores + C x opponents' points, with substitutes."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from brightwell_plugin.plugin import (
    BrightwellError,
    Context,
    hookimpl,
    Kind,
    last_played,
    NUMBER,
    REGISTERED,
    spec_number,
    SpecError,
)
from brightwell_plugin.criteria.base import (
    Criterion,
    Options,
    Parameter,
    Part,
    Preset,
    decimals,
    explanation,
    fmt,
    number,
    yes_no,
)

SUBST_KINDS = ("bye", "withdrawn", "absent", "absent-opponent", "forfeit")
_PER_ROUND = re.compile(r"^(?P<num>[0-9.]+|squares)/R$", re.IGNORECASE)


def round_half_up(x: float, digits: int = 0) -> float:
    """Round half away from zero's upward twin (x.5 -> x+1), tolerant of binary noise."""
    scale = 10 ** digits
    return math.floor(x * scale + 0.5 + 1e-9) / scale


@dataclass(frozen=True, slots=True)
class Coefficient:
    """C as written: a number, N per planned round, the board's squares per planned round, or auto."""

    kind: str  # "number" | "per-round" | "squares" | "auto"
    value: float = 0.0


def coefficient(text: str) -> Coefficient:
    """The reader of ``coef=``."""
    if text == "auto":
        return Coefficient("auto")
    m = _PER_ROUND.match(text)
    if m and m["num"].lower() == "squares":
        return Coefficient("squares")
    if m and NUMBER.match(m["num"]):
        return Coefficient("per-round", spec_number(m["num"]))
    if NUMBER.match(text):
        return Coefficient("number", spec_number(text))
    raise SpecError(f"must be a number, N/R, squares/R or auto, not '{text}'")


def substituted(text: str) -> frozenset[str]:
    """The reader of ``subst=``: round kinds joined by +."""
    kinds = frozenset(s for s in text.split("+") if s and s != "none")
    if bad := kinds - set(SUBST_KINDS):
        raise SpecError(f"names an unknown round kind '{sorted(bad)[0]}' (use {'+'.join(SUBST_KINDS)})")
    return kinds


@dataclass(frozen=True, slots=True)
class Rule:
    """BQ's settings as configured, before any tournament is looked at."""

    coef: Coefficient
    coef_min_rounds: float
    wins: bool  # strength = opponents' wins instead of points
    spread: bool  # game-score term = own - opponent's score
    subst: frozenset[str]
    u: float | None
    bye_recorded: bool
    rounding: str
    digits: int
    freeze: bool
    discs_when_zero: bool  # C = 0 makes the value the plain total of recorded game scores (Papp)
    halves_up: bool  # a game score with a half counts as the next whole one (Papp's SCORE_TO_FLOAT)


@dataclass(frozen=True, slots=True)
class Settings:
    """The rule applied to one tournament: C and U known."""

    rule: Rule
    C: float
    coef_note: str
    U: float | None


@dataclass(frozen=True, slots=True)
class Term:
    """What one round adds: a counted game (score and the opponent's strength), a credit, or a substitute."""

    round: int
    kind: str  # "game" | "credit" | "substitute"
    value: float
    strength: float = 0.0
    detail: str = ""


class _Sum:
    """The running sums of one player's terms, and the total they make."""

    __slots__ = ("games", "opp_sum", "subs")

    def __init__(self):
        self.games, self.opp_sum, self.subs = 0.0, 0.0, []

    def add(self, term: Term) -> None:
        if term.kind == "substitute":
            self.subs.append(term.value)
        else:
            self.games += term.value
            self.opp_sum += term.strength

    def total(self, s: Settings) -> tuple[float, float, float]:
        """(total, game-score part, strength part), rounded as the rule says."""
        rule = s.rule
        games, strength_part = self.games, s.C * self.opp_sum
        if rule.rounding == "parts":
            games, strength_part = round_half_up(games, rule.digits), round_half_up(strength_part, rule.digits)
        total = games + strength_part + sum(self.subs)
        if rule.rounding == "final":
            total = round_half_up(total, rule.digits)
        return total, games, strength_part


class Brightwell(Criterion):
    name = "BQ"
    title = "Brightwell quotient"
    source = "G. Brightwell; WOC rules; Papp src/tiebreak.c; FlipTheDisc; JOA; CAS (docs/criteria.md)"
    parameters = (
        Parameter("coef", "C: a number, N/R or squares/R (per planned round), or auto "
                  "(average game score / (R/2), rounded to an integer)", "6", read=coefficient),
        Parameter("coef_min_rounds", "C is 0 when fewer rounds are planned (Papp: 8)", "0", read=number),
        Parameter("strength", "what counts for an opponent", "points", ("points", "wins")),
        Parameter("term", "game-score term: own score or spread (own - opponent's)", "own", ("own", "spread")),
        Parameter("subst", "rounds replaced by U + C x own strength, joined by +: "
                  "bye, withdrawn (games vs withdrawn opponents), absent (own absence, late entry, "
                  "zero-point bye), absent-opponent (games vs opponents not present after the last round counted: "
                  "Papp's present[]), forfeit", "bye+withdrawn", read=substituted),
        Parameter("u", "substitute game score (default: half the board; 0 for spread)", read=number),
        Parameter("bye_score", "game score of a substituted bye: u, or the recorded credit", "u", ("u", "recorded")),
        Parameter("round", "rounding: none, final value, or each part", "none", ("none", "final", "parts")),
        Parameter("digits", "decimals kept when rounding", "0", read=decimals),
        Parameter("freeze", "a withdrawn player's value frozen at his last round", "no", ("yes", "no"), read=yes_no),
        Parameter("zero_coef", "what BQ is when C = 0: the formula with C = 0, or the total of the recorded "
                  "game scores, bye credits included, absences 0 (Papp's departage aux pions)", "formula",
                  ("formula", "discs")),
        Parameter("halves", "a game score with a half (32.5 discs): counted as it is, or as the next whole "
                  "number (Papp's SCORE_TO_FLOAT: each counted game, and the total when C = 0)", "keep",
                  ("keep", "up")),
    )
    needs_game_scores = True

    def settle(self, values, modifiers, item) -> Rule:
        return Rule(values["coef"], values["coef_min_rounds"], values["strength"] == "wins",
                    values["term"] == "spread", values["subst"], values.get("u"), values["bye_score"] == "recorded",
                    values["round"], values["digits"], values["freeze"], values["zero_coef"] == "discs",
                    values["halves"] == "up")

    def numbers(self, ctx: Context, opts: Options) -> dict[str, float]:
        """C, unless the item writes it as a number."""
        if _PLAIN_NUMBER.fullmatch(dict(opts.item.options).get("coef", "")):
            return {}
        return {"coef": self.resolved(ctx, opts).C}

    def settings_read(self, opts: Options) -> dict[str, str]:
        rule: Rule = opts.settings
        if rule.coef.kind == "squares":
            return {"board": "C is the board's squares per planned round"}
        if rule.u is None and not rule.spread and rule.subst:
            return {"board": "the substitute game score is half of it"}
        return {}

    def resolved(self, ctx: Context, opts: Options) -> Settings:
        """The configured rule applied to this tournament: C (and how it was found) and U."""
        return ctx.cached(("BQ settings", opts.item), lambda: self._resolve(ctx, opts))

    def _resolve(self, ctx: Context, opts: Options) -> Settings:
        rule: Rule = opts.settings
        board = ctx.t.board
        U = rule.u if rule.u is not None else 0.0 if rule.spread else (board / 2 if board else None)
        C, note = self._coefficient(ctx, rule, opts)
        if ctx.R < rule.coef_min_rounds:
            C, note = 0.0, f"C = 0 (fewer than {fmt(rule.coef_min_rounds)} planned rounds)"
        if C == 0 and rule.discs_when_zero:
            note += "; with C = 0 the value is the total of the recorded game scores (zero_coef=discs)"
        return Settings(rule, C, note, U)

    def _coefficient(self, ctx: Context, rule: Rule, opts: Options) -> tuple[float, str]:
        R, coef, spread = ctx.R, rule.coef, rule.spread
        if coef.kind == "auto":
            vals = [abs(e.score - e.opp_score) if spread else e.score
                    for es in ctx.entries for e in es
                    if e.kind is Kind.GAME and e.score is not None and (not spread or e.opp_score is not None)]
            if not vals or not R:
                raise BrightwellError("coef=auto needs games with recorded scores", place=opts.item.text)
            avg = sum(vals) / len(vals)
            C = round_half_up(avg / (R / 2))
            what = "absolute spread" if spread else "game score"
            return C, f"C = round(average {what} {fmt(avg)} / ({R}/2)) = {fmt(C)}"
        if coef.kind == "number":
            return coef.value, f"C = {fmt(coef.value)}"
        if coef.kind == "squares" and not ctx.t.board:
            raise BrightwellError("coef=squares/R needs the board size, and this tournament has none",
                                  place=opts.item.text)
        if not R:
            raise BrightwellError("coef=N/R needs the number of rounds", place=opts.item.text)
        num = float(ctx.t.board) if coef.kind == "squares" else coef.value
        return num / R, f"C = {fmt(num)}/{R} = {fmt(num / R)}"

    # -- computation ---------------------------------------------------------------------------

    def _scope(self, ctx: Context, s: Settings, i: int) -> tuple[int, list[float], list[bool] | None, str | None]:
        """Rounds counted, the strength list, the opponents substituted (None: the event's), and the
        freeze note, for player i."""
        return self._frozen_scope(ctx, s, i) if s.rule.freeze and ctx.withdrawn[i] else self._full_scope(ctx, s)

    @staticmethod
    def _full_scope(ctx: Context, s: Settings) -> tuple[int, list[float], None, None]:
        """Every player's scope but a frozen withdrawn player's: all the rounds ranked."""
        return ctx.k, ctx.wins if s.rule.wins else ctx.points, None, None

    def _frozen_scope(self, ctx: Context, s: Settings, i: int) -> tuple[int, list[float], list[bool], str]:
        """A withdrawn player's scope under ``freeze``: the rounds up to the withdrawal."""
        rule = s.rule
        upto = ctx.t.players[i].withdrawn_after
        strength = ctx.points_after(upto) if not rule.wins else Context(ctx.t, upto).wins
        return upto, strength, self._gone(ctx, rule, upto), (
            f"withdrawn: frozen after round {upto}, opponents' points as of then")

    @staticmethod
    def _gone(ctx: Context, rule: Rule, upto: int) -> list[bool]:
        """Opponents whose games are substituted: withdrawn, or (absent-opponent) absent from round ``upto``."""
        return ctx.cached(("BQ gone", rule.subst, upto), lambda: Brightwell._opponents_gone(ctx, rule, upto))

    @staticmethod
    def _opponents_gone(ctx: Context, rule: Rule, upto: int) -> list[bool]:
        gone = ctx.withdrawn if upto == ctx.k else [ctx.withdrawn_by(o, upto) for o in range(ctx.n)]
        if "withdrawn" not in rule.subst:
            gone = [False] * ctx.n
        if "absent-opponent" in rule.subst and upto:
            last = upto == last_played(ctx.t)  # the file's word on who plays next is as of its last round played
            gone = [g or not Brightwell._present_after(ctx, o, upto, last) for o, g in enumerate(gone)]
        return gone

    @staticmethod
    def _present_after(ctx: Context, o: int, upto: int, last: bool) -> bool:
        """Is player ``o`` present after round ``upto`` (Papp's ``present[]``)? What the file says
        after its ``last`` round; else: he played round ``upto`` and had not withdrawn by then."""
        p = ctx.t.players[o]
        if last:
            registered = dict(p.extra).get(REGISTERED)
            if registered in ("yes", "no"):
                return registered == "yes"
        return ctx.entries[o][upto - 1].kind is not Kind.ABSENT and not (
            p.withdrawn_after is not None and p.withdrawn_after <= upto)

    def compute(self, ctx, opts, groups=()):
        ctx.require_game_scores(self.name)
        s = self.resolved(ctx, opts)
        if s.C == 0 and s.rule.discs_when_zero:
            return [self._disc_total(ctx, i, self._scope(ctx, s, i)[0], s.rule.halves_up) for i in range(ctx.n)]
        spread, halves = s.rule.spread, s.rule.halves_up
        shared_gone = self._gone(ctx, s.rule, ctx.k)
        shared_any = any(shared_gone)
        game = Kind.GAME  # a local: the loop below tests it once per player-round
        full, frozen, withdrawn = self._full_scope(ctx, s), s.rule.freeze, ctx.withdrawn
        out = []
        for i, (entries, opps) in enumerate(zip(ctx.entries, ctx.opp)):
            upto, strength, gone, _ = self._frozen_scope(ctx, s, i) if frozen and withdrawn[i] else full
            gone, any_gone = (shared_gone, shared_any) if gone is None else (gone, any(gone))
            acc = _Sum()
            games = opp_sum = 0.0  # acc's sums, in locals while the rounds are the common case
            for r in range(upto):
                e, o = entries[r], opps[r]
                if not spread and e.kind is game and e.score is not None and not (any_gone and gone[o]):
                    games += math.ceil(e.score) if halves else e.score  # the common case: a counted game, inlined
                    opp_sum += strength[o]
                    continue
                acc.games, acc.opp_sum = games, opp_sum  # in round order, as explain adds them
                acc.add(self._term(ctx, s, i, r, upto, strength, gone))
                games, opp_sum = acc.games, acc.opp_sum
            acc.games, acc.opp_sum = games, opp_sum
            out.append(acc.total(s)[0])
        return out

    def explain(self, ctx, opts, i, groups=()):
        ctx.require_game_scores(self.name)
        s = self.resolved(ctx, opts)
        upto, strength, gone, frozen = self._scope(ctx, s, i)
        notes = [s.coef_note] + ([frozen] if frozen else [])
        rule = s.rule
        notes_rounding = {"none": "not rounded", "final": f"final value rounded half up to {rule.digits} decimals",
                          "parts": f"each part rounded half up to {rule.digits} decimals"}[rule.rounding]
        if s.C == 0 and rule.discs_when_zero:
            parts = [Part(f"round {r + 1}", e.score, f"{e.kind.value}: recorded score", r + 1)
                     for r, e in enumerate(ctx.entries[i][:upto]) if e.score is not None]
            return explanation(ctx, opts, i, self._disc_total(ctx, i, upto, rule.halves_up), parts,
                               notes + [notes_rounding])
        gone = self._gone(ctx, rule, ctx.k) if gone is None else gone
        acc, parts = _Sum(), []
        for r in range(upto):
            term = self._term(ctx, s, i, r, upto, strength, gone)
            acc.add(term)
            parts.append(Part(f"round {r + 1}", term.value, term.detail, r + 1))
        total, games, strength_part = acc.total(s)
        parts.append(Part("game scores", games, "sum of the counted games' "
                          + ("spreads" if rule.spread else "scores")))
        parts.append(Part("opponents' strength", strength_part,
                          f"C x {fmt(acc.opp_sum)} = {fmt(s.C)} x {fmt(acc.opp_sum)}"))
        parts.append(Part("substitutes", sum(acc.subs), f"{len(acc.subs)} substituted round(s)"))
        return explanation(ctx, opts, i, total, parts, notes + [notes_rounding])

    @staticmethod
    def _disc_total(ctx: Context, i: int, upto: int, halves_up: bool) -> float:
        """Papp with C = 0: every recorded game score of the rounds, bye credits included."""
        total = sum(e.score for e in ctx.entries[i][:upto] if e.score is not None)
        return math.ceil(total) if halves_up else total

    def _term(self, ctx: Context, s: Settings, i: int, r: int, upto: int, strength: list[float],
              gone: list[bool]) -> Term:
        """What round r adds to player i's BQ, and why."""
        rule = s.rule
        e, o = ctx.entries[i][r], ctx.opp[i][r]
        kind = e.kind
        reason = None
        if kind is Kind.PAIRED:  # awaiting its result: neither a game nor an absence (docs/rounds.md)
            return Term(r + 1, "credit", 0, detail="paired, no result yet: nothing counted")
        if kind in _PAIRED:
            if o >= 0 and gone[o]:
                reason = (f"opponent {ctx.label(o)} withdrew" if ctx.withdrawn_by(o, upto)
                          else f"opponent {ctx.label(o)} is absent from round {upto}")
            elif kind is not Kind.GAME and "forfeit" in rule.subst:
                reason = kind.value
            else:
                return self._game(ctx, s, i, r, e, o, strength)
        elif kind.is_bye and kind is not Kind.ZERO_BYE:
            if "bye" in rule.subst:
                reason = kind.value
        elif "absent" in rule.subst:
            reason = kind.value
        if reason is None:
            credit = (e.score or 0) - ((e.opp_score or 0) if rule.spread else 0)
            return Term(r + 1, "credit", credit, detail=f"{kind.value}: not substituted")
        u = e.score if (rule.bye_recorded and kind.is_bye and e.score is not None) else s.U
        if u is None:
            raise BrightwellError(f"{self.name} needs u= (the substitute game score): "
                                  f"round {r + 1} of {ctx.label(i)} is substituted and the board size is unknown")
        own = strength[i]
        value = u + s.C * own
        if rule.rounding == "parts":
            value = round_half_up(value, rule.digits)
        return Term(r + 1, "substitute", value,
                    detail=f"{reason}: substitute {fmt(u)} + C x own {fmt(own)} = {fmt(value)}")

    def _game(self, ctx, s: Settings, i: int, r: int, e, o: int, strength: list[float]) -> Term:
        """A counted game (or a forfeit counted as one: recorded scores, else board-0)."""
        spread, kind = s.rule.spread, e.kind
        if kind is Kind.GAME:
            if e.score is None or (spread and e.opp_score is None):
                raise BrightwellError(f"{self.name} needs the game score of every game; "
                                      f"round {r + 1} of {ctx.label(i)} has none")
            mine, theirs = e.score, e.opp_score
        else:
            board, won = ctx.t.board or 0, kind is Kind.FORFEIT_WIN
            mine = e.score if e.score is not None else (board if won else 0)
            theirs = e.opp_score if e.opp_score is not None else (0 if won else board)
        g = mine - theirs if spread else math.ceil(mine) if s.rule.halves_up else mine
        sg = strength[o] if o >= 0 else 0.0
        what, opp_text = ("spread" if spread else "game score"), (ctx.label(o) if o >= 0 else "no opponent")
        return Term(r + 1, "game", g, sg, f"{kind.value}: {what} {fmt(g)}; "
                    f"{opp_text} has {fmt(sg)} {'wins' if s.rule.wins else 'points'}")


_PLAIN_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_PAIRED = frozenset((Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS))


PRESETS = (
    Preset("BQ", "woc", (("coef", "6"), ("subst", "bye+withdrawn")), "World Othello Championship rules"),
    Preset("BQ", "ftd", (("coef", "squares/R"), ("subst", "bye+withdrawn"), ("round", "final"), ("freeze", "yes")),
           "FlipTheDisc.com"),
    Preset("BQ", "papp", (("coef", "6"), ("subst", "bye+withdrawn+absent+absent-opponent"), ("zero_coef", "discs"),
                          ("halves", "up")),
           "Papp 1.37.1, the French federation's program (tiebreak.c PlayerTiebreak; the constant is the "
           "file's #_BQ-double)"),
    Preset("BQ", "joa", (("coef", "6"), ("strength", "wins"), ("subst", "bye+withdrawn"), ("bye_score", "recorded")),
           "the Japanese Othello Association's Brightwell point"),
    Preset("BQ", "cas", (("coef", "auto"), ("subst", "bye")), "Czech Scrabble, 2000 season"),
    Preset("BQ", "cas-spread", (("coef", "auto"), ("term", "spread"), ("subst", "bye")),
           "Czech Scrabble, 2000 season, by spread"),
)


@hookimpl
def brightwell_register_criteria(register):
    register(Brightwell())


@hookimpl
def brightwell_register_presets(register):
    for preset in PRESETS:
        register(preset)
