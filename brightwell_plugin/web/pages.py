"""The site's pages, rendered from a publication document with Jinja2 (autoescaped): every file of
the site as bytes, by its path inside the site."""

from __future__ import annotations

import json
from hashlib import sha256
from importlib import resources

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.standings import rank_text
from brightwell_plugin.web import charts, fragments

ASSETS = ("site.css", "site.js")


def environment() -> Environment:
    env = Environment(loader=PackageLoader("brightwell_plugin.web", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                      auto_reload=False)  # the templates are the package's: no stat of each at each page
    env.filters["num"] = lambda x: "" if x is None else fmt(x)
    env.filters["breakable"] = breakable
    return env


def breakable(heading: str) -> Markup:
    """A tie-break heading that a narrow column may wrap after ``:``, ``=``, ``/`` and ``,``."""
    text = fragments.escape(heading)
    for mark in ":=/,":
        text = text.replace(mark, mark + "<wbr>")
    return Markup(text)


def round_page(k: int, last: int) -> str:
    """The page of the standings after round k: the final one is the index."""
    return "index.html" if k == last else f"after-round-{k}.html"


def player_page(start_no: int) -> str:
    return f"players/{start_no}.html"


def team_page(number: int) -> str:
    return f"teams/{number}.html"


def render_site(doc: dict, live: bool = False, serving: str | None = None) -> dict[str, bytes]:
    """Every file of the site. ``live``: pages poll version.json and reload when it changes;
    ``serving``: the pages are served by ``brightwell serve`` (this is the event's settings link)."""
    data = site_json(doc)
    site = Site(doc, version_of(data), live, serving)
    files = site.event_pages()
    if doc.get("teams"):
        files.update(site.team_pages())
    files.update(site.player_pages(doc["players"], doc["explanations"]))
    files.update(site.data_files(data))
    return files


def site_json(doc: dict) -> bytes:
    """``standings.json``: ``json.dumps`` of the document."""
    return json_with(dumped_parts(doc), explanations_json(doc["explanations"]))


def dumped_parts(doc: dict) -> dict[str, bytes]:
    """The JSON of each of the document's keys with its value, but the explanations'."""
    def dumped(value) -> bytes:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    return {key: dumped(key) + b":" + (b"" if key == "explanations" else dumped(value)) for key, value in doc.items()}


def json_with(parts: dict[str, bytes], explanations: bytes) -> bytes:
    """``standings.json`` from :func:`dumped_parts` and the explanations' JSON (made elsewhere)."""
    return b"{" + b",".join(part + explanations if key == "explanations" else part
                            for key, part in parts.items()) + b"}"


def explanations_json(explanations: dict) -> bytes:
    return json.dumps(explanations, ensure_ascii=False, separators=(",", ":")).encode()


def version_of(data: bytes) -> str:
    return sha256(data).hexdigest()[:16]


class Site:
    """The pages of one publication document, in parts that can be rendered apart (see split.py)."""

    def __init__(self, doc: dict, version: str, live: bool = False, serving: str | None = None):
        self.env = environment()
        players = {p["start_no"]: p for p in doc["players"]}
        self.doc, self.players, self.last = doc, players, doc["event"]["after_round"]
        teams = doc.get("teams")
        if teams:  # a team event: the team standings are the index, the players' final ones boards.html
            self.round_page = lambda k, last: "boards.html" if k == last else round_page(k, last)
        else:
            self.round_page = round_page
        self.common = {
            "doc": doc, "event": doc["event"], "tiebreaks": doc["tiebreaks"], "players": players,
            "live": live, "version": version, "serving": serving,
            "rounds": [s["after_round"] for s in doc["standings"]], "last": self.last,
            "has_fed": any(p["federation"] for p in doc["players"]),
            "has_rating": any(p["rating"] for p in doc["players"]),
            "round_page": self.round_page, "player_page": player_page, "has_compare": doc["comparison"] is not None,
            "teams": teams, "team_page": team_page,
            "columns": value_columns(doc)}
        self.templates: dict = {}

    def page(self, path: str, template: str, **extra) -> bytes:
        if template not in self.templates:
            self.templates[template] = self.env.get_template(template)
        root = "../" * path.count("/")
        return self.templates[template].render(**self.common, **extra, root=root, here=path).encode("utf-8")

    def event_pages(self) -> dict[str, bytes]:
        """The standings after each round, the crosstable and the comparison."""
        doc, players, c = self.doc, self.players, self.common
        top = fragments.Links(players, "")
        files = {}
        playoffs = {"playoff_stages": playoff_stages(doc["playoffs"])}
        for standing in doc["standings"]:
            k = standing["after_round"]
            files[self.round_page(k, self.last)] = self.page(
                self.round_page(k, self.last), "standings.html", standing=standing, after=k, **playoffs,
                rows=fragments.standings_rows(standing, players, top, c["has_fed"], c["has_rating"], c["columns"]))
        final = doc["standings"][-1] if doc["standings"] else {"after_round": 0, "rows": []}
        files["crosstable.html"] = self.page("crosstable.html", "crosstable.html", standing=final,
                                             rows=fragments.crosstable_rows(final, players, top))
        if doc["comparison"] is not None:
            files["compare.html"] = self.page("compare.html", "compare.html", comparison=doc["comparison"])
        return files

    def team_pages(self) -> dict[str, bytes]:
        """A team event's pages: the team standings (the index), every match, a page per team."""
        teams = self.doc["teams"]
        names = {team["number"]: team["name"] for team in teams["teams"]}
        rows = {row["number"]: row for row in teams["standings"]}
        by_round: dict[int, list[dict]] = {}
        for m in teams["matches"]:
            by_round.setdefault(m["round"], []).append(m)
        files = {"index.html": self.page("index.html", "teams.html"),
                 "matches.html": self.page("matches.html", "matches.html", team_names=names,
                                           rounds_of_matches=sorted(by_round.items()))}
        for team in teams["teams"]:
            n = team["number"]
            path = team_page(n)
            files[path] = self.page(path, "team.html", team=team, row=rows.get(n), ranked=len(rows), team_names=names,
                                    matches=[m for m in teams["matches"] if n in (m["first"], m["second"])],
                                    explanations=teams["explanations"][str(n)],
                                    part_rows=[fragments.part_rows(e) for e in teams["explanations"][str(n)]],
                                    part_charts=[""] * len(teams["explanations"][str(n)]))
        return files

    def player_pages(self, players: list[dict], explanations: dict[str, list[dict]]) -> dict[str, bytes]:
        """The pages of these players; ``explanations``: theirs, by start number as text."""
        below = fragments.Links(self.players, "../")
        places, field = _places(self.doc), len(self.doc["players"])
        final = {r["start_no"]: r for r in self.doc["standings"][-1]["rows"]} if self.doc["standings"] else {}
        files = {}
        for p in players:
            explained = explanations[str(p["start_no"])]
            path = player_page(p["start_no"])
            files[path] = self.page(
                path, "player.html", player=p, explanations=explained, final=final.get(p["start_no"]), ranked=len(final),
                round_rows=fragments.round_rows(p, self.players, below),
                part_rows=[fragments.part_rows(e) for e in explained],
                place_chart=Markup(charts.place_chart(places[p["start_no"]], field, p["name"])),
                part_charts=[Markup(charts.parts_chart(e["item"], e["parts"])) for e in explained])
        return files

    def data_files(self, data: bytes) -> dict[str, bytes]:
        """``standings.json``, ``version.json`` and the assets."""
        files = {"standings.json": data, "version.json": json.dumps({"version": self.common["version"]}).encode()}
        for name in ASSETS:
            files[name] = resources.files("brightwell_plugin.web").joinpath("static", name).read_bytes()
        return files


def value_columns(doc: dict) -> list[int]:
    """The tie-break columns the standings show: all but a PTS whose values are the points column's."""
    def repeats_points(i: int) -> bool:
        return (doc["tiebreaks"][i].split("/")[0].upper() == "PTS"
                and all(row["values"][i] == row["points"] for s in doc["standings"] for row in s["rows"]))
    return [i for i in range(len(doc["tiebreaks"])) if not repeats_points(i)]


def playoff_stages(games: list[dict]) -> list[tuple[str, str]]:
    """Each stage, in the order first played, with the places its players hold in the standings:
    the places it decided (``places 1–4``, ``places 1–2, 5``, ``place 3=``)."""
    stages: dict[str, set] = {}
    for g in games:
        stages.setdefault(g["stage"], set()).update((s["place"], s["shared"]) for s in (g["first"], g["second"]))
    out = []
    for stage, places in stages.items():
        ranked = sorted(p for p in places if p[0] is not None)
        parts = []
        for place, shared in ranked:  # runs of places one after the other as "a–b"
            if parts and not shared and parts[-1][1] == place - 1 and not parts[-1][2]:
                parts[-1][1] = place
            else:
                parts.append([place, place, shared])
        text = ", ".join(rank_text(a, shared) if a == b else f"{a}–{b}" for a, b, shared in parts)
        text = ("place " if len(ranked) == 1 else "places ") + text if ranked else ""
        if any(p[0] is None for p in places):
            text += (" and " if text else "") + "players not in the standings"
        out.append((stage, text))
    return out


def _places(doc: dict) -> dict[int, list[int]]:
    """Each player's place after each round."""
    out: dict[int, list[int]] = {p["start_no"]: [] for p in doc["players"]}
    for standing in doc["standings"]:
        for row in standing["rows"]:
            out[row["start_no"]].append(row["rank"])
    return out
