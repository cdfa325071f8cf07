"""Sharly-Chess event files (``sharly``, ``.sce``): the SQLite database Sharly-Chess keeps an event
in, read from its schema as Sharly's migrations leave it (src/database/sqlite/event/migrations), from
migration m034 (2.8, when players and games came into the file) to m085; an earlier file keeps them in
its tournaments' Papi files, and is refused saying so. Each tournament is an event: the one named by
``--division`` (``part``), else the first, with a warning naming the others.

A tournament reads as Sharly-Chess 4.2 ranks it (docs/sharly.md): its players rated as Sharly rates
them (``ratings``) and numbered as it numbers them (``numbering``), their rounds as the pairing rows
record them (``rounds``), its points and its tie-break list as Sharly ranks by (``settings``,
``tiebreaks``). Sharly's stored current round, when the arbiter set one, is the file's round
(``FILE_ROUND``); where Sharly ranks after another round than the last whose results are in (the
standings' default), a warning says so (``rounds.round_note``)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from brightwell_plugin.adapters.base import About, Division, EventFiles, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.sharly import settings
from brightwell_plugin.adapters.sharly.database import MAGIC, Database, quoted
from brightwell_plugin.adapters.sharly.numbering import sharly_numbers
from brightwell_plugin.adapters.sharly.players import PLAYER_COLUMNS, player_fields, starting_rank
from brightwell_plugin.adapters.sharly.ratings import (
    RatingRule,
    birth_year,
    juniors,
    rating,
    ratings_of,
    reference_year,
)
from brightwell_plugin.adapters.sharly.rounds import current_round, leaving, ranking_round, records, round_note
from brightwell_plugin.adapters.sharly.tiebreaks import Validity, event_list
from brightwell_plugin.adapters.sharly.settings import select as _select
from brightwell_plugin.plugin import (
    BrightwellError,
    check_round,
    FILE_ROUND,
    hookimpl,
    LEFT_OUT,
    NotATournament,
    Player,
    read_input,
    Tournament,
)

_WANTED = ("tournament", "player", "tournament_player", "pairing", "board")


class SharlyFormat(Format):
    name = "sharly"
    about = About("Sharly-Chess event files (.sce, an SQLite database; each tournament an event), read", (".sce",))
    event_files = EventFiles(several_events=True, event_word="tournament")

    def sniff(self, path, head):
        return head.startswith(MAGIC) and (Path(path).suffix.lower() == ".sce" or b"tournament_player" in head)

    def divisions(self, options: ReadOptions) -> tuple[Division, ...]:
        with _database(options.path) as db:
            found = _tournaments(db)
            counts = _players_of(db) if len(found) > 1 else {}

        def read(tid: int, name: str) -> ReadResult:  # the database opened again: it is closed between
            with _database(options.path) as db:
                warnings: list[str] = []
                return ReadResult(_event(db, tid, name, warnings), tuple(warnings))
        return tuple(Division(name, counts.get(tid, 0), partial(read, tid, name)) for tid, name in found)


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


def _tournaments(db: Database) -> list[tuple[int, str]]:
    order = "ORDER BY " + (quoted("index") + ", " if "index" in db.columns["tournament"] else "") + "id"
    found = [(tid, str(name)) for tid, name in _select(db, "tournament", ("id", "name"), order)
             if isinstance(tid, int)]
    if not found:
        raise NotATournament("holds no tournament yet (an event created before its tournaments)", file=db.file)
    return found


def _event(db: Database, tid: int, name: str, warnings: list[str]) -> Tournament:
    file = db.file
    t, event = settings.tournament_row(db, tid, name), settings.info(db)
    rounds, system = t["rounds"], str(t["pairing"] or "")
    if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
        raise BrightwellError(f"tournament {name}: {rounds!r} rounds is not a number of rounds", file=file)
    check_round(rounds, file, f"tournament {name}")
    members = [(pid, number, manual) for _, pid, number, manual in _select(
        db, "tournament_player", ("tournament_id", "player_id", "pairing_number", "manual_tiebreak"),
        "WHERE tournament_id = ?", (tid,))]
    if not members:
        raise NotATournament(f"tournament {name} has no players yet", file=file)
    bad = next((pid for pid, _, _ in members if not isinstance(pid, int) or isinstance(pid, bool)), None)
    if bad is not None:
        raise BrightwellError(f"tournament player {bad!r}: a player id that is not a whole number", file=file)
    ids = {pid for pid, _, _ in members}
    people = {row[0]: row for row in _select(db, "player", PLAYER_COLUMNS) if row[0] in ids}
    missing = next((pid for pid in ids if pid not in people), None)
    if missing is not None:
        raise BrightwellError(f"tournament player {missing} is not in the player table", file=file)
    pairings = list(_select(db, "pairing", ("player_id", "round", "result", "board_id"), "WHERE tournament_id = ?",
                            (tid,)))
    boards = {b for _, _, _, b in pairings if b is not None}
    sides = {bid: (w, b) for bid, w, b in _select(db, "board", ("id", "white_player_id", "black_player_id"))
             if bid in boards}
    round_robin = "ROUND_ROBIN" in system
    current = current_round(pairings, sides, ids, rounds, round_robin, t["current_round"])
    rule = _rating_rule(db, t, event)
    rated = {pid: rating(ratings_of(people[pid][5], pid, file), birth_year(people[pid][9], people[pid][10]), rule)
             for pid in ids}
    numbers = sharly_numbers([(pid, number) for pid, number, _ in members],
                             {pid: starting_rank(people[pid], rated[pid]) for pid in ids}, current)
    _say_renumbered(members, numbers, warnings, file)
    rows, left_out = records(pairings, sides, numbers, rounds, warnings, file)
    players = []
    for pid, _, manual in members:
        no = numbers[pid]
        late, withdrawn = leaving(rows[no], rounds)
        players.append(Player(start_no=no, rounds=rows[no], late_entry=late, withdrawn_after=withdrawn,
                              **player_fields(people[pid], rated[pid], manual)))
    validity = Validity(round_robin, sum(r.value == 0 for r in rated.values()),
                        sum(r.kind == "estimated" for r in rated.values()), (settings.migration(db) or 999) < 82, rule.ffe)
    items, notes = event_list(settings.tiebreak_entries(db, tid, t["tie_breaks"], file), validity)
    warnings += [f"{file}: {n}" for n in notes]
    title = event.get("name")
    metadata = tuple((k, v) for k, v in (("sharly tournament", name), ("pairing system", system),
                                         ("venue", event.get("location") or "")) if v)
    if isinstance(t["current_round"], int) and not isinstance(t["current_round"], bool):
        metadata += ((FILE_ROUND, str(t["current_round"])),)
    tournament = Tournament(
        name=f"{title} - {name}" if title and title != name else name, players=tuple(sorted(players, key=_start)),
        rounds=rounds, scoring=settings.scoring(t, event, warnings, file), game="chess",
        system="round-robin" if round_robin else "swiss", start_date=_start_date(t, event),
        end_date=settings.date(t["stop_date"], t["stop"]) or event["stop"],
        tiebreaks=items, metadata=metadata + tuple((LEFT_OUT, x) for x in left_out))
    note = round_note(pairings, sides, ids, t["current_round"], current, ranking_round(pairings, ids, rounds, current))
    warnings += [f"{file}: {note}"] if note else []
    return tournament


def _start(p: Player) -> int:
    return p.start_no


def _start_date(t: dict, event: dict) -> str | None:
    return settings.date(t["start_date"], t["start"]) or event["start"]


def _rating_rule(db: Database, t: dict, event: dict) -> RatingRule:
    """How Sharly rates the tournament's players."""
    kind = t["player_rating_type"] if t["player_rating_type"] is not None else event.get("player_rating_type")
    override = t["override_unrated_rapid_blitz"]
    override = event.get("override_unrated_rapid_blitz") if override is None else override
    categories, ffe = settings.loads(event.get("age_categories")), settings.ffe_enabled(db, event)
    year = reference_year(event.get("age_category_base_date"), _start_date(t, event),
                          settings.date(t["stop_date"], t["stop"]) or event["stop"], settings.change_month(db, event, ffe))
    return RatingRule(control=t["rating"] if t["rating"] in (1, 2, 3) else 1, kind=kind if kind in (1, 2, 3) else 3,
                      override=bool(override), ffe=ffe, juniors=juniors(categories), reference_year=year)


def _players_of(db: Database) -> dict[int, int]:
    """How many players each tournament lists, by its id."""
    counts: dict[int, int] = {}
    for (tid,) in _select(db, "tournament_player", ("tournament_id",)):
        if isinstance(tid, int):
            counts[tid] = counts.get(tid, 0) + 1
    return counts


def _say_renumbered(members, numbers: dict, warnings: list[str], file: str) -> None:
    changed = sum(1 for pid, number, _ in members if numbers[pid] != number)
    if changed:
        warnings.append(f"{file}: {changed} player(s) numbered as Sharly-Chess numbers them when it ranks, not as the "
                        "file stores them (a player without a number, or a round below 4: by starting rank, rating, "
                        "title and name)")


@hookimpl
def brightwell_register_formats(register):
    register(SharlyFormat())
