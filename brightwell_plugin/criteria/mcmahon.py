"""Go placement criteria as OpenGotha computes them: McMahon score (MMS), number of wins (NBW), the
cup and Strasbourg scores, the sums over opponents, exploits, category, rank, direct confrontation.

The values are :mod:`gotha`'s (half points, shown as points). The event's settings are the
file's (``opengotha gen...`` from OpenGotha, ``go gen...`` another reader inferred), else
OpenGotha's defaults; each can be given as a parameter. A player's initial McMahon score comes
from his rank (OpenGotha's ``rank``, else an EGD or .tou rank) between the floor and the bar plus
his correction, or from what an h9 file stores (``go mms initial``).
"""

from __future__ import annotations

import re

from brightwell_plugin.criteria import pairgoth
from brightwell_plugin.criteria.base import (
    Criterion,
    Parameter,
    Part,
    explanation,
    fmt,
    yes_no,
)
from brightwell_plugin.criteria.gotha import CODES, Scores, Settings, kdp
from brightwell_plugin.criteria.gotha_direct import (
    confrontation,
    secondary_scores,
    simplified,
    win_balance,
)
from brightwell_plugin.plugin import BrightwellError, digits, hookimpl, SpecError

RANK_KEYS = ("go rank", "opengotha rank", "egd rank")
INITIAL_KEY = "go mms initial"


def rank_value(text: str) -> int:
    """OpenGotha's rank number: 30K = -30, 1K = -1, 1D = 0, 9D = 8 (pros 6-8)."""
    t = text.strip().upper()
    if len(t) < 2 or not (t[:-1].isascii() and digits(t[:-1])) or t[-1] not in "KDP":
        raise BrightwellError(f"'{text}' is not a Go rank (like 5K, 1D, 3P)")
    return kdp(t)


def go_rank(text: str) -> int:
    """A parameter's reader: a Go rank, as :func:`rank_value`."""
    try:
        return rank_value(text)
    except BrightwellError:
        raise SpecError(f"must be a Go rank (like 5K, 1D, 3P), not '{text}'") from None


def half_points(text: str) -> int:
    """A parameter's reader: 0, 1 or 2 half points."""
    if text not in ("0", "1", "2"):
        raise SpecError(f"must be 0, 1 or 2 half points, not '{text}'")
    return int(text)


def _true(text: str) -> bool:
    return text.strip().lower() in ("yes", "true")


PARAMETERS = (
    Parameter("bar", "McMahon bar: ranks above it start at the bar (default: the file's, else 9D)", read=go_rank),
    Parameter("floor", "McMahon floor: ranks below it start at the floor (default: the file's, else 30K)",
              read=go_rank),
    Parameter("zero", "the rank whose initial McMahon score is 0 (default: the file's, else 30K)", read=go_rank),
    Parameter("absent", "half points of a round the player did not take part in (default: the file's, "
              "else 1 for MMS, 0 for NBW)", read=half_points),
    Parameter("bye", "half points of a bye (default: the file's, else 2)", read=half_points),
    Parameter("round_down", "round the absences' and byes' half points down to whole points "
              "(default: the file's, else yes)", choices=("yes", "no"), read=yes_no),
    Parameter("unplayed_half", "the sums over opponents count each round an opponent did not play over the "
              "board as half a point instead of his real results (OpenGotha's genCountNotPlayedGamesAsHalfPoint; "
              "default: the file's, else no)", choices=("yes", "no"), read=yes_no),
    Parameter("rules", "whose computation: OpenGotha's, or pairgoth's (its own rank from the rating, its "
              "missed rounds, SOS-1 dropping the highest term ...: docs/go.md)", default="opengotha",
              choices=("opengotha", "pairgoth")),
)
NOT_PAIRGOTHS = ("zero", "bye", "unplayed_half")  # settings pairgoth does not have (its zero is 30K, a bye a win)


