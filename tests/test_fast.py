"""brightwell_plugin.fast agrees with the plain model it speeds up, on generated events."""

from __future__ import annotations

import dataclasses
import gc
import inspect
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.strategies import tournaments

from brightwell_plugin import fast
from brightwell_plugin.api import _with_result
from brightwell_plugin.model import Kind, Player, RoundEntry
from brightwell_plugin.api import explain_everyone, rank
from brightwell_plugin.standings import Row, new_row


def field_values(obj) -> dict:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}


@pytest.mark.parametrize("cls, make", [(RoundEntry, fast.new_entry), (Player, fast.new_player), (Row, new_row)])
def test_constructor_has_the_dataclass_parameters_and_defaults(cls, make):
    def shape(f):
        return [(p.name, p.kind, p.default) for p in inspect.signature(f).parameters.values()]
    assert shape(make) == shape(cls)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_fast_constructors_make_what_the_plain_ones_make(t):
    for p in t.players:
        for e in p.rounds:
            values = field_values(e)
            made = fast.new_entry(**values)
            assert type(made) is RoundEntry and made == RoundEntry(**values) and hash(made) == hash(e)
            assert fast.new_entry(*values.values()) == e
        values = field_values(p)
        made = fast.new_player(**values)
        assert type(made) is Player and made == Player(**values) == p and hash(made) == hash(p)
        assert _with_result(p, 7.5, 3) == dataclasses.replace(p, stored_points=7.5, stored_rank=3)
    assert new_row(1, 2, "x", (1.0,)) == Row(1, 2, "x", (1.0,))


