"""Papi's event files (``papi``, ``.papi``), read: the French chess federation's program keeps an
event in a Microsoft Access (Jet 4) database, recognised by its first bytes whatever its suffix,
and read here by this project's bounded reader (jet.py; access-parser decodes the same tables
some sixty times slower, misreads a fixed-length text and follows a loop of pages forever:
docs/papi.md). Table INFO holds the
event as pairs ``Variable``/``Value`` (``Nom``, ``NbrRondes``, ``RondeActive``, ``Genre``,
``ClassElo``, ``DecomptePoints``, ``Dep1``-``Dep3`` the tie-breaks, dates); table JOUEUR a row per
player (``Ref`` 1 is EXEMPT, the bye), his rounds (rounds.py) and, once Papi has ranked the event,
his ``Place`` and tie-break values ``Dep1``-``Dep3``. A player's number is his place in the order
of ``Ref``."""

from __future__ import annotations

import datetime
import math

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.papi import players as player_rows
from brightwell_plugin.adapters.papi.jet import MAGIC, Database
from brightwell_plugin.adapters.papi.rounds import EXEMPT, RESULTS, Rounds
from brightwell_plugin.adapters.papi.tdef import BYTE, DATETIME, DOUBLE, FLOAT, INT, LONG, TEXT, TYPE_NAMES
from brightwell_plugin.plugin import (
    BrightwellError,
    check_round,
    digits,
    FILE_ROUND,
    hookimpl,
    LEFT_OUT,
    MANUAL_TIEBREAK,
    new_player,
    NotATournament,
    PUBLISHED,
    read_input,
    ScoringSystem,
    Tournament,
)

MAX_PLAYERS = 32_767  # an opponent is a 16-bit Integer: no more Refs than that
_INFO_ROWS = 10_000
# Papi's names of its tie-breaks (INFO's Dep1-Dep3), as Sharly-Chess maps them (plugins/ffe/papi_mappers.py)
# and names them in a TRF (criteria/papi.py computes the OTHER_PAPI_ ones)
TIEBREAKS = {"Brésilien": "OTHER_PAPI_BUCHHOLZ_CUT", "Solkoff": "OTHER_PAPI_BUCHHOLZ_STANDARD",
             "Harkness": "OTHER_PAPI_BUCHHOLZ_MEDIAN", "Cumulatif": "PS", "Performance": "OTHER_PAPI_PERFORMANCE",
             "SommeDesBuchholz": "OTHER_PAPI_BUCHHOLZ_SUM", "Kashdan": "OTHER_PAPI_KASHDAN",
             "Nombre de Victoires": "WIN", "Sonnenborn-Berger": "SB", "Koya": "KS", "Manuel": "OTHER_MAN"}
_SYSTEMS = {"Suisse": "swiss", "ToutesRondes": "round-robin"}
_META = (("Pairing", "pairing system"), ("Cadence", "time control"), ("Lieu", "venue"), ("Arbitre", "arbiter"),
         ("Homologation", "ffe homologation"), ("Version", "papi version"), ("ClassElo", "rating kind"))


class PapiFormat(Format):
    name = "papi"
    about = About("Papi's event files (.papi, the French chess federation's program; an Access Jet 4 database), read",
                  (".papi",))

    def sniff(self, path, head):
        return head.startswith(MAGIC)

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        file = str(path)
        return event(Database(read_input(path), file), file)


def event(db: Database, file: str) -> ReadResult:
    """The event the database holds, with what was said of it."""
    warnings: list[str] = []
    info = _info(db)
    planned, held = _planned(db, info, file)
    kind = info.get("ClassElo") or "Elo"
    if kind not in player_rows.RATINGS:
        warnings.append(f"{file}: ClassElo {kind!r} is no rating Papi knows: read the standard ratings (Elo)")
        kind = "Elo"
    identity = player_rows.columns(kind)
    stored = tuple(c for c in ("Place", "Dep1", "Dep2", "Dep3") if c in db.table("JOUEUR").columns)
    cells = tuple(f"Rd{r:02}{c}" for c in ("Cl", "Adv", "Res") for r in range(1, planned + 1))  # colours first
    late = tuple(f"Rd{r:02}Res" for r in range(planned + 1, held + 1))
    people = _people(_read(db, "JOUEUR", identity + stored + cells + late, MAX_PLAYERS + 1), warnings, file)
    numbers = {ref: no for no, ref in enumerate(sorted(r[0] for r in people), 1)}
    odd_ids: list[str] = []
    fields = {row[0]: player_rows.player_fields(row[:len(identity)], kind, odd_ids) for row in people}
    rounds = Rounds(numbers, {ref: f["name"] for ref, f in fields.items()}, file)
    at = len(identity) + len(stored)
    b, c, d = at + planned, at + 2 * planned, at + 3 * planned
    for row in people:
        rounds.add(row[0], row[at:b], row[b:c], row[c:d], row[d:], planned + 1)
    dep = _tiebreaks(info, warnings, file)
    players = _players(numbers, fields, rounds.records(), _standings(people, len(identity), stored, dep, file))
    left_out = _said(rounds, odd_ids, planned, warnings, file)
    _check_results_table(db, warnings, file)
    return ReadResult(Tournament(
        name=info.get("Nom") or "Papi event", players=players, rounds=planned, scoring=_scoring(info),
        game="chess", system=_system(info, warnings, file), start_date=_date(info.get("DateDebut")),
        end_date=_date(info.get("DateFin")), tiebreaks=("PTS", *(code for code in dep.values() if code)),
        metadata=_metadata(info) + tuple((LEFT_OUT, x) for x in left_out)), tuple(warnings))


