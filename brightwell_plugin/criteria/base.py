"""The criterion interface every built-in and third-party criterion implements."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from brightwell_plugin.context import Context
from brightwell_plugin.errors import SpecError
from brightwell_plugin.limits import digits
from brightwell_plugin.tiebreak_spec import NUMBER, spec_number
from brightwell_plugin.tiebreak_spec import SpecItem

# Readers turn a parameter's text into its value. Their errors are the phrase that follows the
# parameter's name ("u must be a number, not 'half'").

def number(text: str) -> float:
    """A decimal number, within the bound a parameter's number keeps."""
    return spec_number(text)


def whole_number(text: str) -> int:
    """A whole number, 0 or more."""
    if not digits(text):
        raise SpecError(f"must be a whole number, not '{text}'")
    return int(text)


def decimals(text: str) -> int:
    """A count of decimals kept, 0 to 15 (what a float holds)."""
    if not digits(text) or int(text) > 15:
        raise SpecError(f"must be a whole number from 0 to 15, not '{text}'")
    return int(text)


def yes_no(text: str) -> bool:
    """``yes`` or ``no`` (the parameter's choices say which texts are allowed)."""
    return text == "yes"


def numbers(text: str) -> tuple[float, ...]:
    """Numbers joined by ``+``."""
    if not all(NUMBER.match(part) for part in text.split("+")):
        raise SpecError(f"must be numbers joined by +, not '{text[:30]}'")
    return tuple(spec_number(part) for part in text.split("+"))


@dataclass(frozen=True)
class Parameter:
    """A ``key=value`` a criterion accepts; ``read`` turns its text into the typed value."""

    name: str
    help: str
    default: str | None = None
    choices: tuple[str, ...] = ()
    required: bool = False
    read: Callable[[str], Any] = str


@dataclass(frozen=True)
class Preset:
    """A named set of a criterion's parameters (``BQ:preset=woc``), registered by any plugin."""

    criterion: str
    name: str
    params: tuple[tuple[str, str], ...]
    source: str = ""  # the rules or program it reproduces

    @property
    def settings(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.params)


@dataclass(frozen=True, slots=True)
class Part:
    """One line of an explanation: what it is, how much it adds, and how it was obtained."""

    label: str
    value: float | None
    detail: str = ""
    round: int | None = None


@dataclass(frozen=True, slots=True)
class Explanation:
    """How one player's value of one item was obtained: its parts, and notes on the rule."""

    item: str
    start_no: int
    name: str
    value: float
    parts: tuple[Part, ...] = ()
    notes: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "item": self.item, "start_no": self.start_no, "name": self.name, "value": json_number(self.value),
            "parts": [{"label": p.label, "value": json_number(p.value), "detail": p.detail, "round": p.round}
                      for p in self.parts],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Checked:
    """How FIDE's tie-break checker (gacrux 1.11.65) knows a criterion this project computes too:
    what ``brightwell-tiebreakchecker`` (brightwell_plugin/gacrux) describes and writes it with."""

    # how a value is written: ``points`` (a score: its points' decimals), ``standard`` (one decimal),
    # ``sum`` (of terms; a sum of none a whole 0), ``product`` (a sum with two scores' decimals),
    # ``place`` (in the tied group it parts: lower first), ``rating``, ``rating average``,
    # ``average`` (AOB), ``combination`` (SSSC), ``board count`` (BC); a criterion whole by
    # definition (Criterion.whole) as a whole number whatever its kind
    written: str = "points"
    modifiers: tuple[tuple[str, Any], ...] = ()  # those its description starts with ("unrated": the run's -u)
    terms: str = ""  # the working its -c shows (gacrux/details.py TERMS, or loops: "encounter", "chain" ...)
    aliases: tuple[str, ...] = ()  # its other names for the criterion (GE for REP)
    # ranking teams, the score it is over: "" the primary one (or one a ":MP" names), "primary" the
    # primary score itself (PTS), "match", "game", "other" (the one not primary: MPvGP), "pair" (the
    # opponents' and its own: EMGSB …), "own" (a score of its own: the boards; ESB)
    score: str = ""
    over: tuple[str, str] = ()  # ranking teams, the codes it ranks by over match and over game points, if not itself


@dataclass(frozen=True)
class Options:
    """A criterion's configured item: modifiers, parameters as written (preset, defaults, user),
    their typed values, and the settings the criterion made of them (:meth:`Criterion.settle`)."""

    item: SpecItem
    modifiers: frozenset[str]
    params: Mapping[str, str] = field(default_factory=dict)
    values: Mapping[str, Any] = field(default_factory=dict)
    settings: Any = None

    def get(self, key: str) -> str | None:
        """A parameter's text, as written."""
        return self.params.get(key)


