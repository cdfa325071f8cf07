"""WTHOR (``wthor``): the French federation's Othello game database, recognised to say what it is.

A WTHOR database is three files: ``WTH_YYYY.wtb`` (a year's games, 68 bytes each), ``WTHOR.JOU``
(players, 20 bytes each) and ``WTHOR.TRN`` (tournament names, 26 bytes each), each after a 16-byte
header whose counts fix the file's size. It keeps selected games of many events, without rounds,
byes or standings, so no event can be rebuilt from it: reading one refuses it by name (``batch``
skips it as no tournament), instead of taking ``WTHOR.TRN`` for a Swiss Perfect table.
"""

from __future__ import annotations

from pathlib import Path

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.plugin import BrightwellError, check_regular, hookimpl, NotATournament, read_head

HEADER = 16
RECORD = {".wtb": 68, ".jou": 20, ".trn": 26}


def is_wthor(path: Path, head: bytes) -> bool:
    """The header's counts give the file's size exactly, and its fields are in range."""
    record = RECORD.get(path.suffix.lower())
    if record is None or len(head) < HEADER:
        return False
    month, day, board = head[2], head[3], head[12]
    if not (month <= 12 and day <= 31 and board in (0, 8)):
        return False
    games, names = int.from_bytes(head[4:8], "little"), int.from_bytes(head[8:10], "little")
    count = games if record == 68 else names
    try:
        return path.stat().st_size == HEADER + record * count
    except OSError:
        return False


class WthorFormat(Format):
    name = "wthor"
    about = About("WTHOR game database (.wtb, .JOU, .TRN): recognised, and refused as no event to rank",
                  (".wtb", ".jou", ".trn"), holds_events=False)

    def sniff(self, path, head):
        return is_wthor(path, head)

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        check_regular(path)
        if not is_wthor(path, read_head(path, HEADER)):
            raise BrightwellError("not a WTHOR database file (.wtb, .JOU or .TRN whose header's counts give its "
                                  "size)", file=str(path))
        raise NotATournament("a WTHOR game database (selected games of many events, without rounds, byes or "
                             "standings): there is no event to rank", file=str(path))


@hookimpl
def brightwell_register_formats(register):
    register(WthorFormat())
