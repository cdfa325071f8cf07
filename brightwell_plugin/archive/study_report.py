"""The study's report: DIR/study.json, DIR/study.csv and DIR/index.html (with DIR/events/*.html,
the comparison pages the workers wrote).

A :class:`StudyWriter` takes each event's result as it completes: its record goes into a private
temporary SQLite table, its numbers into the counters. ``close`` writes the three files from
them, the events ordered by source, so that two runs over one archive write the same bytes. While
the events arrive its memory does not grow with the archive; ``close`` holds the three files (a
few hundred bytes an event) until it writes them together."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections import Counter
from pathlib import Path

from brightwell_plugin.archive.study import EventStudy
from brightwell_plugin.archive.study_pages import index_page
from brightwell_plugin.editions import LABELS, TODAY
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fileio import atomic_write_all


REPORT_FILES = ("study.json", "study.csv", "index.html")  # what close writes in the report's folder


def event_record(e: EventStudy, rules) -> dict:
    """One event's entry of study.json."""
    return {
        "source": e.source, "name": e.name, "format": e.format, "year": e.year, "creator": e.creator,
        "federation": e.federation, "status": "failed" if e.error else "skipped" if e.skipped else "studied",
        "error": e.error or e.skipped, "players": e.players, "tied_pairs": e.tied_pairs, "page": e.page,
        "ranked_by": e.ranked_by, "ranked_by_default": e.undated,
        "rules": [{"rule": o.rule, "error": o.error, "broken": list(o.broken), "shared": o.shared,
                   "follows_stored_order": o.follows, "moved_by_today": o.moved_today} for o in e.outcomes],
        "pairs": [{"first": rules[d.first], "second": rules[d.second], "moved": d.moved, "swapped": d.swapped,
                   "title_changed": d.title_changed, "top_changed": d.top_changed,
                   "place_changes": {str(k): n for k, n in d.changes}} for d in e.differences],
    }


