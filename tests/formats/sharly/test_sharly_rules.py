"""Sharly-Chess's rules, each on an event file built from its schema (tests/support/sharly_files.py):
the round it ranks after, its start numbers, its ratings, its tie-break list and its own tie-breaks,
its points, and the players who leave (docs/sharly.md). The event "Open A" (sharly_files.ROUNDS):
ALPHA 2010 beat BRAVO 1890, CHARLIE 1700 drew with DELTA 1650, ECHO (no rating, estimated 1399)
had the pairing-allocated bye; then ALPHA won by forfeit against CHARLIE, BRAVO beat ECHO in a game
not rated, DELTA took a half-point bye; in round 3 DELTA beat ALPHA, BRAVO and CHARLIE await their
result and ECHO has no row."""

from __future__ import annotations

from pathlib import Path

from support import sharly_files

from brightwell_plugin import api
from brightwell_plugin.adapters.base import ReadOptions
from brightwell_plugin.adapters.sharly.format import SharlyFormat
from brightwell_plugin.model import FILE_ROUND, Kind

ROUND_3_ENTERED = "UPDATE pairing SET result = 2 WHERE round = 3 AND result = 0;"
ECHO_ABSENT_IN_3 = "INSERT INTO pairing VALUES (1, 5, 3, 7, NULL, 0);"


def _load(tmp_path, schema="m081", name="event.sce", **kw):
    path = Path(tmp_path) / name
    path.write_bytes(sharly_files.event_file(schema, **kw))
    return api.load(path, part="Open A")


def _by_name(t):
    return {p.name.split(",")[0]: p for p in t.players}


def test_a_round_is_ranked_once_every_player_has_a_result_in_it(tmp_path):
    """Round 3 entered, but ECHO has no row in it: Sharly waits for him (ranks after round 2),
    the default ranks it; said. With his bye entered, both rank after round 3."""
    loaded = _load(tmp_path, extra_sql=ROUND_3_ENTERED)
    assert api.rank(loaded.tournament).after_round == 3
    assert any("1 player(s) have no result in round 3: Sharly-Chess waits for them and ranks after round 2" in w
               for w in loaded.warnings)
    loaded = _load(tmp_path, name="entered.sce", extra_sql=ROUND_3_ENTERED + ECHO_ABSENT_IN_3)
    assert api.rank(loaded.tournament).after_round == 3
    assert not any("Sharly-Chess waits" in w or "ranks after" in w for w in loaded.warnings)
    assert FILE_ROUND not in dict(loaded.tournament.metadata)  # no round set by the arbiter


def test_the_round_the_arbiter_set_is_the_files_round(tmp_path):
    loaded = _load(tmp_path, extra_sql="UPDATE tournament SET current_round = 1 WHERE id = 1;")
    assert dict(loaded.tournament.metadata)[FILE_ROUND] == "1"
    assert api.rank(loaded.tournament).after_round == 2  # the last round whose results are in
    assert any("the arbiter set round 1 as the current round: Sharly-Chess ranks after round 1" in w
               for w in loaded.warnings)


SCRAMBLED = "UPDATE tournament_player SET pairing_number = 6 - pairing_number WHERE tournament_id = 1;"
ROUND_4 = "UPDATE tournament SET rounds = 5, current_round = 4 WHERE id = 1;"


def test_before_round_4_every_player_is_numbered_by_the_starting_rank(tmp_path):
    loaded = _load(tmp_path, extra_sql=SCRAMBLED)
    numbers = {name: p.start_no for name, p in _by_name(loaded.tournament).items()}
    assert numbers == {"ALPHA": 1, "BRAVO": 2, "CHARLIE": 3, "DELTA": 4, "ECHO": 5}  # ECHO by his estimate
    assert any("4 player(s) numbered as Sharly-Chess numbers them" in w for w in loaded.warnings)


