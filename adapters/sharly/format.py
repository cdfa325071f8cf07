"""Sharly-Chess event files (``sharly``, ``.sce``): the SQLite database Sharly-Chess keeps an event
in, read from its schema as Sharly's migrations leave it (src/database/sqlite/event/migrations), from
migration m034 (2.8, when players and games came into the file) to m085; an earlier file keeps them in
its tournaments' Papi files, and is refused saying so. Each tournament is an event: the one named by
``--division`` (``part``), else the first, with a warning naming the others.

A player's number is his pairing number (those without one numbered after, by Sharly's starting rank). A pairing row
holds a player's own result in a round (Sharly's ``Result``: 0 none yet, 1 loss, 2 draw, 3 win, 4
forfeit loss, 5 double forfeit, 6 forfeit win, 7 zero-point bye, 8 half-point bye, 9 pairing-allocated
bye, 10 full-point bye, 11-13 a loss, draw or win not rated, 14 a round robin's rest, 15-20 penalties)
and its board, whose other player is the opponent. A penalty of ½-0 or 0-½ has no place in the model:
it is named and left out (``--strict`` refuses the file); 0-0 is read as a double forfeit, said."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from brightwell_plugin.adapters.base import Format, ReadResult, first_of_several
from brightwell_plugin.adapters.sharly.database import MAGIC, Database, quoted
from brightwell_plugin.adapters.sharly.players import (
    player_fields,
    rating_type,
    starting_rank,
)
from brightwell_plugin.adapters.sharly.tiebreaks import event_list

from brightwell_plugin.errors import BrightwellError, NotATournament
from brightwell_plugin.limits import check_round, read_input
from brightwell_plugin.model import (
    ABSENT_ENTRY,
    LEFT_OUT,
    Kind,
    Player,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    Tournament,
)
from brightwell_plugin.plugins.hookspecs import hookimpl

_ROWS = 2_000_000  # more rows of one tournament than any event holds: refused
_AGAINST = {0: (Kind.PAIRED, None, True), 1: (Kind.GAME, Result.LOSS, True), 2: (Kind.GAME, Result.DRAW, True),
            3: (Kind.GAME, Result.WIN, True), 11: (Kind.GAME, Result.LOSS, False),
            12: (Kind.GAME, Result.DRAW, False), 13: (Kind.GAME, Result.WIN, False),
            4: (Kind.FORFEIT_LOSS, None, True), 5: (Kind.FORFEIT_LOSS, None, True), 6: (Kind.FORFEIT_WIN, None, True),
            15: (Kind.FORFEIT_LOSS, None, True), 18: (Kind.FORFEIT_LOSS, None, True)}
_ALONE = {0: Kind.ABSENT, 7: Kind.ZERO_BYE, 8: Kind.HALF_BYE, 9: Kind.PAB, 10: Kind.FULL_BYE, 14: Kind.ABSENT,
          4: Kind.FORFEIT_LOSS, 6: Kind.FORFEIT_WIN, 5: Kind.FORFEIT_LOSS}
_PENALTIES = {16: "½-0", 17: "0-½", 19: "½-0 (not rated)", 20: "0-½ (not rated)"}
_WANTED = ("tournament", "player", "tournament_player", "pairing", "board")


class SharlyFormat(Format):
    name = "sharly"
    title = "Sharly-Chess event files (.sce, an SQLite database; each tournament an event), read"
    suffixes = (".sce",)
    several_events = True

    def sniff(self, path, head):
        return head.startswith(MAGIC) and (Path(path).suffix.lower() == ".sce" or b"tournament_player" in head)

    def parts(self, path: Path) -> tuple[str, ...]:
        with _database(path) as db:
            names = [name for _, name in _tournaments(db)]
        return tuple(names) if len(names) > 1 else ()

    def read(self, path: Path, *, encoding=None, part: str | None = None) -> ReadResult:
        file = str(path)
        with _database(path) as db:
            found = _tournaments(db)
            names = [name for _, name in found]
            warnings: list[str] = []
            if part is None:
                chosen = found[0]
                if len(found) > 1:
                    counts = _players_of(db)
                    warnings.append(first_of_several(file, "tournaments", names, [counts.get(t, 0) for t, _ in found]))
            else:
                chosen = next((f for f in found if f[1] == part), None) or next(
                    (f for f in found if f[1].casefold() == part.casefold()), None)
                if chosen is None:
                    raise BrightwellError(f"no tournament '{part}' (tournaments: {', '.join(names)})", file=file)
            return ReadResult(_event(db, chosen[0], chosen[1], warnings), tuple(warnings))


def _database(path: Path) -> Database:
    db = Database(read_input(path), str(path))
    try:
        tables = db.tables()
        missing = [t for t in _WANTED if t not in tables]
        if missing:
            raise _no_games(db, tables, missing)
    except BaseException:
        db.close()
        raise
    return db


def _no_games(db: Database, tables, missing) -> BrightwellError:
    version = ""
    if "metadata" in tables and {"version", "migration"} <= tables["metadata"]:
        row = next(db.rows("SELECT version, migration FROM metadata", "the metadata"), None)
        version = f" (Sharly-Chess {row[0]}, migration {row[1]})" if row else ""
    if "tournament" in tables and "filename" in tables["tournament"] and "result" in tables:
        return BrightwellError(f"an event file of before migration m034{version}: its players and games are kept in "
                               "its tournaments' Papi files, not in this file", file=db.file)
    return BrightwellError(f"not a Sharly-Chess event file{version}: no table {', '.join(missing)}", file=db.file)


def _select(db: Database, table: str, columns: tuple[str, ...], where: str = "", params=()):
    """Rows of ``table`` with ``columns`` (a column the file's schema lacks reads as None), at most
    :data:`_ROWS` of them."""
    have = db.columns[table]
    names = ", ".join(quoted(c) if c in have else "NULL" for c in columns)
    for n, row in enumerate(db.rows(f"SELECT {names} FROM {quoted(table)} {where}", f"table {table}", params)):
        if n >= _ROWS:
            raise BrightwellError(f"table {table} holds more than {_ROWS} rows for one tournament", file=db.file)
        yield row


def _tournaments(db: Database) -> list[tuple[int, str]]:
    order = "ORDER BY " + (quoted("index") + ", " if "index" in db.columns["tournament"] else "") + "id"
    found = [(tid, str(name)) for tid, name in _select(db, "tournament", ("id", "name"), order)
             if isinstance(tid, int)]
    if not found:
        raise NotATournament("holds no tournament yet (an event created before its tournaments)", file=db.file)
    return found


def _event(db: Database, tid: int, name: str, warnings: list[str]) -> Tournament:
    file = db.file
    row = next(_select(db, "tournament", ("rounds", "rating", "player_rating_type", "three_points_for_a_win", "pab_value",
                                          "start", "stop", "start_date", "stop_date", "tie_breaks", "pairing"),
                       "WHERE id = ?", (tid,)), None)
    if row is None:  # listed, then not found by its id: a damaged index
        raise BrightwellError(f"tournament {name} is listed but not found by its id: the database is damaged", file=file)
    (rounds, rating, player_rating, three, pab, start, stop, start_date, stop_date, tb_json, system) = row
    info = _info(db)
    if not isinstance(rounds, int) or rounds < 1:
        raise BrightwellError(f"tournament {name}: {rounds!r} rounds is not a number of rounds", file=file)
    check_round(rounds, file, f"tournament {name}")
    members = {pid: number for _, pid, number in _select(db, "tournament_player", ("tournament_id", "player_id",
                                                                                    "pairing_number"),
                                                         "WHERE tournament_id = ?", (tid,))}
    if not members:
        raise NotATournament(f"tournament {name} has no players yet", file=file)
    people = {row[0]: row for row in _select(db, "player", ("id", "last_name", "first_name", "gender", "title",
                                                            "ratings", "fide_id", "federation", "club",
                                                            "date_of_birth", "year_of_birth"))
              if row[0] in members}
    kind = rating_type(player_rating if player_rating is not None else info.get("player_rating_type"))
    fields = {pid: player_fields(people[pid], rating, kind, file) for pid in members if pid in people}
    ranks = {pid: starting_rank(fields[pid], people[pid], rating, kind, file) for pid in fields}
    numbers = _numbers(members, ranks, warnings, file)
    rows, left_out = _rounds(db, tid, rounds, numbers, warnings, file)
    players = tuple(Player(start_no=no, rounds=tuple(rows[no]), **fields[pid]) for pid, no in numbers.items())
    scoring = _scoring(three, pab)
    entries = _tiebreak_entries(db, tid, tb_json, file)
    items, notes = event_list(entries)
    warnings += [f"{file}: {n}" for n in notes]
    event = info.get("name")
    metadata = tuple((k, v) for k, v in (("sharly tournament", name), ("pairing system", system or ""),
                                         ("venue", info.get("location") or "")) if v)
    return Tournament(
        name=f"{event} - {name}" if event and event != name else name, players=players, rounds=rounds,
        scoring=scoring, game="chess", system="round-robin" if "ROUND_ROBIN" in str(system or "") else "swiss",
        start_date=_date(start_date, start) or info.get("start"), end_date=_date(stop_date, stop) or info.get("stop"),
        tiebreaks=items, metadata=metadata + tuple((LEFT_OUT, x) for x in left_out))


def _players_of(db: Database) -> dict[int, int]:
    """How many players each tournament lists, by its id."""
    counts: dict[int, int] = {}
    for (tid,) in _select(db, "tournament_player", ("tournament_id",)):
        if isinstance(tid, int):
            counts[tid] = counts.get(tid, 0) + 1
    return counts


def _info(db: Database) -> dict:
    if "info" not in db.columns:
        return {}
    row = next(_select(db, "info", ("name", "location", "player_rating_type", "start", "stop", "start_date",
                                     "stop_date")), None)
    if row is None:
        return {}
    name, location, kind, start, stop, start_date, stop_date = row
    return {"name": name if isinstance(name, str) and name.strip() not in ("", "?") else None,
            "location": location if isinstance(location, str) else None, "player_rating_type": kind,
            "start": _date(start_date, start), "stop": _date(stop_date, stop)}


def _numbers(members: dict, ranks: dict, warnings: list[str], file: str) -> dict[int, int]:
    """Each player's start number: his pairing number; those without one (or a number given twice)
    after the others, by Sharly's starting rank."""
    numbers, taken, rest = {}, set(), []
    for pid in members:
        if not _is_id(pid):
            raise BrightwellError(f"tournament player {pid!r}: a player id that is not a whole number", file=file)
        if pid not in ranks:
            raise BrightwellError(f"tournament player {pid} is not in the player table", file=file)
    for pid, number in sorted(members.items(), key=lambda kv: (not _is_id(kv[1]), kv[1] if _is_id(kv[1]) else 0,
                                                               kv[0])):
        if _is_id(number) and 0 < number <= _ROWS and number not in taken:
            numbers[pid] = number
            taken.add(number)
        else:
            rest.append(pid)
    if rest:
        rest.sort(key=lambda pid: (ranks[pid], pid))
        top = max(taken, default=0)
        for k, pid in enumerate(rest, 1):
            numbers[pid] = top + k
        warnings.append(f"{file}: {len(rest)} player(s) without a pairing number (Sharly-Chess gives them one when it "
                        "pairs): numbered after the others, by its starting rank (rating, title, name)")
    return numbers


def _is_id(value) -> bool:
    """A whole number as SQLite gives one (a text, a blob or a real in its place is no id nor pairing number)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _rounds(db: Database, tid: int, rounds: int, numbers: dict[int, int], warnings: list[str], file: str):
    rows = {no: [ABSENT_ENTRY] * rounds for no in numbers.values()}
    pairings = list(_select(db, "pairing", ("player_id", "round", "result", "board_id"), "WHERE tournament_id = ?",
                            (tid,)))
    boards = {b for _, _, _, b in pairings if b is not None}
    sides = {bid: (w, b) for bid, w, b in _select(db, "board", ("id", "white_player_id", "black_player_id"))
             if bid in boards}
    penalties, unknown, beyond, scoring_beyond = [], [], [], []
    for pid, r, code, bid in pairings:
        if pid not in numbers:
            raise BrightwellError(f"a pairing of player {pid!r}, who is not in the tournament", file=file)
        if not isinstance(r, int) or not isinstance(code, int):
            raise BrightwellError(f"player {numbers[pid]}'s pairing has round {r!r} and result {code!r}", file=file)
        check_round(r, file, f"player {numbers[pid]}'s pairing")
        if r > rounds:
            (beyond if code in (0, 7, 14) else scoring_beyond).append(f"player {numbers[pid]}, round {r}")
            continue
        white, black = sides.get(bid, (None, None))
        if bid is not None and bid not in sides:
            raise BrightwellError(f"player {numbers[pid]}'s round {r} names board {bid!r}, which is not there", file=file)
        if bid is not None and pid not in (white, black):
            raise BrightwellError(f"player {numbers[pid]}'s round {r} names board {bid}, where he does not sit", file=file)
        other = black if pid == white else white
        if other is not None and other not in numbers:
            raise BrightwellError(f"player {numbers[pid]}'s round {r} opponent {other!r} is not in the tournament", file=file)
        no = numbers[pid]
        if code in _PENALTIES:
            penalties.append(f"player {no}, round {r}: a penalty {_PENALTIES[code]}")
            continue
        if other is not None and code in _AGAINST:
            kind, result, rated = _AGAINST[code]
            entry = RoundEntry(kind, numbers[other], result, Side.FIRST if pid == white else Side.SECOND, rated=rated)
        elif other is None and code in _ALONE:
            kind = _ALONE[code]
            entry = RoundEntry(Kind.PAB if bid is not None and code == 0 else kind)
        else:
            unknown.append(f"player {no}, round {r}: result {code}{' against a player' if other else ''}")
            continue
        rows[no][r - 1] = entry
    if penalties:
        warnings.append(f"{file}: {len(penalties)} penalty result(s), which the standings model cannot hold: "
                        f"left out ({'; '.join(penalties[:3])}{' …' if len(penalties) > 3 else ''})")
    if unknown:
        warnings.append(f"{file}: {len(unknown)} result(s) Sharly-Chess is not known to write: left out "
                        f"({'; '.join(unknown[:3])}{' …' if len(unknown) > 3 else ''})")
    if beyond or scoring_beyond:  # Sharly-Chess keeps them when a tournament's rounds are reduced
        warnings.append(f"{file}: {len(beyond + scoring_beyond)} pairing(s) beyond the tournament's {rounds} rounds "
                        f"({'; '.join((beyond + scoring_beyond)[:3])}{' …' if len(beyond + scoring_beyond) > 3 else ''}): "
                        "left out" + (", among them results that score" if scoring_beyond else " (byes of no points)"))
    if any(code in (15, 18) for _, _, code, _ in pairings):
        warnings.append(f"{file}: a penalty 0-0 read as a double forfeit (both score nothing, the game unplayed)")
    return rows, penalties + unknown + scoring_beyond


def _scoring(three, pab) -> ScoringSystem:
    win, draw, loss = (3, 1, 0) if three else (1, 0.5, 0)
    value = {3: win, 2: draw, 1: loss}.get(pab) if isinstance(pab, int) else None
    return ScoringSystem(win=win, draw=draw, loss=loss, absent=0, pab=None if value in (None, win) else value)


def _tiebreak_entries(db: Database, tid: int, tb_json, file: str) -> list[tuple[str, dict]]:
    if "tie_break" in db.columns:
        out = []
        for kind, options in _select(db, "tie_break", ("type", "options"), "WHERE tournament_id = ? ORDER BY "
                                     + quoted("index") + ", id", (tid,)):
            out.append((str(kind), _json(options, file, "a tie-break's options")))
        return out
    listed = _json(tb_json, file, "the tournament's tie-breaks") if tb_json else []
    if not isinstance(listed, list):
        raise BrightwellError("the tournament's tie-breaks are not a list", file=file)
    return [(str(x.get("type")), x.get("options") or {}) for x in listed if isinstance(x, dict)]


def _json(text, file: str, what: str):
    if text is None:
        return {}
    try:
        return json.loads(text) if isinstance(text, str) else {}
    except (ValueError, RecursionError):
        raise BrightwellError(f"{what} are not JSON: {str(text)[:40]!r}", file=file) from None


def _date(iso, timestamp) -> str | None:
    if isinstance(iso, str) and len(iso) >= 10:
        try:
            return datetime.date.fromisoformat(iso[:10]).isoformat()
        except ValueError:
            return None
    if isinstance(timestamp, (int, float)) and 0 < timestamp < 32503680000:  # a time before the year 3000
        return datetime.datetime.fromtimestamp(timestamp, datetime.UTC).date().isoformat()
    return None


@hookimpl
def brightwell_register_formats(register):
    register(SharlyFormat())
