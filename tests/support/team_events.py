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
             colours: str = "WBWB", forfeits: tuple[tuple[str, int, int, int], ...] = (),
             orders: tuple[tuple[int, int, int, tuple[int, ...]], ...] = (),
             byes: tuple[tuple[str, int, int], ...] = (), pab: tuple[float, float] = (1, 2),
             penalties: tuple[tuple[int, float, float, int], ...] = (), whole: bool = False) -> bytes:
    """A team event: ``rosters[i]`` team i+1's start numbers in board order; ``rounds[r]`` the
    board results of round r+1 as (white player, black player, kind, result of white); ``black``
    None for a board the other team left empty. ``byes``: (kind, round, team), a team's bye of
    kind P (pairing-allocated: 320, worth ``pab`` match and game points), F, H or Z (240);
    ``penalties``: (team, match points, game points, round), a 299 penalty or bonus; ``whole``:
    362's match points written without decimals (``TW 3     TD 1``)."""
    entries: dict[int, list[RoundEntry]] = {no: [RoundEntry(Kind.ABSENT)] * len(rounds) for team in rosters for no in team}
    for r, boards in enumerate(rounds):
        for white, black, kind, result in boards:
            if black is None:
                entries[white][r] = RoundEntry(Kind.FULL_BYE)
                continue
            entries[white][r] = RoundEntry(kind, black, result, Side.FIRST)
            entries[black][r] = RoundEntry(_OTHER[kind], white, _REVERSE[result], Side.SECOND)
    players = tuple(Player(no, f"Player {no}", tuple(entries[no]), rating=1500 + no) for team in rosters for no in team)
    t = Tournament(name, tuple(sorted(players, key=lambda p: p.start_no)), rounds=len(rounds),
                   scoring=ScoringSystem(), system="swiss")
    text = TrfFormat().dumps(t).decode("latin-1").rstrip("\r\n").replace("\r\n", "\n")
    text = text.replace("092 Individual: Swiss-System", "092 Team Swiss System")
    w, d, lost = match_points
    lines = [text, f"352 {colours}", f"362 TW {w:<3}   TD {d:<3}   TL {lost:<3}" if whole else
             f"362 TW {w:.1f}   TD {d:.1f}   TL {lost:.1f}"]
    for i, team in enumerate(rosters, 1):
        lines.append(f"310 {i:3d} {('Team ' + str(i)):<32} {('T' + str(i)):<5} {0:6d} {'':6} {'':6} {'':3}  "
                     + " ".join(f"{no:4d}" for no in team))
    for kind, r, a, b in forfeits:
        lines.append(f"330 {kind} {r:3d} {a:3d} {b:3d}")
    for kind in "FHZ":
        for r in range(1, len(rounds) + 1):
            teams = [team for k, rr, team in byes if k == kind and rr == r]
            if teams:
                lines.append(f"240 {kind} {r:3d} " + " ".join(f"{team:4d}" for team in teams))
    given = {r: team for k, r, team in byes if k == "P"}
    if given:
        lines.append(f"320 {pab[0]:4.1f} {pab[1]:4.1f}" + "".join(
            f" {given[r]:3d}" if r in given else "    " for r in range(1, len(rounds) + 1)))
    for team, mp, gp, r in penalties:  # 299: type blank, MP 8-11, GP 14-17, round 20-22, team 24-27
        lines.append(f"299    {mp:4.1f}  {gp:4.1f}  {r:3d} {team:4d}")
    for r, team, other, players in orders:  # 300: a team's players board by board (0: a board left empty)
        lines.append(f"300 {r:3d} {team:3d} {other:3d} " + " ".join(f"{no:4d}" for no in players))
    return ("\n".join(lines) + "\n").encode("latin-1")


@st.composite
def team_events(draw, max_teams=6, max_rounds=5):
    """A team Swiss, every board played (or forfeited) in every round, and with an odd number of
    teams a bye each round (pairing-allocated, full, half or zero); without byes and penalties, its
    match points written with or without decimals; returns (TRF bytes, rosters, team size)."""
    teams = draw(st.integers(2, max_teams))
    size = draw(st.integers(1, 4))
    rosters = [[t * size + b + 1 for b in range(size)] for t in range(teams)]
    rounds, byes = [], []
    for r in range(1, draw(st.integers(1, max_rounds)) + 1):
        order = draw(st.permutations(range(teams)))
        if teams % 2:
            byes.append((draw(st.sampled_from("PFHZ")), r, order[-1] + 1))
        boards = []
        for a, b in zip(order[::2], order[1::2]):
            for board in range(size):
                white, black = (rosters[a][board], rosters[b][board]) if board % 2 == 0 else \
                    (rosters[b][board], rosters[a][board])
                kind, result = draw(st.sampled_from(_OUTCOMES))
                boards.append((white, black, kind, result))
        rounds.append(boards)
    points = draw(st.sampled_from([(2, 1, 0), (3, 1, 0)]))
    pab = (points[1], size / 2) if draw(st.booleans()) else (points[0], float(size))
    penalties = draw(st.lists(st.tuples(st.integers(1, teams), st.sampled_from([-2.0, -1.0, 0.0, 1.0]),
                                        st.sampled_from([-1.5, -0.5, 0.0, 1.0]), st.integers(1, len(rounds))),
                              max_size=2))
    whole = not byes and not penalties and draw(st.booleans())  # a bye's and a 299's points are written with one
    return team_trf("Generated team Swiss", rosters, rounds, points, ("WB" * size)[:size], byes=tuple(byes),
                    pab=pab, penalties=tuple(penalties), whole=whole), rosters, size
