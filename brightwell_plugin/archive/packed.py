"""Archives of events read where they lie: a zip, or a tar (plain, gzip, bzip2 or xz), among the
inputs of a batch or a study holds an event a member (``archive.zip!2019/woc.elo``), the files of a
set (a Swiss Perfect trio) one event. A job's member, with the files read beside it, is copied into
a private scratch folder, read there and removed: nothing is unpacked beside the archive.

Archives are hostile input, refused in one line before any member is read: more than
:data:`MAX_MEMBERS` members (a zip's directory counted, its end record not trusted), a member name
that climbs out (absolute, ``..``, a drive), two members of one name, a tar that inflates more than
:data:`MAX_RATIO` times its size while listed (a bomb). A member is read with a bound whatever size
it declares: the input limit, and for a zip member :data:`MAX_RATIO` times its compressed size.
"""

from __future__ import annotations

import copy
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.limits import check_regular, max_input, too_large
from brightwell_plugin.zips import inflate, refuse_large_directory, unsafe_name

if TYPE_CHECKING:
    import zipfile

# zipfile, tarfile and their decompressors are imported where an archive is read: a batch of plain
# files imports none of them (its start: benchmarks/bench_batch_plain.py)

MAX_MEMBERS = 100_000  # an archive of events holds some thousands
MAX_RATIO = 200  # a member (a tar, while listed) inflates at most so many times its compressed size ...
SMALL = 1 << 20  # ... beyond 1 MiB
TAR_SUFFIXES = (".tar", ".tar.gz", ".tgz", ".tar.bz2", ".tbz2", ".tbz", ".tar.xz", ".txz")
ARCHIVE_SUFFIXES = (".zip", *TAR_SUFFIXES)
_LONGEST_FIRST = tuple(sorted(ARCHIVE_SUFFIXES, key=len, reverse=True))
_PIECE = 1 << 20
_TAR_BLOCK = 512  # tarfile.BLOCKSIZE


def archive_suffix(name: str) -> str | None:
    """The archive suffix ``name`` ends with (lower case: ``.zip``, ``.tar.gz`` ...), else None."""
    low = name.lower()
    if not low.endswith(_LONGEST_FIRST):  # nearly every file of an archive: one C call
        return None
    return next((s for s in _LONGEST_FIRST if low.endswith(s) and low != s), None)


def stem(name: str) -> str:
    """``name`` without its archive suffix (``2019.tar.gz`` -> ``2019``)."""
    suffix = archive_suffix(name)
    return name[:-len(suffix)] if suffix else name


def is_archive(path: Path) -> bool:
    """Whether ``path`` is a file with an archive suffix (a zip's content checked: a file named .zip
    that is no zip is read as any other file, and says what it is)."""
    suffix = archive_suffix(path.name)
    if suffix is None or not path.is_file():
        return False
    if suffix != ".zip":
        return True
    import zipfile
    return zipfile.is_zipfile(path)


def inner_path(name: str) -> PurePosixPath:
    """A member's name as a relative path (a zip written on Windows separates with backslashes)."""
    return PurePosixPath(name.replace("\\", "/"))