def _people(rows: list, warnings: list[str], file: str) -> list:
    """The players' rows: every Ref a number from 1, none twice; Ref 1, Papi's EXEMPT, left out."""
    seen: set[int] = set()
    for row in rows:
        ref = row[0]
        if not isinstance(ref, int) or ref < 1:
            raise BrightwellError(f"a player's Ref is {ref!r}, not a number from 1", file=file, place="table JOUEUR")
        if ref in seen:
            raise BrightwellError(f"Ref {ref} is given to two players", file=file, place="table JOUEUR")
        seen.add(ref)
    people = [row for row in rows if row[0] != EXEMPT]
    if not people:
        raise NotATournament("holds no players yet (a Papi file prepared before its players were entered)", file=file)
    exempt = next((row for row in rows if row[0] == EXEMPT), None)
    if exempt is not None and str(exempt[1]).strip().upper() != "EXEMPT":
        warnings.append(f"{file}: Ref 1 is not named EXEMPT: read as Papi's EXEMPT all the same (the bye)")
    return people


def _players(numbers: dict[int, int], fields: dict[int, dict], records: dict[int, tuple], ranked: dict) -> tuple:
    """The players by number, each with his records and what Papi stored of his standing."""
    players = []
    for ref in sorted(numbers):
        place, published = ranked.get(ref, (None, ()))
        f = fields[ref]
        if published:
            f["extra"] += published
        players.append(new_player(start_no=numbers[ref], rounds=records[numbers[ref]], stored_rank=place, **f))
    return tuple(players)


_TEXTS = {"Nom", "Prenom", "Sexe", "Cat", "Federation", "Club", "FideCode", "FideTitre", "NrFFE", "Fide", "RapideFide",
          "BlitzFide", "Variable", "Value", "Str"}
_WHOLE = (BYTE, INT, LONG)


def _read(db: Database, table: str, wanted: tuple[str, ...], most: int) -> list:
    """The rows of ``table``'s columns ``wanted``, each column of the type Papi gives it."""
    columns = db.table(table).columns
    for name in wanted:
        kinds = (TEXT,) if name in _TEXTS or name.endswith("Cl") else (DATETIME,) if name == "NeLe" else \
            (FLOAT, DOUBLE, *_WHOLE) if name.startswith("Dep") else _WHOLE
        kind = columns[name].kind if name in columns else None
        if kind is not None and kind not in kinds:
            raise BrightwellError(f"table {table}'s column {name} is of type {TYPE_NAMES.get(kind, kind)}, where Papi "
                                  f"writes {TYPE_NAMES[kinds[0]]}", file=db.file)
    return db.rows(table, wanted, most)


def _info(db: Database) -> dict[str, str]:
    """INFO's variables; a variable this reader uses given twice with two values is refused."""
    out: dict[str, str] = {}
    used = {"Nom", "NbrRondes", "RondeActive", "Genre", "ClassElo", "DecomptePoints", "Dep1", "Dep2", "Dep3",
            "DateDebut", "DateFin"}
    for variable, value in _read(db, "INFO", ("Variable", "Value"), _INFO_ROWS):
        if not isinstance(variable, str):
            continue
        key, value = variable.strip(), (value or "").strip()
        if key in out and key in used and out[key] != value:
            raise BrightwellError(f"table INFO gives {key} twice ({out[key]!r} and {value!r})", file=db.file)
        out.setdefault(key, value)
    return out


def _planned(db: Database, info: dict[str, str], file: str) -> tuple[int, int]:
    """The planned rounds (NbrRondes) and the rounds table JOUEUR has columns for."""
    text = info.get("NbrRondes", "")
    if not digits(text) or not int(text):
        raise BrightwellError(f"table INFO's NbrRondes is {text!r}, not a number of rounds", file=file)
    planned = check_round(int(text), file, "table INFO, NbrRondes")
    columns = db.table("JOUEUR").columns
    held = 0
    while all(f"Rd{held + 1:02}{c}" in columns for c in ("Cl", "Adv", "Res")):
        held += 1
    if planned > held:
        raise BrightwellError(f"table INFO's NbrRondes is {planned}, and table JOUEUR holds {held} rounds", file=file)
    return planned, held