def test_fast_objects_stay_frozen_and_take_defaults():
    e = fast.new_entry(Kind.GAME, 3)
    assert e == RoundEntry(Kind.GAME, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.score = 1  # type: ignore[misc]
    with pytest.raises(TypeError):
        fast.new_entry()  # type: ignore[call-arg]
    assert dataclasses.replace(fast.new_player(1, "A"), rating=1900) == Player(1, "A", rating=1900)


@pytest.mark.parametrize("enabled", [True, False])
def test_gc_paused_restores_the_collector(enabled):
    (gc.enable if enabled else gc.disable)()
    try:
        with fast.gc_paused():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(ZeroDivisionError), fast.gc_paused():
            1 / 0
        assert gc.isenabled() is enabled
    finally:
        gc.enable()


def test_gc_paused_leaves_what_it_made_to_the_oldest_generation_unscanned():
    """In a fresh interpreter (Python 3.12 starts with some objects counted as frozen), what the pause
    made ends in the oldest generation, untraced, each time."""
    code = textwrap.dedent("""
        import gc
        from brightwell_plugin import fast
        gc.collect()
        for _ in range(2):
            with fast.gc_paused():
                made = [[i] for i in range(5000)]
            assert gc.get_count()[0] < 100 and gc.isenabled(), gc.get_count()
            assert any(x is made for x in gc.get_objects(generation=2))
        print("promoted")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "promoted", done.stderr


def test_gc_paused_keeps_what_is_frozen_frozen():
    """A program (or the interpreter) that froze objects keeps them frozen: nothing is promoted."""
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with fast.gc_paused():
            more = [[i] for i in range(5000)]
        assert gc.get_freeze_count() == frozen and not any(x is more for x in gc.get_objects(generation=2))
        assert gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


def _plainly_summed(explanation) -> float:
    """A player's BH or SB as the per-round path makes it: each round's part, in round order."""
    total = 0.0
    for part in explanation.parts:
        total += part.value
    return total


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), after=st.integers(0, 6))
def test_bh_and_sb_fast_path_equals_the_per_round_path(t, after):
    after = min(after, t.rounds_played)
    spec = "BH,SB,FB,BH/P,SB:edition=2026"
    standings = rank(t, spec, after)
    everyone = explain_everyone(t, spec, after)
    index = {p.start_no: i for i, p in enumerate(t.players)}
    for row in standings.rows:
        assert list(row.values) == [_plainly_summed(e) for e in everyone[index[row.start_no]]], row.name


def _scored(t):
    """The event with every game scored on a 64-square board and its rounds planned: what every BQ preset needs."""
    def scored(e, no):
        return dataclasses.replace(e, score=float((no + e.opponent) % 65), opp_score=float(64 - (no + e.opponent) % 65))
    players = tuple(dataclasses.replace(p, rounds=tuple(scored(e, p.start_no) if e.is_game else e for e in p.rounds))
                    for p in t.players)
    return dataclasses.replace(t, players=players, board=64, rounds=t.rounds or max(t.rounds_played, 1))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), preset=st.sampled_from(["woc", "ftd", "papp", "joa", "cas", "cas-spread"]))
def test_bq_fast_path_equals_the_per_round_path(t, preset):
    t = _scored(t)
    if preset.startswith("cas") and not any(e.is_game for p in t.players for e in p.rounds):
        preset = "woc"  # coef=auto is the average game score: it needs a game
    spec = f"BQ:preset={preset}"
    standings = rank(t, spec)
    everyone = explain_everyone(t, spec)
    index = {p.start_no: i for i, p in enumerate(t.players)}
    for row in standings.rows:
        assert row.values[0] == everyone[index[row.start_no]][0].value, row.name


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False))))
def test_norm_of_plain_numbers_in_c_equals_the_plain_norm(keys):
    from brightwell_plugin.standings import _norm, _norm_all
    assert _norm_all(keys) == [_norm(k) for k in keys]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_the_consistency_pass_sums_points_as_the_scoring_does(t):
    from brightwell_plugin.validate import _all_plainly_consistent
    totals = _all_plainly_consistent(t, {p.start_no: p for p in t.players})
    assume(totals is not None)  # the events the fast pass leaves to the full diagnosis have no totals
    assert totals == [t.scoring.total(p.rounds) for p in t.players]
    assert [type(x) for x in totals] == [type(t.scoring.total(p.rounds)) for p in t.players]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), code=st.sampled_from(["BH/C1", "BH/C2", "SB/C1", "SB/C2", "FB/C1", "BH/M1"]),
       edition=st.sampled_from([2024, 2026]))
def test_cut_sums_of_real_opponents_are_what_the_plain_cut_gives(t, code, edition):
    """The cut of a row with a real opponent every round (buchholz.lowest_cut) equals cut_values'."""
    from brightwell_plugin.context import Context
    from brightwell_plugin.criteria import buchholz
    from brightwell_plugin.criteria.unplayed import cut_values
    from brightwell_plugin.plugins.host import get_host
    from brightwell_plugin.tiebreak_spec import parse_item
    item = parse_item(f"{code}:edition={edition}")
    criterion = get_host().criterion(item.code)
    opts = criterion.configure(item)
    ctx = Context(t)
    fast_values = criterion.compute(ctx, opts)
    inner = {"BH": buchholz.Buchholz, "FB": buchholz.ForeBuchholz, "SB": buchholz.SonnebornBerger}[item.code]()
    view, ed, rr = inner._setup(ctx, opts)
    plain = [cut_values(inner._items(ctx, view, ed, rr, i), opts.modifiers, ctx.k)[0] for i in range(ctx.n)]
    assert fast_values == plain


_BLOCK_PARTS = st.tuples(st.sampled_from(["  12", "   1", "0012", " 012", "9999", "0000", "    ", "  ³4", " 1 2", "abcd"]),
                         st.sampled_from([" w ", " b ", " - ", "   ", " W ", " x "]),
                         st.sampled_from(["1", "0", "=", "+", "-", "W", "D", "L", "H", "F", "U", "Z", " ", "?"]))


@given(st.one_of(_BLOCK_PARTS.map("".join), st.text(max_size=8)))
def test_a_round_block_read_on_first_sight_is_what_the_plain_reader_makes(block):
    """The TRF reader's first sight of a usual game block ("  12 w 1") is read in place; any block
    is the record block_fields makes of it, or refused alike."""
    from brightwell_plugin.adapters.trf.lines import Records, block_fields
    from brightwell_plugin.errors import BrightwellError
    try:
        plain = RoundEntry(*block_fields(block))
    except BrightwellError:
        with pytest.raises(BrightwellError):
            Records()[block]
        return
    assert Records()[block] == plain
