"""The jobs of a batch: the events that files, folders and globs name, each source once.

A folder is walked one level at a time in path order; the files a format declares as one event
are one job, a file holding several events one job each. The output folder of a batch is tagged
(:data:`OUTPUT_TAG`), and a walk leaves a tagged folder out.
"""

from __future__ import annotations

import glob
import os
import re
import sqlite3
from collections.abc import Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from brightwell_plugin.archive.members import events, parts, read_whole
from brightwell_plugin.archive.packed import Archive, inner_path, is_archive, stem
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fileio import atomic_write
from brightwell_plugin.plugins.formats import Formats
from brightwell_plugin.plugins.host import Host


@dataclass(frozen=True, slots=True)
class Job:
    source: Path
    relative: Path  # where its output goes under the output folder (without the suffix)
    part: str | None = None  # one event of a file that holds several (a tsh tourney.js division)
    refused: str | None = None  # why it is not run: another job would write its output
    member: str | None = None  # the event's file inside ``source``, an archive (archive/packed.py)

    @property
    def label(self) -> str:
        where = str(self.source) if self.member is None else f"{self.source}!{self.member}"
        return where if self.part is None else f"{where}#{self.part}"


class Jobs(Sequence):
    """The jobs of a batch, each source once, kept in a private temporary SQLite database (a
    few megabytes of cache in memory, the rest on disk): the parent's memory does not grow with
    the archive. Indexing and slicing give :class:`Job` objects, in the order they were added.
    A job may claim the name of the file it writes; a second claim of one name is refused."""

    def __init__(self):
        self.left_out: list[Path] = []  # folders a walk left out: the output folders of earlier batches
        self.renamed: list[str] = []  # what two events of one name in one folder are written as (said)
        self.notes: list[str] = []  # what an archive holds that is no file (a link): left out, said
        self._db = sqlite3.connect("", check_same_thread=False)  # "": deleted when closed
        self._db.executescript("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;"
                               "CREATE TABLE job (source BLOB, relative BLOB, part BLOB, output BLOB UNIQUE, "
                               "refused BLOB, member BLOB);"
                               "CREATE TABLE seen (key BLOB PRIMARY KEY) WITHOUT ROWID;")
        self._count = 0

    def first_sight(self, key: str) -> bool:
        """True the first time ``key`` (a source's identity) is offered, False after."""
        return self._db.execute("INSERT OR IGNORE INTO seen VALUES (?)", (_stored(key),)).rowcount == 1

    def append(self, job: Job, output: str | None = None) -> None:
        """Add ``job``, which writes ``output`` (a name under the output folder; None: nothing to
        claim). A second job claiming one output raises :class:`OutputClash`."""
        part, key, refused, member = (None if x is None else _stored(x) for x in (job.part, output, job.refused,
                                                                                   job.member))
        try:
            self._db.execute("INSERT INTO job VALUES (?, ?, ?, ?, ?, ?)",
                             (_stored(str(job.source)), _stored(str(job.relative)), part, key, refused, member))
        except sqlite3.IntegrityError:
            source, other, inside = self._db.execute("SELECT source, part, member FROM job WHERE output = ?",
                                                     (key,)).fetchone()
            first = Job(Path(_text(source)), job.relative, _maybe(other), member=_maybe(inside))
            cure = "rename one of them" if _place(first)[0] == _place(job)[0] else \
                "name the folder that holds both, or run them separately"
            clash = OutputClash(f"{first.label} and {job.label} would both be written to {output} under the output "
                                f"folder: neither is written ({cure})")
            clash.first = first
            raise clash from None
        self._count += 1

    def rename(self, output: str, relative: Path, renamed: str) -> bool:
        """The job that claimed ``output`` writes ``renamed`` instead, placed at ``relative``; False
        when another job claims ``renamed`` already (nothing changed)."""
        try:
            self._db.execute("UPDATE job SET relative = ?, output = ? WHERE output = ?",
                             (_stored(str(relative)), _stored(renamed), _stored(output)))
        except sqlite3.IntegrityError:
            return False
        return True

    def release(self, output: str) -> None:
        """The job that claimed ``output`` writes nothing after all: it claims it no longer."""
        self._db.execute("UPDATE job SET output = NULL WHERE output = ?", (_stored(output),))

    def refuse(self, output: str, why: str) -> None:
        """The job that claimed ``output`` is not run, for ``why``."""
        self._db.execute("UPDATE job SET refused = ? WHERE output = ?", (_stored(why), _stored(output)))

    def __len__(self) -> int:
        return self._count

    def __iter__(self):
        return self._rows(0, self._count)

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self._count)
            return list(self._rows(start, stop)) if step == 1 else [self[i] for i in range(start, stop, step)]
        if index < 0:
            index += self._count
        if not 0 <= index < self._count:
            raise IndexError("job index out of range")
        return next(self._rows(index, index + 1))

    def sources(self):
        """Each job's source path, in the jobs' order (no :class:`Job` made)."""
        return (_text(source) for (source,) in self._db.execute("SELECT source FROM job ORDER BY rowid"))

    def _rows(self, start: int, stop: int):
        rows = self._db.execute("SELECT source, relative, part, refused, member FROM job WHERE rowid > ? AND "
                                "rowid <= ? ORDER BY rowid", (start, stop))
        return (Job(Path(_text(source)), Path(_text(relative)), _maybe(part), _maybe(refused), _maybe(member))
                for source, relative, part, refused, member in rows)