class Archive:
    """An archive's regular members (``names``, in archive order) and what was left out (``notes``:
    links, devices); :meth:`read` gives a member's bytes. Listing it refuses a hostile archive."""

    def __init__(self, path: Path):
        self.path, self.where = path, str(path)
        self.notes: list[str] = []
        self._members: dict = {}
        self._folders: dict[str, list[str]] | None = None
        check_regular(path)
        self._zip: zipfile.ZipFile | None = None
        self._stream: _Stream | None = None
        if archive_suffix(path.name) == ".zip":
            self._zip = self._list_zip()
        else:
            self._stream = self._list_tar()
        self.names = list(self._members)

    def _refuse(self, what: str) -> BrightwellError:
        return BrightwellError(f"{what}; nothing was read", file=self.where)

    def _take(self, name: str, member) -> None:
        if unsafe_name(name):
            raise self._refuse(f"member '{name}' has an unsafe path (it climbs out of the archive)")
        if name in self._members:
            raise self._refuse(f"member '{name}' appears twice: which one is meant is unclear")
        self._members[name] = member

    def _list_zip(self) -> zipfile.ZipFile:
        import zipfile
        refuse_large_directory(self.path, MAX_MEMBERS, "an archive of events")
        try:
            zf = zipfile.ZipFile(self.path)
        except Exception as exc:  # noqa: BLE001 - zipfile parses a hostile directory: any failure is "unreadable"
            raise BrightwellError(f"not a readable zip ({type(exc).__name__}: {exc})", file=self.where) from None
        try:
            for info in zf.infolist():
                if not info.is_dir():
                    self._take(info.filename, info)
        except BaseException:
            zf.close()
            raise
        return zf

    def _list_tar(self) -> _Stream:
        import tarfile
        stream = _Stream(self.path)
        try:
            tar = tarfile.open(fileobj=stream, mode="r:")
            while (member := tar.next()) is not None:
                if len(self._members) + len(self.notes) >= MAX_MEMBERS:
                    raise self._refuse(f"more than the {MAX_MEMBERS} members an archive of events may hold")
                if member.isdir():
                    continue
                if not member.isreg() or member.issparse():
                    if unsafe_name(member.name):
                        raise self._refuse(f"member '{member.name}' has an unsafe path (it climbs out of the archive)")
                    self.notes.append(f"{self.where}!{member.name}: not a file (a link, a device or a sparse file): "
                                      "left out")
                    continue
                self._take(member.name, (member.offset_data, member.size))
            tar.members = []  # what tarfile held of each member: the offsets kept here are enough
        except BrightwellError:
            stream.close()
            raise
        except Exception as exc:  # noqa: BLE001 - tarfile, gzip, bz2, lzma on hostile bytes
            stream.close()
            raise BrightwellError(f"not a readable tar ({type(exc).__name__}: {exc})", file=self.where) from None
        return stream

    def read(self, name: str) -> bytes:
        """The member's bytes, refused beyond the input limit (and, in a zip, past
        :data:`MAX_RATIO` times its compressed size)."""
        member = self._members.get(name)
        if member is None:
            raise BrightwellError(f"no member '{name}' (the archive changed since it was listed)", file=self.where)
        if self._zip is not None:
            limit = min(max_input(), max(SMALL, MAX_RATIO * member.compress_size))
            return inflate(self._zip, member, self.where, limit)
        start, size = member
        if size > max_input():
            raise too_large(f"{self.where}!{name}", max_input())
        try:
            data = self._stream.read_at(start, size)
        except BrightwellError:
            raise
        except Exception as exc:  # noqa: BLE001 - a corrupt stream
            raise BrightwellError(f"member '{name}' cannot be read ({type(exc).__name__}: {exc})",
                                  file=self.where) from None
        if len(data) < size:
            raise BrightwellError(f"member '{name}' is cut short ({len(data)} of its {size} bytes)", file=self.where)
        return data

    def beside(self, name: str) -> list[str]:
        """The members in the folder of ``name`` (itself included)."""
        if self._folders is None:
            self._folders = {}
            for other in self.names:
                self._folders.setdefault(str(inner_path(other).parent), []).append(other)
        return self._folders.get(str(inner_path(name).parent), [])

    def close(self) -> None:
        (self._zip or self._stream).close()