def test_from_round_4_numbers_are_kept_and_a_player_without_one_goes_in_by_his_rank(tmp_path):
    kept = _by_name(_load(tmp_path, extra_sql=ROUND_4 + SCRAMBLED).tournament)
    assert {name: p.start_no for name, p in kept.items()} == {"ECHO": 1, "DELTA": 2, "CHARLIE": 3, "BRAVO": 4, "ALPHA": 5}
    null = "UPDATE tournament_player SET pairing_number = NULL WHERE tournament_id = 1 AND player_id = 2;"
    inserted = _by_name(_load(tmp_path, name="null.sce", extra_sql=ROUND_4 + SCRAMBLED + null).tournament)
    # BRAVO (1890) before the first numbered player ranked after him: ECHO (1399), then 1 .. n again
    assert {name: p.start_no for name, p in inserted.items()} == {"BRAVO": 1, "ECHO": 2, "DELTA": 3, "CHARLIE": 4,
                                                                   "ALPHA": 5}


NATIONAL = """UPDATE player SET ratings = '{"1": {"national": 1950}}' WHERE id = 3;"""


def test_a_national_rating_is_the_rating_with_the_ffe_plugin(tmp_path):
    charlie = _by_name(_load(tmp_path, extra_sql=NATIONAL).tournament)["CHARLIE"]
    assert (charlie.rating, charlie.start_no, dict(charlie.extra).get("rating type")) == (1950, 2, "national")
    without = _load(tmp_path, name="no-ffe.sce", extra_sql=NATIONAL + "UPDATE info SET enabled_plugins = '[]';")
    charlie = _by_name(without.tournament)["CHARLIE"]
    assert (charlie.rating, charlie.start_no) == (None, 5)  # unrated in a FIDE tournament: 0, numbered last
    assert "OTHER_PAPI_PERFORMANCE" not in without.tournament.tiebreaks  # the FFE plugin's, not enabled
    assert any("OTHER_PAPI_PERFORMANCE (the FFE plugin is not enabled for the event)" in w for w in without.warnings)


RAPID = """UPDATE tournament SET rating = 2 WHERE id = 1;
UPDATE player SET ratings = '{"1": {"fide": 2010}, "2": {"national": 1500}}' WHERE id = 1;"""


def test_a_rapid_tournament_takes_the_fide_standard_rating_only_when_it_says_so(tmp_path):
    override = _load(tmp_path, extra_sql=RAPID + "UPDATE tournament SET override_unrated_rapid_blitz = 1;")
    assert _by_name(override.tournament)["ALPHA"].rating == 2010
    plain = _by_name(_load(tmp_path, name="plain.sce", extra_sql=RAPID).tournament)["ALPHA"]
    assert (plain.rating, dict(plain.extra).get("rating type")) == (1500, "national")  # the FFE's: rapid's national


def test_a_performance_is_left_out_for_an_estimated_player_unless_estimates_count(tmp_path):
    dropped = _load(tmp_path, tie_breaks=[("TOURNAMENT_PERFORMANCE_RATING", {})])
    assert dropped.tournament.tiebreaks == ("PTS",)
    assert any("TPR (1 player(s) with an estimated rating)" in w for w in dropped.warnings)
    kept = _load(tmp_path, name="kept.sce", tie_breaks=[("TOURNAMENT_PERFORMANCE_RATING", {"ESTIMATED_RATINGS": True})])
    assert kept.tournament.tiebreaks == ("PTS", "TPR:preset=sharly")
    tpr = {r.name.split(",")[0]: r.values[1] for r in api.rank(kept.tournament).rows}  # after round 2
    # BRAVO lost to ALPHA (2010), beat ECHO (his estimate 1399): 1704.5 + dp(50 %) 0, rounded half up
    assert tpr == {"ALPHA": 2690, "BRAVO": 1705, "CHARLIE": 1650, "DELTA": 1700, "ECHO": 1090}
    assert {r.values[1] for r in api.rank(kept.tournament, "PTS,TPR").rows} == {0}  # FIDE's: an unrated player drops it