class OutputClash(BrightwellError):
    """Two jobs would write one output; ``first`` is the job that claimed it."""

    first: Job | None = None


def _stored(text: str) -> bytes:
    """Text as stored: a file name that is not UTF-8 holds lone surrogates, which SQLite's text refuses."""
    return text.encode("utf-8", "surrogatepass")


def _text(stored: bytes) -> str:
    return stored.decode("utf-8", "surrogatepass")


def _maybe(stored: bytes | None) -> str | None:
    return None if stored is None else _text(stored)


def refuse_replacing(outputs: Iterable[Path], jobs: Jobs, host: Host) -> None:
    """A run's own files (a report's) never replace one of its inputs, nor a file read beside one:
    refused before anything is read. Only the jobs of an output's folder are looked at."""
    existing = {o.resolve(): o for o in outputs if o.exists()}
    folders = {o.parent for o in existing} | {o.parent.resolve() for o in existing.values()}  # a link's, too
    resolved = lru_cache(maxsize=4096)(Path.resolve)  # once per folder of jobs, not once per job
    for job in jobs if existing else ():
        if resolved(job.source.parent) in folders:
            hit = next((q for q in host.formats.event_files(job.source) if q.resolve() in existing), None)
            if hit is not None:
                raise BrightwellError(f"is an input file ({job.label} reads it): outputs never replace an input; "
                                      "name another folder for the report", file=str(existing[hit.resolve()]))


