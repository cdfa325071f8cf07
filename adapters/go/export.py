"""What OpenGotha's exports write for each player (``ExternalDocument.generateH9File`` and
``generateTouFile``, with ``ScoredPlayer.positionStrings`` and ``halfGamesStrings``), shared by the
EGD h9 and FFG .tou writers.

The players are those with a game, a pairing or a bye (OpenGotha leaves the others out), in
standing order, ties listed as the event lists them; the place is blank for a player tied with the
one above. A round is 8 characters: the opponent's line number in 4, the result (``+ - = ?``), then
``/`` or ``!`` (by default), the colour and the handicap, unless the event's game format is short;
a round without a game is ``   0`` with ``+``, ``=`` or ``-`` for what it was worth (the absence's
or bye's value, McMahon values when the first criterion is MMS).
"""

from __future__ import annotations

from brightwell_plugin.adapters.base import Loss, metadata
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.model import Kind, Player, RoundEntry, Side, Tournament, tie_key


def implied(p: Player) -> bool:
    """``Tournament.isPlayerImplied``: a game, a pairing or a bye in some round."""
    return any(e.kind is not Kind.ABSENT for e in p.rounds)


def lost_idle(t: Tournament) -> list:
    """An export leaves out the players with no game and no bye."""
    idle = [p for p in t.players if not implied(p)]
    if not idle:
        return []
    text = (f"{len(idle)} player(s) with no game and no bye (e.g. {idle[0].name}): not written, as OpenGotha's "
            "export leaves them out")
    return [Loss(text) if any(p.listed for p in idle) else metadata(text)]


def exported(t: Tournament) -> list[Player]:
    """The players an export lists, in standing order (stored ranks, ties as the event lists them)."""
    key = tie_key(t)
    index = {p.start_no: i for i, p in enumerate(t.players)}
    ranked = all(p.stored_rank is not None for p in t.players)
    order = sorted(t.players, key=lambda p: ((p.stored_rank, key(index[p.start_no])) if ranked
                                             else (0, index[p.start_no])))
    return [p for p in order if implied(p)]


def places(players: list[Player]) -> list[int | None]:
    """``positionStrings`` over the players listed: a place, or None when tied with the line above."""
    out: list[int | None] = []
    for i, p in enumerate(players):
        tied = i > 0 and p.stored_rank is not None and p.stored_rank == players[i - 1].stored_rank
        out.append(None if tied else i + 1)
    return out


def _settings(t: Tournament) -> dict[str, str]:
    meta = {k.split(" ", 1)[1]: v for k, v in t.metadata if k.startswith("opengotha ")}
    meta.update((k.split(" ", 1)[1], v) for k, v in t.metadata if k.startswith("go "))
    return meta


def no_game_values(t: Tournament) -> dict[str, int]:
    """Half points an absence and a bye are worth in the cells: McMahon values when the first
    criterion is MMS (``TournamentParameterSet.tournamentType``), else the NBW ones."""
    meta = _settings(t)
    family = "MMS" if t.tiebreaks[:1] == ("MMS",) else "NBW"
    absent = meta.get(f"gen{family}2ValueAbsent", "1" if family == "MMS" else "0")
    bye = meta.get(f"gen{family}2ValueBye", "2")
    return {"absent": int(absent) if absent in ("0", "1", "2") else 0, "bye": int(bye) if bye in ("0", "1", "2") else 2}


def full_cells(t: Tournament) -> bool:
    """The event's game format (DPParameterSet ``gameFormat``): short cells have no ``/``, colour, handicap."""
    return _settings(t).get("gameFormat", "full") != "short"