def test_sharlys_direct_encounter_gives_places_not_points(tmp_path):
    t = _load(tmp_path, tie_breaks=[("DIRECT_ENCOUNTER", {"PLAYED_MODIFIER": False})]).tournament
    assert t.tiebreaks == ("PTS", "DE:preset=sharly")
    drawn = {r.name.split(",")[0]: r.values for r in api.rank(t, after_round=1).rows}
    assert drawn["CHARLIE"] == drawn["DELTA"] == (0.5, 0.0)  # a drawn pair stays tied at 0
    fide = {r.name.split(",")[0]: r.values for r in api.rank(t, "PTS,DE", after_round=1).rows}
    assert fide["CHARLIE"] == fide["DELTA"] == (0.5, 0.5)  # FIDE's column: the mini-table's ½
    rows = api.rank(t, after_round=3).rows
    assert [(r.name.split(",")[0], r.values) for r in rows[:2]] == [("DELTA", (2, 1.0)), ("ALPHA", (2, 0.0))]


MANUAL = ("UPDATE tournament_player SET manual_tiebreak = 5 WHERE player_id = 4;"
          "UPDATE tournament_player SET manual_tiebreak = 1 WHERE player_id = 1;")


def test_the_manual_tie_break_counts_once_the_tournament_is_finished(tmp_path):
    playing = _load(tmp_path, tie_breaks=[("MANUAL", {})], extra_sql=MANUAL).tournament
    assert playing.tiebreaks == ("PTS", "OTHER_MAN")
    rows = api.rank(playing, after_round=3).rows
    assert [(r.name.split(",")[0], r.values) for r in rows[:2]] == [("ALPHA", (2, 0)), ("DELTA", (2, 0))]
    finished = _load(tmp_path, name="finished.sce", tie_breaks=[("MANUAL", {})],
                     extra_sql=MANUAL + ROUND_3_ENTERED + ECHO_ABSENT_IN_3).tournament
    rows = api.rank(finished).rows
    assert [(r.name.split(",")[0], r.values) for r in rows[:2]] == [("DELTA", (2, 5)), ("ALPHA", (2, 1))]


LEAVING = """UPDATE tournament SET rounds = 5 WHERE id = 1;
INSERT INTO pairing VALUES (1, 5, 3, 7, NULL, 0), (1, 5, 4, 7, NULL, 0), (1, 5, 5, 7, NULL, 0);
INSERT INTO pairing VALUES (1, 4, 5, 8, NULL, 0);
INSERT INTO player (id, last_name, first_name, ratings, owed, paid, plugin_data)
  VALUES (8, 'HOTEL', 'Hugo', '{}', 0, 0, '{}');
INSERT INTO tournament_player (tournament_id, player_id, pairing_number) VALUES (1, 8, NULL);
INSERT INTO pairing VALUES (1, 8, 1, 7, NULL, 0), (1, 8, 2, 8, NULL, 0);"""


def test_players_who_leave_read_as_sharly_records_them(tmp_path):
    """ECHO withdrew after round 2 (zero-point byes to the last planned round), HOTEL entered in
    round 2 (a zero-point bye in round 1), DELTA asked for a half-point bye in round 5."""
    t = _load(tmp_path, extra_sql=LEAVING).tournament
    players = _by_name(t)
    echo, hotel, delta = players["ECHO"], players["HOTEL"], players["DELTA"]
    assert (echo.withdrawn_after, echo.late_entry) == (2, None)
    assert [e.kind for e in echo.rounds[2:]] == [Kind.ZERO_BYE] * 3  # the byes stay the records
    assert (hotel.late_entry, hotel.withdrawn_after, hotel.start_no) == (2, None, 6)
    assert [e.kind for e in hotel.rounds] == [Kind.ZERO_BYE, Kind.HALF_BYE]
    assert [e.kind for e in delta.rounds[3:]] == [Kind.ABSENT, Kind.HALF_BYE] and delta.withdrawn_after is None
    standings = api.rank(t)  # after round 2: the byes ahead are not ranked yet
    assert standings.after_round == 2
    assert {r.name.split(",")[0]: r.values[0] for r in standings.rows}["DELTA"] == 1
    points = {r.name.split(",")[0]: r.values[0] for r in api.rank(t, after_round=3).rows}
    assert points["ECHO"] == 1 and points["HOTEL"] == 0.5


