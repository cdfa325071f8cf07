"""The shared research material (real files and the programs' answers), and parametrizing over
it: without it, one visible skip that says why."""

from __future__ import annotations

from functools import lru_cache
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


def trf_samples() -> list[Path]:
    """The TRF files of research/formats (trf and trf_samples), the checkers' real inputs (none
    when absent: parametrize with :func:`or_skip`)."""
    root = research("formats")
    if not root.exists():
        return []
    return sorted(p for d in ("trf", "trf_samples") for p in (root / d).glob("*") if p.suffix != ".csv")


def real_files(folder: str, pattern: str = "*", holding: bytes = b"") -> list:
    """The real files of a research folder matching ``pattern`` (recursively; not the hostile inputs)
    whose first 4 KiB hold ``holding``, sorted, as test parameters named by their path there; one visible skip when
    there are none."""
    root = research(folder)
    found = sorted(p for p in root.rglob(pattern) if p.is_file() and not _hostile(p)) if root.is_dir() else []
    found = [p for p in found if holding in _head(p)] if holding else found
    return or_skip(pytest.param(p, id=str(p.relative_to(root))) for p in found)


@lru_cache(maxsize=None)
def holds_players(path: Path) -> bool:
    """Whether the file reads as an event with players (the deliberately broken samples do not).
    Read once per process, however many modules generate their tests over the same samples."""
    from brightwell_plugin import api
    from brightwell_plugin.errors import BrightwellError
    try:
        return bool(api.load(path).tournament.players)
    except BrightwellError:
        return False


def _hostile(path: Path) -> bool:
    """A file of research/hostile: inputs made to break readers, no real event (tests/formats/test_hostile_turn5.py)."""
    return HOSTILE in path.parents


HOSTILE = RESEARCH / "hostile"


def _head(path: Path) -> bytes:
    with open(path, "rb") as f:
        return f.read(4096)


def _absent(paths) -> str | None:
    """Why a test of ``paths`` (under ../shared) cannot run: the first that is absent, named; None if none is."""
    missing = next((p for p in paths if not p.exists()), None)
    return None if missing is None else f"{ABSENT}: {missing}"


def present(*paths: Path) -> None:
    """Skip the running test, naming the first of ``paths`` that is absent."""
    if (why := _absent(paths)) is not None:
        pytest.skip(why)


def needs_shared(*paths: Path):
    """A test's mark: skipped, naming the first of ``paths`` that is absent (conftest.py marks it ``shared``)."""
    why = _absent(paths)
    return pytest.mark.skipif(why is not None, reason=why or ABSENT)
