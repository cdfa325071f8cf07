"""Shards of a batch, and their reports joined: ``--shard I/N`` runs a stable 1/N of the jobs (N runs
of a scheduler's job array cover the inputs once), ``--merge`` joins the N reports into one.

A job's shard is the CRC-32 of the place it is written to (its path below the output folder),
modulo N: the same in every run, on every machine, however the inputs are spelt, and nearly
equal shares. A report is read a file's entry (a line of STEM.json) at a time: merging holds no
more than writing one does."""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from brightwell_plugin.archive.jobs import Job, Jobs
from brightwell_plugin.errors import BrightwellError

_NEEDED = ("source", "status", "compared_players", "moved", "error", "skipped", "earlier_run")


def parse_shard(text: str) -> tuple[int, int]:
    """``I/N`` as (I, N), 1 <= I <= N."""
    first, _, count = text.partition("/")
    if not (first.isdigit() and count.isdigit() and 1 <= int(first) <= int(count)):
        raise BrightwellError(f"--shard {text!r}: I/N with 1 <= I <= N (the run's share: 1/4 ... 4/4)")
    return int(first), int(count)


def in_shard(job: Job, index: int, count: int) -> bool:
    return zlib.crc32(job.relative.as_posix().encode("utf-8", "surrogatepass")) % count == index - 1


def shard(jobs: Jobs, index: int, count: int) -> Jobs:
    """The jobs of shard ``index`` of ``count``, in their order (the notes of the whole kept)."""
    part = Jobs()
    part.left_out, part.renamed, part.notes = jobs.left_out, jobs.renamed, jobs.notes
    for job in jobs:
        if in_shard(job, index, count):
            part.append(job)
    return part


def report_json(text: str) -> Path:
    """The STEM.json a shard's report is (given as its stem, or its .json)."""
    path = Path(text)
    return path if path.name.lower().endswith(".json") else path.with_name(path.name + ".json")


def opened_report(path: Path) -> tuple[int, TextIO]:
    """A report's ``top``, and the report open at its files' entries (as ReportWriter writes it)."""
    try:
        f = open(path, encoding="utf-8", errors="surrogateescape")
    except OSError as exc:
        raise BrightwellError(f"cannot read the report: {exc.strerror}", file=str(path)) from None
    try:
        top = json.loads(f.readline().removeprefix('{"summary": ').rstrip().removesuffix(","))["top"]
        if f.readline().strip() != '"files": [':
            raise ValueError
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        f.close()
        raise BrightwellError("not the STEM.json of a brightwell batch report", file=str(path)) from None
    return top, f


def entries(f: TextIO, path: Path) -> Iterator[dict]:
    """The files' entries of a report :func:`opened_report` opened, a line at a time."""
    for n, line in enumerate(f, 3):
        line = line.strip().removesuffix(",")
        if line in ("]", "}", ""):
            continue
        try:
            entry = json.loads(line)
            missing = next((k for k in _NEEDED if k not in entry), None)
        except (ValueError, TypeError):
            entry, missing = None, "its shape"
        if missing:
            raise BrightwellError(f"a file's entry lacks {missing} (a report of another version: run its batch "
                                  "again)", file=str(path), place=f"line {n}")
        yield entry


def merge(parts: list[Path], writer_for, on_entry=None) -> object:
    """A report joining ``parts`` (STEM.json files of one ``top``): ``writer_for(top)`` makes the
    writer, which is given every entry and returned, not closed (discarded should a part fail);
    ``on_entry``, when given, is given each entry too."""
    seen, writer, top = set(), None, None
    try:
        for path in parts:
            if path.resolve() in seen:
                raise BrightwellError("named twice: each part is merged once", file=str(path))
            seen.add(path.resolve())
            part_top, f = opened_report(path)
            with f:
                if top is not None and part_top != top:
                    raise BrightwellError(f"watches the top {part_top}, the first part the top {top}: the parts "
                                          "of one report watch the same places (--top)", file=str(path))
                top = part_top
                writer = writer or writer_for(top)
                for entry in entries(f, path):
                    writer.add_record(entry)
                    if on_entry is not None:
                        on_entry(entry)
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    return writer
