"""A Sharly-Chess tournament's tie-breaks as this project's items. Sharly names each by a type and
options (data/tie_breaks: ``BUCHHOLZ`` with ``{"CUTTER_WITH_MEDIAN": "CUT_1"}`` is FIDE's ``BH/C1``, as
its TRF export writes it, and so in a TRF written from the event); its FFE plugin's are Papi's
(``ffe-PAPI_BUCHHOLZ`` with a type, and before Sharly-Chess 4 ``ffe-PAPI_BUCHHOLZ_CUT_BOTTOM`` and
``ffe-PAPI_MEDIAN_BUCHHOLZ``). Before Sharly-Chess 3.1 (migration m054) the list is the tournament's
``tie_breaks`` column, a JSON list of the same. Where Sharly computes a FIDE tie-break its own way
(its direct encounter's values, its performance's rounding) the item is the criterion's ``sharly``
preset; its manual tie-break is ``OTHER_MAN``.

The list ranked is Sharly's valid list (data/tournament.py ``tie_breaks``), in its order: a
tie-break its pairing system does not allow (Buchholz, the rating tie-breaks and Papi's Buchholz
and performance in a round robin, Koya in a Swiss), a rating tie-break when a player's rating is 0
or (unless its option allows estimates) an estimate, the same tie-break twice, a direct encounter
right after another, and a tie-break of the FFE plugin in an event without it are left out, said.
Migration m082 marks every Buchholz and Sonneborn-Berger of an older file as of the rules before
March 2026 (``LEGACY_03_2026``): so is every one of a file before it (``/V2024``)."""

from __future__ import annotations

from dataclasses import dataclass

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
# computed Sharly's way: the criterion's sharly preset (rules=sharly)
SHARLYS = frozenset({"DE", "ARO", "TPR", "BH", "FB", "SB", "KS", "REP"})
_SILENT = frozenset({"ESTIMATED_RATINGS", "NORMALIZATION_FACTOR", "TEAM_SCORE"})
_LEGACY = frozenset({"BUCHHOLZ", "SONNEBORN_BERGER", "AVERAGE_OF_BUCHHOLZ", "SUM_OF_BUCHHOLZ", "FORE_BUCHHOLZ"})
_RATINGS = frozenset({"AVERAGE_RATING_OPPONENTS", "TOURNAMENT_PERFORMANCE_RATING", "AVERAGE_PERFORMANCE_RATING_OPPONENTS",
                      "PERFECT_TOURNAMENT_PERFORMANCE", "AVERAGE_PERFECT_PERFORMANCE", "RATING"})
# not in a round robin: the Buchholz family, the rating tie-breaks, Papi's built on them (forbidden_pairing_systems)
_NOT_ROUND_ROBIN = _RATINGS | {"BUCHHOLZ", "FORE_BUCHHOLZ", "AVERAGE_OF_BUCHHOLZ", "SUM_OF_BUCHHOLZ", "ffe-PAPI_BUCHHOLZ",
                               "ffe-PAPI_BUCHHOLZ_CUT_BOTTOM", "ffe-PAPI_MEDIAN_BUCHHOLZ", "ffe-PAPI_PERFORMANCE",
                               "ffe-PAPI_BUCHHOLZ_SUM"}
_NOT_SWISS = frozenset({"KOYA"})


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
    return "/".join([code, *modifiers]) + (":preset=sharly" if code in SHARLYS else ""), notes


@dataclass(frozen=True, slots=True)
class Validity:
    """What decides which of a tournament's tie-breaks Sharly ranks by."""

    round_robin: bool = False
    unrated: int = 0  # players Sharly rates 0
    estimated: int = 0  # players Sharly rates by an estimate (or the FFE's default)
    legacy: bool = False  # a file before migration m082
    ffe: bool = True  # the FFE plugin is enabled for the event


def event_list(entries: list[tuple[str, dict]], validity: Validity = Validity()) -> tuple[tuple[str, ...], list[str]]:
    """The standings order: points, then each tie-break Sharly ranks by that this project knows;
    what it does not, and what Sharly leaves out, said."""
    items, unknown, ignored, dropped = ["PTS"], [], [], []
    kept: list[tuple[str, str]] = []  # (type, code) of the tie-breaks Sharly keeps, known or not
    for kind, options in entries:
        options = dict(options) if isinstance(options, dict) else {}
        if validity.legacy and kind in _LEGACY:
            options["LEGACY_03_2026"] = True  # migration m082
        code, notes = item(kind, options)
        why = _invalid(kind, options, code or kind, kept, validity)
        if why:
            dropped.append(f"{code.split(':')[0] if code else kind} ({why})")
            continue
        kept.append((kind, code or f"{kind} {sorted(options.items(), key=str)}"))
        if code is None:
            unknown += notes
        else:
            items.append(code)
            ignored += notes
    notes = [f"tie-break(s) this project does not compute, left out of the list: {', '.join(unknown)}"] if unknown else []
    if ignored:
        notes.append(f"tie-break setting(s) not known here, not followed: {', '.join(ignored)}")
    if dropped:
        notes.append(f"tie-break(s) Sharly-Chess does not rank by in this tournament, left out as it leaves them out: "
                     f"{', '.join(dropped)}")
    return tuple(items), notes


def _invalid(kind: str, options: dict, code: str, kept: list[tuple[str, str]], v: Validity) -> str:
    """Why Sharly leaves a tie-break out of the list (``tie_breaks_invalid_messages``), or ''."""
    if kind.startswith("ffe-") and not v.ffe:
        return "the FFE plugin is not enabled for the event"
    if kind in (_NOT_ROUND_ROBIN if v.round_robin else _NOT_SWISS):
        return "not with a round robin" if v.round_robin else "a round robin's only"
    if kind in _RATINGS and v.unrated:
        return f"{v.unrated} player(s) rated 0"
    if kind in _RATINGS and v.estimated and options.get("ESTIMATED_RATINGS") is not True:
        return f"{v.estimated} player(s) with an estimated rating"
    if kind == "DIRECT_ENCOUNTER":
        return "right after another direct encounter" if kept and kept[-1][0] == kind else ""
    return "the same tie-break again" if any(code == other for _, other in kept) else ""
