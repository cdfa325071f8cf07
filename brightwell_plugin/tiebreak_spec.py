"""Parse tie-break lists such as ``PTS,BQ:preset=woc,BH/C1`` into items.

Grammar: items separated by commas; each item is ``CODE[/MOD…][:key=value…]``. Codes and
modifiers are case-insensitive (FIDE TRF writes ``bh/c1`` as well as ``BH/C1``); keys are
lower-cased; values are kept as written. A FIDE team-score qualifier (``BH:MP/C1``) is accepted
as the option ``score=MP``.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from brightwell_plugin.errors import SpecError

_CODE = re.compile(r"^[A-Za-z][A-Za-z0-9_\-]*$")
_MOD = re.compile(r"^[A-Za-z][A-Za-z0-9+\-.]*$")
_KEY = re.compile(r"^[a-z][a-z0-9_\-]*$")


class SpecItem(NamedTuple):
    text: str  # the item exactly as written (CSV/JSON column heading)
    code: str
    modifiers: tuple[str, ...] = ()
    options: tuple[tuple[str, str], ...] = ()

    def option(self, key: str, default: str | None = None) -> str | None:
        for k, v in self.options:
            if k == key:
                return v
        return default


@lru_cache(maxsize=256)  # a batch parses the same few items for every file
def parse_item(text: str) -> SpecItem:
    raw = text.strip()
    if not raw:
        raise SpecError("empty tie-break item (two commas in a row?)")
    head, *rest = raw.split(":")
    code, *mods = head.split("/")
    if not _CODE.match(code):
        raise SpecError(f"'{code}' is not a tie-break code (in '{raw}')")
    options: list[tuple[str, str]] = []
    for part in rest:
        if "=" not in part:
            flag, *more = part.split("/")
            if flag.upper() not in ("MP", "GP"):
                raise SpecError(f"'{part}' in '{raw}' is not key=value")
            options.append(("score", flag.upper()))
            mods.extend(more)
            continue
        key, value = part.split("=", 1)
        key = key.strip().lower()
        if not _KEY.match(key):
            raise SpecError(f"'{key}' is not a parameter name (in '{raw}')")
        if any(k == key for k, _ in options):
            raise SpecError(f"parameter '{key}' given twice in '{raw}'")
        options.append((key, value.strip()))
    for m in mods:
        if not _MOD.match(m):
            raise SpecError(f"'/{m}' is not a modifier (in '{raw}')")
    return SpecItem(raw, code.upper(), tuple(m.upper() for m in mods), tuple(options))


def parse_spec(text: str | list[str] | tuple[str, ...]) -> tuple[SpecItem, ...]:
    """Parse a comma-separated list (or a sequence of items)."""
    parts = text.split(",") if isinstance(text, str) else list(text)
    if isinstance(text, str) and text.strip().endswith(","):
        parts = parts[:-1]
    items = tuple(parse_item(p) for p in parts)
    if not items:
        raise SpecError("the tie-break list is empty")
    return items


NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$", re.ASCII)  # a parameter's number, as written
LARGEST = 1e15  # a parameter's number beyond it is none a tie-break means (limits.MAX_MAGNITUDE)


def spec_number(text: str) -> float:
    """A parameter's number (:data:`NUMBER`), at most :data:`LARGEST` either way."""
    if not NUMBER.match(text):
        raise SpecError(f"must be a number, not '{text[:30]}'")
    value = float(text)
    if not abs(value) <= LARGEST:
        raise SpecError(f"'{text[:30]}' is beyond the largest number a parameter holds ({LARGEST:g})")
    return value
