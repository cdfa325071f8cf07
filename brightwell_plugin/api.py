"""The Python API: load, rank, explain, write, convert. The CLI is a thin layer over this.

>>> from brightwell_plugin import api
>>> loaded = api.load(api.sample_path())
>>> standings = api.rank(loaded.tournament, "PTS,BQ:preset=woc,DISCS")
>>> standings.rows[0].rank
1
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from brightwell_plugin.adapters.base import Format, ReadOptions
from brightwell_plugin.criteria.base import Explanation
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fileio import atomic_write_all
from brightwell_plugin.leaving import annulled
from brightwell_plugin.limits import check_regular, max_input, too_large
from brightwell_plugin.model import LEFT_OUT, READ_CUT_SHORT, Tournament
from brightwell_plugin.plugins.host import Host, get_host
from brightwell_plugin.progress import Progress
from brightwell_plugin.progress import progress as _progress
from brightwell_plugin.reranked import with_standings
from brightwell_plugin.standings import Standings
from brightwell_plugin.standings import default_spec as _default_spec
from brightwell_plugin.standings import players_view as _players_view
from brightwell_plugin.standings import view as _view
from brightwell_plugin.standings import explain as _explain
from brightwell_plugin.standings import explain_everyone as _explain_everyone
from brightwell_plugin.standings import rank as _rank
from brightwell_plugin.validate import validated

if TYPE_CHECKING:
    from brightwell_plugin import conversion
    from brightwell_plugin.checking import CheckRow, OrderCheck

__all__ = ["Loaded", "check", "check_order", "convert", "default_spec",
           "describe_playoffs", "detect_format", "explain", "explain_everyone", "load", "players_view", "rank",
           "rules_used", "sample_path", "view", "with_standings", "write", "write_ranked"]

@dataclass(frozen=True)
class Loaded:
    """A file read: the event, the format that read it and what the reader said of it."""

    tournament: Tournament
    format: str
    warnings: tuple[str, ...] = ()


def sample_path() -> Path:
    """The Othello sample tournament shipped with the package."""
    from importlib import resources
    return Path(str(resources.files("brightwell_plugin.samples").joinpath("othello_open.xml")))


def detect_format(path: str | os.PathLike, host: Host | None = None) -> Format:
    """The registered format that recognises the file's content (its suffix breaks ties)."""
    return (host or get_host()).formats.detect(path)


def load(path: str | os.PathLike, format: str | None = None, encoding: str | None = None,
         host: Host | None = None, part: str | None = None, strict: bool = False,
         cut_short: bool = False, withdrawn: str = "count") -> Loaded:
    """Read and validate a tournament file. ``part`` names one event of a file that holds several
    (a tsh tourney.js division). A reader leaves out a record with a data error (a player against
    himself) and says so; ``strict`` refuses the file instead. A file that declares more than it
    holds is refused as cut short, or with ``cut_short`` ranked as it stands, with a warning.
    ``withdrawn="annul"`` applies FIDE's rule to a round robin's players who left early
    (:mod:`leaving`; the file's own word is applied whatever it is). Errors raise :class:`BrightwellError`."""
    host = host or get_host()
    p = Path(path)
    try:
        check_regular(p, folder_ok=True)  # a FIFO or device is refused before anything opens it
    except BrightwellError:
        if not p.exists():
            raise BrightwellError("no such file", file=str(p)) from None
        raise
    fmt = host.formats.find(format) if format else host.formats.detect(p)
    try:
        options = ReadOptions(p, encoding=encoding, division=part, cut_short=cut_short, strict=strict)
        result = host.formats.read(fmt, options)
    except BrightwellError as exc:
        raise exc.at(file=str(p)) from None
    except UnicodeDecodeError as exc:
        raise BrightwellError(f"cannot decode byte {exc.object[exc.start]:#04x} at offset {exc.start} "
                              f"as {exc.encoding} (try --encoding)", file=str(p)) from None
    t, unknown = without_unknown_others(result.tournament, host)
    warnings = validated(t, str(p))
    if any(k == READ_CUT_SHORT for k, _ in t.metadata):  # the reader's one warning says the stored totals are not compared
        warnings = [w for w in warnings if "stored points" not in w]
    if unknown:
        warnings = (f"{p}: the file's tie-break list names {', '.join(unknown)}, which no plugin computes: ranked by "
                    f"the rest ({','.join(t.tiebreaks) or 'the default'})",) + tuple(warnings)
    if strict:
        refuse_partial(t, str(p))
    t, said = annulled(t, ask=withdrawn == "annul")
    return Loaded(t, fmt.name, tuple(result.warnings) + tuple(warnings) + tuple(f"{p}: {x}" for x in said))


