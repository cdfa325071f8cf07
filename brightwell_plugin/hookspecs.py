"""Hook specifications: how plugins add criteria, presets of criteria and file formats."""

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
    """Register tie-break criteria by calling ``register(criterion)`` for each one."""


@hookspec
def brightwell_register_formats(register: Callable[["Format"], None]) -> None:
    """Register tournament file formats by calling ``register(format)`` for each one."""


@hookspec
def brightwell_register_presets(register: Callable[["Preset"], None]) -> None:
    """Register named parameter sets of criteria by calling ``register(preset)`` for each one."""
