"""The project's one way of importing on first use: a module's public names, each imported from
where it lives when it is first asked for (PEP 562's module ``__getattr__``). ``brightwell
--version``, the quick path of ``brightwell rank`` and a plugin importing the author surface
load only what they use (benchmarks/bench_imports.py measures it)."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def exports(namespace: dict, table: Mapping[str, str]) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the module whose globals are ``namespace``: each name
    of ``table`` (name → the module defining it) imported on first use and kept there."""
    module = namespace["__name__"]

    def __getattr__(name: str):
        if name not in table:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(table[name]), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*table, *(n for n in namespace if not n.startswith("_"))})

    return __getattr__, __dir__


def names(module: str, *listed: str) -> dict[str, str]:
    """``{name: module}`` for each name listed: a line of an :func:`exports` table."""
    return dict.fromkeys(listed, module)


class module:
    """A module imported when first used (``api = module("brightwell_plugin.api")``, then
    ``api.load(...)``): a command's module binds the name at import and pays on first use."""

    def __init__(self, name: str):
        self._name = name

    def __getattr__(self, attribute: str):
        return getattr(importlib.import_module(self._name), attribute)
