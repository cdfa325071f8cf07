"""Swiss-Manager's binary files (.TUNX .TURX .TUMX .TUTX): read from the layout, every result code
by rule, the file's own tie-break list with its parameters, teams, hostile bytes, and every real file."""

from __future__ import annotations

import shutil
import struct
from dataclasses import replace

import pytest
from brightwell_plugin.adapters.swissmanager.layout import read_layout
from brightwell_plugin.adapters.swissmanager.tiebreaks import (
    NAMES,
    Parameters,
    from_detail,
    from_record,
    item,
)
from support.make_fixtures import FIXTURES
from support.samples import real_files
from support.swissmanager_files import (
    Event,
    Person,
    club_league,
    club_swiss,
    parameters,
)

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.errors import BrightwellError, UnknownFormat
from brightwell_plugin.model import Kind, Result

CLUB = FIXTURES / "swissmanager" / "club.TUNX"
LEAGUE = FIXTURES / "swissmanager" / "league.TUMX"
REAL = real_files("corpus/turn4/swissmanager_tunx") + real_files("corpus/teams", "*.TUMX")


def _write(tmp_path, event: Event, name: str = "e.TUNX"):
    path = tmp_path / name
    path.write_bytes(event.dumps())
    return path


def _row(t, no):
    return [(e.kind, e.opponent, e.result) for e in t.player(no).rounds]


def test_every_result_code_is_read_by_its_rule():
    loaded = api.load(CLUB)
    t = loaded.tournament
    assert loaded.format == "swiss-manager" and t.name == "Club Swiss 2026" and t.rounds == 5 and t.rounds_played == 4
    assert api.progress(t) == api.Progress(planned=5, played=3, paired=4, stated=4)  # Swiss-Manager's current: paired
    G, F, L = Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS
    assert _row(t, 1) == [(G, 5, Result.WIN), (G, 2, Result.DRAW), (G, 3, Result.WIN), (Kind.PAIRED, 6, None)]
    assert _row(t, 4) == [(F, 8, None), (F, 7, None), (L, 2, None), (Kind.PAIRED, 3, None)]  # 4, 5 and 10 (0-0)
    assert _row(t, 3)[:3] == [(G, 7, Result.LOSS), (L, 8, None), (G, 1, Result.LOSS)]  # 3, and 6 both forfeit
    assert [e.kind for e in t.player(5).rounds] == [G, Kind.PAB, G, Kind.PAIRED]
    assert [e.kind for e in t.player(6).rounds][:2] == [G, Kind.HALF_BYE]  # not paired, given 2: a half-point bye
    assert [e.kind for e in t.player(7).rounds] == [G, L, Kind.ZERO_BYE, Kind.PAB]  # given 3: nothing; a bye not entered
    p8 = t.player(8)
    assert [e.kind for e in p8.rounds] == [L, L] and p8.withdrawn_after == 2  # marked not paired through round 5
    assert [p.withdrawn_after for p in t.players if p.start_no != 8] == [None] * 7


def test_the_players_are_read_where_swiss_manager_keeps_them():
    t = api.load(CLUB).tournament
    a, b, c, f = t.player(1), t.player(2), t.player(3), t.player(6)
    assert (a.name, a.rating, a.federation, a.title, a.sex, a.birth_date, a.ids) == (
        "Adler, Anna", 2105, "GER", "WFM", "w", "1990-05-12", (("fide", "1500001"),))
    assert (b.birth_date, b.sex, c.ids, f.rating) == ("1985", None, (), None)
    assert (t.start_date, t.end_date, t.system, t.game) == ("2026-03-01", "2026-03-02", "swiss", "chess")
    assert dict(t.metadata)["chess-results key"] == "4242"


@pytest.mark.parametrize("doubled, points", [(2, 1.0), (1, 0.5), (0, 0.0)])
def test_the_pairing_allocated_bye_is_worth_what_the_settings_keep(tmp_path, doubled, points):
    t = api.load(_write(tmp_path, replace(club_swiss(), pab_points=doubled))).tournament
    assert t.scoring.pab == points
    rows = {r.start_no: r.values[0] for r in api.rank(t, "PTS").rows}
    assert rows[5] == 0.5 + points  # a loss, the bye, a draw


def test_an_unknown_result_code_is_named_once_and_left_out_and_strict_refuses(tmp_path):
    event = club_swiss()
    event.rounds[0][0] = (1, 5, 17)
    event.rounds[1][0] = (2, 1, 17)
    path = _write(tmp_path, event)
    loaded = api.load(path)
    said = [w for w in loaded.warnings if "result code 17" in w]
    assert len(said) == 1 and "in 2 record(s)" in said[0] and "(round 1)" in said[0] and "(round 2)" in said[0]
    assert loaded.tournament.player(1).rounds[0].kind is Kind.ABSENT
    with pytest.raises(BrightwellError, match=r"result code 17 \(and 1 more\): refused with --strict"):
        api.load(path, strict=True)


