"""Sharly-Chess event files (.sce) written here from the schema Sharly's migrations describe
(src/database/sqlite/event/migrations), at four points of its history: m023 (2.6: players and games in
each tournament's Papi file), m035 (2.8: players and games in the file, the tie-breaks a JSON column,
gender and title numbers, ratings ``{"value", "type"}``), m054 (3.1: the tie_break table, the PAB's
value) and m081 (4.0: gender and title text, ratings by kind, ISO dates). Only the tables and columns
a reader meets; the event is :data:`EVENT`."""

from __future__ import annotations

import json
import sqlite3

SCHEMAS = ("m035", "m054", "m081")
VERSIONS = {"m023": "2.6.1", "m035": "2.8.8", "m054": "3.1.7", "m081": "4.0.5"}
# the FFE plugin's own migration in such a file (its m004 makes September the month an age year starts)
FFE_MIGRATIONS = {"m035": "m002_ffe_upload_params", "m054": "m003_plugin_data", "m081": "m007_update_auto_upload_logic"}

# (last name, first name, woman, title, rating)
PLAYERS = [("ALPHA", "Anne", True, "WFM", 2010), ("BRAVO", "Bruno", False, "", 1890),
           ("CHARLIE", "Chloé", True, "", 1700), ("DELTA", "David", False, "CM", 1650), ("ECHO", "Eric", False, "", None)]
# round -> (white, black or None, white's result, black's result); a player not listed has no row
ROUNDS = {1: [(1, 2, 3, 1), (3, 4, 2, 2), (5, None, 9, None)],
          2: [(1, 3, 6, 4), (2, 5, 13, 11), (4, "alone", 8, None)],
          3: [(4, 1, 3, 1), (2, 3, 0, 0)]}
POINTS = {"ALPHA, Anne": 2, "BRAVO, Bruno": 1, "CHARLIE, Chloé": 0.5, "DELTA, David": 2, "ECHO, Eric": 1}
EVENT = "Club weekend"


def event_file(schema: str, *, tie_breaks=None, extra_sql: str = "", three_points: bool = False,
               pab_value: int | None = 3) -> bytes:
    """The bytes of an event file of ``schema`` holding tournaments "Open A" (:data:`ROUNDS`, 3 rounds)
    and "Open B" (two players, one game)."""
    con = sqlite3.connect(":memory:")
    con.executescript(_SCHEMA[schema])
    con.execute("INSERT INTO metadata VALUES (?, ?)", (VERSIONS[schema], schema))
    if schema in FFE_MIGRATIONS:
        con.execute("INSERT INTO plugin_metadata VALUES ('ffe', '0.1.1', ?)", (FFE_MIGRATIONS[schema],))
    if schema == "m023":
        con.execute("INSERT INTO tournament (id, uniq_id, name, filename, rounds) VALUES (1, 'a', 'Open A', '66363', 3)")
        return _bytes(con)
    _info(con, schema)
    for tid, name in ((1, "Open A"), (2, "Open B")):
        _tournament(con, schema, tid, name, three_points, pab_value, tie_breaks)
    for pid, (last, first, woman, title, rating) in enumerate(PLAYERS + [("FOXTROT", "Fay", True, "", 1500),
                                                                          ("GOLF", "Gus", False, "", 1400)], 1):
        _player(con, schema, pid, last, first, woman, title, rating)
    numbers = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}
    for pid in range(1, 6):
        con.execute("INSERT INTO tournament_player (tournament_id, player_id, pairing_number) VALUES (1, ?, ?)",
                    (pid, None if schema == "m035" else numbers[pid]))
    for pid in (6, 7):
        con.execute("INSERT INTO tournament_player (tournament_id, player_id, pairing_number) VALUES (2, ?, ?)",
                    (pid, None if schema == "m035" else pid - 5))
    board = 0
    for r, games in ROUNDS.items():
        for white, black, w_result, b_result in games:
            bid = None
            if black != "alone":
                board += 1
                bid = board
                con.execute("INSERT INTO board VALUES (?, ?, ?, ?, NULL)", (bid, white, black, board))
            con.execute("INSERT INTO pairing VALUES (1, ?, ?, ?, ?, 0)", (white, r, w_result, bid))
            if isinstance(black, int):
                con.execute("INSERT INTO pairing VALUES (1, ?, ?, ?, ?, 0)", (black, r, b_result, bid))
    con.execute("INSERT INTO board VALUES (99, 6, 7, 1, NULL)")
    con.execute("INSERT INTO pairing VALUES (2, 6, 1, 2, 99, 0)")
    con.execute("INSERT INTO pairing VALUES (2, 7, 1, 2, 99, 0)")
    if extra_sql:
        con.executescript(extra_sql)
    return _bytes(con)


