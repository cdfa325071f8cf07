"""Re-rank an archive of tournament files: rank its jobs (:mod:`brightwell_plugin.archive.jobs`) in
parallel (:mod:`brightwell_plugin.archive.schedule`), write a mirrored tree.

The work of one file is :func:`process`, a plain function of picklable arguments, so any
``concurrent.futures.Executor`` runs it: a process pool by default, a Dask cluster's
``client.get_executor()`` as well.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import replace
from functools import partial
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.archive.jobs import OUTPUT_TAG, Job, Jobs, collect, real_path, tag_output
from brightwell_plugin.archive.journal import Journal
from brightwell_plugin.archive.packed import readable, relabeled, said
from brightwell_plugin.archive.results import FileResult, Placing
from brightwell_plugin.archive.schedule import Interrupted, chunk_sizes, run_jobs
from brightwell_plugin.editions import rules_used
from brightwell_plugin.errors import BrightwellError, NotATournament, UnknownFormat, cause
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.standings import configured, rank, view

__all__ = ["OUTPUT_TAG", "FileResult", "Interrupted", "Job", "Jobs", "Placing", "chunk_sizes", "clean_stale_parts",
           "clean_stale_temporaries", "collect", "process", "run"]

def process(job: Job, out_dir: Path, spec: str | None, to: str | None, skip_existing: bool,
            strict: bool = False, renumber: bool = False, rank_again: bool = False, compare: bool = True, *,
            host: Host, edition: int | str | None = None) -> FileResult:
    """Load, rank, write one tournament with ``host``'s plugins (of a team event, its teams, its
    players' records kept); every problem becomes the result's one-line error. ``strict`` refuses
    a file read in part or a target that cannot carry what changes its standings, as ``convert
    --strict`` does; ``renumber`` numbers the players 1..n for a target that cannot hold theirs.
    With ``skip_existing``, a file whose output exists is left (``rank_again``: ranked, not written,
    for a report that covers it). With ``compare`` (for a report), the result holds each player's
    place before and after and what the output could not carry; without it, neither is worked out.
    ``edition``: the rules for unplayed rounds (``--edition``; by default each file's date's), said of
    every file (``ranked_by``, ``undated``)."""
    if job.refused:  # another file would write its output
        return FileResult(job.label, error=job.refused, cause=cause(job.refused))
    try:
        with readable(job, host.formats) as source:  # an archive's member: a scratch copy
            try:
                r = _process(job, source, out_dir, spec, to, skip_existing, strict, renumber, rank_again, compare,
                             host, edition)
            except BrightwellError as exc:
                raise relabeled(exc, job, source) from None
            return r if job.member is None else replace(r, skip_reason=said(r.skip_reason, job, source))
    except BrightwellError as exc:  # ranking and writing errors name no file: this is the one
        return FileResult(job.label, error=str(exc.at(file=job.label)), cause=cause(exc.message))
    except Exception as exc:  # one bad file never stops the batch
        return FileResult(job.label, error=f"{job.label}: internal error ({type(exc).__name__}: {exc})",
                          cause=f"internal error ({type(exc).__name__})")


def _process(job: Job, source: Path, out_dir: Path, spec, to, skip_existing, strict, renumber, rank_again, compare,
             host: Host, edition) -> FileResult:
    """:func:`process` of the event read from ``source`` (the job's file, or a scratch copy of its member)."""
    formats = host.formats
    try:
        fmt = formats.find(to) if to else formats.detect(source)
    except UnknownFormat:
        if strict or formats.claimed(source.suffix):
            raise
        return FileResult(job.label, skipped=True,
                          skip_reason="not a tournament (no format recognises it or its suffix)")
    written = formats.written_as(fmt)
    target = formats.output_path(source, out_dir / job.relative, written)
    earlier = skip_existing and all(p.exists() for p in written.output_files(target))
    if earlier and not rank_again:
        return FileResult(job.label, str(target), None, skipped=True, skip_reason="output exists")
    try:
        loaded = api.load(source, None if to else fmt.name, part=job.part, host=host, strict=strict)  # detected once
    except NotATournament as exc:  # a known kind of file that holds no event (a game database)
        if strict:
            raise
        return FileResult(job.label, skipped=True, skip_reason=f"not a tournament: {exc.message}")
    t = loaded.tournament
    stored = view(t)  # of a team event, the teams, with the ranks and points their records store
    standings = rank(stored, spec, None, host, edition)
    if standings.after_round == 0:  # a list of entrants: nothing ranked, nothing to compare
        return FileResult(job.label, skipped=True, skip_reason="no round played")
    lost = []
    if not earlier:  # an output an earlier run wrote, untold by its journal: ranked again, kept as it is
        if not os.path.isdir(target.parent):  # one stat (a made folder's mkdir fails, then asks for one)
            target.parent.mkdir(parents=True, exist_ok=True)  # another worker may be making it too
        lost = _write(t, standings, target, written, strict, renumber, host, compare)
    used = rules_used(stored, spec, edition, host)  # said of every file, in the summary too
    ruled = {"ranked_by": used and used.label, "undated": bool(used and used.by_default)}
    if not compare:
        return FileResult(job.label, str(target), loaded.format, not_carried=tuple(lost), earlier=earlier, **ruled)
    compared, before_from, before = _stored_order(stored, standings, spec, host, edition)
    placings = tuple(Placing(r.start_no, r.name, before.get(r.start_no), r.rank) for r in compared.rows)
    return FileResult(job.label, str(target), loaded.format, placings=placings, not_carried=tuple(lost),
                      before_from=before_from, earlier=earlier, **ruled)


def _stored_order(stored, standings, spec, host: Host, edition=None):
    """The standings to compare the file's own order with (as of the round it says its ranks are,
    as ``check`` does), and that order (:func:`~brightwell_plugin.checking.stored_places`)."""
    from brightwell_plugin.checking import published_round, stored_places  # on first use
    when = published_round(stored)
    if when is not None and when != standings.after_round:
        standings = rank(stored, spec, when, host, edition)
    before, before_from = stored_places(stored, standings) or ({}, None)
    return standings, before_from, before


def _write(t, standings, target: Path, fmt, strict: bool, renumber: bool, host: Host, said: bool = True) -> list:
    """Write ``t`` re-ranked by ``standings`` as ``fmt``: refused with ``strict`` when the target cannot
    carry what changes the standings; with ``renumber``, the players numbered 1..n when the target
    cannot hold their numbers. What the target could not carry is returned when ``said`` (and only
    then worked out: else the format may write the re-ranked event without building it)."""
    if strict:
        from brightwell_plugin.conversion import lost_in  # on first use: a plain write needs none of it
        standings_lost = [str(x) for x in lost_in(api.with_standings(t, standings), fmt, host)
                          if getattr(x, "standings", True)]
        if standings_lost:
            raise BrightwellError(f"format '{fmt.name}' cannot carry: {'; '.join(standings_lost)} (--strict)")
    try:
        if not said:
            api.write_ranked(t, standings, target, fmt.name, host=host)
            return []
        return api.write(api.with_standings(t, standings), target, fmt.name, host=host, said=said)
    except BrightwellError as exc:
        if "start no" not in exc.message and "number" not in exc.message:
            raise
        if not renumber:
            raise BrightwellError(f"{exc.message}; --renumber numbers the players 1..n", file=exc.file,
                                  place=exc.place) from None
    from brightwell_plugin.conversion import renumbered
    return api.write(renumbered(api.with_standings(t, standings)), target, fmt.name, host=host, said=said) + [
        "players numbered 1..n (--renumber)"]


def _as_earlier(r: FileResult) -> FileResult:
    """A file left because its output exists, as the earlier run that wrote it (outputs are whole or
    absent): ranked, its places not looked for."""
    if r.skipped and r.skip_reason == "output exists":
        return FileResult(r.source, r.target, earlier=True)
    return r


_TEMPORARY = re.compile(r"^\..+\.([0-9]+)-[0-9]+(?:\.old)?\.tmp$")
_PART = re.compile(r"^[a-z]+[0-9]*\.([0-9]+)\.(?:part|tmp)$")  # after ".STEM.": a report's KIND.PID.part


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError):
        return True  # someone else's live process, or a number that cannot be asked: left alone
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """A process that has exited but not been reaped yet (a killed run's worker): dead, on Linux."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rpartition(b")")[2].split()[:1] in ([b"Z"], [b"X"])
    except OSError:
        return False


def clean_stale_parts(stem: Path) -> int:
    """Remove what a report of ``stem`` left when its run died (killed: ``.STEM.KIND.PID.part`` and
    its staged ``.STEM.SUFFIX.PID.tmp``); those of a live run are left alone."""
    removed = 0
    try:
        found = [q for q in stem.parent.iterdir() if q.name.startswith(f".{stem.name}.")]
    except OSError:
        return 0
    for q in found:
        m = _PART.match(q.name[len(stem.name) + 2:])
        if m and not _alive(int(m[1])) and q.is_file():
            q.unlink(missing_ok=True)
            removed += 1
    return removed


def clean_stale_temporaries(out_dir: Path) -> int:
    """Remove the half-written files of runs that died (atomic writes stage ``.name.PID-N.tmp``);
    those of a live run — another batch writing into the same folder — are left alone."""
    removed = 0
    for tmp in out_dir.rglob(".*.tmp"):
        m = _TEMPORARY.match(tmp.name)
        if m and not _alive(int(m[1])) and tmp.is_file():
            tmp.unlink(missing_ok=True)
            removed += 1
    return removed


def refuse_bad_arguments(spec: str | None, to: str | None, host: Host) -> None:
    """Refuse a bad spec or output format once, before any file is touched (not once per file).
    Building the plugin host here also spares each forked worker building its own."""
    if spec is not None:
        configured(spec, host)
    if to is not None:
        host.formats.writable(to)


def refuse_inputs_inside(jobs: list[Job], out_dir: Path) -> None:
    """Every output lies under ``out_dir``: no input may (an event's other files lie beside it), so
    that no output can replace an input, this run's or another job's."""
    out, real = str(out_dir.resolve()), real_path()
    within = out.rstrip(os.sep) + os.sep
    sources = jobs.sources() if isinstance(jobs, Jobs) else (str(job.source) for job in jobs)
    inside = next((source for source in sources if (r := real(source)) == out or r.startswith(within)), None)
    if inside is not None:
        raise BrightwellError(f"the output folder holds input files (e.g. {inside}): outputs never replace an "
                              "input; choose another --out", file=str(out_dir))


def run(jobs: list[Job], out_dir: Path, spec: str | None = None, to: str | None = None,
        executor: Executor | None = None, jobs_count: int | None = None, skip_existing: bool = False,
        on_result: Callable[[FileResult], None] | None = None, strict: bool = False,
        keep: bool = True, renumber: bool = False, compare: bool = True, shard: tuple[int, int] | None = None, *,
        host: Host, edition: int | str | None = None) -> list[FileResult]:
    """Process every job with ``executor`` (default: a process pool of ``jobs_count`` workers).
    Files that are no tournament are skipped, or with ``strict`` failed. Each result goes to
    ``on_result`` as it completes; with ``keep`` (the default) all are returned too, in the jobs'
    order, and without it none are held: memory stays flat however many files there are. The
    workers use ``host``, sent to them pickled. With ``compare`` (the default: what a report needs),
    each result holds the places before and after (:func:`process`), and each file ranked is noted
    in the output folder's journal (archive/journal.py): a file left because its output exists comes
    back with the result of the earlier run that wrote it (``earlier``): the journal's, else ranked
    again. Without ``compare`` files are read, ranked and written only: nothing is noted, and a file
    left because its output exists comes back as the earlier run's, its places not looked for.
    ``shard`` (I, N): the jobs are one of N shares run side by side into one output folder (a job
    array, on machines that share it): the run keeps a journal of its own, and leaves alone the
    temporaries it finds (another shard's may be live)."""
    refuse_bad_arguments(spec, to, host)
    refuse_inputs_inside(jobs, out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file of that name, a read-only parent
        reason = "a file is in the way" if isinstance(exc, FileExistsError) else exc.strerror
        raise BrightwellError(f"cannot be the output folder: {reason}", file=str(out_dir)) from None
    if shard is None:  # another machine's live process is no process here
        clean_stale_temporaries(out_dir)
    tag_output(out_dir)
    journal = Journal(out_dir, shard)
    work = partial(process, out_dir=out_dir, spec=spec, to=to, skip_existing=skip_existing, strict=strict,
                   renumber=renumber, compare=compare, host=host, edition=edition)
    untold: set[str] = set()  # outputs an earlier run wrote that its journal does not tell of
    kept: list[FileResult] = []

    def arrived(r: FileResult) -> None:
        if r.ok and not r.skipped and compare:  # ranked now (written, or an earlier output ranked again)
            journal.record(r)
        elif r.ok and not r.skipped:  # written, its places not looked for: an older line is no longer true
            journal.forget(r)
        r = journal.resolve(r) if compare else _as_earlier(r)
        if r.skipped and r.skip_reason == "output exists":
            untold.add(r.source)
            return
        if keep:
            kept.append(r)
        if on_result is not None:
            on_result(r)
    try:
        run_jobs(jobs, work, executor, jobs_count, arrived, False)
        if untold:  # ranked again, not written: the report covers the whole tree
            run_jobs([job for job in jobs if job.label in untold], partial(work, rank_again=True), executor,
                     jobs_count, arrived, False)
    finally:
        journal.close()
    journal.compact()
    order = {job.label: i for i, job in enumerate(jobs)} if keep else {}
    return sorted(kept, key=lambda r: order[r.source])
