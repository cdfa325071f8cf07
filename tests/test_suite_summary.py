"""The suite's last lines (tests/conftest.py): how many tests ran over the real files of ../shared, or,
the folder absent, that they were not generated and how many stood in for them, skipped."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import TESTS

A_TEST = '''
import pytest
from support.samples import real_files


@pytest.mark.parametrize("path", real_files("formats"))
def test_over_real_files(path):
    assert path.read_text() == "x"


def test_plain():
    pass
'''


def _run(root: Path) -> str:
    """pytest over a copy of the suite's conftest and its samples and markers modules in ``root``/project/tests, with one
    test over the real files of ``root``/shared (which may not exist)."""
    tests = root / "project" / "tests"
    (tests / "support").mkdir(parents=True)
    shutil.copy(TESTS / "conftest.py", tests)
    for module in ("samples.py", "markers.py"):
        shutil.copy(TESTS / "support" / module, tests / "support")
    (tests / "test_a.py").write_text(A_TEST)
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs", str(tests)],
                         cwd=tests.parent, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


@pytest.mark.slow
def test_without_the_shared_folder_the_run_says_its_real_file_tests_were_not_generated(tmp_path):
    out = _run(tmp_path)
    assert f"brightwell: the tests over real files were NOT generated: {tmp_path / 'shared' / 'research'} is absent" \
        in out and "; 1 tests skipped in their place" in out


@pytest.mark.slow
def test_beside_the_shared_folder_the_run_counts_the_tests_generated_over_its_files(tmp_path):
    for name in ("a.trf", "b.trf"):
        (tmp_path / "shared" / "research" / "formats").mkdir(parents=True, exist_ok=True)
        (tmp_path / "shared" / "research" / "formats" / name).write_text("x")
    out = _run(tmp_path)
    assert f"brightwell: 2 tests generated over the real files of {tmp_path / 'shared' / 'research'}" in out
