"""Every TRF this project writes for a pairing engine is read by the real consumers: the open pairing
engines on PyPI (py4swiss, caissify-pairings, pairing-core: tests/support/engines.py) and FIDE's
checker gacrux. That is a TRF written as ``trf-engine``, and any TRF written of an event from another
format (``trf`` writes a TRF read back as it was: test_trf.py).

Each engine reads a written file's players and points as this project reads them; for a TRF source
it pairs the next round from the written file as from the original (where it pairs the original)."""

from __future__ import annotations

import re
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from support.engines import ENGINES, Refused
from support.gacrux_oracle import Refused as GacruxRefused
from support.gacrux_oracle import gacrux_values, readable_copy
from support.samples import SHARED_ROOT, holds_players, or_skip
from support.converting import convert
from support.strategies import tournaments

SAMPLES = SHARED_ROOT / "research" / "formats"
READABLE = (".trf", ".tab", ".elo", ".json", ".xml", ".t", ".js", ".h9", ".tou", ".trn", ".zip", ".piz", ".txt")
BY_NAME = {e.name: e for e in ENGINES}


def points(path: Path) -> dict[int, float]:
    """Each player's points as the file stores them, as this project reads them."""
    return {p.start_no: p.stored_points for p in api.load(path).tournament.players}


def kept(message: str, written: Path, original: Path) -> bool:
    """Whether an engine's refusal is of a line the written file keeps from the original unchanged (or
    of the original's encoding, kept)."""
    if "codec can't decode" in message:
        return True
    where = re.search(r"(?:Row|line) (\d+)", message)
    if where is None:
        return False
    lines = written.read_bytes().splitlines()
    return int(where.group(1)) <= len(lines) and lines[int(where.group(1)) - 1] in original.read_bytes().splitlines()


def verdict(engine, path: Path):
    """The points the engine reads, or its refusal's message."""
    try:
        return engine.points(path)
    except Refused as exc:
        return str(exc)


def convert_to_trf(source: Path, target: Path, to: str = "trf-engine"):
    return convert(source, target, to)


@lru_cache(maxsize=None)
def _converted(source: Path) -> tuple[str, bytes] | BrightwellError:
    """A real sample converted to a TRF for the engines (its format, the bytes written), or the
    conversion's refusal, which leaves no file: made once per process, whichever engine reads it."""
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "written.trf"
        try:
            loaded, _ = convert_to_trf(source, target)
        except BrightwellError as exc:
            assert not target.exists()
            return exc
        return loaded.format, target.read_bytes()


def converted_to_trf(source: Path, target: Path) -> str:
    """:func:`convert_to_trf` of a real sample into ``target`` (made once, :func:`_converted`): the
    format it was read as; the conversion's refusal raised."""
    made = _converted(source)
    if isinstance(made, BrightwellError):
        raise made
    target.write_bytes(made[1])
    return made[0]


def _sources():
    if not SAMPLES.exists():
        return or_skip([])
    return [p for p in sorted(SAMPLES.rglob("*")) if p.is_file() and p.suffix.lower() in READABLE
            and not p.name.startswith("PROVENANCE") and holds_players(p)]  # not the deliberately broken files


@pytest.mark.slow
@pytest.mark.parametrize("engine", sorted(BY_NAME))
@pytest.mark.parametrize("source", _sources(), ids=lambda p: p.name if p else "none")
def test_every_real_sample_becomes_a_trf_the_pairing_engines_read(tmp_path, source, engine):
    target = tmp_path / "written.trf"
    try:
        read_as = converted_to_trf(source, target)
    except BrightwellError as exc:  # a Go event or a team event has no players' TRF: refused, saying so
        assert "cannot carry what ranks this event" in exc.message, exc
        return
    e = BY_NAME[engine]
    written_event = api.load(target).tournament
    if not (written_event.rounds or written_event.rounds_played):
        return  # no round played or planned (play-offs alone): no XXR, nothing for an engine to pair
    read = verdict(e, target)
    if read_as == "trf" and isinstance(read, str):
        # refused for a record the written file keeps as the original has it, which the engine misreads
        # (py4swiss reads 132's dates in 9-column steps, not the specification's 10, a column ruler as a
        # second 012, and UTF-8 alone)
        assert kept(read, target, source), read
        return
    assert read == points(target)
    if read_as == "trf":
        try:
            written = e.pairs(target, tmp_path)
        except Refused as exc:  # an engine's own bound on its search, not a cell it refuses: said
            if "complexity exceeded" not in str(exc):
                raise
            pytest.skip(f"{engine} gives up pairing the next round of {source.name}: {exc}")
        try:
            original = e.pairs(source, tmp_path)
        except Refused:
            return  # the engine pairs the written file, not the original (a cell or record it refuses)
        assert written == original


