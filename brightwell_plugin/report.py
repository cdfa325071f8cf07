"""The batch report: what changed in each file's standings, as CSV, JSON and a self-contained page."""

from __future__ import annotations

import csv
import html
import io
import json
from pathlib import Path

from brightwell_plugin.batch import FileResult
from brightwell_plugin.fileio import atomic_write_all


def summary(results: list[FileResult], top: int) -> dict:
    compared = [r for r in results if r.ok and not r.skipped and r.has_order]
    changes = [abs(p.before - p.after) for r in compared for p in r.placings if p.before is not None]
    return {
        "files": len(results), "ranked": sum(1 for r in results if r.ok and not r.skipped),
        "skipped": sum(1 for r in results if r.skipped), "failed": sum(1 for r in results if not r.ok),
        "compared": len(compared), "top": top,
        "top_changed": sum(1 for r in compared if r.top_changed(top)),
        "title_changed": sum(1 for r in compared if r.top_changed(1)),
        "mean_abs_place_change": sum(changes) / len(changes) if changes else None,
    }


def as_json(results: list[FileResult], top: int) -> str:
    files = [{
        "source": r.source, "target": r.target, "format": r.format, "error": r.error, "skipped": r.skipped,
        "title_changed": r.top_changed(1) if r.ok else None, "top_changed": r.top_changed(top) if r.ok else None,
        "mean_abs_place_change": r.mean_abs_change() if r.ok else None, "not_carried": list(r.not_carried),
        "moved": [{"start_no": p.start_no, "name": p.name, "before": p.before, "after": p.after,
                   "change": p.before - p.after} for p in r.moved()],
    } for r in results]
    return json.dumps({"summary": summary(results, top), "files": files}, ensure_ascii=False, indent=1) + "\n"


def as_csv(results: list[FileResult]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["source", "status", "start_no", "name", "place_before", "place_after", "change"])
    for r in results:
        status = "error" if not r.ok else "skipped" if r.skipped else "ranked"
        if not r.ok or r.skipped or not r.moved():
            w.writerow([r.source, status if r.ok else f"error: {r.error}", "", "", "", "", ""])
        for p in r.moved():
            w.writerow([r.source, status, p.start_no, p.name, p.before, p.after, p.before - p.after])
    return buf.getvalue()


def _chart(results: list[FileResult]) -> str:
    """An inline SVG bar chart: mean absolute place change per file."""
    bars = [(Path(r.source).name, r.mean_abs_change() or 0.0) for r in results if r.ok and r.has_order]
    if not bars:
        return "<p>No file stored an order to compare with.</p>"
    top = max(v for _, v in bars) or 1.0
    height, width = 18 * len(bars) + 10, 640
    rows = []
    for i, (name, value) in enumerate(bars):
        w = 400 * value / top
        rows.append(f'<text x="0" y="{18 * i + 14}" font-size="12">{html.escape(name[:28])}</text>'
                    f'<rect x="220" y="{18 * i + 3}" width="{w:.1f}" height="13" fill="#4a78c2"/>'
                    f'<text x="{225 + w:.1f}" y="{18 * i + 14}" font-size="11">{value:.2f}</text>')
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}">{"".join(rows)}</svg>'


def as_html(results: list[FileResult], top: int) -> str:
    s = summary(results, top)
    mean = "-" if s["mean_abs_place_change"] is None else f"{s['mean_abs_place_change']:.2f}"
    rows = []
    for r in results:
        if not r.ok:
            rows.append(f"<tr class='err'><td>{html.escape(r.source)}</td><td colspan='4'>{html.escape(r.error)}</td></tr>")
            continue
        moved = ", ".join(f"{html.escape(p.name)} {p.before}&rarr;{p.after}" for p in r.moved()[:12])
        rows.append(f"<tr><td>{html.escape(r.source)}</td><td>{'skipped' if r.skipped else 'ranked'}</td>"
                    f"<td>{'yes' if r.top_changed(1) else ''}</td><td>{'yes' if r.top_changed(top) else ''}</td>"
                    f"<td>{moved}</td></tr>")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>brightwell batch report</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;
padding:3px 6px;font-size:13px}}tr.err td{{color:#a00}}</style></head><body>
<h1>Re-ranking report</h1>
<p>{s['files']} files: {s['ranked']} ranked, {s['skipped']} skipped, {s['failed']} failed.
Of {s['compared']} files that stored an order, the title changed hands in {s['title_changed']} and the
top {top} changed in {s['top_changed']}; mean absolute place change {mean}.</p>
<h2>Mean absolute place change per file</h2>
{_chart(results)}
<h2>Per event</h2>
<table><tr><th>file</th><th>status</th><th>title changed</th><th>top {top} changed</th><th>places changed</th></tr>
{''.join(rows)}
</table></body></html>
"""


def write_report(stem: Path, results: list[FileResult], top: int) -> list[Path]:
    """STEM.csv, STEM.json and STEM.html, written together."""
    files = {stem.with_suffix(".csv"): as_csv(results).encode(), stem.with_suffix(".json"): as_json(results, top).encode(),
             stem.with_suffix(".html"): as_html(results, top).encode()}
    atomic_write_all(files)
    return list(files)
