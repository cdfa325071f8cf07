"""Where the project's own files are, whatever folder a test module sits in."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the checkout
TESTS = ROOT / "tests"
FIXTURES = ROOT / "fixtures"
DOCS = ROOT / "docs"
BENCHMARKS = ROOT / "benchmarks"
