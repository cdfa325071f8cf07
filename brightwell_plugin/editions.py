"""Which rules for unplayed rounds ranked an event: an edition of FIDE's (2009, 2024, 2026) or a
program's convention (``icu``), chosen by ``--edition`` or by the event's date, and said.

An edition matters only to a tie-break list with an item that reads it (BH, SB, FB, AOB ... and
no ``edition=`` of its own: :meth:`Criterion.settings_read` names the date). An event without a date
this project can read is ranked by the newest edition, and :func:`rules_used` says so
(``by_default``), so that ``rank``, ``check`` and ``explain`` warn once and ``batch`` and
``study`` name the file in their reports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from brightwell_plugin.criteria.unplayed import CONVENTIONS, EDITIONS, event_date, event_edition
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Tournament
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.standings import bind, view

Edition = int | str  # 2009, 2024, 2026, or a convention's name ("icu")
RULE_SETS: tuple[Edition, ...] = EDITIONS + CONVENTIONS  # what ``--edition`` and ``check``'s search choose from
TODAY = EDITIONS[-1]  # the rules in force now
NAMES = {2009: "FIDE's rules of 2009-2022", 2024: "FIDE C.07 of 2023-2024", 2026: "FIDE C.07 of 2026",
         "icu": "the ICU program's convention"}
LABELS = {2009: "fide-2009", 2024: "fide-2024", 2026: "fide-2026", "icu": "icu"}


def edition_value(text: str | int | None) -> Edition | None:
    """An edition as ``--edition`` gives it: a year as a number, a convention by its name."""
    if text is None or text == "":
        return None
    value: Edition = int(text) if str(text).isdigit() else str(text)
    if value not in RULE_SETS:
        raise BrightwellError(f"no edition '{text}' (editions: {', '.join(map(str, RULE_SETS))})")
    return value


@dataclass(frozen=True)
class RulesUsed:
    """The rules for unplayed rounds an event was ranked by, and why: ``--edition``, its date, or
    (``by_default``) the newest edition for want of a date."""

    edition: Edition
    why: str
    by_default: bool = False

    @property
    def name(self) -> str:
        return NAMES[self.edition]

    @property
    def label(self) -> str:
        return LABELS[self.edition]

    def warning(self, file: str) -> str:
        """The one warning of an event ranked so for want of a date."""
        return (f"{file}: no date it can read: ranked by {self.name}, the rules of an undated event; --edition "
                f"chooses others ({', '.join(map(str, RULE_SETS))})")

    def __str__(self) -> str:
        return f"{self.name}, {self.why}"


def reads_edition(t: Tournament, spec: str | Sequence[str] | None, host: Host) -> bool:
    """Whether an item of ``spec`` (default: the file's) takes its rules for unplayed rounds from the
    event: one without an ``edition=`` (or ``/V2024``) of its own that reads the date."""
    try:
        bound = bind(spec, view(t), host)
    except BrightwellError:
        return False
    return any("start_date" in criterion.settings_read(opts) for _, criterion, opts in bound)


def rules_used(t: Tournament, spec: str | Sequence[str] | None, edition: Edition | None,
               host: Host) -> RulesUsed | None:
    """The rules ``t`` (what is ranked: standings.view) ranked under ``spec`` with ``--edition``
    ``edition`` was ranked by; None when no item of the list depends on them."""
    if not reads_edition(t, spec, host):
        return None
    if edition is not None:
        return RulesUsed(edition, f"--edition {edition}")
    if event_date(t) is not None:
        return RulesUsed(event_edition(t), f"by its date {event_date(t)}")
    return RulesUsed(event_edition(t), "no date it can read", by_default=True)