@pytest.mark.slow
@pytest.mark.parametrize("source", _sources(), ids=lambda p: p.name if p else "none")
def test_gacrux_reads_every_trf_written_from_a_real_sample(tmp_path, source):
    target = tmp_path / "written.trf"
    if api.load(source).tournament.game == "go":  # the McMahon score starts from the ranks TRF has no place for
        with pytest.raises(BrightwellError, match=r"cannot carry what ranks this event \(the players' Go ranks"):
            converted_to_trf(source, target)
        assert not target.exists()
        return
    converted_to_trf(source, target)
    t = api.load(target).tournament
    encoding = t.origin.encoding
    played = max(t.rounds_played, 1)
    try:
        gacrux_values(target, ["PTS"], played, ("-b", encoding))
    except GacruxRefused as refusal:  # only for what gacrux_oracle.MENDS answers, as for the originals
        points = {r.start_no: r.values[0] for r in api.rank(t, "PTS").rows}
        mended = readable_copy(refusal, target.read_text(encoding=encoding), points)
        assert mended is not None, str(refusal)
        target.write_text(mended[0], encoding=encoding)
        gacrux_values(target, ["PTS"], played, ("-b", encoding))


@pytest.mark.slow
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(tournaments(max_players=9, max_rounds=5))
def test_generated_events_of_every_kind_become_trfs_the_engines_read(tmp_path, t):
    """Chess and Othello (game scores), byes, forfeits, withdrawals, any numbering, from the native XML."""
    if not t.players or t.rounds_played == 0:
        return
    try:
        api.rank(t)
    except BrightwellError:  # an event its own list does not rank: convert refuses it (test_conversions_real)
        assume(False)
    source = tmp_path / "event.xml"
    api.write(t, source, "xml")
    target = tmp_path / "event.trf"
    convert_to_trf(source, target, "trf")  # an event from another format: written for the engines alike
    assert re.search(r"^001 ", target.read_text(), re.MULTILINE) and re.search(r"^XXR ", target.read_text(), re.M)
    for e in ENGINES:
        assert verdict(e, target) == points(target), e.name
        e.pairs(target, tmp_path)  # pairs the next round, or finds none: never refuses the file


def _with_dash_cells() -> str:
    """Four players, three rounds; the Irish program's unpaired round '     -  ': player 3's stored 1.5 counts
    his round 1 as a half-point bye, player 4's stored 0 counts his rounds 1 and 3 as nothing."""
    from support.make_fixtures import _line_001
    lines = ["012 Dash Cells", "042 2011/04/02", "XXR 3",
             _line_001(1, "m", "", "One, A", 1800, "IRL", "", "", "2.0", 1, ["   2 w 1", "   3 b 1", "   2 b 0"]),
             _line_001(2, "m", "", "Two, B", 1700, "IRL", "", "", "1.0", 3, ["   1 b 0", "   4 w 0", "   1 w 1"]),
             _line_001(3, "m", "", "Three, C", 1600, "IRL", "", "", "1.5", 2, ["     -  ", "   1 w 0", "   4 b 1"]),
             _line_001(4, "m", "", "Four, D", 1500, "IRL", "", "", "1.0", 4, ["     -  ", "   2 b 1", "   3 w 0"])]
    return "\n".join(lines) + "\n"


def test_a_round_with_a_dash_and_no_result_is_read_as_the_stored_points_count_it(tmp_path):
    from brightwell_plugin.model import Kind
    source = tmp_path / "dash.trf"
    source.write_text(_with_dash_cells())
    loaded = api.load(source)
    t = loaded.tournament
    assert t.player(3).rounds[0].kind is Kind.HALF_BYE and t.player(4).rounds[0].kind is Kind.ABSENT
    assert any("2 round(s) with a dash and no result: 1 read as half-point byes" in w for w in loaded.warnings)
    assert not any("disagree" in w for w in loaded.warnings)
    api.write(t, tmp_path / "same.trf")
    assert (tmp_path / "same.trf").read_bytes() == source.read_bytes()  # a file read, written back as it was
    target = tmp_path / "back.trf"
    api.write(t, target, format="trf-engine")
    written = {line[4:8].strip(): line for line in target.read_text().splitlines() if line.startswith("001")}
    assert written["3"][91:99] == "0000 - H" and written["4"][91:99].strip() in ("", "0000 - Z")
    py4swiss = BY_NAME["py4swiss"]  # the engine refuses the dash, reads what is written
    with pytest.raises(Refused):
        py4swiss.points(source)
    assert py4swiss.points(target) == points(target)
