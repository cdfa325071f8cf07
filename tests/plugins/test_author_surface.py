"""The built-in plugins are plugins like any other: they import the project through the author
surface (brightwell_plugin.plugin) or from their own family (a criterion from criteria/, a format
from adapters/), never a private name; the surface is cheap to import; the project's imports, those
inside functions included, make no circle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from brightwell_plugin import plugin
from brightwell_plugin.plugins.builtins import BUILTINS
from support.paths import ROOT

SURFACE = "brightwell_plugin.plugin"


def _path(module: str) -> Path:
    parts = module.split(".")
    path = ROOT.joinpath("adapters", *parts[2:]) if parts[1] == "adapters" else ROOT.joinpath(*parts)
    return path.with_suffix(".py") if path.with_suffix(".py").exists() else path / "__init__.py"


def _family(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[1] in ("adapters", "criteria") else module


def _imports(path: Path):
    """Each ``from brightwell_plugin... import`` of a file (inside functions too), as (line, module, names)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("brightwell_plugin"):
            yield node.lineno, node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("brightwell_plugin"):
                    yield node.lineno, a.name, []


@pytest.mark.parametrize("module", [b.module for b in BUILTINS])
def test_a_built_in_imports_what_an_author_imports(module):
    family = _family(module)
    wrong = [f"line {line}: {source} {names}" for line, source, names in _imports(_path(module))
             if not (source == SURFACE or source == family or source.startswith(family + "."))
             or (source != SURFACE and any(n.startswith("_") for n in names)
                 and not source.startswith(module.rpartition(".")[0]))]
    assert not wrong, f"{module} imports past the author surface: {wrong}"


def test_every_name_of_the_surface_is_there():
    for name in plugin.__all__:
        assert getattr(plugin, name) is not None, name
    assert set(plugin.__all__) <= set(dir(plugin))


def test_the_surface_loads_only_what_is_asked_for():
    code = ("import sys, brightwell_plugin.plugin as p; from brightwell_plugin.plugin import Criterion, hookimpl; "
            "print(' '.join(sorted(m for m in sys.modules if m.startswith(('brightwell_plugin', 'pluggy', 'lxml')))))")
    loaded = set(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout.split())
    assert "brightwell_plugin.criteria.base" in loaded
    assert not {m for m in loaded if m.startswith(("brightwell_plugin.adapters.", "brightwell_plugin.api", "lxml",
                                                    "brightwell_plugin.testing"))}, loaded


def _graph() -> dict[str, set[str]]:
    """The project's modules and the project's modules each imports (inside functions too; not those
    imported for type checking alone)."""
    files = {}
    for base in ("brightwell_plugin", "adapters"):
        for path in (ROOT / base).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            parts = ["brightwell_plugin", *parts] if parts[0] == "adapters" else parts
            files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def owner(name: str) -> str:
        while name and name not in files:
            name = name.rpartition(".")[0]
        return name

    graph = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                       and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
        found = set()
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").startswith("brightwell_plugin"):
                found |= {owner(f"{node.module}.{a.name}") for a in node.names}
            elif isinstance(node, ast.Import):
                found |= {owner(a.name) for a in node.names if a.name.startswith("brightwell_plugin")}
        graph[module] = found - {module, ""}
    return graph


def test_no_circle_among_the_projects_imports():
    graph, done, path, circles = _graph(), set(), [], []

    def walk(module):
        if module in path:
            circles.append(path[path.index(module):] + [module])
            return
        if module in done:
            return
        path.append(module)
        for other in sorted(graph.get(module, ())):
            walk(other)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        walk(module)
    assert not circles, [" -> ".join(c) for c in circles]
