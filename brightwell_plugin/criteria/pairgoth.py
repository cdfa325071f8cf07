"""Go's placement criteria as pairgoth computes them (``rules=pairgoth`` of the Go criteria, and its own
``SCOREX``): ``HistoryHelper``, ``MacMahonSolver``, ``SwissSolver`` and ``getSortedPairables`` of
pairgoth (the French federation's program, OpenGotha's successor), in which the standings after round k
are what its solver of round k + 1 sees. Where this differs from OpenGotha's way is docs/go.md's.

* The history is the rounds 1..k, as far as the file stores rounds (``pairgoth stored rounds``: a round
  stored without a game is in it, every player missing it); a player is in a round when he has a game
  of any result (without one too) or the bye.
* NBW: 1 a win, "both win" and the bye (a win against pairgoth's bye player); a jigo nothing.
* MMS (MacMahon): the base (the rank **its rating gives**, between the floor and the bar, + 30 + the
  McMahon correction), + NBW, + the event's value for each of the rounds 1..k the player is in no game
  of, rounded down (or to a half) at the end. A Swiss's main score is NBW. SCOREX: MMS without the
  missed rounds' value.
* SOS (the M and W forms alike: over the main score): each game's opponent's main score, minus the
  handicap for Black, plus it for White; a bye, and each round of the history the player missed, the
  missed-round value (the base, or the base + (k + 1) / 2 rounded; 0 in a Swiss). SOS-1 and SOS-2
  drop the **highest** one or two game terms (none for a player without a game). SODOS: the
  terms of the games won (a jigo none). SOSOS: each opponent's SOS (a bye 0), each missed round the
  missed-round value × the history's rounds. CUSS: the wins of each round, the history's last
  round counted once, the one before twice, and so on (pairgoth's running sum doubles).
* RANK is the declared rank; CAT, STS, CPS, SOSTS, EXT, EXR, DC and SDC are 0 for everyone (pairgoth
  computes none of them).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from brightwell_plugin.criteria.base import Criterion, Part, explanation
from brightwell_plugin.criteria.gotha import kdp
from brightwell_plugin.plugin import BrightwellError, hookimpl, Kind, LARGEST, Result, Side

MMS_ZERO = 30  # MacMahonSolver.mmsZero
MIN_RANK, MAX_RANK = -30, 8
RANK_KEYS = ("go rank", "opengotha rank", "egd rank")
CORRECTION_KEY = "opengotha smmsCorrection"  # OpenGotha's smmsCorrection is pairgoth's mmsCorrection
MAIN_SCORES = {"MAC_MAHON": "mms", "SWISS": "wins", "ROUND_ROBIN": "wins"}
ZERO = frozenset(("CAT", "STS", "CPS", "SOSTS", "EXT", "EXR", "DC", "SDC"))  # pairgoth's nullMap
_WON = (Kind.FORFEIT_WIN, Kind.PAB, Kind.FULL_BYE)
_BYES = (Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE)


def rating_rank(rating: int) -> int:
    """pairgoth's ``ratingToRank``: 1D is 2050 to 2149, a rank each 100 points, within 30K .. 9D."""
    return max(MIN_RANK, min(MAX_RANK, (rating - 2050) // 100))  # floor((rating - 2050) / 100.0)


@dataclass(frozen=True, slots=True)
class Settings:
    """What pairgoth's scores depend on: the main score (``mms`` or ``wins``), the McMahon floor and bar
    (pairgoth's rank numbers), the value of a missed round, rounding down, the missed rounds' SOS value
    (the base, or the base + rounds / 2), and how many rounds the file stores (None: unknown)."""

    main: str
    floor: int
    bar: int
    absent: float
    round_down: bool
    use_base: bool
    stored: int | None


def settings(ctx, values) -> Settings:
    """The parameters given (``bar``, ``floor``, ``absent`` in half points, ``round_down``), else the
    file's pairgoth settings, else its OpenGotha ones (as pairgoth imports them), else pairgoth's defaults."""
    own, og = {}, {}
    for k, v in ctx.t.metadata:
        if k.startswith("pairgoth "):
            own[k[9:]] = v
        elif k.startswith(("opengotha ", "go ")):
            og[k.split(" ", 1)[1]] = v

    def whole(key, text, low, high):
        if not re.fullmatch(r"-?[0-9]{1,6}", text.strip()) or not low <= int(text) <= high:
            raise BrightwellError(f"the file's {key} '{text[:20]}' is not a whole number from {low} to {high}")
        return int(text)

    def rank(key, og_key, default):
        if key in own:
            return whole(f"pairgoth {key}", own[key], MIN_RANK, MAX_RANK)
        return kdp(og[og_key]) if og_key in og and kdp(og[og_key]) != -99 else default

    def flag(key, og_key):
        text = own.get(key, og.get(og_key, "true")) if og_key else own.get(key, "true")
        return text.strip().lower() == "true"

    main = own.get("pairing.type", "MAC_MAHON")
    if main not in MAIN_SCORES:
        raise BrightwellError(f"the file's pairgoth pairing.type '{main[:20]}' is none of pairgoth's")
    if "pairing.main.mmsValueAbsent" in own:
        text = own["pairing.main.mmsValueAbsent"]
        absent = {"0": 0.0, "0.5": 0.5, "1": 1.0}.get(text.strip().removesuffix(".0"))
        if absent is None:
            raise BrightwellError(f"the file's pairgoth pairing.main.mmsValueAbsent '{text[:20]}' is none of 0, 0.5, 1")
    else:
        key = "genMMS2ValueAbsent"
        absent = whole(key, og[key], -9999, 9999) / 2 if key in og else 0.5
    stored = whole("pairgoth stored rounds", own["stored rounds"], 0, 999_999) if "stored rounds" in own else None
    return Settings(
        MAIN_SCORES[main], values.get("floor", rank("pairing.mmFloor", "genMMFloor", -20)),
        values.get("bar", rank("pairing.mmBar", "genMMBar", 0)),
        values["absent"] / 2 if "absent" in values else absent,
        values.get("round_down", flag("pairing.main.roundDownScore", "genRoundDownNBWMMS")),
        flag("pairing.main.sosValueAbsentUseBase", None), stored)


def _correction(p, extra: dict) -> int:
    text = extra.get(CORRECTION_KEY, "0") or "0"
    if not re.fullmatch(r"\s*[+-]?[0-9]{1,6}\s*", text):
        raise BrightwellError(f"#{p.start_no} {p.name}: McMahon correction {text[:20]!r} is not a whole number")
    return int(text)


def declared_rank(p, extra: dict | None = None) -> int:
    """The player's declared (honorary) rank, pairgoth's ``rank``; 30K when he has none."""
    extra = dict(p.extra) if extra is None else extra
    rank = next((kdp(extra[k]) for k in RANK_KEYS if extra.get(k)), -99)
    return MIN_RANK if rank == -99 else rank


def _base(p, s: Settings) -> int:
    """``mmBase``: the rank pairgoth pairs a player by (the one his rating gives; without a rating, a
    file of another program, his declared rank), between the floor and the bar, + 30 + his correction."""
    if p.rating is not None:
        for k, _ in p.extra:
            if k == CORRECTION_KEY:
                break
        else:  # no correction, as nearly always
            return min(max(rating_rank(p.rating), s.floor), s.bar) + MMS_ZERO
    extra = dict(p.extra)
    rank = rating_rank(p.rating) if p.rating is not None else declared_rank(p, extra)
    return min(max(rank, s.floor), s.bar) + MMS_ZERO + _correction(p, extra)


class Scores:
    """Every player's pairgoth values after the rounds of ``ctx``."""

    def __init__(self, ctx, s: Settings):
        self.ctx, self.s = ctx, s
        k = ctx.k
        self.history = h = 0 if k == 0 else k if s.stored is None else min(k, max(1, s.stored))
        self.records, present = self._records()
        game, win, won = Kind.GAME, Result.WIN, _WON
        self.wins = wins = []
        for recs in self.records:
            n = 0
            for _, e, _ in recs:
                kind = e.kind
                if (kind is game and e.result is win) or kind in won:
                    n += 1
            wins.append(float(n))
        self.missed = [k - n for n in present]  # MMS: every round 1..k without a game
        self.missed_history = [h - n for n in present]  # the sums: the history's rounds only
        self.base = [_base(p, s) for p in ctx.t.players]
        rounded = self.rounded
        self.mms = [rounded(b + w + m * s.absent) for b, w, m in zip(self.base, self.wins, self.missed)]
        self.scorex = [rounded(b + w) for b, w in zip(self.base, self.wins)]
        self.score = self.mms if s.main == "mms" else self.wins
        if s.main != "mms":
            self.mms = self.scorex = self.wins
        self.missed_sos = [(b if s.use_base else rounded(b + (k + 1) // 2)) if s.main == "mms" else 0.0
                           for b in self.base]
        self.terms = [self._terms(i, recs) for i, recs in enumerate(self.records)]
        self.sos = [sum(t) + m * v for t, m, v in zip(self.terms, self.missed_history, self.missed_sos)]
        self.columns: dict[str, list[float]] = {}

    def _terms(self, i: int, recs) -> list[float]:
        """Each game's SOS term: the opponent's main score, less the handicap for Black, plus it for White;
        a bye's: the missed-round value."""
        score, byes, first, second = self.score, _BYES, Side.FIRST, Side.SECOND
        out = []
        for _, e, o in recs:
            if o < 0 or e.kind in byes:
                out.append(self.missed_sos[i])
            else:
                side = e.side
                out.append(score[o] + (e.handicap if side is second else -e.handicap if side is first else 0))
        return out

    def rounded(self, score: float) -> float:
        """``roundScore``: down to a whole number (with pairgoth's epsilon), or to a half."""
        return float(math.floor(score + 0.00001)) if self.s.round_down else round(2 * score) / 2

    def _records(self) -> tuple[list[list[tuple[int, object, int]]], list[int]]:
        """Each player's (round from 0, record, opponent index) of the history, every game and bye; and
        how many of the history's rounds he is in."""
        ctx, h, absent = self.ctx, self.history, Kind.ABSENT
        out = [[(r, e, o) for r, (e, o) in enumerate(zip(es[:h], opps[:h])) if e.kind is not absent]
               for es, opps in zip(ctx.entries, ctx.opp)]
        present = [len(recs) for recs in out]
        more = [(i, r, e) for i, r, e in ctx.more_games if r <= h]
        for i, r, e in more:
            out[i].append((r - 1, e, ctx.index.get(e.opponent, -1) if e.opponent is not None else -1))
        for i in {i for i, _, _ in more}:
            present[i] = len({r for r, _, _ in out[i]})
        return out, present

    def _beat(self, i: int, r: int, e, o: int) -> bool:
        """A game won as pairgoth's SODOS counts it: Black's or White's win, not "both win"."""
        if o < 0 or e.kind in _BYES:
            return False
        if e.kind is Kind.GAME:
            return e.result is Result.WIN
        return e.kind is Kind.FORFEIT_WIN and self.ctx.entries[o][r].kind is not Kind.FORFEIT_WIN

    def column(self, code: str) -> list[float]:
        """Every player's value of ``code`` (our code, /C1 and /C2 as -1 and -2), made once."""
        if code not in self.columns:
            self.columns[code] = self._column(code)
        return self.columns[code]

    def value(self, code: str, i: int) -> float:
        return self.column(code)[i]

    def _column(self, code: str) -> list[float]:
        n = self.ctx.n
        if code in ZERO:
            return [0.0] * n
        if code == "NBW" or code == "MMS" or code == "SCOREX":
            return list({"NBW": self.wins, "MMS": self.mms, "SCOREX": self.scorex}[code])
        if code == "RANK":
            return [float(declared_rank(p)) for p in self.ctx.t.players]
        family, _, cut = code.partition("-")
        if family in ("SOSW", "SOSM"):
            if not cut:
                return list(self.sos)
            drop = int(cut)
            return [sum(sorted(t, reverse=True)[drop:]) + m * v if t else 0.0
                    for t, m, v in zip(self.terms, self.missed_history, self.missed_sos)]
        if family in ("SOSOSW", "SOSOSM"):
            return [self._sosos(i) for i in range(n)]
        if family in ("SODOSW", "SODOSM"):
            return [sum(t for (r, e, o), t in zip(self.records[i], self.terms[i]) if self._beat(i, r, e, o))
                    for i in range(n)]
        if family in ("CUSSW", "CUSSM"):
            return [self._cuss(i) for i in range(n)]
        raise BrightwellError(f"pairgoth computes no {code}")

    def _sosos(self, i: int) -> float:
        total = sum(self.sos[o] for _, e, o in self.records[i] if o >= 0 and e.kind not in _BYES)
        return total + self.missed_history[i] * self.missed_sos[i] * self.history

    def _cuss(self, i: int) -> float:
        by_round = [0] * self.history
        for r, e, _ in self.records[i]:
            by_round[r] += (e.kind is Kind.GAME and e.result is Result.WIN) or e.kind in _WON
        total = 0
        for won in by_round:  # pairgoth's fold: acc + acc + the round's wins
            total = 2 * total + won
        if total > LARGEST:
            raise BrightwellError(f"CUSS as pairgoth computes it doubles each round: after {self.history} rounds "
                                  f"it passes {LARGEST:g}")
        return float(total)


def scores(ctx, opts) -> Scores:
    """The engine for this context and these settings (made once)."""
    s = ctx.cached(("pairgoth settings", tuple(sorted(opts.values.items()))), lambda: settings(ctx, opts.values))
    return ctx.cached(("pairgoth scores", s), lambda: Scores(ctx, s))


def engine_code(name: str, modifiers) -> str:
    """Our item's code in pairgoth's engine: SOSW/C1 is SOSW-1 (pairgoth's SOSWM1)."""
    cut = "2" if "C2" in modifiers else "1" if "C1" in modifiers else ""
    return f"{name}-{cut}" if cut else name


def compute(name: str, ctx, opts) -> list[float]:
    return list(scores(ctx, opts).column(engine_code(name, opts.modifiers)))


def explain(name: str, title: str, ctx, opts, i: int):
    sc, code = scores(ctx, opts), engine_code(name, opts.modifiers)
    value = sc.value(code, i)
    notes = () if code in ZERO or code == "RANK" else (
        f"pairgoth's McMahon base {sc.base[i]:g}" if sc.s.main == "mms" else "pairgoth's Swiss: over wins",
        f"{sc.missed[i]} round(s) of 1..{ctx.k} without a game")
    return explanation(ctx, opts, i, value, (Part(title, value, f"pairgoth {code}"),), notes)


class ScoreX(Criterion):
    name = "SCOREX"
    title = "McMahon score without the missed rounds (pairgoth)"
    source = "pairgoth SCOREX: MacMahonSolver.scoreXMapFactory, the base + wins, rounded (a Swiss: wins)"

    def compute(self, ctx, opts, groups=()):
        return compute("SCOREX", ctx, opts)

    def explain(self, ctx, opts, i, groups=()):
        return explain("SCOREX", self.title, ctx, opts, i)


@hookimpl
def brightwell_register_criteria(register):
    register(ScoreX())
