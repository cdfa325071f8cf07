"""Bounds on what is read: regular files only, no more bytes than the input limit, no more rounds
than the rounds limit.

The input limit is 256 MiB unless ``BRIGHTWELL_MAX_INPUT`` says otherwise (bytes, or with a K, M
or G suffix). A FIFO, device or socket is refused from its ``stat`` before it is opened for
content, and a file is read only up to the limit (a file that grows while read is still bounded).
A round number or a planned number of rounds above 1000 (``BRIGHTWELL_MAX_ROUNDS``) is refused
before anything is built for it.
"""

from __future__ import annotations

import os
import re
import stat
from functools import partial

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import LEFT_OUT, READ_CUT_SHORT

DEFAULT_MAX_INPUT = 256 * 1024 * 1024
MAX_INPUT_VARIABLE = "BRIGHTWELL_MAX_INPUT"
DEFAULT_MAX_ROUNDS = 1000
MAX_ROUNDS_VARIABLE = "BRIGHTWELL_MAX_ROUNDS"
_SIZE = re.compile(r"^\s*([0-9]+)\s*(?P<unit>[KMG]?)i?B?\s*$", re.I)
_COUNT = re.compile(r"^\s*([0-9]+)\s*$")
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}


def _setting(variable: str, default: int, pattern: re.Pattern, example: str) -> int:
    raw = os.environ.get(variable)
    if not raw:
        return default
    m = pattern.match(raw)
    if not m or int(m.group(1)) == 0:
        raise BrightwellError(f"{variable}={raw!r} is not a {example}")
    return int(m.group(1)) * _UNITS[(m.groupdict().get("unit") or "").upper()]


def max_input() -> int:
    """The input limit in bytes (``BRIGHTWELL_MAX_INPUT``, else 256 MiB)."""
    return _setting(MAX_INPUT_VARIABLE, DEFAULT_MAX_INPUT, _SIZE, "size (e.g. 512M)")


def max_rounds() -> int:
    """The most rounds an event may have (``BRIGHTWELL_MAX_ROUNDS``, else 1000)."""
    return _setting(MAX_ROUNDS_VARIABLE, DEFAULT_MAX_ROUNDS, _COUNT, "whole number (e.g. 2000)")


MAX_DIGITS = 18  # a whole number in a file: a count, a score, a rating, an id; never more digits
MAX_MAGNITUDE = 1e15  # likewise any number, whole or not: beyond it, sums of such numbers overflow


def digits(text: str) -> bool:
    """Whether ``text`` is 1 to 18 ASCII digits: a whole number a file may hold, which ``int``
    reads as it is meant (``str.isdigit`` also accepts '³' and '١', which ``int`` refuses or reads
    as another number, and ``int`` refuses 4,301 digits and more)."""
    return 0 < len(text) <= MAX_DIGITS and text.isascii() and text.isdigit()


def check_round(n: int, file: str | None = None, place: str | None = None) -> int:
    """``n`` when it is a round number within the rounds limit; otherwise a one-line refusal."""
    limit = max_rounds()
    if not 1 <= n <= limit:
        beyond = f"beyond the limit of {limit} rounds (set {MAX_ROUNDS_VARIABLE} to raise it)" if n > limit \
            else "not a round number (rounds count from 1)"
        raise BrightwellError(f"round {n} is {beyond}", file=file, place=place)
    return n


def _kind(mode: int) -> str:
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder")):
        if test(mode):
            return name
    return "not a regular file"


