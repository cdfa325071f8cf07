"""Converting without lying: numbers fitted to the target, points and ranks filled in, what the
target cannot carry in two levels, and the written file read back by the target's own reader
and ranked again, so that a change of standings is named even when no rule foresaw it."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from brightwell_plugin.adapters.base import (
    Format,
    Loss,
    ReadOptions,
    changes_standings,
    metadata,
    teams_lost,
)
from brightwell_plugin.adapters.names import loose_key
from brightwell_plugin.context import Context
from brightwell_plugin.errors import BrightwellError, CannotCarry
from brightwell_plugin.fileio import atomic_write_all
from brightwell_plugin.limits import digits
from brightwell_plugin.model import PUBLISHED, Kind, Tournament, further_games, tie_key
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.standings import configured, default_spec, players_view, rank, view
from brightwell_plugin.tiebreak_spec import parse_item
from brightwell_plugin.validate import validated

ORIGINAL = "original"  # id scheme of a player's start number before --renumber


@dataclass(frozen=True, slots=True)
class Move:
    start_no: int
    name: str
    before: int
    after: int


@dataclass(frozen=True, slots=True)
class Report:
    """What a conversion could not carry, and whose place the written file changes."""

    lost: tuple[Loss, ...]
    moved: tuple[Move, ...] = ()
    spec: str = ""
    filled: str | None = None  # the points and ranks the source stores none of, computed and written: what

    @property
    def standings_lost(self) -> list[str]:
        out = [str(x) for x in self.lost if changes_standings(x)]
        if self.moved:
            out.append(f"places move when the written file is ranked by {self.spec}: "
                       + "; ".join(f"#{m.start_no} {m.name} {m.before} -> {m.after}" for m in self.moved[:10])
                       + (f"; and {len(self.moved) - 10} more" if len(self.moved) > 10 else ""))
        return out

    @property
    def metadata_lost(self) -> list[str]:
        return [str(x) for x in self.lost if not changes_standings(x)]


def _numbers_changed(t: Tournament, new: dict[int, int], ids) -> Tournament:
    """``t`` with each start number ``n`` as ``new[n]`` (opponents and play-offs too), ids from ``ids(player)``."""
    players = tuple(replace(p, start_no=new[p.start_no], ids=ids(p), rounds=tuple(
        replace(e, opponent=new.get(e.opponent)) if e.opponent is not None else e for e in p.rounds))
        for p in t.players)
    playoffs = tuple(replace(g, first=new[g.first], second=new[g.second]) for g in t.playoffs)
    return replace(t, players=players, playoffs=playoffs, origin=None)


def renumbered(t: Tournament) -> Tournament:
    """Players numbered 1..n in the file's order; each keeps his old number as an ``original`` id."""
    return _numbers_changed(t, {p.start_no: i for i, p in enumerate(t.players, 1)}, lambda p: p.ids if any(
        s == ORIGINAL for s, _ in p.ids) else p.ids + ((ORIGINAL, str(p.start_no)),))


def restored(t: Tournament) -> Tournament | None:
    """The players back at their ``original`` numbers, when every player has one; else None."""
    old: dict[int, int] = {}
    for p in t.players:
        text = next((v for s, v in p.ids if s == ORIGINAL), None)
        if text is None or not digits(text):
            return None
        old[p.start_no] = int(text)
    if len(set(old.values())) != len(old):
        return None
    return _numbers_changed(t, old, lambda p: tuple((s, v) for s, v in p.ids if s != ORIGINAL))




def filled_in(before: Tournament, after: Tournament, spec: str) -> str | None:
    """What :func:`with_results` filled in, in words ("ranks filled in for 14 players, computed by
    PTS,BH,SB"), or None."""
    ranks = sum(p.stored_rank is None and q.stored_rank is not None for p, q in zip(before.players, after.players))
    points = sum(p.stored_points is None and q.stored_points is not None for p, q in zip(before.players, after.players))
    if not ranks and not points:
        return None
    what = " and ".join(x for x in (f"ranks for {ranks}" if ranks else "", f"points for {points}" if points else "") if x)
    return f"{what} player(s) filled in, computed by {spec} (the file stores none)"


