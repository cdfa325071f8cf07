"""What a batch tells of one file: each player's place before and after, and how the file went."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import NamedTuple


class Placing(NamedTuple):
    """One player's place before and after: a named tuple, made and pickled in C (a batch
    sends sixty thousand of them from its workers)."""

    start_no: int
    name: str
    before: int | None  # the place the file itself stored (ranks, else stored points)
    after: int


@dataclass(frozen=True, slots=True)
class FileResult:
    source: str
    target: str | None = None
    format: str | None = None
    error: str | None = None
    skipped: bool = False
    placings: tuple[Placing, ...] = ()
    not_carried: tuple[str, ...] = field(default_factory=tuple)
    skip_reason: str | None = None  # why a skipped file was left: its output exists, or it is no tournament
    before_from: str | None = None  # what "before" is: "ranks" the file stores, or "points" when it stores none
    cause: str | None = None  # what went wrong, alike for every file it happened to (errors.cause)
    earlier: bool = False  # ranked and written by an earlier run into the same folder (--skip-existing)
    ranked_by: str | None = None  # the rules for unplayed rounds that ranked it (editions.LABELS), where any did
    undated: bool = False  # ranked by them for want of a date it can read (the newest edition)

    def __reduce__(self):
        """Pickled with plain tuples as placings: a named tuple pickles through a Python call
        each way (a batch's workers send sixty thousand), a plain one in C."""
        return _file_result, (self.source, self.target, self.format, self.error, self.skipped,
                              tuple(map(tuple, self.placings)), self.not_carried, self.skip_reason, self.before_from,
                              self.cause, self.earlier, self.ranked_by, self.undated)

    @property
    def ok(self) -> bool:
        return self.error is None

    def moved(self) -> list[Placing]:
        return [p for p in self.placings if p.before is not None and p.before != p.after]

    def top_changed(self, top: int) -> bool:
        def tops(attr):
            return sorted(p.start_no for p in self.placings if (getattr(p, attr) or 10**9) <= top)
        return self.has_order and tops("before") != tops("after")

    @property
    def has_order(self) -> bool:
        return any(p.before is not None for p in self.placings)

    def mean_abs_change(self) -> float | None:
        known = [abs(p.before - p.after) for p in self.placings if p.before is not None]
        return sum(known) / len(known) if known else None


_as_placing = partial(tuple.__new__, Placing)  # Placing from a plain tuple, in C


def _file_result(source, target, format, error, skipped, rows, not_carried, skip_reason, before_from, cause=None,
                 earlier=False, ranked_by=None, undated=False) -> FileResult:
    return FileResult(source, target, format, error, skipped, tuple(map(_as_placing, rows)), not_carried,
                      skip_reason, before_from, cause, earlier, ranked_by, undated)