def collect(inputs: Iterable[str | os.PathLike], to: str | None = None, *, host: Host) -> Jobs:
    """Files, folders (recursively) and globs: a job per event. The files a format declares as one
    event are one job, read from the set's main file; the companions a format reads beside an
    event are no jobs. A folder walk or a glob leaves out the output folders of earlier batches
    (those holding :data:`OUTPUT_TAG`) below where it starts, listed in ``left_out``; a named folder
    is read whatever it holds. A glob's matches are placed under its literal base, so the output
    tree mirrors the archive below it. Two jobs that would write one output (written as their own
    formats, or all as ``to``) are both refused (:attr:`Job.refused`); the others run."""
    formats = host.formats
    formats.output_suffix(Path("x"), to)  # an unknown --to is refused before any folder is walked
    companions = formats.companions()
    jobs = Jobs()
    mains = lru_cache(maxsize=16)(formats.main_files)  # a folder's set files are listed once, not once per set
    identity = real_path()
    is_tagged = lru_cache(maxsize=4096)(lambda folder: (folder / OUTPUT_TAG).is_file())  # once per folder
    for text in map(os.fspath, inputs):
        if not glob.has_magic(text) and not os.path.lexists(text):
            raise BrightwellError("no such file or folder", file=text)
        paths = [Path(p) for p in sorted(glob.glob(text, recursive=True))] or [Path(text)]
        base = _glob_base(text) if glob.has_magic(text) else None
        for path in paths:
            if base is not None and (tagged := _tagged_between(base, path, is_tagged)) is not None:
                if tagged not in jobs.left_out:
                    jobs.left_out.append(tagged)
                continue  # a match inside an earlier batch's output folder
            root = base if base is not None else path if path.is_dir() else path.parent
            for f, link in (_files(path, jobs.left_out) if path.is_dir() else [(path, None)]):
                if f.name.startswith(".") or f.name in companions:
                    continue
                if is_archive(f) and _add_archive(jobs, f, root, to, formats, identity(f, link)):
                    continue  # its members are the events (a zip of one Swiss Perfect trio is that event)
                members = formats.set_of(f.suffix)
                if members:  # one job per stem, read from the set's main file when there is one
                    if not jobs.first_sight(f"{f.parent.resolve()}\0{f.stem.lower()}"):
                        continue
                    f = mains(f.parent, members[0]).get(f.stem.lower(), f)
                elif not jobs.first_sight(identity(f, link)):
                    continue
                try:
                    relative = f.relative_to(root).with_suffix("")
                except ValueError:  # a glob's match outside its base
                    relative = Path(f.stem)
                parts = formats.parts(f)
                for job in [Job(f, relative.with_name(f"{relative.name}-{_safe(part)}"), part) for part in parts] or [
                        Job(f, relative)]:
                    _add(jobs, job, f"{job.relative}{formats.output_suffix(f, to)}", formats)
    return jobs


def _add_archive(jobs: Jobs, path: Path, root: Path, to: str | None, formats: Formats, real: str) -> bool:
    """The jobs of the events an archive holds (archive/members.py), placed below its name without
    its suffix; an archive that cannot be listed is one refused job. False for a zip that is one
    event (Swiss Perfect's): read as a file."""
    base = path.relative_to(root) if path.is_relative_to(root) else Path(path.name)
    base = base.with_name(stem(base.name))
    try:
        archive = Archive(path)
    except BrightwellError as exc:
        if jobs.first_sight(real):
            jobs.append(Job(path, base, refused=str(exc)))
        return True
    with closing(archive):
        if read_whole(archive, formats):
            return False
        if not jobs.first_sight(real):
            return True
        jobs.notes.extend(archive.notes)
        for name, pure in events(archive, formats):
            relative = base.joinpath(*pure.with_suffix("").parts)
            output = formats.output_suffix(Path(pure.name), to)
            for job in [Job(path, relative.with_name(f"{relative.name}-{_safe(part)}"), part, member=name)
                        for part in parts(archive, name, formats)] or [Job(path, relative, member=name)]:
                _add(jobs, job, f"{job.relative}{output}", formats)
    return True


def _place(job: Job) -> tuple[str, str, str]:
    """(folder, name, suffix) of a job's file: in its folder, or in its archive's folder."""
    if job.member is None:
        return str(job.source.parent), job.source.name, job.source.suffix
    pure = inner_path(job.member)
    return f"{job.source}!{pure.parent}", pure.name, pure.suffix


def real_path():
    """A function giving ``str(path.resolve())``, the file's own path without links, each folder
    resolved once: a file that is no symbolic link is its folder's real path and its name (one
    ``lstat``, not one for each part of the path)."""
    real_folder = lru_cache(maxsize=4096)(os.path.realpath)

    def identity(path: str | os.PathLike, link: bool | None = None) -> str:
        """``link``: whether the file is a symbolic link, when the caller knows (a folder's listing)."""
        path = os.fspath(path)
        name = os.path.basename(path)
        if name in ("", ".", "..") or (os.path.islink(path) if link is None else link):
            return os.path.realpath(path)
        return os.path.join(real_folder(os.path.dirname(path) or "."), name)
    return identity


