"""The plugin host: a pluggy manager with the built-in plugins, entry points and registries."""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from typing import Any

import pluggy

from brightwell_plugin import hookspecs
from brightwell_plugin.errors import BrightwellError, SpecError

DEFAULT_PLUGINS = (
    "brightwell_plugin.criteria.scores",
    "brightwell_plugin.criteria.brightwell",
    "brightwell_plugin.criteria.buchholz",
    "brightwell_plugin.criteria.record",
    "brightwell_plugin.criteria.rating",
    "brightwell_plugin.criteria.encounter",
    "brightwell_plugin.criteria.turcas",
    "brightwell_plugin.criteria.mcmahon",
    "brightwell_plugin.adapters.xml.format",
    "brightwell_plugin.adapters.trf.format",
    "brightwell_plugin.adapters.swissperfect.format",
    "brightwell_plugin.adapters.swissperfect.text_export",
    "brightwell_plugin.adapters.flipthedisc",
    "brightwell_plugin.adapters.papp.elo",
    "brightwell_plugin.adapters.papp.workfile",
    "brightwell_plugin.adapters.go.opengotha",
    "brightwell_plugin.adapters.tsh.format",
    "brightwell_plugin.adapters.tsh.tourney_js",
    "brightwell_plugin.adapters.go.egd",
    "brightwell_plugin.adapters.go.ffg_tou",
)
ENTRY_POINT_GROUP = "brightwell_plugin"
DISABLE_ENV = "BRIGHTWELL_NO_EXTERNAL_PLUGINS"


@dataclass(frozen=True, slots=True)
class PluginInfo:
    name: str
    distribution: str | None
    criteria: tuple[str, ...]
    formats: tuple[str, ...]
    presets: tuple[str, ...] = ()


class Host:
    """Loads plugins and collects what they register. Names must be unique across plugins."""

    def __init__(self, external: bool | None = None):
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        for module_name in DEFAULT_PLUGINS:
            self.pm.register(importlib.import_module(module_name).plugin, name=module_name)
        if external is None:
            external = not os.environ.get(DISABLE_ENV)
        if external:
            try:
                self.pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
            except Exception as exc:  # a broken third-party plugin must not look like our bug
                raise BrightwellError(f"cannot load a '{ENTRY_POINT_GROUP}' entry-point plugin: {exc} "
                                      f"(set {DISABLE_ENV}=1 to skip external plugins)") from None
        self.pm.check_pending()
        self._registries: dict[str, tuple[dict[str, Any], dict[str, str]]] = {}

    # -- plugins -------------------------------------------------------------------------------

    def register(self, plugin: object, name: str | None = None) -> str:
        name = self.pm.register(plugin, name=name)
        self.pm.check_pending()
        self._registries.clear()
        return name

    def unregister(self, plugin: object) -> None:
        self.pm.unregister(plugin)
        self._registries.clear()

    def plugins(self) -> list[PluginInfo]:
        dists = {id(p): d for p, d in self.pm.list_plugin_distinfo()}
        criteria_owner = self._collect("criteria")[1]
        format_owner = self._collect("formats")[1]
        preset_owner = self._collect("presets")[1]
        out = []
        for name, plugin in self.pm.list_name_plugin():
            dist = dists.get(id(plugin))
            out.append(PluginInfo(
                name,
                f"{dist.project_name} {dist.version}" if dist is not None else None,
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
            for impl in caller.get_hookimpls():  # registration order
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
        return dict(self._criteria())

    def presets(self) -> list[tuple[Any, str]]:
        """Every registered preset with the plugin that registered it, in registration order."""
        self._criteria()
        presets, owner = self._collect("presets")
        return [(preset, owner[key]) for key, preset in presets.items()]

    @property
    def formats(self) -> dict[str, Any]:
        return dict(self._collect("formats")[0])

    def criterion(self, code: str):
        found = self._criteria()
        try:
            return found[code.upper()]
        except KeyError:
            raise SpecError(f"unknown criterion '{code}' (known: {', '.join(sorted(found))})") from None

    def format(self, name: str):
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
