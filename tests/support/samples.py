"""The shared research material (real files and the programs' answers), and parametrizing over
it: without it, one visible skip that says why."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_ROOT = Path(__file__).resolve().parents[3] / "shared"  # beside the checkout; CI has it
RESEARCH = SHARED_ROOT / "research"
ABSENT = "shared research samples not present"


def research(*parts: str) -> Path:
    """A path under the shared research folder (it may not exist)."""
    return RESEARCH.joinpath(*parts)


def or_skip(items) -> list:
    """``items`` as a list, or one skipped parameter naming the reason when there are none."""
    items = list(items)
    return items or [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT))]


def real_files(folder: str, pattern: str = "*", holding: bytes = b"") -> list:
    """The real files of a research folder matching ``pattern`` (recursively; not the hostile inputs)
    whose first 4 KiB hold ``holding``, sorted, as test parameters named by their path there; one visible skip when
    there are none."""
    root = research(folder)
    found = sorted(p for p in root.rglob(pattern) if p.is_file() and not _hostile(p)) if root.is_dir() else []
    found = [p for p in found if holding in _head(p)] if holding else found
    return or_skip(pytest.param(p, id=str(p.relative_to(root))) for p in found)


def _hostile(path: Path) -> bool:
    """A file of research/hostile: inputs made to break readers, no real event (tests/formats/test_hostile_turn5.py)."""
    return HOSTILE in path.parents


HOSTILE = RESEARCH / "hostile"


def _head(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read(4096)


def present(*paths: Path) -> None:
    """Skip the running test, naming the first of ``paths`` (under ../shared) that is absent."""
    missing = [p for p in paths if not p.exists()]
    if missing:
        pytest.skip(f"{ABSENT}: {missing[0]}")


def needs_shared(*paths: Path):
    """A test's mark: skipped, naming the first of ``paths`` that is absent (conftest.py marks it ``shared``)."""
    missing = [p for p in paths if not p.exists()]
    return pytest.mark.skipif(bool(missing), reason=f"{ABSENT}: {missing[0]}" if missing else ABSENT)
