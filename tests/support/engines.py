"""The open pairing engines on PyPI as readers of the TRF this project writes (test extras):
py4swiss (Dutch), caissify-pairings (Dutch, with its pairings checker) and pairing-core (Dutch,
the 2026-01-31 ruleset). Each reads a file's players and points, and pairs the round after the
rounds it holds (the file's XXR/142 raised by one when it holds every planned round).

An engine that refuses a file raises :class:`Refused` with its own message; an event that admits no
pairing (a small round robin at its end, say) gives None."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

Pairs = frozenset  # of (white, black), black 0 for the pairing-allocated bye


class Refused(Exception):
    """The engine would not read the file (or pair from it): its own message."""


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", errors="replace")


def played_rounds(text: str) -> int:
    """The rounds a TRF's 001 lines hold."""
    return max(((len(line.rstrip()) - 91 + 2) // 10 for line in text.splitlines() if line.startswith("001")),
               default=0)


def with_next_round(text: str) -> str:
    """The file with its planned rounds (XXR and 142) one past the rounds it holds."""
    rounds = played_rounds(text) + 1
    lines = [line for line in text.splitlines() if not line.startswith(("XXR", "142"))]
    return "\n".join([lines[0], f"142 {rounds}", f"XXR {rounds}"] + lines[1:]) + "\n"


# -- py4swiss -----------------------------------------------------------------------------------------

def _py4swiss_parse(path: Path):
    from py4swiss.trf import TrfParser
    try:
        return TrfParser.parse(path)  # as its command line reads (strict mode refuses TRF-2026's records)
    except Exception as exc:  # its ParsingError, LineError, ConsistencyError: the engine's verdict
        raise Refused(f"py4swiss: {exc}") from None


def py4swiss_points(path: Path) -> dict[int, float]:
    trf = _py4swiss_parse(path)
    return {p.starting_number: p.points_times_ten / 10 for p in trf.player_sections}


def py4swiss_pairs(path: Path, folder: Path) -> Pairs | None:
    from py4swiss.engines import DutchEngine
    nxt = folder / f"{path.stem}.py4swiss.trf"
    nxt.write_text(with_next_round(_text(path)), encoding="utf-8")
    trf = _py4swiss_parse(nxt)
    try:
        pairs = DutchEngine.generate_pairings(trf)
    except Exception as exc:
        if "no valid pairing" in str(exc).lower() or "pairing" in type(exc).__name__.lower():
            return None
        raise Refused(f"py4swiss: {type(exc).__name__}: {exc}") from None
    return frozenset((p.white, p.black) for p in pairs)


# -- caissify-pairings --------------------------------------------------------------------------------

def _caissify_players(path: Path) -> dict[int, dict]:
    from caissify_pairings.trf import TRFParser
    try:
        parsed = TRFParser(_text(path)).parse()
    except Exception as exc:  # its TRFError family
        raise Refused(f"caissify-pairings: {exc}") from None
    return {p["starting_number"]: p for p in parsed["players"]}


def caissify_points(path: Path) -> dict[int, float]:
    return {no: float(p.get("score") or 0) for no, p in _caissify_players(path).items()}


def caissify_pairs(path: Path, folder: Path) -> Pairs | None:
    """The next round as its pairings checker pairs a round from the ones before (caissify_pairings.fpc)."""
    from caissify_pairings import fpc
    from caissify_pairings.engines.dutch import DutchEngine
    players = _caissify_players(path)
    rnd = played_rounds(_text(path)) + 1
    try:
        out = DutchEngine(players=fpc._build_engine_players(players, rnd),
                          previous_pairings=fpc._build_previous_pairings(players, rnd), round_number=rnd,
                          total_rounds=rnd, initial_color=fpc._infer_initial_color(players)).generate_pairings()
    except Exception as exc:
        if "no valid" in str(exc).lower() or "perfect matching" in str(exc).lower():
            return None
        raise Refused(f"caissify-pairings: {type(exc).__name__}: {exc}") from None
    return frozenset((p["white"], p.get("black") or 0) for p in fpc._normalise_engine_output(out))


# -- pairing-core -------------------------------------------------------------------------------------

def _pairing_core_input(path: Path):
    from pairing_core.adapters.trf import parse_trf
    try:
        return parse_trf(_text(path))
    except Exception as exc:  # its InvalidRequestError
        raise Refused(f"pairing-core: {exc}") from None


# the search steps pairing-core may take for one round (its own default: 2,000,000, a minute on a
# bracket it then gives up on; a test that meets its limit says so and skips)
PAIRING_CORE_STEPS = 300_000


def pairing_core_points(path: Path) -> dict[int, float]:
    return {p.pairing_id: p.points for p in _pairing_core_input(path).players}


def pairing_core_pairs(path: Path, folder: Path) -> Pairs | None:
    """The next round from its TRF reading: each player's points, colours, opponents, pairing-allocated
    bye and floats (a float: a game against an opponent of another score before the round)."""
    from pairing_core import ExecutionBudgets
    from pairing_core.api import EngineRequest, pair
    from pairing_core.models import PlayerData
    read = _pairing_core_input(path)
    score = {p.pairing_id: [0.0] for p in read.players}
    value = {"1": 1.0, "+": 1.0, "W": 1.0, "F": 1.0, "U": 1.0, "=": .5, "D": .5, "H": .5}
    rounds = max((len(p.rounds) for p in read.players), default=0)
    for r in range(rounds):
        for p in read.players:
            got = value.get(p.rounds[r].result, 0.0) if r < len(p.rounds) else 0.0
            score[p.pairing_id].append(score[p.pairing_id][-1] + got)
    players = []
    for p in read.players:
        colours, floats, met, bye = "", "", set(), False
        for r, x in enumerate(p.rounds):
            played = x.opponent is not None and x.color in ("w", "b")
            colours += x.color if played and x.result not in ("+", "-") else "-"
            if x.opponent:
                met.add(x.opponent)
                mine, theirs = score[p.pairing_id][r], score[x.opponent][r]
                floats += "D" if mine > theirs else "U" if mine < theirs else "-"
            else:
                floats += "D" if x.result == "U" else "-"
            bye = bye or x.result == "U"
        players.append(PlayerData(id=p.pairing_id, pairing_no=p.pairing_id, rating=p.rating, points=p.points,
                                  color_hist=colours, opponents=frozenset(met), received_bye=bye,
                                  float_hist=floats))
    try:
        result = pair(EngineRequest(players=players, ruleset="dutch-till2026-compat", round_number=rounds + 1,
                                    budgets=ExecutionBudgets(max_steps=PAIRING_CORE_STEPS)))
    except Exception as exc:
        if "Impossible" in type(exc).__name__:  # no legal pairing: the event is at its end
            return None
        raise Refused(f"pairing-core: {type(exc).__name__}: {exc}") from None
    return frozenset((c.white_id, c.black_id or 0) for c in result.pairings)


@dataclass(frozen=True)
class Engine:
    name: str
    points: Callable[[Path], dict[int, float]]
    pairs: Callable[[Path, Path], Pairs | None]


ENGINES = (Engine("py4swiss", py4swiss_points, py4swiss_pairs),
           Engine("caissify-pairings", caissify_points, caissify_pairs),
           Engine("pairing-core", pairing_core_points, pairing_core_pairs))
TITLE = re.compile(r"^(GM|IM|WGM|FM|WIM|CM|WFM|WCM)$")
