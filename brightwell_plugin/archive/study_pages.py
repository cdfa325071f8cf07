"""The study's pages, self-contained (no outside request): the report's index with its charts as
inline SVG drawn here, and an event's comparison page (its standings under every rule side by
side, as ``publish --compare`` shows two)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from pathlib import Path

from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.fileio import atomic_write

STYLE = """body{font-family:sans-serif;margin:1.5em;max-width:70em}table{border-collapse:collapse;margin:.5em 0}
td,th{border:1px solid #ccc;padding:3px 6px;font-size:13px;text-align:right}td.l,th.l{text-align:left}
tr.moved td{background:#fff4d6}svg text{font-size:11px}.series0{fill:#4a78c2;color:#4a78c2;stroke:#4a78c2}
.series1{fill:#d2691e;color:#d2691e;stroke:#d2691e}.series2{fill:#2e8b57;color:#2e8b57;stroke:#2e8b57}
.series3{fill:#8b3a8b;color:#8b3a8b;stroke:#8b3a8b}polyline.line{fill:none;stroke-width:2}label{margin-right:1em}"""
FILTER_SCRIPT = """document.addEventListener("DOMContentLoaded", () => {
  const boxes = [...document.querySelectorAll("select[data-filter]")];
  const rows = [...document.querySelectorAll("#changed tbody tr")];
  const shown = document.getElementById("shown");
  function apply() {
    let n = 0;
    for (const row of rows) {
      const ok = boxes.every(b => b.value === "" || row.dataset[b.dataset.filter] === b.value);
      row.hidden = !ok;
      n += ok;
    }
    shown.textContent = n;
  }
  boxes.forEach(b => b.addEventListener("change", apply));
  apply();
});"""


def _page(title: str, body: str, script: str = "") -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body>\n{body}\n"
            + (f"<script>{script}</script>\n" if script else "") + "</body></html>\n")


def write_comparison(path: Path, t, tables: Sequence, source: str, back: str) -> None:
    """An event's standings under every rule (None: a rule that could not rank it), one row a
    player in the order of the first rule that ranked it; a row whose places differ marked;
    ``back``: the study's page, relative to this one."""
    ranked = [s for s in tables if s is not None]
    place = [None if s is None else {r.start_no: r for r in s.rows} for s in tables]
    head = "".join(f'<th scope="col" colspan="{1 + len(s.headings)}">{escape(", ".join(s.headings))}</th>'
                   if s is not None else '<th scope="col">(no standings)</th>' for s in tables)
    sub = "".join("<th>Place</th>" + "".join(f"<th>{escape(h)}</th>" for h in s.headings) if s is not None
                  else "<th></th>" for s in tables)
    rows = []
    for row in ranked[0].rows:
        cells, places = [], set()
        for p in place:
            if p is None:
                cells.append("<td></td>")
                continue
            r = p[row.start_no]
            places.add(r.rank)
            cells.append(f"<td>{r.rank}</td>" + "".join(f"<td>{escape(fmt(v))}</td>" for v in r.values))
        rows.append(f'<tr{" class=moved" if len(places) > 1 else ""}><td>{row.start_no}</td>'
                    f'<td class="l">{escape(row.name)}</td>{"".join(cells)}</tr>')
    body = (f"<h1>{escape(t.name)}</h1><p>{escape(source)}: the standings under each rule of the study; the "
            f"players whose places differ are marked.</p><p><a href=\"{escape(back)}\">Back to the study</a></p>"
            f'<table><thead><tr><th scope="col" rowspan="2">No</th><th scope="col" class="l" rowspan="2">Name</th>'
            f"{head}</tr><tr>{sub}</tr></thead><tbody>{''.join(rows)}</tbody></table>")
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(path, _page(f"{t.name}: the rules compared", body).encode("utf-8", "backslashreplace"))


def year_chart(by_year: list[dict], rules: list[str]) -> str:
    """The share of the pairs tied on points each rule breaks, year by year: a line a rule."""
    years = [y for y in by_year if any(r["tied_pairs"] for r in y["rules"])]
    if not years:
        return "<p>No event has players tied on points.</p>"
    width, height, pad = max(360, 28 * len(years) + 80), 220, 40
    step = (width - 2 * pad) / max(len(years) - 1, 1)
    def y_of(share):
        return height - pad - share * (height - 2 * pad)
    out = [f'<line x1="{pad}" y1="{y_of(0):.1f}" x2="{width - pad}" y2="{y_of(0):.1f}" stroke="#888"/>',
           f'<text x="4" y="{y_of(1) + 4:.1f}">100%</text><text x="4" y="{y_of(0) + 4:.1f}">0%</text>']
    for n, y in enumerate(years):
        if n % max(1, len(years) // 12) == 0:
            out.append(f'<text x="{pad + n * step:.1f}" y="{height - 8}" text-anchor="middle">{escape(y["year"])}</text>')
    for r, rule in enumerate(rules):
        points = [(pad + n * step, y["rules"][r]["share_broken"], y) for n, y in enumerate(years)
                  if y["rules"][r]["share_broken"] is not None]
        line = " ".join(f"{x:.1f},{y_of(s):.1f}" for x, s, _ in points)
        out.append(f'<polyline class="line series{r % 4}" points="{line}"/>' + "".join(
            f'<circle class="series{r % 4}" cx="{x:.1f}" cy="{y_of(s):.1f}" r="3"><title>{escape(rule)}, '
            f'{escape(y["year"])}: {s:.1%} of {y["rules"][r]["tied_pairs"]} tied pairs broken</title></circle>'
            for x, s, y in points))
    legend = "".join(f'<span class="series{r % 4}">■</span> {escape(rule)} ' for r, rule in enumerate(rules))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" role="img" '
            f'aria-label="share of ties on points broken, by year">{"".join(out)}</svg><p>{legend}</p>')


def changes_chart(pair: dict) -> str:
    """How many players each pair of rules moved by each number of places (0: the same place)."""
    counts = sorted((int(k), n) for k, n in pair["place_changes"].items())
    if not counts:
        return "<p>No event was ranked by both.</p>"
    top = max(n for _, n in counts) or 1
    bar, height, pad = 34, 180, 30
    width = pad + bar * len(counts) + 10
    out = []
    for j, (change, n) in enumerate(counts):
        h = (height - 2 * pad) * n / top
        x = pad + j * bar
        out.append(f'<rect class="series0" x="{x + 3}" y="{height - pad - h:.1f}" width="{bar - 6}" height="{h:.1f}">'
                   f"<title>{n} player(s) moved {change} place(s)</title></rect>"
                   f'<text x="{x + bar / 2:.1f}" y="{height - pad + 14}" text-anchor="middle">{change}</text>'
                   f'<text x="{x + bar / 2:.1f}" y="{height - pad - h - 4:.1f}" text-anchor="middle">{n}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
            f'aria-label="players by places moved">{"".join(out)}</svg>')


def _cell(value) -> str:
    return "" if value is None else escape(f"{value:.1%}" if isinstance(value, float) else str(value))


def _failures(failures) -> str:
    """The events that could not be studied, grouped by cause, the most frequent first."""
    if not failures:
        return ""
    items = "".join(f'<li>{escape(f["cause"])}: {f["count"]} event(s) — {escape(", ".join(f["events"]))}</li>'
                    for f in failures)
    return f"<h2>Failures by cause</h2>\n<ul id=\"failures\">{items}</ul>\n"


def _today(summary: dict) -> str:
    """What today's rules for unplayed rounds would change in the events ranked by older ones, and
    the events ranked by the newest for want of a date."""
    rows = "".join(f'<tr><td class="l">{escape(s["rule"])}</td><td>{s["older_rules_events"]}</td>'
                   f'<td>{s["changed_by_today"]}</td><td>{s["moved_by_today"]}</td></tr>'
                   for s in summary["per_rule"] if s.get("older_rules_events"))
    used = ", ".join(f"{escape(k)}: {n}" for k, n in (summary.get("ranked_by") or {}).items())
    out = f"<p>Rules for unplayed rounds, by the events' dates unless --edition chose: {used}.</p>\n" if used else ""
    if rows:
        out += (f"<h2>What today's rules ({escape(summary['today'])}) would change</h2>\n<table id=\"today\"><thead><tr>"
                "<th class=\"l\">rule</th><th>events ranked by older rules</th><th>events whose places change</th>"
                f"<th>players moved</th></tr></thead><tbody>{rows}</tbody></table>\n")
    undated = summary.get("ranked_by_default") or ()
    if undated:
        out += (f"<p>Ranked by {escape(summary['today'])} for want of a date they can read ({len(undated)}; --edition "
                f"chooses others): {escape(', '.join(undated))}</p>\n")
    return out


def index_page(summary: dict, changed_events: Iterable[dict]) -> str:
    """The report's page: what each rule did with the ties, what each pair of rules changed, the
    share broken by year, and the events whose first or top places changed (``changed_events``),
    filterable."""
    rules, top, c = summary["rules"], summary["top"], summary["counts"]
    rule_rows = "".join(
        f'<tr data-rule="{r}"><td class="l">{escape(s["rule"])}</td><td data-key="events">{s["events"]}</td>'
        f'<td data-key="errors">{s["errors"]}</td><td data-key="tied_pairs">{s["tied_pairs"]}</td>'
        f'<td class="l">{"; ".join(escape(b["item"]) + ": " + str(b["pairs"]) for b in s["broken"])}</td>'
        f'<td data-key="shared">{s["shared"]}</td><td>{_cell(s["share_broken"])}</td>'
        f'<td data-key="follows">{s["follows"]}</td><td data-key="does_not_follow">{s["does_not_follow"]}</td></tr>'
        for r, s in enumerate(summary["per_rule"]))
    pair_rows = "".join(
        f'<tr data-pair="{n}"><td class="l">{escape(p["first"])}</td><td class="l">{escape(p["second"])}</td>'
        f'<td data-key="events">{p["events"]}</td><td data-key="moved">{p["moved"]}</td>'
        f'<td data-key="swapped">{p["swapped"]}</td><td data-key="title_changed">{p["title_changed"]}</td>'
        f'<td data-key="top_changed">{p["top_changed"]}</td></tr>'
        for n, p in enumerate(summary["per_pair"]))
    charts = "".join(f"<h3>{escape(p['first'])} against {escape(p['second'])}</h3>{changes_chart(p)}"
                     for p in summary["per_pair"])
    changed, values = [], {"year": set(), "creator": set(), "federation": set()}
    for e in changed_events:
        facts = {k: e[k] or "unknown" for k in values}
        for k, v in facts.items():
            values[k].add(v)
        what = "; ".join(f'{escape(p["first"])} | {escape(p["second"])}: '
                         + ", ".join(w for w, f in (("first place", p["title_changed"]), (f"top {top}", p["top_changed"]))
                                     if f) for p in e["pairs"] if p["title_changed"] or p["top_changed"])
        link = f'<a href="{escape(e["page"])}">{escape(e["name"] or e["source"])}</a>' if e["page"] else escape(e["source"])
        changed.append(f'<tr data-year="{escape(facts["year"])}" data-creator="{escape(facts["creator"])}" '
                       f'data-federation="{escape(facts["federation"])}"><td class="l">{link}</td>'
                       f'<td>{escape(facts["year"])}</td><td class="l">{escape(facts["creator"])}</td>'
                       f'<td class="l">{escape(facts["federation"])}</td><td class="l">{what}</td></tr>')
    filters = "".join(f'<label>{k} <select data-filter="{k}"><option value="">all</option>'
                      + "".join(f'<option>{escape(v)}</option>' for v in sorted(vs)) + "</select></label>"
                      for k, vs in values.items())
    body = f"""<h1>Tie-break study</h1>
<p id="counts">{c['events']} events: <span data-key="studied">{c['studied']}</span> studied,
<span data-key="skipped">{c['skipped']}</span> skipped, <span data-key="failed">{c['failed']}</span> failed.
Rules: {"; ".join(escape(r) for r in rules)}. Counts are of pairs of players tied on points.</p>
<h2>What each rule does with the ties on points</h2>
<table id="rules"><thead><tr><th class="l">rule</th><th>events</th><th>could not rank</th><th>tied pairs</th>
<th class="l">broken by each item</th><th>left shared</th><th>share broken</th><th>follows the stored order</th>
<th>does not</th></tr></thead><tbody>{rule_rows}</tbody></table>
{_today(summary)}<h2>Where two rules differ</h2>
<table id="pairs"><thead><tr><th class="l">rule</th><th class="l">against</th><th>events</th><th>players moved</th>
<th>tied pairs swapped</th><th>first place changed</th><th>top {top} changed</th></tr></thead><tbody>{pair_rows}</tbody></table>
<h2>Share of the ties on points broken, by year</h2>
{year_chart(summary["by_year"], rules)}
<h2>Places moved between two rules</h2>
{charts}
<h2>Events where the first or a top {top} place changed</h2>
<p>{filters} <span id="shown">{len(changed)}</span> of {len(changed)} shown.</p>
<table id="changed"><thead><tr><th class="l">event</th><th>year</th><th class="l">creator</th><th class="l">federation</th>
<th class="l">what changed</th></tr></thead><tbody>{"".join(changed)}</tbody></table>
{_failures(summary.get("failures") or ())}<p>Every number: study.json and study.csv beside this page.</p>"""
    return _page("Tie-break study", body, FILTER_SCRIPT)
