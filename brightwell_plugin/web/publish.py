"""``brightwell publish``: write the site into a folder at once (a reader sees the old site or the
new one, never half of one), and with ``watch`` again each time the event file is saved."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.progress import rounds_ranked
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import gc_paused
from brightwell_plugin.fileio import write_all
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.publication import document, named
from brightwell_plugin.web import split
from brightwell_plugin.web.pages import render_site

MARKER = "standings.json"  # a folder holding it (or empty) is a site this command may replace


def publish(source: str | os.PathLike, out: str | os.PathLike, spec: str | None = None,
            compare: str | None = None, after_round: int | None = None, input_format: str | None = None,
            encoding: str | None = None, division: str | None = None, edition: int | str | None = None,
            strict: bool = False, live: bool = False, report: Callable[[str], None] = lambda line: None, *,
            host: Host) -> int:
    """Build the site of one event file with ``host``'s plugins and put it in ``out``; the number of
    files written. What the reader warned of goes to ``report`` and the pages."""
    loaded = api.load(source, input_format, encoding, host, division, strict)
    for warning in loaded.warnings:
        report(f"warning: {warning}")
    name = Path(source).name  # the pages name the file, not where it lies on this machine
    notes = named(loaded.warnings, source, name)
    t = loaded.tournament
    try:
        rounds_ranked(t, after_round)  # refused before the site is begun, naming the file
    except BrightwellError as exc:
        raise exc.at(file=str(source)) from None
    settings = {"spec": spec, "compare": compare, "after_round": after_round, "source": name,
                "edition": edition, "warnings": notes, "host": host}
    if t.playoffs:
        report(f"note: {len(t.playoffs)} play-off game(s) after the rounds are listed on the standings "
               "pages, not ranked")
    with gc_paused(), replacing_site(Path(out), inputs=[Path(source)]) as folder:  # see fast.gc_paused
        if split.worthwhile(len(t.players)) and t.teams is None:  # a team site is built in one process
            return split.write_site(folder, t, settings, live, write_files)
        files = render_site(document(t, **settings), live=live)
        write_files(folder, files)
        return len(files)


def put_site(files: dict[str, bytes], out: Path, inputs=()) -> None:
    """Write the files into a new folder beside ``out``, then swap it in for ``out``."""
    with replacing_site(out, inputs) as folder:
        write_files(folder, files)


def write_files(folder: Path, files: dict[str, bytes]) -> None:
    """Each file into ``folder``, a new folder of this run's: every name is created, none replaced.
    Each subfolder is opened once and its files made relative to it (half the work of a path each)."""
    by_folder: dict[str, list[tuple[str, bytes]]] = {}
    for path, data in files.items():
        parent, _, name = path.rpartition("/")
        by_folder.setdefault(parent, []).append((name, data))
    for parent, entries in by_folder.items():
        where = folder / parent
        where.mkdir(parents=True, exist_ok=True)
        if os.open not in os.supports_dir_fd:
            for name, data in entries:
                (where / name).write_bytes(data)
            continue
        handle = os.open(where, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            for name, data in entries:
                _create(handle, name, data)
        finally:
            os.close(handle)


def _create(folder: int, name: str, data: bytes) -> None:
    fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666, dir_fd=folder)
    try:
        write_all(fd, data)
    finally:
        os.close(fd)


@contextmanager
def replacing_site(out: Path, inputs=()) -> Iterator[Path]:
    """A new folder beside ``out`` to write the site in; swapped in for ``out`` when the block ends,
    removed if it fails; the old site is removed after the swap."""
    if out.exists() and not out.is_dir():
        raise BrightwellError(f"{out}: is not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file():
        raise BrightwellError(f"{out}: holds files that are no published site; give an empty or new folder")
    for source in inputs:
        if out.is_dir() and Path(source).resolve().is_relative_to(out.resolve()):
            raise BrightwellError(f"{out}: holds the input {source}; publish into another folder")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        new = Path(tempfile.mkdtemp(prefix=f".{out.name}.new-", dir=out.parent))
    except OSError as exc:
        raise BrightwellError(f"cannot write the site: {exc.strerror or exc}; nothing was changed",
                              file=str(out)) from None
    try:
        yield new
        os.chmod(new, 0o755)
        if out.exists():
            _exchange(new, out)  # new now holds the old site
            shutil.rmtree(new, ignore_errors=True)
        else:
            os.rename(new, out)
    except OSError as exc:  # a full disk, a quota: the old site stays as it was
        shutil.rmtree(new, ignore_errors=True)
        raise BrightwellError(f"cannot write the site: {exc.strerror or exc}; nothing was changed",
                              file=str(out)) from None
    except BaseException:
        shutil.rmtree(new, ignore_errors=True)
        raise


def _exchange(a: Path, b: Path) -> None:
    """Swap two folders in one step (Linux renameat2 RENAME_EXCHANGE); elsewhere two renames."""
    import ctypes
    try:  # the C library's symbols, as the interpreter has them (no search for the library file)
        renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    except OSError:
        renameat2 = None
    if renameat2 is not None:
        at_fdcwd, rename_exchange = -100, 2
        if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
            return
    old = b.with_name(f".{b.name}.old-{os.getpid()}")
    os.rename(b, old)
    os.rename(a, b)
    os.rename(old, a)


def _stamp(paths) -> tuple:
    out = []
    for p in paths:
        try:
            st = os.stat(p)
            out.append((st.st_mtime_ns, st.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


def watch(source: str | os.PathLike, out: str | os.PathLike, report: Callable[[str], None],
          interval: float = 1.0, stop: Callable[[], bool] = lambda: False, *, host: Host, **options) -> None:
    """Publish now, then each time the event's files change (and have stayed the same for one
    interval, so a file still being saved is not read); a bad save is reported and the old site kept."""
    watched = api.event_files(source, host)
    last = None
    while not stop():
        stamp = _stamp(watched)
        if stamp != last:
            time.sleep(interval)
            if _stamp(watched) != stamp:
                continue  # still being written
            last = stamp
            try:
                count = publish(source, out, live=True, report=report, host=host, **options)
                report(f"published {count} files to {out}")
            except BrightwellError as exc:
                report(f"error: {exc} (the site in {out} is unchanged)")
        time.sleep(interval)
