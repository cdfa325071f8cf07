"""The interface every format implements (:class:`Format`), what a reader returns (:class:`ReadResult`),
and the lines a conversion says of what a format cannot carry (:class:`Loss`). Detection is the
formats registry's (plugins/formats.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import wraps
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from brightwell_plugin.adapters.declared import About, EventFiles, Fills, Holds, gathered, old_names
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Tournament

if TYPE_CHECKING:
    from brightwell_plugin.standings import Standings


class Loss(str):
    """One thing a format cannot carry, as a line of text. ``standings`` says whether losing it
    can change the standings (forfeits, byes, game scores, the tie-break list, a date that picks
    the FIDE edition) or is metadata (a memo, an id scheme): ``--strict`` refuses the first kind,
    ``--strict=all`` both. A plain string a format returns counts as changing the standings."""

    standings: bool

    def __new__(cls, text: str, standings: bool = True):
        loss = super().__new__(cls, text)
        loss.standings = standings
        return loss


def metadata(text: str) -> Loss:
    """A loss that cannot change the standings."""
    return Loss(text, standings=False)


def game_event(game: str) -> str:
    """'an othello event', 'a go event': how a writer for another game names the event it refuses."""
    return f"{'an' if game[:1].lower() in 'aeiou' else 'a'} {game} event"


_DAY = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")


def day_of(date: str | None) -> tuple[str, str, str] | None:
    """(year, month, day) of an ISO date (its first ten characters), or None for none or another
    text (a reader that passes the file's date on as it stands)."""
    m = _DAY.match(date or "")
    return (m[1], m[2], m[3]) if m else None


def teams_lost(t) -> Loss:
    """A team event written as players only: the team standings are gone (a loss of the standings)."""
    return Loss(f"the {len(t.teams.teams)} teams and their matches (the file ranks players only: the team "
                "standings are lost)")


def changes_standings(item: str) -> bool:
    return getattr(item, "standings", True)


@dataclass(frozen=True)
class ReadResult:
    """What a format read: the event, and what the reader doubted or left out (one line each)."""

    tournament: Tournament
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReadOptions:
    """How a file is read, given to :meth:`Format.read` as one object: the file; its text's encoding
    (``--encoding``; None: the format's own guess); for a format of several events, the one read
    (``--division``: one of :meth:`Format.divisions`, as the file spells it; None: the only one, or
    the first); whether a file cut short is ranked as it stands (``--cut-short``) rather than
    refused; whether a record with a data error refuses the file (``--strict``) rather than being
    left out and said."""

    path: Path
    encoding: str | None = None
    division: str | None = None
    cut_short: bool = False
    strict: bool = False


@dataclass(frozen=True)
class Division:
    """One of the events of a file that holds several: its name as the file spells it, how many
    players it holds (for the warning of a file read for its first), and how it is read (from
    what listing the file's events read of it)."""

    name: str
    players: int
    read: Callable[[], ReadResult] = field(repr=False, compare=False)


def chosen(found: tuple[Division, ...], options: ReadOptions, word: str) -> tuple[Division, tuple[str, ...]]:
    """The one way an event of a file of several is chosen, for every format: of ``found`` (each a
    ``word``: a division), the one ``options.division`` names as the file spells it, else in another
    case; with none named, the first, and of several, what is said of it (which one, how many
    players the others hold)."""
    wanted, file = options.division, str(options.path)
    if wanted is None:
        if len(found) == 1:
            return found[0], ()
        names, players = [d.name for d in found], [d.players for d in found]
        return found[0], (f"{file}: {len(names)} {word}s ({', '.join(names)}); read {names[0]}, {players[0]} of "
                          f"the file's {sum(players)} players (choose one with --division)",)
    division = next((d for d in found if d.name == wanted), None)
    if division is None:
        division = next((d for d in found if d.name.casefold() == wanted.casefold()), None)
    if division is None:
        raise BrightwellError(f"no {word} '{wanted}' ({word}s: {', '.join(d.name for d in found)})", file=file)
    return division, ()


def reads_a_path(read) -> bool:
    """Whether ``read`` is a plugin's ``read(path, *, encoding=None)`` (``part=`` too) written before
    :class:`ReadOptions`."""
    code = read.__code__
    return "encoding" in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]


def given_options(read):
    """A plugin's ``read(path, *, encoding=None)``, called with :class:`ReadOptions` as the registry
    calls every format (and still with a path, as it was written)."""

    @wraps(read)
    def reading(self, options, **kwargs):
        if not isinstance(options, ReadOptions):
            return read(self, options, **kwargs)
        if options.division is not None:
            kwargs["part"] = options.division
        return read(self, options.path, encoding=options.encoding, **kwargs)
    return reading


