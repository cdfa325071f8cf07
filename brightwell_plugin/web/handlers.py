"""The web app's pages and actions (``brightwell serve``): a request handler each, and the route
table that gives each its path (web/app.py makes the app of them)."""

from __future__ import annotations

import mimetypes
import re
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from brightwell_plugin import api
from brightwell_plugin.archive.jobs import collect
from brightwell_plugin.errors import BrightwellError, one_line
from brightwell_plugin.limits import digits, max_input, read_stream, too_large
from brightwell_plugin.web.access import public as is_public
from brightwell_plugin.web.downloads import Downloads, Options
from brightwell_plugin.web.pages import environment

if TYPE_CHECKING:
    from brightwell_plugin.web.app import Director

# path, handler (a method of Handlers), methods (None: GET and HEAD)
ROUTES: tuple[tuple[str, str, tuple[str, ...] | None], ...] = (
    ("/", "index", None),
    ("/p/{n}", "open_public", None),  # served --public only
    ("/open", "open_offered", ("POST",)),
    ("/upload", "upload", ("POST",)),
    ("/e/{token}/settings", "settings", None),
    ("/e/{token}/rerank", "rerank", ("POST",)),
    ("/e/{token}/download", "download", None),
    ("/e/{token}/download/{format}", "download", None),
    ("/e/{token}/{path:path}", "site_file", None),
)

_ODD_NAME = re.compile(r"[\x00-\x1f\x7f]")  # control characters: no file name holds them
_ADVICE = re.compile(r" \((?:try (?:another )?--encoding[^)]*|--cut-short[^)]*)\)")


def without_command_line_advice(message: str) -> str:
    """A message without the advice of a command-line option the page has no field for."""
    return _ADVICE.sub("", message)


def _field(form, name: str) -> str | None:
    """A form's text field; a file sent under a text field's name counts as not given."""
    value = form.get(name)
    return value.strip() or None if isinstance(value, str) else None


class TooLarge(Exception):
    pass


def routes(handlers: Handlers, public: bool) -> list[Route]:
    """The routes of :data:`ROUTES`, each to its handler: with ``public``, those that read the
    published pages only; else all but the public opening of an event."""
    made = [Route(path, getattr(handlers, name), methods=methods) for path, name, methods in ROUTES]
    if public:
        return [r for r in made if is_public(r.path, r.methods)]
    return [r for r in made if r.path != "/p/{n}"]


def _to_pages(token: str) -> RedirectResponse:
    return RedirectResponse(f"/e/{token}/index.html", status_code=303)


