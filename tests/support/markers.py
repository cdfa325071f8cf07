"""What each test needs, as markers (declared in pyproject.toml), so that a run can leave out what it
cannot or need not run: ``python -m pytest -m "not slow"`` is the inner loop.

``shared``, ``oracle`` and ``browser`` are found from the test itself: a parameter that is a path
under ../shared, a mark of :func:`support.samples.needs_shared`, or a name the test's code uses
(a path under ../shared, :func:`support.samples.present`, an oracle's module, the ``browser``
fixture). ``slow``: a test generated for each file of a corpus of ../shared (thousands of them: the
corpus is the whole run's, the inner loop reads real files in the tests about one of them), and
the tests that take a second or more, or several in all, marked where they are written
(``@pytest.mark.slow``)."""

from __future__ import annotations

import types
from pathlib import Path

import pytest
from support.samples import ABSENT, SHARED_ROOT, present

# The modules of other programs (or of the support that runs them) that check this one.
ORACLES = frozenset({"gacrux", "py4swiss", "pairing_core", "caissify_pairings", "tiebreak_core", "access_parser",
                     "support.gacrux_oracle", "support.checker_pair", "support.engines", "support.npm_tiebreak",
                     "support.swissmanager_oracle"})


def mark_by_need(items) -> None:
    for item in items:
        names = _names(item)
        if _over_shared(item, names):
            item.add_marker(pytest.mark.shared)
        if one_per_real_file(item):
            item.add_marker(pytest.mark.slow)
        if _asks_oracle(item, names):
            item.add_marker(pytest.mark.oracle)
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


def _names(item) -> dict[str, object]:
    """The module-level objects the test function's code names (its nested functions' too)."""
    function = getattr(item, "function", None)
    if function is None:
        return {}
    found, codes = {}, [function.__code__]
    while codes:
        code = codes.pop()
        for name in code.co_names:
            found[name] = function.__globals__.get(name, name)
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
    return found


def _under_shared(value) -> bool:
    return isinstance(value, Path) and (value == SHARED_ROOT or SHARED_ROOT in value.parents)


def _over_shared(item, names) -> bool:
    if one_per_real_file(item):
        return True
    if any(str(m.kwargs.get("reason", "")).startswith(ABSENT) for m in item.iter_markers("skipif")):
        return True
    return any(v is present or _under_shared(v) for v in names.values())


def one_per_real_file(item) -> bool:
    """A test generated for one file under ../shared (a parameter that is a path there)."""
    spec = getattr(item, "callspec", None)
    return spec is not None and any(map(_under_shared, spec.params.values()))


def _asks_oracle(item, names) -> bool:
    for name, value in names.items():
        module = value.__name__ if isinstance(value, types.ModuleType) else getattr(value, "__module__", None)
        if isinstance(value, str):  # a module imported inside the test: its dotted name
            module = value
        if isinstance(module, str) and (module in ORACLES or module.split(".")[0] in ORACLES):
            return True
    return False