def _tiebreaks(info: dict[str, str], warnings: list[str], file: str) -> dict[int, str | None]:
    """Dep1-Dep3 as this project's items (None: none, or one Papi is not known to have, said), by
    their number."""
    items, unknown = {}, []
    for k in (1, 2, 3):
        name = info.get(f"Dep{k}", "")
        code = TIEBREAKS.get(name) or next((v for n, v in TIEBREAKS.items() if n.casefold() == name.casefold()), None)
        items[k] = code
        if name and not code:
            unknown.append(f"Dep{k} {name!r}")
    if unknown:
        warnings.append(f"{file}: tie-break(s) Papi is not known to have, left out of the list: {', '.join(unknown)}")
    return items


def _standings(people: list[list], at: int, stored: tuple[str, ...], tiebreaks: dict[int, str | None],
               file: str) -> dict:
    """Each player's place and tie-break values as Papi stored them (Ref -> (place, extra)), where
    Papi ranked the event (a player's Place set); else nothing."""
    ranked = "Place" in stored and any(isinstance(r[at], int) and r[at] > 0 for r in people)
    manual = "OTHER_MAN" in tiebreaks.values()  # the arbiter's values: read whether Papi ranked or not
    if not ranked and not manual:
        return {}
    out = {}
    for row in people:
        place, values = row[at], row[at + 1:at + len(stored)]
        extra = []
        for k, value in zip((int(c[-1]) for c in stored[1:]), values):
            if value is None or not tiebreaks.get(k) or not ranked and tiebreaks[k] != "OTHER_MAN":
                continue
            if not math.isfinite(value):
                raise BrightwellError(f"Ref {row[0]}'s Dep{k} is {value!r}, not a number", file=file,
                                      place="table JOUEUR")
            if tiebreaks[k] == "OTHER_MAN":
                extra.append((MANUAL_TIEBREAK, f"{int(value)}"))
            if ranked:
                extra.append((PUBLISHED + tiebreaks[k], f"{value:g}"))
        out[row[0]] = (place if ranked and isinstance(place, int) and place > 0 else None, tuple(extra))
    return out


def _said(rounds: Rounds, odd_ids: list[str], planned: int, warnings: list[str], file: str) -> list[str]:
    """The warnings of the rounds read; what was left out (``--strict`` refuses it)."""
    def some(items):
        return "; ".join(items[:3]) + (" …" if len(items) > 3 else "")
    if rounds.unknown:
        warnings.append(f"{file}: {len(rounds.unknown)} round cell(s) Papi is not known to write: left out, with "
                        f"the opponent's side of the pairing ({some(rounds.unknown)})")
    if rounds.against_self:
        warnings.append(f"{file}: {len(rounds.against_self)} pairing(s) of a player with himself: left out "
                        f"({some(rounds.against_self)})")
    if rounds.ahead:
        warnings.append(f"{file}: {len(rounds.ahead)} bye(s) that score declared for rounds not paired yet: not "
                        f"recorded until their round is ({some(rounds.ahead)})")
    late = rounds.beyond + rounds.beyond_scoring
    if late:
        warnings.append(f"{file}: {len(late)} round record(s) beyond the planned {planned} rounds: left out"
                        f"{', among them results that score' if rounds.beyond_scoring else ''} ({some(late)})")
    if odd_ids:
        warnings.append(f"{file}: {len(odd_ids)} FideCode(s) that are no FIDE id, kept as written: {some(odd_ids)}")
    return rounds.unknown + rounds.against_self + rounds.beyond_scoring


def _check_results_table(db: Database, warnings: list[str], file: str) -> None:
    """The file's own table RES names each result code as Papi does, or is said to differ."""
    if "RES" not in db.tables:
        return
    differ = [f"{ref}: {(text or '').strip()!r}" for ref, text in _read(db, "RES", ("Ref", "Str"), 100)
              if ref in RESULTS and (text or "").strip() != RESULTS[ref]]
    if differ:
        warnings.append(f"{file}: table RES names result codes otherwise than Papi ({', '.join(differ[:4])}): read "
                        "as Papi's")


def _scoring(info: dict[str, str]) -> ScoringSystem:
    """1, ½, 0 (the bye a win), or 3, 1, 0 where DecomptePoints says OUI."""
    return ScoringSystem(win=3, draw=1, loss=0) if info.get("DecomptePoints", "").upper() == "OUI" else ScoringSystem()


def _system(info: dict[str, str], warnings: list[str], file: str) -> str:
    genre = info.get("Genre", "")
    if genre and genre not in _SYSTEMS:
        warnings.append(f"{file}: Genre {genre!r} is no system Papi knows: read as a Swiss")
    return _SYSTEMS.get(genre, "swiss")


def _metadata(info: dict[str, str]) -> tuple[tuple[str, str], ...]:
    out = [(key, info[variable]) for variable, key in _META if info.get(variable)]
    if digits(info.get("RondeActive", "")):
        out.append((FILE_ROUND, str(int(info["RondeActive"]))))
    return tuple(out)


def _date(text: str | None) -> str | None:
    """A Papi date, dd/mm/yyyy, as ISO."""
    try:
        return datetime.datetime.strptime((text or "").strip(), "%d/%m/%Y").date().isoformat()
    except ValueError:
        return None


@hookimpl
def brightwell_register_formats(register):
    register(PapiFormat())