def settings(ctx, opts) -> Settings:
    """The parameters given, else the file's, else OpenGotha's defaults."""
    meta = {k.split(" ", 1)[1]: v for k, v in ctx.t.metadata if k.startswith("opengotha ")}
    meta.update((k.split(" ", 1)[1], v) for k, v in ctx.t.metadata if k.startswith("go "))  # what a reader applied
    given = opts.values

    def pick(param, key, default, read):
        if param in given:
            return given[param]
        text = meta.get(key) or default
        try:
            return read(text)
        except SpecError as exc:
            raise BrightwellError(f"the file's {key} {exc.message}", place=opts.item.text) from None

    def number(text):
        if not re.fullmatch(r"-?[0-9]{1,4}", text.strip()):
            raise SpecError(f"must be a whole number, not '{text}'")
        return int(text)

    limits = tuple(kdp(x) for x in meta.get("categories", "").split())
    return Settings(
        pick("bar", "genMMBar", "9D", lambda t: kdp(t) if kdp(t) != -99 else go_rank(t)),
        pick("floor", "genMMFloor", "30K", lambda t: kdp(t) if kdp(t) != -99 else go_rank(t)),
        pick("zero", "genMMZero", "30K", lambda t: kdp(t) if kdp(t) != -99 else go_rank(t)),
        pick("absent", "genNBW2ValueAbsent", "0", number), pick("bye", "genNBW2ValueBye", "2", number),
        pick("absent", "genMMS2ValueAbsent", "1", number), pick("bye", "genMMS2ValueBye", "2", number),
        pick("round_down", "genRoundDownNBWMMS", "yes", _true),
        pick("unplayed_half", "genCountNotPlayedGamesAsHalfPoint", "no", _true),
        limits, ctx.R)


def _whole(text: str, what: str, p) -> int:
    if not re.fullmatch(r"\s*[+-]?[0-9]{1,6}\s*", text):
        raise BrightwellError(f"#{p.start_no} {p.name}: {what} {text!r} is not a whole number")
    return int(text)


def player_rank(p) -> int:
    """OpenGotha's rank number of a player: its own rank (else its grade) as OpenGotha reads them;
    else the rank an EGD or .tou file gives, which must be one."""
    extra = dict(p.extra)
    if extra.get("opengotha rank") is not None or extra.get("opengotha grade") is not None:
        rank = kdp(extra.get("opengotha rank", "30K"))
        if not -30 <= rank <= 8:
            rank = kdp(extra.get("opengotha grade", ""))
        return rank
    text = next((extra[k] for k in RANK_KEYS if extra.get(k)), None)
    if text is None:
        raise BrightwellError(f"the Go criteria need each player's rank (or initial McMahon score); "
                              f"#{p.start_no} {p.name} has none")
    try:
        return rank_value(text)
    except BrightwellError as exc:
        raise BrightwellError(f"#{p.start_no} {p.name}: {exc.message}") from None


def scores(ctx, opts) -> Scores:
    """The engine for this context and these settings (made once)."""
    s = settings(ctx, opts)

    def make():
        ranks, smms = [], []
        for p in ctx.t.players:
            extra = dict(p.extra)
            if INITIAL_KEY in extra:
                ranks.append(kdp(next((extra[k] for k in RANK_KEYS if extra.get(k)), "30K")))
                smms.append(_whole(extra[INITIAL_KEY], "initial McMahon score", p))
                continue
            rank = player_rank(p)
            ranks.append(rank)
            v = rank - s.zero  # Player.smms, its two tests in its order
            if v < s.floor - s.zero:
                v = s.floor - s.zero
            if v > s.bar - s.zero:
                v = s.bar - s.zero
            smms.append(v + _whole(extra.get("opengotha smmsCorrection", "0") or "0", "McMahon correction", p))
        return Scores(ctx, s, ranks, smms)
    return ctx.cached(("gotha scores", s), make)


class _GoCriterion(Criterion):
    """A criterion over OpenGotha's scores (its parameters: the McMahon bar, floor, the rounds), or
    with ``rules=pairgoth`` over pairgoth's (brightwell_plugin/criteria/pairgoth.py)."""

    parameters = PARAMETERS

    def settle(self, values, modifiers, item):
        if values.get("rules") == "pairgoth":
            given = [p for p in NOT_PAIRGOTHS if p in values]
            if given:
                raise SpecError(f"{given[0]}: pairgoth has no such setting (with rules=pairgoth: bar, floor, "
                                "absent, round_down)", place=item.text)
        return values


