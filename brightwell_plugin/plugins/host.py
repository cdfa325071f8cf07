"""The plugin host: a pluggy manager with the built-in plugins and the entry points, and the
typed registries that answer every "which plugin?" question (:mod:`brightwell_plugin.plugins.registry`,
:mod:`brightwell_plugin.plugins.formats`)."""

from __future__ import annotations

import importlib
import itertools
import os
import weakref
from _thread import RLock  # threading's own lock; threading itself is not imported by rank (bench_start)
from collections.abc import Callable
from types import ModuleType
from typing import Any, NamedTuple

import pluggy

from brightwell_plugin.errors import PluginError
from brightwell_plugin.plugins import hookspecs
from brightwell_plugin.plugins.builtins import BUILTINS, DEFAULT_PLUGINS, Builtin
from brightwell_plugin.plugins.entry_points import entry_points
from brightwell_plugin.plugins.formats import Formats
from brightwell_plugin.plugins.registry import Criteria, Presets

__all__ = ["DEFAULT_PLUGINS", "DISABLE_ENV", "ENTRY_POINT_GROUP", "Host", "PluginInfo", "get_host", "reset_host"]

ENTRY_POINT_GROUP = "brightwell_plugin"
DISABLE_ENV = "BRIGHTWELL_NO_EXTERNAL_PLUGINS"


class PluginInfo(NamedTuple):
    name: str
    distribution: str | None
    criteria: tuple[str, ...]
    formats: tuple[str, ...]
    presets: tuple[str, ...] = ()


