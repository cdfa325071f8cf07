"""FIDE's rules of 2009-2022 (``edition=2009``) and C.07 of 2023 against an independent implementation:
the npm package ``tiebreak`` 0.4.0 under Node (tests/support/npm_tiebreak.py), on generated Swiss
events with late entries, byes of every kind, forfeits, double forfeits and withdrawals, and on every
real TRF under /work/shared.

``FIDE_2009`` is compared whole: BH, BH/C1, BH/C2, BH/M1, BH/M2 of every player (its build computes no
SB). ``FIDE_2023`` where the package reads C.07 as this project does (docs/criteria.md): BH uncut (it cuts every
voluntarily unplayed round before any other value, where 16.5 cuts one only when it is not below the
ordinary choice), of players none of whose opponents lost a forfeit after his last round available to
play (it counts those rounds as draws, where 16.3 counts a requested bye only)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from brightwell_plugin import api
from brightwell_plugin.model import Kind
from support import npm_tiebreak
from support.npm_tiebreak import CODES, OURS, Unsupported, as_results
from support.samples import or_skip, research
from support.strategies import chess_tournaments

_VUR = (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.FORFEIT_LOSS)


def ours(t, k: int, edition: int, drawn: str = "all") -> dict[int, tuple[float, ...]]:
    """This project's values of CODES (the Swiss rules, /S, as the package knows no other)."""
    items = [f"{OURS[c]}/S:edition={edition}" + (f":drawn={drawn}" if edition == 2009 else "") for c in CODES]
    return {r.start_no: r.values for r in api.rank(api.players_view(t), items, k).rows}


def _forfeit_after_leaving(t, k: int) -> set[int]:
    """Players with a forfeit loss after their last round available to play (a non-VUR)."""
    out = set()
    for p in t.players:
        kinds = [e.kind for e in p.rounds[:k]] + [Kind.ABSENT] * (k - len(p.rounds[:k]))
        last = max((r for r, kind in enumerate(kinds) if kind not in _VUR), default=-1)
        if any(kind is Kind.FORFEIT_LOSS for kind in kinds[last + 1:]):
            out.add(p.start_no)
    return out


def compare(t, k: int, theirs: dict) -> list:
    """The differences, (adjustment, player, code, theirs, ours)."""
    diffs = []
    mine = ours(t, k, 2009)
    for no, values in theirs["FIDE_2009"].items():
        diffs += [("FIDE_2009", no, c, v, m) for c, v, m in zip(CODES, values, mine[no]) if abs(v - m) > 1e-9]
    mine, left = ours(t, k, 2024), _forfeit_after_leaving(t, k)
    for p in t.players:
        met = {e.opponent for e in p.rounds[:k] if e.kind is Kind.GAME}
        if met & left:
            continue
        v, m = theirs["FIDE_2023"][p.start_no][0], mine[p.start_no][0]  # BH
        if abs(v - m) > 1e-9:
            diffs.append(("FIDE_2023", p.start_no, "BH", v, m))
    return diffs


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(chess_tournaments())
def test_generated_events_equal_the_npm_tiebreak_package(tmp_path, t):
    entry = npm_tiebreak.package()
    k = t.rounds_played
    if k == 0:
        return
    (theirs,) = npm_tiebreak.values(entry, [as_results(t, k)], workdir=tmp_path)
    assert compare(t, k, theirs) == []


def _real_trfs():
    root = research()
    found = sorted(p for p in root.rglob("*") if p.suffix.lower() in (".trf", ".tab") and p.is_file()) \
        if root.is_dir() else []
    return or_skip(pytest.param(p, id=str(p.relative_to(root))) for p in found)


@pytest.mark.slow
@pytest.mark.parametrize("path", _real_trfs())
def test_every_real_trf_equals_the_npm_tiebreak_package(tmp_path, path):
    entry = npm_tiebreak.package()
    try:
        t = api.load(path).tournament
    except Exception as exc:  # the deliberately broken files: no event to compare
        pytest.skip(f"{path.name} does not read ({exc})")
    k = t.rounds_played
    if k == 0:
        pytest.skip(f"{path.name}: no round played")
    try:
        event = as_results(t, k)
    except Unsupported as exc:
        pytest.skip(f"{path.name}: the package cannot hold it: {exc}")
    (theirs,) = npm_tiebreak.values(entry, [event], workdir=tmp_path)
    diffs = compare(t, k, theirs)
    assert diffs == [], f"{len(diffs)} differences, e.g. {diffs[:6]}"
