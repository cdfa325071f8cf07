"""The batch report: what changed in each file's standings, as CSV, JSON and a self-contained page.

A :class:`ReportWriter` takes each file's result as it completes and writes it out at once (CSV
rows, a JSON line, an HTML row into files beside the report), keeping only counters and the few
files the chart shows: its memory does not grow with the archive. ``close`` builds STEM.json and
STEM.html from what it streamed and puts the three files in place together. Files appear in the
order they finished."""

from __future__ import annotations

import csv
import functools
import heapq
import html
import json
import os
import shutil
from pathlib import Path

from brightwell_plugin.archive.batch import FileResult
from brightwell_plugin.errors import BrightwellError

CHART_FILES = 50  # the chart shows the files whose places changed most


def record(r: FileResult, top: int, moved=None, title=None, top_n=None) -> dict:
    """One file's entry of STEM.json (``moved`` and the two changes when already worked out)."""
    moved = r.moved() if moved is None else moved
    return {
        "source": r.source, "target": r.target, "format": r.format, "error": r.error, "skipped": r.skipped,
        "title_changed": (r.top_changed(1) if title is None else title) if r.ok else None,
        "top_changed": (r.top_changed(top) if top_n is None else top_n) if r.ok else None,
        "mean_abs_place_change": r.mean_abs_change() if r.ok else None, "not_carried": list(r.not_carried),
        "before_from": r.before_from,
        "moved": [{"start_no": p.start_no, "name": p.name, "before": p.before, "after": p.after,
                   "change": p.before - p.after} for p in moved],
    }


def _html_row(r: FileResult, moved, title: bool, top_n: bool) -> str:
    if not r.ok:
        return f"<tr class='err'><td>{html.escape(r.source)}</td><td colspan='4'>{html.escape(r.error)}</td></tr>\n"
    names = ", ".join(f"{html.escape(p.name)} {p.before}&rarr;{p.after}" for p in moved[:12])
    if r.before_from == "points":
        names = "<span class='note'>before: the order of the stored points (the file stores no places)</span>" + \
            (f"<br>{names}" if names else "")
    elif r.ok and not r.skipped and r.before_from is None:
        names = "<span class='note'>no order stored: nothing to compare</span>"
    return (f"<tr><td>{html.escape(r.source)}</td><td>{'skipped' if r.skipped else 'ranked'}</td>"
            f"<td>{'yes' if title else ''}</td><td>{'yes' if top_n else ''}</td><td>{names}</td></tr>\n")


def report_stem(text: str) -> Path:
    """Where ``--report`` puts its files: STEM.csv, STEM.json and STEM.html for a stem; inside the
    folder, as report.*, when it names a folder (one that exists, or written with a final slash)."""
    path = Path(text)
    if path.is_dir() or text.endswith(("/", os.sep)):
        return path / "report"
    return path


# A file name that is not UTF-8 holds lone surrogates: written as the escape \udcff (in JSON, the
# string's own escape), not refused.
_TEXT = {"encoding": "utf-8", "errors": "backslashreplace"}