def pairgoths(opts) -> bool:
    """Whether the item is computed as pairgoth computes it."""
    return opts.values.get("rules") == "pairgoth"


class _Score(_GoCriterion):
    """One of OpenGotha's scores; ``code`` is its long name, ``divisor`` its unit (2: half points)."""

    code = ""
    divisor = 2

    def engine_code(self, opts) -> str:
        return self.code

    def compute(self, ctx, opts, groups=()):
        if pairgoths(opts):
            return pairgoth.compute(self.name, ctx, opts)
        sc, code = scores(ctx, opts), self.engine_code(opts)
        return [sc.value(code, i) / self.divisor for i in range(ctx.n)]

    def explain(self, ctx, opts, i, groups=()):
        if pairgoths(opts):
            return pairgoth.explain(self.name, self.title, ctx, opts, i)
        sc, code = scores(ctx, opts), self.engine_code(opts)
        value = sc.value(code, i) / self.divisor
        parts = [Part(self.title, value, f"OpenGotha {code}")]
        if code in ("SOSW", "SOSM", "SOSW-1", "SOSW-2", "SOSM-1", "SOSM-2"):
            terms, _ = sc._opponents(i, code[3])
            parts = [Part(f"round {r + 1}", t / 2, _describe(ctx, i, r), r + 1) for r, t in enumerate(terms)] + parts
        return explanation(ctx, opts, i, value, parts, (f"initial McMahon score {fmt(sc.smms[i])}",))


def _describe(ctx, i: int, r: int) -> str:
    o = ctx.opp[i][r]
    e = ctx.entries[i][r]
    return f"{e.kind.value} against {ctx.label(o)}" if o >= 0 else f"{e.kind.value}: the player's own initial MMS"


def _score(name: str, code: str, title: str, source: str, divisor: int = 2, modifiers: tuple[str, ...] = ()):
    """A criterion class for one OpenGotha score; /C1 and /C2 select OpenGotha's -1 and -2 forms."""
    def engine_code(self, opts):
        cut = "2" if "C2" in opts.modifiers else "1" if "C1" in opts.modifiers else ""
        return f"{code}-{cut}" if cut else code
    return type(name, (_Score,), {"name": name, "code": code, "title": title, "source": source,
                                    "divisor": divisor, "modifiers": modifiers,
                                    "engine_code": engine_code if modifiers else _Score.engine_code})


SCORES = (
    _score("MMS", "MMS", "McMahon score", "OpenGotha MMS: initial score from rank, bar and floor, plus wins"),
    _score("NBW", "NBW", "Number of wins (OpenGotha)", "OpenGotha NBW: wins, plus the event's values for absences and byes"),
    _score("CPS", "CPS", "Cup score", "OpenGotha CPS: doubled each round, plus the round's points"),
    _score("STS", "STS", "Strasbourg score", "OpenGotha STS: MMS, plus 2 in the last rounds for the unbeaten top group"),
    _score("SOSW", "SOSW", "Sum of opponents' scores (NBW)", "OpenGotha SOSW (/C1, /C2: SOSW-1, SOSW-2)",
           modifiers=("C1", "C2")),
    _score("SOSM", "SOSM", "Sum of opponents' scores (MMS)",
           "OpenGotha SOSM: a round without a game counts the player's own initial MMS (/C1, /C2: SOSM-1, SOSM-2)",
           modifiers=("C1", "C2")),
    _score("SOSTS", "SOSTS", "Sum of opponents' STS", "OpenGotha SOSTS"),
    _score("SOSOSW", "SOSOSW", "Sum of opponents' SOSW", "OpenGotha SOSOSW"),
    _score("SOSOSM", "SOSOSM", "Sum of opponents' SOSM", "OpenGotha SOSOSM: a round without a game: own initial MMS x rounds"),
    _score("SODOSW", "SODOSW", "Sum of defeated opponents' scores (NBW)", "OpenGotha SODOSW (half for a draw)", 4),
    _score("SODOSM", "SODOSM", "Sum of defeated opponents' scores (MMS)", "OpenGotha SODOSM (half for a draw)", 4),
    _score("CUSSW", "CUSSW", "Cumulative sum of scores (NBW)", "OpenGotha CUSSW: the NBW after each round, summed"),
    _score("CUSSM", "CUSSM", "Cumulative sum of scores (MMS)", "OpenGotha CUSSM: the MMS after each round, summed"),
    _score("EXT", "EXT", "Exploits tried", "OpenGotha EXT: opponents' NBW, weighted by the handicap given"),
    _score("EXR", "EXR", "Exploits achieved", "OpenGotha EXR: EXT counting the games won"),
)
assert {c.code for c in SCORES} <= set(CODES)


