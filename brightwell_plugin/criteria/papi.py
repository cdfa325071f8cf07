"""The French federation's tie-breaks as its program Papi computes them, inaccuracies included, as
Sharly-Chess reproduces them (src/plugins/ffe/ffe_tie_breaks.py): the Buchholz (``PAPI_BU``, cut
``PAPI_TR``, median ``PAPI_ME``), the performance (``PAPI_PERF``), Kashdan (``PAPI_KA``) and the
sum of Buchholz (``PAPI_SBH``); each also by the name Sharly-Chess writes in a TRF's 212 record
(``OTHER_PAPI_BUCHHOLZ_CUT`` …)."""

from __future__ import annotations

from math import floor

from brightwell_plugin.criteria.base import Criterion, Parameter, Part, Preset, explanation, fmt
from brightwell_plugin.criteria.fide_tables import _DP_UPPER
from brightwell_plugin.plugin import hookimpl, Kind

SOURCE = "Papi, as Sharly-Chess reproduces it (ffe_tie_breaks.py {})"
KIND = Parameter("type", "standard (Bu.), cut (Tr.: the lowest values left out) or median (Me.: the lowest and the "
                         "highest); how many: 1 up to 7 planned rounds, 2 up to 12, else 3", "standard",
                 ("standard", "cut", "median"))
# Papi's table: FIDE's dp by percentage, but 677 for 99% and 100%
_BONUS = _DP_UPPER[:-1] + [677, 677]
_WIN_LIKE = (Kind.FORFEIT_WIN, Kind.PAB, Kind.FULL_BYE)


def papi_cut(rounds: int) -> int:
    return 1 if rounds <= 7 else 2 if rounds <= 12 else 3


def _adjusted(ctx, o: int) -> float:
    """An opponent's score as Papi counts it in a Swiss: every round not played over the board a draw
    (a pairing awaiting its result counts neither way: docs/rounds.md)."""
    draw, rp = ctx.t.scoring.draw, ctx.round_points[o]
    return sum(rp[r] if e.kind is Kind.GAME else draw for r, e in enumerate(ctx.entries[o]) if e.kind is not Kind.PAIRED)


def _dummy(ctx, i: int, r: int) -> float:
    """The virtual opponent of player ``i``'s unplayed round ``r`` (from 0): his points before it, a draw
    each later round, and the reverse of his own result that round."""
    s, kind = ctx.t.scoring, ctx.entries[i][r].kind
    later = sum(e.kind is not Kind.PAIRED for e in ctx.entries[i][r + 1:ctx.k])  # one awaiting its result: none
    base = ctx.points_after(r)[i] + s.draw * later
    return base + (s.loss if kind in _WIN_LIKE else s.draw if kind is Kind.HALF_BYE else s.win)


def papi_buchholz(ctx, i: int, kind: str) -> tuple[float, list[tuple[int, float, str, bool]]]:
    """(value, [(round, contribution, what, cut)]) of Papi's Buchholz of player ``i``."""
    cut = papi_cut(ctx.t.rounds or ctx.k)
    low, high = (cut if kind in ("cut", "median") else 0), (cut if kind == "median" else 0)
    if low + high >= ctx.k:  # tested first, a round robin's too
        return 0.0, []
    if ctx.t.system == "round-robin":  # the opponents' points, no cut
        items = [(r, ctx.points[o], ctx.label(o), False) for r, o in enumerate(ctx.opp[i]) if o >= 0]
        return sum(v for _, v, _, _ in items), items
    items = []
    for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
        if e.kind is Kind.PAIRED:  # awaiting its result: no term (docs/rounds.md)
            continue
        if e.kind is Kind.GAME and o >= 0:
            items.append((r, _adjusted(ctx, o), f"{ctx.label(o)} (unplayed rounds as draws)"))
        else:
            items.append((r, _dummy(ctx, i, r), f"virtual opponent ({e.kind.value})"))
    order = sorted(range(len(items)), key=lambda j: items[j][1])
    dropped = set(order[:low]) | (set(order[len(order) - high:]) if high else set())
    out = [(r, v, what, j in dropped) for j, (r, v, what) in enumerate(items)]
    return sum(v for _, v, _, c in out if not c), out