class _Stream:
    """A tar's bytes for tarfile, decompressed as they are read, never more than :data:`MAX_RATIO`
    times the file's size (a bomb is stopped while listed); a seek forward reads on, in pieces."""

    def __init__(self, path: Path):
        self.path, self._raw = path, open(path, "rb")
        head = self._raw.read(6)
        self._raw.seek(0)
        if head[:2] == b"\x1f\x8b":
            import gzip
            self._file = gzip.GzipFile(fileobj=self._raw)
        elif head[:3] == b"BZh":
            import bz2
            self._file = bz2.BZ2File(self._raw)
        elif head == b"\xfd7zXZ\x00":
            import lzma
            self._file = lzma.LZMAFile(self._raw)
        else:
            self._file = self._raw  # a plain tar
        self.compressed = self._file is not self._raw
        self._limit = max(SMALL, MAX_RATIO * os.fstat(self._raw.fileno()).st_size)
        self._at = 0

    def _check(self) -> None:
        if self.compressed and self._at > self._limit:
            raise BrightwellError(f"inflates past {MAX_RATIO} times its size (a bomb?); nothing more was read",
                                  file=str(self.path))

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0 or size > max_input() + _TAR_BLOCK:  # a header declaring gigabytes
            raise BrightwellError(f"a member header declares {size} bytes; nothing more was read", file=str(self.path))
        data = self._file.read(size)
        self._at += len(data)
        self._check()
        return data

    def read_at(self, start: int, size: int) -> bytes:
        self.seek(start)
        return self.read(size)

    def seek(self, offset: int, whence: int = 0) -> int:
        target = offset if whence == 0 else self._at + offset if whence == 1 else None
        if target is None or not self.compressed or target < self._at:
            self._at = self._file.seek(offset, whence)  # a plain tar, or back: the stream starts again
            return self._at
        while self._at < target:  # on, in pieces, the bound checked after each
            piece = self._file.read(min(_PIECE, target - self._at))
            if not piece:
                break
            self._at += len(piece)
            self._check()
        return self._at

    def tell(self) -> int:
        return self._at

    def close(self) -> None:
        self._file.close()
        self._raw.close()


_OPEN = threading.local()  # a worker's archive, listed once for all the jobs it reads from it


def opened(path: Path) -> Archive:
    """The archive at ``path``, listed once per thread while it is unchanged (a worker reads many
    members of one archive: a zip's directory, a tar's headers, are read once)."""
    st = os.stat(path)
    key = (str(path), st.st_mtime_ns, st.st_size)
    if getattr(_OPEN, "key", None) != key:
        if getattr(_OPEN, "archive", None) is not None:
            _OPEN.archive.close()
            _OPEN.archive = None
        _OPEN.archive, _OPEN.key = Archive(path), key
    return _OPEN.archive


@contextmanager
def readable(job, formats) -> Iterator[Path]:
    """The path to read ``job``'s event from: its file, or for a member of an archive a copy of the
    member, with the files read beside it (its set's, the companions), in a scratch folder that is
    removed afterwards."""
    if job.member is None:
        yield job.source
        return
    archive = opened(job.source)
    wanted = inner_path(job.member)
    folder = {inner_path(name): name for name in archive.beside(job.member)}
    import tempfile
    with tempfile.TemporaryDirectory(prefix="brightwell-member-") as scratch:
        for pure in (wanted, *formats.read_beside(wanted, folder)):
            data = archive.read(folder[pure])
            try:
                with open(os.path.join(scratch, pure.name), "xb") as f:
                    f.write(data)
            except OSError as exc:  # a name no file may have here (too long), a full scratch disk
                raise BrightwellError(f"member '{folder[pure]}' cannot be copied to be read ({exc.strerror or exc})",
                                      file=str(job.source)) from None
        yield Path(scratch) / wanted.name


def said(text: str | None, job, source: Path) -> str | None:
    """``text`` naming the archive's members where it names their scratch copies."""
    if text is None or job.member is None:
        return text
    folder = str(inner_path(job.member).parent)
    return text.replace(str(source.parent) + os.sep, f"{job.source}!{'' if folder == '.' else folder + '/'}")


def relabeled(exc: BrightwellError, job, source: Path) -> BrightwellError:
    """``exc`` naming the archive's members where it names their scratch copies."""
    if job.member is None:
        return exc
    named = copy.copy(exc)  # of its class, with what it carries (NeedsRenumbering's reason)
    named.file = job.label if exc.file == str(source) else said(exc.file, job, source)
    named.message = said(exc.message, job, source)
    named.args = (named.message,)
    return named
