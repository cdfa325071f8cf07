"""pairgoth ``.tour`` files written here from pairgoth's layout (``Tournament.toFullJson``,
``Player.toMutableJson``, ``Game.toJson``, ``Pairing.toJson``, pretty-printed as its FileStore saves
them): the club event :func:`club`, every result symbol, both byes' forms, a handicap, a skipped round,
a preliminary registration, a McMahon correction, a declared rank the rating does not give, a round
in progress and a stored round without a game. Values after round 4, counted by hand, are in
tests/formats/go/test_pairgoth.py."""

from __future__ import annotations

import json

# id, name, first name, rating, declared rank, extra members (pairgoth writes what is not a default)
PLAYERS = [
    (11, "Alpha", "Ann", 2250, 2, {}),                    # 3d: 2d by the bar
    (12, "Beta", "Bob", 2080, 1, {}),                     # declared 2d, the rating gives 1d
    (14, "Gamma", "Cid", 1550, -5, {"mmsCorrection": 1}),
    (15, "Delta", "Dee", -500, -25, {"ffg": "1234567"}),  # 25k: 20k by the floor
    (17, "Epsilon", "Eve", 1250, -8, {"skip": [2], "egf": "12345678\n"}),
    (18, "Zeta", "Zoe", 1000, -11, {"final": False}),     # preliminary: no game
]
# per round: (game id, table, white, black, handicap, result); 0 is pairgoth's bye player
GAMES = [
    [(1, 1, 11, 12, 0, "b"), (2, 2, 14, 15, 3, "w"), (3, 0, 17, 0, 0, "w")],  # a bye as pairgoth pairs it
    [(4, 1, 11, 14, 0, "="), (5, 2, 12, 15, 0, "#")],                         # Eve sits out round 2
    [(6, 1, 11, 17, 0, "0"), (7, 2, 12, 14, 0, "X"), (8, 0, 0, 15, 0, "b")],  # a bye as imported from OpenGotha
    [(9, 1, 11, 15, 2, "b"), (10, 2, 14, 17, 0, "?")],                        # in progress; Bob unpaired
    [],                                                                       # stored, not paired
]
SETTINGS = {"type": "INDIVIDUAL", "name": "Club McMahon", "shortName": "club-mm", "startDate": "2026-03-07",
            "endDate": "2026-03-08", "director": "", "country": "fr", "location": "Lyon", "online": False,
            "komi": 7.5, "rules": "FRENCH", "gobanSize": 19,
            "timeSystem": {"type": "FISCHER", "mainTime": 2700, "increment": 20, "maxTime": 0}, "rounds": 5}


def pairing(kind: str = "MAC_MAHON", placement=("MMS", "SOSM", "SOSOSM"), **main) -> dict:
    """``Pairing.toJson`` with pairgoth's default weights; ``main`` sets members of its ``main`` object."""
    return {
        "type": kind,
        "base": {"nx1": 0.5, "dupWeight": 5.0e14, "random": 0.0, "deterministic": True,
                 "colorBalanceWeight": 1000000.0},
        "main": {"catWeight": 0.0, "scoreWeight": 1.0e11, "upDownWeight": 1.0e8, "upDownCompensate": True,
                 "upDownLowerMode": "MIDDLE", "upDownUpperMode": "MIDDLE", "maximizeSeeding": 5000000.0,
                 "firstSeedLastRound": 2, "firstSeed": "SPLIT_AND_RANDOM", "secondSeed": "SPLIT_AND_FOLD",
                 "firstSeedAddCrit": "RATING", "secondSeedAddCrit": "NONE", "mmsValueAbsent": 0.5,
                 "roundDownScore": True, "sosValueAbsentUseBase": True, **main},
        "secondary": {"barThreshold": True, "rankThreshold": 0, "winsThreshold": True, "secWeight": 1.0e11},
        "geo": {"weight": 1.0e11, "mmsDiffCountry": 1, "mmsDiffClubGroup": 2, "mmsDiffClub": 3},
        "handicap": {"weight": 0.0, "useMMS": True, "threshold": 0, "correction": 1, "ceiling": 9},
        "placement": list(placement),
        **({"mmFloor": -20, "mmBar": 1} if kind == "MAC_MAHON" else {}),
    }


def player(pid: int, name: str, first: str, rating: int, rank: int, extra: dict) -> dict:
    out = {"id": pid, "name": name, "firstname": first, "rating": rating, "rank": rank, "country": "FR",
           "club": "69Ly", "final": extra.get("final", True)}
    out.update((k, v) for k, v in extra.items() if k != "final")
    return out


def game(gid: int, table: int, white: int, black: int, handicap: int, result: str) -> dict:
    return {"id": gid, "t": table, "w": white, "b": black, "h": handicap, "r": result}


def document(players=PLAYERS, games=GAMES, **changes) -> dict:
    """The club event as pairgoth's ``toFullJson`` holds it, with top-level members changed."""
    doc = {**SETTINGS, "pairing": pairing(), "players": [player(*p) for p in players],
           "games": [[game(*g) for g in r] for r in games]}
    doc.update(changes)
    return doc


def text(doc: dict) -> str:
    """As pairgoth's FileStore writes it: pretty-printed, two spaces, ``"key" : value``."""
    return json.dumps(doc, indent=2, separators=(",", " : "), ensure_ascii=False) + "\n"


def club() -> str:
    """fixtures/pairgoth/club.tour."""
    return text(document())
