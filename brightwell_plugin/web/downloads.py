"""The app's downloads: an opened event converted to each writable format, with the options of
``brightwell convert`` (renumber, strict, keep), each format tried once so the page can say which
need renumbering and which cannot hold the event — in messages that name no path of the server."""

from __future__ import annotations

import io
import shutil
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from brightwell_plugin import api
from brightwell_plugin.conversion import NeedsRenumbering, lost_in
from brightwell_plugin.errors import BrightwellError, one_line
from brightwell_plugin.plugins.host import Host

READY, RENUMBER, CANNOT = "ready", "renumber", "cannot"


@dataclass(frozen=True)
class Options:
    renumber: bool = False
    strict: bool = False
    keep: bool = False

    @classmethod
    def of(cls, query) -> Options:
        """The options of a request's query string (a ticked box sends ``name=1``)."""
        return cls(*(query.get(name) in ("1", "on", "true") for name in ("renumber", "strict", "keep")))


@dataclass(frozen=True)
class Offer:
    """One format as the page offers it: ``status`` ready, renumber (only with the players
    renumbered) or cannot, with ``why``; ``lost``: what the format cannot carry."""

    name: str
    title: str
    status: str
    why: str
    lost: tuple[str, ...]


class Downloads:
    """Conversions of the events one app has opened, in a scratch folder of its own."""

    def __init__(self, scratch: Path, host: Host):
        self.scratch, self.host = scratch, host

    def convert(self, path: Path, input_format: str | None, name: str, options: Options) -> tuple[str, bytes]:
        """The event at ``path`` as format ``name``: a file name and its bytes (a zip for a format of
        several files). Errors name the file offered, never a path of the server."""
        fmt = api.formats(self.host).get(name)
        if fmt is None or not fmt.about.can_write:
            raise BrightwellError(f"no writable format '{name}'")
        out = Path(tempfile.mkdtemp(dir=self.scratch))
        try:
            target = fmt.output_name(out / path.stem)
            try:
                api.convert(path, target, to=name, input_format=input_format, host=self.host,
                            strict=options.strict, renumber=options.renumber, keep=options.keep)
            except NeedsRenumbering as exc:
                raise BrightwellError(f"{exc.reason}; tick “Renumber the players 1..n” and download again",
                                      file=target.name) from None
            except BrightwellError as exc:
                message = _unsaid(exc.message, out, path, self.scratch).replace("(--strict)", "(Strict is ticked)")
                raise BrightwellError(message, file=target.name) from None
            written = [p for p in sorted(out.iterdir()) if p.is_file()]
            if len(written) == 1:
                return written[0].name, written[0].read_bytes()
            buf = io.BytesIO()
            with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
                for p in written:
                    z.write(p, p.name)
            return f"{path.stem}.{name}.zip", buf.getvalue()
        finally:
            shutil.rmtree(out, ignore_errors=True)

    def offers(self, path: Path, input_format: str | None) -> list[Offer]:
        """Each writable format, tried on the event: whether it holds it, and how."""
        t = api.load(path, input_format, host=self.host).tournament
        out = []
        for name, fmt in sorted(api.formats(self.host).items()):
            if not fmt.about.can_write:
                continue
            lost = tuple(str(x) for x in lost_in(t, fmt, self.host))
            if t.playoffs and not fmt.holds.carries_playoffs and not any("play-off" in x for x in lost):
                lost += (f"{len(t.playoffs)} play-off game(s) after the rounds (never ranked)",)
            status, why = READY, ""
            try:
                self.convert(path, input_format, name, Options())
            except BrightwellError as first:
                try:
                    self.convert(path, input_format, name, Options(renumber=True))
                    status, why = RENUMBER, _reason(first)
                except BrightwellError as exc:
                    status, why = CANNOT, _reason(exc)
            out.append(Offer(name, fmt.about.title, status, why, lost))
        return out


def _reason(exc: BrightwellError) -> str:
    """What a refusal says without the file name the page shows beside it, nor the advice to tick."""
    return one_line(exc.message.split("; tick “Renumber")[0])


def _unsaid(message: str, *folders_and_files: Path) -> str:
    """``message`` with the server's folders left out and its files named by their names."""
    for p in folders_and_files:
        message = message.replace(f"{p}/", "").replace(str(p), p.name)
    return message
