"""The plugin host: a pluggy manager with the built-in plugins, entry points and registries."""

from __future__ import annotations

import importlib
import os
from typing import Any, NamedTuple

import pluggy

from brightwell_plugin import hookspecs
from brightwell_plugin.builtins import BUILTINS
from brightwell_plugin.entry_points import entry_points
from brightwell_plugin.errors import BrightwellError, SpecError

DEFAULT_PLUGINS = tuple(b.module for b in BUILTINS)  # in registration order
ENTRY_POINT_GROUP = "brightwell_plugin"
DISABLE_ENV = "BRIGHTWELL_NO_EXTERNAL_PLUGINS"


class PluginInfo(NamedTuple):
    name: str
    distribution: str | None
    criteria: tuple[str, ...]
    formats: tuple[str, ...]
    presets: tuple[str, ...] = ()


class Host:
    """Loads plugins and collects what they register. Names must be unique across plugins.

    The built-in plugins are registered when one of their names is first needed (see
    :mod:`brightwell_plugin.builtins`); with any external plugin, all of them at once, so that a
    name two plugins register is an error whatever is asked."""

    def __init__(self, external: bool | None = None):
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self._pending = {b.module: b for b in BUILTINS}
        if external is None:
            external = not os.environ.get(DISABLE_ENV)
        self._distributions: dict[str, str] = {}  # plugin name -> "distribution version"
        if external:
            for ep in entry_points(ENTRY_POINT_GROUP):
                if self.pm.get_plugin(ep.name) is not None or self.pm.is_blocked(ep.name):
                    continue  # the first distribution on sys.path wins, as importlib.metadata's order
                try:
                    self.pm.register(ep.load(), name=ep.name)
                except Exception as exc:  # a broken third-party plugin must not look like our bug
                    raise BrightwellError(f"cannot load the '{ENTRY_POINT_GROUP}' entry-point plugin '{ep.name}' "
                                          f"of {ep.distribution}: {exc} (set {DISABLE_ENV}=1 to skip "
                                          "external plugins)") from None
                self._distributions[ep.name] = ep.distribution
        self._registries: dict[str, tuple[dict[str, Any], dict[str, str]]] = {}
        if self._distributions:
            self._load(self._pending)
        self.pm.check_pending()

    def _load(self, modules) -> None:
        """Register the pending built-in plugins among ``modules`` (all of them, in their order)."""
        wanted = [b.module for b in BUILTINS if b.module in modules and b.module in self._pending]
        if not wanted:
            return
        for module in wanted:
            del self._pending[module]
            self.pm.register(importlib.import_module(module).plugin, name=module)
        self.pm.check_pending()
        self._registries.clear()

    def _load_all(self) -> None:
        self._load(set(self._pending))

    # -- plugins -------------------------------------------------------------------------------

    def register(self, plugin: object, name: str | None = None) -> str:
        self._load_all()  # a name it shares with a built-in is an error now, not when that is first used
        name = self.pm.register(plugin, name=name)
        self.pm.check_pending()
        self._registries.clear()
        return name

    def unregister(self, plugin: object) -> None:
        self.pm.unregister(plugin)
        self._registries.clear()

    def plugins(self) -> list[PluginInfo]:
        self._load_all()
        criteria_owner = self._collect("criteria")[1]
        format_owner = self._collect("formats")[1]
        preset_owner = self._collect("presets")[1]
        out = []
        order = {module: n for n, module in enumerate(DEFAULT_PLUGINS)}
        registered = [name for name, _ in self.pm.list_name_plugin()]
        for name in sorted(registered, key=lambda name: order.get(name, len(order))):
            out.append(PluginInfo(
                name,
                self._distributions.get(name),
                tuple(sorted(c for c, owner in criteria_owner.items() if owner == name)),
                tuple(sorted(f for f, owner in format_owner.items() if owner == name)),
                tuple(p for p, owner in preset_owner.items() if owner == name),
            ))
        return out

    # -- registries ----------------------------------------------------------------------------

    def _collect(self, kind: str) -> tuple[dict[str, Any], dict[str, str]]:
        if kind not in self._registries:
            found: dict[str, Any] = {}
            owner: dict[str, str] = {}
            caller = getattr(self.pm.hook, f"brightwell_register_{kind}")
            order = {module: n for n, module in enumerate(DEFAULT_PLUGINS)}
            impls = sorted(caller.get_hookimpls(), key=lambda impl: order.get(impl.plugin_name, len(order)))
            for impl in impls:  # the built-ins in their order, then the others as registered
                def register(obj: Any, _plugin: str = impl.plugin_name) -> None:
                    key = _KEYS[kind](obj)
                    if key in found:
                        raise BrightwellError(f"{_WHAT[kind]} '{key}' is registered by both plugin "
                                              f"'{owner[key]}' and plugin '{_plugin}'")
                    found[key] = obj
                    owner[key] = _plugin
                impl.function(register=register)
            self._registries[kind] = (found, owner)
        return self._registries[kind]

    def _criteria(self) -> dict[str, Any]:
        """The criteria, each given the presets registered for it (by any plugin)."""
        found = self._collect("criteria")[0]
        if "presets attached" not in self._registries:
            presets, owner = self._collect("presets")
            by_criterion: dict[str, dict[str, dict[str, str]]] = {code: {} for code in found}
            for key, preset in presets.items():
                code = preset.criterion.upper()
                if code not in found:
                    raise BrightwellError(f"preset '{key}' of plugin '{owner[key]}' is for an unknown criterion "
                                          f"'{preset.criterion}'")
                by_criterion[code][preset.name] = dict(preset.params)
            for code, criterion in found.items():
                criterion.presets = by_criterion[code]
            self._registries["presets attached"] = ({}, {})
        return found

    @property
    def criteria(self) -> dict[str, Any]:
        self._load_all()
        return dict(self._criteria())

    def presets(self) -> list[tuple[Any, str]]:
        """Every registered preset with the plugin that registered it, in registration order."""
        self._load_all()
        self._criteria()
        presets, owner = self._collect("presets")
        return [(preset, owner[key]) for key, preset in presets.items()]

    @property
    def formats(self) -> dict[str, Any]:
        self._load_all()
        return dict(self._collect("formats")[0])

    def formats_for_suffix(self, suffix: str) -> list[Any]:
        """The formats that claim ``suffix``, importing no other built-in format."""
        self._load({b.module for b in self._pending.values() if any(suffix in s for _, s in b.formats)})
        return [f for f in self._collect("formats")[0].values() if suffix in f.suffixes]

    def criterion(self, code: str):
        code = code.upper()
        self._load({b.module for b in self._pending.values() if code in b.criteria or code in b.presets_for})
        if code not in self._collect("criteria")[0]:
            self._load_all()  # to name the known ones, or find one a late plugin registers
        found = self._criteria()
        try:
            return found[code]
        except KeyError:
            raise SpecError(f"unknown criterion '{code}' (known: {', '.join(sorted(found))})") from None

    def format(self, name: str):
        self._load({b.module for b in self._pending.values() if any(name == n for n, _ in b.formats)})
        if name not in self._collect("formats")[0]:
            self._load_all()
        found = self._collect("formats")[0]
        try:
            return found[name]
        except KeyError:
            raise BrightwellError(f"unknown format '{name}' (known: {', '.join(sorted(found))})") from None


_KEYS = {"criteria": lambda c: c.name.upper(), "formats": lambda f: f.name,
         "presets": lambda p: f"{p.criterion.upper()}:preset={p.name}"}
_WHAT = {"criteria": "criterion", "formats": "format", "presets": "preset"}

_host: Host | None = None


def get_host() -> Host:
    """The process-wide host, created on first use."""
    global _host
    if _host is None:
        _host = Host()
    return _host


def reset_host() -> None:
    """Forget the process-wide host (tests; after installing a plugin)."""
    global _host
    _host = None
