"""brightwell_plugin.fast agrees with the plain model it speeds up, on generated events."""

from __future__ import annotations

import dataclasses
import gc
import inspect
import re
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st
from support.strategies import chess_tournaments, tournaments

from brightwell_plugin import fast
from brightwell_plugin.reranked import with_result
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


@pytest.mark.slow
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
        assert with_result(p, 7.5, 3) == dataclasses.replace(p, stored_points=7.5, stored_rank=3)
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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments())
def test_the_consistency_pass_sums_points_as_the_scoring_does(t):
    from brightwell_plugin.validate import _all_plainly_consistent
    totals = _all_plainly_consistent(t, {p.start_no: p for p in t.players})
    assume(totals is not None)  # the events the fast pass leaves to the full diagnosis have no totals
    assert totals == [t.scoring.total(p.rounds) for p in t.players]
    assert [type(x) for x in totals] == [type(t.scoring.total(p.rounds)) for p in t.players]


@pytest.mark.slow
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
@example("0\x1f")  # found by Hypothesis: str.strip() takes \x1f as a space, int() did not
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


@given(st.lists(st.one_of(_BLOCK_PARTS.map("".join), st.text(alphabet=" 0-wb=Hx\t", max_size=8)), max_size=12),
       st.sampled_from(["  ", " |", "\t "]), st.sampled_from(["", " ", "   ", "\t"]))
@example(["  12 w 1", "0000 - U", " 123 b =", "  12 - +"], "  ", "")  # usual cells: settled by the match
@example(["  12 w 1", "        ", "   7 b 0"], "  ", " ")  # a blank between rounds: looked at
def test_the_cells_refused_are_those_a_look_at_each_cell_finds(cells, between, end):
    """refused_cells settles a line of usual cells with one match; any line, it finds what looking
    at each cell (refused_cells_each) finds."""
    from brightwell_plugin.adapters.trf.cells import refused_cells, refused_cells_each
    line = "001    1      A Player".ljust(91) + between.join(c.ljust(8)[:8] for c in cells) + end
    assert refused_cells(line) == refused_cells_each(line)


def test_round_records_shared_by_the_files_of_a_process_are_those_each_file_reads_alone(tmp_path):
    """A process reads a block once for all its files (known_blocks): each file reads as it does in a
    process that read nothing before, and the records stay few."""
    from brightwell_plugin.adapters.trf import format as trf_format
    from brightwell_plugin.adapters.base import ReadOptions
    from brightwell_plugin.adapters.trf.format import TrfFormat
    from support.make_fixtures import FIXTURES
    files = [ReadOptions(FIXTURES / "quirks.trf"), ReadOptions(FIXTURES / "teams.trf")]
    fmt = TrfFormat()
    together = [fmt.read(options).tournament for options in files + files]
    for options, t in zip(files + files, together):
        trf_format._KNOWN.clear()  # as in a process that read nothing before
        assert fmt.read(options).tournament == t
    trf_format._KNOWN.clear()
    trf_format._KNOWN.append(trf_format.Records({str(n): None for n in range(trf_format.KNOWN_BLOCKS + 1)}))
    fmt.read(files[0])
    assert len(trf_format._KNOWN[0]) < trf_format.KNOWN_BLOCKS  # made anew past the bound


def test_a_player_given_his_result_keeps_every_other_field():
    """with_result passes the other fields in their order: further games, the listing, are kept."""
    p = Player(4, "A", (RoundEntry(Kind.GAME, 5),), more_games=((1, RoundEntry(Kind.GAME, 6)),), listed=False,
               extra=(("k", "v"),), bonus=0.5)
    assert with_result(p, 2.0, 1) == dataclasses.replace(p, stored_points=2.0, stored_rank=1)