def with_results(t: Tournament, spec: str, publish: bool = False, after_round: int | str | None = None, *,
                 host: Host) -> Tournament:
    """Points and ranks filled in where the file stores none (a TRF or Swiss Perfect file the
    target's programs read needs both), from the source's own tie-break list, after ``after_round``
    (the target's :attr:`Fills.ranks_after`); with ``publish``, each item's value too, as a
    published value (EGD's criteria columns). Players the standings leave out come after the others."""
    complete = all(p.stored_rank is not None and p.stored_points is not None for p in t.players)
    if not t.players or (complete and not publish):
        return t
    players = players_view(t)
    try:
        standings = rank(players, spec, after_round, host)
    except BrightwellError:
        standings = rank(players, "PTS", after_round, host)
    by_no = {r.start_no: r for r in standings.rows}
    by_no.update((r.start_no, replace(r, rank=len(standings.rows) + k))
                 for k, r in enumerate(standings.unlisted, 1))
    points = dict(zip((p.start_no for p in t.players), standings.points))
    players = []
    for p in t.players:
        extra = p.extra
        if publish:
            have = {k for k, _ in extra}
            extra += tuple((PUBLISHED + item, f"{value:g}") for item, value in zip(standings.headings,
                                                                                  by_no[p.start_no].values)
                           if PUBLISHED + item not in have)
        players.append(replace(
            p, stored_rank=p.stored_rank if p.stored_rank is not None else by_no[p.start_no].rank,
            stored_points=p.stored_points if p.stored_points is not None else points[p.start_no], extra=extra))
    return replace(t, players=tuple(players))


def with_numbers(t: Tournament, host: Host) -> Tournament:
    """Each declared item whose criterion has parameters this event decides (:meth:`Criterion.numbers`:
    BQ's coefficient) with their values spelled out (``BQ:preset=ftd`` -> ``BQ:preset=ftd:coef=9.1428571``),
    for formats that store numbers only. An item that is its plain numbers is written as them."""
    items = []
    for text in t.tiebreaks:
        try:
            item = parse_item(text)
            criterion = host.criteria.find(item.code)
            given = host.criteria.configure(item)
            numbers = criterion.numbers(Context(t), given)
            if not numbers:
                items.append(text)
                continue
            spelled = ":".join(f"{key}={value:.7g}" for key, value in numbers.items())
            plain = host.criteria.configure(parse_item(f"{item.code}:{spelled}"))
            same = given.modifiers == plain.modifiers and {k: v for k, v in given.params.items() if k not in numbers} \
                == {k: v for k, v in plain.params.items() if k not in numbers}
            items.append(f"{item.code}:{spelled}" if same else f"{text}:{spelled}")
        except BrightwellError:
            items.append(text)
    return replace(t, tiebreaks=tuple(items))


SETTINGS = {"board": "board size", "start_date": "start date", "scoring": "scoring system"}


def settings_lost(t: Tournament, fmt: Format, host: Host) -> list[Loss]:
    """The event's settings ``fmt`` has no place for (:attr:`Holds.lacks`) that a criterion of its
    tie-break list reads (:meth:`Criterion.settings_read`)."""
    if not fmt.holds.lacks:
        return []
    try:
        bound = configured(players_list(t), host)
    except BrightwellError:
        return []
    readers: dict[str, list[tuple[str, str]]] = {}
    for item, criterion, opts in bound:
        for setting, why in criterion.settings_read(opts).items():
            if setting in fmt.holds.lacks and getattr(t, setting, None) is not None:
                readers.setdefault(setting, []).append((item.text, why))
    return [Loss(f"the {SETTINGS.get(setting, setting)} ({fmt.name} has no place for it; "
                 + "; ".join(f"{item}: {why}" for item, why in found) + ")")
            for setting, found in readers.items()]


