"""Swiss-Manager's own numbers, as chess-results.com publishes them: the pages the PyPI package
``chess-results`` 0.2.0 keeps as test fixtures (its sdist's tests/fixtures; .ci/run downloads and
names the folder in ``BRIGHTWELL_CHESS_RESULTS_FIXTURES``). An event is rebuilt from its
starting-rank crosstable (the package's parser) with the ratings of its starting-rank list, and its
tie-breaks are read from the page's annotation ("Tie Break1: …") into Swiss-Manager's codes and
parameters, and its TB columns as published."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from brightwell_plugin.adapters.swissmanager.tiebreaks import Parameters

from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.model import Kind, Result, ScoringSystem, Tournament

FIXTURES = Path(os.environ.get("BRIGHTWELL_CHESS_RESULTS_FIXTURES", "/nonexistent"))
# the crosstables a whole event can be rebuilt from, with the starting-rank list holding its ratings
EVENTS = {"arad2026_a": "arad2026_a_startingrank.html", "frome2026_open": None, "frome2026_standard": None,
          "ussa2026_roundrobin": "ussa2026_roundrobin_startingrank.html", "british2026_champ": None,
          "jeddah2026": "jeddah2026_startingrank.html"}
_CROSSTABLE = {"british2026_champ": "british2026_champ_crosstable_final.html"}


@dataclass
class Published:
    tournament: Tournament
    codes: list[tuple[int, Parameters]]  # the annotation's tie-breaks, as Swiss-Manager's codes
    descriptions: list[str]
    columns: dict[int, list[float | None]]  # start number -> TB1, TB2 … as published
    points: dict[int, float]
    ranks: dict[int, int]  # start number -> the published rank ("Rk.")


def description_code(text: str) -> tuple[int, Parameters] | None:
    """Swiss-Manager's code and parameters of a tie-break as chess-results describes it."""
    cuts = re.search(r"\b(Cut|Median)(\d)", text)
    weakest = int(cuts.group(2)) if cuts else 0
    strongest = weakest if cuts and cuts.group(1) == "Median" else 0
    number = re.search(r"\((\d{3,4})\b", text)
    limit = re.search(r"Limit (\d+)", text)
    played = "Forfeited games count" in text
    for prefix, code in (("points (game-points)", 1), ("Direct Encounter (DE)", 81),
                         ("Direct Encounter (The results", 11), ("Buchholz Tie-Break Variable", 84),
                         ("Buchholz Tie-Breaks (variabel", 37), ("Sonneborn Berger Tie-Break Variable", 85),
                         ("Progressive Score", 86), ("Koya System", 87), ("Average Rating of Opponents", 80),
                         ("Average [Tournament] Performance Rating Of Opponents", 88), ("Number of wins including", 68)):
        if text.startswith(prefix):
            return code, Parameters(weakest=weakest, strongest=strongest, played=played,
                                    type=1 if code == 88 else 0,
                                    number=int(number.group(1)) if number and code in (80, 88) else
                                    int(limit.group(1)) if limit else 0,
                                    edition_2026="(2026)" in text)
    return None


def _number(text: str) -> float | None:
    text = text.strip().replace(",", ".")
    try:
        return float(text)
    except ValueError:
        return None


def _table(html: str) -> tuple[list[str], list[list[str]]]:
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(html, "html.parser")
    for table in soup.select("table"):
        rows = [[c.get_text(" ", strip=True) for c in r.find_all(["td", "th"])] for r in table.select("tr")]
        for k, row in enumerate(rows):
            if row and row[0] == "No." and any(re.fullmatch(r"\d+\.Rd", h) for h in row):
                return row, [r for r in rows[k + 1:] if len(r) == len(row)]
    raise ValueError("no crosstable")


def _round_robin_games(html: str) -> list[tuple[int, int, int | None, str]]:
    """(round, white, black or None for the bye, result) of a round robin's combined pairings page."""
    from bs4 import BeautifulSoup
    games, rnd = [], 0
    for tr in BeautifulSoup(html, "html.parser").find_all("tr"):
        if tr.find("tr"):
            continue  # a row holding a table: its own rows come next
        cells = [c.get_text(" ", strip=True) for c in tr.find_all(["td", "th"])]
        heading = re.match(r"Round (\d+) on", cells[0]) if cells else None
        if heading:
            rnd = int(heading.group(1))
        elif rnd and len(cells) == 11 and cells[0].isdigit() and cells[1].isdigit():
            if cells[7] == "bye":
                games.append((rnd, int(cells[1]), None, cells[5]))
            else:
                games.append((rnd, int(cells[1]), int(cells[9]), cells[5]))
    return games


