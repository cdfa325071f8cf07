"""The loop a pairing program runs, end to end (docs/pairing-software.md): from an event's players, an
open pairing engine pairs round r from the TRF this project writes, the results are entered, the
event is ranked and written again, and so on to the last round. After every round the standings are
FIDE's checker's (gacrux) on the same TRF, and the engine reads the written file's points as this
project ranks them. The same loop for a Go event: each round's event written as OpenGotha XML, read
back and ranked as OpenGotha's own code ranked it after rounds 1 and 2 (its stored answers)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from support import opengotha_oracle as oracle
from support.engines import ENGINES
from support.gacrux_oracle import as_number, gacrux_values
from support.samples import ABSENT, research

from brightwell_plugin import api
from brightwell_plugin.fast import new_entry
from brightwell_plugin.model import Kind, Player, Result, Side, Tournament

CODES = ["PTS", "BH/C1", "BH", "SB", "PS"]
REAL = research("formats", "trf_samples", "tec_swiss_exercise_16p5r.trf")
GENERATED = research("programs", "opengotha", "generated")
EARLY = research("programs", "opengotha", "standings-rounds-1-2")


def _club(rounds: int = 5) -> Tournament:
    """Fourteen players and their ratings, no round played."""
    players = tuple(Player(no, f"Player {no:02}", rating=2300 - 37 * no) for no in range(1, 15))
    return Tournament("Club Swiss", players, rounds=rounds, game="chess", start_date="2026-03-01")


def _players_of(path: Path) -> Tournament:
    """A real event's players, ratings and planned rounds, before its first round."""
    t = api.load(path).tournament
    return replace(t, players=tuple(replace(p, rounds=(), stored_points=None, stored_rank=None, withdrawn_after=None,
                                            late_entry=None) for p in t.players), tiebreaks=(), origin=None)


def _result(t: Tournament, white: int, black: int, r: int) -> Result:
    """White's result, as the boards of a club night might give it: the higher rated wins unless
    the ratings are within 60 points (a draw) or the board is one of every fifth (an upset)."""
    a, b = t.player(white).rating or 0, t.player(black).rating or 0
    if (white + black + r) % 5 == 0:
        return Result.WIN if a < b else Result.LOSS
    return Result.DRAW if abs(a - b) < 60 else Result.WIN if a > b else Result.LOSS


def _entered(t: Tournament, pairs, r: int) -> Tournament:
    """``t`` with round ``r``'s pairings and their results recorded."""
    rounds = {p.start_no: list(p.rounds) + [None] * (r - 1 - len(p.rounds)) for p in t.players}
    for white, black in pairs:
        if not black:
            rounds[white].append(new_entry(Kind.PAB))
            continue
        res = _result(t, white, black, r)
        rounds[white].append(new_entry(Kind.GAME, black, res, Side.FIRST))
        rounds[black].append(new_entry(Kind.GAME, white, res.reverse, Side.SECOND))
    return replace(t, players=tuple(replace(p, rounds=tuple(rounds[p.start_no])) for p in t.players))


def _events():
    out = [pytest.param(_club(), id="club")]
    out.append(pytest.param(_players_of(REAL), id=REAL.name) if REAL.exists()
               else pytest.param(None, marks=pytest.mark.skip(reason=ABSENT), id="real"))
    return out


# caissify-pairings pairs a round from a file that already records who plays it (its pairings checker,
# fpc): it has no reading of "the next round" from a file of the rounds before, so it is not in the loop
NEXT_ROUND = [e for e in ENGINES if e.name in ("py4swiss", "pairing-core")]


@pytest.mark.slow
@pytest.mark.parametrize("engine", NEXT_ROUND, ids=lambda e: e.name)
@pytest.mark.parametrize("start", _events())
def test_a_swiss_runs_round_by_round_between_an_engine_and_this_project(tmp_path, start, engine):
    t = start
    for r in range(1, t.rounds + 1):
        written = tmp_path / f"before-round-{r}.trf"
        api.write(api.with_standings(t, api.rank(t, CODES)), written)  # round 1: every player at 0
        pairs = engine.pairs(written, tmp_path)
        assert pairs, (engine.name, r)
        t = _entered(t, pairs, r)
        assert api.progress(t).played == r
        standings = api.rank(t, CODES)
        after = tmp_path / f"after-round-{r}.trf"
        api.write(api.with_standings(t, standings), after)
        ours = {row.start_no: (row.rank, list(row.values)) for row in standings.rows}
        theirs = {no: (rank, [as_number(v) for v in values]) for no, (rank, values) in
                  gacrux_values(after, CODES, r).items()}
        assert ours == theirs, (engine.name, r)
        assert engine.points(after) == {no: values[0] for no, (_, values) in ours.items()}, (engine.name, r)
        back = api.load(after).tournament  # what the next round is paired from: the event as entered
        assert [p.rounds for p in back.players] == [p.rounds for p in t.players]


def _go_events():
    if not GENERATED.is_dir() or not EARLY.is_dir():
        return [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT))]
    return [pytest.param(p, id=p.stem) for p in sorted(GENERATED.glob("*.xml"))[::3]
            if (EARLY / f"{p.stem}.csv").exists()]


@pytest.mark.parametrize("path", _go_events())
def test_a_go_event_written_round_by_round_ranks_as_opengotha_ranked_it(tmp_path, path):
    """Each round's event as OpenGotha would hold it after that round (its games so far), written here
    as OpenGotha XML, read back and ranked after the round: OpenGotha's own standings of it."""
    answer = oracle.parse((EARLY / f"{path.stem}.csv").read_text(encoding="utf-8"))
    if answer.error:
        pytest.skip(f"OpenGotha refused {path.name}: {answer.error[:80]}")
    t = api.load(path).tournament
    compared = 0
    for r in (1, 2):
        if r not in answer.blocks or _first_game_later(t, r):
            continue
        compared += 1
        so_far = replace(t, players=tuple(replace(p, rounds=p.rounds[:r], more_games=tuple(
            m for m in p.more_games if m[0] <= r)) for p in t.players))
        written = tmp_path / f"after-round-{r}.xml"
        api.write(so_far, written, format="opengotha")
        back = api.load(written).tournament
        standings = api.rank(api.players_view(back), after_round=r)
        assert oracle.differences(answer.blocks[r], standings) == [], (path.name, r)
    if not compared:
        pytest.skip(f"{path.name}: a player listed from his first game after round 1 or 2 (OpenGotha ranked the final "
                    "file after those rounds: a file saved then would not list him)")


def _first_game_later(t: Tournament, r: int) -> bool:
    """Whether a player OpenGotha lists (he has a game or a bye in the file) has none up to round ``r``."""
    return any(p.listed and all(e.kind is Kind.ABSENT for e in p.rounds[:r]) and not any(m[0] <= r for m in p.more_games)
               for p in t.players)
