"""Hook specifications: how plugins add criteria, presets of criteria and file formats.

Each hook receives a ``register`` callback and returns nothing: the plugin calls ``register``
once for each object it adds. The host calls each hook once per registry it builds, so a plugin
makes new objects each time (a host never shares them with another)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from brightwell_plugin.adapters.base import Format
    from brightwell_plugin.criteria.base import Criterion, Preset

PROJECT = "brightwell_plugin"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def brightwell_register_criteria(register: Callable[["Criterion"], None]) -> None:
    """Receives ``register``; calls ``register(criterion)`` for each tie-break criterion (its code: ``criterion.name``)."""


@hookspec
def brightwell_register_formats(register: Callable[["Format"], None]) -> None:
    """Receives ``register``; calls ``register(format)`` for each tournament file format (its key: ``format.name``)."""


@hookspec
def brightwell_register_presets(register: Callable[["Preset"], None]) -> None:
    """Receives ``register``; calls ``register(preset)`` for each named parameter set of a criterion any plugin registers."""
