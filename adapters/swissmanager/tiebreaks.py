"""Swiss-Manager's tie-break codes as the criteria here, for its binary files and its chess-results
upload XML alike.

The numbering is Swiss-Manager's own table "Tie-Breaks" (the one chess-results.com publishes for its
upload interface: number, name, parameters in columns I–O). A code keeps its parameters in the binary
as a 19-byte record (:func:`from_record`) and in the XML as ``tbN_detail``, the table's columns joined
by commas (:func:`from_detail`). :func:`item` gives the criterion with its modifiers, or None with the
reason; what a parameter asks that no criterion does is said, never dropped in silence.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from brightwell_plugin.adapters.swissmanager.binary import u16

from brightwell_plugin.limits import digits


@dataclass(frozen=True, slots=True)
class Parameters:
    """One tie-break's parameters, as Swiss-Manager's table names them."""

    weakest: int = 0  # results discarded from the bottom (Cut)
    strongest: int = 0  # from the top (with ``weakest``: Median)
    played: bool = False  # P: forfeited games count as played
    fore: bool = False  # F: Fore Buchholz
    type: int = 0  # the code's Type (68: WIN WON BWG BPG; 82: EMMSB EMGSB EGMSB EGGSB; 84, 86, 87: GP MP; 88: TPR APRO PTP APPO)
    number: int = 0  # 87: the limit in percent; 80, 88: the minimum rating
    unplayed: bool = False  # 80: unplayed games taken into account
    edition_2026: bool = False  # 84: valid from 1.2.2026
    rules: str = ""  # 37, 52 (and the old codes): Swiss-Manager's older rules for unplayed rounds, '' C.07's
    stated: bool = True  # False: an upload's empty ``tbN_detail``, which states no parameter at all
    unread: str = ""  # what the record holds that has no known meaning, for the message


_TYPE_IN_FLAGS = (68, 88)  # their Type is one bit of the flags byte (1, 2, 4, 8: the table's 0 to 3)
_TYPE_IN_NUMBER = (82, 84, 86)  # their Type is the record's number
_LIMIT = (80, 87, 88)  # the number is a limit or a minimum rating
_CUTS = (37, 52, 80, 82, 84, 85, 86)
_PLAYED = (68, 81, 82, 83, 84, 85, 91)
# 37, 52: byte 1 of the record. 0x08 corrects unplayed rounds as FIDE does (the Chess League Manager's
# reader of these files takes 9 and 13 for its "FIDE correction"), 0x04 by C.07 of 2023 (without it, the
# virtual opponent of 2009); 0x01 is set in every file seen, its meaning unknown
_FIDE_CORRECTION, _RULES_2023, _SET_ALWAYS = 0x08, 0x04, 0x01
SM_2009, SM_REAL = "swiss-manager-2009", "swiss-manager-real"  # criteria/swiss_manager.py's rule sets


def from_record(code: int, record: bytes) -> Parameters:
    """The parameters a binary file keeps for ``code``: byte 0 the results discarded (its low four
    bits from the bottom, its high four from the top), byte 1 flags (0x80 P; for 68 and 88 the Type
    as one bit), the u16 at 2 the Type (82, 84, 86) or the limit (80, 87, 88), byte 14 the 2026 rule.
    A record keeps what an earlier choice of its slot left: only what ``code`` has is read."""
    cuts, flags, number = record[0], record[1], u16(record, 2)
    kind, unread = 0, []
    if code in _TYPE_IN_FLAGS:
        bits = flags & 0x0F
        if bits & (bits - 1):
            unread.append(f"type bits {bits:#04x}")
        kind = bits.bit_length() - 1 if bits else 0
        if flags & 0x70:
            unread.append(f"flags {flags & 0x70:#04x}")
    elif code in (37, 52) and flags & ~(_FIDE_CORRECTION | _RULES_2023 | _SET_ALWAYS):
        unread.append(f"flags {flags & ~(_FIDE_CORRECTION | _RULES_2023 | _SET_ALWAYS):#04x}")
    elif code in _PLAYED and flags & 0x7F:
        unread.append(f"flags {flags & 0x7F:#04x}")
    return Parameters(
        weakest=cuts & 0x0F if code in _CUTS else 0, strongest=cuts >> 4 if code in _CUTS else 0,
        played=bool(flags & 0x80) and code in _PLAYED, type=number if code in _TYPE_IN_NUMBER else kind,
        number=number if code in _LIMIT else 0, edition_2026=record[14] == 1,
        rules=_old_rules(flags) if code in (37, 52) else "", unread=", ".join(unread))


def _old_rules(flags: int) -> str:
    """37's and 52's rules for unplayed rounds, from their flags: C.07's (''), the 2009 virtual
    opponent's, or none (the opponents' real points)."""
    if not flags & _FIDE_CORRECTION:
        return SM_REAL
    return "" if flags & _RULES_2023 else SM_2009


def from_detail(code: int, detail: str) -> Parameters:
    """The parameters of a chess-results upload's ``tbN_detail`` (the table's columns, comma-joined:
    84 ``0,1,0,P,-,0,1`` is GP, one discarded from the top, none from the bottom, P, no F, 2/1/0, 2026)."""
    v = [x.strip() for x in (detail or "").split(",")]
    v += [""] * (8 - len(v))

    def n(i: int) -> int:
        return int(v[i]) if digits(v[i]) else 0

    flag = {68: 1, 81: 0, 83: 1, 91: 1, 82: 3, 84: 3, 85: 3}.get(code)
    p = Parameters(played=flag is not None and v[flag].upper() == "P", stated=bool((detail or "").strip()))
    if code in (68, 82, 84, 86, 87, 88):
        p = replace(p, type=n(0))
    if code in (82, 84, 85):
        p = replace(p, strongest=n(1), weakest=n(2))
    if code == 83 or code == 91:
        p = replace(p, type=1 if v[0].upper() == "MP" else 0)
    if code == 84:
        p = replace(p, fore=v[4].upper() == "F", edition_2026=v[6] == "1")
    if code == 77:
        p = replace(p, fore=v[0].upper() == "F")
    if code == 80:
        p = replace(p, number=n(0), strongest=n(1), weakest=n(2), unplayed=v[3] == "1")
    if code == 86:
        p = replace(p, strongest=n(1))
    if code in (87, 88):
        p = replace(p, number=n(1))
    return p



# Swiss-Manager's names (its table), for what is said of a code
NAMES = {
    1: "points", 2: "Buchholz", 3: "Buchholz without one result", 4: "median Buchholz", 5: "manual input",
    6: "manual input (teams)", 7: "Sonneborn-Berger with real points", 8: "FIDE tie-break", 9: "FIDE tie-break (fine)",
    10: "rating average of the opponents", 11: "direct encounter", 12: "the greater number of victories",
    13: "match points", 14: "the teams' results in their point group", 15: "board tie-break of the whole tournament",
    16: "Buchholz of the team points and own points", 17: "Buchholz with the real points", 18: "Carasaxa",
    19: "Sonneborn-Berger with modified points", 20: "rating average without one result", 21: "performance",
    22: "Buchholz of the team points", 23: "sum of the opponents' ratings without one result",
    24: "BSV board tie-break", 25: "sum of Buchholz", 26: "imported tie-break 1", 27: "imported tie-break 2",
    28: "Buchholz (special)", 29: "median Buchholz (special)", 30: "Buchholz with real points",
    31: "median Buchholz with real points", 32: "imported tie-break 3", 33: "FIDE tie-break (no points for dropped players)",
    34: "median Buchholz (teams)", 35: "FIDE Sonneborn-Berger (teams)", 36: "rating average variable",
    37: "Buchholz variable", 38: "points + 1 for each won match", 39: "points 3/2/1/0", 40: "match points 3/1/0",
    41: "better result against the lowest starting rank", 42: "points with the qualifying rounds", 43: "play-off points",
    44: "match points variable", 45: "Koya", 46: "points + match points 3/1/0", 47: "points variable",
    48: "sum of match points variable", 49: "sum of match points without the lowest (Olympiad)",
    50: "Olympiad Sonneborn-Berger", 51: "ECU tie-break", 52: "Sonneborn-Berger variable", 53: "most black",
    54: "recursive rating performance", 55: "average recursive rating performance",
    56: "sum of match points without the lowest (Khanty-Mansiysk)", 57: "Olympiad Sonneborn-Berger without the lowest",
    58: "rating sum or progressive score (youth)", 59: "rating performance without two results",
    60: "performance variable", 61: "Arranz system", 62: "games ascending", 63: "percent", 64: "board",
    65: "games descending", 66: "ranking of their teams", 67: "Olympiad Sonneborn-Berger with all results",
    68: "the greater number of victories variable", 69: "Koya (fine)", 70: "sum of Buchholz variable",
    71: "Berlin tie-break", 72: "rating difference", 73: "Schmuljan", 74: "Olympiad Sonneborn-Berger (Chennai)",
    75: "Olympiad adjusted match points (Chennai)", 76: "special game points for white and black",
    77: "average of opponents' Buchholz", 78: "board count", 79: "rounds elected to play",
    80: "average rating of opponents", 81: "direct encounter", 82: "extended Sonneborn-Berger",
    83: "extended direct encounter", 84: "Buchholz variable (2023)", 85: "Sonneborn-Berger variable (2023)",
    86: "progressive score", 87: "Koya system", 88: "performance tie-breaks", 89: "top board results",
    90: "bottom board elimination", 91: "score and schedule strength combination", 92: "Kashdan",
}

# where Swiss-Manager's table offers each code (its columns E-F, individual events; G-H, team events)
_INDIVIDUAL = frozenset((1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 17, 18, 19, 20, 21, 23, 25, 26, 27, 28, 29, 30, 31, 32, 33, 36,
                         37, 41, 43, 45, 52, 53, 54, 55, 58, 59, 60, 61, 68, 69, 70, 76, 77, 79, 80, 81, 84, 85, 86, 87,
                         88, 92))
_TEAM = frozenset((1, 6, 7, 13, 14, 15, 16, 22, 24, 34, 35, 37, 38, 39, 40, 42, 44, 46, 47, 48, 49, 50, 56, 57, 67, 71,
                   74, 75, 76, 77, 78, 82, 83, 84, 86, 87, 89, 90, 91))
_PLAIN = {10: "ARO", 11: "DE", 12: "WIN", 13: "MPTS", 20: "ARO/C1", 21: "TPR",
          40: "MPTS", 45: "KS", 53: "BPG", 60: "TPR", 78: "BC", 79: "REP", 89: "TBR", 90: "BBE"}
_TEAM_PLAIN = {14: "DE", 22: "BH:MP", 34: "BH/M1"}
# the old Buchholz codes (historical in its table) and 37, 52: (criterion, rules for unplayed rounds)
_OLD = {2: ("BH", ""), 3: ("BH/C1", ""), 4: ("BH/M1", ""), 17: ("BH", SM_REAL), 30: ("BH", SM_REAL),
        31: ("BH/M1", SM_REAL)}
_KINDS = {68: ("WIN", "WON", "BWG", "BPG"), 82: ("EMMSB", "EMGSB", "EGMSB", "EGGSB"),
          88: ("TPR", "APRO", "PTP", "APPO")}


def describe(code: int) -> str:
    """'tie-break 61 (Arranz system)': a code as messages name it."""
    return f"tie-break {code} ({NAMES.get(code, 'not in its table')})"


def item(code: int, p: Parameters, *, team: bool, rounds: int | None) -> tuple[str | None, list[str]]:
    """The criterion Swiss-Manager's ``code`` with ``p`` is here (for a team event's teams when
    ``team``), or None; and what is said of it (a parameter no modifier carries, bits unread)."""
    notes = [f"{describe(code)}: its record's {p.unread} have no known meaning"] if p.unread else []
    if code not in (_TEAM if team else _INDIVIDUAL):
        return None, notes + [(f"{describe(code)} is not one of its {'team' if team else 'individual'} events' "
                               "(its table offers it to the other kind)")]
    if code == 1:
        return ("GPTS" if team else "PTS"), notes
    if code in _PLAIN or (team and code in _TEAM_PLAIN):
        return (_PLAIN.get(code) or _TEAM_PLAIN[code]), notes
    cuts = _cuts(p)
    if cuts is None and code in _CUTS:
        return None, notes + [(f"{describe(code)} discards {p.strongest} result(s) from the top and {p.weakest} "
                               "from the bottom, which no modifier here says")]
    if code in _OLD or code in (37, 52):
        return _old(code, p, cuts or "", notes)
    edition = "/V2026" if p.edition_2026 else "/V2024"
    score = (":MP" if p.type == 1 else ":GP") if team and p.stated else ""
    if team and not p.stated and code in (84, 86, 87):
        notes.append(f"{describe(code)} comes with no parameters (an empty detail): its Type unsaid, ranked by "
                     "the event's primary score")
    played = "/P" if p.played else ""
    if code in (84, 85):
        return ("FB" if p.fore else "BH" if code == 84 else "SB") + (score if code == 84 else "") + cuts + played \
            + edition, notes
    if code == 77:
        return "AOB" + ("/F" if p.fore else "") + edition, notes
    if code == 81:
        return "DE" + played, notes
    if code == 83:
        return f"EDE{':MP' if p.type == 1 else ':GP'}{played}", notes
    if code == 91:
        return f"SSSC{':GP' if p.type == 0 else ''}{played}", notes
    if code == 82 and p.type < 4:
        return _KINDS[82][p.type] + cuts + played + edition, notes
    if code == 68 and p.type < 4:
        if p.played != (p.type == 0):
            notes.append(f"{describe(code)} is set to count forfeited games {'as played' if p.played else 'not at all'}: "
                         f"ranked by FIDE's {_KINDS[68][p.type]} (C.07 art. 7), which "
                         f"{'counts forfeit wins' if p.type == 0 else 'counts games played over the board'}")
        return _KINDS[68][p.type], notes
    if code in (80, 88) and (code == 80 or p.type < 4):
        if code == 80 and p.unplayed:
            notes.append(f"{describe(code)} is set to count unplayed games: ranked by FIDE's ARO, over the board alone")
        name = "ARO" + cuts if code == 80 else _KINDS[88][p.type]
        return name + (f":floor={p.number}" if p.number else ""), notes
    if code == 86:
        return "PS" + score + (f"/C{p.strongest}" if p.strongest in (1, 2) else ""), notes
    if code == 87:
        return _koya(p, score, rounds, notes)
    return None, notes + [f"{describe(code)} has no criterion here"]


def _old(code: int, p: Parameters, cuts: str, notes: list[str]) -> tuple[str, list[str]]:
    """An old Buchholz code, or 37 and 52 with the rules their flags set (docs/swissmanager.md)."""
    name, rules = _OLD.get(code, (("BH" if code == 37 else "SB") + cuts, p.rules))
    if code in _OLD and not rules:
        notes.append(f"{describe(code)} is kept for old files (its table offers it no more), and how it counted "
                     "unplayed rounds no file here shows: ranked by C.07, equal to it wherever every round was played")
    elif rules == SM_REAL:
        notes.append(f"{describe(code)} counts the opponents' real points, unplayed rounds uncorrected: ranked by "
                     f"rules={SM_REAL}, a reading of its {'flags' if code in (37, 52) else 'name'} no value "
                     "Swiss-Manager published here confirms")
    elif rules == SM_2009:
        notes.append(f"{describe(code)} is set to FIDE's correction of 2009 (a virtual opponent): ranked by "
                     f"rules={SM_2009}")
    return name + (f":rules={rules}" if rules else ""), notes


def _cuts(p: Parameters) -> str | None:
    if p.strongest == 0:
        return {0: "", 1: "/C1", 2: "/C2"}.get(p.weakest)
    return {1: "/M1", 2: "/M2"}.get(p.strongest) if p.strongest == p.weakest else None


def _koya(p: Parameters, score: str, rounds: int | None, notes: list[str]) -> tuple[str | None, list[str]]:
    """KS's limit in percent of the most points, as half points above or below half of them (art. 14.5)."""
    limit = p.number or 50
    halves = (limit - 50) * 2 * (rounds or 0) / 100
    if limit == 50 or (rounds and halves == int(halves) and 1 <= abs(halves) <= 3):
        return "KS" + score + (f"/L{int(halves):+d}" if limit != 50 else ""), notes
    return None, notes + [(f"{describe(87)}'s limit of {limit}% is no whole number of half points from half of "
                           f"the most points of {rounds or 'its'} rounds")]


def event_list(codes: list[tuple[int, Parameters]], *, team: bool, rounds: int | None) -> tuple[list[str | None], list[str]]:
    """Each code's criterion (None where it has none, in the codes' order) and what is said of the list.
    Swiss-Manager ranks an individual event by its points, then by the list; a team event by the list
    alone, whose first code is its primary score (13 match points, 1 game points)."""
    items, notes = [], []
    for code, p in codes:
        text, said = item(code, p, team=team, rounds=rounds)
        items.append(text)
        notes += said
    if notes:
        notes = list(dict.fromkeys(notes))  # two slots of one code and record say it once
        notes.append(f"list, as ranked here: {','.join(ranked_list(items, team=team)) or 'none'} (codes "
                     f"{', '.join(str(c) for c, _ in codes)})")
    return items, notes


def ranked_list(items: list[str | None], *, team: bool) -> tuple[str, ...]:
    """The list the event is ranked by: the points first for an individual event (a code 1 among the
    tie-breaks is the same points again, left out)."""
    kept = [x for x in items if x]
    if team:
        return tuple(kept)
    return ("PTS",) + tuple(x for x in kept if x != "PTS")