class Format:
    """Base class for a file format. What the program asks of a format, it asks through what the
    format declares, in four records (adapters/declared.py): who it is (``about``), which files are
    an event and what is written (``event_files``), what a conversion fills in for the programs
    that read it (``fills``), and what it can hold (``holds``)."""

    name: ClassVar[str]  # short and stable: xml, trf, ... (the registry's key)
    about: ClassVar[About] = About()
    event_files: ClassVar[EventFiles] = EventFiles()
    fills: ClassVar[Fills] = Fills()
    holds: ClassVar[Holds] = Holds()

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        gathered(cls)  # a plugin's declarations one by one (can_write = True), into the records
        read = cls.__dict__.get("read")
        if read is not None and reads_a_path(read):
            cls.read = given_options(read)

    def sniff(self, path: Path, head: bytes) -> bool:
        """True when ``head``, the first 4096 bytes of ``path`` (fewer for a shorter file), look like this format."""
        return False

    def read(self, options: ReadOptions) -> ReadResult:
        """The event ``options.path`` holds: the file named, or for a set (``set_suffixes``) the
        set's main file, with its other files and its ``companions`` beside it. Of a format of
        ``several_events``: the one of its :meth:`divisions` :func:`chosen` by ``options.division``
        (else the first, said)."""
        found = self.divisions(options)
        if not found:
            raise NotImplementedError
        division, said = chosen(found, options, self.event_files.event_word)
        result = division.read()
        return replace(result, warnings=(*said, *result.warnings)) if said else result

    def divisions(self, options: ReadOptions) -> tuple[Division, ...]:
        """For a format of ``several_events``: the events the file holds, in its order, one or more,
        each with how it is read (the file is read once, its events listed and one read of it)."""
        return ()

    def parts(self, path: Path) -> tuple[str, ...]:
        """For a format of ``several_events``: the names of the events the file holds, () for one."""
        found = self.divisions(ReadOptions(path))
        return tuple(d.name for d in found) if len(found) > 1 else ()

    def writes_back(self, t: Tournament) -> bool:
        """Whether ``t`` is written as the file it was read from (a TRF read: every line as it was, but
        for the columns whose data changed): a conversion then fills in no points or ranks."""
        return False

    def cannot_carry(self, t: Tournament) -> list[str]:
        """What of ``t`` this format cannot hold (listed by convert; refused with --strict):
        :class:`Loss` lines, :func:`metadata` for those that cannot change the standings."""
        return []

    def dumps(self, t: Tournament) -> bytes:
        """The file's bytes; the caller writes them atomically."""
        raise NotImplementedError

    def files(self, t: Tournament, path: Path) -> dict[Path, bytes]:
        """Every file to write for ``path`` (formats of several files override this)."""
        return {path: self.dumps(t)}

    def ranked_files(self, t: Tournament, standings: Standings, path: Path) -> dict[Path, bytes]:
        """``files(with_standings(t, standings), path)``: ``t`` written with the points, ranks and
        tie-break list of ``standings``. A format may override it to write them without building
        the re-ranked event (a batch writes thousands); what it writes must be the same."""
        from brightwell_plugin.reranked import with_standings  # writing only
        return self.files(with_standings(t, standings), path)

    def output_name(self, stem: Path) -> Path:
        """Where an event named ``stem`` (a path without suffix) is written."""
        suffixes = self.about.suffixes
        suffix = self.event_files.output_suffix or (suffixes[0] if suffixes else "")
        return stem.with_name(stem.name + suffix)

    def output_files(self, path: Path) -> tuple[Path, ...]:
        """The files writing ``path`` makes (the whole set, for a format of several files)."""
        members = self.event_files.set_suffixes
        return tuple(path.with_suffix(s) for s in members) if members else (path,)


for _name, _declared in old_names().items():  # fmt.can_write, Fmt.suffixes: plugins written before the records
    setattr(Format, _name, _declared)
del _name, _declared


GO_RANKS = ("go rank", "opengotha rank", "egd rank")


def lost_go_ranks(t: Tournament) -> list[Loss]:
    """For a format with no place for a Go rank: the McMahon score starts from it."""
    if any(k in GO_RANKS for p in t.players for k, _ in p.extra):
        return [Loss("the players' Go ranks (OpenGotha's McMahon score starts from them)")]
    return []


def lost_pairings(t: Tournament) -> list[Loss]:
    """For a format with no place for a pairing without a result (``Kind.PAIRED``)."""
    paired = Kind.PAIRED  # read once: the sum looks at every round record
    n = sum(e.kind is paired for p in t.players for e in p.rounds) // 2
    if n:
        return [Loss(f"{n} pairing(s) without a result (written as not paired: a program reading the file "
                     "may count that round as an absence)")]
    return []


def lost_unlisted(t: Tournament) -> list[Loss]:
    """For a format whose readers rank every player it lists (``Player.listed``)."""
    hidden = [p for p in t.players if not p.listed]
    if hidden:
        return [Loss(f"{len(hidden)} registered player(s) the event's standings leave out (no game, no bye: "
                     f"e.g. {hidden[0].name}) are written as players, and ranked")]
    return []


def lost_negative_ratings(t: Tournament, where: str) -> list[Loss]:
    """For a format whose ratings cannot be below 0."""
    below = [p for p in t.players if p.rating is not None and p.rating < 0]
    if below:
        return [Loss(f"{len(below)} rating(s) below 0 (e.g. {below[0].name}, {below[0].rating}): {where} "
                     "has none, written as unrated")]
    return []