class Category(_GoCriterion):
    name = "CAT"
    title = "Category"
    source = "OpenGotha CAT: the category of the player's rank (1 the strongest), from the file's limits"

    def compute(self, ctx, opts, groups=()):
        if pairgoths(opts):
            return pairgoth.compute(self.name, ctx, opts)
        sc = scores(ctx, opts)
        return [float(sc.category(i) + 1) for i in range(ctx.n)]

    def order_keys(self, ctx, opts, values, groups=()):
        return values if pairgoths(opts) else [-v for v in values]


class Rank(_GoCriterion):
    name = "RANK"
    title = "Rank (OpenGotha's number: 30K = -30, 1D = 0)"
    source = "OpenGotha Rank"

    def compute(self, ctx, opts, groups=()):
        if pairgoths(opts):
            return pairgoth.compute(self.name, ctx, opts)
        sc = scores(ctx, opts)
        return [float(sc.rank[i]) for i in range(ctx.n)]


class _Direct(_GoCriterion):
    """DC and SDC, computed together for the groups tied before the first of them (gotha_direct)."""

    group_based = True

    def compute(self, ctx, opts, groups=()):
        if pairgoths(opts):
            return pairgoth.compute(self.name, ctx, opts)
        dc, sdc = direct_values(ctx, opts, groups)
        return [float((dc if self.name == "DC" else sdc).get(i, 0)) for i in range(ctx.n)]


class DirectConfrontation(_Direct):
    name = "DC"
    title = "Direct confrontation (OpenGotha)"
    source = "OpenGotha DC: Tournament.defineDirForExAequoGroup, Walraet's topological sort of the wins"


class SimplifiedDirectConfrontation(_Direct):
    name = "SDC"
    title = "Simplified direct confrontation (OpenGotha)"
    source = "OpenGotha SDC: wins within a group in which every pair has a balance of wins"


def direct_values(ctx, opts, groups) -> tuple[dict[int, int], dict[int, int]]:
    """DC and SDC of every player: the groups are those the first DC or SDC of the list received;
    the scores after DC order a group's players who beat nobody (``ctx.spec``: the list ranked)."""
    def make():
        spec = getattr(ctx, "spec", ())
        position = next((n for n, (_, c, o) in enumerate(spec) if o is opts), len(spec))
        after_dc = next((n for n, (_, c, _o) in enumerate(spec) if c.name == "DC"), position)
        later_items = spec[after_dc + 1:]
        dc, sdc = {}, {}
        for members in groups:
            if not members:
                continue
            balance = win_balance(ctx, members)
            sdc.update(simplified(members, balance) if len(members) > 1 else {members[0]: 0})
            later = []
            for _, criterion, o in later_items:
                if criterion.name == "SDC":
                    later.append({i: sdc[i] for i in members})
                elif not criterion.group_based:
                    values = criterion.values(ctx, o)
                    keys = criterion.order_keys(ctx, o, values)
                    later.append({i: keys[i] for i in members})
            dc.update(confrontation(members, balance, secondary_scores(ctx, members, later))
                      if len(members) > 1 else {members[0]: 0})
        return dc, sdc
    return ctx.cached(("gotha direct",), make)


@hookimpl
def brightwell_register_criteria(register):
    for c in (*SCORES, Category, Rank, DirectConfrontation, SimplifiedDirectConfrontation):
        register(c())
