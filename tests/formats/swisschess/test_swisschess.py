"""Swiss-Chess's .SWT files: the fixtures written from the layout (tests/support/swisschess_files.py),
files made hostile from them, and the two real samples with an independent decoder's JSON."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from brightwell_plugin import api
from brightwell_plugin.checking import check
from brightwell_plugin.errors import BrightwellError, NotATournament
from brightwell_plugin.model import FILE_ROUND, LEFT_OUT, PUBLISHED_AFTER, Kind, Result, ScoringSystem, Side
from brightwell_plugin.teams.model import Board
from support import swisschess_files as swt
from support.samples import present, research

SAMPLES = research("corpus", "turn5", "swt")


def load(tmp_path, event: swt.Event, name: str = "event.SWT", data: bytes | None = None):
    path = tmp_path / name
    path.write_bytes(event.dumps() if data is None else data)
    return api.load(path)


def refusal(tmp_path, data: bytes) -> str:
    path = tmp_path / "hostile.SWT"
    path.write_bytes(data)
    with pytest.raises(BrightwellError) as exc:
        api.load(path)
    message = str(exc.value)
    assert "\n" not in message and "hostile.SWT" in message
    return message


def test_the_club_swiss_reads_as_its_layout_says(tmp_path):
    loaded = load(tmp_path, swt.club_swiss())
    t = loaded.format, loaded.tournament
    assert t[0] == "swiss-chess"
    t = t[1]
    assert [p.name for p in t.players] == ["Adler, Anna", "Berg, Bruno", "Costa, Carla", "Dvorák, Dan", "Eriksen, Erik"]
    adler, berg, costa, dvorak, eriksen = t.players
    assert (adler.rating, adler.title, adler.federation, adler.birth_date, adler.ids) == \
        (2105, "WFM", "GER", "1990-05-12", (("fide", "1500001"),))
    assert (berg.birth_date, dvorak.rating) == ("1985", 1902)  # no FIDE rating: the national one
    assert [e.kind for e in adler.rounds] == [Kind.GAME, Kind.HALF_BYE, Kind.PAIRED]
    assert (adler.rounds[0].opponent, adler.rounds[0].result, adler.rounds[0].side) == (2, Result.WIN, Side.FIRST)
    assert (berg.rounds[1].kind, costa.rounds[1].kind) == (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
    assert [e.kind for e in eriksen.rounds] == [Kind.PAB, Kind.GAME, Kind.ABSENT]
    assert (eriksen.withdrawn_after, adler.withdrawn_after) == (2, None)
    assert (t.rounds, t.system, t.start_date, t.end_date, t.tiebreaks) == \
        (4, "swiss", "2026-03-07", "2026-03-08", ("PTS", "PS", "WIN"))
    meta = dict(t.metadata)
    assert (meta[FILE_ROUND], meta[PUBLISHED_AFTER]) == ("3", "2")
    assert [(p.stored_points, p.stored_rank) for p in t.players] == [(1.5, 2), (1, 3), (0.5, 4), (0.5, 4), (2, 1)]
    assert dict(adler.extra)["published PS"] == "2.5" and dict(eriksen.extra)["published WIN"] == "2"


def test_check_compares_every_stored_place_and_value_and_finds_a_wrong_one(tmp_path):
    host = api.get_host()
    _, rows = check(load(tmp_path, swt.club_swiss()).tournament, None, None, host)
    assert not any(r.differs for r in rows)
    assert len(rows) == 5 and all({item for item, _, _ in r.published} == {"PS", "WIN"} for r in rows)
    event = swt.club_swiss()
    event.players[0].first = 6  # Adler's progressive score stored as 3, not 2.5
    _, rows = check(load(tmp_path, event, "wrong.SWT").tournament, None, None, host)
    assert [(r.start_no, r.published) for r in rows if r.differs] == [(1, (("PS", 3.0, 2.5), ("WIN", 1.0, 1.0)))]


def test_the_club_league_reads_with_its_teams_and_matches(tmp_path):
    t = load(tmp_path, swt.club_league()).tournament
    section = t.teams
    assert [(team.number, team.name, team.members) for team in section.teams] == \
        [(1, "Alpha", (1, 2)), (2, "Bravo", (3, 4, 5)), (3, "Charlie", (6, 7)), (4, "Delta", (8, 9))]
    assert section.tiebreaks == ("MPTS", "GPTS", "BH:MP") and t.tiebreaks == ("PTS", "BH", "SB")
    first, _, _, last = section.matches
    assert (first.first, first.second, first.boards) == (1, 2, (Board(1, 1, 3, 0.5, 0.5), Board(2, 2, 4, 1, 0)))
    assert (last.round, last.first, last.second, last.boards) == (2, 2, 4, (Board(1, 3, 8, 1, 0), Board(2, 5, None, 1, 0)))
    assert [(team.stored_match_points, team.stored_game_points, team.stored_rank) for team in section.teams] == \
        [(3, 2.5, 1), (2, 2.5, 2), (2, 2, 3), (1, 1, 4)]
    _, rows = check(t, None, None, api.get_host())
    assert len(rows) == 4 and not any(r.differs for r in rows)


def test_a_team_paired_with_the_placeholder_team_has_the_bye(tmp_path):
    event = swt.club_league()
    event.teams.append(swt.Card("spielfrei", swt.TEAM_OFFSET + 5, placeholder=True))
    event.team_records[0, 1] = swt.Record(swt.WHITE, swt.TEAM_OFFSET + 5)  # Alpha: the bye in round 1
    event.team_records[1, 1] = swt.Record()
    for k in (0, 1, 2, 3):  # their players' round-1 games gone
        event.records.pop((k, 1), None)
    t = load(tmp_path, event).tournament
    bye = next(m for m in t.teams.matches if m.round == 1 and m.first == 1)
    assert (bye.second, bye.bye) == (None, "pab") and len(t.teams.teams) == 4


def test_results_no_model_result_holds_are_left_out_and_said(tmp_path):
    event = swt.club_swiss()
    event.game(1, 3, 4, swt.LOSS, swt.DRAW, table=2)  # 0 - 1/2
    loaded = load(tmp_path, event)
    assert any("results 1 and 2" in w and "left out" in w for w in loaded.warnings)
    assert any(k == LEFT_OUT for k, _ in loaded.tournament.metadata)
    assert loaded.tournament.players[2].rounds[0].kind is Kind.ABSENT


def test_a_double_loss_is_a_double_forfeit_and_scoring_follows_the_settings(tmp_path):
    event = swt.club_swiss()
    event.game(1, 3, 4, swt.LOSS, swt.LOSS)
    event.scoring = 1
    t = load(tmp_path, event).tournament
    assert [t.players[k].rounds[0].kind for k in (2, 3)] == [Kind.FORFEIT_LOSS] * 2
    assert t.scoring == ScoringSystem(3, 1, 0, 0, 3)
    event.scoring, event.own_scores = 3, (2, 2, 1, 1, 0, 0)
    assert load(tmp_path, event, "own.SWT").tournament.scoring == ScoringSystem(2, 1, 0, 0, 2)
    event.scoring = 2
    assert any("a draw as Black 1½" in w for w in load(tmp_path, event, "colour.SWT").warnings)


def test_the_placeholder_is_known_by_its_name_too_and_records_beyond_the_paired_rounds_are_said(tmp_path):
    event = swt.club_swiss()
    event.players[5].placeholder = False  # no "f" mark: its name "spielfrei" says it
    event.game(4, 1, 2, swt.WIN, swt.LOSS)  # round 4, which the file does not count as paired
    loaded = load(tmp_path, event)
    assert len(loaded.tournament.players) == 5 and loaded.tournament.players[4].rounds[0].kind is Kind.PAB
    assert any("round(s) 4 hold pairing records" in w for w in loaded.warnings)


def test_a_file_is_recognised_by_its_content_whatever_its_name(tmp_path):
    path = tmp_path / "renamed.bin"
    path.write_bytes(swt.club_swiss().dumps())
    assert api.detect_format(path).name == "swiss-chess"
    path.write_bytes(swt.club_swiss().dumps() + b"\0")  # a byte more: the counts no longer fit its size
    with pytest.raises(BrightwellError, match="cannot tell the file format"):
        api.detect_format(path)


def test_the_fixture_converts_to_trf_2026_and_back_to_the_same_standings(tmp_path):
    t = load(tmp_path, swt.club_swiss()).tournament
    target = tmp_path / "club.trf"
    api.convert(tmp_path / "event.SWT", target)
    back = api.load(target).tournament
    for after in (1, 2):
        assert [(r.start_no, r.values) for r in api.rank(back, "PTS,PS,WIN", after).rows] == \
            [(r.start_no, r.values) for r in api.rank(t, "PTS,PS,WIN", after).rows]


# --- hostile files: counts and places that lie -----------------------------------------------------

def test_counts_that_lie_are_refused_naming_the_file_and_the_field(tmp_path):
    data = bytearray(swt.club_swiss().dumps())
    data[7] = 9  # nine participants: their cards do not fit the file
    assert "u16 at 7" in refusal(tmp_path, bytes(data))
    data = bytearray(swt.club_swiss().dumps())
    data[5] = 5  # five rounds paired, records of four
    assert "u16 at 5" in refusal(tmp_path, bytes(data))
    assert "cut short" in refusal(tmp_path, swt.club_swiss().dumps()[:-1])
    assert "fewer than Swiss-Chess's 13384" in refusal(tmp_path, swt.club_swiss().dumps()[:5000])


@pytest.mark.parametrize("change, words", [
    (lambda e: setattr(e, "version", 700), "version 700"),
    (lambda e: setattr(e, "mode", 2), "knock-out"),
    (lambda e: setattr(e, "mode", 9), "mode 9"),
    (lambda e: setattr(e, "scoring", 4), "the scoring of a game 4 (byte 0x538)"),
    (lambda e: e.records.__setitem__((0, 1), swt.Record(9, 2, 3)), "colour 9"),
    (lambda e: e.records.__setitem__((0, 1), swt.Record(swt.WHITE, 77, 3)), "names participant 77"),
    (lambda e: e.records.__setitem__((0, 1), swt.Record(swt.WHITE, 4, 3)), "whose record does not say so"),
    (lambda e: e.records.__setitem__((0, 1), swt.Record(swt.WHITE, 1, 3)), "paired with himself"),
    (lambda e: setattr(e.players[1], "number", 1), "another card's too"),
    (lambda e: setattr(e, "rounds", 5000), "beyond the limit"),
])
def test_what_lies_in_a_record_is_refused_in_one_line(tmp_path, change, words):
    event = swt.club_swiss()
    change(event)
    assert words in refusal(tmp_path, event.dumps())


def _without_round_2_of_alpha_and_charlie(event: swt.Event) -> swt.Event:
    for k in (0, 2):
        event.team_records.pop((k, 2))
    for k in (0, 1, 5, 6):
        event.records.pop((k, 2))
    return event


@pytest.mark.parametrize("change, words", [
    (lambda e: setattr(e.players[0], "team", 9), "plays for team 9, which is no team"),
    (lambda e: setattr(e.teams[1], "number", swt.TEAM_OFFSET + 1), "another team's too"),
    (lambda e: e.team_records.__setitem__((0, 1), swt.Record(swt.WHITE, swt.TEAM_OFFSET + 3)), "does not say so"),
    (lambda e: _without_round_2_of_alpha_and_charlie(e).alone(2, 1, swt.WIN, swt.WHITE, swt.NOT_FIELDED),
     "alone, and his team plays no match that round"),
    (lambda e: _without_round_2_of_alpha_and_charlie(e).game(2, 1, 6, swt.WIN, swt.LOSS),
     "against team 3, and no match of the round pairs them"),
])
def test_what_lies_in_a_team_file_is_refused_in_one_line(tmp_path, change, words):
    event = swt.club_league()
    change(event)
    assert words in refusal(tmp_path, event.dumps())


def test_a_file_prepared_before_its_players_is_no_event(tmp_path):
    event = replace(swt.club_swiss(), players=[], records={}, paired=0)
    path = tmp_path / "empty.SWT"
    path.write_bytes(event.dumps())
    with pytest.raises(NotATournament):
        api.load(path)


# --- the real samples (fnogatz/swtparser.js's test files, with its JSON) ----------------------------

def _sample(name: str):
    path = SAMPLES / f"{name}.SWT"
    present(path)
    return api.load(path), json.loads((SAMPLES / f"{name}.json").read_text())


def test_the_individual_sample_ranks_as_swiss_chess_stored_it():
    loaded, _ = _sample("SwissIndividual")
    t = loaded.tournament
    assert t.tiebreaks == ("PTS", "BH/C1", "BHSUM/C1", "WIN") and not loaded.warnings
    standings, rows = check(t, None, None, api.get_host())
    assert len(rows) == 24 and not any(r.differs for r in rows)
    assert all({item for item, _, _ in r.published} == {"BH/C1", "BHSUM/C1"} for r in rows)
    assert all(r.stored_rank is not None for r in rows)
    stored = {p.start_no: p.stored_points for p in t.players}
    assert all(r.values[0] == stored[r.start_no] for r in standings.rows)


def test_the_individual_sample_agrees_with_the_independent_decoder():
    loaded, decoded = _sample("SwissIndividual")
    players = {p.start_no: p for p in loaded.tournament.players}
    for card in decoded["players"]:
        p = players[int(card["2020"], 16)]
        assert (p.name.replace(", ", ","), p.stored_rank, p.stored_points) == (card["2000"], card["2022"], card["2030"] / 2)
    colour = {"4000-1": Side.FIRST, "4000-2": Side.SECOND}
    result = {"4002-1": Result.LOSS, "4002-2": Result.DRAW, "4002-3": Result.WIN}
    for record in decoded["pairings_players"]:
        e = players[int(record["player"], 16)].entry(record["round"])
        assert (e.opponent, e.side, e.result) == (int(record["4001"], 16), colour[record["4000"]], result[record["4002"]])


def test_the_team_sample_reads_with_its_teams():
    loaded, decoded = _sample("SwissTeam")
    t = loaded.tournament
    assert [team.name for team in t.teams.teams] == [team["1000"] for team in decoded["teams"]]
    assert len(t.teams.matches) == 7 * 5 and all(len(m.boards) == 8 for m in t.teams.matches)
    pairs = {(m.round, m.first, m.second) for m in t.teams.matches}
    for record in decoded["pairings_teams"]:
        home = record["3001"] == "3001-1"
        pair = (record["team"], record["3002"]) if home else (record["3002"], record["team"])
        assert (record["round"], *pair) in pairs
    _, rows = check(t, None, None, api.get_host())
    assert len(rows) == 10 and not any(r.differs for r in rows)


def test_the_individual_sample_converts_to_trf_2026_that_keeps_its_places(tmp_path):
    loaded, _ = _sample("SwissIndividual")
    target = tmp_path / "individual.trf"
    api.convert(SAMPLES / "SwissIndividual.SWT", target)
    assert "XXR 9" in target.read_text()
    _, rows = check(api.load(target).tournament, None, None, api.get_host())
    assert len(rows) == 24 and not any(r.differs for r in rows)


def test_the_team_samples_cards_hold_their_buchholz_and_its_players_cards_are_not_their_games():
    loaded, _ = _sample("SwissTeam")
    from brightwell_plugin.adapters.swisschess.layout import read_layout
    layout = read_layout((SAMPLES / "SwissTeam.SWT").read_bytes())
    offset = layout.settings.team_id_offset
    buchholz = {r.start_no: r.values[2] for r in api.rank(loaded.tournament, "MPTS,GPTS,BH:MP").rows}
    assert buchholz == {card.number - offset: card.second / 2 for card in layout.teams}
    assert sum("stored points" in w and "disagree" in w for w in loaded.warnings) == 7


def test_a_round_robin_reads_its_own_tie_break_bytes_and_planned_rounds_beyond_a_cycle(tmp_path):
    event = swt.club_swiss()
    event.mode, event.codes = 1, {0x26E: 5, 0x23D: 14, swt.TB1: 3}  # Sonneborn-Berger, then wins; 0x26D is a Swiss's
    t = load(tmp_path, event).tournament
    assert (t.system, t.tiebreaks) == ("round-robin", ("PTS", "SB", "WIN"))


def test_an_unknown_encoding_is_refused_in_one_line(tmp_path):
    path = tmp_path / "club.SWT"
    path.write_bytes(swt.club_swiss().dumps())
    with pytest.raises(BrightwellError, match="unknown encoding 'klingon'"):
        api.load(path, encoding="klingon")
    assert api.load(path, encoding="latin-1").tournament.players[3].name == "Dvorák, Dan"
