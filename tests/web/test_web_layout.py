"""Every kind of page, published and served, at a phone's and a desktop's width in the system's
Chromium: nothing past the right edge but the tables that scroll in their own box, no caption or
heading wrapped a word a line, no id used twice (tests/support/browser.py says what is checked)."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.plugins.host import get_host
from brightwell_plugin.web import publish as site
from support.browser import WIDTHS, Watched, layout_faults, require_chromium
from support.make_fixtures import FIXTURES
from support.samples import present, research

require_chromium()  # skips this module, saying why, without them

# (label, file, tie-breaks, comparison): each kind of site, the real ones where the shared samples are
SITES = [("sample", api.sample_path(), "PTS,BQ:preset=woc,DISCS", "PTS,DISCS"),
         ("teams", FIXTURES / "teams.trf", "MPTS,GPTS,EMGSB", None),
         ("go", FIXTURES / "go" / "mcmahon.opengotha.xml", None, None),
         ("woc-1989", research("formats", "papp", "wof_results") / "wofpipe_19891015_WOC_1989.ELO", None, "PTS,DISCS"),
         ("woc-2019", research("formats", "papp", "elo_exports") / "20191009_WOC_2019.ELO", None, None),
         ("go-real", research("teams") / "og_20201114162510_CNechipe2020.xml", None, None),
         ("tec-teams", research("teams") / "grandmommys_cup_trf26_team.trf", None, None)]
PER_KIND = 4  # pages of one kind (players/, teams/ ...) looked at per site


def _pages(out: Path) -> list[Path]:
    """The site's top pages and the first few of each folder's."""
    pages = sorted(out.glob("*.html"))
    for folder in sorted(p for p in out.iterdir() if p.is_dir()):
        pages += sorted(folder.rglob("*.html"))[:PER_KIND]
    return pages


@pytest.mark.slow
@pytest.mark.parametrize("label, path, spec, compare", SITES, ids=[s[0] for s in SITES])
@pytest.mark.parametrize("width, height", WIDTHS, ids=[f"{w}px" for w, _ in WIDTHS])
def test_a_published_site_lays_out_at_the_width(browser, tmp_path, label, path, spec, compare, width, height):
    present(path)
    out = tmp_path / "site"
    site.publish(path, out, spec=spec, compare=compare, host=get_host())
    w = Watched(browser, width, height)
    pages = _pages(out)
    assert len(pages) >= 3
    faults = {}
    for page in pages:
        w.page.goto(page.as_uri())
        if found := layout_faults(w.page):
            faults[page.relative_to(out).as_posix()] = found
    assert faults == {}
    assert w.errors == []


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """The web app over a folder of events (the folder's form and its own ids), and the same folder
    served read-only to anyone (``public``): their two base addresses."""
    import uvicorn

    from brightwell_plugin.web.app import create_app
    folder = tmp_path_factory.mktemp("events")
    for source in (FIXTURES / "teams.trf", FIXTURES / "go" / "mcmahon.opengotha.xml", api.sample_path()):
        shutil.copy(source, folder)
    servers, bases = [], []
    for public in (False, True):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        app = create_app(folder, tmp_path_factory.mktemp("scratch"), plugin_host=get_host(), public=public)
        srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        threading.Thread(target=srv.run, daemon=True).start()
        for _ in range(500):
            if srv.started:
                break
            time.sleep(0.02)
        assert srv.started
        servers.append(srv)
        bases.append(f"http://127.0.0.1:{port}")
    yield bases
    for srv in servers:
        srv.should_exit = True


@pytest.mark.slow
@pytest.mark.parametrize("width, height", WIDTHS, ids=[f"{w}px" for w, _ in WIDTHS])
def test_the_served_pages_lay_out_at_the_width(browser, served, width, height):
    app, public = served
    w = Watched(browser, width, height)
    faults = {}

    def look(what: str):
        if found := layout_faults(w.page):
            faults[what] = found

    w.page.goto(app + "/")
    look("the form")
    for upload in (api.sample_path(), FIXTURES / "teams.trf"):
        w.page.goto(app + "/")
        w.page.set_input_files("#file", str(upload))
        w.page.click("form[action='/upload'] button")
        w.page.wait_for_selector("h1")
        look(f"{upload.name}'s standings")
        w.page.click("text=Tie-breaks and downloads")
        look(f"{upload.name}'s tie-breaks and downloads")
    w.page.goto(public + "/")
    look("the public list")
    for n in range(3):
        w.page.goto(f"{public}/p/{n}")
        look(f"public event {n}")
    assert w.errors == []
    w.page.goto(app + "/")
    w.page.set_input_files("#file", {"name": "bad.xml", "mimeType": "text/xml", "buffer": b"<tournament><player"})
    w.page.click("form[action='/upload'] button")
    look("an upload refused")  # answered 400, as it should be
    assert faults == {}
