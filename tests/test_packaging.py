"""The wheel installs only names this project owns, and carries its data files."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support.paths import ROOT



@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    """The wheel of a clean copy of the checkout (a build/ folder left in it would add what is gone)."""
    out, tree = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("tree")
    ignore = shutil.ignore_patterns("build", "dist", "*.egg-info", "__pycache__", ".git", ".hypothesis", "tests")
    shutil.copytree(ROOT, tree / "src", ignore=ignore)
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "--wheel-dir", str(out), str(tree / "src")], check=True, capture_output=True)
    [whl] = out.glob("brightwell_plugin-*.whl")
    return zipfile.ZipFile(whl)


@pytest.mark.slow
def test_no_top_level_adapters_package(wheel):
    tops = {name.split("/")[0] for name in wheel.namelist()}
    assert "adapters" not in tops
    assert {t for t in tops if not t.endswith(".dist-info")} == {"brightwell_plugin"}


def test_adapters_and_data_files_are_inside_the_package(wheel):
    names = set(wheel.namelist())
    for required in ("brightwell_plugin/adapters/__init__.py", "brightwell_plugin/adapters/xml/format.py",
                     "brightwell_plugin/adapters/xml/tournament.xsd", "brightwell_plugin/samples/othello_open.xml",
                     "brightwell_plugin/cli/__init__.py", "brightwell_plugin/criteria/brightwell.py"):
        assert required in names
    source = ROOT / "adapters"
    for module in source.rglob("*.py"):  # every family's sub-package is listed in pyproject.toml
        assert f"brightwell_plugin/adapters/{module.relative_to(source).as_posix()}" in names
    for name in names:  # and nothing else: no module left from an earlier build
        if name.endswith(".py"):
            inside = name.removeprefix("brightwell_plugin/")
            here = ROOT / ("adapters/" + inside.removeprefix("adapters/") if inside.startswith("adapters/")
                           else "brightwell_plugin/" + inside)
            assert here.exists(), f"{name} is in the wheel but not in the source tree"


def test_console_script_and_python_requirement(wheel):
    meta_dir = next(n.split("/")[0] for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
    metadata = wheel.read(f"{meta_dir}/METADATA").decode()
    assert "Requires-Python: >=3.11" in metadata and "Name: brightwell-plugin" in metadata
    assert "brightwell = brightwell_plugin.launch:console" in wheel.read(f"{meta_dir}/entry_points.txt").decode()


@pytest.mark.slow
def test_every_module_opens_with_the_line_that_says_its_job():
    import ast
    root = ROOT
    for module in [*(root / "brightwell_plugin").rglob("*.py"), *(root / "adapters").rglob("*.py")]:
        doc = ast.get_docstring(ast.parse(module.read_text()))
        assert doc and doc.splitlines()[0].strip(), f"{module.relative_to(root)} has no first line saying its job"


CHECKOUT_ONLY = """
import runpy, sys
# no installed copy: neither an editable install's finder nor a copy in site-packages
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]
sys.path[:] = [{root!r}] + [p for p in sys.path if p]
sys.modules.pop("brightwell_plugin", None)
sys.argv = ["brightwell", "rank", "--sample", "--output-format", "csv"]
runpy.run_module("brightwell_plugin.cli", run_name="__main__")
"""


def test_the_command_runs_from_a_checkout_with_its_top_level_adapters_folder(tmp_path):
    root = ROOT
    done = subprocess.run([sys.executable, "-c", CHECKOUT_ONLY.format(root=str(root))], cwd=root,
                          capture_output=True, text=True, timeout=120,
                          env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[1].startswith("1,1,Ada Lindqvist,")
    where = subprocess.run([sys.executable, "-c", "import brightwell_plugin.adapters.base as b; print(b.__file__)"],
                           cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    assert Path(where) == root / "adapters" / "base.py"  # the checkout's own, however it is installed
