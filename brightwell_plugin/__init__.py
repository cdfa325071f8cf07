"""Brightwell quotient and related tie-break criteria for Swiss tournaments."""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

# The public names, imported when first used: ``brightwell --version`` and a command that needs a
# few modules do not pay for the model and pluggy.
_EXPORTS = {
    "BrightwellError": "brightwell_plugin.errors",
    "hookimpl": "brightwell_plugin.hookspecs",
    **{name: "brightwell_plugin.model" for name in
       ("Kind", "Player", "Result", "RoundEntry", "ScoringSystem", "Side", "Tournament")},
}

__all__ = [*_EXPORTS, "__version__"]


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'brightwell_plugin' has no attribute '{name}'")


def __dir__():
    return sorted(__all__)