@pytest.mark.parametrize("name", ["e.TUNX", "e.tunx", "e.TuRx", "e.dat", "e"])
def test_the_file_is_recognised_by_its_content_whatever_its_suffix(tmp_path, name):
    path = tmp_path / name
    shutil.copyfile(CLUB, path)
    assert api.detect_format(path).name == "swiss-manager"


def test_the_files_tiebreak_list_is_ranked_after_the_points_with_its_parameters():
    loaded = api.load(CLUB)
    assert loaded.tournament.tiebreaks == ("PTS", "DE", "BH/C1/V2026", "BH/V2024", "WIN", "TPR:floor=1400")
    assert any("tie-break 61 (Arranz system) has no criterion here" in w for w in loaded.warnings)
    assert [r.start_no for r in api.rank(loaded.tournament, after_round="paired").rows][:3] == [1, 7, 4]
    assert api.rank(loaded.tournament).after_round == 3  # round 4 is paired, its results not in


@pytest.mark.parametrize("code, record, team, expected", [
    (84, parameters(cuts=0x01), False, "BH/C1/V2024"),
    (84, parameters(cuts=0x11, edition_2026=True), False, "BH/M1/V2026"),
    (84, parameters(cuts=0x02, flags=0x80), False, "BH/C2/P/V2024"),
    (84, parameters(number=1), True, "BH:MP/V2024"),
    (84, parameters(number=0), True, "BH:GP/V2024"),
    (85, parameters(cuts=0x11), False, "SB/M1/V2024"),
    (37, parameters(cuts=0x01, flags=0x0D), False, "BH/C1"),  # FIDE's correction, by C.07 of 2023
    (37, parameters(cuts=0x11, flags=0x09), False, "BH/M1:rules=swiss-manager-2009"),  # of 2009
    (37, parameters(flags=0x01), False, "BH:rules=swiss-manager-real"),  # uncorrected
    (52, parameters(flags=0x0D), False, "SB"),
    (52, parameters(flags=0x05), False, "SB:rules=swiss-manager-real"),
    (68, parameters(flags=0x81), False, "WIN"),
    (68, parameters(flags=0x02), False, "WON"),
    (68, parameters(flags=0x04), False, "BWG"),
    (68, parameters(flags=0x08), False, "BPG"),
    (81, parameters(flags=0x80), False, "DE/P"),
    (82, parameters(number=1), True, "EMGSB/V2024"),
    (86, parameters(), False, "PS"),
    (87, parameters(number=50), False, "KS"),
    (88, parameters(flags=0x02, number=1400), False, "APRO:floor=1400"),
    (88, parameters(flags=0x08), False, "APPO"),
    (13, parameters(), True, "MPTS"),
    (1, parameters(), True, "GPTS"),
    (1, parameters(), False, "PTS"),
])
def test_a_code_and_its_record_are_the_criterion_with_its_modifiers(code, record, team, expected):
    text, _ = item(code, from_record(code, record), team=team, rounds=9)
    assert text == expected
    api.rank(api.load(CLUB).tournament if not team else api.load(LEAGUE).tournament, ["PTS" if not team else "MPTS", text])


def test_every_code_of_the_table_is_a_criterion_or_named_never_dropped():
    for code in range(1, 100):
        for team in (False, True):
            text, notes = item(code, Parameters(), team=team, rounds=9)
            assert text is not None or any(f"tie-break {code} " in n for n in notes), (code, team, notes)
    assert len(NAMES) == 92


def test_a_parameter_no_modifier_says_is_named():
    text, notes = item(84, Parameters(strongest=2, weakest=1), team=False, rounds=9)
    assert text is None and "discards 2 result(s) from the top and 1 from the bottom" in notes[0]
    text, notes = item(87, Parameters(number=60), team=False, rounds=7)
    assert text is None and "limit of 60%" in notes[0]
    assert item(87, Parameters(number=60), team=False, rounds=10)[0] == "KS/L+2"
    text, notes = item(68, Parameters(type=1, played=True), team=False, rounds=9)
    assert text == "WON" and "count forfeited games as played" in notes[0]