def without_unknown_others(t: Tournament, host: Host) -> tuple[Tournament, list[str]]:
    """``t`` without the items of its own list that are another program's (TRF-2026's ``OTHER_…``)
    and that no plugin computes; the items left out (recorded, so that ``strict`` refuses)."""
    unknown = [x for x in t.tiebreaks if x.upper().startswith("OTHER_") and x.split(":")[0].split("/")[0].upper()
               not in host.criteria]
    if not unknown:
        return t, []
    kept = tuple(x for x in t.tiebreaks if x not in unknown)
    return replace(t, tiebreaks=kept, metadata=t.metadata + tuple(
        (LEFT_OUT, f"tie-break {x}, which no plugin computes") for x in unknown)), unknown


def refuse_partial(t: Tournament, file: str) -> None:
    """Refuse a tournament its reader had to leave records out of (``LEFT_OUT``), naming the first."""
    left = [v for k, v in t.metadata if k == LEFT_OUT]
    if left:
        more = f" (and {len(left) - 1} more)" if len(left) > 1 else ""
        raise BrightwellError(f"{left[0]}{more}: refused with --strict (without it the record is left out)", file=file)


def criteria(host: Host | None = None) -> dict:
    """Every registered criterion by code, each with the presets registered for it."""
    return dict((host or get_host()).criteria)


def presets(host: Host | None = None) -> list:
    """Every registered preset, with the name of the plugin that registered it."""
    return (host or get_host()).presets.with_owners()


def formats(host: Host | None = None) -> dict[str, Format]:
    """Every registered file format by name."""
    return dict((host or get_host()).formats)


def plugins(host: Host | None = None) -> list:
    """The loaded plugins: name, distribution, and what each registers."""
    return (host or get_host()).plugins()


STDIN = "<stdin>"


def load_bytes(data: bytes, name: str = STDIN, format: str | None = None, encoding: str | None = None,
               host: Host | None = None, part: str | None = None, withdrawn: str = "count") -> Loaded:
    """Read a tournament held in memory (standard input, an upload): :func:`load` on a private
    copy named like ``name`` (its suffix helps detection); messages name ``name``."""
    limit = max_input()
    if len(data) > limit:
        raise too_large(name, limit)
    import tempfile
    with tempfile.TemporaryDirectory(prefix="brightwell-") as folder:
        base = Path(name).name if name != STDIN else "stdin"
        path = Path(folder) / ("".join(c for c in base if c.isalnum() or c in "._- ").lstrip(".") or "stdin")
        path.write_bytes(data)
        where = str(path)
        try:
            loaded = load(path, format, encoding, host, part, withdrawn=withdrawn)
        except BrightwellError as exc:
            raise type(exc)(exc.message.replace(where, name), file=name if exc.file == where else exc.file,
                            place=exc.place) from None
        return replace(loaded, warnings=tuple(w.replace(where, name) for w in loaded.warnings))


def default_spec(tournament: Tournament) -> str:
    """The list the players of ``tournament`` are ranked by when none is given (of a team event, its
    board standings'; of a team view, its teams'): the file's own, else a default by its scores."""
    return _default_spec(_players_view(tournament))


def view(tournament: Tournament) -> Tournament:
    """What the standings of ``tournament`` rank by default, chosen once: of a team event, its teams
    (a view of the event whose players are the teams, each numbered and named as the team, ranked
    over match points); of an individual event, its players. Every function below takes the event
    (standing for this value) or a view: a team view ranks its teams, :func:`players_view` the players."""
    return _view(tournament)


def players_view(tournament: Tournament) -> Tournament:
    """What ranks a team event's players (the board standings: the event without its teams); an
    individual event as it is. Give it to :func:`rank`, :func:`explain`, :func:`check` ..."""
    return _players_view(tournament)