def test_points_fall_back_on_the_events_and_are_read_from_game_points(tmp_path):
    t = _load(tmp_path, "m054", extra_sql="UPDATE tournament SET three_points_for_a_win = NULL, pab_value = NULL;"
                                          "UPDATE info SET three_points_for_a_win = 1, pab_value = 2;").tournament
    assert (t.scoring.win, t.scoring.draw, t.scoring.loss, t.scoring.pab) == (3, 1, 0, 1)
    given = """ALTER TABLE tournament ADD COLUMN game_points TEXT;
UPDATE tournament SET game_points = '{"3": 2.0, "2": 1.0, "7": 0.5}';"""
    loaded = _load(tmp_path, name="m085.sce", extra_sql=given)
    s = loaded.tournament.scoring
    assert (s.win, s.draw, s.loss, s.absent, s.pab) == (2, 1, 0, 0.5, None)
    assert any("a zero-point bye scores 0.5 and a loss 0" in w for w in loaded.warnings)


def test_a_file_from_migration_m082_on_keeps_its_own_legacy_marks(tmp_path):
    listed = [("BUCHHOLZ", {"CUTTER_WITH_MEDIAN": "CUT_1"}), ("SONNEBORN_BERGER", {"LEGACY_03_2026": True})]
    older = SharlyFormat().read(ReadOptions(_write(tmp_path, "old.sce", listed), division="Open A")).tournament
    assert older.tiebreaks == ("PTS", "BH/C1/V2024:preset=sharly", "SB/V2024:preset=sharly")
    newer_file = _write(tmp_path, "new.sce", listed, "UPDATE metadata SET migration = 'm085';")
    newer = SharlyFormat().read(ReadOptions(newer_file, division="Open A")).tournament
    assert newer.tiebreaks == ("PTS", "BH/C1:preset=sharly", "SB/V2024:preset=sharly")


def _write(tmp_path, name, tie_breaks, extra_sql=""):
    path = Path(tmp_path) / name
    path.write_bytes(sharly_files.event_file("m081", tie_breaks=tie_breaks, extra_sql=extra_sql))
    return path


def test_a_tied_group_splits_where_sharly_splits_it():
    """A player who joins a part makes its running maximum his own, even a lower one: the third
    player, whose minimum is above it, opens a part of his own."""
    from brightwell_plugin.criteria.sharly_encounter import split_group
    assert split_group([(2, 2.0, 2.0), (0, 0.0, 3.0), (1, 1.0, 1.5)]) == [[0, 1], [2]]
    assert split_group([(0, 0.0, 1.0), (1, 0.5, 2.0), (2, 2.0, 2.0)]) == [[0, 1, 2]]


def _games_of_one(scores: list[str]):
    """Player 1 (2000) against players 2, 3 … each rated 2000, one game a round ('w', 'd', 'l')."""
    from brightwell_plugin.model import Player, Result, RoundEntry, Side, Tournament
    mine = {"w": Result.WIN, "d": Result.DRAW, "l": Result.LOSS}
    first = Player(1, "ONE", tuple(RoundEntry(Kind.GAME, r + 2, mine[s], Side.FIRST) for r, s in enumerate(scores)),
                   rating=2000)
    others = [Player(r + 2, f"P{r + 2}", tuple(RoundEntry(Kind.ABSENT) for _ in range(r))
                     + (RoundEntry(Kind.GAME, 1, mine[s].reverse, Side.SECOND),), rating=2000) for r, s in enumerate(scores)]
    return Tournament("games of one", (first, *others), rounds=len(scores))


def test_sharlys_performance_rounds_as_sharly_does():
    """½ of 4: Python rounds 0.125 to 0.12 (dp of 12 %: −336), FIDE 12.5 up to 13 % (−322); 4 of 7:
    0.57 × 100 is 56.99… as a float, and Sharly takes the dp of 56 % (43), FIDE of 57 % (50)."""
    for scores, sharly, fide in ((["d", "l", "l", "l"], 1664, 1678), (["w", "w", "w", "w", "l", "l", "l"], 2043, 2050)):
        t = _games_of_one(scores)
        ours = {r.start_no: r.values[1] for r in api.rank(t, "PTS,TPR:preset=sharly", after_round=len(scores)).rows}
        theirs = {r.start_no: r.values[1] for r in api.rank(t, "PTS,TPR", after_round=len(scores)).rows}
        assert (ours[1], theirs[1]) == (sharly, fide)


