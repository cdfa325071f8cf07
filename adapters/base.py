"""The interface every format implements (:class:`Format`), what a reader returns (:class:`ReadResult`),
and the lines a conversion says of what a format cannot carry (:class:`Loss`). Detection is the
formats registry's (plugins/formats.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from brightwell_plugin.model import Kind, Tournament


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


def first_of_several(file: str, what: str, names: list[str], players: list[int]) -> str:
    """The warning of a file of several events (``what``: "divisions") read for its first: which
    one, and how many of the file's players the others hold, not ranked."""
    return (f"{file}: {len(names)} {what} ({', '.join(names)}); read {names[0]}, {players[0]} of the file's "
            f"{sum(players)} players (choose one with --division)")


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


class Format:
    """Base class for a file format. What the program asks of a format, it asks through what the
    format declares here, in four groups: who it is, which files are an event and what is written,
    what a conversion fills in for the programs that read it, and what it can hold."""

    # -- who it is ---------------------------------------------------------------------------------
    name: ClassVar[str]  # short and stable: xml, trf, ...
    title: ClassVar[str] = ""  # a line for brightwell formats
    suffixes: ClassVar[tuple[str, ...]] = ()  # the suffixes it claims
    can_read: ClassVar[bool] = True
    can_write: ClassVar[bool] = False
    keeps_standings: ClassVar[bool] = True  # False: its files hold no computed standings (a batch writes the native XML)
    holds_events: ClassVar[bool] = True  # False: a file recognised only to say it holds no event (a game database)
    named_only: ClassVar[bool] = False  # True: another reading of a format's files, used when named (--input-format)

    # -- which files are an event, and what is written (batch and the output checks ask these) ----
    several_events: ClassVar[bool] = False  # a file may hold several events: ``parts`` names them, ``read`` takes ``part=``
    # names of files read beside an event (settings, a players' list) that are no events themselves
    companions: ClassVar[tuple[str, ...]] = ()
    # suffixes of files with one stem that together are one event; the first names it (is read and written)
    set_suffixes: ClassVar[tuple[str, ...]] = ()
    output_suffix: ClassVar[str | None] = None  # the main output's suffix (default: the first of ``suffixes``)

    # -- what a conversion fills in for the programs that read the format --------------------------
    # they need each player's points and rank (TRF, Swiss Perfect): filled in from the source's own
    # tie-breaks where the source has none
    needs_results: ClassVar[bool] = False
    # it stores the tie-break values its file was ranked by (EGD's criteria columns): filled in, as
    # published values, from the source's own tie-breaks
    publishes: ClassVar[bool] = False
    # it stores a tie-break's coefficient as a number (Swiss Perfect's BrightwellCoeff): the value a
    # preset or a formula (64/R) gives this event spelt out
    numeric_parameters: ClassVar[bool] = False
    # the round the ranks and published values filled in are computed after: the rounds played, or
    # every planned round (OpenGotha's h9 and .tou exports)
    ranks_after: ClassVar[str] = "played"

    # -- what it can hold (what a conversion says it loses) -----------------------------------------
    # the event's settings (tournament fields: "board", "start_date") it has no place for; a
    # conversion names each one that a criterion of the event's list reads (Criterion.settings_read)
    lacks: ClassVar[frozenset[str]] = frozenset()
    carries_playoffs: ClassVar[bool] = False  # play-off games after the rounds have a place in the file
    carries_teams: ClassVar[bool] = False  # a team event's teams and matches (TRF: those its source file held)

    def sniff(self, path: Path, head: bytes) -> bool:
        """True when ``head``, the first 4096 bytes of ``path`` (fewer for a shorter file), look like this format."""
        return False

    def read(self, path: Path, *, encoding: str | None = None) -> ReadResult:
        """The event ``path`` holds: the file named, or for a set (``set_suffixes``) the set's main
        file, with its other files and its ``companions`` beside it. A format that declares
        ``several_events`` also takes ``part=``, one of :meth:`parts`."""
        raise NotImplementedError

    def parts(self, path: Path) -> tuple[str, ...]:
        """For a format with ``several_events``: the events the file holds, () for one."""
        return ()

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

    def output_name(self, stem: Path) -> Path:
        """Where an event named ``stem`` (a path without suffix) is written."""
        suffix = self.output_suffix or (self.suffixes[0] if self.suffixes else "")
        return stem.with_name(stem.name + suffix)

    def output_files(self, path: Path) -> tuple[Path, ...]:
        """The files writing ``path`` makes (the whole set, for a format of several files)."""
        return tuple(path.with_suffix(s) for s in self.set_suffixes) if self.set_suffixes else (path,)


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
        return [Loss(f"{n} pairing(s) without a result (written as not paired: OpenGotha counts such a "
                     "pairing in the opponents' sums)")]
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
