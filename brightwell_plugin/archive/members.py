"""The events an archive holds (archive/packed.py reads them), as a folder's files are events: a
member an event, a set's files (a Swiss Perfect trio) one event read from its main member, the
companions read beside an event (config.tsh) no event, a file of several events (a tsh tourney.js
with divisions) one event a division."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path, PurePosixPath

from brightwell_plugin.archive.packed import Archive, archive_suffix, inner_path
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.plugins.formats import Formats


def read_whole(archive: Archive, formats: Formats) -> bool:
    """Whether a zip is one event of a format that reads zips (Swiss Perfect's own zip): read as one
    file, as it always was; any other archive, member by member."""
    return archive_suffix(archive.path.name) == ".zip" and formats.one_event_zip(map(inner_path, archive.names))


def events(archive: Archive, formats: Formats) -> Iterator[tuple[str, PurePosixPath]]:
    """(member, its path in the archive) of each event, in the archive's order."""
    companions = formats.companions()
    by_name = {str(inner_path(name)).lower(): name for name in archive.names}
    seen: set[tuple[str, str]] = set()
    for name in archive.names:
        pure = inner_path(name)
        if pure.name.startswith(".") or pure.name in companions or not pure.stem:
            continue
        members = formats.set_of(pure.suffix)
        if members:  # one event per stem, read from the set's main member when there is one
            key = (str(pure.parent), pure.stem.lower())
            if key in seen:
                continue
            seen.add(key)
            main = by_name.get(str(pure.with_suffix(members[0])).lower())
            if main is not None:
                name, pure = main, inner_path(main)
        yield name, pure


def parts(archive: Archive, name: str, formats: Formats) -> tuple[str, ...]:
    """The events a member holds when a format of several events a file reads it (:meth:`Formats.parts`:
    asked of a scratch copy); () for one, without reading it when no such format claims its suffix."""
    pure = inner_path(name)
    if not formats.may_hold_several(pure.suffix):
        return ()
    import tempfile  # on first use: an archive's set of files (a batch of plain files needs none)
    with tempfile.TemporaryDirectory(prefix="brightwell-member-") as scratch:
        copy = Path(scratch) / pure.name
        try:
            copy.write_bytes(archive.read(name))
        except (BrightwellError, OSError):  # reading the job says what is wrong
            return ()
        return formats.parts(copy)