def test_a_slot_keeps_what_an_earlier_choice_left_and_only_the_codes_own_fields_are_read():
    stale = bytes.fromhex("0081000003000400010001") + bytes(8)  # a 68 record over an older choice's numbers
    assert from_record(68, stale) == Parameters(type=0, played=True)
    assert from_record(88, parameters(flags=0x31, number=1400)).unread == "flags 0x30"


@pytest.mark.parametrize("code, detail, expected", [
    (84, "0,1,0,P,-", Parameters(strongest=1, played=True)),
    (84, "0,0,1,-,F,0,1", Parameters(weakest=1, fore=True, edition_2026=True)),
    (85, "0,1,1,-", Parameters(strongest=1, weakest=1)),
    (80, "1200,0,1,1", Parameters(number=1200, weakest=1, unplayed=True)),
    (88, "2,1400", Parameters(type=2, number=1400)),
    (87, "0,50", Parameters(number=50)),
    (68, "3,P", Parameters(type=3, played=True)),
    (83, "MP,-", Parameters(type=1)),
    (77, "F", Parameters(fore=True)),
    (81, "", Parameters(stated=False)),
    (37, "", Parameters(stated=False)),  # an upload's 37 and 52 (no parameters in its table): C.07's rules
])
def test_the_chess_results_detail_is_the_tables_columns(code, detail, expected):
    assert from_detail(code, detail) == expected


def test_a_team_swiss_reads_its_teams_matches_and_boards():
    t = api.load(LEAGUE).tournament
    teams = t.teams
    assert [(x.number, x.name, x.members) for x in teams.teams] == [
        (1, "Alpha", (1, 2)), (2, "Bravo", (3, 4)), (3, "Charlie", (5, 6)), (4, "Delta", (7, 8))]
    first = teams.matches[0]
    assert (first.round, first.first, first.second, first.first_points, first.second_points) == (1, 1, 2, 1.5, 0.5)
    assert [(b.number, b.first, b.second) for b in first.boards] == [(1, 1, 3), (2, 2, 4)]
    empty = teams.matches[1]  # Charlie's board 2 against nobody of Delta: a forfeit win
    assert [(b.first, b.second, b.first_points) for b in empty.boards] == [(5, 7, 0), (6, None, 1)]
    assert t.tiebreaks == ("MPTS", "GPTS", "DE", "BH:MP/V2024")
    rows = api.rank(t).rows
    assert [(r.start_no, r.values[:2]) for r in rows] == [(1, (4, 3)), (2, (2, 2.5)), (3, (1, 1.5)), (4, (1, 1))]
    assert len(api.rank(api.players_view(t)).rows) == 8


def test_a_team_round_robin_reads_its_fixed_board_slots(tmp_path):
    event = club_league()
    event.kind = 2
    event.rounds[0][3] = (0, 0, 0)  # an empty slot: no game on Charlie-Delta's board 2
    t = api.load(_write(tmp_path, event, "e.TUTX")).tournament
    assert t.system == "round-robin"
    assert [(b.first, b.second) for b in t.teams.matches[1].boards] == [(5, 7)]


def test_empty_placeholder_records_of_a_team_file_are_left_out_and_said(tmp_path):
    event = club_league()
    event.players.append(Person(""))
    loaded = api.load(_write(tmp_path, event, "e.TUMX"))
    assert [p.start_no for p in loaded.tournament.players] == list(range(1, 9))
    assert any("1 empty player record(s) of no team and no game" in w and ": 9" in w for w in loaded.warnings)


# -- hostile bytes -------------------------------------------------------------------------------

def test_every_cut_of_the_file_is_refused_in_one_line_naming_the_byte(tmp_path):
    data = CLUB.read_bytes()
    path = tmp_path / "cut.TUNX"
    for size in list(range(0, 400, 7)) + list(range(400, len(data), 97)):
        path.write_bytes(data[:size])
        with pytest.raises((BrightwellError, UnknownFormat)) as exc:
            api.load(path, format="swiss-manager")
        message = str(exc.value)
        assert "\n" not in message and str(path) in message and "byte" in message, (size, message)


def _settings_at(data: bytes) -> int:
    return data.index(b"\x95\xff\x89\x44")


@pytest.mark.parametrize("offset, value, message", [
    (23, 65535, "the settings count 65535 players, the players' section holds 8"),
    (27, 999, "the schedule holds 5 rounds, the settings 999"),
    (27, 65535, "round 65535 is beyond the limit"),
    (31, 40, "40 tie-breaks: Swiss-Manager keeps at most 9"),
    (15, 7, "event type 7 is none of Swiss-Manager's"),
])
def test_a_count_that_lies_is_refused_before_anything_is_made_for_it(tmp_path, offset, value, message):
    data = bytearray(CLUB.read_bytes())
    struct.pack_into("<H", data, _settings_at(data) + offset, value)
    path = tmp_path / "lie.TUNX"
    path.write_bytes(bytes(data))
    with pytest.raises(BrightwellError, match=message) as exc:
        api.load(path)
    assert "byte " in str(exc.value)


