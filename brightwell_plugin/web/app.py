"""``brightwell serve``: a director's local web app over the same pages as ``publish``. Open an
event (from the folder served, or uploaded), choose tie-breaks, read standings, explanations and a
comparison, download the event in any writable format."""

from __future__ import annotations

import mimetypes
import re
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
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from brightwell_plugin import api
from brightwell_plugin.archive.jobs import collect
from brightwell_plugin.errors import BrightwellError, one_line
from brightwell_plugin.limits import digits, max_input, read_stream, too_large
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.publication import document, named
from brightwell_plugin.web.access import TokenGate, new_token
from brightwell_plugin.web.access import public as is_public
from brightwell_plugin.web.downloads import Downloads, Offer, Options
from brightwell_plugin.web.pages import environment, render_site

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


def _field(form, name: str) -> str | None:
    """A form's text field; a file sent under a text field's name counts as not given."""
    value = form.get(name)
    return value.strip() or None if isinstance(value, str) else None


class TooLarge(Exception):
    pass


def _stamp(path: Path) -> tuple[int, int]:
    """What tells a file changed: its modification time and size (0, 0 when it cannot be read)."""
    try:
        st = path.stat()
    except OSError:
        return (0, 0)
    return (st.st_mtime_ns, st.st_size)


_ODD_NAME = re.compile(r"[\x00-\x1f\x7f]")  # control characters: no file name holds them


_ADVICE = re.compile(r" \((?:try (?:another )?--encoding[^)]*|--cut-short[^)]*)\)")


