"""OpenGotha's own standings code is the oracle of the OpenGotha reader and the Go criteria, through
its stored answers (../shared/research/programs/opengotha, README there): OpenGotha V3.51.02's own code
run on every OpenGotha file under ``../shared/research/formats/go/`` (``real/``) and on 180 events in
OpenGotha's layout (``generated/``: pairings without a result, direct confrontation in incomplete and
cyclic groups, negative ratings, the half-point setting, several categories, exploits, players who never
play). Each is ranked here after the same round -- the last with a game or bye (``--after-round paired``,
OpenGotha's lastRoundWithGameOrBye; the default, the last round with a result, is never later), every planned round
(``--after-round planned``, OpenGotha's exports), the round in progress (``--after-round current``, its
standings window) and rounds 1 and 2 -- and the players listed, every place and every criterion value
must be OpenGotha's. A file OpenGotha refused is recorded (a warning names it) and not compared; this
project must then read it or refuse it in one line.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest
from support import opengotha_oracle as oracle
from support.samples import research

from brightwell_plugin import api
from brightwell_plugin.criteria.gotha_direct import _components
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind

SHARED_GO = research("formats", "go")
ANSWERS = research("programs", "opengotha")
ABSENT = "OpenGotha's stored answers (../shared/research/programs/opengotha) are not present"


def _real() -> list[Path]:
    seen, out = set(), []
    for f in sorted(SHARED_GO.rglob("*.xml")) if SHARED_GO.exists() else []:
        if f.name not in seen:  # the same event may be stored twice
            seen.add(f.name)
            out.append(f)
    return out


REAL = _real()
GENERATED = sorted((ANSWERS / "generated").glob("*.xml"), key=lambda p: (p.stem[0], int(p.stem[1:]))) \
    if (ANSWERS / "generated").is_dir() else []


class OracleRefused(UserWarning):
    """OpenGotha's own code could not rank a file: recorded, not compared."""


def _answer(folder: str, stem: str) -> oracle.Result | None:
    path = ANSWERS / folder / f"{stem}.csv"
    return oracle.parse(path.read_text(encoding="utf-8")) if path.exists() else None


def _kept(text: str) -> dict[str, int]:
    """From the stored answer's line, how many games and byes OpenGotha's reader kept."""
    found = re.findall(r"(games|byes): \d+ in xml, (\d+) kept", "players: " + text)
    return {what: int(n) for what, n in found}


def compare(path: Path, result: oracle.Result, early: oracle.Result | None = None) -> None:
    if result.error:
        warnings.warn(OracleRefused(f"{path.name}: {result.error[:160]}"))
        try:
            api.rank(api.load(path).tournament)
        except BrightwellError as exc:
            assert "\n" not in str(exc)
        return
    total, played, current = result.rounds
    t = api.load(path).tournament
    kept = _kept(result.meta.get("players", ""))  # "9 in xml, 9 kept; games: 18 in xml, 18 kept; byes: ..."
    if kept:
        games = sum(e.opponent is not None for p in t.players for e in p.rounds) // 2
        byes = sum(e.kind is Kind.PAB for p in t.players for e in p.rounds)
        assert (games, byes) == (kept["games"], kept["byes"]), (path.name, "games and byes kept")
    assert api.rank(api.players_view(t)).after_round <= played  # by default: the last with a result
    for word, rnd in (("paired", played), ("planned", total), ("current", current)):
        if rnd == 0:
            continue
        standings = api.rank(api.players_view(t), after_round=word)  # OpenGotha ranks the players
        assert standings.after_round == rnd, (word, standings.after_round, rnd)
        assert oracle.differences(result.blocks.get(rnd, []), standings) == [], (path.name, word)
        assert oracle.tie_order(result.blocks.get(rnd, []), standings), (path.name, "ties listed as OpenGotha")
    for rnd in (1, 2) if early is not None and not early.error else ():  # SOS-1 and SOS-2 after one and two rounds
        standings = api.rank(api.players_view(t), after_round=rnd)
        assert oracle.differences(early.blocks.get(rnd, []), standings) == [], (path.name, rnd)


@pytest.mark.parametrize("path", REAL or [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT))],
                         ids=lambda p: p.name if p else "none")
def test_real_files_rank_as_opengotha_ranks_them(path):
    result = _answer("real", path.stem)
    if result is None:
        pytest.fail(f"no stored answer for {path.name}: name it in the note, to be added")
    compare(path, result)


@pytest.mark.parametrize("path", GENERATED or [pytest.param(None, marks=pytest.mark.skip(reason=ABSENT))],
                         ids=lambda p: p.stem if p else "none")
def test_generated_events_rank_as_opengotha_ranks_them(path):
    compare(path, _answer("standings", path.stem), _answer("standings-rounds-1-2", path.stem))


@pytest.mark.skipif(not GENERATED, reason=ABSENT)
def test_the_stored_events_hold_what_they_are_made_to_test():
    """The stored events exercise what OpenGotha's placement does: without them the oracle compares little."""
    seen = {"pending": 0, "negative rating": 0, "half point": 0, "categories": 0, "exploits": 0, "non-players": 0,
            "direct": 0, "cycle": 0, "both win or lose": 0}
    for path in GENERATED:
        t = api.load(path).tournament
        kinds = [e.kind for p in t.players for e in p.rounds]
        seen["pending"] += Kind.PAIRED in kinds
        seen["negative rating"] += any(p.rating is not None and p.rating < 0 for p in t.players)
        seen["half point"] += ("opengotha genCountNotPlayedGamesAsHalfPoint", "true") in t.metadata
        seen["categories"] += "CAT" in t.tiebreaks and any(k == "go categories" for k, _ in t.metadata)
        seen["exploits"] += "EXT" in t.tiebreaks and any(e.handicap for p in t.players for e in p.rounds)
        seen["non-players"] += any(not p.listed for p in t.players)
        seen["both win or lose"] += any(e.kind is Kind.FORFEIT_WIN and t.player(e.opponent).entry(r).kind
                                        is Kind.FORFEIT_WIN for p in t.players
                                        for r, e in enumerate(p.rounds, 1) if e.opponent)
        if "DC" in t.tiebreaks or "SDC" in t.tiebreaks:
            seen["direct"] += 1
            index = {p.start_no: i for i, p in enumerate(t.players)}
            beats = {index[p.start_no]: {index[e.opponent] for e in p.rounds if e.kind is Kind.GAME and
                                         e.result and e.result.value == "win"} for p in t.players}
            components = _components(list(beats), beats)
            seen["cycle"] += len(set(components.values())) < len(components)
    assert all(count >= 3 for count in seen.values()), seen
