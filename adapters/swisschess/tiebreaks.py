"""Swiss-Chess's tie-break codes as the criteria here.

A code is the byte Swiss-Chess keeps in a tie-break's place of its settings (the list of its menu,
as the structure files' selection 84 numbers it). Swiss-Chess ranks a Swiss's players by their
points, the first tie-break (byte 0x26D), the second (0x23C) and, when set (byte 0x251), their wins; a
round robin's by points and the tie-breaks at 0x26E and 0x23D; a team event's teams by the three
codes at 0x263, 0x265 and 0x267 (a round robin 0x266, 0x268), whose first is the primary score. The
results a Buchholz-type tie-break discards (byte 9) are its cut. A code with no criterion here is
named in a warning, and the list is ranked without it.
"""

from __future__ import annotations

from brightwell_plugin.adapters.swisschess.layout import PLAYER_CODES, TEAM_CODES, Settings

# Swiss-Chess's names (its menu, German)
NAMES = {1: "Mannschaftspunkte", 2: "Brettpunkte", 3: "Buchholzwertung", 4: "Summenwertung", 5: "Sonneborn-Berger",
         6: "Mittlere Buchholz", 7: "Buchholzsumme", 8: "Gegner-NWZ/Elo-Mittel", 9: "Rating-Leistung (NWZ/TWZ)",
         10: "Rating-Differenz (NWZ/TWZ)", 12: "Drei-Punkte-Wertung", 13: "Drei-Punkte-Farbwertung",
         14: "Anzahl der Siege", 15: "Direkter Vergleich", 16: "Berliner Wertung", 19: "Schmuljan-Wertung"}
SONNEBORN_BERGER = 5  # its values are stored x 4, the others' x 2
BUCHHOLZ = 3
_CUT = (3, 5, 7)  # the Buchholz-type codes the discarded results cut
_PLAYERS = {2: "PTS", 3: "BH", 4: "PS", 5: "SB", 7: "BHSUM", 8: "ARO", 9: "TPR", 12: "PTS3",
            13: "PTS3:black_draw=1.5", 14: "WIN", 15: "DE"}
_TEAMS = {1: "MPTS", 2: "GPTS", 3: "BH:MP", 4: "PS:MP", 7: "BHSUM:MP", 14: "WIN", 15: "DE", 16: "BERLIN"}
_NONE = {1: "match points are a team's", 16: "it weighs a team's boards", 10: "no published definition was found",
         19: "no published definition was found"}


def describe(code: int) -> str:
    return f"tie-break {code} ({NAMES.get(code, 'not in its menu')})"


def item(code: int, cuts: int, *, team: bool) -> tuple[str | None, str | None]:
    """The criterion of ``code`` with ``cuts`` results discarded (of a team event's teams when
    ``team``), or None; and what is said of it."""
    if code == 6:
        if cuts:
            return None, f"{describe(code)} with {cuts} result(s) discarded has no modifier here"
        return ("BH/M1:MP" if team else "BH/M1"), None
    name = (_TEAMS if team else _PLAYERS).get(code)
    if name is None:
        why = _NONE.get(code) if not team or code in (10, 19) else None
        kind = "a team event's teams" if team else "players"
        return None, f"{describe(code)} has no criterion here for {kind}" + (f": {why}" if why else "")
    if code in _CUT and cuts:
        if cuts > 2:
            return None, f"{describe(code)} discards {cuts} results, which no modifier here says"
        head, colon, rest = name.partition(":")
        name = f"{head}/C{cuts}{colon}{rest}"
    return name, None


def _kind(s: Settings) -> str:
    return "round-robin" if s.mode == 1 else "swiss"


def player_list(s: Settings) -> tuple[tuple[str, ...], dict[int, str], list[str]]:
    """(the players' list, the item of each tie-break's byte whose card value is published, what is
    said of the list)."""
    items, slots, notes = ["PTS"], {}, []
    for at in PLAYER_CODES[_kind(s)]:
        code = s.codes[at]
        if not code:
            continue
        name, note = item(code, s.cuts, team=False)
        notes += [note] if note else []
        if name and name not in items:
            items.append(name)
            slots[at] = name
    if s.wins_last and s.mode == 0 and "WIN" not in items:
        items.append("WIN")
    return tuple(items), slots, notes


def team_list(s: Settings) -> tuple[tuple[str, ...], list[str]]:
    """The teams' list (its first item the primary score), and what is said of it."""
    items, notes = [], []
    for at in TEAM_CODES[_kind(s)]:
        code = s.codes[at]
        if not code:
            continue
        name, note = item(code, s.cuts, team=True)
        notes += [note] if note else []
        if name and name not in items:
            items.append(name)
    return tuple(items), notes


def stored_value(code: int, value: int) -> float:
    """A card's tie-break value as the tie-break counts it."""
    return value / (4 if code == SONNEBORN_BERGER else 2)