def lost_in(t: Tournament, fmt: Format, host: Host) -> list[Loss]:
    """What writing ``t`` as ``fmt`` loses: what the format says it cannot carry, and the settings it lacks."""
    lost = [x if isinstance(x, Loss) else Loss(x) for x in fmt.cannot_carry(t)] + settings_lost(t, fmt, host)
    further = further_games(t)
    if further:
        lost.append(Loss(f"the further games of {len({i for i, *_ in further})} player(s) with more than one game "
                         f"in a round ({len(further)} records, counted in their points): not "
                         "written"))
    gone = _team_loss(t)
    if gone is not None and not fmt.holds.carries_teams:
        lost.append(gone)
    return lost


def _team_loss(t: Tournament) -> Loss | None:
    """What writing ``t`` as players only loses of its teams (adapters.base.teams_lost); None of an
    individual event."""
    return None if t.teams is None else teams_lost(t)


class NeedsRenumbering(BrightwellError):
    """The target cannot hold the players' numbers; ``reason`` says why, the message adds the cure."""

    def __init__(self, reason: str, *, file: str | None = None, place: str | None = None):
        super().__init__(f"{reason}; --renumber numbers the players 1..n (their numbers kept as ids where the "
                         "target has a place)", file=file, place=place)
        self.reason = reason

    def at(self, file: str | None = None, place: str | None = None) -> "NeedsRenumbering":
        return type(self)(self.reason, file=self.file or file, place=self.place or place)


def _numbered(t: Tournament, fmt: Format, path: Path, renumber: bool) -> tuple[Tournament, dict[Path, bytes]]:
    """The tournament with numbers the target holds, and its files. A file renumbered before
    gets its original numbers back where the target can hold them (not a file written back as it was)."""
    if renumber:
        t = renumbered(t)
        return t, fmt.files(t, path)
    back = None if fmt.writes_back(t) else restored(t)
    if back is not None:
        try:
            return back, fmt.files(back, path)
        except BrightwellError:
            pass  # the target cannot hold the original numbers: keep these
    try:
        return t, fmt.files(t, path)
    except BrightwellError as exc:
        if "start no" in exc.message or "number" in exc.message:
            raise NeedsRenumbering(exc.message, file=exc.file, place=exc.place) from None
        raise


def players_list(t: Tournament) -> str:
    """The list ``t``'s players are ranked by when none is given (of a team event, the board standings')."""
    return default_spec(players_view(t))


def _ranks_as_read(t: Tournament, host: Host) -> None:
    """Rank ``t`` as ``brightwell rank`` ranks the file it was read from: its players by their own
    list, and a team event's teams by theirs (a BrightwellError if either cannot be)."""
    rank(players_view(t), None, None, host)
    teams = view(t)
    if teams.ranks_teams:
        rank(teams, None, None, host)


def _rows(t: Tournament, spec: str, host: Host) -> dict:
    """Each listed player's standings row by start number."""
    return {r.start_no: r for r in rank(players_view(t), spec, None, host).rows}


def _same_standings(source: dict, spec: str, back: Tournament, again: dict, there: dict[int, int], host) -> bool:
    """Whether the file read back, ranked by its own tie-break list, gives every player the place and
    every value the source gives under ``spec`` (``source``; ``again``: the read-back's rows under
    ``spec``): then what the format could not carry did not change these standings (a list spelled
    otherwise, a date whose edition decides nothing here)."""
    own = players_list(back)
    if own != spec:
        try:
            again = _rows(back, own, host)
        except BrightwellError:
            return False
    if len(source) != len(again):
        return False
    for no, row in source.items():
        other = again.get(there.get(no))
        if other is None or other.rank != row.rank or len(other.values) != len(row.values) or any(
                abs(a - b) > 1e-9 for a, b in zip(row.values, other.values)):
            return False
    return True


def _key(name: str) -> str:
    return loose_key(re.sub(r"[\W_]+", "", name))


def _shape(p) -> tuple:
    """What a player's rounds were, to tell apart players of one name."""
    return tuple((e.kind, e.result) for e in p.rounds)