class Host:
    """Loads plugins and holds their registries: ``criteria``, ``presets``, ``formats``.

    The built-in plugins are registered when one of their names is first needed; with any other
    plugin, all of them at once and every registry is built, so that a name two plugins register
    is an error at start, whatever is asked. A host pickles as the recipe that makes it again (a
    batch's worker processes use the host they are given)."""

    def __init__(self, external: bool | None = None):
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs)
        self.criteria = Criteria(self)
        self.presets = Presets(self)
        self.formats = Formats(self)
        self._pending: dict[str, Builtin] = {b.module: b for b in BUILTINS}
        self._external = not os.environ.get(DISABLE_ENV) if external is None else external
        self._distributions: dict[str, str] = {}  # plugin name -> "distribution version"
        self._added: list[tuple[str, Any]] = []  # plugins given to register(): part of the recipe
        self._token = f"{os.getpid()}-{next(_SERIAL)}"
        if self._external:
            for ep in entry_points(ENTRY_POINT_GROUP):
                if self.pm.get_plugin(ep.name) is not None or self.pm.is_blocked(ep.name):
                    continue  # the first distribution on sys.path wins, as importlib.metadata's order
                try:
                    self.pm.register(ep.load(), name=ep.name)
                except Exception as exc:  # a broken third-party plugin must not look like our bug
                    raise PluginError(f"cannot load the '{ENTRY_POINT_GROUP}' entry-point plugin '{ep.name}' "
                                      f"of {ep.distribution}: {type(exc).__name__}: {exc} (set {DISABLE_ENV}=1 "
                                      "to skip external plugins)") from None
                self._distributions[ep.name] = ep.distribution
        self._check_pending()
        if self._distributions:
            self.verify()
        _HOSTS[self._token] = self

    # -- plugins -------------------------------------------------------------------------------

    def register(self, plugin: object, name: str | None = None) -> str:
        """Add a plugin (a module or an object with ``@hookimpl`` methods); a name it shares with
        another plugin is a :class:`PluginError` now, not when that name is first used."""
        self.load_all()
        name = self.pm.register(plugin, name=name)
        self._changed()
        try:
            self._check_pending()
            self.verify()
        except PluginError:
            self.pm.unregister(plugin)  # the host stays as it was
            self._changed()
            raise
        self._added.append((name, plugin))
        return name

    def unregister(self, plugin: object) -> None:
        self.pm.unregister(plugin)
        self._added = [(n, p) for n, p in self._added if p is not plugin]
        self._changed()

    def verify(self) -> None:
        """Build every registry: a clash or a failing plugin raises :class:`PluginError` here."""
        self.load_all()
        self.criteria._collected()
        self.formats._collected()

    def plugins(self) -> list[PluginInfo]:
        self.verify()
        owners = {kind: {name: registry.owner(name) for name in registry}
                  for kind, registry in (("criteria", self.criteria), ("formats", self.formats),
                                         ("presets", self.presets))}
        order = {module: n for n, module in enumerate(DEFAULT_PLUGINS)}
        registered = [name for name, _ in self.pm.list_name_plugin()]
        return [PluginInfo(name, self._distributions.get(name),
                           tuple(sorted(c for c, owner in owners["criteria"].items() if owner == name)),
                           tuple(sorted(f for f, owner in owners["formats"].items() if owner == name)),
                           tuple(p for p, owner in owners["presets"].items() if owner == name))
                for name in sorted(registered, key=lambda name: order.get(name, len(order)))]

    def criterion(self, code: str):
        """``criteria.find(code)``."""
        return self.criteria.find(code)

    def format(self, name: str):
        """``formats.find(name)``."""
        return self.formats.find(name)

    # -- what the registries use ---------------------------------------------------------------

    def hook_functions(self, hook: str) -> list[tuple[str, Callable[..., Any]]]:
        """(plugin name, hook function) of every plugin implementing ``hook``: the built-ins in
        their order, then the others."""
        order = {module: n for n, module in enumerate(DEFAULT_PLUGINS)}
        impls = getattr(self.pm.hook, hook).get_hookimpls()
        return [(impl.plugin_name, impl.function)
                for impl in sorted(impls, key=lambda impl: order.get(impl.plugin_name, len(order)))]

    def load_claiming(self, claims: Callable[[Builtin], bool]) -> None:
        """Register the pending built-ins that ``claims`` (in their order): a registry asked for a
        name imports only the built-in that registers it. Threads (an executor of threads running a
        batch) load one at a time."""
        with _LOADING:
            wanted = [b.module for b in self._pending.values() if claims(b)]
            if wanted:
                for module in wanted:
                    del self._pending[module]
                    self.pm.register(importlib.import_module(module), name=module)
                self._check_pending()
                self._changed()

    def load_all(self) -> None:
        """Register every pending built-in."""
        if self._pending:
            self.load_claiming(lambda b: True)

    @property
    def lazy(self) -> bool:
        """Whether built-ins are pending: then the host holds built-ins alone (any other plugin
        registers them all), and what they declare is in :mod:`~brightwell_plugin.plugins.builtins`."""
        return bool(self._pending)

    def _changed(self) -> None:
        for registry in (self.criteria, self.presets, self.formats):
            registry.forget()

    def _check_pending(self) -> None:
        """pluggy's check that every hook implemented is one of ours, as one line naming the plugin."""
        try:
            self.pm.check_pending()
        except pluggy.PluginValidationError as exc:
            name = self.pm.get_name(exc.plugin) or repr(exc.plugin)
            raise PluginError(f"plugin '{name}': {exc}") from None

    # -- pickling ------------------------------------------------------------------------------

    def __reduce__(self):
        return _host_for, (self._token, self._external, tuple(
            (name, _Module(plugin.__name__) if isinstance(plugin, ModuleType) else plugin)
            for name, plugin in self._added))


class _Module(NamedTuple):
    """A module registered as a plugin, pickled by its name."""

    name: str


_SERIAL = itertools.count(1)
_HOSTS: weakref.WeakValueDictionary[str, Host] = weakref.WeakValueDictionary()  # hosts of this process by token
_LOADING = RLock()  # Host.load_claiming: one thread at a time


def _host_for(token: str, external: bool, added: tuple[tuple[str, Any], ...]) -> Host:
    """The host a pickle names: the same one in this process (or a forked copy), else made again once."""
    host = _HOSTS.get(token)
    if host is None:
        host = Host(external)
        for name, plugin in added:
            host.register(importlib.import_module(plugin.name) if isinstance(plugin, _Module) else plugin, name=name)
        _HOSTS[token] = host
    return host


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
