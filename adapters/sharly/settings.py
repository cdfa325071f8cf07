"""A Sharly-Chess tournament's settings, as Sharly's migrations leave them (src/database/sqlite/event/
migrations): its own columns, and those of the event (``info``) they fall back on; the migration the
file is at; whether the FFE plugin is enabled; the points and the tie-break list.

* Points: 1/½/0 unless ``three_points_for_a_win`` (m031: 3/1/0), the pairing-allocated bye's value
  ``pab_value`` (m051: 1 a loss's, 2 a draw's, 3 a win's), each the event's when the tournament's is
  NULL (m051 to m067; m068 copies them); from m085 ``game_points``, a JSON object of the values
  that differ from 1/½/0 by result (3 win, 2 draw, 1 loss, 7 zero-point bye, 9 pairing-allocated bye).
* ``override_unrated_rapid_blitz`` (m037): the tournament's, NULL the event's (m068 copies it), else off.
* The FFE plugin: named in ``info.enabled_plugins`` (m055); before, enabled when a tournament uses it
  (an FFE id, a Papi tie-break or the Nicois pairing: m055's upgrade task). Its own migration m004
  (``plugin_metadata``) makes September the month a new age year starts."""

from __future__ import annotations

import datetime
import json

from brightwell_plugin.adapters.sharly.database import Database, quoted
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import ScoringSystem

_ROWS = 2_000_000  # more rows of one tournament than any event holds: refused
TOURNAMENT = ("rounds", "rating", "player_rating_type", "three_points_for_a_win", "pab_value", "start", "stop",
              "start_date", "stop_date", "tie_breaks", "pairing", "current_round", "override_unrated_rapid_blitz",
              "game_points")
_INFO = ("name", "location", "player_rating_type", "start", "stop", "start_date", "stop_date", "enabled_plugins",
         "override_unrated_rapid_blitz", "three_points_for_a_win", "pab_value", "age_categories",
         "age_category_base_date", "age_category_change_month")


def select(db: Database, table: str, columns: tuple[str, ...], where: str = "", params=()):
    """Rows of ``table`` with ``columns`` (a column the file's schema lacks reads as None), at most
    :data:`_ROWS` of them."""
    have = db.columns[table]
    names = ", ".join(quoted(c) if c in have else "NULL" for c in columns)
    for n, row in enumerate(db.rows(f"SELECT {names} FROM {quoted(table)} {where}", f"table {table}", params)):
        if n >= _ROWS:
            raise BrightwellError(f"table {table} holds more than {_ROWS} rows for one tournament", file=db.file)
        yield row


def tournament_row(db: Database, tid: int, name: str) -> dict:
    row = next(iter(list(select(db, "tournament", TOURNAMENT, "WHERE id = ?", (tid,)))), None)
    if row is None:  # listed, then not found by its id: a damaged index
        raise BrightwellError(f"tournament {name} is listed but not found by its id: the database is damaged", file=db.file)
    return dict(zip(TOURNAMENT, row))


def info(db: Database) -> dict:
    """The event's row (``info``), its dates read."""
    row = next(iter(list(select(db, "info", _INFO))), None) if "info" in db.columns else None
    found = dict(zip(_INFO, row)) if row else {}
    name = found.get("name")
    found["name"] = name if isinstance(name, str) and name.strip() not in ("", "?") else None
    found["location"] = found.get("location") if isinstance(found.get("location"), str) else None
    found["start"] = date(found.get("start_date"), found.get("start"))
    found["stop"] = date(found.get("stop_date"), found.get("stop"))
    return found


def migration(db: Database) -> int | None:
    """The migration the file is at (``metadata.migration``, "m073_…"), when it says."""
    if "migration" not in db.columns.get("metadata", ()):
        return None
    row = next(iter(list(select(db, "metadata", ("migration",)))), None)
    text = row[0] if row and isinstance(row[0], str) else ""
    return int(text[1:4]) if text[:1] == "m" and text[1:4].isdigit() else None


def change_month(db: Database, event: dict, ffe: bool):
    """The month a new age year starts (``age_category_change_month``, m069, else January); September in
    an event with the FFE plugin whose own migrations are before its m004 (which sets it)."""
    month = event.get("age_category_change_month")
    if ffe and "plugin_metadata" in db.columns and {"plugin", "migration"} <= db.columns["plugin_metadata"]:
        done = [str(m) for plugin, m in select(db, "plugin_metadata", ("plugin", "migration")) if plugin == "ffe"]
        if not done or not (done[0][:1] == "m" and done[0][1:4].isdigit() and int(done[0][1:4]) >= 4):
            month = 9
    elif ffe:
        month = 9
    return month