def test_a_text_longer_than_its_section_or_not_utf16_is_refused_naming_its_byte(tmp_path):
    data = bytearray(CLUB.read_bytes())
    struct.pack_into("<H", data, 108, 60000)  # the event's name claims 60,000 characters
    path = tmp_path / "long.TUNX"
    path.write_bytes(bytes(data))
    with pytest.raises(BrightwellError, match=r"byte 108: a text of the event's texts claims 60000 characters"):
        api.load(path)
    event = club_swiss()
    event.players[0].last = "\ud800"  # a lone surrogate: no UTF-16 text
    path.write_bytes(event.dumps())
    with pytest.raises(BrightwellError, match=r"byte \d+: a text of a player is not UTF-16"):
        api.load(path)


def test_a_pairing_naming_a_player_who_is_not_there_or_twice_is_refused(tmp_path):
    event = club_swiss()
    event.rounds[0][0] = (1, 9, 1)
    with pytest.raises(BrightwellError, match=r"byte \d+: round 1's pairing names player 9, of 8"):
        api.load(_write(tmp_path, event))
    event = club_swiss()
    event.rounds[0][1] = (1, 2, 1)
    with pytest.raises(BrightwellError, match=r"round 1: player 1 has two pairing records"):
        api.load(_write(tmp_path, event))


def test_no_player_against_the_bye_is_refused_naming_its_record(tmp_path):
    """White 0 in a pairing against the bye (or against nobody): no one to give the bye to."""
    for black in (65535, 65534):
        event = club_swiss()
        event.rounds[1][3] = (0, black, 9)
        with pytest.raises(BrightwellError, match=r"byte \d+: round 2: a pairing of no player against "
                                                  f"{'the bye' if black == 65535 else 'nobody'}"):
            api.load(_write(tmp_path, event))


@pytest.mark.parametrize("teams", [1, 181, 65535])
def test_a_team_count_in_an_individual_event_is_passed_over_and_said(tmp_path, teams):
    """An individual event has no teams' section: a count of teams in its settings counts nothing."""
    data = bytearray(CLUB.read_bytes())
    struct.pack_into("<H", data, _settings_at(data) + 51, teams)
    path = tmp_path / "teams.TUNX"
    path.write_bytes(bytes(data))
    loaded = api.load(path)
    assert loaded.tournament.teams is None
    assert [p.rounds for p in loaded.tournament.players] == [p.rounds for p in api.load(CLUB).tournament.players]
    assert any(f"count {teams} teams, and an individual event has no teams' section" in w for w in loaded.warnings)


def test_wrong_magic_is_no_swiss_manager_file(tmp_path):
    path = tmp_path / "x.TUNX"
    path.write_bytes(b"\x00" + CLUB.read_bytes()[1:])
    with pytest.raises(BrightwellError, match="byte 0: not a Swiss-Manager file"):
        api.load(path, format="swiss-manager")


def test_a_file_without_players_is_refused_saying_so(tmp_path):
    event = Event("Template", [], [], kind=2, planned=150)
    with pytest.raises(BrightwellError, match="a team round robin without players"):
        api.load(_write(tmp_path, event, "t.TUTX"))


def test_the_layout_reads_no_further_than_the_file():
    data = CLUB.read_bytes()
    layout = read_layout(data)
    assert len(layout.players) == 8 and len(layout.rounds) == 5 and layout.settings.codes[0] == 81


# -- the real files --------------------------------------------------------------------------------

@pytest.mark.parametrize("path", REAL)
def test_a_real_file_reads_ranks_and_explains_or_is_refused_by_rule(path):
    try:
        loaded = api.load(path)
    except BrightwellError as exc:
        assert "without players" in exc.message, exc
        return
    t = loaded.tournament
    assert t.players and all(p.name for p in t.players)
    standings = api.rank(t)
    assert len(standings.rows) == (len(t.teams.teams) if t.teams else len(t.players))
    api.explain_everyone(t)
    if t.teams:
        assert len(api.rank(api.players_view(t)).rows) == len(t.players)