AUTUMN_RAPID = """UPDATE tournament SET rating = 2, start_date = '2025-10-04', stop_date = '2025-10-05' WHERE id = 1;
UPDATE player SET ratings = '{}', year_of_birth = 2011 WHERE id = 5;
UPDATE info SET age_category_change_month = 1;"""


def test_the_ffes_default_rating_follows_the_age_category(tmp_path):
    """ECHO, born 2011, no rating, in a rapid tournament of October 2025: 14 years old (U14: 999)
    counted in 2025; 15 (U16: 1199) once the FFE plugin's migration m004 makes September the month
    the age year changes."""
    january = _by_name(_load(tmp_path, extra_sql=AUTUMN_RAPID).tournament)["ECHO"]
    assert (january.rating, dict(january.extra)["estimated rating"]) == (None, "999")
    older = "UPDATE plugin_metadata SET migration = 'm003_plugin_data' WHERE plugin = 'ffe';"
    september = _by_name(_load(tmp_path, name="m003.sce", extra_sql=AUTUMN_RAPID + older).tournament)["ECHO"]
    assert dict(september.extra)["estimated rating"] == "1199"


def _three():
    """A round robin of three, each sitting out one round: ONE beats TWO, draws with THREE; TWO
    beats THREE."""
    from brightwell_plugin.model import Player, Result, RoundEntry, Side, Tournament

    def game(o, result, side):
        return RoundEntry(Kind.GAME, o, result, side)
    rest = RoundEntry(Kind.ABSENT)
    return Tournament("three", (
        Player(1, "ONE", (game(2, Result.WIN, Side.FIRST), game(3, Result.DRAW, Side.FIRST), rest)),
        Player(2, "TWO", (game(1, Result.LOSS, Side.SECOND), rest, game(3, Result.WIN, Side.FIRST))),
        Player(3, "THREE", (rest, game(1, Result.DRAW, Side.SECOND), game(2, Result.LOSS, Side.SECOND)))),
        rounds=3, system="round-robin")


def _column(t, spec, after_round):
    return {r.start_no: r.values[1] for r in api.rank(t, spec, after_round=after_round).rows}


def test_sharlys_koya_limit_is_half_of_every_round_ranked():
    """FIDE's limit is half of the two games a player plays (1 point), Sharly's half of the three
    rounds (1½): TWO's 1 point reaches the one, not the other."""
    t = _three()
    assert (_column(t, "PTS,KS", 3)[1], _column(t, "PTS,KS:preset=sharly", 3)[1]) == (1, 0)


def test_sharlys_rounds_elected_to_play_count_a_rest():
    t = _three()
    assert (_column(t, "PTS,REP", 3)[1], _column(t, "PTS,REP:preset=sharly", 3)[1]) == (2, 3)


def test_sharlys_dummy_opponent_is_capped_by_the_planned_rounds(tmp_path):
    """ECHO's pairing-allocated bye after round 1 (1 point): the 2026 rules cap his dummy at a draw
    × the rounds, FIDE's those ranked (½), Sharly's those planned (1½: his 1 point stays)."""
    t = _load(tmp_path).tournament
    assert _column(t, "PTS,BH/V2026", 1)[5] == 0.5
    assert _column(t, "PTS,BH:preset=sharly", 1)[5] == 1.0


def test_sharlys_sonneborn_berger_cut_takes_a_vur_first_by_its_score_or_its_term():
    from brightwell_plugin.criteria.sharly_buchholz import sb_cut
    assert sb_cut([(2.0, 0.0)], [(2.5, 2.5)], 1) == 2.5  # a zero-point bye's dummy scores less: it goes
    assert sb_cut([(3.0, 1.5)], [(2.0, 1.0)], 1) == 1.0  # a half-point bye's term is not below the least: it goes
    assert sb_cut([(3.0, 0.0)], [(2.0, 2.0), (4.0, 4.0)], 1) == 4.0  # else the least term goes
