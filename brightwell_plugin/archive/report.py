"""The batch report: what changed in each file's standings, as CSV, JSON and a self-contained page.

A :class:`ReportWriter` takes each file's result as it completes and writes it out at once (CSV
rows, a JSON line, an HTML row into files beside the report), keeping counters, the few files the
chart shows, where each file's part lies and the failed files' names by cause. ``close`` builds
the three files from what it streamed, each file's part in the order of the input paths, with the
failures grouped by cause, and puts them in place together."""

from __future__ import annotations

import csv
import functools
import heapq
import html
import json
import io
import os
from pathlib import Path

from brightwell_plugin.archive.batch import clean_stale_parts
from brightwell_plugin.archive.results import FileResult
from brightwell_plugin.errors import BrightwellError

CHART_FILES = 50  # the chart shows the files whose places changed most
INDEX_HELD = 4_000  # where so many files' parts lie is held; then sorted, it goes to disk beside the parts


def record(r: FileResult, top: int) -> dict:
    """One file's entry of STEM.json: all a report says of the file (a merged report is made of them)."""
    moved = r.moved()
    return {
        "source": r.source, "target": r.target, "format": r.format, "error": r.error, "skipped": r.skipped,
        "status": _status(r), "title_changed": r.top_changed(1) if r.ok else None,
        "top_changed": r.top_changed(top) if r.ok else None,
        "mean_abs_place_change": r.mean_abs_change() if r.ok else None, "not_carried": list(r.not_carried),
        "before_from": r.before_from, "earlier_run": r.earlier, "cause": r.cause,
        "compared_players": sum(p.before is not None for p in r.placings),
        "ranked_by": r.ranked_by, "ranked_by_default": r.undated,
        "moved": [{"start_no": p.start_no, "name": p.name, "before": p.before, "after": p.after,
                   "change": p.before - p.after} for p in moved],
    }


def as_result(entry: dict) -> FileResult:
    """What a batch's summary counts of a file, from its entry (:func:`record`; its places left out)."""
    status = entry["status"]
    return FileResult(entry["source"], entry.get("target"), entry.get("format"), entry["error"], entry["skipped"],
                      skip_reason=status.removeprefix("skipped: ") if status.startswith("skipped: ") else None,
                      cause=entry.get("cause"), earlier=bool(entry["earlier_run"]), ranked_by=entry.get("ranked_by"),
                      undated=bool(entry.get("ranked_by_default")))


def _html_row(rec: dict) -> str:
    source = html.escape(rec["source"])
    if rec["error"] is not None:
        return f"<tr class='err'><td>{source}</td><td colspan='4'>{html.escape(rec['error'])}</td></tr>\n"
    names = ", ".join(f"{html.escape(m['name'])} {m['before']}&rarr;{m['after']}" for m in rec["moved"][:12])
    if rec["before_from"] == "points":
        names = "<span class='note'>before: the order of the stored points (the file stores no places)</span>" + \
            (f"<br>{names}" if names else "")
    elif not rec["skipped"] and rec["before_from"] is None:
        names = "<span class='note'>no order stored: nothing to compare</span>"
    rules = f" by {html.escape(said_rules(rec))}" if rec.get("ranked_by") else ""
    return (f"<tr><td>{source}</td><td>{html.escape(rec['status'])}{rules}</td>"
            f"<td>{'yes' if rec['title_changed'] else ''}</td><td>{'yes' if rec['top_changed'] else ''}</td>"
            f"<td>{names}</td></tr>\n")


def _status(r: FileResult) -> str:
    if not r.ok:
        return f"error: {r.error}"
    if r.skipped:
        return f"skipped: {r.skip_reason}" if r.skip_reason else "skipped"
    return "ranked (earlier run)" if r.earlier else "ranked"


def said_rules(rec: dict) -> str:
    """The rules for unplayed rounds that ranked a file (its entry), as the report says them:
    ``fide-2009``, and ``fide-2026 (no date)`` for want of a date."""
    rules = rec.get("ranked_by") or ""
    return f"{rules} (no date)" if rules and rec.get("ranked_by_default") else rules


