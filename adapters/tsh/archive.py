"""tsh archive files (``tsh-archive``, ``.tsh``): several divisions' ``.t`` files in one, as NASPA
publishes events. ``division NAME FILE.t`` lines name the divisions, ``config key = value`` lines are
config.tsh's (a ``#`` line is a comment, ``# config …`` among them), and each division's lines stand
between ``#begin_file name=FILE.t`` and ``#end_file name=FILE.t``, read as a ``.t`` file. Each division
is an event: the one named by ``--division`` (``part``), else the first, with a warning naming the
others."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from brightwell_plugin.adapters.base import About, Division, EventFiles, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.adapters.tsh.format import TshFormat

from brightwell_plugin.plugin import BrightwellError, hookimpl, read_input

_BEGIN = re.compile(r"^#begin_file\s+name=(\S+)\s*$")
_END = re.compile(r"^#end_file\s+name=(\S+)\s*$")
_DIVISION = re.compile(r"^division\s+(\S+)\s+(\S+)\s*$", re.IGNORECASE)
_CONFIG = re.compile(r"^config\s+(\w+)\s*=\s*(.*?)\s*;?\s*$")


@dataclass(frozen=True)
class Block:
    name: str  # the division's name
    first_line: int
    text: str


class TshArchiveFormat(Format):
    name = "tsh-archive"
    about = About("tsh archive (.tsh: an event's divisions in one file, as NASPA publishes them; one division per "
                  "event)", (".tsh",))
    event_files = EventFiles(several_events=True)

    def sniff(self, path, head):
        return bool(re.search(rb"^#begin_file\s+name=", head, re.MULTILINE))

    @staticmethod
    def _archive(path: Path, encoding=None) -> tuple[dict[str, str], list[Block], list[str]]:
        file = str(path)
        raw = read_input(path)
        text, _, warnings = decode(raw.removeprefix(b"\xef\xbb\xbf"), encoding, file, fallback="latin-1")
        config: dict[str, str] = {}
        names: dict[str, str] = {}
        blocks: list[Block] = []
        open_: tuple[str, int, list[str]] | None = None
        lines = re.split(r"\r\n|\r|\n", text)
        for n, line in enumerate(lines, 1):
            if open_ is not None:
                if m := _END.match(line.strip()):
                    if m[1] != open_[0]:
                        raise BrightwellError(f"#end_file of {m[1]} closes {open_[0]}", file=file, place=f"line {n}")
                    blocks.append(Block(names.get(open_[0], Path(open_[0]).stem), open_[1], "\n".join(open_[2])))
                    open_ = None
                elif _BEGIN.match(line.strip()):
                    raise BrightwellError(f"#begin_file inside {open_[0]}, which has no #end_file", file=file,
                                          place=f"line {n}")
                else:
                    open_[2].append(line)
            elif m := _BEGIN.match(line.strip()):
                open_ = (m[1], n + 1, [])
            elif m := _DIVISION.match(line.strip()):
                names[m[2]] = m[1]
            elif m := _CONFIG.match(line.strip()):
                config[m[1]] = m[2].strip("\"'")
        if open_ is not None:
            raise BrightwellError(f"{open_[0]} has no #end_file: the archive is cut short", file=file,
                                  place=f"line {len(lines)}")
        if not blocks:
            raise BrightwellError("no #begin_file block: not a tsh archive", file=file)
        seen = [b.name for b in blocks]
        twice = next((x for x in seen if seen.count(x) > 1), None)
        if twice is not None:
            raise BrightwellError(f"division {twice} is in the archive twice", file=file)
        return config, blocks, warnings

    def divisions(self, options: ReadOptions) -> tuple[Division, ...]:
        path = options.path
        config, blocks, said = self._archive(path, options.encoding)

        def read(block: Block) -> ReadResult:
            warnings = list(said)
            t = TshFormat().division(block.text, path, config, warnings, block.first_line, str(path))
            event = config.get("event_name") or path.stem
            return ReadResult(replace(t, name=f"{event} - division {block.name}" if len(blocks) > 1 else event,
                                      metadata=t.metadata + (("tsh division", block.name),)), tuple(warnings))
        return tuple(Division(b.name, _players(b.text), partial(read, b)) for b in blocks)


def _players(text: str) -> int:
    """A division's players: a line each, but for a comment or a blank one."""
    return sum(1 for line in text.split("\n") if line.strip() and not line.lstrip().startswith("#"))


@hookimpl
def brightwell_register_formats(register):
    register(TshArchiveFormat())