def _bytes(con: sqlite3.Connection) -> bytes:
    con.commit()
    data = bytearray(con.serialize())
    data[96:100] = (3045001).to_bytes(4, "big")  # the SQLite version that wrote it, fixed (the same file everywhere)
    return bytes(data)


def _info(con, schema):
    if schema == "m081":
        con.execute("INSERT INTO info (name, federation, start_date, stop_date, enabled_plugins, age_category_change_month) "
                    "VALUES (?, 'FRA', '2026-03-07', '2026-03-08', '[\"ffe\", \"pairing_acceleration\"]', 9)", (EVENT,))
    else:
        con.execute("INSERT INTO info (name, federation, start, stop) VALUES (?, 'FRA', 1772841600.0, 1772928000.0)",
                    (EVENT,))


def _tournament(con, schema, tid, name, three_points, pab_value, tie_breaks):
    default = {"m035": [{"type": "ffe-PAPI_BUCHHOLZ_CUT_BOTTOM", "options": {}}, {"type": "ffe-PAPI_PERFORMANCE", "options": {}}],
               "m054": [("BUCHHOLZ", {"CUTTER_WITH_MEDIAN": "CUT_1", "PLAYED_MODIFIER": False}),
                        ("ffe-PAPI_BUCHHOLZ", {"ffe-PAPI_BUCHHOLZ_TYPE": "MEDIAN"}), ("ffe-BERLIN", {})],
               "m081": [("DIRECT_ENCOUNTER", {"PLAYED_MODIFIER": True}), ("KOYA", {"KOYA_LIMIT": -1}),
                        ("SONNEBORN_BERGER", {"CUTTER": "NO_CUT", "PLAYED_MODIFIER": False, "LEGACY_03_2026": True}),
                        ("ffe-PAPI_PERFORMANCE", {})]}[schema]
    listed = default if tie_breaks is None else tie_breaks
    if schema == "m035":
        con.execute("INSERT INTO tournament (id, uniq_id, name, tie_breaks, rounds, rating, pairing, three_points_for_a_win, "
                    "last_update) VALUES (?, ?, ?, ?, 3, 1, 'SWISS_STANDARD', ?, 0)",
                    (tid, name.lower(), name, json.dumps(listed), int(three_points)))
        return
    dates = ("start_date, stop_date", "'2026-03-07', '2026-03-08'") if schema == "m081" else ("start, stop", "1772841600.0, 1772928000.0")
    con.execute(f"INSERT INTO tournament (id, name, rounds, rating, pairing, three_points_for_a_win, pab_value, "
                f"player_rating_type, last_update, {dates[0]}) VALUES (?, ?, 3, 1, 'SWISS_STANDARD', ?, ?, 3, 0, {dates[1]})",
                (tid, name, int(three_points), pab_value))
    for index, (kind, options) in enumerate(listed, 1):
        con.execute("INSERT INTO tie_break (tournament_id, type, options, `index`) VALUES (?, ?, ?, ?)",
                    (tid, kind, json.dumps(options), index))


def _player(con, schema, pid, last, first, woman, title, rating):
    titles = ["", "WCM", "CM", "WFM", "FM", "WIM", "IM", "WGM", "GM"]
    if schema == "m081":
        ratings = {"1": {"fide": rating, "national": None, "estimated": None} if rating else {"estimated": 1399},
                   "2": {"estimated": 1199}, "3": {"estimated": 1199}}
        con.execute("INSERT INTO player (id, last_name, first_name, gender, title, ratings, fide_id, federation, club, "
                    "owed, paid, plugin_data, year_of_birth) VALUES (?, ?, ?, ?, ?, ?, ?, 'FRA', 'Echiquier', 0, 0, '{}', 1990)",
                    (pid, last, first, "F" if woman else "M", title, json.dumps(ratings), 600000 + pid))
    else:
        ratings = {"1": {"value": rating or 1399, "type": 3 if rating else 1}, "2": {"value": 1199, "type": 1},
                   "3": {"value": 1199, "type": 1}}
        con.execute("INSERT INTO player (id, last_name, first_name, gender, title, ratings, fide_id, federation, club, "
                    "owed, paid, plugin_data, date_of_birth) VALUES (?, ?, ?, ?, ?, ?, ?, 'FRA', 'Echiquier', 0, 0, '{}', "
                    "'1990-05-01')", (pid, last, first, 1 if woman else 2, titles.index(title), json.dumps(ratings), 600000 + pid))


