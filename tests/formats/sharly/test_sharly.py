"""Sharly-Chess event files (.sce, adapters/sharly): files written from the schema at three points of
Sharly's history read alike; a tournament chosen by name; the file opened as untrusted (read from
memory: nothing written beside it, nothing but tables read); and Sharly's own example events
(../shared/research/corpus/turn5/sharly_events, from github.com/Sharly-Chess/sharly-chess examples/events)
ranked at the round each is at, their points and tie-break values as Sharly computed them
(../shared/research/programs/sharly)."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.sharly import settings as sharly_settings
from brightwell_plugin.adapters.sharly.format import SharlyFormat
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import sharly_files
from support.samples import ABSENT, research

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Result, Side

EVENTS = research("corpus", "turn5", "sharly_events")
SHARLY = research("programs", "sharly")


def _write(tmp_path, schema="m081", name="event.sce", **kw) -> Path:
    path = tmp_path / name
    path.write_bytes(sharly_files.event_file(schema, **kw))
    return path


@pytest.mark.parametrize("schema", sharly_files.SCHEMAS)
def test_every_schema_reads_the_same_event(tmp_path, schema):
    loaded = api.load(_write(tmp_path, schema), part="Open A")
    t = loaded.tournament
    assert api.detect_format(tmp_path / "event.sce").name == "sharly"
    assert t.name == f"{sharly_files.EVENT} - Open A" and t.rounds == 3 and t.start_date == "2026-03-07"
    points = {r.name: r.values[0] for r in api.rank(t, "PTS", after_round=3).rows}  # every record
    assert points == sharly_files.POINTS
    assert api.rank(t).after_round == 2  # round 3 is partly entered: ranked after round 2, as Sharly ranks it
    alpha = next(p for p in t.players if p.name == "ALPHA, Anne")
    assert (alpha.start_no, alpha.rating, alpha.title, alpha.sex, alpha.federation) == (1, 2010, "WFM", "w", "FRA")
    assert [(e.kind, e.opponent, e.result, e.side) for e in alpha.rounds] == [
        (Kind.GAME, 2, Result.WIN, Side.FIRST), (Kind.FORFEIT_WIN, 3, None, Side.FIRST),
        (Kind.GAME, 4, Result.LOSS, Side.SECOND)]
    echo = next(p for p in t.players if p.name == "ECHO, Eric")
    assert [e.kind for e in echo.rounds] == [Kind.PAB, Kind.GAME] and echo.rounds[1].rated is False  # no row: no record
    delta = next(p for p in t.players if p.name == "DELTA, David")
    assert delta.rounds[1].kind is Kind.HALF_BYE and delta.title == "CM" and echo.rating is None  # estimated: not read
    bravo = next(p for p in t.players if p.name == "BRAVO, Bruno")
    assert bravo.rounds[2].kind is Kind.PAIRED and t.rounds_played == 3


@pytest.mark.parametrize("schema, items", [
    ("m035", ("PTS", "OTHER_PAPI_BUCHHOLZ_CUT", "OTHER_PAPI_PERFORMANCE")),
    ("m054", ("PTS", "BH/C1/V2024:preset=sharly", "OTHER_PAPI_BUCHHOLZ_MEDIAN", "OTHER_FFE_BERLIN")),
    ("m081", ("PTS", "DE/P:preset=sharly", "SB/V2024:preset=sharly", "OTHER_PAPI_PERFORMANCE"))])
def test_the_tie_breaks_are_those_sharly_ranks_by(tmp_path, schema, items):
    """Sharly's valid list (Koya is a round robin's: left out of a Swiss, said), each FIDE tie-break
    computed Sharly's way, a Buchholz or Sonneborn-Berger of a file before m082 by the rules before
    March 2026 (Sharly's m082 marks them so)."""
    path = _write(tmp_path, schema)
    result = SharlyFormat().read(ReadOptions(path, division="Open A"))
    assert result.tournament.tiebreaks == items
    assert (schema == "m081") == any("KS/L-1 (a round robin's only)" in w for w in result.warnings)
    loaded = api.load(path, part="Open A")  # a tie-break no plugin knows: ranked without it, said
    assert "OTHER_FFE_BERLIN" not in loaded.tournament.tiebreaks
    assert api.rank(loaded.tournament).rows


def test_a_tie_break_this_project_does_not_know_is_named(tmp_path):
    path = _write(tmp_path, "m081", tie_breaks=[("BUCHHOLZ", {"CUTTER_WITH_MEDIAN": "CUT_1", "NEW_OPTION": 1}),
                                                ("SOMETHING_NEW", {})])
    result = SharlyFormat().read(ReadOptions(path, division="Open A"))
    assert result.tournament.tiebreaks == ("PTS", "BH/C1/V2024:preset=sharly")
    assert any("SOMETHING_NEW" in w and "left out" in w for w in result.warnings)
    assert any("NEW_OPTION" in w for w in result.warnings)


@pytest.mark.parametrize("listed", [7, "BUCHHOLZ", {"type": "ffe-PAPI_BUCHHOLZ"}])
def test_tie_breaks_that_are_no_list_are_refused_in_one_line(tmp_path, listed):
    """An older file's ``tie_breaks`` column holding JSON that is no list (found by the fuzzer: an int
    failed the reader): refused in one line."""
    path = _write(tmp_path, "m035", tie_breaks=listed)
    with pytest.raises(BrightwellError, match="the tournament's tie-breaks are not a list"):
        api.load(path)


def test_three_points_for_a_win_and_the_pab_value(tmp_path):
    t = api.load(_write(tmp_path, "m054", three_points=True, pab_value=2), part="Open A").tournament
    assert (t.scoring.win, t.scoring.draw, t.scoring.loss, t.scoring.pab) == (3, 1, 0, 1)
    points = {r.name: r.values[0] for r in api.rank(t, "PTS", after_round=3).rows}
    assert points["ECHO, Eric"] == 1 and points["ALPHA, Anne"] == 6 and points["DELTA, David"] == 5


def test_one_tournament_of_several_chosen_by_name(tmp_path):
    path = _write(tmp_path)
    assert SharlyFormat().parts(path) == ("Open A", "Open B")
    first = api.load(path)
    assert first.tournament.name.endswith("Open A") and any("--division" in w for w in first.warnings)
    assert api.load(path, part="open b").tournament.name.endswith("Open B")
    with pytest.raises(BrightwellError, match="no tournament 'C' \\(tournaments: Open A, Open B\\)"):
        api.load(path, part="C")
    result = CliRunner().invoke(main, ["rank", str(path), "--division", "Open B"])
    assert result.exit_code == 0 and "GOLF, Gus" in result.output


def test_a_file_of_before_the_games_came_into_it_is_refused_saying_where_they_are(tmp_path):
    with pytest.raises(BrightwellError, match="before migration m034 \\(Sharly-Chess 2.6.1, migration m023\\).*Papi files"):
        api.load(_write(tmp_path, "m023"))


def test_the_input_is_only_read(tmp_path):
    """A write-ahead-logging file read where it lies: nothing created beside it, its bytes and times kept."""
    path = _write(tmp_path)
    data = bytearray(path.read_bytes())
    data[18:20] = b"\x02\x02"
    path.write_bytes(bytes(data))
    os.chmod(path, 0o444)
    before = (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns)
    assert api.load(path, part="Open A").tournament.players
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.sce"]
    assert (hashlib.sha256(path.read_bytes()).hexdigest(), path.stat().st_mtime_ns) == before


@pytest.mark.parametrize("sql, message", [
    ("DROP TABLE pairing; CREATE VIEW pairing AS SELECT * FROM board;", "not a Sharly-Chess event file.*no table pairing"),
    ("ALTER TABLE tournament RENAME TO tournaments;", "no table tournament"),
    ("UPDATE tournament SET rounds = 'many';", "'many' rounds is not a number of rounds"),
    ("UPDATE tournament SET rounds = 100000;", "beyond the limit"),
    ("UPDATE pairing SET round = 7 WHERE player_id = 1 AND round = 3;", "plays 1, but player 1's round 3 says absent"),
    ("UPDATE pairing SET board_id = 500 WHERE player_id = 1 AND round = 1;", "board 500, which is not there"),
    ("INSERT INTO pairing VALUES (1, 42, 1, 3, NULL, 0);", "player 42, who is not in the tournament"),
    ("UPDATE player SET ratings = '{\"1\": [[[[' WHERE id = 1;", "ratings are not JSON"),
    ("UPDATE tie_break SET options = 'nope' WHERE id = 1;", "options are not JSON"),
    ("DELETE FROM tournament;", "holds no tournament yet"),
    ("CREATE TABLE big (x); ALTER TABLE pairing ADD COLUMN huge TEXT GENERATED ALWAYS AS (zeroblob(50000000)) VIRTUAL;",
     None),
])
def test_a_malformed_database_is_refused_in_one_line(tmp_path, sql, message):
    path = _write(tmp_path, extra_sql=sql)
    result = CliRunner().invoke(main, ["rank", str(path), "--division", "Open A"])
    if message is None:  # a column the reader does not ask for is never computed
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and str(path) in line and "Traceback" not in line
    assert __import__("re").search(message, line), line


def test_pairings_beyond_the_tournaments_rounds_are_left_out_and_said(tmp_path):
    """Sharly-Chess keeps the byes entered for rounds a tournament no longer has."""
    path = _write(tmp_path, extra_sql="INSERT INTO pairing VALUES (1, 3, 5, 7, NULL, 0);")
    loaded = api.load(path, part="Open A")
    assert any("1 pairing(s) beyond the tournament's 3 rounds (player 3, round 5): left out (byes of no points)" in w
               for w in loaded.warnings)
    scoring = _write(tmp_path, name="scoring.sce", extra_sql="INSERT INTO pairing VALUES (1, 3, 5, 10, NULL, 0);")
    with pytest.raises(BrightwellError, match="refused with --strict"):
        api.load(scoring, part="Open A", strict=True)


def test_a_table_beyond_any_event_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(sharly_settings, "_ROWS", 5)
    with pytest.raises(BrightwellError, match="more than 5 rows"):
        api.load(_write(tmp_path), part="Open A")


def test_a_statement_doing_too_much_work_is_stopped(tmp_path, monkeypatch):
    from brightwell_plugin.adapters.sharly import database
    monkeypatch.setattr(database, "_STEPS", 1)
    monkeypatch.setattr(database, "_MAX_CALLS", 0)
    with pytest.raises(BrightwellError, match="more work than any event needs"):
        api.load(_write(tmp_path), part="Open A")


def test_only_reads_are_authorised(tmp_path):
    from brightwell_plugin.adapters.sharly.database import Database
    with Database(_write(tmp_path).read_bytes(), "x.sce") as db:
        db.tables()
        for sql in ("ATTACH DATABASE 'other.db' AS other", "PRAGMA writable_schema = ON", "DELETE FROM player",
                    "SELECT load_extension('x')", "SELECT readfile('/etc/passwd')"):
            with pytest.raises(BrightwellError, match="cannot be read"):
                list(db.rows(sql, "a statement"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.sce"]


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_damaged_file_is_read_or_refused_in_one_line(tmp_path, data):
    raw = bytearray(sharly_files.event_file(data.draw(st.sampled_from(sharly_files.SCHEMAS))))
    for _ in range(data.draw(st.integers(1, 30))):
        at = data.draw(st.integers(0, len(raw) - 1))
        raw[at] = data.draw(st.integers(0, 255))
    cut = data.draw(st.one_of(st.none(), st.integers(100, len(raw))))
    path = tmp_path / "damaged.sce"
    path.write_bytes(bytes(raw[:cut]))
    result = CliRunner().invoke(main, ["rank", str(path), "--division", "Open A"])
    assert result.exit_code in (0, 2), result.output
    if result.exit_code == 2:
        assert result.output.count("\n") == 1 and "Traceback" not in result.output and "damaged.sce" in result.output


def _sharly_events():
    if not EVENTS.is_dir() or not SHARLY.exists():
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=ABSENT))]
    out = []
    for path in sorted((SHARLY / "values").glob("*.json")):
        for event in json.loads(path.read_text(encoding="utf-8")):
            found = sorted(EVENTS.rglob(f"{event['event']}.sce"))
            if found and event.get("trf"):
                out.append(pytest.param(found[0], event, id=f"{event['event']}/{event['tournament']}"))
    return out


