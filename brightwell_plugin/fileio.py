"""Safe file output: write to a temporary file beside the target, then rename over it.

Readers, and a run interrupted at any moment, never see a half-written file: a target is either
its old content or its complete new content. (No fsync: durability across a power failure is
the file system's; forcing it made batches of small files I/O-bound.)
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def atomic_write_all(files: dict[Path, bytes]) -> None:
    """Write several files so that either all appear or none changes: every file is staged
    beside its target first, and renamed only once all are staged."""
    staged: list[tuple[str, Path]] = []
    try:
        for target, data in files.items():
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
            staged.append((tmp, target))
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
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
    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