def _counterparts(ready: Tournament, back: Tournament) -> dict[int, int]:
    """Each written player's start number in the file read back: the same number when the format
    keeps numbers, else by line (formats that number players by their line), else the player of
    the same name. Of the ways that fit, the one that pairs most players of the same name and
    rounds wins (a name may come back cut: TRF holds 33 characters)."""
    same_numbers = {p.start_no for p in ready.players} == {p.start_no for p in back.players}
    candidates: list[dict[int, int]] = [{p.start_no: p.start_no for p in ready.players}] if same_numbers else []
    if sorted(q.start_no for q in back.players) == list(range(1, len(back.players) + 1)):
        # a format that numbers players by their line: in the file's order (tsh) or in standing order,
        # ties as the event lists them (EGD), maybe without the players who never played (OpenGotha's exports)
        lines = sorted(back.players, key=lambda q: q.start_no)
        ties, index = tie_key(ready), {p.start_no: i for i, p in enumerate(ready.players)}
        orders = [list(ready.players), sorted(ready.players, key=lambda p: (p.stored_rank or 10**9,
                                                                             ties(index[p.start_no])))]
        if len(lines) < len(ready.players):
            orders = [[p for p in order if any(e.kind is not Kind.ABSENT for e in p.rounds)] for order in orders]
        ranked_lines = all(q.stored_rank is not None for q in lines) and all(
            a.stored_rank <= b.stored_rank for a, b in zip(lines, lines[1:]))  # the file lists the standings
        if ranked_lines:
            orders.reverse()  # of two that fit as well, the standing order
        candidates += [{p.start_no: i for i, p in enumerate(order, 1)} for order in orders if len(order) == len(lines)]
    by_key: dict[str, list[int]] = {}
    for q in back.players:
        by_key.setdefault(_key(q.name), []).append(q.start_no)
    found = {p.start_no: by_key.get(_key(p.name), []) for p in ready.players}
    by_name = {no: numbers[0] if len(numbers) == 1 else no for no, numbers in found.items()}
    if not candidates:
        return by_name
    candidates.append(by_name)  # a format numbering players its own way (a plugin's): after the others
    there = {q.start_no: q for q in back.players}

    def fit(mapping: dict[int, int]) -> tuple[int, int]:
        pairs = [(p, there.get(mapping.get(p.start_no))) for p in ready.players]
        return (sum(q is not None and _key(p.name)[:12] == _key(q.name)[:12] for p, q in pairs),
                sum(q is not None and _shape(p) == _shape(q) for p, q in pairs))
    return max(candidates, key=fit)  # the first of the best


def _dates_lost(ready: Tournament, back: Tournament, named: tuple[Loss, ...]) -> tuple[Loss, ...]:
    """The event's dates the written file does not give back (unless the format named them already)."""
    return tuple(metadata(f"the {what}") for what, date, again in (
        ("start date", ready.start_date, back.start_date), ("end date", ready.end_date, back.end_date))
        if date and again != date and not any(what in str(x) for x in named))


