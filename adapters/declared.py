"""What a format declares, in four small records (:class:`~.base.Format` holds one of each): who it
is, which files are an event and what is written, what a conversion fills in for the programs that
read it, and what it can hold. The registry and conversions ask a format nothing else.

A plugin written before the records declares the same things one by one (``can_write = True`` in
its class, ``self.suffixes = ...``): :func:`gathered` moves them into the records when its class is
made, and :class:`Declared` keeps each old name readable and settable (``fmt.can_write``)."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True)
class About:
    """Who a format is: a line for ``brightwell formats``, the suffixes it claims, what it does."""

    title: str = ""
    suffixes: tuple[str, ...] = ()  # the suffixes it claims, lower case with their dot
    can_read: bool = True
    can_write: bool = False
    keeps_standings: bool = True  # False: its files hold no computed standings (a batch writes the native XML)
    holds_events: bool = True  # False: a file recognised only to say it holds no event (a game database)
    named_only: bool = False  # True: another reading of a format's files, used when named (--input-format)


@dataclass(frozen=True)
class EventFiles:
    """Which files are an event, and what is written (batch and the output checks ask these)."""

    several_events: bool = False  # a file may hold several events: ``Format.divisions`` lists them
    event_word: str = "division"  # what messages call one of them (Sharly-Chess: a tournament)
    # names of files read beside an event (settings, a players' list) that are no events themselves
    companions: tuple[str, ...] = ()
    # suffixes of files with one stem that together are one event; the first names it (is read and written)
    set_suffixes: tuple[str, ...] = ()
    output_suffix: str | None = None  # the main output's suffix (default: the first of ``suffixes``)


@dataclass(frozen=True)
class Fills:
    """What a conversion fills in for the programs that read the format."""

    # they need each player's points and rank (TRF, Swiss Perfect): filled in from the source's own
    # tie-breaks where the source has none
    needs_results: bool = False
    # it stores the tie-break values its file was ranked by (EGD's criteria columns): filled in, as
    # published values, from the source's own tie-breaks
    publishes: bool = False
    # it stores a tie-break's coefficient as a number (Swiss Perfect's BrightwellCoeff): the value a
    # preset or a formula (64/R) gives this event spelt out
    numeric_parameters: bool = False
    # the round the ranks and published values filled in are computed after: the rounds played, or
    # every planned round (OpenGotha's h9 and .tou exports)
    ranks_after: str = "played"


@dataclass(frozen=True)
class Holds:
    """What a format can hold (what a conversion says it loses)."""

    # the event's settings (tournament fields: "board", "start_date") it has no place for; a
    # conversion names each one that a criterion of the event's list reads (Criterion.settings_read)
    lacks: frozenset[str] = frozenset()
    carries_playoffs: bool = False  # play-off games after the rounds have a place in the file
    carries_teams: bool = False  # a team event's teams and matches (TRF: those its source file held)


RECORDS = {"about": About, "event_files": EventFiles, "fills": Fills, "holds": Holds}


class Declared:
    """One declaration by its old name (``fmt.can_write``, ``Fmt.suffixes``), for plugins written
    before the records: read from its record, set into the format's own copy of it."""

    def __init__(self, record: str, name: str):
        self.record, self.name = record, name

    def __get__(self, obj, owner=None):
        return getattr(getattr(owner if obj is None else obj, self.record), self.name)

    def __set__(self, obj, value) -> None:
        setattr(obj, self.record, replace(getattr(obj, self.record), **{self.name: value}))


def old_names() -> dict[str, Declared]:
    """Each declaration's old name, read and set through its record."""
    return {f.name: Declared(record, f.name) for record, kind in RECORDS.items() for f in fields(kind)}


def gathered(cls) -> None:
    """The declarations a class's body makes one by one (``can_write = True``), moved into its
    records (made from those it inherits, or sets itself); the old names then read them there."""
    for record, kind in RECORDS.items():
        given = {f.name: cls.__dict__[f.name] for f in fields(kind)
                 if f.name in cls.__dict__ and not isinstance(cls.__dict__[f.name], Declared)}
        if given:
            for name in given:
                delattr(cls, name)
            setattr(cls, record, replace(getattr(cls, record), **given))