def _lines_001() -> list[str]:
    """001 lines of every form: the fixtures' quirks (dashes, blanks, respelt titles and sexes) and a
    generated event's usual lines."""
    from support.make_fixtures import FIXTURES
    from brightwell_plugin.adapters.trf.format import TrfFormat
    from brightwell_plugin.model import Result, Side, Tournament
    pairs = [(1, 2), (3, 4), (1, 3), (2, 4), (1, 4), (2, 3)]  # three rounds of four players
    rounds: dict[int, list] = {n: [] for n in range(1, 5)}
    for a, b in pairs:
        rounds[a].append(RoundEntry(Kind.GAME, b, Result.WIN, Side.FIRST))
        rounds[b].append(RoundEntry(Kind.GAME, a, Result.LOSS, Side.SECOND))
    generated = TrfFormat().dumps(Tournament("Usual", tuple(Player(n, f"P{n}", tuple(rs), rating=2000 + n)
                                                            for n, rs in rounds.items()), rounds=3)).decode()
    texts = (FIXTURES / "quirks.trf").read_text(encoding="utf-8").splitlines() + generated.splitlines()
    found = [line for line in texts if line.startswith("001")]
    return found + [line[:60] for line in found[:2]]


_LINES = st.sampled_from(_lines_001())


@given(_LINES, st.sampled_from(["", "  ", "\t"]),
       st.one_of(st.none(), st.floats(-99, 99999).map(lambda x: round(x * 2) / 2)),
       st.one_of(st.none(), st.integers(0, 99999)), st.booleans())
def test_a_reranked_trf_line_is_what_looking_at_each_field_makes(line, tail, points, rank, other):
    """_line_001 puts a player's new points and rank into a usual 001 line at once; any line, any
    values, it writes what _line_001_each (each field and cell looked at) writes, or refuses alike."""
    from brightwell_plugin.adapters.trf.format import TrfFormat
    from brightwell_plugin.adapters.trf.lines import split_lines
    from brightwell_plugin.adapters.trf.writer import _line_001, _line_001_each
    from brightwell_plugin.errors import BrightwellError
    raw = line + tail
    old = TrfFormat().parse(split_lines("012 x\n" + raw + "\n"), "x.trf").players[0]
    new = dataclasses.replace(old, stored_points=points, stored_rank=rank, name=old.name + "x" if other else old.name)
    try:
        plain = _line_001_each(new, raw, old)
    except BrightwellError as exc:
        with pytest.raises(BrightwellError, match=re.escape(exc.message)):
            _line_001(new, raw, old)
        return
    assert _line_001(new, raw, old) == plain


@given(_LINES, st.sampled_from(["", "  ", "\t"]),
       st.one_of(st.none(), st.floats(-99, 99999).map(lambda x: round(x * 2) / 2)),
       st.one_of(st.none(), st.integers(0, 99999)))
def test_results_put_in_place_are_what_looking_at_each_field_makes(line, tail, points, rank):
    """A player as read, re-ranked: his points and rank put in his 001 line at once are what
    _line_001_each writes for him re-ranked, or the line is left to it (None)."""
    from brightwell_plugin.adapters.trf.format import TrfFormat
    from brightwell_plugin.adapters.trf.lines import split_lines
    from brightwell_plugin.adapters.trf.writer import _line_001_each, _results_in_place
    raw = line + tail
    old = TrfFormat().parse(split_lines("012 x\n" + raw + "\n"), "x.trf").players[0]
    put = _results_in_place(raw, old, points, rank)
    assume(put is not None)
    assert put == _line_001_each(with_result(old, points, rank), raw, old, engines=False)


@pytest.mark.parametrize("spec", ["PTS,BH,SB", "BQ:preset=woc,DISCS,BH/C1", ("PTS", "ARO", "TPR")])
def test_a_spec_configured_once_per_host_is_what_configuring_it_anew_makes(spec):
    from brightwell_plugin.plugins.host import Host
    from brightwell_plugin.standings import _configured, configured

    def shape(bound):  # a lazy host makes its criteria anew as it imports built-ins: compared by type
        return [(item, type(criterion), opts) for item, criterion, opts in bound]

    host = Host(external=False)
    first, again = configured(spec, host), configured(spec, host)
    assert shape(first) == shape(again) == shape(_configured(spec, host)) == shape(_configured(spec, Host()))
    assert first is not again and all(x[2] is y[2] for x, y in zip(first, again))  # each its list; remembered


