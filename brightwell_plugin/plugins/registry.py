"""Typed registries: what the plugins of one host register, by name, each with its plugin.

A registry is a read-only mapping built by calling one hook of every plugin; a name two plugins
register is a :class:`PluginError` naming both. Built-in plugins are imported lazily: asking for
a name imports the built-in that registers it (:mod:`brightwell_plugin.plugins.builtins`); iterating
imports them all. Formats have their own registry, :mod:`brightwell_plugin.plugins.formats`."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from brightwell_plugin.errors import PluginError, SpecError
from brightwell_plugin.plugins.builtins import Builtin

if TYPE_CHECKING:
    from brightwell_plugin.criteria.base import Criterion, Options, Preset
    from brightwell_plugin.plugins.host import Host
    from brightwell_plugin.tiebreak_spec import SpecItem

T = TypeVar("T")


class Registry(Mapping[str, T], Generic[T]):
    """Name -> object for one hook. Subclasses say the hook, the key and which built-ins claim a name."""

    hook: str = ""
    what: str = ""  # the thing, in messages: "criterion"

    def __init__(self, host: Host):
        self._host = host
        self._found: dict[str, T] | None = None
        self._owner: dict[str, str] = {}
        self._memo: dict[str, Any] = {}  # what a subclass derives from the whole registry, until it changes
        self._presets: dict[str, Mapping[str, Mapping[str, str]]] = {}  # Criteria's: code -> presets
        self._settled: set[str] = set()  # names whose claiming built-ins are imported (none pending claims them)

    # -- what subclasses say ---------------------------------------------------------------------

    def key(self, obj: T) -> str:
        return obj.name  # type: ignore[attr-defined]

    def claims(self, builtin: Builtin, name: str) -> bool:
        """Whether ``builtin`` registers ``name`` (it is imported when ``name`` is asked for)."""
        return False

    def unknown(self, name: str) -> Exception:
        return KeyError(name)

    # -- look-up ---------------------------------------------------------------------------------

    def find(self, name: str) -> T:
        """The object registered as ``name``, importing only the built-in that registers it; an
        unknown name is an error that lists the known ones."""
        found = self._lookup(name)
        if name not in found:
            raise self.unknown(name)
        return found[name]

    def _lookup(self, name: str) -> dict[str, T]:
        """The registry, with the built-in that registers ``name`` imported (all, when none claims it).
        A name found once is settled: the built-ins pending are not asked again whether they claim it
        (none does, and none is added: a rank looks criteria up a dozen times)."""
        found = self._found
        if found is not None and name in self._settled and name in found:
            return found
        self._host.load_claiming(lambda b: self.claims(b, name))
        found = self._collected()
        if name not in found:
            self._host.load_all()  # to name the known ones, or find it in a plugin no index lists
            found = self._collected()
        if name in found:
            self._settled.add(name)
        return found

    def loaded(self) -> dict[str, T]:
        """What the plugins imported so far register (no built-in is imported for this)."""
        return dict(self._collected())

    def owner(self, name: str) -> str:
        """The name of the plugin that registered ``name``."""
        self.find(name)
        return self._owner[name]

    def __getitem__(self, name: str) -> T:
        return self._lookup(name)[name]

    def __iter__(self) -> Iterator[str]:
        self._host.load_all()
        return iter(list(self._collected()))

    def __len__(self) -> int:
        self._host.load_all()
        return len(self._collected())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._lookup(name)

    def values(self) -> list[T]:  # type: ignore[override]
        self._host.load_all()
        return list(self._collected().values())

    def items(self) -> list[tuple[str, T]]:  # type: ignore[override]
        self._host.load_all()
        return list(self._collected().items())

    def derived(self, key: str, make: Callable[[dict[str, T]], Any]) -> Any:
        """``make(registry)`` for the whole registry, made once until a plugin comes or goes."""
        self._host.load_all()
        found = self._collected()
        if key not in self._memo:
            self._memo[key] = make(found)
        return self._memo[key]

    def remembered(self, key: tuple, make: Callable[[], Any], most: int = 64) -> Any:
        """``make()`` for ``key``, made once until a plugin comes or goes (nothing imported for
        it); at most ``most`` such answers are kept (the oldest is made again when asked)."""
        key = ("remembered", *key)
        if key in self._memo:
            return self._memo[key]
        value = make()  # may import a built-in: the memo is then a new one
        kept = [k for k in self._memo if type(k) is tuple and k[:1] == ("remembered",)]
        if len(kept) >= most:
            del self._memo[kept[0]]
        self._memo[key] = value
        return value

    # -- building --------------------------------------------------------------------------------

    def forget(self) -> None:
        """Built again at the next look-up (a plugin was registered or unregistered)."""
        self._found = None
        self._memo = {}

    def _collected(self) -> dict[str, T]:
        if self._found is None:
            found: dict[str, T] = {}
            owner: dict[str, str] = {}
            for plugin, function in self._host.hook_functions(self.hook):
                def register(obj: T, _plugin: str = plugin) -> None:
                    try:
                        name = self.key(obj)
                    except Exception as exc:
                        raise PluginError(f"plugin '{_plugin}' registered a {self.what} without a usable name "
                                          f"({type(exc).__name__}: {exc})") from None
                    if name in found:
                        raise PluginError(f"{self.what} '{name}' is registered by both plugin '{owner[name]}' "
                                          f"and plugin '{_plugin}'")
                    found[name] = obj
                    owner[name] = _plugin
                call_plugin(plugin, self.hook, lambda: function(register=register))
            self._owner = owner
            self._built(found)
            self._found = found
        return self._found

    def _built(self, found: dict[str, T]) -> None:
        """After a build: what a subclass attaches to its objects."""


def call_plugin(plugin: str, hook: str, call: Callable[[], Any]) -> Any:
    """A plugin's hook called so that its failure is blamed on the plugin, on one line."""
    try:
        return call()
    except PluginError:
        raise
    except Exception as exc:
        raise PluginError(f"plugin '{plugin}' failed in {hook}: {type(exc).__name__}: {exc}") from None


