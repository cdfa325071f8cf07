"""Matching players by name, safe for any script: Turkish dotted and dotless i, German sharp s,
CJK, precomposed or combining accents.

A program that writes a reference by name (OpenGotha's ``blackPlayer="YİLMAZSARP_EGE"``: name and
first name upper-cased by Java in the user's locale, spaces dropped) and the name as typed
("Yilmaz", "Sarp_Ege") need not agree on case or on how an accent is encoded. Names are matched by
their casefolded NFC form; failing that, by a looser form without accents and with the Turkish
dotless i read as i, when that form names a single player.
"""

from __future__ import annotations

import unicodedata


def strict_key(text: str) -> str:
    """Case and Unicode normalisation form do not matter; spaces are dropped."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", text).casefold()).replace(" ", "")


def loose_key(text: str) -> str:
    """Also without accents and dots (İ, ı and i are one letter)."""
    decomposed = unicodedata.normalize("NFKD", strict_key(text).replace("ı", "i"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class NameIndex:
    """Values by name; ``find`` tries the strict key, then the loose key if it is not shared."""

    def __init__(self) -> None:
        self._strict: dict[str, object] = {}
        self._loose: dict[str, list[object]] = {}

    def add(self, name: str, value) -> bool:
        """False when another value has the same strict key already."""
        k = strict_key(name)
        if k in self._strict:
            return False
        self._strict[k] = value
        self._loose.setdefault(loose_key(name), []).append(value)
        return True

    def find(self, name: str):
        """The value for ``name``, or None."""
        k = strict_key(name)
        if k in self._strict:
            return self._strict[k]
        found = self._loose.get(loose_key(name), [])
        return found[0] if len(found) == 1 else None