def published(stem: str) -> Published:
    from chess_results.models import Colour, PlayKind
    from chess_results.parse import parse_crosstable, parse_starting_rank

    html = (FIXTURES / _CROSSTABLE.get(stem, f"{stem}_crosstable.html")).read_text(encoding="utf-8")
    if "roundrobin" in stem:
        return _round_robin(stem, html)
    header, rows = _table(html)
    ratings = {}
    if EVENTS[stem]:
        ratings = {e.start_no: e.rating for e in parse_starting_rank((FIXTURES / EVENTS[stem]).read_text(encoding="utf-8"))}
    if "Rtg" in header:
        ratings = {int(r[0]): int(r[header.index("Rtg")]) if r[header.index("Rtg")].isdigit() else None for r in rows}
    descriptions = re.findall(r"Tie Break\d+:\s*(.*?)(?=\s*Tie Break\d+:|\s*<)", re.sub(r"\s+", " ", html))
    codes = [description_code(d) for d in descriptions]
    crosstable = parse_crosstable(html)
    name_at = header.index("Name")
    b = TournamentBuilder(stem, rounds=sum(bool(re.fullmatch(r"\d+\.Rd", h)) for h in header), game="chess",
                          system="round-robin" if "roundrobin" in stem else "swiss", start_date="2026-01-01")
    for r in rows:
        b.player(int(r[0]), r[name_at], rating=ratings.get(int(r[0])) or None)
    # a crosstable shows the pairing-allocated bye and a full-point bye alike ("-1"); a round has at most
    # one pairing-allocated bye, the lowest ranked player's (C.04): any other "-1" of the round is a full-point bye
    pab = {}
    for no, entries in crosstable.items():
        for e in entries:
            if e.kind is PlayKind.PAIRING_BYE:
                pab[e.round] = max(pab.get(e.round, 0), no)
    for no, entries in crosstable.items():
        for e in entries:
            if e.kind is PlayKind.GAME:
                if no > e.opponent_no:
                    continue  # each game once, from the lower number's row
                other = next(x for x in crosstable[e.opponent_no] if x.round == e.round)
                first, second = (no, e.opponent_no) if e.colour is Colour.WHITE else (e.opponent_no, no)
                mine, theirs = (e.score, other.score) if first == no else (other.score, e.score)
                if e.forfeit or other.forfeit:
                    if mine > theirs:
                        b.forfeit(e.round, first, second)
                    elif theirs > mine:
                        b.forfeit(e.round, second, first)
                    else:
                        b.double_forfeit(e.round, first, second)
                else:
                    b.game(e.round, first, second, result=Result.WIN if mine > theirs else
                           Result.LOSS if mine < theirs else Result.DRAW)
            else:
                b.bye(e.round, no, {PlayKind.PAIRING_BYE: Kind.PAB if pab.get(e.round) == no else Kind.FULL_BYE,
                                    PlayKind.REQUESTED_BYE: Kind.HALF_BYE, PlayKind.UNPAIRED: Kind.ZERO_BYE}[e.kind])
    tb = [i for i, h in enumerate(header) if re.fullmatch(r"TB\d", h)]
    pts = header.index("Pts.") if "Pts." in header else None
    return Published(b.build(), [c for c in codes], descriptions,
                     {int(r[0]): [_number(r[i]) for i in tb] for r in rows},
                     {int(r[0]): _number(r[pts]) for r in rows} if pts is not None else {},
                     {int(r[0]): int(r[header.index("Rk.")]) for r in rows})


def _round_robin(stem: str, html: str) -> Published:
    """A round robin: its crosstable's TB columns, its games from the combined pairings page (a
    bye there is the free round, worth what the page shows)."""
    from bs4 import BeautifulSoup
    soup = BeautifulSoup(html, "html.parser")
    header, rows = None, []
    for tr in soup.find_all("tr"):
        if tr.find("tr"):
            continue
        cells = [c.get_text(" ", strip=True) for c in tr.find_all(["td", "th"])]
        if cells and cells[0] == "No." and "Pts." in cells:
            header = cells
        elif header and len(cells) == len(header) and cells[0].isdigit():
            rows.append(cells)
    descriptions = re.findall(r"Tie Break\d+:\s*(.*?)(?=\s*Tie Break\d+:|\s*<)", re.sub(r"\s+", " ", html))
    games = _round_robin_games((FIXTURES / f"{stem}_pairings.html").read_text(encoding="utf-8"))
    free = {_number(result) for _, _, black, result in games if black is None}
    b = TournamentBuilder(stem, rounds=max(r for r, *_ in games), game="chess", system="round-robin",
                          start_date="2026-08-08", scoring=ScoringSystem(pab=free.pop() if len(free) == 1 else None))
    rtg = header.index("Rtg")
    for r in rows:
        b.player(int(r[0]), r[header.index("Name")], rating=int(r[rtg]) if r[rtg].isdigit() else None)
    for rnd, white, black, result in games:
        if black is None:
            b.bye(rnd, white, Kind.PAB)
        elif result in ("+ - -", "- - +"):
            b.forfeit(rnd, white, black) if result.startswith("+") else b.forfeit(rnd, black, white)
        elif result == "- - -":
            b.double_forfeit(rnd, white, black)
        else:
            b.game(rnd, white, black, result={"1 - 0": Result.WIN, "0 - 1": Result.LOSS, "½ - ½": Result.DRAW}[result])
    tb = [i for i, h in enumerate(header) if re.fullmatch(r"TB\d", h)]
    return Published(b.build(), [description_code(d) for d in descriptions], descriptions,
                     {int(r[0]): [_number(r[i]) for i in tb] for r in rows},
                     {int(r[0]): _number(r[header.index("Pts.")]) for r in rows},
                     {int(r[0]): int(r[header.index("Rk.")]) for r in rows})
