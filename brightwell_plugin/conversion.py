"""Converting without lying: numbers fitted to the target, points and ranks filled in, what the
target cannot carry in two levels, and the written file read back by the target's own reader
and ranked again, so that a change of standings is named even when no rule foresaw it."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

from brightwell_plugin.adapters.base import Format, Loss, changes_standings
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fileio import atomic_write_all
from brightwell_plugin.model import Player, PlayoffGame, Tournament
from brightwell_plugin.standings import default_spec, rank

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
    unranked: str | None = None  # the written file cannot be ranked by the source's list: why
    spec: str = ""

    @property
    def standings_lost(self) -> list[str]:
        out = [str(x) for x in self.lost if changes_standings(x)]
        if self.unranked:
            out.append(f"the written file cannot be ranked by {self.spec}: {self.unranked}")
        if self.moved:
            out.append(f"places move when the written file is ranked by {self.spec}: "
                       + "; ".join(f"#{m.start_no} {m.name} {m.before} -> {m.after}" for m in self.moved[:10])
                       + (f"; and {len(self.moved) - 10} more" if len(self.moved) > 10 else ""))
        return out

    @property
    def metadata_lost(self) -> list[str]:
        return [str(x) for x in self.lost if not changes_standings(x)]


def renumbered(t: Tournament) -> Tournament:
    """Players numbered 1..n in the file's order; each keeps his old number as an ``original`` id."""
    new = {p.start_no: i for i, p in enumerate(t.players, 1)}
    players = []
    for p in t.players:
        ids = p.ids if any(s == ORIGINAL for s, _ in p.ids) else p.ids + ((ORIGINAL, str(p.start_no)),)
        players.append(replace(p, start_no=new[p.start_no], ids=ids, rounds=tuple(
            replace(e, opponent=new.get(e.opponent)) if e.opponent is not None else e for e in p.rounds)))
    playoffs = tuple(replace(g, first=new[g.first], second=new[g.second]) for g in t.playoffs)
    return replace(t, players=tuple(players), playoffs=playoffs, origin=None)


def restored(t: Tournament) -> Tournament | None:
    """The players back at their ``original`` numbers, when every player has one; else None."""
    old: dict[int, int] = {}
    for p in t.players:
        text = next((v for s, v in p.ids if s == ORIGINAL), None)
        if text is None or not text.isdigit():
            return None
        old[p.start_no] = int(text)
    if len(set(old.values())) != len(old):
        return None
    players = tuple(replace(p, start_no=old[p.start_no], ids=tuple((s, v) for s, v in p.ids if s != ORIGINAL),
                            rounds=tuple(replace(e, opponent=old.get(e.opponent)) if e.opponent is not None
                                         else e for e in p.rounds)) for p in t.players)
    playoffs = tuple(PlayoffGame(g.stage, old[g.first], old[g.second], g.result, g.score, g.opp_score)
                     for g in t.playoffs)
    return replace(t, players=players, playoffs=playoffs, origin=None)


PUBLISHED = "published "


def with_results(t: Tournament, spec: str, publish: bool = False) -> Tournament:
    """Points and ranks filled in where the file stores none (a TRF or Swiss Perfect file the
    target's programs read needs both), from the source's own tie-break list; with ``publish``,
    each item's value too, as a published value (EGD's criteria columns)."""
    complete = all(p.stored_rank is not None and p.stored_points is not None for p in t.players)
    if not t.players or (complete and not publish):
        return t
    try:
        standings = rank(t, spec)
    except BrightwellError:
        standings = rank(t, "PTS")
    by_no = {r.start_no: r for r in standings.rows}
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


def _numbered(t: Tournament, fmt: Format, path: Path, renumber: bool) -> tuple[Tournament, dict[Path, bytes]]:
    """The tournament with numbers the target holds, and its files. A file renumbered before
    gets its original numbers back where the target can hold them."""
    if renumber:
        t = renumbered(t)
        return t, fmt.files(t, path)
    back = restored(t)
    if back is not None:
        try:
            return back, fmt.files(back, path)
        except BrightwellError:
            pass  # the target cannot hold the original numbers: keep these
    try:
        return t, fmt.files(t, path)
    except BrightwellError as exc:
        if "start no" in exc.message or "number" in exc.message:
            raise BrightwellError(f"{exc.message}; --renumber numbers the players 1..n (their numbers kept as "
                                  "ids where the target has a place)", file=exc.file, place=exc.place) from None
        raise


def _places(t: Tournament, spec: str, start_nos: list[int]) -> dict[int, int]:
    rows = {r.start_no: r.rank for r in rank(t, spec).rows}
    return {no: rows[no] for no in start_nos if no in rows}


def convert(t: Tournament, fmt: Format, path: Path, strict: str | None = None, renumber: bool = False,
            protect: tuple[Path, ...] = ()) -> Report:
    """Write ``t`` as ``fmt`` to ``path`` (all files or none); ``strict`` is None, "standings" or
    "all": what refuses the conversion before anything is written. No file in ``protect`` (the
    inputs) is ever written."""
    spec = default_spec(t)
    if fmt.needs_results or fmt.publishes:
        t = with_results(t, spec, publish=fmt.publishes)
    ready, files = _numbered(t, fmt, path, renumber)
    inputs = {q.resolve() for q in protect}
    for target in files:
        if target.resolve() in inputs:
            raise BrightwellError("is the input: a conversion never writes over its input", file=str(target))
    lost = tuple(x if isinstance(x, Loss) else Loss(x) for x in fmt.cannot_carry(ready))
    moved: tuple[Move, ...] = ()
    unranked = None
    if fmt.can_read:
        with tempfile.TemporaryDirectory(prefix="brightwell-") as tmp:
            for target, data in files.items():
                (Path(tmp) / target.name).write_bytes(data)
            try:
                back = fmt.read(Path(tmp) / path.name).tournament
            except BrightwellError as exc:
                raise BrightwellError(f"the written file would not be read back by its own reader: {exc.message}",
                                      file=str(path), place=exc.place) from None
        order = [p.start_no for p in ready.players]
        try:
            before = _places(ready, spec, order)
        except BrightwellError:
            before = None
        if before is not None:
            try:
                after = _places(back, spec, order)
            except BrightwellError as exc:
                unranked = exc.message
            else:
                names = {p.start_no: p.name for p in ready.players}
                moved = tuple(Move(no, names[no], before[no], after.get(no, 0)) for no in order
                              if before.get(no) != after.get(no))
    report = Report(lost, moved, unranked, spec)
    refused = report.standings_lost + (report.metadata_lost if strict == "all" else []) if strict else []
    if refused:
        raise BrightwellError(f"format '{fmt.name}' would lose: {'; '.join(refused)} (--strict)", file=str(path))
    try:
        atomic_write_all(files)
    except OSError as exc:
        raise BrightwellError(f"cannot write: {exc.strerror}", file=str(path)) from None
    return report
