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
from pathlib import Path

_TAGS = itertools.count()


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
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BaseException:
        os.close(fd)
        os.unlink(tmp)
        raise
    os.close(fd)
    return tmp


def atomic_write_all(files: dict[Path, bytes]) -> None:
    """Write several files so that either all appear or none changes: every file is staged
    beside its target first, and renamed only once all are staged."""
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files.items():
            staged.append((stage(target, data), target))
        for tmp, target in staged:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _ in staged:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
        raise


def atomic_write(path: str | os.PathLike, data: bytes) -> None:
    """Write ``data`` to ``path`` so that readers never see a half-written file."""
    atomic_write_all({Path(path): data})
