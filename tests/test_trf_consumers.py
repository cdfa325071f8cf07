"""Every TRF this project writes is read by the real consumers: the FIDE-endorsed pairing engine
bbpPairings (shared/tools/bbpPairings) and FIDE's checker gacrux.

For a TRF source the engine gives the written file the verdict it gives the original and, with one
more round allowed (XXR), the same pairings; a file from any other format is accepted and paired."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from support.gacrux_oracle import Refused, gacrux_values, readable_copy
from support.strategies import tournaments
from support.samples import SHARED_ROOT

ROOT = Path(__file__).resolve().parent.parent
SHARED = SHARED_ROOT
BBP = SHARED / "tools" / "bbpPairings" / "bbpPairings.exe"
SAMPLES = SHARED / "research" / "formats"
READABLE = (".trf", ".tab", ".elo", ".json", ".xml", ".t", ".js", ".h9", ".tou", ".trn", ".zip", ".piz", ".txt")

needs_engine = pytest.mark.skipif(not BBP.exists(), reason="bbpPairings (shared/tools) not present")


def engine(path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BBP), "--dutch", str(path), *args], capture_output=True, text=True, timeout=60)


def one_more_round(path: Path, out: Path) -> Path:
    """The file with XXR (and 142) raised past the rounds played, so that the engine pairs the next round."""
    raw = path.read_bytes()
    text = raw.decode("utf-8", errors="surrogateescape")
    played = max((len(line.rstrip()[91:]) + 2) // 10 for line in text.splitlines() if line.startswith("001"))
    lines = [line for line in text.splitlines() if not line.startswith(("XXR", "142"))]
    lines.insert(1, f"XXR {played + 1}")
    out.write_bytes("\n".join(lines).encode("utf-8", errors="surrogateescape") + b"\n")
    return out


def pairings(path: Path, tmp: Path) -> str | None:
    """The engine's pairing of the next round; None when the event admits none (the engine read the
    file, but no pairing satisfies its absolute criteria: a small round robin, say)."""
    target = tmp / (path.stem + ".pairs")
    result = engine(one_more_round(path, tmp / (path.stem + ".next.trf")), "-p", str(target))
    if result.returncode == 1 and "No valid pairing exists" in result.stdout + result.stderr:
        return None
    assert result.returncode == 0, f"{path.name}: {result.stdout} {result.stderr}"
    return target.read_text()


def convert_to_trf(source: Path, target: Path):
    try:
        return api.convert(source, target, "trf")
    except BrightwellError as exc:
        if "--renumber" not in exc.message:
            raise
        return api.convert(source, target, "trf", renumber=True)


def _sources():
    if not SAMPLES.exists():
        return [pytest.param(None, marks=pytest.mark.skip(reason="shared research samples not present"))]
    out = []
    for p in sorted(SAMPLES.rglob("*")):
        if not p.is_file() or p.suffix.lower() not in READABLE or p.name.startswith("PROVENANCE"):
            continue
        try:
            t = api.load(p).tournament
        except BrightwellError:
            continue  # the deliberately broken files (a zip that is no zip, one of three files ...)
        if t.players:
            out.append(p)
    return out


@needs_engine
@pytest.mark.parametrize("source", _sources(), ids=lambda p: p.name if p else "none")
def test_every_real_sample_becomes_a_trf_the_pairing_engine_reads(tmp_path, source):
    target = tmp_path / "written.trf"
    loaded, report = convert_to_trf(source, target)
    written = engine(target, "-c")
    if loaded.format == "trf":
        # re-ranked for the next round, as pairing software uses this project: points, ranks, 212 change
        ranked = tmp_path / "ranked.trf"
        api.write(api.with_standings(loaded.tournament, api.rank(loaded.tournament)), ranked)
        original = engine(source, "-c")
        if any("with a dash and no result" in w for w in loaded.warnings):  # mended: the engine now reads it
            assert written.returncode == 0, f"{written.stdout} {written.stderr}"
        else:
            assert written.returncode == original.returncode, f"{written.stdout} {written.stderr}"  # the same file
        verdict = engine(ranked, "-c")
        # the re-ranked file holds the points the results give: accepted where the original was, and
        # where the original's only fault was stored points that disagree with its results
        assert verdict.returncode in (original.returncode, 0), f"{verdict.stdout} {verdict.stderr}"
        if original.returncode == 0:
            assert pairings(ranked, tmp_path) == pairings(source, tmp_path)
        return
    assert written.returncode == 0, f"{source.name}: {written.stdout} {written.stderr}\n{target.read_text()}"
    if any(e.is_game for p in api.load(target).tournament.players for e in p.rounds):
        # (without a game written, round 1 needs the initial colour configured: the arbiter's choice)
        pairings(target, tmp_path)  # the engine reads it to pair the next round


@pytest.mark.parametrize("source", _sources(), ids=lambda p: p.name if p else "none")
def test_gacrux_reads_every_trf_written_from_a_real_sample(tmp_path, source):
    target = tmp_path / "written.trf"
    if api.load(source).tournament.game == "go":  # the McMahon score starts from the ranks TRF has no place for
        with pytest.raises(BrightwellError, match=r"cannot carry what ranks this event \(the players' Go ranks"):
            convert_to_trf(source, target)
        assert not target.exists()
        return
    loaded, _ = convert_to_trf(source, target)
    t = api.load(target).tournament
    encoding = t.origin.encoding
    played = max(t.rounds_played, 1)
    try:
        gacrux_values(target, ["PTS"], played, ("-b", encoding))
    except Refused as refusal:  # only for what gacrux_oracle.MENDS answers, as for the originals
        points = {r.start_no: r.values[0] for r in api.rank(t, "PTS").rows}
        mended = readable_copy(refusal, target.read_text(encoding=encoding), points)
        assert mended is not None, str(refusal)
        target.write_text(mended[0], encoding=encoding)
        gacrux_values(target, ["PTS"], played, ("-b", encoding))


@needs_engine
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(tournaments(max_players=9, max_rounds=5))
def test_generated_events_of_every_kind_become_trfs_the_engine_reads(tmp_path, t):
    """Chess and Othello (game scores), byes, forfeits, withdrawals, any numbering, from the native XML."""
    if not t.players or t.rounds_played == 0:
        return
    source = tmp_path / "event.xml"
    api.write(t, source, "xml")
    target = tmp_path / "event.trf"
    convert_to_trf(source, target)
    text = target.read_text()
    result = engine(target, "-c")
    assert result.returncode == 0, f"{result.stdout} {result.stderr}\n{text}"
    assert re.search(r"^001 ", text, re.MULTILINE)


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
    target = tmp_path / "back.trf"
    api.write(t, target)
    written = {line[4:8].strip(): line for line in target.read_text().splitlines() if line.startswith("001")}
    assert written["3"][91:99] == "0000 - H" and written["4"][91:99].strip() in ("", "0000 - Z")
    if BBP.exists():  # the pairing engine refuses the dash (the stored points disagree), reads what is written
        assert engine(source, "-c").returncode != 0
        assert engine(target, "-c").returncode == 0, engine(target, "-c").stdout