@pytest.mark.parametrize("path, event", _sharly_events())
def test_sharlys_own_events_read_as_sharly_ranks_them(path, event):
    """Sharly-Chess 4.2.3's own standings of the same event, at the round it is at: its start
    numbers (the names its TRF export gives them), its order, its points and every tie-break value,
    its direct encounter's places, its performances and Papi's values included."""
    t = api.load(path, part=event["tournament"]).tournament
    names = {p.start_no: p.name[:33].strip() for p in api.load(SHARLY / event["trf"]).tournament.players}
    standings = api.rank(t)  # at the round it is at
    assert standings.after_round == event["after_round"]
    assert len(standings.items) == 1 + len(event["tie_breaks"])  # Sharly's valid list
    assert [r.start_no for r in standings.rows] == [row["sno"] for row in event["rows"]]  # the order
    for mine, row in zip(standings.rows, event["rows"]):
        assert mine.name[:33].strip() == names[row["sno"]]
        assert mine.values == (row["pts"], *map(float, row["tb"])), (mine.name, event["tie_breaks"])


@pytest.mark.parametrize("schema", sharly_files.SCHEMAS)
def test_a_tournament_converts_to_a_trf_the_pairing_engines_read(tmp_path, schema):
    """Written as TRF (Papi's tie-breaks by the names Sharly's own export writes): the same standings
    read back, the points each engine reads, and the next round paired from it."""
    from support.engines import ENGINES
    paired = _write(tmp_path, schema, name="paired.sce")  # round 3's game not played yet: said
    result = CliRunner().invoke(main, ["convert", str(paired), str(tmp_path / "paired.trf"), "--division", "Open A"])
    assert result.exit_code == 0, result.output
    if _standings(paired, part="Open A") != _standings(tmp_path / "paired.trf"):
        assert "changes the standings: 1 pairing(s) without a result" in result.output
    source = _write(tmp_path, schema, extra_sql="DELETE FROM pairing WHERE round = 3 AND result = 0;")
    target = tmp_path / "open-a.trf"
    result = CliRunner().invoke(main, ["convert", str(source), str(target), "--division", "Open A"])
    assert result.exit_code == 0, result.output
    assert _standings(target) == _standings(source, part="Open A")
    written = {p.start_no: p.stored_points for p in api.load(target).tournament.players}
    for engine in ENGINES:
        assert engine.points(target) == written, engine.name
        engine.pairs(target, tmp_path)


