"""Hypothesis: random exploration locally; a fixed, repeatable set of examples under CI. The page
tests' browser, launched once a test module. Each test marked by what it needs (markers.py). The
run's last lines say how many tests ran over the real files of ../shared, or, the folder absent,
how many were skipped for it and why."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from support.markers import mark_by_need, one_per_real_file
from support.samples import RESEARCH

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="module")
def browser():
    """The system's Chromium driven by Playwright (tests/support/browser.py)."""
    from support.browser import launched
    with launched() as b:
        yield b


REAL_FILES = pytest.StashKey[int]()


def pytest_collection_modifyitems(config, items):
    mark_by_need(items)


def pytest_collection_finish(session):
    session.config.stash[REAL_FILES] = sum(map(one_per_real_file, session.items))
    if hasattr(session.config, "workeroutput"):  # a worker of pytest-xdist: told to the controller
        session.config.workeroutput["real_files"] = session.config.stash[REAL_FILES]


class _Workers:
    """Under pytest-xdist the workers collect: the controller takes their count."""

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        stash = node.config.stash
        stash[REAL_FILES] = max(stash.get(REAL_FILES, 0), getattr(node, "workeroutput", {}).get("real_files", 0))


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_Workers(), "brightwell-workers")


def _skipped_for_shared(report) -> bool:
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) and len(report.longrepr) == 3 else ""
    return "shared" in str(reason).lower()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """One line: the tests generated over the real files of ../shared; or, the folder absent (CI runs
    beside it: .ci/run), how many tests over them were skipped, their per-file tests not generated."""
    if RESEARCH.is_dir():
        terminalreporter.write_line(f"brightwell: {config.stash.get(REAL_FILES, 0):,} tests generated over the "
                                    f"real files of {RESEARCH}, one per file")
        return
    skipped = sum(map(_skipped_for_shared, terminalreporter.stats.get("skipped", [])))
    terminalreporter.write_line(f"brightwell: the tests over real files were NOT generated: {RESEARCH} is absent "
                                f"(../shared beside the checkout, as CI has it: README); {skipped:,} tests skipped "
                                "in their place, each standing for one test per file", yellow=True, bold=True)