class Handlers:
    """The app's pages and actions over the events ``director`` holds."""

    def __init__(self, director: Director, downloads: Downloads, public: bool):
        self.director, self.downloads, self.public = director, downloads, public
        self.plugins = director.plugins
        self.env = environment()

    def page(self, template: str, status: int = 200, **context) -> HTMLResponse:
        return HTMLResponse(self.env.get_template(template).render(**context), status_code=status)

    def error(self, exc: BrightwellError | str, status: int = 400) -> HTMLResponse:
        return self.page("app_error.html", status, message=without_command_line_advice(one_line(str(exc))))

    def choices(self) -> dict:
        plugins = self.plugins
        return {"criteria": sorted(api.criteria(plugins)), "presets": [p for p, _ in api.presets(plugins)],
                "formats": sorted(name for name, f in api.formats(plugins).items() if f.about.can_read)}

    async def index(self, request: Request):
        offered = list(enumerate(self.director.offered))
        if self.public:
            return self.page("app_public.html", offered=offered)
        return self.page("app_index.html", offered=offered, **self.choices())

    async def open_public(self, request: Request):
        n, director = request.path_params["n"], self.director
        if not digits(n) or int(n) >= len(director.offered):
            return self.error("no such event in the folder served", 404)
        try:
            token = await director.open(director.offered[int(n)], None, None, None)
        except BrightwellError as exc:
            return self.error(exc)
        return _to_pages(token)

    async def open_offered(self, request: Request):
        form = await request.form()
        try:
            n = _field(form, "n") or ""
            if not digits(n):
                raise ValueError(n)
            path = self.director.offered[int(n)]
            token = await self.director.open(path, None, _field(form, "spec"), _field(form, "compare"))
        except (ValueError, IndexError):
            return self.error("no such event in the folder served")
        except BrightwellError as exc:
            return self.error(exc)
        return _to_pages(token)

    async def upload(self, request: Request):
        limit = max_input()
        try:
            form = await Request(request.scope, _counted(request.receive, limit)).form(max_files=8, max_fields=16)
        except TooLarge:
            return self.error(too_large("the upload", limit), 413)
        uploads = [f for f in form.getlist("file") if hasattr(f, "filename") and f.filename]
        if not uploads:
            return self.error("choose a tournament file to upload")
        odd = next((f.filename for f in uploads if _ODD_NAME.search(f.filename)), None)
        if odd is not None:
            return self.error(f"the file name {odd!r} holds control characters: rename the file and upload it again")
        folder = Path(tempfile.mkdtemp(dir=self.director.scratch))
        try:
            response = await self._open_upload(uploads, folder, form, limit)
        except Exception:  # a bug of ours: the upload is not kept for it (the error page is internal_error's)
            shutil.rmtree(folder, ignore_errors=True)
            raise
        if isinstance(response, Response):
            shutil.rmtree(folder, ignore_errors=True)  # a refused upload leaves nothing behind
            return response
        return _to_pages(response)

    async def _open_upload(self, uploads, folder: Path, form, limit: int):
        """The uploaded files saved in ``folder`` and opened: the event's token, or the error page."""
        for f in uploads:
            name = Path(f.filename.replace("\\", "/")).name.lstrip(".") or "upload"
            try:  # the spooled upload, in pieces (one read of limit + 1 bytes would allocate them first)
                data = await run_in_threadpool(read_stream, f.file, name, limit)
            except BrightwellError as exc:
                return self.error(exc, 413)
            await run_in_threadpool((folder / name).write_bytes, data)
        jobs = await run_in_threadpool(collect, [str(folder)], host=self.plugins)
        if not jobs:
            return self.error("the upload holds no tournament file")
        try:
            return await self.director.open(jobs[0].source, _field(form, "input_format"), _field(form, "spec"),
                                            _field(form, "compare"))
        except BrightwellError as exc:
            return self.error(str(exc).replace(str(folder) + "/", ""))

    async def site_file(self, request: Request):
        try:
            event = self.director.event(request.path_params["token"])
        except BrightwellError as exc:
            return self.error(exc, 404)
        path = request.path_params["path"] or "index.html"
        if path not in event.files:
            return self.error(f"no page {path} in this event", 404)
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return Response(event.files[path], media_type=kind)

    async def settings(self, request: Request):
        token = request.path_params["token"]
        try:
            event = self.director.event(token)
            name = event.name
            if event.offers is None:
                event.offers = await run_in_threadpool(self.downloads.offers, event.path, event.input_format)
        except BrightwellError as exc:
            return self.error(exc)
        return self.page("app_settings.html", token=token, event=event, name=name, offers=event.offers,
                         **self.choices())

    async def rerank(self, request: Request):
        form = await request.form()
        try:
            event = self.director.event(request.path_params["token"])
            token = await self.director.open(event.path, event.input_format, _field(form, "spec"),
                                             _field(form, "compare"))
        except BrightwellError as exc:
            return self.error(exc)
        return _to_pages(token)

    async def download(self, request: Request):
        name = request.path_params.get("format") or request.query_params.get("format", "")
        try:
            event = self.director.event(request.path_params["token"])
            filename, data = await run_in_threadpool(self.downloads.convert, event.path, event.input_format, name,
                                                     Options.of(request.query_params))
        except BrightwellError as exc:
            return self.error(exc)
        return Response(data, media_type="application/octet-stream",
                        headers={"Content-Disposition": f'attachment; filename="{filename}"'})

    async def internal_error(self, request: Request, exc: Exception):
        """A bug of ours: the error page, one line naming it (as the command line's exit 3)."""
        return self.error(f"internal error ({type(exc).__name__}: {exc})", 500)


def _counted(receive, limit: int):
    """``receive``, refusing (:class:`TooLarge`) a body beyond ``limit`` and a megabyte of form."""
    received = 0

    async def counted():
        nonlocal received
        message = await receive()
        received += len(message.get("body", b""))
        if received > limit + 1_048_576:
            raise TooLarge
        return message
    return counted
