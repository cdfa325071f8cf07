"""FlipTheDisc JSON: reading, and the ftd preset against the BQ values FlipTheDisc publishes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind
from support.make_fixtures import FIXTURES, ftd_json, othello_open
from support.samples import or_skip
from support.samples import research

FTD = FIXTURES / "othello_open.ftd.json"
SAMPLES = research("formats", "flipthedisc")


def test_fixture_reads_as_the_sample_event():
    t = api.load(FTD).tournament
    assert t.board == 64 and t.tiebreaks == ("PTS", "BQ:preset=ftd")
    assert t.player(5).rounds[0].kind is Kind.PAB  # second player id -1
    assert t.player(6).rounds[0].score == 24  # 64 minus the first player's 40 discs
    assert t.player(9).withdrawn_after == 3
    assert api.rank(t, "PTS,BQ:preset=ftd").rows[0].values == api.rank(othello_open(), "PTS,BQ:preset=ftd").rows[0].values


def test_check_compares_the_published_bq(tmp_path):
    ok = CliRunner().invoke(main, ["check", str(FTD)])
    assert ok.exit_code == 0 and ok.stdout.strip() == "0 of 9 players differ"  # the places listed, the BQ published
    data = json.loads(FTD.read_text())
    next(s for s in data["standings"] if s["player_id"] == 8)["mbq"] = 361
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(data))
    bad = CliRunner().invoke(main, ["check", str(wrong)])
    assert bad.exit_code == 1 and "1 of 9 players differ" in bad.stdout
    assert "Kovac" in bad.stdout and "361" in bad.stdout and "362" in bad.stdout


def test_truncated_json_is_a_one_line_error_and_nothing_is_written(tmp_path):
    cut = tmp_path / "cut.json"
    cut.write_text(FTD.read_text()[:500])
    result = CliRunner().invoke(main, ["convert", str(cut), str(tmp_path / "out.xml"), "--input-format", "flipthedisc"])
    assert result.exit_code == 2 and "the file is cut short: its JSON ends inside" in result.stderr and "line" in result.stderr
    assert not (tmp_path / "out.xml").exists()
    with pytest.raises(BrightwellError, match="not a FlipTheDisc tournament"):
        (tmp_path / "other.json").write_text('{"players_list": [{"id": 1}], "rounds": []}')
        api.load(tmp_path / "other.json", "flipthedisc")


@pytest.mark.parametrize("field, value, message", [
    ("score", 32.5, "disc count 32.5 is not a whole number from 0 to 64"),
    ("score", "32", "disc count '32' is not a whole number from 0 to 64"),
    ("score", True, "disc count True is not a whole number from 0 to 64"),
    ("score", 65, "disc count 65 is not a whole number from 0 to 64"),
    ("score", -1, "disc count -1 is not a whole number from 0 to 64"),
    ("result", 3, "result 3 is not 0, 1 or 2"),
    ("result", "2", "result '2' is not 0, 1 or 2"),
])
def test_a_game_is_read_as_stored_or_refused_never_rounded(tmp_path, field, value, message):
    data = json.loads(FTD.read_text())
    game = next(pair[0] for pair in data["rounds"][1]["pairing"] if pair[1]["id"] != -1)
    game[field] = value
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(BrightwellError, match=rf"bad.json: round 2, player {game['id']}: {message}"):
        api.load(bad, "flipthedisc")


def test_a_whole_disc_count_written_as_a_float_is_read():
    data = json.loads(FTD.read_text())
    game = next(pair[0] for pair in data["rounds"][1]["pairing"] if pair[1]["id"] != -1)
    whole = game["score"]
    game["score"] = float(whole)
    from brightwell_plugin.adapters.flipthedisc import FlipTheDiscFormat
    t = FlipTheDiscFormat()._tournament(data)
    assert t.player(game["id"]).rounds[1].score == whole and type(t.player(game["id"]).rounds[1].score) is int


@pytest.mark.parametrize("sample", or_skip(sorted(SAMPLES.glob("tournament_*.json")) if SAMPLES.exists() else []),
                         ids=lambda p: p.name if p else "none")
def test_ftd_preset_reproduces_every_published_bq(sample):
    t = api.load(sample).tournament
    standings, rows = api.check(t)
    assert all(r.published for r in rows)
    assert [r for r in rows if r.differs] == []


def test_the_files_coefficient_is_used(tmp_path):
    data = json.loads(FTD.read_text())
    data["info"]["mbq_coef"] = 6
    path = tmp_path / "coef.json"
    path.write_text(json.dumps(data))
    t = api.load(path).tournament
    assert t.tiebreaks == ("PTS", "BQ:preset=ftd:coef=6")
    assert dict((r.start_no, r.values[1]) for r in api.rank(t).rows)[5] == 124 + 6 * 12 + 32 + 6 * 3


def test_play_offs_after_the_swiss_are_kept_apart(tmp_path):
    """A final of three games and a third-place match after the Swiss: rounds numbered above the
    Swiss rounds, a match's games in one pairing; BQ and the published mbq stay the Swiss ones."""
    import json

    data = json.loads(ftd_json())
    swiss = data["info"]["rounds"]

    def game(a, b, discs, result):
        return [{"id": a, "score": discs, "result": result, "gameNumber": 0}, {"id": b}]

    final = game(1, 8, 40, 2) + game(8, 1, 36, 2) + game(1, 8, 33, 2)
    data["rounds"] += [
        {"round": swiss + 1, "pairing": [final], "roundNames": [{"round": swiss + 1, "round_name": "Final"}]},
        {"round": swiss + 2, "pairing": [game(4, 2, 30, 0)],
         "roundNames": [{"round": swiss + 2, "round_name": "3rd place"}]},
    ]
    path = tmp_path / "finals.json"
    path.write_text(json.dumps(data))
    t = api.load(path).tournament
    assert t.rounds_played == swiss
    assert [(g.stage, g.first, g.second, g.result.value, g.score) for g in t.playoffs] == [
        ("Final", 1, 8, "win", 40), ("Final", 8, 1, "win", 36), ("Final", 1, 8, "win", 33),
        ("3rd place", 4, 2, "loss", 30)]
    standings, rows = api.check(t)
    assert [r for r in rows if r.published and r.differs] == []  # the published mbq, over the Swiss rounds
    assert any("Final: #1" in line for line in api.describe_playoffs(t))


