"""The site's pages, rendered from a publication document with Jinja2 (autoescaped): every file of
the site as bytes, by its path inside the site."""

from __future__ import annotations

import json
from hashlib import sha256
from importlib import resources

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.fast import gc_paused
from brightwell_plugin.web import charts, fragments

ASSETS = ("site.css", "site.js")


def environment() -> Environment:
    env = Environment(loader=PackageLoader("brightwell_plugin.web", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      auto_reload=False)  # the templates are the package's: no stat of each at each page
    env.filters["num"] = lambda x: "" if x is None else fmt(x)
    return env


def round_page(k: int, last: int) -> str:
    """The page of the standings after round k: the final one is the index."""
    return "index.html" if k == last else f"after-round-{k}.html"


def player_page(start_no: int) -> str:
    return f"players/{start_no}.html"


def render_site(doc: dict, live: bool = False, serving: str | None = None) -> dict[str, bytes]:
    """Every file of the site. ``live``: pages poll version.json and reload when it changes;
    ``serving``: the pages are served by ``brightwell serve`` (this is the event's settings link)."""
    with gc_paused():  # thousands of pages of acyclic strings
        return _render_site(doc, live, serving)


def _render_site(doc: dict, live: bool, serving: str | None) -> dict[str, bytes]:
    env = environment()
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    version = sha256(data).hexdigest()[:16]
    players = {p["start_no"]: p for p in doc["players"]}
    last = doc["event"]["after_round"]
    rounds = [s["after_round"] for s in doc["standings"]]
    common = {"doc": doc, "event": doc["event"], "tiebreaks": doc["tiebreaks"], "players": players,
              "live": live, "version": version, "serving": serving, "rounds": rounds, "last": last,
              "has_fed": any(p["federation"] for p in doc["players"]),
              "has_rating": any(p["rating"] for p in doc["players"]),
              "round_page": round_page, "player_page": player_page, "has_compare": doc["comparison"] is not None}
    files: dict[str, bytes] = {}

    templates: dict = {}

    def page(path: str, template: str, **extra) -> None:
        root = "../" * path.count("/")
        if template not in templates:
            templates[template] = env.get_template(template)
        html = templates[template].render(**common, **extra, root=root, here=path)
        files[path] = html.encode("utf-8")

    top, below = fragments.Links(players, ""), fragments.Links(players, "../")
    for standing in doc["standings"]:
        k = standing["after_round"]
        page(round_page(k, last), "standings.html", standing=standing, after=k,
             rows=fragments.standings_rows(standing, players, top, common["has_fed"], common["has_rating"]))
    final = doc["standings"][-1] if doc["standings"] else {"after_round": 0, "rows": []}
    page("crosstable.html", "crosstable.html", standing=final, rows=fragments.crosstable_rows(final, players, top))
    places = _places(doc)
    for p in doc["players"]:
        explanations = doc["explanations"][str(p["start_no"])]
        page(player_page(p["start_no"]), "player.html", player=p, explanations=explanations,
             round_rows=fragments.round_rows(p, players, below),
             part_rows=[fragments.part_rows(e) for e in explanations],
             place_chart=Markup(charts.place_chart(places[p["start_no"]], len(doc["players"]), p["name"])),
             part_charts=[Markup(charts.parts_chart(e["item"], e["parts"])) for e in explanations])
    if doc["comparison"] is not None:
        page("compare.html", "compare.html", comparison=doc["comparison"])
    files["standings.json"] = data
    files["version.json"] = json.dumps({"version": version}).encode()
    for name in ASSETS:
        files[name] = resources.files("brightwell_plugin.web").joinpath("static", name).read_bytes()
    return files


def _places(doc: dict) -> dict[int, list[int]]:
    """Each player's place after each round."""
    out: dict[int, list[int]] = {p["start_no"]: [] for p in doc["players"]}
    for standing in doc["standings"]:
        for row in standing["rows"]:
            out[row["start_no"]].append(row["rank"])
    return out
