"""Entry points of one group, read from the distributions' own files on ``sys.path``."""

from __future__ import annotations

import importlib
import os
import sys
from typing import NamedTuple


class EntryPoint(NamedTuple):
    name: str
    value: str  # module or module:attribute
    distribution: str  # "name version"

    def load(self) -> object:
        module, _, attribute = self.value.partition(":")
        obj = importlib.import_module(module.strip())
        for part in filter(None, attribute.strip().split(".")):
            obj = getattr(obj, part)
        return obj


def entry_points(group: str) -> list[EntryPoint]:
    """The group's entry points of the distributions on ``sys.path``, first found first, read from
    their ``entry_points.txt`` directly: importing importlib.metadata costs a command more than
    everything else it does at start. tests/plugins/test_plugins.py checks it finds what importlib.metadata finds."""
    out, seen = [], set()
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for entry in sorted(names):
            if not entry.endswith((".dist-info", ".egg-info")):
                continue
            project = _normalized(entry.rsplit(".", 1)[0].split("-")[0])
            if project in seen:
                continue
            seen.add(project)
            text = _read(os.path.join(folder or ".", entry, "entry_points.txt"))
            if text is None or f"[{group}]" not in text:
                continue
            meta = _read(os.path.join(folder or ".", entry, "METADATA" if entry.endswith(".dist-info") else "PKG-INFO"))
            out += [EntryPoint(name, value, _distribution(meta, entry)) for name, value in _section(text, group)]
    return out


def _normalized(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()


def _read(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


def _section(text: str, group: str) -> list[tuple[str, str]]:
    """``name = value`` lines of one section of an INI-style entry_points.txt."""
    out, inside = [], False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            inside = line[1:-1].strip() == group
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, value = line.split("=", 1)
            out.append((name.strip(), value.strip()))
    return out


def _distribution(meta: str | None, folder: str) -> str:
    fields = {}
    for line in (meta or "").splitlines():
        if not line.strip():
            break  # the headers end at the first empty line
        key, _, value = line.partition(":")
        fields.setdefault(key.strip().lower(), value.strip())
    stem = folder.rsplit(".", 1)[0]
    name, _, version = stem.partition("-")
    return f"{fields.get('name', name)} {fields.get('version', version)}".strip()