def rank(tournament: Tournament, spec: str | Sequence[str] | None = None, after_round: int | None = None,
         host: Host | None = None, edition: int | str | None = None) -> Standings:
    """Standings under ``spec`` (default: the file's tie-breaks, else :func:`default_spec`) of what
    ``tournament`` ranks (:func:`view`): of an individual event, its players; of a team event, its
    teams; of :func:`players_view`, the players. ``edition`` (2009, 2024, 2026, or a program's
    convention: ``"icu"``) is the rules for unplayed rounds of the items that do not name theirs
    (default: by the event's date; :func:`rules_used`)."""
    return _rank(tournament, spec, after_round, host or get_host(), edition)


def explain(tournament: Tournament, player: str | int, spec: str | Sequence[str] | None = None,
            after_round: int | None = None, host: Host | None = None,
            edition: int | str | None = None) -> list[Explanation]:
    """For one player (start number or name; of a team event, a team: :func:`view`, a player of
    :func:`players_view`), how each criterion's value was obtained."""
    return _explain(tournament, player, spec, after_round, host or get_host(), edition)


def explain_everyone(tournament: Tournament, spec: str | Sequence[str] | None = None,
                     after_round: int | None = None, host: Host | None = None,
                     edition: int | str | None = None, players: Sequence[int] | None = None) -> list[list[Explanation]]:
    """:func:`explain` for every player of what ``tournament`` ranks (:func:`view`: of a team event,
    every team), in the file's order (one pass: what a published site shows); ``players``: only these (indices)."""
    return _explain_everyone(tournament, spec, after_round, host or get_host(), edition, players)


def check(tournament: Tournament, spec: str | Sequence[str] | None = None, after_round: int | None = None,
          host: Host | None = None, edition: int | str | None = None) -> tuple[Standings, list[CheckRow]]:
    """Compare the ranks and tie-break values a file publishes (of a team event, its team records';
    of :func:`players_view`, its players') with those ``spec`` computes: the standings, and a row per player."""
    # on first use: a rank needs none of it (benchmarks/bench_start.py)
    from brightwell_plugin import checking
    return checking.check(tournament, spec, after_round, host or get_host(), edition)


def check_order(tournament: Tournament, specs: Sequence[str], after_round: int | None = None,
                host: Host | None = None, edition: int | str | None = None) -> list[OrderCheck]:
    """For each spec: does the file's stored order list what ``tournament`` ranks (:func:`view`)
    as that spec ranks them (under ``edition``'s rules for unplayed rounds, as :func:`rank`)?"""
    # on first use: a rank needs none of it (benchmarks/bench_start.py)
    from brightwell_plugin import checking
    return checking.check_order(tournament, specs, after_round, host or get_host(), edition)


def rules_used(tournament: Tournament, spec: str | Sequence[str] | None = None, edition: int | str | None = None,
               host: Host | None = None):
    """Which rules for unplayed rounds rank what ``tournament`` ranks (:func:`view`) under ``spec``
    and ``edition`` (an edition of FIDE's or a program's convention) and why (``--edition``, its
    date, or none for want of a date: ``by_default``); None when no item of the list depends on
    them (editions.py)."""
    from brightwell_plugin.editions import rules_used as _rules_used  # on first use
    return _rules_used(_view(tournament), spec, edition, host or get_host())


def progress(tournament: Tournament) -> Progress:
    """Where the event stands: the rounds planned, the last with a result, the last paired (docs/rounds.md)."""
    return _progress(tournament)


def crosstable(tournament: Tournament, standings: Standings):
    """Each player's rounds in the standings' order: opponents by rank, side, result, game score."""
    from brightwell_plugin.crosstable import crosstable as _crosstable  # on first use (benchmarks/bench_start.py)
    return _crosstable(tournament, standings)


def describe_playoffs(t: Tournament) -> list[str]:
    """Each play-off game as one line: stage, players, result."""
    names = {p.start_no: p.name for p in t.players}
    out = []
    for g in t.playoffs:
        score = f" {g.score:g}-{g.opp_score:g}" if g.score is not None and g.opp_score is not None else ""
        sign = {"win": ">", "loss": "<", "draw": "="}.get(g.result.value if g.result else "", "?")
        out.append(f"{g.stage}: #{g.first} {names.get(g.first, '?')} {sign}{score} #{g.second} "
                   f"{names.get(g.second, '?')}")
    return out


def event_files(path: str | os.PathLike, host: Host | None = None) -> tuple[Path, ...]:
    """The event's files, ``path`` first: with the other files of its set (a Swiss Perfect
    .trn/.ini/.sco) and the companions read beside it (config.tsh), as the formats declare them."""
    return (host or get_host()).formats.event_files(path)