def check_regular(path: str | os.PathLike, *, folder_ok: bool = False) -> os.stat_result:
    """The file's ``stat``; a FIFO, device, socket (or a folder unless ``folder_ok``) is refused."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise BrightwellError(f"cannot read: {exc.strerror}", file=str(path)) from None
    if stat.S_ISREG(st.st_mode) or (folder_ok and stat.S_ISDIR(st.st_mode)):
        return st
    raise BrightwellError(f"is {_kind(st.st_mode)}, not a regular file: only files are read", file=str(path))


def too_large(name: str, limit: int) -> BrightwellError:
    return BrightwellError(f"larger than the input limit of {limit} bytes (set {MAX_INPUT_VARIABLE} to raise it)",
                           file=name)


def _open(path: str | os.PathLike) -> int:
    """A descriptor of the regular file ``path``, open for reading (no buffered file object: a
    batch reads thousands, and one ``read`` takes a whole file)."""
    try:  # O_NONBLOCK: should the path have become a FIFO since the stat, opening it does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                     | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise BrightwellError(f"cannot read: {exc.strerror}", file=str(path)) from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise BrightwellError("is not a regular file: only files are read", file=str(path))
    return fd


_PIECE = 1 << 16


def read_input(path: str | os.PathLike, limit: int | None = None) -> bytes:
    """The content of a regular file, refused beyond the input limit."""
    limit = max_input() if limit is None else limit
    size = check_regular(path).st_size
    if size > limit:
        raise too_large(str(path), limit)
    fd = _open(path)
    try:  # first a piece of the file's size, then the rest should it have grown
        return _read_pieces(partial(os.read, fd), str(path), limit, first=size + 1)
    except OSError as exc:  # a file the kernel will not read (/proc/self/mem), a failing disk
        raise BrightwellError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    finally:
        os.close(fd)


def read_head(path: str | os.PathLike, size: int) -> bytes:
    """The first ``size`` bytes of a regular file (a folder has none)."""
    if stat.S_ISDIR(check_regular(path, folder_ok=True).st_mode):
        return b""
    fd = _open(path)
    try:
        head = os.read(fd, size)
        while 0 < len(head) < size and (more := os.read(fd, size - len(head))):  # a read may return less
            head += more
        return head
    except OSError as exc:
        raise BrightwellError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    finally:
        os.close(fd)


def read_stream(stream, name: str, limit: int | None = None, first: int = _PIECE) -> bytes:
    """All of a stream (standard input, an upload, a file), refused beyond the input limit."""
    return _read_pieces(stream.read, name, limit, first)


def _read_pieces(read, name: str, limit: int | None = None, first: int = _PIECE) -> bytes:
    """All that ``read(n)`` gives, refused beyond the input limit; read in pieces (``first``
    bytes, then 64 KB at a time), since reading limit + 1 bytes at once would allocate them first."""
    limit = max_input() if limit is None else limit
    chunks, total, piece = [], 0, first
    while total <= limit:
        chunk = read(min(piece, limit + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
        piece = _PIECE
    if total > limit:  # refused before the pieces are joined: a copy of the limit's size besides them
        raise too_large(name, limit)
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)  # one piece, as nearly always: no copy


def cut_short(file: str, what: str, place: str | None = None) -> BrightwellError:
    """The refusal of a file cut short: what it declares and holds, and the cure."""
    return BrightwellError(f"the file is cut short: {what} (--cut-short ranks what it holds)", file=file, place=place)


class CutShort:
    """A file of player lines (h9, .tou, tsh .t) found cut short: its last line stopping short, or
    an opponent named beyond the players it holds. Refused (:func:`cut_short`), or with
    ``--cut-short`` (``allowed``) ranked as it stands: the line and the games left out, said in one warning."""

    def __init__(self, file: str, allowed: bool):
        self.file, self.allowed, self.lost, self.dropped = file, allowed, 0, None
        self.left: list[str] = []  # what was left out, each said as LEFT_OUT says it

    def rows(self, lines: list, parse, cells=None) -> list:
        """``parse`` of each ``(n, line)``; of several, a last one that does not parse stops short,
        as one with fewer round cells (``cells`` of a parsed line) than every other line has."""
        out = [parse(n, line) for n, line in lines[:-1]]
        if not lines:
            return out
        n, line = lines[-1]
        try:
            last = parse(n, line)
        except BrightwellError as exc:
            if not out:
                raise
            why = exc.message
        else:
            fewer = cells is not None and out and cells(last) < min(map(cells, out))
            if not fewer:
                return [*out, last]
            why = f"{cells(last)} round(s) where every other line has {min(map(cells, out))}"
        if not self.allowed:
            raise cut_short(self.file, f"its last player line stops short ({why})", f"line {n}")
        self.dropped = n
        self.left.append(f"line {n}: a player line that stops short")
        return out

    def beyond(self, opponent: int, held: int, round_no: int, place: str) -> bool:
        """Whether the game against ``opponent`` is one against a player the file lost (it holds
        ``held``): refused, or (``--cut-short``) True, the game to be left out."""
        return opponent > held and self.missing(opponent, held, round_no, place)

    def missing(self, opponent: int, held: int, round_no: int, place: str) -> bool:
        """The game against ``opponent``, whom the file does not hold (it holds ``held`` players):
        refused as cut short, or (``--cut-short``) True, the game to be left out."""
        if not self.allowed:
            raise cut_short(self.file, f"round {round_no} names opponent {opponent}, and the file holds {held} "
                                       "players", place)
        self.lost += 1
        self.left.append(f"{place}, round {round_no}: a game against player {opponent}, whom the file lost")
        return True

    def metadata(self) -> tuple[tuple[str, str], ...]:
        """What a tournament read as it stands records: that it was cut short (its stored totals not
        compared), and each thing left out (``--strict`` refuses it)."""
        if not self.left:
            return ()
        return ((READ_CUT_SHORT, self.file), *((LEFT_OUT, x) for x in self.left))

    def said(self, warnings: list[str]) -> None:
        """The one warning of a file ranked as it stands."""
        if self.dropped is None and not self.lost:
            return
        parts = ([f"its last line ({self.dropped}) stops short and is left out"] if self.dropped is not None else []) \
            + ([f"{self.lost} game(s) against players it lost are left out"] if self.lost else [])
        warnings.append(f"{self.file}: the file is cut short: ranked as it stands, its stored totals not compared; "
                        f"{', and '.join(parts)}")