class Presets(Registry["Preset"]):
    """Presets by ``CODE:preset=name``; the criteria registry configures items with them."""

    hook = "brightwell_register_presets"
    what = "preset"

    def key(self, preset: Preset) -> str:
        return f"{preset.criterion.upper()}:preset={preset.name}"

    def claims(self, builtin: Builtin, name: str) -> bool:
        return name.split(":", 1)[0] in builtin.criteria

    def with_owners(self) -> list[tuple[Preset, str]]:
        """Every preset with the plugin that registered it, in registration order."""
        self._host.load_all()
        self._host.criteria._collected()  # a preset for no criterion is an error here too
        return [(preset, self._owner[name]) for name, preset in self._collected().items()]


class Criteria(Registry["Criterion"]):
    """Criteria by code (upper case), and the presets registered for each by any plugin: the
    registry configures an item with them (:meth:`configure`); the criteria are left as their
    plugins made them."""

    hook = "brightwell_register_criteria"
    what = "criterion"

    def key(self, criterion: Criterion) -> str:
        return criterion.name.upper()

    def claims(self, builtin: Builtin, name: str) -> bool:
        return name in builtin.criteria

    def find(self, name: str) -> Criterion:
        return super().find(name.upper())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and super().__contains__(name.upper())

    def unknown(self, name: str) -> Exception:
        return SpecError(f"unknown criterion '{name}' (known: {', '.join(sorted(self._collected()))})")

    def presets_of(self, code: str) -> Mapping[str, Mapping[str, str]]:
        """The presets registered for ``code``: name -> parameters."""
        criterion = self.find(code)
        return self._presets.get(criterion.name.upper(), _NONE)

    def configure(self, item: SpecItem) -> Options:
        """The item's criterion's :meth:`~Criterion.configure`, with the presets registered for it."""
        return self.find(item.code).configure(item, self.presets_of(item.code))

    def _built(self, found: dict[str, Criterion]) -> None:
        presets = self._host.presets
        by_criterion: dict[str, dict[str, Mapping[str, str]]] = {}
        for key, preset in presets._collected().items():
            code = preset.criterion.upper()
            if code not in found:
                raise PluginError(f"preset '{key}' of plugin '{presets._owner[key]}' is for an unknown criterion "
                                  f"'{preset.criterion}'")
            by_criterion.setdefault(code, {})[preset.name] = MappingProxyType(dict(preset.params))
        self._presets = {code: MappingProxyType(named) for code, named in by_criterion.items()}


_NONE: Mapping[str, Mapping[str, str]] = MappingProxyType({})