def without_command_line_advice(message: str) -> str:
    """A message without the advice of a command-line option the page has no field for."""
    return _ADVICE.sub("", message)


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
    ``public``: the folder's published standings only, read-only, to anyone."""
    scratch = scratch or Path(tempfile.mkdtemp(prefix="brightwell-serve-"))
    plugins = plugin_host
    director = Director(root, scratch, plugins, public)
    downloads = Downloads(scratch, plugins)
    env = environment()

    def page(template: str, status: int = 200, **context) -> HTMLResponse:
        return HTMLResponse(env.get_template(template).render(**context), status_code=status)

    def error(exc: BrightwellError | str, status: int = 400) -> HTMLResponse:
        return page("app_error.html", status, message=without_command_line_advice(one_line(str(exc))))

    def choices() -> dict:
        return {"criteria": sorted(api.criteria(plugins)), "presets": [p for p, _ in api.presets(plugins)],
                "formats": sorted(name for name, f in api.formats(plugins).items() if f.can_read)}

    async def index(request: Request):
        if public:
            return page("app_public.html", offered=list(enumerate(director.offered)))
        return page("app_index.html", offered=list(enumerate(director.offered)), **choices())

    async def open_public(request: Request):
        n = request.path_params["n"]
        if not digits(n) or int(n) >= len(director.offered):
            return error("no such event in the folder served", 404)
        try:
            token = await director.open(director.offered[int(n)], None, None, None)
        except BrightwellError as exc:
            return error(exc)
        return RedirectResponse(f"/e/{token}/index.html", status_code=303)

    async def open_offered(request: Request):
        form = await request.form()
        try:
            n = _field(form, "n") or ""
            if not digits(n):
                raise ValueError(n)
            path = director.offered[int(n)]
            token = await director.open(path, None, _field(form, "spec"), _field(form, "compare"))
        except (ValueError, IndexError):
            return error("no such event in the folder served")
        except BrightwellError as exc:
            return error(exc)
        return RedirectResponse(f"/e/{token}/index.html", status_code=303)

    async def upload(request: Request):
        limit = max_input()
        received = 0
        receive = request.receive

        async def counted():
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > limit + 1_048_576:
                raise TooLarge
            return message
        try:
            form = await Request(request.scope, counted).form(max_files=8, max_fields=16)
        except TooLarge:
            return error(too_large("the upload", limit), 413)
        uploads = [f for f in form.getlist("file") if hasattr(f, "filename") and f.filename]
        if not uploads:
            return error("choose a tournament file to upload")
        odd = next((f.filename for f in uploads if _ODD_NAME.search(f.filename)), None)
        if odd is not None:
            return error(f"the file name {odd!r} holds control characters: rename the file and upload it again")
        folder = Path(tempfile.mkdtemp(dir=director.scratch))
        try:
            response = await _open_upload(uploads, folder, form, limit)
        except Exception:  # a bug of ours: the upload is not kept for it (the error page is internal_error's)
            shutil.rmtree(folder, ignore_errors=True)
            raise
        if isinstance(response, Response):
            shutil.rmtree(folder, ignore_errors=True)  # a refused upload leaves nothing behind
            return response
        token = response
        return RedirectResponse(f"/e/{token}/index.html", status_code=303)

    async def _open_upload(uploads, folder: Path, form, limit: int):
        """The uploaded files saved in ``folder`` and opened: the event's token, or the error page."""
        for f in uploads:
            name = Path(f.filename.replace("\\", "/")).name.lstrip(".") or "upload"
            try:  # the spooled upload, in pieces (one read of limit + 1 bytes would allocate them first)
                data = await run_in_threadpool(read_stream, f.file, name, limit)
            except BrightwellError as exc:
                return error(exc, 413)
            await run_in_threadpool((folder / name).write_bytes, data)
        jobs = await run_in_threadpool(collect, [str(folder)], host=director.plugins)
        if not jobs:
            return error("the upload holds no tournament file")
        try:
            return await director.open(jobs[0].source, _field(form, "input_format"), _field(form, "spec"),
                                       _field(form, "compare"))
        except BrightwellError as exc:
            return error(str(exc).replace(str(folder) + "/", ""))

    async def site_file(request: Request):
        try:
            event = director.event(request.path_params["token"])
        except BrightwellError as exc:
            return error(exc, 404)
        path = request.path_params["path"] or "index.html"
        if path not in event.files:
            return error(f"no page {path} in this event", 404)
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return Response(event.files[path], media_type=kind)

    async def settings(request: Request):
        token = request.path_params["token"]
        try:
            event = director.event(token)
            name = event.name
            if event.offers is None:
                event.offers = await run_in_threadpool(downloads.offers, event.path, event.input_format)
        except BrightwellError as exc:
            return error(exc)
        return page("app_settings.html", token=token, event=event, name=name, offers=event.offers, **choices())

    async def rerank(request: Request):
        form = await request.form()
        try:
            event = director.event(request.path_params["token"])
            token = await director.open(event.path, event.input_format, _field(form, "spec"), _field(form, "compare"))
        except BrightwellError as exc:
            return error(exc)
        return RedirectResponse(f"/e/{token}/index.html", status_code=303)

    async def download(request: Request):
        name = request.path_params.get("format") or request.query_params.get("format", "")
        try:
            event = director.event(request.path_params["token"])
            filename, data = await run_in_threadpool(downloads.convert, event.path, event.input_format, name,
                                                     Options.of(request.query_params))
        except BrightwellError as exc:
            return error(exc)
        return Response(data, media_type="application/octet-stream",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))] if allowed_hosts else []
    if token:
        middleware.append(Middleware(TokenGate, token=token))
    routes = [
        Route("/", index),
        Route("/p/{n}", open_public),
        Route("/open", open_offered, methods=["POST"]),
        Route("/upload", upload, methods=["POST"]),
        Route("/e/{token}/settings", settings),
        Route("/e/{token}/rerank", rerank, methods=["POST"]),
        Route("/e/{token}/download", download),
        Route("/e/{token}/download/{format}", download),
        Route("/e/{token}/{path:path}", site_file),
    ]
    if public:  # reading the published pages only
        routes = [r for r in routes if is_public(r.path, r.methods)]
    else:
        routes = [r for r in routes if r.path != "/p/{n}"]
    @asynccontextmanager
    async def lifespan(app):
        yield
        shutil.rmtree(scratch, ignore_errors=True)  # on shutdown (Ctrl-C, SIGTERM): no upload is left behind

    async def internal_error(request: Request, exc: Exception):
        """A bug of ours: the error page, one line naming it (as the command line's exit 3)."""
        return error(f"internal error ({type(exc).__name__}: {exc})", 500)

    return Starlette(middleware=middleware, routes=routes, lifespan=lifespan,
                     exception_handlers={Exception: internal_error})


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