def cell(p: Player, r: int, line_of: dict[int, int], values: dict[str, int], full: bool,
         by_no: dict[int, Player]) -> str:
    """Round ``r`` (0-based) of ``p``, 8 characters as ``halfGamesStrings`` makes it."""
    e: RoundEntry = p.entry(r + 1)
    if e.opponent is None or e.opponent not in line_of:
        taking = dict(p.extra).get("opengotha participating", "")
        if e.kind is Kind.PAB:
            worth = values["bye"]
        elif e.kind is Kind.FULL_BYE or e.kind is Kind.FORFEIT_WIN:
            worth = 2
        elif e.kind is Kind.HALF_BYE:
            worth = 1
        elif r < len(taking) and taking[r] == "0":
            worth = values["absent"]
        else:
            worth = 0
        return "   0" + {2: "+", 1: "="}.get(worth, "-") + "   "
    if e.kind is Kind.FORFEIT_WIN or e.kind is Kind.FORFEIT_LOSS:
        res = "+" if e.kind is Kind.FORFEIT_WIN else "-"
        both = by_no[e.opponent].entry(r + 1).kind is e.kind  # both win or both lose: by default when unrated
        kind = "/" if both and e.rated else "!"
    else:
        res = {"win": "+", "loss": "-", "draw": "="}.get(e.result.value if e.result else "", "?")
        kind = "/" if e.rated or e.result is None else "!"
    colour = "b" if e.side is Side.FIRST else "w" if e.side is Side.SECOND else "?"
    tail = f"{kind}{colour}{e.handicap}" if full else ""
    return f"{line_of[e.opponent]:>4}{res}{tail}"


def times(t: Tournament) -> tuple[int, int, str] | None:
    """(basic time, EGF adjusted time, in seconds; the complementary system), from an OpenGotha
    event's settings (``Tournament.egfAdjustedTime``); None for an event without them."""
    g = {k[10:]: v for k, v in t.metadata if k.startswith("opengotha ")}
    if not digits(g.get("basicTime", "")):
        return None
    system, basic = g.get("complementaryTimeSystem", "CANBYOYOMI"), int(g["basicTime"]) * 60

    def number(key: str, default: int) -> int:
        return int(g[key]) if digits(g.get(key, "")) else default
    adjusted = basic + {"STDBYOYOMI": 45 * number("stdByoYomiTime", 30),
                        "CANBYOYOMI": 60 * number("canByoYomiTime", 300) // max(number("nbMovesCanTime", 15), 1),
                        "FISCHER": 120 * number("fischerTime", 10)}.get(system, 0)
    return basic, adjusted, system


def egf_class(t: Tournament) -> str:
    """``Tournament.egfClass``: A, B, C (D on the Internet) from the times, else X."""
    found = times(t)
    if found is None:
        return ""
    bt, at, system = found
    internet = dict(t.metadata).get("opengotha bInternet") == "true"
    fischer = system == "FISCHER"
    if internet:
        return "D" if (bt >= (1800 if fischer else 2400) and at >= 3000) else "X"
    steps = ((2700, 4500, "A"), (1800, 3000, "B"), (1200, 1800, "C")) if fischer else \
        ((3600, 4500, "A"), (2400, 3000, "B"), (1500, 1800, "C"))
    return next((c for b, a, c in steps if bt >= b and at >= a), "X")


def h9_header(t: Tournament) -> list[tuple[str, str]]:
    """An OpenGotha event's h9 header lines, as generateH9File writes them."""
    g = {k[10:]: v for k, v in t.metadata if k.startswith("opengotha ")}
    found = times(t)
    out = [("CL", egf_class(t)), ("EV", t.name), ("PC", "," + g.get("location", "")),
           ("DT", f"{t.start_date or ''},{t.end_date or ''}")]
    if digits(g.get("hdCorrection", "")) and int(g["hdCorrection"]) > 0:
        out.append(("HA", f"h{g['hdCorrection']}"))
    if "komi" in g:
        out.append(("KM", g["komi"]))
    if found:
        out.append(("TM", str(found[1] // 60)))
        out.append(("CM", {"SUDDENDEATH": "Sudden death", "STDBYOYOMI": "Standard byo-yomi",
                           "CANBYOYOMI": "Canadian byo-yomi", "FISCHER": "Fischer"}.get(found[2], "")))
    return out