def _standings(path, part=None):
    return [(r.name, r.values) for r in api.rank(api.load(path, part=part).tournament).rows]


@pytest.mark.parametrize("sql, said", [
    ("UPDATE tournament_player SET pairing_number = 'x' WHERE player_id = 3", None),
    ("UPDATE tournament_player SET pairing_number = X'0001' WHERE player_id = 3", None),
    ("UPDATE tournament_player SET pairing_number = 2.5 WHERE player_id = 3", None),
    ("UPDATE tournament_player SET player_id = 'x' WHERE player_id = 3", "tournament player 'x': a player id that is "
                                                                         "not a whole number"),
    ("UPDATE tournament_player SET player_id = X'00' WHERE player_id = 3", "a player id that is not a whole number"),
])
def test_a_pairing_number_or_player_id_of_another_type_is_numbered_after_or_refused(tmp_path, sql, said):
    """SQLite keeps any type in any column: a text or blob pairing number is no number (the player is
    numbered as Sharly numbers a player without one, by starting rank, said); a text player id names no
    player."""
    path = _write(tmp_path, extra_sql=sql + ";")
    if said:
        with pytest.raises(BrightwellError, match=said) as refused:
            api.load(path)
        assert str(refused.value).startswith(str(path)) and "\n" not in str(refused.value)
        return
    loaded = api.load(path)
    assert sorted(p.start_no for p in loaded.tournament.players) == [1, 2, 3, 4, 5]
    assert any("numbered as Sharly-Chess numbers them" in w for w in loaded.warnings)


@pytest.mark.parametrize("ratings", ['{"1": {"type": [3], "value": 1800}}', '{"1": {"type": {"a": 1}, "value": 1800}}',
                                     '{"1": {"fide": [1], "national": {}}}', '{"1": [1, 2]}', '[1]'])
def test_ratings_of_odd_types_are_no_rating_or_refused_in_one_line(tmp_path, ratings):
    path = _write(tmp_path, extra_sql=f"UPDATE player SET ratings = '{ratings}' WHERE id = 1;")
    try:
        loaded = api.load(path)
    except BrightwellError as exc:
        assert str(exc).startswith(str(path)) and "ratings are not an object" in str(exc)
    else:
        assert next(p for p in loaded.tournament.players if p.name.startswith("ALPHA")).rating is None