REPORT_SUFFIXES = (".csv", ".json", ".html")  # STEM.csv, STEM.json, STEM.html


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
        clean_stale_parts(stem)  # a killed run's: never removed otherwise
        self._parts = {kind: stem.with_name(f".{stem.name}.{kind}.{os.getpid()}.part")
                       for kind in ("csv", "jsonl", "rows")}
        self._files = {kind: open(path, "wb") for kind, path in self._parts.items()}
        self._index: list[tuple[str, tuple[tuple[int, int], ...]]] = []  # a file's source, its parts' (start, size)
        self._runs: list[Path] = []  # the index's sorted runs on disk
        self._failures: dict[str, list[str]] = {}  # cause -> the files that failed of it
        self.undated: list[str] = []  # the files ranked by the newest edition for want of a date
        self.ranked_by: dict[str, int] = {}  # how many files each rules for unplayed rounds ranked
        self.counts = {"files": 0, "ranked": 0, "earlier_run": 0, "skipped": 0, "failed": 0, "compared": 0,
                       "top_changed": 0, "title_changed": 0}
        self._change_sum, self._change_count = 0, 0
        self._chart: list[tuple[float, int, str]] = []  # a heap of the files that changed most

    def add(self, r: FileResult) -> None:
        self.add_record(record(r, self.top))

    @_said
    def add_record(self, rec: dict) -> None:
        """One file's entry as :func:`record` makes it (and STEM.json holds it: a merged report
        adds those of its parts)."""
        c, ok, source = self.counts, rec["error"] is None, rec["source"]
        c["files"] += 1
        c["failed" if not ok else "skipped" if rec["skipped"] else "ranked"] += 1
        c["earlier_run"] += bool(rec["earlier_run"])
        if not ok:
            self._failures.setdefault(rec["cause"] or rec["error"], []).append(source)
        rules = said_rules(rec)
        if ok and not rec["skipped"] and rules:
            self.ranked_by[rules] = self.ranked_by.get(rules, 0) + 1
            if rec.get("ranked_by_default"):
                self.undated.append(source)
        compared = rec["compared_players"]
        if ok and not rec["skipped"] and compared:
            c["compared"] += 1
            c["top_changed"] += bool(rec["top_changed"])
            c["title_changed"] += bool(rec["title_changed"])
            self._change_sum += sum(abs(m["change"]) for m in rec["moved"])
            self._change_count += compared
        if ok and compared:
            item = (rec["mean_abs_place_change"] or 0.0, c["files"], Path(source).name)
            (heapq.heappush if len(self._chart) < CHART_FILES else heapq.heappushpop)(self._chart, item)
        rows = io.StringIO()
        out = csv.writer(rows, lineterminator="\n")
        status, before_from = rec["status"], rec["before_from"]
        if not ok or rec["skipped"] or not rec["moved"]:
            out.writerow([source, status, "", "", "", "", "", before_from or "", rules or ""])
        for m in rec["moved"]:
            out.writerow([source, status, m["start_no"], m["name"], m["before"], m["after"], m["change"], before_from,
                          rules or ""])
        texts = {"csv": rows.getvalue(), "jsonl": json.dumps(rec, ensure_ascii=False) + "\n", "rows": _html_row(rec)}
        at = []
        for kind, text in texts.items():
            f, data = self._files[kind], text.encode(**_TEXT)
            at.append((f.tell(), len(data)))
            f.write(data)
        self._index.append((source, tuple(at)))
        if len(self._index) >= INDEX_HELD:
            self._spill()

    def _spill(self) -> None:
        """The index held, sorted by source, to a run on disk (merged with the others at the end)."""
        path = self.stem.with_name(f".{self.stem.name}.index{len(self._runs)}.{os.getpid()}.part")
        self._runs.append(path)
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(item) + "\n" for item in sorted(self._index, key=lambda item: item[0]))
        self._index = []

    def _order(self):
        """(source, parts) of every file, in the order of the input paths."""
        def run(path: Path):
            with open(path, encoding="utf-8") as f:
                for line in f:
                    source, spans = json.loads(line)
                    yield source, spans
        held = sorted(self._index, key=lambda item: item[0])
        return heapq.merge(*map(run, self._runs), held, key=lambda item: item[0])

    def summary(self) -> dict:
        mean = self._change_sum / self._change_count if self._change_count else None
        return {**self.counts, "top": self.top, "mean_abs_place_change": mean,
                "ranked_by": dict(sorted(self.ranked_by.items())), "ranked_by_default": sorted(self.undated),
                "failures": [{"cause": c, "count": len(files), "files": sorted(files)} for c, files in self.causes()]}

    def causes(self) -> list[tuple[str, list[str]]]:
        """The failures grouped by cause, the most frequent first."""
        return sorted(self._failures.items(), key=lambda item: (-len(item[1]), item[0]))

    def _in_order(self, kind: str):
        """Each file's part of ``kind`` (bytes), in the order of the input paths."""
        at = ("csv", "jsonl", "rows").index(kind)
        with open(self._parts[kind], "rb") as part:
            for _, spans in self._order():
                start, size = spans[at]
                part.seek(start)
                yield part.read(size)

    @_said
    def close(self) -> list[Path]:
        """Build STEM.json and STEM.html, then put the three in place; the parts are removed."""
        for f in self._files.values():
            f.close()
        staged = {suffix: self.stem.with_name(f".{self.stem.name}{suffix}.{os.getpid()}.tmp")
                  for suffix in REPORT_SUFFIXES}
        try:
            with open(staged[".csv"], "wb") as out:
                out.write(b"source,status,start_no,name,place_before,place_after,change,before_from,ranked_by\n")
                out.writelines(self._in_order("csv"))
            self._write_json(staged[".json"])
            self._write_html(staged[".html"])
            for suffix, path in staged.items():
                os.replace(path, self.stem.with_suffix(suffix))
        finally:
            for path in (*self._parts.values(), *staged.values(), *self._runs):
                path.unlink(missing_ok=True)
        return [self.stem.with_suffix(s) for s in staged]

    def discard(self) -> None:
        for f in self._files.values():
            f.close()
        for path in (*self._parts.values(), *self._runs):
            path.unlink(missing_ok=True)

    def _write_json(self, path: Path) -> None:
        with open(path, "wb") as out:
            out.write(('{"summary": ' + json.dumps(self.summary(), ensure_ascii=False) + ',\n "files": [\n').encode())
            for n, line in enumerate(self._in_order("jsonl")):
                out.write((b",\n  " if n else b"  ") + line.rstrip(b"\n"))
            out.write(b"\n ]\n}\n")

    def _write_html(self, path: Path) -> None:
        s, top = self.summary(), self.top
        mean = "-" if s["mean_abs_place_change"] is None else f"{s['mean_abs_place_change']:.2f}"
        earlier = f" ({s['earlier_run']} by an earlier run into the same folder)" if s["earlier_run"] else ""
        with open(path, "w", **_TEXT) as out:
            out.write(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>brightwell batch report</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;
padding:3px 6px;font-size:13px}}tr.err td{{color:#a00}}</style></head><body>
<h1>Re-ranking report</h1>
<p>{s['files']} files: {s['ranked']} ranked{earlier}, {s['skipped']} skipped, {s['failed']} failed.
Of {s['compared']} files that stored an order, the title changed hands in {s['title_changed']} and the
top {top} changed in {s['top_changed']}; mean absolute place change {mean}.</p>
{self._rules_html()}<h2>Mean absolute place change per file</h2>
{self._chart_svg()}
{self._failures_html()}<h2>Per event</h2>
<table><tr><th>file</th><th>status</th><th>title changed</th><th>top {top} changed</th><th>places changed</th></tr>
""")
            out.flush()
            out.buffer.writelines(self._in_order("rows"))
            out.write("</table></body></html>\n")

    def _rules_html(self) -> str:
        """Which rules for unplayed rounds ranked how many files, and the files ranked by a default for
        want of a date."""
        if not self.ranked_by:
            return ""
        counts = ", ".join(f"{html.escape(rules)}: {n}" for rules, n in sorted(self.ranked_by.items()))
        undated = "" if not self.undated else (
            f"<p>Ranked by the newest rules for want of a date they can read ({len(self.undated)}; --edition "
            f"chooses others): {html.escape(', '.join(sorted(self.undated)))}</p>\n")
        return f"<p>Rules for unplayed rounds, by the files' dates unless --edition chose: {counts}.</p>\n{undated}"

    def _failures_html(self) -> str:
        """The failures by cause, the most frequent first, each with its files."""
        if not self._failures:
            return ""
        items = "".join(f"<li>{html.escape(cause)}: {len(files)} file(s) — "
                        f"{html.escape(', '.join(sorted(files)))}</li>\n" for cause, files in self.causes())
        return f"<h2>Failures by cause</h2>\n<ul>\n{items}</ul>\n"

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
