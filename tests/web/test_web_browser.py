"""The published site and the web app in a real browser: the system's Chromium, driven by Playwright."""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.criteria.base import fmt
from brightwell_plugin.web import publish as site
from brightwell_plugin.plugins.host import get_host
from support.browser import Watched, require_chromium
from support.samples import present, research

require_chromium()  # skips this module, saying why, without them

WOF = research("formats", "papp", "wof_results")
REAL = WOF / "wofpipe_19891015_WOC_1989.ELO"  # 13 rounds, a withdrawal-free field, play-offs after
SPEC, COMPARE = "PTS,BQ:preset=woc,DISCS", "PTS,DISCS"


@pytest.fixture(scope="module")
def event() -> Path:
    """A real World Championship file when the shared samples are here, else the package's sample."""
    return REAL if REAL.exists() else api.sample_path()


@pytest.fixture(scope="module")
def published(event, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    site.publish(event, out, spec=SPEC, compare=COMPARE, host=get_host())
    return out


@pytest.mark.slow
def test_every_page_loads_with_no_error_and_no_request_outside_the_site(browser, published):
    w = Watched(browser)
    pages = sorted(published.rglob("*.html"))
    assert len(pages) > 5
    for path in pages:
        w.page.goto(path.as_uri())
        assert w.page.title(), path
    assert w.errors == []
    outside = [u for u in w.requests if not u.startswith(published.as_uri() + "/")]
    assert outside == []


@pytest.mark.slow
def test_a_team_site_loads_with_no_error_and_no_request_outside_it(browser, tmp_path):
    from support.make_fixtures import FIXTURES
    out = tmp_path / "site"
    site.publish(FIXTURES / "teams.trf", out, spec="MPTS,GPTS,EMGSB", host=get_host())
    w = Watched(browser, 390, 844)
    for path in sorted(out.rglob("*.html")):
        w.page.goto(path.as_uri())
        assert w.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), path.name
    assert w.page.locator("nav a").count() >= 3
    w.page.goto((out / "index.html").as_uri())
    assert w.page.locator("table.team-standings tbody tr").count() == 4
    assert w.errors == [] and all(u.startswith(out.as_uri() + "/") for u in w.requests)


@pytest.mark.slow
def test_the_round_selector_shows_exactly_the_standings_after_that_round(browser, published, event):
    t = api.load(event).tournament
    w = Watched(browser)
    w.page.goto((published / "index.html").as_uri())
    for k in range(1, t.rounds_played + 1):
        w.page.click(f"nav.rounds >> text='{k}'")
        assert w.page.inner_text("h1").startswith(f"Standings after round {k}")
        expected = api.rank(t, SPEC, k)
        shared = {r.rank for r in expected.rows if sum(1 for x in expected.rows if x.rank == r.rank) > 1}
        got = w.rows("table.standings")
        assert [(int(r[0]), r[1]) for r in got] == [
            (r.start_no, f"{r.rank}=" if r.rank in shared else str(r.rank)) for r in expected.rows]
        shown = [i for i, h in enumerate(expected.headings) if h != "PTS"]  # PTS is the points column
        assert [r[-len(shown):] for r in got] == [[fmt(r.values[i]) for i in shown] for r in expected.rows]
    assert w.errors == []