@pytest.mark.parametrize("path", REAL)
@pytest.mark.parametrize("suffix", [".trf", ".jch", ".xml"])
def test_a_real_file_converts_keeping_its_standings(tmp_path, path, suffix):
    try:
        source = api.load(path).tournament
    except BrightwellError:
        return  # refused by rule: the test above says which
    if source.teams and suffix == ".trf":
        pytest.skip("a team event converted to a players' TRF is refused: tests/teams/test_teams.py")
    _, report = api.convert(path, tmp_path / f"out{suffix}")
    back = api.load(tmp_path / f"out{suffix}").tournament
    spec = list(source.tiebreaks)
    before, after = api.rank(source, spec).rows, api.rank(back, spec).rows
    if any("pairing(s) without a result" in x for x in report.lost):  # a round paired but not entered:
        assert suffix == ".trf"  # TRF has no pairing without a result, and the conversion says so
    else:
        assert [(r.start_no, r.rank, r.values) for r in before] == [(r.start_no, r.rank, r.values) for r in after]


# -- Swiss-Manager's rules and the criteria its codes need -------------------------------------------

def _values(t, item):
    return {r.start_no: r.values[1] for r in api.rank(t, ["PTS", item]).rows}


def test_swiss_managers_rules_cut_a_full_point_bye_as_a_vur():
    b = TournamentBuilder("Bye", rounds=3, game="chess", start_date="2025-01-01")
    for no in range(1, 6):
        b.player(no, f"P{no}")
    b.bye(1, 1, Kind.FULL_BYE).game(1, 2, 3, result="win").game(1, 4, 5, result="win")
    b.game(2, 1, 2, result="win").game(2, 3, 4, result="draw").bye(2, 5, Kind.ZERO_BYE)
    b.game(3, 1, 4, result="win").game(3, 2, 5, result="win").bye(3, 3, Kind.ZERO_BYE)
    t = b.build()
    # No. 1: the bye's dummy 3 (his own points, 2024), opponents 2 and 1.5
    assert _values(t, "BH/V2024")[1] == 6.5
    assert _values(t, "BH/C1/V2024")[1] == 5.0  # C.07: the least significant, 1.5, is cut
    assert _values(t, "BH/C1/V2024:preset=swiss-manager")[1] == 3.5  # the bye cut as a VUR (16.5)
    assert _values(t, "BH/C1/V2024:rules=swiss-manager") == _values(t, "BH/C1/V2024:preset=swiss-manager")


def test_swiss_managers_rules_treat_a_round_robins_forfeit_as_a_swiss_does():
    b = TournamentBuilder("RR", rounds=3, game="chess", system="round-robin", start_date="2025-01-01")
    for no in range(1, 5):
        b.player(no, f"P{no}")
    b.forfeit(1, 1, 2).game(1, 3, 4, result="win")
    b.game(2, 1, 3, result="draw").game(2, 2, 4, result="draw")
    b.game(3, 1, 4, result="loss").game(3, 2, 3, result="loss")
    t = b.build()
    assert _values(t, "SB/V2024")[1] == 1.75  # 15.2: the forfeit against No. 2 (0.5) counts as a game
    assert _values(t, "SB/V2024:preset=swiss-manager")[1] == 2.75  # a dummy at his own 1.5 points instead


def test_a_rating_floor_counts_lower_and_missing_ratings_as_it():
    b = TournamentBuilder("Floor", rounds=3, game="chess")
    for no, rating in ((1, 2000), (2, 1300), (3, None), (4, 1800)):
        b.player(no, f"P{no}", rating=rating)
    b.game(1, 1, 2, result="win").game(1, 3, 4, result="draw")
    b.game(2, 1, 3, result="win").game(2, 2, 4, result="loss")
    b.game(3, 1, 4, result="draw").game(3, 2, 3, result="draw")
    t = b.build()
    assert _values(t, "ARO")[1] == 0  # an unrated player present: dropped (art. 10)
    assert _values(t, "ARO:floor=1400")[1] == 1533  # (1400 + 1400 + 1800) / 3
    assert _values(t, "ARO:floor=1400:unrated=1000")[1] == 1533  # the floor lifts the assigned rating too


def test_an_absence_in_the_round_paired_is_no_withdrawal(tmp_path):
    """Swiss-Manager marks a withdrawn player not paired in every later round, ahead through the last;
    a player not paired in the current round alone is absent from it, and takes part later."""
    event = club_swiss()
    event.rounds[4] = []  # nothing marked ahead: player 8 is absent from rounds 3 and 4 only
    t = api.load(_write(tmp_path, event)).tournament
    assert t.player(8).withdrawn_after is None and [e.kind for e in t.player(8).rounds] == [Kind.FORFEIT_LOSS] * 2
    assert dict(t.metadata)["the program's current round"] == "4"
