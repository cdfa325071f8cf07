"""What the independent decoder ``chess-results-api`` (PyPI, Python >= 3.12) reads of Swiss-Manager
files, as JSON on standard output: per file its players, its pairing records and the points it
gives each player, or the error it raised. Run by tests/formats/swissmanager/test_swissmanager_oracle.py in an
interpreter that has the decoder: ``python swissmanager_oracle.py FILE...``."""

from __future__ import annotations

import json
import sys


def decode(path: str) -> dict:
    from chess_results_api.swiss_manager import load_tournament

    try:
        t = load_tournament(path)
    except ValueError as exc:  # the decoder's refusal (its SwissManagerDecodeError) is the answer
        return {"error": f"{type(exc).__name__}: {exc}"}
    points = {p.number: 0.0 for p in t.players}
    games = []
    for r in t.rounds:
        for g in r.games:
            games.append([r.number, g.white_player, g.black_player, g.result_code])
            given = g.points
            if given is None:
                continue
            if g.white_player > 0:
                points[g.white_player] += given[0]
            if g.black_player > 0 and given[1] is not None:
                points[g.black_player] += given[1]
    return {"players": [[p.number, p.last_name, p.first_name, p.rating, p.fide_id, p.federation, p.team_number]
                        for p in t.players],
            "games": games, "points": points, "pab_credit": 1.0}


if __name__ == "__main__":
    json.dump({path: decode(path) for path in sys.argv[1:]}, sys.stdout)