def test_play_offs_converted_to_an_elo_export_are_its_play_off_sections_and_read_back_as_play_offs(tmp_path):
    """FlipTheDisc -> Papp ELO: each play-off stage a ``%Round <stage>`` block after the Swiss rounds
    (as the WOF archive writes ``%Round PO``), read back as the same play-off games, never as rounds;
    nothing said lost about them, and the Swiss standings by points the same."""
    import json

    data = json.loads(ftd_json())
    swiss = data["info"]["rounds"]

    def game(a, b, discs, result):
        return [{"id": a, "score": discs, "result": result, "gameNumber": 0}, {"id": b}]

    data["rounds"] += [
        {"round": swiss + 1, "pairing": [game(1, 8, 40, 2) + game(8, 1, 36, 2)],
         "roundNames": [{"round": swiss + 1, "round_name": "Final"}]},
        {"round": swiss + 2, "pairing": [game(4, 2, 30, 0)], "roundNames": [{"round": swiss + 2, "round_name": "3rd place"}]}]
    source, target = tmp_path / "finals.json", tmp_path / "finals.elo"
    source.write_text(json.dumps(data))
    loaded, report = api.convert(source, target, "papp")
    text = target.read_text(encoding="latin-1")
    assert text.index(f"%Round: {swiss}") < text.index("%Round Final") < text.index("%Round 3rd place")
    assert not any("play-off" in str(x) for x in report.lost)
    back = api.load(target).tournament
    assert back.playoffs == loaded.tournament.playoffs and back.rounds_played == swiss
    assert [(r.start_no, r.rank) for r in api.rank(back, "PTS").rows] == \
        [(r.start_no, r.rank) for r in api.rank(loaded.tournament, "PTS").rows]


def test_the_event_dates_are_read():
    t = api.load(FIXTURES / "othello_open.ftd.json").tournament
    assert (t.start_date, t.end_date) == ("2026-05-16", "2026-05-17")


def test_play_offs_whose_pairing_list_names_a_category_first(tmp_path):
    """``"pairing": ["open", [game, game], "women", [game]]``: a category's label, then its matches."""
    import json

    data = json.loads(ftd_json())
    swiss = data["info"]["rounds"]

    def game(a, b, discs, result):
        return [{"id": a, "score": discs, "result": result, "gameNumber": 0}, {"id": b}]

    data["rounds"].append({"round": swiss + 1, "roundNames": [{"round": swiss + 1, "round_name": "Final"}],
                           "pairing": ["open", [game(1, 8, 40, 2), game(8, 1, 36, 2)], "women", [game(4, 2, 30, 0)]]})
    path = tmp_path / "categories.json"
    path.write_text(json.dumps(data))
    t = api.load(path).tournament
    assert [(g.stage, g.first, g.second, g.score) for g in t.playoffs] == [
        ("Final (open)", 1, 8, 40), ("Final (open)", 8, 1, 36), ("Final (women)", 4, 2, 30)]
    assert t.rounds_played == swiss