_COMMON = """
CREATE TABLE metadata (version TEXT, migration TEXT);
CREATE TABLE plugin_metadata (`plugin` TEXT NOT NULL, `version` TEXT NOT NULL, `migration` TEXT NOT NULL);
CREATE TABLE board (`id` INTEGER NOT NULL, `white_player_id` INTEGER NOT NULL, `black_player_id` INTEGER,
  `index` INTEGER NOT NULL, `last_result_update` FLOAT, PRIMARY KEY(`id` AUTOINCREMENT));
CREATE TABLE pairing (`tournament_id` INTEGER NOT NULL, `player_id` INTEGER NOT NULL, `round` INTEGER NOT NULL,
  `result` INTEGER NOT NULL, `board_id` INTEGER, `illegal_moves` INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (`tournament_id`, `player_id`, `round`));
CREATE TABLE tournament_player (`tournament_id` INTEGER NOT NULL, `player_id` INTEGER NOT NULL, `pairing_number` INTEGER,
  PRIMARY KEY (`tournament_id`, `player_id`));
"""
_PLAYER_INT = """
CREATE TABLE player (`id` INTEGER NOT NULL, `last_name` TEXT NOT NULL, `first_name` TEXT, `date_of_birth` TEXT,
  `gender` INTEGER NOT NULL, `mail` TEXT, `phone` TEXT, `comment` TEXT, `owed` FLOAT NOT NULL, `paid` FLOAT NOT NULL,
  `title` INTEGER NOT NULL, `ratings` TEXT NOT NULL, `fide_id` INTEGER, `federation` TEXT, `club` TEXT, `fixed` INTEGER,
  `check_in` INTEGER NOT NULL DEFAULT 0, `plugin_data` TEXT NOT NULL, PRIMARY KEY(`id` AUTOINCREMENT));
"""
_TIE_BREAK = """
CREATE TABLE tie_break (`id` INTEGER NOT NULL, `tournament_id` INTEGER NOT NULL, `type` TEXT NOT NULL,
  `options` TEXT NOT NULL, `index` INTEGER NOT NULL, PRIMARY KEY(`id` AUTOINCREMENT));
"""
_SCHEMA = {
    "m023": """
CREATE TABLE metadata (version TEXT, migration TEXT);
CREATE TABLE info (`name` TEXT NOT NULL DEFAULT '?', `start` FLOAT, `stop` FLOAT, `federation` TEXT);
CREATE TABLE tournament (`id` INTEGER NOT NULL, `uniq_id` TEXT NOT NULL, `name` TEXT NOT NULL, `path` TEXT,
  `filename` TEXT, `tie_breaks` TEXT, `rounds` INTEGER NOT NULL DEFAULT 1, PRIMARY KEY(`id` AUTOINCREMENT));
CREATE TABLE result (`id` INTEGER NOT NULL, `tournament_id` INTEGER NOT NULL, `round` INTEGER NOT NULL,
  `board_id` INTEGER NOT NULL, `white_player_id` INTEGER NOT NULL, `black_player_id` INTEGER NOT NULL,
  `date` FLOAT NOT NULL, `value` INTEGER NOT NULL, PRIMARY KEY(`id` AUTOINCREMENT));
""",
    "m035": _COMMON + _PLAYER_INT + """
CREATE TABLE info (`name` TEXT NOT NULL DEFAULT '?', `start` FLOAT NOT NULL DEFAULT 0, `stop` FLOAT NOT NULL DEFAULT 0,
  `federation` TEXT NOT NULL DEFAULT 'NON', `location` TEXT);
CREATE TABLE tournament (`id` INTEGER NOT NULL, `uniq_id` TEXT NOT NULL, `name` TEXT NOT NULL, `tie_breaks` TEXT,
  `paired_bye_result` INTEGER, `location` TEXT, `start` FLOAT, `stop` FLOAT, `rounds` INTEGER NOT NULL DEFAULT 1,
  `rating` INTEGER NOT NULL DEFAULT 1, `pairing` TEXT, `current_round` INTEGER,
  `three_points_for_a_win` INTEGER NOT NULL DEFAULT 0, `last_update` FLOAT NOT NULL, PRIMARY KEY(`id` AUTOINCREMENT),
  UNIQUE(`uniq_id`));
""",
    "m054": _COMMON.replace("`pairing_number` INTEGER,", "`pairing_number` INTEGER, `manual_tiebreak` INTEGER,")
    + _PLAYER_INT + _TIE_BREAK + """
CREATE TABLE info (`name` TEXT NOT NULL DEFAULT '?', `start` FLOAT NOT NULL DEFAULT 0, `stop` FLOAT NOT NULL DEFAULT 0,
  `federation` TEXT NOT NULL DEFAULT 'NON', `location` TEXT, `override_unrated_rapid_blitz` INTEGER,
  `player_rating_type` INTEGER NOT NULL DEFAULT 3, `pab_value` INTEGER NOT NULL DEFAULT 3,
  `three_points_for_a_win` INTEGER NOT NULL DEFAULT 0, `plugin_data` TEXT NOT NULL DEFAULT '{}');
CREATE TABLE tournament (`id` INTEGER NOT NULL, "name" TEXT NOT NULL, `last_update` FLOAT NOT NULL,
  `paired_bye_result` INTEGER, `location` TEXT, `start` FLOAT, `stop` FLOAT, `rounds` INTEGER NOT NULL DEFAULT 1,
  `rating` INTEGER NOT NULL DEFAULT 1, `pairing` TEXT, `current_round` INTEGER, `override_unrated_rapid_blitz` INTEGER,
  `player_rating_type` INTEGER, `pab_value` INTEGER, three_points_for_a_win INTEGER,
  `plugin_data` TEXT NOT NULL DEFAULT '{}', PRIMARY KEY(`id` AUTOINCREMENT), UNIQUE("name"));
""",
    "m081": _COMMON.replace("`pairing_number` INTEGER,", "`pairing_number` INTEGER, `manual_tiebreak` INTEGER,") + _TIE_BREAK + """
CREATE TABLE player (`id` INTEGER NOT NULL, `last_name` TEXT NOT NULL, `first_name` TEXT, `date_of_birth` TEXT,
  `mail` TEXT, `phone` TEXT, `comment` TEXT, `owed` FLOAT NOT NULL, `paid` FLOAT NOT NULL, `ratings` TEXT NOT NULL,
  `fide_id` INTEGER, `federation` TEXT, `club` TEXT, `fixed` INTEGER, `check_in` INTEGER NOT NULL DEFAULT 0,
  `plugin_data` TEXT NOT NULL, `year_of_birth` INTEGER, `gender` TEXT, `title` TEXT, PRIMARY KEY(`id` AUTOINCREMENT));
CREATE TABLE info (`name` TEXT NOT NULL DEFAULT '?', `federation` TEXT NOT NULL DEFAULT 'NON', `location` TEXT,
  `player_rating_type` INTEGER NOT NULL DEFAULT 3, `plugin_data` TEXT NOT NULL DEFAULT '{}',
  `enabled_plugins` TEXT DEFAULT '[]', `start_date` TEXT, `stop_date` TEXT, `age_category_base_date` TEXT,
  `age_categories` TEXT, `age_category_change_month` INTEGER DEFAULT 1);
CREATE TABLE tournament (`id` INTEGER NOT NULL, "name" TEXT NOT NULL, `paired_bye_result` INTEGER, `location` TEXT,
  `rounds` INTEGER NOT NULL DEFAULT 1, `rating` INTEGER NOT NULL DEFAULT 1, `pairing` TEXT, `current_round` INTEGER,
  `override_unrated_rapid_blitz` INTEGER, `player_rating_type` INTEGER, `pab_value` INTEGER,
  three_points_for_a_win INTEGER, `plugin_data` TEXT NOT NULL DEFAULT '{}', `start_date` TEXT,
  `stop_date` TEXT, `index` INTEGER NOT NULL DEFAULT 0, `last_update` TEXT NOT NULL DEFAULT '',
  `criteria` TEXT NOT NULL DEFAULT '{}', PRIMARY KEY(`id` AUTOINCREMENT), UNIQUE("name"));
""",
}