@pytest.mark.slow
def test_a_players_page_shows_the_values_of_explain(browser, published, event):
    t = api.load(event).tournament
    w = Watched(browser)
    for p in list(t.players)[:: max(1, len(t.players) // 6)]:
        w.page.goto((published / "players" / f"{p.start_no}.html").as_uri())
        shown = w.page.eval_on_selector_all(
            "article.explanation", "els => els.map(e => [e.dataset.item, e.querySelector('.value').textContent, "
            "e.querySelectorAll('table.parts tbody tr').length])")
        expected = api.explain(t, p.start_no, SPEC)
        assert shown == [[e.item, fmt(e.value), len(e.parts)] for e in expected]
        assert w.page.locator("svg.chart.place circle").count() == t.rounds_played
    assert w.errors == []


def test_the_comparison_lists_exactly_the_players_whose_place_differs(browser, published, event):
    t = api.load(event).tournament
    a = {r.start_no: r.rank for r in api.rank(t, SPEC).rows}
    b = {r.start_no: r.rank for r in api.rank(t, COMPARE).rows}
    w = Watched(browser)
    w.page.goto((published / "compare.html").as_uri())
    listed = {int(r[0]) for r in w.rows("table.compare")}
    assert listed == {no for no in a if a[no] != b[no]} and listed


@pytest.mark.slow
def test_screens_at_desktop_and_phone_widths_and_print(browser, published, tmp_path):
    for width, height, tag in ((1280, 900, "desktop"), (390, 844, "phone")):
        w = Watched(browser, width, height)
        for name in ("index.html", "crosstable.html", "compare.html", "players/1.html"):
            if not (published / name).exists():
                name = next(p for p in (published / "players").iterdir()).relative_to(published).as_posix()
            w.page.goto((published / name).as_uri())
            shot = tmp_path / f"{tag}-{name.replace('/', '-')}.png"
            w.page.screenshot(path=str(shot), full_page=True)
            assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
            # wide tables scroll in their own box: the page itself never scrolls sideways
            assert w.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (tag, name)
    w = Watched(browser)
    w.page.goto((published / "index.html").as_uri())
    w.page.emulate_media(media="print")
    assert w.page.eval_on_selector("nav.rounds", "e => getComputedStyle(e).display") == "none"
    pdf = w.page.pdf(format="A4")
    assert pdf[:5] == b"%PDF-"
    (tmp_path / "standings.pdf").write_bytes(pdf)


PHONE_EVENT = WOF.parent / "elo_exports" / "20191009_WOC_2019.ELO"  # 74 players, play-offs after


@pytest.mark.slow
def test_on_a_phone_the_standings_show_rank_name_points_and_the_first_tiebreak(browser, tmp_path):
    present(PHONE_EVENT)
    out = tmp_path / "site"
    site.publish(PHONE_EVENT, out, host=get_host())
    w = Watched(browser, 390, 844)
    w.page.goto((out / "index.html").as_uri())
    assert w.page.locator("table.standings tbody tr").count() == 74
    edges = w.page.evaluate("""() => {
        const head = [...document.querySelectorAll('table.standings thead th')];
        const shown = head.filter(c => c.getBoundingClientRect().width > 0);
        return {width: window.innerWidth, shown: shown.map(c => [c.textContent, c.getBoundingClientRect().right])}; }""")
    names = [name for name, _ in edges["shown"]]
    assert names[:4] == ["Rank", "Name", "Points", api.load(PHONE_EVENT).tournament.tiebreaks[1]], names
    assert all(right <= edges["width"] for _, right in edges["shown"][:4]), edges
    for name in ("index.html", "crosstable.html", "players/5537.html"):
        w.page.goto((out / name).as_uri())
        assert w.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), name
    w.page.goto((out / "crosstable.html").as_uri())
    w.page.eval_on_selector("table.crosstable", "t => t.parentElement.scrollLeft = 10000")
    left = w.page.eval_on_selector("table.crosstable tbody th.name", "c => c.getBoundingClientRect().left")
    assert 0 <= left < 390, "the names stay in view while the rounds scroll"
    w.page.goto((out / "players/5537.html").as_uri())
    assert w.page.eval_on_selector("dl.summary", "d => d.getBoundingClientRect().right") <= 390
    assert w.errors == []


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    import uvicorn

    from brightwell_plugin.web.app import create_app
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(None, tmp_path_factory.mktemp("serve"), plugin_host=get_host())
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(500):
        if srv.started:
            break
        time.sleep(0.02)
    assert srv.started
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=30)


@pytest.mark.slow
def test_serve_ranks_an_uploaded_file(browser, server, event):
    w = Watched(browser)
    w.page.goto(server + "/")
    w.page.set_input_files("#file", str(event))
    w.page.fill("#spec", "PTS,BQ:preset=ftd")
    w.page.click("form[action='/upload'] button")
    w.page.wait_for_selector("table.standings")
    t = api.load(event).tournament
    expected = api.rank(t, "PTS,BQ:preset=ftd")
    assert [int(r[0]) for r in w.rows("table.standings")] == [r.start_no for r in expected.rows]
    w.page.click("text=Tie-breaks and downloads")
    writable = {name for name, f in api.formats().items() if f.can_write}
    assert set(w.page.eval_on_selector_all("tr[data-format]", "rs => rs.map(r => r.dataset.format)")) == writable
    settings = w.page.url
    rows = w.page.eval_on_selector_all("tr[data-format]", "rs => rs.map(r => [r.dataset.format, r.className, "
                                       "r.querySelector('button') !== null, r.innerText])")
    for name, status, has_button, text in rows:  # each format the event's files can be written as
        assert has_button == (status != "cannot"), name
        if status == "cannot":
            assert "no: " in text
            continue
        w.page.goto(settings)
        if status == "renumber":
            w.page.check("input[name=renumber]")
        with w.page.expect_download() as download:
            w.page.click(f"button[value='{name}']")
        got = Path(download.value.path())
        if not download.value.suggested_filename.endswith(".zip"):
            back = api.load(got, name).tournament
            assert len(back.players) == len(t.players), name
    assert w.errors == []
    assert all(u.startswith(server) for u in w.requests)


@pytest.mark.slow
def test_serve_says_why_a_download_needs_renumbering_with_no_server_path(browser, server, tmp_path):
    from brightwell_plugin.builder import TournamentBuilder
    b = TournamentBuilder("Far numbers", rounds=1, game="othello", board=64)
    b.player(420000, "Far, Away").player(7, "Near, By").game(1, 420000, 7, 40, 24)
    path = tmp_path / "far.xml"
    api.write(b.build(), path)
    w = Watched(browser)
    w.page.goto(server + "/")
    w.page.set_input_files("#file", str(path))
    w.page.click("form[action='/upload'] button")
    w.page.click("text=Tie-breaks and downloads")
    assert "renumbered" in w.page.inner_text("tr[data-format='trf']")
    w.page.click("button[value='trf']")  # Renumber not ticked
    message = w.page.inner_text("p.error")
    assert message.startswith("far.trf: ") and "Renumber" in message and "/" not in message.split(": ", 1)[1]


@pytest.mark.slow
def test_serve_shows_a_bad_uploads_one_line_error(browser, server):
    w = Watched(browser)
    w.page.goto(server + "/")
    w.page.set_input_files("#file", {"name": "bad.xml", "mimeType": "text/xml", "buffer": b"<tournament><player"})
    w.page.click("form[action='/upload'] button")
    message = w.page.inner_text("p.error")
    assert message.startswith("bad.xml") and "\n" not in message
