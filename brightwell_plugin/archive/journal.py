"""A batch's journal in its output folder: each file ranked, with its result, as it arrived; so
that a later run with ``--skip-existing`` reports the whole tree, the files an earlier run wrote
with that run's results (said so) beside its own.

One JSON line a file, appended and flushed by the main process only; a line cut short by a killed
run is not read. The newest line of a file counts, and only for the output it names. A resumed run
keeps where each file's newest line lies (some 200 bytes a file), not the lines; a run that ends
compacts a journal of many runs to a line a file."""

from __future__ import annotations

import json
import os
from pathlib import Path

from brightwell_plugin.archive.results import FileResult, Placing

JOURNAL = ".brightwell-results.jsonl"
_FORGOTTEN = b', "target": null}\n'  # the end of a line of forget's: the file's output is no longer the journal's


class Journal:
    """The journal of the batches written into ``out_dir``."""

    def __init__(self, out_dir: Path, shard: tuple[int, int] | None = None):
        """``shard`` (I, N): the journal of the runs of that shard (a run of N side by side)."""
        own = JOURNAL if shard is None else JOURNAL.replace(".jsonl", f".{shard[0]}-of-{shard[1]}.jsonl")
        self.path = out_dir / own
        self._where: dict[str, int] | None = None  # source -> offset of its newest line
        self._file = None
        self._added = False  # whether this run appended a line

    def record(self, r: FileResult) -> None:
        """Note a file ranked by this run (a journal that cannot be written, a full disk, is given
        up: the outputs are what counts, and a later run ranks their files again)."""
        self._append({"source": r.source, "target": r.target, "format": r.format,
                      "placings": [list(p) for p in r.placings], "not_carried": list(r.not_carried),
                      "before_from": r.before_from, "ranked_by": r.ranked_by, "undated": r.undated})

    def forget(self, r: FileResult) -> None:
        """Note a file written anew by a run that looked for no places (no report asked): a line the
        journal holds for it tells of an output that is gone, and is overridden (a later report ranks
        the file again). Nothing is written for a file the journal does not name, as nearly always."""
        if self._where is None:
            self._where = self._newest()[0]
        if self._where.pop(r.source, None) is not None:
            self._append({"source": r.source, "target": None})

    def _append(self, entry: dict) -> None:
        if self._file is False:
            return
        try:
            if self._file is None:
                self._file = open(self.path, "a", encoding="utf-8", errors="backslashreplace")
            self._file.write(json.dumps(entry, ensure_ascii=False) + "\n")
            self._file.flush()
            self._added = True
        except OSError:
            self.close()
            self._file = False

    def resolve(self, r: FileResult) -> FileResult:
        """``r`` as the earlier run that wrote its output found it, where ``r`` was left because its
        output exists and the journal holds that run's line for it; else ``r`` as it is."""
        if not (r.skipped and r.skip_reason == "output exists"):
            return r
        entry = self._entry(r.source)
        if entry is None or entry.get("target") != r.target:
            return r
        try:
            placings = tuple(Placing(*p) for p in entry["placings"])
            return FileResult(r.source, r.target, entry.get("format"), placings=placings,
                              not_carried=tuple(entry.get("not_carried") or ()), before_from=entry.get("before_from"),
                              earlier=True, ranked_by=entry.get("ranked_by"), undated=bool(entry.get("undated")))
        except (TypeError, KeyError):  # a line of another shape: ranked again
            return r

    def _newest(self) -> tuple[dict[str, int], int]:
        """Where each file's newest whole line starts, and how many lines the journal holds; a file
        whose newest line is :meth:`forget`'s has none."""
        where, lines = {}, 0
        try:
            with open(self.path, "rb") as f:
                at = 0
                for line in f:
                    lines += 1
                    if line.endswith(b"\n") and line.startswith(b'{"source": '):
                        try:  # the source alone: the first key, as record writes it
                            found = json.JSONDecoder().raw_decode(line.decode("utf-8", "replace"), 11)[0]
                        except ValueError:
                            found = None
                        if isinstance(found, str) and line.endswith(_FORGOTTEN):
                            where.pop(found, None)
                        elif isinstance(found, str):
                            where[found] = at
                    at += len(line)
        except OSError:
            pass  # no journal: an output folder of an older version, or none written yet
        return where, lines

    def compact(self) -> None:
        """Keep each file's newest line only, once the journal holds more than twice as many lines as
        files (each run over an archive adds a line a file); rewritten whole, or left as it was. A run
        that added no line leaves it as it is."""
        self.close()
        if not self._added:
            return
        where, lines = self._newest()
        if lines <= 2 * len(where):
            return
        staged = self.path.with_name(f"{self.path.name}.{os.getpid()}-0.tmp")  # as atomic writes stage: cleaned if left
        try:
            with open(self.path, "rb") as old, open(staged, "wb") as new:
                for at in sorted(where.values()):
                    old.seek(at)
                    new.write(old.readline())
            os.replace(staged, self.path)
        except OSError:
            staged.unlink(missing_ok=True)
        self._where = None

    def _entry(self, source: str) -> dict | None:
        if self._where is None:
            self._where = self._newest()[0]
        at = self._where.get(source)
        if at is None:
            return None
        try:
            with open(self.path, "rb") as f:
                f.seek(at)
                entry = json.loads(f.readline())
        except (OSError, ValueError):
            return None
        return entry if isinstance(entry, dict) and entry.get("source") == source else None

    def close(self) -> None:
        if self._file:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None
