"""Which player a game or a bye of an OpenGotha file names, as OpenGotha's reader finds him
(ExternalDocument.importGamesFromXMLFile, Tournament.getPlayerByKeyString and
getPlayerByObsoleteCanonicalName, Gotha.forceToASCII): a file of dataVersion 201 or more names a player
by his key (name and first name, spaces dropped, upper-cased, in the user's locale: a Turkish one is
tried too), an older file (a file without
dataVersion is 200) by his obsolete canonical name (the same with the Latin accents taken off and
anything but A-Z dropped); failing that, by the obsolete canonical name of the reference forced to
ASCII. A record whose player is not found is left out by OpenGotha, and so here, said; the format
``opengotha-all`` matches every reference a name can be told from (adapters/names.py) instead."""

from __future__ import annotations

import re

from brightwell_plugin.adapters.names import NameIndex

_LATIN = (("ÀÁÂÃÄÅ", "A"), ("Ç", "C"), ("ÈÉÊË", "E"), ("ÌÍÎÏ", "I"), ("Ñ", "N"), ("ÒÓÔÕÖØ", "O"), ("ÙÚÛÜ", "U"),
          ("Ý", "Y"))
_ASCII = _LATIN + (("àáâãäå", "a"), ("ç", "c"), ("èéêë", "e"), ("ìíîï", "i"), ("ñ", "n"), ("òóôõöø", "o"),
                   ("ùúûü", "u"), ("ý", "y"), ("ı", "i"), ("ğ", "g"), ("ş", "s"), ("Ğ", "G"), ("Ş", "S"), ("İ", "I"))


def _replace(text: str, table) -> str:
    for letters, plain in table:
        text = re.sub(f"[{letters}]", plain, text)
    return text


def force_to_ascii(text: str) -> str:
    """Gotha.forceToASCII: Latin and Turkish accents taken off, any other character above 127 a '?'."""
    return "".join(c if ord(c) <= 127 else "?" for c in _replace(text, _ASCII))


def key_string(text: str) -> str:
    """Player.computeKeyString."""
    return text.replace(" ", "").upper()


def turkish_key_string(text: str) -> str:
    """Player.computeKeyString on a Java in a Turkish locale (i upper-cased as İ, ı as I), as files made in
    Turkey are written and read."""
    return text.replace(" ", "").replace("i", "İ").replace("ı", "I").upper()


def obsolete_name(name: str, first: str) -> str:
    """Tournament.getPlayerByObsoleteCanonicalName's form of a player."""
    return re.sub(r"[^A-Z]", "", _replace((name.upper() + first.upper()).replace(" ", ""), _LATIN))


class PlayerKeys:
    """Player numbers (from 1) by the references a file's records make, OpenGotha's way or every way."""

    def __init__(self, people, version: int, every_record: bool = False):
        self.version, self.every_record = version, every_record
        self.by_key: dict[str, int] = {}
        self.obsolete: dict[str, int] = {}
        self.names = NameIndex()
        for no, p in enumerate(people, 1):
            name, first = p.get("name", ""), p.get("firstName", "")
            self.by_key.setdefault(key_string(name + first), no)
            self.by_key.setdefault(turkish_key_string(name + first), no)
            self.obsolete.setdefault(obsolete_name(name, first), no)
            self.names.add(f"{name}{first}", no)

    def find(self, ref: str) -> int | None:
        if self.every_record:
            return self.names.find(ref)
        no = self.obsolete.get(ref) if self.version <= 200 else self.by_key.get(key_string(ref), self.by_key.get(
            turkish_key_string(ref)))
        return no if no is not None else self.obsolete.get(force_to_ascii(ref).upper())