def ffe_enabled(db: Database, event: dict) -> bool:
    """Whether the FFE plugin is enabled for the event."""
    if "enabled_plugins" in db.columns.get("info", ()):
        listed = event.get("enabled_plugins")
        try:
            names = json.loads(listed) if isinstance(listed, str) else []
        except (ValueError, RecursionError):
            names = []
        return isinstance(names, list) and "ffe" in names
    for ffe_id, plugin_data, listed, system in list(select(db, "tournament", ("ffe_id", "plugin_data", "tie_breaks",
                                                                         "pairing"))):
        data = loads(plugin_data)
        if ffe_id or (isinstance(data, dict) and isinstance(data.get("ffe"), dict) and data["ffe"].get("ffe_id")):
            return True
        kinds = loads(listed)
        if "NICOIS" in str(system or "") or any(str(x.get("type", "")).startswith("ffe-PAPI") for x in
                                                 (kinds if isinstance(kinds, list) else []) if isinstance(x, dict)):
            return True
    return "tie_break" in db.columns and any(
        str(kind).startswith("ffe-PAPI") for kind, in list(select(db, "tie_break", ("type",))))


def scoring(t: dict, event: dict, warnings: list[str], file: str) -> ScoringSystem:
    """The points of each result, as Sharly's ``point_values`` gives them."""
    given = loads(t.get("game_points"))
    if isinstance(given, dict):
        def value(key, default):
            found = given.get(key, default)
            if not isinstance(found, (int, float)) or isinstance(found, bool) or not -1000 <= found <= 1000:
                raise BrightwellError(f"the tournament's game points give {key!r} as {found!r}", file=file)
            return found
        win, draw, loss = value("3", 1), value("2", 0.5), value("1", 0)
        zero, pab = value("7", loss), value("9", win)
    else:
        three = t.get("three_points_for_a_win")
        three = event.get("three_points_for_a_win") if three is None else three
        pab_kind = t.get("pab_value")
        pab_kind = event.get("pab_value") if pab_kind is None else pab_kind
        win, draw, loss = (3, 1, 0) if three else (1, 0.5, 0)
        zero, pab = loss, {3: win, 2: draw, 1: loss}.get(pab_kind, win) if isinstance(pab_kind, int) else win
    if zero != loss:
        warnings.append(f"{file}: a zero-point bye scores {zero:g} and a loss {loss:g}: forfeit losses are scored "
                        f"as zero-point byes ({zero:g}; the model holds one value for both)")
    return ScoringSystem(win=win, draw=draw, loss=loss, absent=zero, pab=None if pab == win else pab)


def tiebreak_entries(db: Database, tid: int, listed, file: str) -> list[tuple[str, dict]]:
    """The tournament's tie-breaks in order: (type, options)."""
    if "tie_break" in db.columns:
        rows = list(select(db, "tie_break", ("type", "options"), "WHERE tournament_id = ? ORDER BY "
                           + quoted("index") + ", id", (tid,)))
        return [(str(kind), _json(options, file, "a tie-break's options")) for kind, options in rows]
    found = _json(listed, file, "the tournament's tie-breaks") if listed else []
    if not isinstance(found, list):
        raise BrightwellError("the tournament's tie-breaks are not a list", file=file)
    return [(str(x.get("type")), x.get("options") or {}) for x in found if isinstance(x, dict)]


def _json(text, file: str, what: str):
    if text is None:
        return {}
    try:
        return json.loads(text) if isinstance(text, str) else {}
    except (ValueError, RecursionError):
        raise BrightwellError(f"{what} are not JSON: {str(text)[:40]!r}", file=file) from None


def loads(text):
    try:
        return json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return None


def date(iso, timestamp) -> str | None:
    if isinstance(iso, str) and len(iso) >= 10:
        try:
            return datetime.date.fromisoformat(iso[:10]).isoformat()
        except ValueError:
            return None
    if isinstance(timestamp, (int, float)) and 0 < timestamp < 32503680000:  # a time before the year 3000
        return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).date().isoformat()
    return None