class PapiBuchholz(Criterion):
    name = "PAPI_BU"
    title = "Buchholz (Papi)"
    source = SOURCE.format("PapiBuchholzTieBreak: unplayed rounds of an opponent as draws, a virtual opponent "
                           "for one's own, cuts by the planned rounds; a round robin the opponents' points")
    parameters = (KIND,)
    fixed: str | None = None  # an alias's type

    def _kind(self, opts) -> str:
        return self.fixed or opts.values.get("type") or "standard"

    def compute(self, ctx, opts, groups=()):
        kind = self._kind(opts)
        return [papi_buchholz(ctx, i, kind)[0] for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        value, items = papi_buchholz(ctx, i, self._kind(opts))
        parts = [Part(f"round {r + 1}", None if cut else v, what + (" - cut" if cut else ""), r + 1)
                 for r, v, what, cut in items]
        return explanation(ctx, opts, i, value, parts)


def _alias(code: str, kind: str, title: str) -> type[PapiBuchholz]:
    return type(code, (PapiBuchholz,), {"name": code, "title": title, "fixed": kind, "parameters": ()})


def _bonus(fraction: float) -> float:
    """Papi's performance bonus for a score fraction: its table, interpolated between whole percentages."""
    percent = 100 * fraction
    index = floor(abs(50 - percent))
    bonus = float(_BONUS[index]) + (percent - floor(percent)) * (_BONUS[index + 1] - _BONUS[index]) \
        if percent != floor(percent) else float(_BONUS[index])
    return -bonus if fraction < 0.5 else bonus


def national_first(p) -> int:
    """The rating Papi ranks by: FIDE's, else the national one (a TRF-2026 national record; 172 FIDON)."""
    if p.rating:
        return p.rating
    national = dict(p.extra).get("national rating", "")
    return int(national) if national.isdigit() else 0


def _counted_points(ctx, i: int) -> float:
    """Papi's points for its estimations: games played over the board, half- and full-point byes."""
    return sum(p for e, p in zip(ctx.entries[i], ctx.round_points[i])
               if e.kind in (Kind.GAME, Kind.HALF_BYE, Kind.FULL_BYE))


def estimations(ctx) -> list[int]:
    """Each player's rating for Papi's performance: his own, or for an unrated player his score group's
    estimate: the rounded mean rating of the group's rated players, else the nearest group's estimate
    moved by the difference of the two groups' performance bonuses (downward first, then upward)."""
    own = [national_first(p) for p in ctx.t.players]
    if ctx.k < 1 or all(own):
        return own
    s = ctx.t.scoring
    most = s.win * ctx.k
    points = [_counted_points(ctx, i) for i in range(ctx.n)]
    keys = [0.0]
    while keys[-1] < most:
        keys.append(keys[-1] + s.draw)
    level = dict.fromkeys(keys, 0)
    for value in sorted(set(points)):
        rated = [own[i] for i in range(ctx.n) if points[i] == value and own[i]]
        if rated:
            level[value] = round(sum(rated) / len(rated))
    for walk in (list(reversed(keys)), keys):  # from the top down, then from the bottom up
        known = bonus_then = 0
        for key in walk:
            bonus = round(_bonus(key / most))
            if level[key] > 0:
                known, bonus_then = level[key], bonus
            elif known > 0:
                level[key] = known = known - bonus_then + bonus
                bonus_then = bonus
    return [own[i] or level.get(points[i], 0) for i in range(ctx.n)]


class PapiPerformance(Criterion):
    name = "PAPI_PERF"
    title = "Performance (Papi)"
    source = SOURCE.format("PapiPerformanceTieBreak: games played over the board, each opponent's rating "
                           "within 400 of one's own (an unrated player's estimated from his score group), "
                           "their mean plus Papi's bonus, rounded")
    whole = True

    def _games(self, ctx, i):
        rating = ctx.cached("papi estimations", lambda: estimations(ctx))
        out = []
        for r, (e, o) in enumerate(zip(ctx.entries[i], ctx.opp[i])):
            if e.kind is Kind.GAME and o >= 0:
                out.append((r, min(rating[i] + 400, max(rating[i] - 400, rating[o])), ctx.round_points[i][r]))
        return out

    def compute(self, ctx, opts, groups=()):
        win, out = ctx.t.scoring.win, []
        for i in range(ctx.n):
            games = self._games(ctx, i)
            if not games:
                out.append(0.0)
                continue
            mean = sum(g for _, g, _ in games) / len(games)
            out.append(float(round(mean + _bonus(sum(s for _, _, s in games) / (len(games) * win)))))
        return out

    def explain(self, ctx, opts, i, groups=()):
        parts = [Part(f"round {r + 1}", rating, f"opponent's rating within 400 of one's own, {fmt(s)} scored", r + 1)
                 for r, rating, s in self._games(ctx, i)]
        return explanation(ctx, opts, i, self.values(ctx, opts)[i], parts)


class PapiKashdan(Criterion):
    name = "PAPI_KA"
    title = "Kashdan (Papi)"
    source = SOURCE.format("PapiKashdanTieBreak: 4 a win, 2 a draw, 1 a loss, every round counted (a win-like "
                           "bye or forfeit 4, a half-point bye 2, any other unplayed round 1)")
    whole = True

    @staticmethod
    def _round(e) -> int:
        if e.kind is Kind.GAME:
            return {"win": 4, "draw": 2}.get(e.result.value, 1)
        return 4 if e.kind in _WIN_LIKE else 2 if e.kind is Kind.HALF_BYE else 1

    def compute(self, ctx, opts, groups=()):  # a pairing awaiting its result counts neither way
        return [float(sum(self._round(e) for e in es if e.kind is not Kind.PAIRED)) for es in ctx.entries]


class PapiSumOfBuchholz(Criterion):
    name = "PAPI_SBH"
    title = "Sum of Buchholz (Papi)"
    source = SOURCE.format("PapiSumOfBuchholzTieBreak: Σ over the opponents (forfeits included) of their "
                           "Papi Buchholz")

    def compute(self, ctx, opts, groups=()):
        bh = ctx.cached("papi buchholz", lambda: [papi_buchholz(ctx, i, "standard")[0] for i in range(ctx.n)])
        return [sum(bh[o] for e, o in zip(es, opps) if o >= 0 and e.kind is not Kind.PAIRED)
                for es, opps in zip(ctx.entries, ctx.opp)]


def _named(cls: type[Criterion], code: str) -> type[Criterion]:
    """The criterion again under the name Sharly-Chess writes in a TRF."""
    return type(code, (cls,), {"name": code})


ALIASES = {"OTHER_PAPI_BUCHHOLZ_STANDARD": _alias("OTHER_PAPI_BUCHHOLZ_STANDARD", "standard", "Buchholz (Papi)"),
           "OTHER_PAPI_BUCHHOLZ_CUT": _alias("OTHER_PAPI_BUCHHOLZ_CUT", "cut", "Buchholz cut (Papi, Tr.)"),
           "OTHER_PAPI_BUCHHOLZ_MEDIAN": _alias("OTHER_PAPI_BUCHHOLZ_MEDIAN", "median", "Median Buchholz (Papi, Me.)"),
           "PAPI_TR": _alias("PAPI_TR", "cut", "Buchholz cut (Papi, Tr.)"),
           "PAPI_ME": _alias("PAPI_ME", "median", "Median Buchholz (Papi, Me.)"),
           "OTHER_PAPI_PERFORMANCE": _named(PapiPerformance, "OTHER_PAPI_PERFORMANCE"),
           "OTHER_PAPI_KASHDAN": _named(PapiKashdan, "OTHER_PAPI_KASHDAN"),
           "OTHER_PAPI_BUCHHOLZ_SUM": _named(PapiSumOfBuchholz, "OTHER_PAPI_BUCHHOLZ_SUM")}


@hookimpl
def brightwell_register_criteria(register):
    for criterion in (PapiBuchholz(), PapiPerformance(), PapiKashdan(), PapiSumOfBuchholz(),
                      *(cls() for cls in ALIASES.values())):
        register(criterion)


@hookimpl
def brightwell_register_presets(register):
    for name, kind, what in (("bu", "standard", "Papi's Bu."), ("tr", "cut", "Papi's Tr."), ("me", "median", "Papi's Me.")):
        register(Preset("PAPI_BU", name, (("type", kind),), what))