class Criterion:
    """Base class. Subclasses set the class attributes and implement :meth:`compute`.

    ``compute`` returns one value per player (index order). Group criteria (``group_based``,
    FIDE type A such as DE) receive the groups still tied and only need to separate within them.
    ``order_keys`` may return sort keys that differ from the displayed values (higher = better);
    by default the values, higher first, or lower first where ``higher_first`` is False.
    ``ranks`` says what it ranks: ``players``, ``teams`` (a team view's: teams/view.py) or ``both``;
    ``checker``, how FIDE's tie-break checker knows it, where it does (:class:`Checked`).
    """

    name: ClassVar[str]
    title: ClassVar[str] = ""
    source: ClassVar[str] = ""
    parameters: ClassVar[tuple[Parameter, ...]] = ()
    modifiers: ClassVar[tuple[str, ...]] = ()
    group_based: ClassVar[bool] = False
    needs_game_scores: ClassVar[bool] = False
    # every value a whole number by definition (a count, a number, a rating): the standings give
    # ints; the others give floats, whole or not
    whole: ClassVar[bool] = False
    higher_first: ClassVar[bool] = True
    ranks: ClassVar[str] = "both"
    checker: ClassVar[Checked | None] = None

    def configure(self, item: SpecItem, presets: Mapping[str, Mapping[str, str]] = MappingProxyType({})) -> Options:
        """Check the item's modifiers and parameters and resolve presets (``presets``: name ->
        parameters, those registered for this criterion: the registry gives them) and defaults."""
        known = {p.name: p for p in self.parameters}
        bad = [m for m in item.modifiers if not self.accepts_modifier(m)]
        if bad:
            allowed = " ".join("/" + m for m in self.modifiers) or "none"
            raise SpecError(f"{self.name} does not take /{bad[0]} (allowed: {allowed})", place=item.text)
        params: dict[str, str] = {p.name: p.default for p in self.parameters if p.default is not None}
        user = dict(item.options)
        preset = user.pop("preset", None)
        if preset is not None:
            if preset not in presets:
                names = ", ".join(presets) or "none"
                raise SpecError(f"{self.name} has no preset '{preset}' (presets: {names})", place=item.text)
            params.update(presets[preset])
        for key, value in user.items():
            p = known.get(key)
            if p is None:
                names = ", ".join(known) or "none"
                raise SpecError(f"{self.name} has no parameter '{key}' (parameters: {names})", place=item.text)
            if p.choices and value not in p.choices:
                raise SpecError(f"{key} takes {'|'.join(p.choices)}, not '{value}'", place=item.text)
            params[key] = value
        values = {}
        for p in self.parameters:
            if p.name in params:
                try:
                    values[p.name] = p.read(params[p.name])
                except SpecError as exc:
                    raise SpecError(f"{p.name} {exc.message}", place=item.text) from None
            elif p.required:
                raise SpecError(f"{self.name} needs the parameter '{p.name}' ({p.help})", place=item.text)
        modifiers = frozenset(item.modifiers)
        values = MappingProxyType(values)
        settings = self.settle(values, modifiers, item)
        return Options(item, modifiers, MappingProxyType(params), values, settings)

    def settle(self, values: Mapping[str, Any], modifiers: frozenset[str], item: SpecItem) -> Any:
        """The typed settings ``compute`` and ``explain`` use (``opts.settings``); by default the values."""
        return values

    def accepts_modifier(self, m: str) -> bool:
        """Exact modifiers, or patterns ending in ``*`` (``U*`` accepts ``/U1800``)."""
        return any(m == a or (a.endswith("*") and m.startswith(a[:-1]) and digits(m[len(a) - 1:]))
                   for a in self.modifiers)

    def compute(self, ctx: Context, opts: Options, groups: Sequence[Sequence[int]] = ()) -> list[float]:
        raise NotImplementedError

    def values(self, ctx: Context, opts: Options, groups: Sequence[Sequence[int]] = ()) -> list[float]:
        """:meth:`compute`, once per context for a criterion that does not work on groups (an
        explanation of every player asks for it once per player)."""
        if self.group_based:
            return self.compute(ctx, opts, groups)
        return ctx.cached(("values", self.name, opts.item), lambda: self.compute(ctx, opts, groups))

    # -- what a conversion asks (a format that stores numbers only, a format without a setting) --

    def numbers(self, ctx: Context, opts: Options) -> Mapping[str, float]:
        """The parameters whose value this event decides and the item does not write as a number
        (a preset's or a formula's coefficient), as numbers: what a format that stores numbers only
        writes (Swiss Perfect's BrightwellCoeff). Default: none."""
        return {}

    def settings_read(self, opts: Options) -> Mapping[str, str]:
        """The event's settings (``board``, ``start_date``, ``scoring``: fields of the tournament) the
        values depend on, each with why: a format with no place for one loses the standings."""
        return {}

    def order_keys(self, ctx: Context, opts: Options, values: list[float],
                   groups: Sequence[Sequence[int]] = ()) -> Sequence[Any]:
        return values if self.higher_first else [-v for v in values]

    def explain(self, ctx: Context, opts: Options, i: int, groups: Sequence[Sequence[int]] = ()) -> Explanation:
        """Default explanation: the value alone. Criteria with parts override this."""
        value = self.values(ctx, opts, groups)[i]
        p = ctx.t.players[i]
        return Explanation(opts.item.text, p.start_no, p.name, value, (Part(self.title or self.name, value),))


def explanation(ctx: Context, opts: Options, i: int, value: float, parts, notes=()) -> Explanation:
    p = ctx.t.players[i]
    return Explanation(opts.item.text, p.start_no, p.name, value, tuple(parts), tuple(notes))


def json_number(x):
    """A value as JSON writes it: a whole number whole (``2``, not ``2.0``), others as they are."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def fmt(x: float | None) -> str:
    """Short number text: integers without decimals, others to 4 significant decimals."""
    if x is None:
        return "-"
    if type(x) is int:
        return str(x)
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.4f}".rstrip("0").rstrip(".")
