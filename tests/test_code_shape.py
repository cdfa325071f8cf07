"""The package's functions fit a screen, as the project's style asks: none in brightwell_plugin/ or
adapters/ is over 60 lines, counted from its ``def`` line to its last (a function's nested functions
count in it, and on their own)."""

from __future__ import annotations

import ast
from support.paths import ROOT

PACKAGE = ("brightwell_plugin", "adapters")
LIMIT = 60


def too_long(text: str, name: str = "<text>") -> list[str]:
    """Each function of the module ``text`` over LIMIT lines: where, its name and its length."""
    return [f"{name}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines"
            for node in ast.walk(ast.parse(text, name))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno + 1 > LIMIT]


def test_the_count_finds_a_function_one_line_too_long():
    def module(lines: int) -> str:  # a function of ``lines`` lines, nested in a method
        body = "".join(f"        x{n} = {n}\n" for n in range(lines - 1))
        return f"class C:\n    def f(self):\n{body}"
    assert too_long(module(LIMIT)) == []
    assert too_long(module(LIMIT + 1)) == [f"<text>:2 f: {LIMIT + 1} lines"]


def test_no_function_of_the_package_is_over_60_lines():
    files = sorted(p for folder in PACKAGE for p in (ROOT / folder).rglob("*.py"))
    assert len(files) > 100  # the package, not an empty folder
    found = [x for p in files for x in too_long(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))]
    assert found == [], "split these (the Swiss-Manager reader's shape: bytes or text -> records -> event):\n" + \
        "\n".join(found)