def test_a_spec_remembered_is_forgotten_when_a_plugin_comes_and_kept_within_a_bound():
    from brightwell_plugin.criteria.base import Criterion
    from brightwell_plugin.errors import BrightwellError
    from brightwell_plugin.plugins.hookspecs import hookimpl
    from brightwell_plugin.plugins.host import Host
    from brightwell_plugin.standings import configured

    class Shadow(Criterion):
        name, title = "SHADOW", "A criterion registered late"

        def compute(self, ctx, opts, groups=()):
            return [0.0] * ctx.n

    class Late:
        @hookimpl
        def brightwell_register_criteria(self, register):
            register(Shadow())

    host = Host(external=False)
    with pytest.raises(BrightwellError, match="unknown criterion 'SHADOW'"):
        configured("PTS,SHADOW", host)
    bound = configured("PTS", host)
    host.register(Late())
    assert [c.name for _, c, _ in configured("PTS,SHADOW", host)] == ["PTS", "SHADOW"]
    assert configured("PTS", host)[0][1] is not bound[0][1]  # configured anew with the new registry
    for n in range(1, 70):  # many specs: at most 64 answers kept
        configured(["PTS"] * n, host)
    assert sum(1 for k in host.criteria._memo if k[:1] == ("remembered",)) == 64


def _some_pending_or_strangers(t, data):
    """``t`` with some of its games turned into pairings awaiting a result, and some opponents into
    start numbers no player has (rows the opponents' view sets apart)."""
    stranger = max((p.start_no for p in t.players), default=0) + 1

    def changed(e):
        if e.kind is not Kind.GAME:
            return e
        what = data.draw(st.sampled_from(["keep"] * 6 + ["pending", "stranger"]))
        if what == "pending":
            return dataclasses.replace(e, kind=Kind.PAIRED, result=None)
        return dataclasses.replace(e, opponent=stranger) if what == "stranger" else e
    players = tuple(dataclasses.replace(p, rounds=tuple(map(changed, p.rounds))) for p in t.players)
    return dataclasses.replace(t, players=players)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=st.one_of(tournaments(), chess_tournaments()), data=st.data())
def test_the_opponents_view_with_usual_rows_at_once_is_the_view_row_by_row(t, data):
    """unplayed._opponent_view (a game against a real opponent every round ranked: set at once) makes
    what _opponent_view_each (every row looked at) makes, after any round, under each reading."""
    from brightwell_plugin.context import Context
    from brightwell_plugin.criteria.unplayed import _opponent_view, _opponent_view_each
    if data.draw(st.booleans()):
        t = _some_pending_or_strangers(t, data)
    after = data.draw(st.integers(0, t.rounds_played))
    for fore in (False, True):
        for rr in (False, True):
            for as_played in (False, True):
                fast, plain = (view(Context(t, after), fore, rr, as_played)
                               for view in (_opponent_view, _opponent_view_each))
                assert fast == plain
                assert [type(x) for x in fast.adjusted + fast.own] == [type(x) for x in plain.adjusted + plain.own]


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(t=tournaments(), code=st.sampled_from(["BH", "SB", "FB", "BH/P", "SB/S"]), edition=st.sampled_from([2024, 2026]))
def test_sums_over_opponents_in_c_are_the_plain_sums_of_the_items(t, code, edition):
    """BH, SB and FB summed for every row at once (buchholz.real_opponent_sums, the rows with an
    unplayed round summed again) equal each row's items summed one by one."""
    from brightwell_plugin.context import Context
    from brightwell_plugin.criteria import buchholz
    from brightwell_plugin.plugins.host import get_host
    from brightwell_plugin.tiebreak_spec import parse_item
    item = parse_item(f"{code}:edition={edition}")
    opts = get_host().criterion(item.code).configure(item)
    ctx = Context(t)
    inner = {"BH": buchholz.Buchholz, "FB": buchholz.ForeBuchholz, "SB": buchholz.SonnebornBerger}[item.code]()
    view, ed, rr = inner._setup(ctx, opts)
    plain = [0.0 + sum(value for value, *_ in inner._items(ctx, view, ed, rr, i)) for i in range(ctx.n)]
    assert inner.compute(ctx, opts) == plain
    assert [type(x) for x in inner.compute(ctx, opts)] == [float] * ctx.n
