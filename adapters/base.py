"""The format interface every adapter implements, and format detection."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from brightwell_plugin.model import Tournament


@dataclass(frozen=True, slots=True)
class ReadResult:
    tournament: Tournament
    warnings: tuple[str, ...] = ()


class Format:
    """Base class for a file format. ``name`` is short and stable (``xml``, ``trf``, ...)."""

    name: ClassVar[str]
    title: ClassVar[str] = ""
    suffixes: ClassVar[tuple[str, ...]] = ()
    can_read: ClassVar[bool] = True
    can_write: ClassVar[bool] = False

    def sniff(self, path: Path, head: bytes) -> bool:
        """True when the first bytes of ``path`` look like this format."""
        return False

    def read(self, path: Path, *, encoding: str | None = None) -> ReadResult:
        raise NotImplementedError

    def parts(self, path: Path) -> tuple[str, ...]:
        """The events a file holds when it holds several (read with ``part=``); () for one."""
        return ()

    def cannot_carry(self, t: Tournament) -> list[str]:
        """What of ``t`` this format cannot hold (listed by convert; refused with --strict)."""
        return []

    def dumps(self, t: Tournament) -> bytes:
        """The file's bytes; the caller writes them atomically."""
        raise NotImplementedError

    def files(self, t: Tournament, path: Path) -> dict[Path, bytes]:
        """Every file to write for ``path`` (formats of several files override this)."""
        return {path: self.dumps(t)}
