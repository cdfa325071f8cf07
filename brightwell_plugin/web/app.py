"""``brightwell serve``: a director's local web app over the same pages as ``publish``. Open an
event (from the folder served, or uploaded), choose tie-breaks, read standings, explanations and a
comparison, download the event in any writable format."""

from __future__ import annotations

import shutil
import tempfile
from collections import OrderedDict
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware

from brightwell_plugin import api
from brightwell_plugin.archive.jobs import collect
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.publication import document, named
from brightwell_plugin.web.access import TokenGate, new_token
from brightwell_plugin.web.downloads import Downloads, Offer
from brightwell_plugin.web.handlers import Handlers, routes, without_command_line_advice  # noqa: F401 (named from here)
from brightwell_plugin.web.pages import render_site

KEPT = 32  # events kept in memory, the least recently opened dropped first
LOCAL = ("127.0.0.1", "localhost", "::1", "[::1]")


@dataclass
class Event:
    """An opened event: its files on disk (a copy, for uploads), and the site last rendered."""

    path: Path
    input_format: str | None
    spec: str | None
    compare: str | None
    files: dict[str, bytes]
    stamp: tuple[int, int]  # the file's modification time and size when it was read
    name: str = ""  # the event's name
    offers: list[Offer] | None = None  # the formats tried, once the settings page asked


def _stamp(path: Path) -> tuple[int, int]:
    """What tells a file changed: its modification time and size (0, 0 when it cannot be read)."""
    try:
        st = path.stat()
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


class Director:
    """The app's state: the events offered from the folder served, and those opened."""

    def __init__(self, root: str | None, scratch: Path, plugins: Host, public: bool = False):
        self.plugins, self.public = plugins, public
        found = collect([root], host=plugins) if root else []  # only what a registered format reads as an event
        self.offered = list(dict.fromkeys(job.source for job in found if plugins.formats.holds_event(job.source)))
        self.scratch = scratch
        self.events: OrderedDict[str, Event] = OrderedDict()

    async def open(self, path: Path, input_format: str | None, spec: str | None, compare: str | None) -> str:
        """The event's token: read, ranked and rendered in a worker thread (the event loop serves
        other requests meanwhile), or the pages already made while the file is unchanged."""
        spec, compare = spec or None, compare or None
        token = sha256(f"{path}\0{input_format}\0{spec}\0{compare}".encode()).hexdigest()[:16]
        known = self.events.get(token)
        if known is None or known.stamp != _stamp(path):
            self.events[token] = await run_in_threadpool(self._made, path, input_format, spec, compare, token)
        self.events.move_to_end(token)
        while len(self.events) > KEPT:
            _, gone = self.events.popitem(last=False)
            folder = gone.path.parent
            if folder.is_relative_to(self.scratch) and all(e.path.parent != folder for e in self.events.values()):
                shutil.rmtree(folder, ignore_errors=True)  # an upload no open event reads any more
        return token

    def _made(self, path: Path, input_format: str | None, spec: str | None, compare: str | None, token: str) -> Event:
        stamp = _stamp(path)
        loaded = api.load(path, input_format, host=self.plugins)
        doc = document(loaded.tournament, spec, compare, source=path.name,
                       warnings=named(loaded.warnings, path, path.name), host=self.plugins)  # an upload's scratch path unsaid
        return Event(path, input_format, spec, compare,
                     render_site(doc, serving=None if self.public else f"/e/{token}/settings"), stamp,
                     loaded.tournament.name)

    def event(self, token: str) -> Event:
        if token not in self.events:
            raise BrightwellError("this event is no longer open here; open it again")
        return self.events[token]


def create_app(root: str | None = None, scratch: Path | None = None,
               allowed_hosts: tuple[str, ...] | None = None, *, plugin_host: Host,
               token: str | None = None, public: bool = False) -> Starlette:
    """The app, with ``plugin_host``'s plugins; ``allowed_hosts``: the Host
    headers it answers (a page elsewhere that points a name of its own at 127.0.0.1 — DNS
    rebinding — is refused); ``token``: the access token every request needs (web/access.py);
    ``public``: the folder's published standings only, read-only, to anyone. Its routes are
    web/handlers.py's table, each to its handler."""
    scratch = scratch or Path(tempfile.mkdtemp(prefix="brightwell-serve-"))
    handlers = Handlers(Director(root, scratch, plugin_host, public), Downloads(scratch, plugin_host), public)
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))] if allowed_hosts else []
    if token:
        middleware.append(Middleware(TokenGate, token=token))

    @asynccontextmanager
    async def lifespan(app):
        yield
        shutil.rmtree(scratch, ignore_errors=True)  # on shutdown (Ctrl-C, SIGTERM): no upload is left behind

    return Starlette(middleware=middleware, routes=routes(handlers, public), lifespan=lifespan,
                     exception_handlers={Exception: handlers.internal_error})


def run(root: str | None, host: str, port: int, report: Callable[[str], None], public: bool = False, *,
        plugin_host: Host) -> None:
    """Serve on ``host``: on 127.0.0.1 to this machine; elsewhere to who holds the printed access
    token, or with ``public`` the published standings to anyone, read-only."""
    import uvicorn
    token = None if public or host == "127.0.0.1" else new_token()
    address = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    if public:
        report(f"public: the published standings, read-only, to anyone who can reach {host}")
    scratch = Path(tempfile.mkdtemp(prefix="brightwell-serve-"))  # removed at the app's shutdown
    try:
        app = create_app(root, scratch, LOCAL if host in LOCAL else None, plugin_host=plugin_host, token=token,
                         public=public)
        report(f"serving on {address}{'?token=' + token if token else ''} (Ctrl-C stops)")
        uvicorn.run(app, host=host, port=port, log_level="warning")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