def convert(t: Tournament, fmt: Format, path: Path, strict: str | None = None, renumber: bool = False,
            protect: tuple[Path, ...] = (), follow_symlinks: bool = False, *, host: Host,
            keep: bool = False) -> Report:
    """Write ``t`` as ``fmt`` to ``path`` (all files or none); ``strict`` is None, "standings" or
    "all": what refuses the conversion before anything is written. No file in ``protect`` (the
    inputs) is ever written; a symbolic link is written through only with ``follow_symlinks``.
    Points and ranks the source stores none of are computed and written (the report says so),
    unless ``keep`` or the target writes back the file ``t`` was read from (:meth:`Format.writes_back`)."""
    spec = players_list(t)
    filled = None
    as_read = fmt.writes_back(t) and not renumber  # the file read, written back as it was: nothing filled in
    if (fmt.fills.needs_results or fmt.fills.publishes) and not keep and not as_read:
        source = t
        t = with_results(t, spec, publish=fmt.fills.publishes, after_round=fmt.fills.ranks_after, host=host)
        filled = filled_in(source, t, spec)
    if fmt.fills.numeric_parameters:
        t = with_numbers(t, host)
    try:
        ready, files = _numbered(t, fmt, path, renumber)
    except BrightwellError as exc:  # a writer's refusal is about the file being written
        raise exc.at(file=str(path)) from None
    inputs = {q.resolve() for q in protect}
    for target in files:
        if target.resolve() in inputs:
            raise BrightwellError("is the input: a conversion never writes over its input", file=str(target))
    lost = tuple(lost_in(ready, fmt, host))
    if ready.playoffs and not fmt.holds.carries_playoffs:
        lost += (metadata(f"{len(ready.playoffs)} play-off game(s) after the rounds (never ranked)"),)
    moved: tuple[Move, ...] = ()
    if fmt.about.can_read:
        lost, moved = _read_back(ready, files, fmt, path, spec, lost, host)
    report = Report(lost, moved, spec, filled)
    refused = report.standings_lost + (report.metadata_lost if strict == "all" else []) if strict else []
    if refused:
        raise BrightwellError(f"format '{fmt.name}' would lose: {'; '.join(refused)} (--strict)", file=str(path))
    atomic_write_all(files, follow_symlinks=follow_symlinks)  # a failure is a BrightwellError naming the file
    return report


def _read_back(ready: Tournament, files: dict[Path, bytes], fmt: Format, path: Path, spec: str,
               lost: tuple[Loss, ...], host: Host) -> tuple[tuple[Loss, ...], tuple[Move, ...]]:
    """The files about to be written, read back as ``rank`` would read them: refused if they would
    not be read or ranked; else what they lose, and who moves when they are ranked by ``spec``."""
    with tempfile.TemporaryDirectory(prefix="brightwell-") as tmp:
        for target, data in files.items():
            (Path(tmp) / target.name).write_bytes(data)
        try:
            back = fmt.read(ReadOptions(Path(tmp) / path.name)).tournament
            validated(back)  # as loading it checks it (a player's game its opponent's record does not mirror)
        except BrightwellError as exc:
            raise BrightwellError(f"the written file would not be read back by its own reader: {exc.message}",
                                  file=str(path), place=exc.place) from None
    lost += _dates_lost(ready, back, lost)
    gone = _team_loss(ready)
    if gone is not None and back.teams != ready.teams and gone not in lost:
        lost += (gone,)
    try:
        source = _rows(ready, spec, host)
    except BrightwellError:  # the event's own list does not rank it: the file written must rank all the same
        source = None
    try:
        _ranks_as_read(back, host)
        again = _rows(back, spec, host) if source is not None else {}
    except BrightwellError as exc:
        said = "; ".join(str(x) for x in lost if changes_standings(x)) or "nothing it names"
        why = f"format '{fmt.name}' cannot carry what ranks this event ({said}): the file written would not rank" \
            if source is not None else "the event does not rank by its own tie-break list, nor would the file written"
        raise (CannotCarry if source is not None else BrightwellError)(
            f"{why}: {_what(exc)}; nothing was written", file=str(path)) from None
    if source is None:
        return lost, ()
    there = _counterparts(ready, back)
    before = {no: r.rank for no, r in source.items()}
    after = {no: r.rank for no, r in again.items()}
    moved = tuple(Move(p.start_no, p.name, before[p.start_no], after.get(there.get(p.start_no), 0))
                  for p in ready.players  # a player the standings leave out has no place
                  if p.start_no in before and before[p.start_no] != after.get(there.get(p.start_no)))
    if not moved and _same_standings(source, spec, back, again, there, host):
        lost = tuple(Loss(f"{x} (the standings read back are the same)", standings=False)  # the players'
                     if changes_standings(x) and x != gone else x for x in lost)  # the teams' are lost all the same
    return lost, moved


def _what(exc: BrightwellError) -> str:
    """An error's place and message, without the file (a file read back has a scratch name)."""
    return ": ".join(x for x in (exc.place, exc.message) if x)
