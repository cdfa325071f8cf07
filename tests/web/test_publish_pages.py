"""What a published page shows a reader: the points once, the play-offs as a table that says which
places they decided, a player's place, points and tie-breaks at the top of his page."""

from __future__ import annotations

from dataclasses import replace

import lxml.html
import pytest

from brightwell_plugin import api
from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.model import PlayoffGame, Result
from brightwell_plugin.publication import document
from brightwell_plugin.web.pages import playoff_stages, render_site
from brightwell_plugin.plugins.host import get_host


def _html(files: dict, name: str):
    return lxml.html.fromstring(files[name].decode())


def _cells(row) -> list[str]:
    return [c.text_content().strip() for c in row.xpath("./td|./th")]


def _sample():
    return api.load(api.sample_path()).tournament


@pytest.mark.parametrize("spec", ["PTS,BQ:preset=woc,DISCS", "BQ:preset=woc,PTS,DISCS", "BQ:preset=woc,DISCS"])
def test_the_standings_show_the_points_once_and_every_other_tiebreak(spec):
    t = _sample()
    page = _html(render_site(document(t, spec, host=get_host())), "index.html")
    headings = [h.text_content() for h in page.xpath("//table[@class='standings']/thead/tr/th")]
    assert headings.count("Points") == 1 and "PTS" not in headings
    others = [item for item in spec.split(",") if item != "PTS"]
    assert headings[-len(others):] == others
    final = api.rank(t, spec)
    shown = [i for i, h in enumerate(final.headings) if h != "PTS"]
    rows = page.xpath("//table[@class='standings']/tbody/tr")
    assert [_cells(r)[-len(shown):] for r in rows] == [[fmt(r.values[i]) for i in shown] for r in final.rows]


def test_a_pts_column_that_is_not_the_points_is_kept():
    """PTS after round k is the points after round k; the points column of a page is those too. The
    column goes only when every value repeats the points column: a hand-made document shows both."""
    doc = document(_sample(), "PTS,BQ:preset=woc", host=get_host())
    doc["standings"][-1]["rows"][0]["values"][0] += 1
    page = _html(render_site(doc), "index.html")
    assert "PTS" in [h.text_content() for h in page.xpath("//table[@class='standings']/thead/tr/th")]


def _with_playoffs(t):
    final = api.rank(t, "PTS,BQ:preset=woc")
    top = [r.start_no for r in final.rows[:4]]
    games = (PlayoffGame("SF", top[0], top[3], Result.WIN, 40, 24), PlayoffGame("SF", top[1], top[2], Result.LOSS, 30, 34),
             PlayoffGame("Final", top[0], top[2], Result.DRAW, 32, 32))
    return replace(t, playoffs=games), final


def test_play_offs_are_a_table_of_stage_players_places_result_and_score():
    t, final = _with_playoffs(_sample())
    place = {r.start_no: str(r.rank) for r in final.rows}
    name = {p.start_no: p.name for p in t.players}
    files = render_site(document(t, "PTS,BQ:preset=woc", host=get_host()))
    page = _html(files, "index.html")
    rows = [_cells(r) for r in page.xpath("//table[@class='playoffs']/tbody/tr")]
    assert rows == [[g.stage, place[g.first], name[g.first], {"win": "won", "loss": "lost", "draw": "drew"}[g.result.value],
                     f"{g.score}–{g.opp_score}", place[g.second], name[g.second]] for g in t.playoffs]
    stages = [li.text_content() for li in page.xpath("//ul[@class='stages']/li")]
    assert stages == ["SF: places 1–4", "Final: places 1, 3"]
    links = page.xpath("//table[@class='playoffs']//a/@href")
    assert links and all(link in files for link in links)
    earlier = _html(files, "after-round-1.html")
    assert not earlier.xpath("//table[@class='playoffs']"), "the play-offs follow the final standings only"


def test_the_places_a_stage_decided_are_told_in_runs():
    def game(stage, a, b):
        return {"stage": stage, "first": {"place": a[0], "shared": a[1]}, "second": {"place": b[0], "shared": b[1]}}
    assert playoff_stages([game("F", (1, False), (2, False)), game("F", (3, False), (5, False)),
                           game("3/4", (3, True), (3, True)), game("X", (None, False), (7, False))]) == [
        ("F", "places 1–3, 5"), ("3/4", "place 3="), ("X", "place 7 and players not in the standings")]


def test_a_players_page_opens_with_his_place_points_and_tiebreaks():
    t = _sample()
    spec = "PTS,BQ:preset=woc,DISCS"
    files = render_site(document(t, spec, host=get_host()))
    final = api.rank(t, spec)
    shared = {r.rank for r in final.rows if sum(x.rank == r.rank for x in final.rows) > 1}
    for row in final.rows:
        page = _html(files, f"players/{row.start_no}.html")
        summary = page.xpath("//dl[@class='summary']")[0]
        assert summary.getprevious().tag == "h1"
        facts = {d.find("dt").text_content(): d.find("dd").text_content() for d in summary.findall("div")}
        rank = f"{row.rank}=" if row.rank in shared else str(row.rank)
        assert facts == {"Place": f"{rank} of {len(final.rows)}", "Points": fmt(row.values[0]),
                         "BQ:preset=woc": fmt(row.values[1]), "DISCS": fmt(row.values[2])}


def test_a_team_event_publishes_team_standings_matches_team_pages_and_board_standings():
    from support.make_fixtures import FIXTURES
    t = api.load(FIXTURES / "teams.trf").tournament
    spec = "MPTS,GPTS,EMGSB"
    files = render_site(document(t, spec, host=get_host()))
    teams = api.rank(t, spec)
    index = _html(files, "index.html")
    rows = index.xpath("//table[@class='team-standings']/tbody/tr")
    assert [(int(r.get("data-team")), _cells(r)[0]) for r in rows] == [
        (r.start_no, f"{r.rank}=" if sum(x.rank == r.rank for x in teams.rows) > 1 else str(r.rank)) for r in teams.rows]
    assert [_cells(r)[-3:] for r in rows] == [[fmt(v) for v in r.values] for r in teams.rows]
    matches = _html(files, "matches.html").xpath("//table[@class='match']")
    assert len(matches) == len(t.teams.matches)
    first = matches[0]
    m = t.teams.matches[0]
    assert [_cells(b)[2] for b in first.xpath("./tbody/tr")] == [f"{fmt(b.first_points)}–{fmt(b.second_points)}"
                                                                 for b in m.boards]
    for team in t.teams.teams:
        page = _html(files, f"teams/{team.number}.html")
        assert page.xpath("//h1")[0].text_content() == team.name
        assert len(page.xpath("//table[@class='match']")) == sum(team.number in (x.first, x.second)
                                                                  for x in t.teams.matches)
        assert [a.get("data-item") for a in page.xpath("//article")] == spec.split(",")
    boards = _html(files, "boards.html")
    assert len(boards.xpath("//table[@class='standings']/tbody/tr")) == len(t.players)
    import posixpath
    links = {(page, posixpath.normpath(posixpath.join(posixpath.dirname(page), link)))
             for page in ("index.html", "matches.html", "teams/1.html") for link in _html(files, page).xpath("//a/@href")}
    assert [(page, target) for page, target in links if target not in files] == []
