"""Hook specifications: how plugins add criteria, presets of criteria and file formats.

Each hook receives a ``register`` callback and returns nothing: the plugin calls ``register`` once
for each object it adds. A host calls each hook when it builds the registry of that hook — once,
and again only after a plugin is registered or unregistered — and never changes what it is given,
so a plugin may register the same objects every time."""

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
    """Add tie-break criteria.

    Receives ``register``; calls ``register(criterion)`` once for each :class:`Criterion` the
    plugin adds. Its key is ``criterion.name`` in upper case, the code tie-break lists use
    (``BQ``); a code another plugin registers too is a ``PluginError`` naming both. Called when the
    host first needs a criterion of this plugin (a built-in: one of the codes ``builtins.py``
    lists for it; any other plugin: when the host starts)."""


@hookspec
def brightwell_register_formats(register: Callable[["Format"], None]) -> None:
    """Add tournament file formats.

    Receives ``register``; calls ``register(format)`` once for each :class:`Format` the plugin
    adds. Its key is ``format.name`` (``trf``), the name ``--input-format`` and ``--to`` take; a
    name another plugin registers too is a ``PluginError`` naming both. Called when the host first
    needs a format: by name, by a suffix the format claims, or to tell a file's format by its
    content."""


@hookspec
def brightwell_register_presets(register: Callable[["Preset"], None]) -> None:
    """Add named parameter sets of criteria.

    Receives ``register``; calls ``register(preset)`` once for each :class:`Preset`, a name for a
    set of parameters of a criterion any plugin registers (``Preset("BQ", "woc", ...)``, used as
    ``BQ:preset=woc``). A preset for a criterion nobody registers, or a name registered twice, is a
    ``PluginError``. Called when the criteria registry is built: the registry configures an item
    with the presets of its criterion."""
