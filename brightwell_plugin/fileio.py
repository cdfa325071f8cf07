"""Safe file output: write to a temporary file beside the target, then rename over it.

Readers, and a run interrupted at any moment, never see a half-written file: a target is either
its old content or its complete new content. (No fsync: durability across a power failure is
the file system's; forcing it made batches of small files I/O-bound.) Temporaries are named
``.NAME.TAG.tmp``; :func:`stage` makes them with plain ``os`` calls (no buffered file object,
no random-name machinery: a batch writes thousands) and the permissions a new file gets.
"""

from __future__ import annotations

import itertools
import os
import stat
from pathlib import Path

from brightwell_plugin.errors import BrightwellError

_TAGS = itertools.count()


def write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to the open descriptor ``fd`` (``os.write`` may write less than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def stage(target: Path, data: bytes) -> str:
    """Write ``data`` to a new temporary file beside ``target``; return its path."""
    folder = os.fspath(target.parent) or "."
    while True:
        tmp = os.path.join(folder, f".{target.name}.{os.getpid()}-{next(_TAGS)}.tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_BINARY", 0), 0o666)
        except FileExistsError:  # left by an interrupted run of a process with the same id
            continue
        break
    try:
        write_all(fd, data)
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    return tmp


def check_target(target: Path, *, follow_symlinks: bool = False) -> Path:
    """The path to replace: a new name or a regular file. A device, FIFO, folder or socket is
    refused, and so is a symbolic link unless ``follow_symlinks`` (then its target is replaced)."""
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        return target
    except OSError as exc:
        raise BrightwellError(f"cannot write: {exc.strerror}", file=str(target)) from None
    if stat.S_ISLNK(st.st_mode):
        if not follow_symlinks:
            raise BrightwellError("is a symbolic link: name the file it points to (or --follow-symlinks)",
                                  file=str(target))
        return check_target(Path(os.path.realpath(target)))
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode) else \
            "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a regular file"
        raise BrightwellError(f"is {kind}: only regular files are replaced", file=str(target))
    return target


def _keep(target: Path) -> str | None:
    """A second name for ``target``'s current content, so that it can be put back; None if new."""
    if not os.path.lexists(target):
        return None
    backup = os.path.join(os.fspath(target.parent) or ".", f".{target.name}.{os.getpid()}-{next(_TAGS)}.old.tmp")
    try:
        os.link(target, backup)
    except OSError:  # a file system without hard links: a copy
        with open(target, "rb") as fh:
            return stage(target, fh.read())
    return backup


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def atomic_write_all(files: dict[Path, bytes], *, follow_symlinks: bool = False) -> None:
    """Write several files so that either all appear or none changes: every file is staged
    beside its target, then all are renamed; should a rename fail, those done are undone."""
    targets = {check_target(Path(t), follow_symlinks=follow_symlinks): data for t, data in files.items()}
    staged: list[tuple[str, Path]] = []
    kept: list[tuple[Path, str | None]] = []
    done: list[Path] = []
    current = None
    try:
        for target, data in targets.items():
            current = target
            staged.append((stage(target, data), target))
        for _, target in staged if len(staged) > 1 else ():  # one file: its rename is done whole, or not at all
            current = target
            kept.append((target, _keep(target)))
        for tmp, target in staged:
            current = target
            os.replace(tmp, target)
            done.append(target)
    except BaseException as exc:
        for target, backup in reversed(kept):
            if target in done:
                if backup is None:
                    _unlink(os.fspath(target))
                else:
                    os.replace(backup, target)
        for tmp, _ in staged:
            _unlink(tmp)
        for _, backup in kept:
            if backup is not None:
                _unlink(backup)
        if isinstance(exc, OSError):
            raise BrightwellError(f"cannot write: {exc.strerror or exc}; nothing was changed",
                                  file=str(current)) from None
        raise
    for _, backup in kept:
        if backup is not None:
            _unlink(backup)


def atomic_write(path: str | os.PathLike, data: bytes, *, follow_symlinks: bool = False) -> None:
    """Write ``data`` to ``path`` so that readers never see a half-written file."""
    atomic_write_all({Path(path): data}, follow_symlinks=follow_symlinks)