class StudyWriter:
    """The report of a study, written as its events arrive (see the module's doc)."""

    def __init__(self, folder: Path, rules: list[str], items: list[list[str]], top: int):
        self.folder, self.rules, self.items, self.top = folder, rules, items, top
        folder.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect("")  # "": a private temporary file, deleted when closed
        self._db.execute("CREATE TABLE event (source TEXT PRIMARY KEY, record TEXT)")
        self.counts = Counter()
        self.per_rule = [{"events": 0, "errors": 0, "tied_pairs": 0, "broken": [0] * len(its), "shared": 0,
                          "follows": 0, "does_not_follow": 0, "older_rules_events": 0, "moved_by_today": 0,
                          "changed_by_today": 0} for its in items]
        self.ranked_by: Counter = Counter()  # events ranked by each rules for unplayed rounds
        self.undated: list[str] = []  # events ranked by the newest for want of a date
        n = len(rules)
        self.pairs = {(a, b): {"events": 0, "players": 0, "moved": 0, "tied_pairs": 0, "swapped": 0,
                               "title_changed": 0, "top_changed": 0, "place_changes": Counter()}
                      for a in range(n) for b in range(a + 1, n)}
        self.years: dict[str, dict] = {}
        self.failures: dict[str, list[str]] = {}  # cause -> the events that failed of it

    def add(self, e: EventStudy) -> None:
        self.counts["events"] += 1
        self.counts["failed" if e.error else "skipped" if e.skipped else "studied"] += 1
        if e.error:
            self.failures.setdefault(e.cause or e.error, []).append(e.source)
        record = event_record(e, self.rules)
        self._db.execute("INSERT OR REPLACE INTO event VALUES (?, ?)",
                         (e.source, json.dumps(record, ensure_ascii=False, sort_keys=False)))
        if not e.studied:
            return
        if e.ranked_by:
            self.ranked_by[e.ranked_by] += 1
            if e.undated:
                self.undated.append(e.source)
        year = self.years.setdefault(e.year or "unknown", {"events": 0, "tied_pairs": [0] * len(self.rules),
                                                          "broken": [0] * len(self.rules)})
        year["events"] += 1
        for r, o in enumerate(e.outcomes):
            tally = self.per_rule[r]
            if o.error:
                tally["errors"] += 1
                continue
            tally["events"] += 1
            tally["tied_pairs"] += e.tied_pairs
            tally["shared"] += o.shared
            for k, n in enumerate(o.broken):
                tally["broken"][k] += n
            tally["follows"] += o.follows is True
            tally["does_not_follow"] += o.follows is False
            if o.moved_today is not None:  # ranked by older rules: what today's would change
                tally["older_rules_events"] += 1
                tally["moved_by_today"] += o.moved_today
                tally["changed_by_today"] += o.moved_today > 0
            year["tied_pairs"][r] += e.tied_pairs
            year["broken"][r] += e.tied_pairs - o.shared
        for d in e.differences:
            tally = self.pairs[d.first, d.second]
            tally["events"] += 1
            tally["players"] += e.players
            tally["tied_pairs"] += e.tied_pairs
            for key in ("moved", "swapped"):
                tally[key] += getattr(d, key)
            tally["title_changed"] += d.title_changed
            tally["top_changed"] += d.top_changed
            tally["place_changes"].update(dict(d.changes))

    def summary(self) -> dict:
        """Everything but the events: the numbers the page shows."""
        per_rule = [{"rule": rule, **{k: v for k, v in t.items() if k != "broken"},
                     "broken": [{"item": item, "pairs": n} for item, n in zip(items, t["broken"])],
                     "share_broken": _share(t["tied_pairs"] - t["shared"], t["tied_pairs"])}
                    for rule, items, t in zip(self.rules, self.items, self.per_rule)]
        per_pair = [{"first": self.rules[a], "second": self.rules[b],
                     **{k: v for k, v in t.items() if k != "place_changes"},
                     "place_changes": {str(k): t["place_changes"][k] for k in sorted(t["place_changes"])}}
                    for (a, b), t in self.pairs.items()]
        by_year = [{"year": year, "events": y["events"],
                    "rules": [{"rule": rule, "tied_pairs": tied, "broken": broken, "share_broken": _share(broken, tied)}
                              for rule, tied, broken in zip(self.rules, y["tied_pairs"], y["broken"])]}
                   for year, y in sorted(self.years.items())]
        counts = {k: self.counts[k] for k in ("events", "studied", "skipped", "failed")}
        failures = [{"cause": c, "count": len(events), "events": sorted(events)}
                    for c, events in sorted(self.failures.items(), key=lambda item: (-len(item[1]), item[0]))]
        return {"rules": list(self.rules), "top": self.top, "counts": counts, "per_rule": per_rule,
                "per_pair": per_pair, "by_year": by_year, "failures": failures, "today": LABELS[TODAY],
                "ranked_by": dict(sorted(self.ranked_by.items())), "ranked_by_default": sorted(self.undated)}

    def events(self):
        for (text,) in self._db.execute("SELECT record FROM event ORDER BY source"):
            yield json.loads(text)

    def close(self) -> dict:
        """Write study.json, study.csv and index.html (all of them, or none), reading the events
        once; return the summary."""
        summary = self.summary()
        as_json, as_csv, changed = io.StringIO(), io.StringIO(), []
        as_json.write(json.dumps(summary, ensure_ascii=False, indent=1)[:-2] + ',\n "events": [\n')
        table = csv.writer(as_csv, lineterminator="\n")
        table.writerow(self._csv_heading())
        for n, e in enumerate(self.events()):
            as_json.write((",\n" if n else "") + "  " + json.dumps(e, ensure_ascii=False))
            table.writerow(self._csv_row(e))
            if e["status"] == "studied" and any(p["title_changed"] or p["top_changed"] for p in e["pairs"]):
                changed.append(e)
        as_json.write("\n ]\n}\n")
        files = {self.folder / "study.json": as_json.getvalue(), self.folder / "study.csv": as_csv.getvalue(),
                 self.folder / "index.html": index_page(summary, changed)}
        atomic_write_all({path: text.encode("utf-8", "backslashreplace") for path, text in files.items()})
        self._db.close()
        return summary

    def discard(self) -> None:
        self._db.close()

    def _pairs_of_rules(self) -> list[tuple[int, int]]:
        return [(a, b) for a in range(len(self.rules)) for b in range(a + 1, len(self.rules))]

    def _csv_heading(self) -> list[str]:
        rules = self.rules
        return ["source", "name", "format", "year", "creator", "federation", "status", "players", "tied_pairs",
                "ranked by", *[f"{rule}: {what}" for rule in rules
                               for what in ("broken", "shared", "follows stored order", "moved by today's rules")],
                *[f"{rules[a]} | {rules[b]}: {what}" for a, b in self._pairs_of_rules()
                  for what in ("moved", "swapped", "title changed", "top changed")]]

    def _csv_row(self, e: dict) -> list:
        by_rule = {o["rule"]: o for o in e["rules"]}
        by_pair = {(p["first"], p["second"]): p for p in e["pairs"]}
        cells = []
        for rule in self.rules:
            o = by_rule.get(rule)
            today = "" if not o or o.get("moved_by_today") is None else o["moved_by_today"]
            cells += [sum(o["broken"]), o["shared"], _yes(o["follows_stored_order"]), today] if o and not o["error"] \
                else ["", "", "", ""]
        for a, b in self._pairs_of_rules():
            p = by_pair.get((self.rules[a], self.rules[b]))
            cells += [p["moved"], p["swapped"], _yes(p["title_changed"]), _yes(p["top_changed"])] if p \
                else ["", "", "", ""]
        return [e["source"], e["name"] or "", e["format"] or "", e["year"] or "", e["creator"] or "",
                e["federation"] or "", e["status"] if not e["error"] else f"{e['status']}: {e['error']}",
                e["players"], e["tied_pairs"], _ranked_by(e), *cells]


def _ranked_by(e: dict) -> str:
    """The rules for unplayed rounds an event was ranked by; ``(no date)`` when for want of a date."""
    if not e.get("ranked_by"):
        return ""
    return f"{e['ranked_by']} (no date)" if e.get("ranked_by_default") else e["ranked_by"]


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


def _yes(flag: bool | None) -> str:
    return "" if flag is None else "yes" if flag else "no"


def report_folder(text: str) -> Path:
    """The study's report folder, refused when a file is in the way."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise BrightwellError("is a file, and the report is a folder", file=text)
    return path


__all__ = ["StudyWriter", "event_record", "report_folder"]
