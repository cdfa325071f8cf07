"""Safe file output: write to a temporary file beside the target, then rename over it.

Readers, and a run interrupted at any moment, never see a half-written file: a target is either
its old content or its complete new content. (No fsync: durability across a power failure is
the file system's; forcing it made batches of small files I/O-bound.) Temporaries are named
``.NAME.TAG.tmp``; :func:`stage` makes them with plain ``os`` calls (no buffered file object,
no random-name machinery: a batch writes thousands) and the permissions a new file gets.

Within :func:`replaced_files_reused` (a batch's chunk of files), the new file and the one it
replaces exchange names at once (Linux's renameat2), and the next write in that folder goes into
the file replaced: where making a file costs far more than writing one (ext4: about 0.6 ms against
0.1 for a 7 KB event), a batch re-writing its output tree spares that per file. Only a file that
nothing else can see is reused: a regular file of ours, no other name, held open by no one (a write
lease says so), with the permissions, owner and extended attributes a new file of its folder gets.
"""

from __future__ import annotations

import itertools
import os
import stat
from _thread import allocate_lock
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows: no file is reused
    fcntl = None

from brightwell_plugin.errors import BrightwellError

_TAGS = itertools.count()


def write_all(fd: int, data: bytes) -> None:
    """All of ``data`` to the open descriptor ``fd`` (``os.write`` may write less than it is given)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


_REUSABLE = fcntl is not None and hasattr(fcntl, "F_SETLEASE") and hasattr(os, "listxattr")


_reuse = None  # each thread's state within replaced_files_reused (_state): made on first use
_MAKING = allocate_lock()


def _state():
    """A threading.local of ``depth`` (of nested blocks), ``spare`` (a replaced file kept to be
    written into) and ``new_file`` (a folder's new files' permissions, owner and attributes)."""
    global _reuse, _exchange
    with _MAKING:
        if _reuse is None:
            import threading  # on first use: a batch's (rank imports no threading: bench_start)
            _exchange = _renameat2() if _REUSABLE else None

            class Reuse(threading.local):
                depth = 0
                spare: str | None = None
                new_file: dict[str, tuple] = {}
            _reuse = Reuse()
    return _reuse


@contextmanager
def replaced_files_reused():
    """Within the block, this thread's atomic writes reuse the files they replace (the module's
    docstring says which); the one left over is removed when the block ends."""
    state = _state()
    if state.depth == 0:
        state.new_file = {}
    state.depth += 1
    try:
        yield
    finally:
        state.depth -= 1
        if state.depth == 0:
            _drop_spare()


def _drop_spare() -> None:
    if _reuse.spare is not None:
        _unlink(_reuse.spare)
        _reuse.spare = None


def _looks(fd: int, st: os.stat_result) -> tuple:
    return stat.S_IMODE(st.st_mode), st.st_uid, st.st_gid, tuple(sorted(os.listxattr(fd)))


def _reused(folder: str) -> tuple[int, str, int] | None:
    """The kept replaced file, open for writing, and its size, if it lies in ``folder`` and nothing
    else can see it."""
    spare, _reuse.spare = _reuse.spare, None
    if os.path.dirname(spare) != folder or folder not in _reuse.new_file:
        _unlink(spare)
        return None
    try:
        fd = os.open(spare, os.O_WRONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except OSError:
        _unlink(spare)
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_nlink != 1 or _looks(fd, st) != _reuse.new_file[folder]:
            raise OSError
        fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_WRLCK)  # refused while another open file holds it
        fcntl.fcntl(fd, fcntl.F_SETLEASE, fcntl.F_UNLCK)
    except OSError:
        os.close(fd)
        _unlink(spare)
        return None
    return fd, spare, st.st_size


_AT_FDCWD, _RENAME_EXCHANGE = -100, 2  # Linux's <fcntl.h> and <linux/fs.h>
_exchange = None  # libc's renameat2, when it has one (_state)


def _exchanged(tmp: str, target: Path) -> bool:
    """Within :func:`replaced_files_reused`, ``tmp`` and ``target`` swap names at once (renameat2's
    RENAME_EXCHANGE): the target is the new content whole, and the file it held is named ``tmp``,
    to be written into next. False where nothing was swapped (a new target, no renameat2): a rename then."""
    folder = os.fspath(target.parent) or "."
    if _exchange is None or not _reuse.depth or folder not in _reuse.new_file:
        return False
    return _exchange(_AT_FDCWD, os.fsencode(tmp), _AT_FDCWD, os.fsencode(os.fspath(target)), _RENAME_EXCHANGE) == 0


def _renameat2():
    """libc's renameat2 (glibc 2.28, Linux 3.15), or None."""
    try:
        import ctypes
        call = ctypes.CDLL(None, use_errno=True).renameat2
    except (ImportError, OSError, AttributeError):
        return None
    call.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint)
    call.restype = ctypes.c_int
    return call


def stage(target: Path, data: bytes) -> str:
    """Write ``data`` to a new temporary file beside ``target`` (or, within
    :func:`replaced_files_reused`, into a replaced file kept); return its path."""
    folder = os.fspath(target.parent) or "."
    reused = _reused(folder) if _reuse is not None and _reuse.spare is not None else None
    if reused is not None:
        fd, tmp, size = reused
    else:
        while True:
            tmp = os.path.join(folder, f".{target.name}.{os.getpid()}-{next(_TAGS)}.tmp")
            try:
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC | getattr(os, "O_BINARY", 0),
                             0o666)
            except FileExistsError:  # left by an interrupted run of a process with the same id
                continue
            break
    try:
        write_all(fd, data)
        if reused is not None and size > len(data):
            os.ftruncate(fd, len(data))
        elif _reuse is not None and _reuse.depth and _REUSABLE and folder not in _reuse.new_file:
            _reuse.new_file[folder] = _looks(fd, os.fstat(fd))
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
        if len(staged) == 1 and _exchanged(*staged[0]):  # the file replaced keeps the temporary's name:
            _drop_spare()  # the next to write into (the one kept before, if unused, removed)
            _reuse.spare = staged[0][0]
            return
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
