"""A Sharly-Chess tournament's tie-breaks as this project's items. Sharly names each by a type and
options (data/tie_breaks: ``BUCHHOLZ`` with ``{"CUTTER_WITH_MEDIAN": "CUT_1"}`` is FIDE's ``BH/C1``, as
its TRF export writes it, and so in a TRF written from the event); its FFE plugin's are Papi's (``ffe-PAPI_BUCHHOLZ`` with a type, and before
Sharly-Chess 4 ``ffe-PAPI_BUCHHOLZ_CUT_BOTTOM`` and ``ffe-PAPI_MEDIAN_BUCHHOLZ``). Before Sharly-Chess
3.1 (migration m054) the list is the tournament's ``tie_breaks`` column, a JSON list of the same."""

from __future__ import annotations

FIDE = {"WINS": "WIN", "GAMES_WON": "WON", "GAMES_PLAYED_WITH_BLACK": "BPG", "GAMES_WON_WITH_BLACK": "BWG",
        "PROGRESSIVE_SCORES": "PS", "ROUNDS_ELECTED_TO_PLAY": "REP", "STANDARD_POINTS": "STD",
        "PAIRING_NUMBER": "TPN", "BUCHHOLZ": "BH", "FORE_BUCHHOLZ": "FB", "AVERAGE_OF_BUCHHOLZ": "AOB",
        "SONNEBORN_BERGER": "SB", "KOYA": "KS", "AVERAGE_RATING_OPPONENTS": "ARO",
        "TOURNAMENT_PERFORMANCE_RATING": "TPR", "AVERAGE_PERFORMANCE_RATING_OPPONENTS": "APRO",
        "PERFECT_TOURNAMENT_PERFORMANCE": "PTP", "AVERAGE_PERFECT_PERFORMANCE": "APPO", "RATING": "RTNG",
        "DIRECT_ENCOUNTER": "DE", "MANUAL": "OTHER_MAN"}
# Papi's, by the names Sharly-Chess's TRF export writes (criteria/papi.py computes them by these names)
PAPI = {"PAPI_BUCHHOLZ": "OTHER_PAPI_BUCHHOLZ_STANDARD", "PAPI_BUCHHOLZ_CUT_BOTTOM": "OTHER_PAPI_BUCHHOLZ_CUT",
        "PAPI_MEDIAN_BUCHHOLZ": "OTHER_PAPI_BUCHHOLZ_MEDIAN", "PAPI_PERFORMANCE": "OTHER_PAPI_PERFORMANCE",
        "PAPI_KASHDAN": "OTHER_PAPI_KASHDAN", "PAPI_BUCHHOLZ_SUM": "OTHER_PAPI_BUCHHOLZ_SUM"}
PAPI_TYPES = {"STANDARD": "OTHER_PAPI_BUCHHOLZ_STANDARD", "CUT": "OTHER_PAPI_BUCHHOLZ_CUT",
              "MEDIAN": "OTHER_PAPI_BUCHHOLZ_MEDIAN"}
OTHER_FFE = {"BERLIN": "OTHER_FFE_BERLIN", "GP-DIFFERENTIAL": "OTHER_FFE_GP_DIFF", "GP-FOR": "OTHER_FFE_GP_FOR",
             "OWN-AVG-ELO": "OTHER_FFE_OWN_ELO"}  # named as Sharly's TRF export names them
EDITIONED = frozenset({"BH", "FB", "AOB", "SB"})  # the codes whose unplayed rounds follow C.07's edition
_SILENT = frozenset({"ESTIMATED_RATINGS", "NORMALIZATION_FACTOR", "TEAM_SCORE"})


def item(kind: str, options: dict) -> tuple[str | None, list[str]]:
    """The item for one of Sharly's tie-breaks (None: one this project does not know), and what was
    said of it."""
    notes: list[str] = []
    if kind.startswith("ffe-"):
        sub = kind[4:]
        if sub == "PAPI_BUCHHOLZ" and "ffe-PAPI_BUCHHOLZ_TYPE" in options:
            code = PAPI_TYPES.get(str(options["ffe-PAPI_BUCHHOLZ_TYPE"]))
            return code, [] if code else [f"{kind} of type {options['ffe-PAPI_BUCHHOLZ_TYPE']!r}"]
        code = PAPI.get(sub) or OTHER_FFE.get(sub)
        return code, [] if code else [kind]
    code = FIDE.get(kind)
    if code is None:
        return None, [kind]
    modifiers = []
    for key, value in options.items():
        if key in ("CUTTER", "CUTTER_WITH_MEDIAN"):
            cut = str(value)
            if cut.startswith(("CUT_", "MEDIAN_")) and cut.split("_")[1].isdigit():
                modifiers.append(("C" if cut.startswith("CUT_") else "M") + cut.split("_")[1])
            elif cut != "NO_CUT":
                notes.append(f"{kind}'s cut {cut!r}")
        elif key in ("PLAYED_MODIFIER", "FORE_MODIFIER", "REVERSED"):
            if value is True:
                modifiers.append({"PLAYED_MODIFIER": "P", "FORE_MODIFIER": "F", "REVERSED": "R"}[key])
        elif key == "KOYA_LIMIT":
            if isinstance(value, int) and not isinstance(value, bool) and value:
                modifiers.append(f"L{'+' if value > 0 else '-'}{abs(value)}")
        elif key == "LEGACY_03_2026":
            if value is True and code in EDITIONED:
                modifiers.append("V2024")
        elif key not in _SILENT:
            notes.append(f"{kind}'s option {key}")
    return "/".join([code, *modifiers]), notes


def event_list(entries: list[tuple[str, dict]]) -> tuple[tuple[str, ...], list[str]]:
    """The standings order: points, then each tie-break this project knows; what it does not, said."""
    items, unknown, ignored = ["PTS"], [], []
    for kind, options in entries:
        code, notes = item(kind, options if isinstance(options, dict) else {})
        if code is None:
            unknown += notes
        else:
            items.append(code)
            ignored += notes
    notes = [f"tie-break(s) this project does not compute, left out of the list: {', '.join(unknown)}"] if unknown else []
    if ignored:
        notes.append(f"tie-break setting(s) not known here, not followed: {', '.join(ignored)}")
    return tuple(items), notes
