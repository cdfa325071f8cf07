"""The system's Chromium driven by Playwright for the page tests: a page that records its errors and
requests, and the layout faults a reader sees at a phone's or a desktop's width."""

from __future__ import annotations

import shutil
from contextlib import contextmanager

import pytest

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-extensions"]


def require_chromium():
    """Skip the calling test module, saying why, without the system's Chromium or Playwright; else
    Playwright's sync API."""
    if CHROMIUM is None:
        pytest.skip("the system's Chromium is not installed (apt-get install chromium; .ci/run does it)",
                    allow_module_level=True)
    return pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the test extras)")


@contextmanager
def launched():
    """The system's Chromium, launched (the ``browser`` fixture of tests/conftest.py)."""
    with require_chromium().sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        yield b
        b.close()
WIDTHS = ((390, 844), (1280, 900))  # a phone, a desktop

# What a reader sees as broken: an element past the right edge that no scrolling box holds (the page
# then scrolls sideways), a caption or heading of several words wrapped a word a line, and ids used
# twice (a label or a link then points at the wrong element).
_FAULTS = """() => {
  const width = window.innerWidth, root = [document.body, document.documentElement];
  const scrolled = e => {
    for (let a = e.parentElement; a && !root.includes(a); a = a.parentElement) {
      const o = getComputedStyle(a).overflowX;
      if (o === 'auto' || o === 'scroll') return true;
    }
    return false;
  };
  const name = e => e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '');
  const wide = [...document.body.querySelectorAll('*')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.right > width + 1 && !scrolled(e);
  }).map(e => name(e) + ' ends at ' + Math.round(e.getBoundingClientRect().right) + 'px');
  const broken = [...document.querySelectorAll('caption, h1, h2, h3, h4, figcaption, legend, summary, dt, label, nav a')]
    .filter(e => {
      const words = e.textContent.trim().split(/\\s+/).filter(Boolean).length;
      if (words < 2) return false;
      const range = document.createRange();
      range.selectNodeContents(e);
      return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size >= words;
    }).map(e => name(e) + ' "' + e.textContent.trim().slice(0, 40) + '" a word a line');
  const count = {};
  document.querySelectorAll('[id]').forEach(e => { count[e.id] = (count[e.id] || 0) + 1; });
  const twice = Object.keys(count).filter(k => count[k] > 1).map(k => 'id "' + k + '" used ' + count[k] + ' times');
  const sideways = document.documentElement.scrollWidth > width + 1 ? ['the page scrolls sideways'] : [];
  return [...sideways, ...wide.slice(0, 5), ...broken, ...twice];
}"""


def layout_faults(page) -> list[str]:
    """What is broken in ``page``'s layout at its viewport's width (empty when nothing is), once the
    page a click led to has loaded (a click returns when its navigation starts: the document may
    have no body yet)."""
    page.wait_for_load_state("load")
    return page.evaluate(_FAULTS)


class Watched:
    """A page that records console errors, uncaught exceptions and every request it makes."""

    def __init__(self, browser, width=1280, height=900):
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))

    def rows(self, selector: str) -> list[list[str]]:
        return self.page.eval_on_selector_all(
            f"{selector} tbody tr",
            "rows => rows.map(r => [r.dataset.startNo, ...Array.from(r.cells, c => c.textContent.trim())])")
