"""Team events as TRF-2026 text, written by hand for the tests: 001 board games from this
project's writer, then the team records (310, 352, 362, 330) a team file adds."""

from __future__ import annotations

from hypothesis import strategies as st

from brightwell_plugin.adapters.trf.format import TrfFormat
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, ScoringSystem, Side, Tournament

_OUTCOMES = [(Kind.GAME, Result.WIN), (Kind.GAME, Result.DRAW), (Kind.GAME, Result.LOSS),
             (Kind.FORFEIT_WIN, None), (Kind.FORFEIT_LOSS, None)]
_REVERSE = {Result.WIN: Result.LOSS, Result.LOSS: Result.WIN, Result.DRAW: Result.DRAW, None: None}
_OTHER = {Kind.GAME: Kind.GAME, Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN}


def team_trf(name: str, rosters: list[list[int]], rounds: list[list[tuple]], match_points=(2, 1, 0),
             colours: str = "WBWB", forfeits: tuple[tuple[str, int, int, int], ...] = ()) -> bytes:
    """A team event: ``rosters[i]`` team i+1's start numbers in board order; ``rounds[r]`` the
    board results of round r+1 as (white player, black player, kind, result of white)."""
    entries: dict[int, list[RoundEntry]] = {no: [RoundEntry(Kind.ABSENT)] * len(rounds) for team in rosters for no in team}
    for r, boards in enumerate(rounds):
        for white, black, kind, result in boards:
            entries[white][r] = RoundEntry(kind, black, result, Side.FIRST)
            entries[black][r] = RoundEntry(_OTHER[kind], white, _REVERSE[result], Side.SECOND)
    players = tuple(Player(no, f"Player {no}", tuple(entries[no]), rating=1500 + no) for team in rosters for no in team)
    t = Tournament(name, tuple(sorted(players, key=lambda p: p.start_no)), rounds=len(rounds),
                   scoring=ScoringSystem(), system="swiss")
    text = TrfFormat().dumps(t).decode("latin-1").rstrip("\r\n").replace("\r\n", "\n")
    text = text.replace("092 Individual: Swiss-System", "092 Team Swiss System")
    w, d, lost = match_points
    lines = [text, f"352 {colours}", f"362 TW {w:.1f}   TD {d:.1f}   TL {lost:.1f}"]
    for i, team in enumerate(rosters, 1):
        lines.append(f"310 {i:3d} {('Team ' + str(i)):<32} {('T' + str(i)):<5} {0:6d} {'':6} {'':6} {'':3}  "
                     + " ".join(f"{no:4d}" for no in team))
    for kind, r, a, b in forfeits:
        lines.append(f"330 {kind} {r:3d} {a:3d} {b:3d}")
    return ("\n".join(lines) + "\n").encode("latin-1")


@st.composite
def team_events(draw, max_teams=6, max_rounds=5):
    """A team Swiss of an even number of teams, every board played (or forfeited) in every round;
    returns (TRF bytes, rosters, team size)."""
    teams = draw(st.sampled_from(range(2, max_teams + 1, 2)))
    size = draw(st.integers(1, 4))
    rosters = [[t * size + b + 1 for b in range(size)] for t in range(teams)]
    rounds = []
    for _ in range(draw(st.integers(1, max_rounds))):
        order = draw(st.permutations(range(teams)))
        boards = []
        for a, b in zip(order[::2], order[1::2]):
            for board in range(size):
                white, black = (rosters[a][board], rosters[b][board]) if board % 2 == 0 else \
                    (rosters[b][board], rosters[a][board])
                kind, result = draw(st.sampled_from(_OUTCOMES))
                boards.append((white, black, kind, result))
        rounds.append(boards)
    points = draw(st.sampled_from([(2, 1, 0), (3, 1, 0)]))
    return team_trf("Generated team Swiss", rosters, rounds, points, ("WB" * size)[:size]), rosters, size
