"""The formats registry: the one place that answers "which format is this?" — by name, by suffix,
by content — and which files an event is made of, what it is written as, and which events a
file holds. Everything it knows of a format, the format declares (:class:`~.adapters.base.Format`)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path, PurePath
from typing import TYPE_CHECKING

from brightwell_plugin.errors import BrightwellError, UnknownFormat
from brightwell_plugin.limits import read_head
from brightwell_plugin.plugins.builtins import BUILTINS, FILES, Builtin, Files
from brightwell_plugin.plugins.registry import Registry

if TYPE_CHECKING:
    from brightwell_plugin.adapters.base import Format, ReadOptions, ReadResult

SNIFF_BYTES = 4096  # what a format's sniff sees of a file: its first bytes
NATIVE = "xml"  # lossless: what an event is written as when its own format cannot be


class Formats(Registry["Format"]):
    """Formats by name, in registration order (the first whose content test accepts a file wins)."""

    hook = "brightwell_register_formats"
    what = "format"

    def claims(self, builtin: Builtin, name: str) -> bool:
        return any(name == n for n, _ in builtin.formats)

    def unknown(self, name: str) -> Exception:
        return BrightwellError(f"unknown format '{name}' (known: {', '.join(sorted(self._collected()))})")

    # -- by suffix and by content ----------------------------------------------------------------

    def claiming(self, suffix: str) -> list[Format]:
        """The formats that claim ``suffix`` (lower case, with its dot), importing no other built-in."""
        suffix = suffix.lower()
        known = self._memo.get(("claiming", suffix))  # forgotten when a plugin comes or goes
        if known is not None and self._found is not None:
            return list(known)
        self._host.load_claiming(lambda b: any(suffix in s for _, s in b.formats))
        found = [f for f in self._collected().values() if suffix in f.about.suffixes]
        self._memo[("claiming", suffix)] = tuple(found)
        return found

    def claimed(self, suffix: str) -> bool:
        """Whether any format claims ``suffix``."""
        self._host.load_all()
        return bool(self.claiming(suffix))

    def detect(self, path: str | os.PathLike) -> Format:
        """The readable format that recognises the file's content; among several, one that also
        claims its suffix; with none, one that claims its suffix."""
        p = Path(path)
        head = read_head(p, SNIFF_BYTES)
        by_suffix = [f for f in self.claiming(p.suffix) if f.about.can_read]
        for f in by_suffix:  # content and suffix agree: the usual case, settled without the other formats
            if f.sniff(p, head):
                return f
        claimed = {f.name for f in by_suffix}
        self._host.load_all()  # may make the registry anew
        readable = [f for f in self._collected().values() if f.about.can_read]
        sniffed = [f for f in readable if f.name not in claimed and f.sniff(p, head)]
        by_suffix = [f for f in readable if f.name in claimed]
        for candidates in (sniffed, by_suffix):
            if candidates:
                return candidates[0]
        if p.is_dir():
            raise UnknownFormat("a folder no format reads as one event (batch reads a folder of event files)",
                                file=str(p))
        known = sorted(name for name, f in self._collected().items() if f.about.can_read and not f.about.named_only)
        raise UnknownFormat(f"cannot tell the file format (known: {', '.join(known)})", file=str(p))

    def holds_event(self, path: Path) -> bool:
        """Whether a format recognises the file's content as an event (a format that holds none, or
        a suffix alone, does not count)."""
        try:
            head = read_head(path, SNIFF_BYTES)
        except BrightwellError:
            return False
        return any(f.about.holds_events and f.about.can_read and f.sniff(path, head) for f in self.values())

    def writer_for(self, path: str | os.PathLike) -> Format:
        """The writable format that claims the output's suffix."""
        p = Path(path)
        for f in self.claiming(p.suffix):
            if f.about.can_write:
                return f
        self._host.load_all()
        for f in self._collected().values():
            if f.about.can_write and p.suffix.lower() in f.about.suffixes:
                return f
        raise BrightwellError("cannot tell the output format from the suffix; use --to", file=str(p))

    def writable(self, name: str) -> Format:
        """The format ``name``, refused unless it writes."""
        fmt = self.find(name)
        if not fmt.about.can_write:
            names = ", ".join(sorted(n for n, f in self.items() if f.about.can_write))
            raise BrightwellError(f"cannot write format '{name}' (writable: {names})")
        return fmt

    # -- the files of an event -------------------------------------------------------------------

    def declared(self) -> list[tuple[tuple[str, ...], Files]]:
        """Each format's suffixes and what it declares of its files, in registration order: while
        built-ins are pending (the host holds built-ins alone), from their manifest, importing none
        (:data:`~brightwell_plugin.plugins.builtins.FILES`); else from the formats themselves."""
        known = self._memo.get("declared")  # forgotten when a plugin comes or goes
        if known is None:
            if self._host.lazy:
                known = [(suffixes, FILES[name]) for b in BUILTINS for name, suffixes in b.formats]
            else:
                known = [(f.about.suffixes, Files(self.written_as(f).output_name(Path("x")).suffix.lower(),
                                                  f.event_files.set_suffixes, f.event_files.companions))
                         for f in self.values()]
            self._memo["declared"] = known
        return known

    def companions(self) -> frozenset[str]:
        """Names of files read beside an event that are no events themselves (config.tsh)."""
        return frozenset(c for _, files in self.declared() for c in files.companions)

    def set_of(self, suffix: str) -> tuple[str, ...]:
        """The suffixes of the set a file of ``suffix`` belongs to (its main file's first), or ()."""
        sets = self._memo.get("sets")
        if sets is None:
            sets = self._memo["sets"] = {s: files.sets for _, files in reversed(self.declared()) for s in files.sets}
        return sets.get(suffix.lower(), ())

    def event_files(self, path: str | os.PathLike) -> tuple[Path, ...]:
        """The event's files, ``path`` first: with the other files of its set (a Swiss Perfect
        .trn/.ini/.sco) and the companions read beside it (config.tsh)."""
        p = Path(path)
        try:
            return (p, *self.read_beside(p, p.parent.iterdir()))
        except OSError:
            return (p,)

    def read_beside(self, name: PurePath, others: Iterable[PurePath]) -> list[PurePath]:
        """Of ``others``, files of ``name``'s folder (on disk, or in an archive), those that reading
        ``name``'s event reads beside it: the other files of its set, and the companions."""
        members, companions = set(self.set_of(name.suffix)), self.companions()
        return [q for q in others if q != name and (
            q.name in companions or (q.stem.lower() == name.stem.lower() and q.suffix.lower() in members))]

    def one_event_zip(self, names: Iterable[PurePath]) -> bool:
        """Whether a zip whose members are ``names`` is one event of a format that reads zips (Swiss
        Perfect's zipped trio): the files of one of its sets, and no other member a format claims by
        its suffix."""
        names = list(names)
        for owner in (f.event_files for f in self.claiming(".zip") if f.event_files.set_suffixes):
            stems = {q.stem.lower() for q in names if q.suffix.lower() in owner.set_suffixes}
            others = any(q.suffix and q.suffix.lower() not in owner.set_suffixes and self.claiming(q.suffix)
                         for q in names)
            if len(stems) == 1 and not others:
                return True
        return False

    def may_hold_several(self, suffix: str) -> bool:
        """Whether a format that may hold several events a file (``several_events``) claims ``suffix``."""
        return any(f.event_files.several_events for f in self.claiming(suffix))

    def main_files(self, folder: Path, suffix: str) -> dict[str, Path]:
        """The files of ``folder`` whose suffix is ``suffix`` (a set's first: its main file), by
        lower-case stem; of several that differ only in case, the first in name order."""
        try:
            found = sorted(p for p in folder.iterdir() if p.suffix.lower() == suffix)
        except OSError:
            return {}
        return {p.stem.lower(): p for p in reversed(found)}

    def read(self, fmt: Format, options: ReadOptions) -> ReadResult:
        """``fmt.read(options)``, refused with a division for a format of one event. Of a file of
        several events (``several_events``) ``Format.read`` reads the one ``options.division``
        names, or the first, said (:func:`~.adapters.base.chosen`: one way for every format)."""
        if options.division is not None and not fmt.event_files.several_events:
            raise BrightwellError(f"format '{fmt.name}' holds one event: --division does not apply",
                                  file=str(options.path))
        return fmt.read(options)

    def parts(self, path: str | os.PathLike) -> tuple[str, ...]:
        """The events a file holds when a format that declares several events a file
        (``several_events``) recognises it: each is read as ``ReadOptions.division``; () for one."""
        path = Path(path)
        several = [f for f in self.claiming(path.suffix) if f.event_files.several_events]
        try:
            head = read_head(path, SNIFF_BYTES) if several else b""
            for fmt in several:
                if fmt.sniff(path, head):
                    return fmt.parts(path)
            fmt = self.detect(path) if several else None  # as rank reads it: its content, else its suffix
            if fmt is not None and fmt.event_files.several_events:  # (a tsh archive's header fills the bytes sniffed)
                return fmt.parts(path)
        except (OSError, BrightwellError):
            pass  # reading the job reports it
        return ()

    # -- what is written -------------------------------------------------------------------------

    def written_as(self, fmt: Format) -> Format:
        """What an event read as ``fmt`` is written as: itself, or the native format when it cannot
        write or its files hold no standings (OpenGotha's: the program computes them)."""
        return fmt if fmt.about.can_write and fmt.about.keeps_standings else self.find(NATIVE)

    def output_suffix(self, path: Path, to: str | None = None) -> str:
        """The suffix an event read from ``path`` is written with (:meth:`output_suffixes`), spelt as
        the input spells it when it is the same suffix (``WOC.ELO`` is written back as ``WOC.ELO``),
        but for the sets of several files."""
        suffix = path.suffix.lower()
        key = f"output suffixes {to}"
        suffixes = self._memo.get(key)
        if suffixes is None:
            suffixes = self._memo[key] = self.output_suffixes(to)
        written = suffixes.get(suffix, suffix)
        return path.suffix if written == suffix and not self.set_of(suffix) else written

    def output_path(self, source: Path, stem: Path, written: Format) -> Path:
        """Where ``written`` writes the event read from ``source``, named ``stem``: its own suffix,
        spelt as the source spells it when it is the same one (but for the sets of several files)."""
        target = written.output_name(stem)
        if target.suffix.lower() == source.suffix.lower() and not written.event_files.set_suffixes:
            return target.with_name(stem.name + source.suffix)
        return target

    def output_suffixes(self, to: str | None = None) -> dict[str, str]:
        """The suffix of the file a source of each suffix is written as: ``to``'s for every source,
        else its own format's (:meth:`written_as`). A suffix whose formats would write different
        suffixes is left out (its source's own suffix stands for it)."""
        if to is not None:
            only = self.find(to).output_name(Path("x")).suffix.lower()
            return {s: only for suffixes, _ in self.declared() for s in suffixes}
        found: dict[str, set[str]] = {}
        for suffixes, files in self.declared():
            for s in suffixes:
                found.setdefault(s, set()).add(files.written)
        return {s: next(iter(outs)) for s, outs in found.items() if len(outs) == 1}