def _said(method):
    """A report's file that cannot be written (a full disk) is one line naming the report."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except OSError as exc:
            raise BrightwellError(f"cannot write the report: {exc.strerror or exc}", file=str(self.stem)) from None
    return wrapper


class ReportWriter:
    """STEM.csv, STEM.json and STEM.html of a batch, written as its results arrive."""

    @_said
    def __init__(self, stem: Path, top: int):
        self.stem, self.top = stem, top
        stem.parent.mkdir(parents=True, exist_ok=True)
        self._parts = {kind: stem.with_name(f".{stem.name}.{kind}.{os.getpid()}.part")
                       for kind in ("csv", "jsonl", "rows")}
        self._csv_file = open(self._parts["csv"], "w", newline="", **_TEXT)
        self._jsonl = open(self._parts["jsonl"], "w", **_TEXT)
        self._rows = open(self._parts["rows"], "w", **_TEXT)
        self._csv = csv.writer(self._csv_file, lineterminator="\n")
        self._csv.writerow(["source", "status", "start_no", "name", "place_before", "place_after", "change",
                            "before_from"])
        self.counts = {"files": 0, "ranked": 0, "skipped": 0, "failed": 0, "compared": 0, "top_changed": 0,
                       "title_changed": 0}
        self._change_sum, self._change_count = 0, 0
        self._chart: list[tuple[float, int, str]] = []  # a heap of the files that changed most

    @_said
    def add(self, r: FileResult) -> None:
        c = self.counts
        c["files"] += 1
        c["failed" if not r.ok else "skipped" if r.skipped else "ranked"] += 1
        moved = r.moved() if r.ok else []
        title, top_n = (r.top_changed(1), r.top_changed(self.top)) if r.ok else (False, False)
        if r.ok and not r.skipped and r.has_order:
            c["compared"] += 1
            c["top_changed"] += top_n
            c["title_changed"] += title
            changes = [abs(p.before - p.after) for p in r.placings if p.before is not None]
            self._change_sum += sum(changes)
            self._change_count += len(changes)
        if r.ok and r.has_order:
            item = (r.mean_abs_change() or 0.0, c["files"], Path(r.source).name)
            (heapq.heappush if len(self._chart) < CHART_FILES else heapq.heappushpop)(self._chart, item)
        status = "error" if not r.ok else "skipped" if r.skipped else "ranked"
        if not r.ok or r.skipped or not moved:
            self._csv.writerow([r.source, status if r.ok else f"error: {r.error}", "", "", "", "", "",
                                r.before_from or ""])
        for p in moved:
            self._csv.writerow([r.source, status, p.start_no, p.name, p.before, p.after, p.before - p.after,
                                r.before_from])
        self._jsonl.write(json.dumps(record(r, self.top, moved, title, top_n), ensure_ascii=False) + "\n")
        self._rows.write(_html_row(r, moved, title, top_n))

    def summary(self) -> dict:
        mean = self._change_sum / self._change_count if self._change_count else None
        return {**self.counts, "top": self.top, "mean_abs_place_change": mean}

    @_said
    def close(self) -> list[Path]:
        """Build STEM.json and STEM.html, then put the three in place; the parts are removed."""
        for f in (self._csv_file, self._jsonl, self._rows):
            f.close()
        staged = {suffix: self.stem.with_name(f".{self.stem.name}{suffix}.{os.getpid()}.tmp")
                  for suffix in (".csv", ".json", ".html")}
        try:
            os.replace(self._parts["csv"], staged[".csv"])
            self._write_json(staged[".json"])
            self._write_html(staged[".html"])
            for suffix, path in staged.items():
                os.replace(path, self.stem.with_suffix(suffix))
        finally:
            for path in (*self._parts.values(), *staged.values()):
                path.unlink(missing_ok=True)
        return [self.stem.with_suffix(s) for s in staged]

    def discard(self) -> None:
        for f in (self._csv_file, self._jsonl, self._rows):
            f.close()
        for path in self._parts.values():
            path.unlink(missing_ok=True)

    def _write_json(self, path: Path) -> None:
        with open(path, "w", **_TEXT) as out, open(self._parts["jsonl"], encoding="utf-8") as lines:
            out.write('{"summary": ' + json.dumps(self.summary(), ensure_ascii=False) + ',\n "files": [\n')
            for n, line in enumerate(lines):
                out.write((",\n" if n else "") + "  " + line.rstrip("\n"))
            out.write("\n ]\n}\n")

    def _write_html(self, path: Path) -> None:
        s, top = self.summary(), self.top
        mean = "-" if s["mean_abs_place_change"] is None else f"{s['mean_abs_place_change']:.2f}"
        with open(path, "w", **_TEXT) as out, open(self._parts["rows"], encoding="utf-8") as rows:
            out.write(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>brightwell batch report</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;
padding:3px 6px;font-size:13px}}tr.err td{{color:#a00}}</style></head><body>
<h1>Re-ranking report</h1>
<p>{s['files']} files: {s['ranked']} ranked, {s['skipped']} skipped, {s['failed']} failed.
Of {s['compared']} files that stored an order, the title changed hands in {s['title_changed']} and the
top {top} changed in {s['top_changed']}; mean absolute place change {mean}.</p>
<h2>Mean absolute place change per file</h2>
{self._chart_svg()}
<h2>Per event</h2>
<table><tr><th>file</th><th>status</th><th>title changed</th><th>top {top} changed</th><th>places changed</th></tr>
""")
            shutil.copyfileobj(rows, out)
            out.write("</table></body></html>\n")

    def _chart_svg(self) -> str:
        """An inline SVG bar chart of the files whose places changed most (all of them, when few)."""
        bars = [(name, value) for value, _, name in sorted(self._chart, key=lambda b: (-b[0], b[1]))]
        if not bars:
            return "<p>No file stored an order to compare with.</p>"
        note = (f"<p>The {len(bars)} files whose places changed most.</p>"
                if self.counts["compared"] > len(bars) else "")
        top = max(v for _, v in bars) or 1.0
        # every label whole: the bars start after the longest name (7.5 px a character at 12 px, a
        # generous width for proportional fonts), the values fit after the longest bar
        start = 7.5 * max(len(name) for name, _ in bars) + 12
        values = [f"{value:.2f}" for _, value in bars]
        height, width = 18 * len(bars) + 10, start + 400 + 8 + 7 * max(map(len, values)) + 8
        rows = []
        for i, ((name, value), text) in enumerate(zip(bars, values)):
            w = 400 * value / top
            rows.append(f'<text x="0" y="{18 * i + 14}" font-size="12">{html.escape(name)}</text>'
                        f'<rect x="{start:.1f}" y="{18 * i + 3}" width="{w:.1f}" height="13" fill="#4a78c2"/>'
                        f'<text x="{start + w + 5:.1f}" y="{18 * i + 14}" font-size="11">{text}</text>')
        return f'{note}<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}">{"".join(rows)}</svg>'


def write_report(stem: Path, results, top: int) -> list[Path]:
    """STEM.csv, STEM.json and STEM.html of results already at hand."""
    writer = ReportWriter(stem, top)
    try:
        for r in results:
            writer.add(r)
    except BaseException:
        writer.discard()
        raise
    return writer.close()