def input_files(path: str | os.PathLike, host: Host | None = None) -> tuple[Path, ...]:
    """The files reading ``path`` may open: itself, a folder's files, or its event's other files
    (:func:`event_files`). Outputs never replace them."""
    p = Path(path)
    if p.is_dir():
        try:
            return (p, *p.iterdir())
        except OSError:
            return (p,)
    return event_files(p, host)


def refuse_inputs(outputs, inputs: Sequence[str | os.PathLike], host: Host | None = None) -> None:
    """An output that resolves to an input (or one of its set) is refused before anything is written."""
    protected = {q.resolve() for source in inputs for q in input_files(source, host)}
    for out in outputs:
        if Path(out).resolve() in protected:
            raise BrightwellError("is an input file: outputs never replace an input", file=str(out))


def write(tournament: Tournament, path: str | os.PathLike, format: str | None = None,
          strict: bool = False, host: Host | None = None, follow_symlinks: bool = False,
          said: bool = True) -> list[str]:
    """Write atomically; return what the format could not carry (``strict`` refuses instead). A
    symbolic link is refused unless ``follow_symlinks`` (then the file it points to is replaced).
    Without ``said`` (nor ``strict``), what the format cannot carry is not worked out: [] is returned."""
    p = Path(path)
    fmt = _writer(p, format, host := host or get_host())
    lost = []
    if said or strict:  # imported on first use (benchmarks/bench_start.py), and not for a batch's plain write
        from brightwell_plugin.conversion import lost_in
        lost = lost_in(tournament, fmt, host)
    if lost and strict:
        raise BrightwellError(f"format '{fmt.name}' cannot carry: {'; '.join(lost)} (--strict)", file=str(p))
    atomic_write_all(fmt.files(tournament, p), follow_symlinks=follow_symlinks)  # failures name the file
    return lost


def write_ranked(tournament: Tournament, standings: Standings, path: str | os.PathLike, format: str | None = None,
                 host: Host | None = None, follow_symlinks: bool = False) -> None:
    """``write(with_standings(tournament, standings), path, format, said=False)``: the format may
    write the event re-ranked without building it (``Format.ranked_files``: a batch writes thousands)."""
    p = Path(path)
    fmt = _writer(p, format, host or get_host())
    atomic_write_all(fmt.ranked_files(tournament, standings, p), follow_symlinks=follow_symlinks)


def _writer(path: Path, format: str | None, host: Host) -> Format:
    """The format ``path`` is written in: ``format``, else the one its suffix names; refused when it cannot write."""
    fmt = host.formats.find(format) if format else host.formats.writer_for(path)
    if not fmt.about.can_write:
        raise BrightwellError(f"format '{fmt.name}' cannot be written", file=str(path))
    return fmt


def convert(source: str | os.PathLike, target: str | os.PathLike, to: str | None = None,
            input_format: str | None = None, strict: bool | str | None = None, encoding: str | None = None,
            host: Host | None = None, part: str | None = None, renumber: bool = False,
            follow_symlinks: bool = False, keep: bool = False) -> tuple[Loaded, conversion.Report]:
    """Read ``source`` (its event ``part``, when it holds several) and write ``target``: all its
    files or none. Returns what was loaded and the :class:`Report` of what the target could not
    carry and whose place the written file changes. ``strict`` ("standings", or "all" for metadata
    too) refuses instead; ``renumber`` numbers the players 1..n for a target whose numbers cannot
    hold theirs; ``follow_symlinks`` writes through a symbolic link instead of refusing it; ``keep``
    writes no points or ranks the source does not store (by default they are computed, and said)."""
    host = host or get_host()
    loaded = load(source, input_format, encoding, host, part, strict=bool(strict))
    p = Path(target)
    fmt = host.formats.find(to) if to else host.formats.writer_for(p)
    if not fmt.about.can_write:
        raise BrightwellError(f"format '{fmt.name}' cannot be written", file=str(p))
    level = "standings" if strict is True else strict or None
    from brightwell_plugin import conversion  # on first use (benchmarks/bench_start.py)
    return loaded, conversion.convert(loaded.tournament, fmt, p, level, renumber, protect=input_files(source, host),
                                      follow_symlinks=follow_symlinks, host=host, keep=keep)