def _add(jobs: Jobs, job: Job, output: str, formats: Formats) -> None:
    """``job`` added with its output; when another job claims the same one and both files hold
    events, both fail, and only they (a note beside an event writes nothing: it is skipped or fails)."""
    def holds_event(j: Job) -> bool:  # a member is taken to hold one: it is read in its worker
        return j.member is not None or formats.holds_event(j.source)
    try:
        jobs.append(job, output)
    except OutputClash as clash:
        if not holds_event(job):
            jobs.append(job)
        elif not holds_event(clash.first):
            jobs.release(output)
            jobs.append(job, output)
        elif not _apart(jobs, clash.first, job, output):
            jobs.refuse(output, clash.message)
            jobs.append(replace(job, refused=clash.message))


def _apart(jobs: Jobs, first: Job, job: Job, output: str) -> bool:
    """Two events of one name in one folder (``nccz.piz`` and ``nccz.zip``, ``open.json`` beside
    ``open.xml``) are both written, each named with its own suffix (``nccz-piz.trn``, ``nccz-zip.trn``),
    said in ``jobs.renamed``; False when they are not such a pair or those names are taken."""
    (folder, name, _), (other_folder, other_name, _) = _place(first), _place(job)
    if folder != other_folder or name == other_name:
        return False
    tail = output[len(str(job.relative)):]  # the written suffix
    first_relative, relative = (j.relative.with_name(f"{j.relative.name}-{_safe(_place(j)[2][1:].lower())}")
                                for j in (first, job))
    if not jobs.rename(output, first_relative, f"{first_relative}{tail}"):
        return False
    try:
        jobs.append(replace(job, relative=relative), f"{relative}{tail}")
    except OutputClash:
        jobs.rename(f"{first_relative}{tail}", first.relative, output)  # as it was
        return False
    jobs.renamed.append(f"{first.label} and {job.label} would both be written to {output}: written as "
                        f"{first_relative}{tail} and {relative}{tail}")
    return True


def _glob_base(text: str) -> Path:
    """The folder a glob's matches are placed under: its path up to the first part with a wildcard
    (``archive/**/*.elo`` -> ``archive``), so that ``2019/woc.elo`` and ``2020/woc.elo`` stay apart."""
    parts = Path(text).parts
    literal = next((i for i, part in enumerate(parts) if glob.has_magic(part)), len(parts))
    return Path(*parts[:literal]) if literal else Path(".")


def _tagged_between(base: Path, path: Path, is_tagged) -> Path | None:
    """The batch output folder below ``base`` on the way to ``path`` (``path`` included), if any."""
    folder = path if path.is_dir() else path.parent
    while folder != base and folder.is_relative_to(base) and folder != folder.parent:
        if is_tagged(folder):
            return folder
        folder = folder.parent
    return None


OUTPUT_TAG = ".brightwell-batch-output"  # in every batch's output folder: later walks leave the folder out
_TAG_TEXT = (b"This folder holds the outputs of brightwell batch. A batch over a folder that contains\n"
             b"this one leaves it out of its inputs; name this folder itself to read its files.\n")


def _files(folder: Path, left_out: list[Path]):
    """The files under ``folder``, in path order (as ``sorted(folder.rglob("*"))``), one folder at a
    time: a million files are never a list; each with whether it is a symbolic link. Symbolic links
    to folders are not followed; a batch's output folder below ``folder`` is left out and added to
    ``left_out``."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return
    for entry in entries:
        if entry.is_dir(follow_symlinks=False):
            if os.path.isfile(os.path.join(entry.path, OUTPUT_TAG)):
                left_out.append(Path(entry.path))
            else:
                yield from _files(Path(entry.path), left_out)
        elif entry.is_file():
            yield Path(entry.path), entry.is_symlink()


def _safe(part: str) -> str:
    return re.sub(r"[^\w.-]+", "_", part) or "part"


def tag_output(out_dir: Path) -> None:
    """Mark ``out_dir`` as a batch's output folder (:data:`OUTPUT_TAG`), so that a batch over a folder
    holding it, run again, does not take these outputs for inputs."""
    tag = out_dir / OUTPUT_TAG
    if not tag.is_file():
        try:
            atomic_write(tag, _TAG_TEXT)
        except OSError as exc:
            raise BrightwellError(f"cannot be the output folder: {exc.strerror}", file=str(out_dir)) from None
