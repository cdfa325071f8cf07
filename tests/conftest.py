"""Hypothesis: random exploration locally; a fixed, repeatable set of examples under CI. The page
tests' browser, launched once a test module."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="module")
def browser():
    """The system's Chromium driven by Playwright (tests/support/browser.py)."""
    from support.browser import launched
    with launched() as b:
        yield b