def test_a_round_in_play_is_paired_without_results_and_its_current_round_kept(tmp_path):
    """FlipTheDisc shows a round in play with its games' ``result`` null: pairings without results
    (not absences), the standings after the round before; ``info.current_round`` kept raw."""
    path = tmp_path / "in_play.json"
    path.write_text(ftd_json(awaiting=1))
    t = api.load(path).tournament
    assert api.progress(t) == api.Progress(planned=5, played=4, paired=5, stated=5)
    one, nine = t.player(1).rounds[4], t.player(9)
    assert (one.kind, one.opponent, one.result, one.score) == (Kind.PAIRED, 4, None, None)
    assert t.player(4).rounds[4].opponent == 1 and nine.withdrawn_after == 3 and len(nine.rounds) == 5
    assert api.rank(t, "PTS,BQ:preset=ftd").after_round == 4
    def order(s):
        return [(r.rank, r.start_no, r.values) for r in s.rows]
    assert order(api.rank(t, "PTS")) == order(api.rank(othello_open(), "PTS", after_round=4))


def test_a_play_off_round_is_counted_as_flipthedisc_counts_it(tmp_path):
    """tournament_602 calls its final round 110: kept raw, the Swiss rounds still planned 5 here."""
    data = json.loads(FTD.read_text())
    data["info"]["current_round"] = 110
    path = tmp_path / "final.json"
    path.write_text(json.dumps(data))
    t = api.load(path).tournament
    assert api.progress(t) == api.Progress(planned=5, played=5, paired=5, stated=110)


def _pairs(playoffs) -> list[tuple]:
    return [(g.first, g.second, g.result, g.score, g.opp_score) for g in playoffs]


def test_play_off_rounds_without_a_name_stay_play_offs_in_an_elo_export(tmp_path):
    """A play-off round FlipTheDisc names nothing is stage ``round N (open)``; written ``%Round round N
    (open)`` it would read back as Swiss round N (and move the finalists): it is written as a named
    play-off, said, and read back as the same games, the Swiss rounds and places unchanged."""
    data = json.loads(ftd_json())
    swiss = data["info"]["rounds"]

    def game(a, b, discs, result):
        return [{"id": a, "score": discs, "result": result, "gameNumber": 0}, {"id": b}]

    data["rounds"].append({"round": swiss + 1, "pairing": ["open", [game(1, 8, 40, 2), game(8, 1, 36, 2)]]})
    source, target = tmp_path / "unnamed.json", tmp_path / "unnamed.elo"
    source.write_text(json.dumps(data))
    loaded, report = api.convert(source, target, "papp")
    assert [g.stage for g in loaded.tournament.playoffs] == [f"round {swiss + 1} (open)"] * 2
    assert f"%Round Play-off (round {swiss + 1} (open))" in target.read_text(encoding="latin-1")
    assert any("play-off stages a marker would read as a round number" in x for x in report.metadata_lost)
    back = api.load(target).tournament
    assert back.rounds_played == swiss and _pairs(back.playoffs) == _pairs(loaded.tournament.playoffs)
    assert report.moved == ()


@pytest.mark.parametrize("source", or_skip(sorted(research("corpus", "heldout_ftd").glob("*.json"))
                                           if research("corpus", "heldout_ftd").exists() else []),
                         ids=lambda p: p.name if p else "none")
def test_a_real_events_play_offs_survive_an_elo_export(tmp_path, source):
    """Each held-out FlipTheDisc event as an ELO export: its play-offs read back as play-offs (602's
    final, unnamed, had read back as Swiss rounds 12-13 and swapped the first two places)."""
    loaded, report = api.convert(source, tmp_path / "event.elo", "papp")
    back = api.load(tmp_path / "event.elo").tournament
    assert back.rounds_played == loaded.tournament.rounds_played
    assert _pairs(back.playoffs) == _pairs(loaded.tournament.playoffs)
    assert report.moved == ()
