"""A large site built on two processors. Once the event is read, a forked child explains every
player while this process builds the outline (standings, crosstable, comparison); then each renders
part of the player pages, this process the event's pages too, and each writes its own files into
the new site's folder. The files are those :func:`~brightwell_plugin.web.pages.render_site` makes,
byte for byte (tests/web/test_publish.py).

The two meet once, in the middle: the version (a hash of ``standings.json``, in every live page)
needs both the outline and the explanations. The child sends the explanations' JSON, and the
explanations of this process's players; this process sends back the version and the outline."""

from __future__ import annotations

import os
import pickle
import signal
import struct
import threading
from collections.abc import Callable
from pathlib import Path

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fileio import write_all
from brightwell_plugin.model import Tournament
from brightwell_plugin.publication import explanations, outline
from brightwell_plugin.web.pages import (
    Site,
    dumped_parts,
    explanations_json,
    json_with,
    version_of,
)

SPLIT_FROM = 300  # players: for fewer a second process costs more than it spares
CHILD_SHARE = 0.6  # of the player pages: this process also renders the event's pages and the JSON

Write = Callable[[Path, dict[str, bytes]], None]


def worthwhile(players: int) -> bool:
    """Enough players, two processors, and no other thread (a fork copies none, and a lock one held
    would stay locked in the child)."""
    return hasattr(os, "fork") and players >= SPLIT_FROM and _processors() >= 2 and threading.active_count() == 1


def _processors() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def write_site(folder: Path, t: Tournament, settings: dict, live: bool, write: Write) -> int:
    """The site of ``t`` in ``folder``, each process putting its files there with ``write``;
    ``settings`` are :func:`~brightwell_plugin.publication.outline`'s. The number of files written."""
    cut = len(t.players) - int(len(t.players) * CHILD_SHARE)  # this process renders players [0, cut)
    to_parent, from_child = _pipe()
    to_child, from_parent = _pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        for fd in (from_child, to_child):
            os.close(fd)
        _child(folder, t, settings, live, write, cut, to_parent, from_parent)
    for fd in (to_parent, from_parent):
        os.close(fd)
    try:
        doc = outline(t, **settings)
        parts = dumped_parts(doc)
        data = json_with(parts, _receive(from_child))
        mine = pickle.loads(_receive(from_child))
        site = Site(doc, version_of(data), live)
        _send(to_child, b"V", site.common["version"].encode())
        _send(to_child, b"O", pickle.dumps(doc, protocol=pickle.HIGHEST_PROTOCOL))
        files = site.event_pages()
        files.update(site.player_pages(doc["players"][:cut], mine))
        files.update(site.data_files(data))
        write(folder, files)
        written = int(_receive(from_child))
        _wait(pid)
        pid = None
        return len(files) + written
    finally:
        for fd in (from_child, to_child):
            os.close(fd)
        if pid is not None:  # this process failed or was interrupted: the child stops writing first
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)


def _child(folder: Path, t: Tournament, settings: dict, live: bool, write: Write, cut: int,
           to_parent: int, from_parent: int) -> None:
    status = 1
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
        everyone = explanations(t, settings.get("spec"), settings.get("after_round"), settings.get("edition"),
                                host=settings.get("host"))
        _send(to_parent, b"J", explanations_json(everyone))
        numbers = [str(p.start_no) for p in t.players]
        _send(to_parent, b"P", pickle.dumps({no: everyone[no] for no in numbers[:cut]},
                                            protocol=pickle.HIGHEST_PROTOCOL))
        version = _receive(from_parent).decode()
        doc = pickle.loads(_receive(from_parent))
        site = Site(doc, version, live)
        files = site.player_pages(doc["players"][cut:], everyone)
        write(folder, files)
        _send(to_parent, b"K", str(len(files)).encode())
        status = 0
    except BrightwellError as exc:
        _send_quietly(to_parent, b"E", str(exc).encode())
    except BaseException as exc:
        _send_quietly(to_parent, b"E", f"internal error in the second process ({type(exc).__name__}: {exc})".encode())
    finally:
        os._exit(status)  # no exit handlers: they are the parent's


def _pipe() -> tuple[int, int]:
    """(write end, read end)."""
    read, write = os.pipe()
    return write, read


def _send(fd: int, tag: bytes, payload: bytes) -> None:
    write_all(fd, tag + struct.pack("<Q", len(payload)) + payload)


def _send_quietly(fd: int, tag: bytes, payload: bytes) -> None:
    try:
        _send(fd, tag, payload)
    except OSError:  # the other side has gone: it knows already
        pass


def _receive(fd: int) -> bytes:
    """The next message's payload; a failure the other side reported is raised here."""
    head = _read_exactly(fd, 9)
    payload = _read_exactly(fd, struct.unpack("<Q", head[1:])[0])
    if head[:1] == b"E":
        raise BrightwellError(payload.decode())
    return payload


def _read_exactly(fd: int, size: int) -> bytes:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise BrightwellError("the second process building the site stopped before it finished")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _wait(pid: int) -> None:
    _, status = os.waitpid(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise BrightwellError("the second process building the site failed")
