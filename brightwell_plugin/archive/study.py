"""A tie-break study over an archive: every event ranked under several rules (tie-break lists),
and what each rule does with the players tied on points.

Counts are of *pairs* of players tied on points (a tie of three is three pairs). For each rule,
each item of its list *breaks* the pairs it is the first to part, and the pairs no item parts
stay *shared*. Between two rules: the players whose place differs (*moved*), the pairs tied on
points the two order oppositely (*swapped*), and whether the first place or the top places
(``top``) are held by other players. Where the file stores an order (ranks), whether each rule
follows it, as ``brightwell check --order`` says. A team event is studied over its teams.

Each event is ranked by the rules for unplayed rounds of its date (or ``--edition``'s), which its
result names (``ranked_by``; ``undated``: the newest, for want of a date); where those are not
today's (editions.TODAY), each rule says how many players today's rules would place otherwise
(``moved_today``): what re-ranking a legacy archive by today's rules changes.

The work of one event is :func:`study_event`, run for every job by
:func:`~brightwell_plugin.archive.schedule.run_jobs` (in parallel, on a cluster with ``--scheduler``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.archive.jobs import Job
from brightwell_plugin.archive.packed import is_archive, readable, relabeled, said
from brightwell_plugin.archive.schedule import run_jobs
from brightwell_plugin.archive.study_pages import write_comparison
from brightwell_plugin.editions import TODAY, rules_used
from brightwell_plugin.errors import (
    BrightwellError,
    NotATournament,
    SpecError,
    UnknownFormat,
    cause,
)
from brightwell_plugin.limits import digits
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.standings import _norm_all, configured, rank_stepwise, view


@dataclass(frozen=True)
class RuleOutcome:
    """One rule over one event: the pairs tied on points each item broke first (in the rule's
    order), the pairs left shared, whether the stored order follows it (None: no order stored)."""

    rule: str
    error: str | None = None
    broken: tuple[int, ...] = ()
    shared: int = 0
    follows: bool | None = None
    moved_today: int | None = None  # players today's rules place otherwise (None: the same rules, or none read)


@dataclass(frozen=True)
class Difference:
    """Two rules (their indices) over one event: players moved, tied pairs swapped, first and top
    places changed, and how many players moved by each number of places (0 included)."""

    first: int
    second: int
    moved: int
    swapped: int
    title_changed: bool
    top_changed: bool
    changes: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class EventStudy:
    """One event of the study (``source``: the job's label): what the file says of itself, its
    pairs tied on points, each rule's outcome and each pair of rules' difference; ``page``: the
    comparison page written when a first or top place changed."""

    source: str
    format: str | None = None
    name: str | None = None
    year: str | None = None
    creator: str | None = None
    federation: str | None = None
    players: int = 0
    tied_pairs: int = 0
    outcomes: tuple[RuleOutcome, ...] = ()
    differences: tuple[Difference, ...] = ()
    page: str | None = None
    error: str | None = None
    skipped: str | None = None
    cause: str | None = None  # what went wrong, alike for every event it happened to (errors.cause)
    ranked_by: str | None = None  # the rules for unplayed rounds that ranked it (editions.LABELS), where a rule read any
    undated: bool = False  # ranked by the newest for want of a date it can read

    @property
    def studied(self) -> bool:
        return self.error is None and self.skipped is None


def page_name(job: Job) -> str:
    """The comparison page of an event, under the report's ``events/``: its place in the archive."""
    part = "" if job.part is None else "-" + "".join(c if c.isalnum() else "_" for c in job.part)
    return f"events/{job.relative.as_posix()}{part}.html"


def study_event(job: Job, rules: Sequence[str], top: int, report: Path | None = None, *,
                host: Host, edition: int | str | None = None) -> EventStudy:
    """Rank one event (of a team event, its teams over match points) under each rule (by
    ``edition``'s rules for unplayed rounds, else its date's) and compare; every problem becomes
    the result's one-line error."""
    if job.refused and job.member is None and is_archive(job.source):  # an archive that cannot be listed
        return EventStudy(job.label, error=job.refused, cause=cause(job.refused))
    try:
        with readable(job, host.formats) as source:  # an archive's member: a scratch copy
            try:
                loaded = api.load(source, part=job.part, host=host)
            except (UnknownFormat, NotATournament) as exc:
                return EventStudy(job.label, skipped=f"not a tournament ({said(exc.message, job, source)})")
            except BrightwellError as exc:
                raise relabeled(exc, job, source) from None
        return _study(job, loaded, rules, top, report, host, edition)
    except BrightwellError as exc:
        return EventStudy(job.label, error=str(exc.at(file=job.label)), cause=cause(exc.message))
    except Exception as exc:  # one bad file never stops the study
        return EventStudy(job.label, error=f"{job.label}: internal error ({type(exc).__name__}: {exc})",
                          cause=f"internal error ({type(exc).__name__})")


def _study(job: Job, loaded, rules: Sequence[str], top: int, report: Path | None, host: Host,
           edition: int | str | None = None) -> EventStudy:
    t = view(loaded.tournament)
    listed = [i for i, p in enumerate(t.players) if p.listed]
    outcomes, ranks, tables, used = [], [], [], None
    points = None
    for rule in rules:
        try:
            standings, steps = rank_stepwise(t, rule, None, host, edition=edition)
        except SpecError:
            raise
        except BrightwellError as exc:  # this rule cannot rank this event (BQ without game scores)
            outcomes.append(RuleOutcome(rule, error=exc.message))
            ranks.append(None)
            tables.append(None)
            continue
        if standings.after_round == 0:  # a list of entrants: no round played, no tie to break
            return _event(job, loaded, skipped="no round played")
        tables.append(standings)
        if points is None:
            points = _norm_all(standings.points)
        place = {r.start_no: r.rank for r in standings.rows}
        ranks.append([place.get(p.start_no) for p in t.players])
        tied = [_pairs_tied(g, points, set(listed)) for g in steps]
        broken = tuple(a - b for a, b in zip(tied, tied[1:]))
        ruled = rules_used(t, rule, edition, host)
        used = used or ruled
        today = _moved_today(t, rule, place, listed, host) if ruled is not None and ruled.edition != TODAY else None
        outcomes.append(RuleOutcome(rule, broken=broken, shared=tied[-1], follows=_follows(t, ranks[-1]),
                                    moved_today=today))
    if points is None:  # no rule can rank it (BQ and DISCS in an event without game scores): left out
        return _event(job, loaded, outcomes=tuple(outcomes), skipped=f"no rule ranks it: {outcomes[0].error}")
    groups = _point_groups(points, listed)
    differences = tuple(_difference(a, b, ranks[a], ranks[b], groups, listed, top)
                        for a in range(len(rules)) for b in range(a + 1, len(rules))
                        if ranks[a] is not None and ranks[b] is not None)
    page = None
    if report is not None and any(d.title_changed or d.top_changed for d in differences):
        page = page_name(job)
        write_comparison(report / page, t, tables, job.label, "../" * (len(Path(page).parts) - 1) + "index.html")
    tied_pairs = sum(len(g) * (len(g) - 1) // 2 for g in groups)
    return _event(job, loaded, players=len(listed), tied_pairs=tied_pairs, outcomes=tuple(outcomes),
                  differences=differences, page=page, ranked_by=used and used.label,
                  undated=bool(used and used.by_default))


def _moved_today(t, rule: str, place: dict, listed: list[int], host: Host) -> int:
    """How many of the players listed today's rules for unplayed rounds place otherwise."""
    today = {r.start_no: r.rank for r in rank_stepwise(t, rule, None, host, edition=TODAY)[0].rows}
    return sum(1 for i in listed if today.get(t.players[i].start_no) != place.get(t.players[i].start_no))


def _event(job: Job, loaded, **fields) -> EventStudy:
    """The event's study, with what its file says of it."""
    year, creator, federation = facts(loaded.tournament)
    return EventStudy(job.label, loaded.format, loaded.tournament.name, year, creator, federation, **fields)


def _point_groups(points: list, listed: list[int]) -> list[list[int]]:
    by: dict = {}
    for i in listed:
        by.setdefault(points[i], []).append(i)
    return [g for g in by.values() if len(g) > 1]


def _pairs_tied(groups: list[list[int]], points: list, wanted: set[int]) -> int:
    """Pairs of players tied on points that share a group (of the ``wanted``: those listed)."""
    total = 0
    for g in groups:
        if len(g) > 1:
            counts = Counter(points[i] for i in g if i in wanted)
            total += sum(c * (c - 1) // 2 for c in counts.values())
    return total


def _follows(t, ranks: list) -> bool | None:
    """Whether the stored order lists no two neighbours the other way round (``check --order``)."""
    stored = sorted((p.stored_rank, i) for i, p in enumerate(t.players) if p.stored_rank is not None and p.listed)
    if not stored:
        return None
    return all(ranks[b] >= ranks[a] for (_, a), (_, b) in zip(stored, stored[1:]))


def _difference(a: int, b: int, first: list, second: list, groups: list[list[int]], listed: list[int],
                top: int) -> Difference:
    moved = sum(1 for i in listed if first[i] != second[i])
    swapped = sum(1 for g in groups for x in range(len(g)) for y in range(x + 1, len(g))
                  if (first[g[x]] - first[g[y]]) * (second[g[x]] - second[g[y]]) < 0)
    changes = Counter(abs(first[i] - second[i]) for i in listed)
    return Difference(a, b, moved, swapped, _holders(first, listed, 1) != _holders(second, listed, 1),
                      _holders(first, listed, top) != _holders(second, listed, top), tuple(sorted(changes.items())))


def _holders(ranks: list, listed: list[int], limit: int) -> set[int]:
    """The players placed ``limit`` or better."""
    return {i for i in listed if ranks[i] <= limit}


def facts(t) -> tuple[str | None, str | None, str | None]:
    """(year, creator program, federation) as the file says them, where it does."""
    year = t.start_date[:4] if t.start_date and digits(t.start_date[:4]) else None
    creator = federation = None
    for key, value in t.metadata:
        low = key.lower()
        text = value.strip()
        if key == "trf" and text[:4] in ("182 ", "032 "):  # TRF: the pairing controller, the federation
            creator, federation = (text[4:].strip() or creator, federation) if text[:3] == "182" else \
                (creator, text[4:].strip() or federation)
        elif low.endswith(("creator", "program", "generator")) and text:
            creator = creator or text
        elif low.endswith(("country", "federation")) and text:
            federation = federation or text
    return year, creator, federation


def refuse_bad_rules(rules: Sequence[str], host: Host) -> None:
    """Refuse a rule that is no tie-break list once, before any file is read."""
    if not rules:
        raise BrightwellError("a study needs a rule (--rule), a tie-break list such as PTS,DISCS")
    for rule in rules:
        configured(rule, host)


def run(jobs, rules: Sequence[str], top: int = 3, report: Path | None = None, executor=None,
        jobs_count: int | None = None, on_result=None, *, host: Host, edition: int | str | None = None) -> None:
    """Study every job (results to ``on_result`` as they complete; none held)."""
    refuse_bad_rules(rules, host)
    work = partial(study_event, rules=tuple(rules), top=top, report=report, host=host, edition=edition)
    run_jobs(jobs, work, executor, jobs_count, on_result, keep=False)
