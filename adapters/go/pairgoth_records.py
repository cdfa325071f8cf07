"""A pairgoth ``.tour`` document read into typed records, as pairgoth's ``Tournament.fromJson``,
``Player.fromJson``, ``Game.fromJson`` and ``Pairing.fromJson`` read it (its ``FileStore``): what they
require is required, their defaults are the defaults, every fault one line naming the JSON path.

* ``type`` INDIVIDUAL (team tournaments, ``PAIRGO`` .. ``TEAM5``, are not read), ``rounds``, and
  ``pairing``: its ``type`` (``MAC_MAHON``, ``SWISS``, ``ROUND_ROBIN``), ``placement`` (the
  criteria; by default the type's), ``mmFloor`` and ``mmBar`` (-20 and 0: pairgoth's ranks, 30K =
  -30, 1D = 0), ``main.mmsValueAbsent`` (0, 0.5 or 1: 0.5), ``main.roundDownScore`` and
  ``main.sosValueAbsentUseBase`` (true).
* ``players``: ``id``, ``name``, ``firstname``, ``rating``, ``rank`` (-30 .. 8), ``country``, ``club``,
  ``final`` (true), ``mmsCorrection`` (0), ``pro`` (0), ``skip`` (the rounds he sits out), ``egf``,
  ``ffg``, ``aga``, ``ext`` (his ids), ``licensed``.
* ``games``: one array a round; a game ``id``, ``t`` (table), ``w`` and ``b`` (player ids, 0 the bye
  player), ``h`` (handicap, 0 .. 9), ``r`` (``?`` unknown, ``b``, ``w``, ``=`` jigo, ``X`` cancelled,
  ``#`` both win, ``0`` both lose). A game whose id a round already holds replaces it (a map by id).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from brightwell_plugin.adapters.json_text import Members
from brightwell_plugin.limits import check_round, max_rounds

RESULTS = "?bw=X#0"
TYPES = ("MAC_MAHON", "SWISS", "ROUND_ROBIN")
TEAM_TYPES = ("PAIRGO", "RENGO2", "RENGO3", "TEAM2", "TEAM3", "TEAM4", "TEAM5")  # Tournament.Type
DEFAULT_PLACEMENT = {"MAC_MAHON": ("MMS", "SOSM", "SOSOSM"), "SWISS": ("NBW", "SOSW", "SOSOSW"),
                     "ROUND_ROBIN": ("NBW", "RATING")}
ABSENT_VALUES = (0, 0.5, 1)  # the choices pairgoth's parameters page offers
MIN_RANK, MAX_RANK = -30, 8
MAX_HANDICAP = 9  # HandicapParams.ceiling: 0 to 9
MAX_CORRECTION = 999_999
ID_SCHEMES = (("egf", "egf"), ("ffg", "ffg"), ("aga", "aga"), ("ext", "ext"))  # DatabaseId keys -> our schemes
SETTINGS_OBJECTS = ("", "timeSystem", "pairing", "pairing.base", "pairing.main", "pairing.secondary",
                    "pairing.geo", "pairing.handicap")
MAX_SETTINGS = 100  # members of one settings object kept verbatim
_WHOLE = 10**18 - 1  # a whole number's bound (limits.MAX_DIGITS)
_PLAIN_RESULTS = frozenset(RESULTS)
_ID_KEYS = frozenset(key for key, _ in ID_SCHEMES)
_new_tuple = tuple.__new__  # a record made in C: a file holds thousands
_NO_SKIP: frozenset[int] = frozenset()


class PlayerRecord(NamedTuple):
    path: str
    id: int
    name: str
    first: str
    rating: int
    rank: int
    country: str
    club: str
    final: bool
    correction: int
    pro: int
    skip: frozenset[int]
    ids: tuple[tuple[str, str], ...]
    licensed: bool | None


class GameRecord(NamedTuple):
    round: int  # from 1
    index: int  # its place in the round's array
    id: int
    white: int
    black: int
    handicap: int
    result: str  # one of RESULTS

    @property
    def path(self) -> str:
        return f"games[{self.round - 1}][{self.index}]"


@dataclass(frozen=True, slots=True)
class PairingRecord:
    type: str
    placement: tuple[str, ...]  # pairgoth's criterion names, as written
    floor: int
    bar: int
    absent: float
    round_down: bool
    use_base: bool


@dataclass(frozen=True)
class Document:
    pairing: PairingRecord
    rounds: int  # planned
    players: tuple[PlayerRecord, ...]
    games: tuple[tuple[GameRecord, ...], ...]  # one tuple a round stored
    settings: tuple[tuple[str, str], ...]  # (JSON path, value as written) of every scalar setting
    warnings: tuple[str, ...]


def document(top, j: Members) -> Document:
    """The records of a decoded ``.tour`` document."""
    top = j.value(top, "", "object")
    kind = j.get(top, "type", "", "text").upper()
    if kind in TEAM_TYPES:
        raise j.fail("type", f"a pairgoth team tournament ({kind}): only individual tournaments are read")
    if kind != "INDIVIDUAL":
        raise j.fail("type", f"'{kind[:20]}' is none of pairgoth's tournament types")
    rounds = j.get(top, "rounds", "", "whole", low=0)
    if rounds > max_rounds():
        check_round(rounds, j.file, "rounds")  # refuses it, in words
    warnings: list[str] = []
    pairing = _pairing(j.get(top, "pairing", "", "object"), j)
    players = tuple(_plain_player(p, n) or _player(j.value(p, j.at("players", n), "object"), j.at("players", n), j)
                    for n, p in enumerate(j.get(top, "players", "", "array", ())))
    games = _games(j.get(top, "games", "", "array", ()), j, warnings)
    if top.get("frozen") is not None:
        warnings.append(f"{j.file}: holds standings pairgoth froze (it shows them instead of computing its own): "
                        "not read, the standings are computed")
    return Document(pairing, rounds, players, games, _settings(top, j, warnings), tuple(warnings))


def _pairing(obj: dict, j: Members) -> PairingRecord:
    kind = j.get(obj, "type", "pairing", "text")
    if kind not in TYPES:
        raise j.fail("pairing.type", f"'{kind[:20]}' is none of pairgoth's pairing types ({', '.join(TYPES)})")
    main = j.get(obj, "main", "pairing", "object", {})
    absent = j.get(main, "mmsValueAbsent", "pairing.main", "number", 0.5)
    if absent not in ABSENT_VALUES:
        raise j.fail("pairing.main.mmsValueAbsent", f"{absent:g} is none of pairgoth's values (0, 0.5, 1)")
    placement = j.get(obj, "placement", "pairing", "array", None)
    names = DEFAULT_PLACEMENT[kind] if placement is None else tuple(
        j.value(c, j.at("pairing.placement", n), "text") for n, c in enumerate(placement))
    return PairingRecord(
        kind, names, j.get(obj, "mmFloor", "pairing", "whole", -20, MIN_RANK, MAX_RANK),
        j.get(obj, "mmBar", "pairing", "whole", 0, MIN_RANK, MAX_RANK), absent,
        j.get(main, "roundDownScore", "pairing.main", "flag", True),
        j.get(main, "sosValueAbsentUseBase", "pairing.main", "flag", True))


def _plain_player(obj, n: int) -> PlayerRecord | None:
    """The player ``obj`` when every member is plainly what pairgoth writes (the usual case, made
    fast); else None, and :func:`_player` reads it member by member, naming any fault."""
    try:  # what pairgoth always writes (Player.toMutableJson; final since 2023)
        pid, rating, rank, name, first = obj["id"], obj["rating"], obj["rank"], obj["name"], obj["firstname"]
        country, club = obj["country"], obj["club"]
    except (KeyError, TypeError):
        return None
    get = obj.get
    final, correction, pro, skip = get("final", True), get("mmsCorrection", 0), get("pro", 0), get("skip", ())
    licensed = get("licensed", False)
    if (type(obj) is not dict or type(pid) is not int or type(rating) is not int or type(rank) is not int or type(name) is not str
            or type(first) is not str or type(country) is not str or type(club) is not str or type(final) is not bool
            or type(correction) is not int or type(pro) is not int or type(licensed) is not bool
            or not MIN_RANK <= rank <= MAX_RANK or not -MAX_CORRECTION <= correction <= MAX_CORRECTION
            or not 0 <= pro <= 9 or not -_WHOLE <= pid <= _WHOLE or not -_WHOLE <= rating <= _WHOLE or pid == 0
            or (skip and (type(skip) is not list or any(type(r) is not int for r in skip)))):
        return None
    ids = []
    if not _ID_KEYS.isdisjoint(obj):
        for key, scheme in ID_SCHEMES:
            text = get(key)
            if text is not None:
                if type(text) is not str:
                    return None
                if text.strip():
                    ids.append((scheme, text.strip()))
    return _new_tuple(PlayerRecord, (f"players[{n}]", pid, name, first, rating, rank, country, club, final, correction,
                                     pro, frozenset(skip) if skip else _NO_SKIP, tuple(ids), get("licensed")))


def _player(obj: dict, path: str, j: Members) -> PlayerRecord:
    """The player ``obj``, member by member: the first fault named."""
    skip = j.get(obj, "skip", path, "array", ())
    ids = []
    for key, scheme in ID_SCHEMES:
        text = j.get(obj, key, path, "text", "").strip()
        if text:
            ids.append((scheme, text))
    pid = j.get(obj, "id", path, "whole")
    if pid == 0:
        raise j.fail(j.at(path, "id"), "0 is the id of pairgoth's bye player, no player's")
    return PlayerRecord(
        path, pid, j.get(obj, "name", path, "text"),
        j.get(obj, "firstname", path, "text"), j.get(obj, "rating", path, "whole"),
        j.get(obj, "rank", path, "whole", low=MIN_RANK, high=MAX_RANK), j.get(obj, "country", path, "text", ""),
        j.get(obj, "club", path, "text", ""), j.get(obj, "final", path, "flag", True),
        j.get(obj, "mmsCorrection", path, "whole", 0, -MAX_CORRECTION, MAX_CORRECTION),
        j.get(obj, "pro", path, "whole", 0, 0, 9),
        frozenset(j.value(r, j.at(j.at(path, "skip"), n), "whole") for n, r in enumerate(skip)),
        tuple(ids), j.get(obj, "licensed", path, "flag", None))


def _games(rounds: list, j: Members, warnings: list[str]) -> tuple[tuple[GameRecord, ...], ...]:
    """Each round's games; a game plainly what pairgoth writes is read here (fast), any other by
    :func:`_game`, which names its fault."""
    if len(rounds) > max_rounds():
        check_round(len(rounds), j.file, "games")
    out, results, new, top = [], _PLAIN_RESULTS, _new_tuple, _WHOLE
    for r, games in enumerate(rounds, 1):
        by_id: dict[int, GameRecord] = {}
        for n, obj in enumerate(games if type(games) is list else j.value(games, j.at("games", r - 1), "array")):
            try:  # what pairgoth always writes (Game.toJson)
                gid, white, black, hd, result, table = obj["id"], obj["w"], obj["b"], obj["h"], obj["r"], obj["t"]
                plain = (type(obj) is dict and type(gid) is type(white) is type(black) is type(hd) is type(table) is int
                         and type(result) is str and 0 <= hd <= MAX_HANDICAP and result in results
                         and -top <= gid <= top and -top <= white <= top and -top <= black <= top
                         and -top <= table <= top)
            except (KeyError, TypeError, IndexError):
                plain = False
            if plain and gid not in by_id:
                by_id[gid] = new(GameRecord, (r, n, gid, white, black, hd, result))
                continue
            if plain:
                game = new(GameRecord, (r, n, gid, white, black, hd, result))
            else:
                path = f"games[{r - 1}][{n}]"
                game = _game(j.value(obj, path, "object"), path, r, n, j)
            if game.id in by_id:
                warnings.append(f"{j.file}: {game.path}: a second game of id {game.id} in round {r}: it replaces "
                                f"the first ({by_id[game.id].path}), as pairgoth keeps one game an id")
            by_id[game.id] = game  # in the first's place, as pairgoth's map puts it
        out.append(tuple(by_id.values()))
    return tuple(out)


def _game(obj: dict, path: str, r: int, n: int, j: Members) -> GameRecord:
    """The game ``obj``, member by member: the first fault named."""
    result = j.get(obj, "r", path, "text", "?")
    if len(result) != 1 or result not in RESULTS:
        raise j.fail(j.at(path, "r"), f"'{result[:10]}' is none of pairgoth's results ({' '.join(RESULTS)})")
    j.get(obj, "t", path, "whole", 0)  # the table: read, not kept
    return GameRecord(r, n, j.get(obj, "id", path, "whole"), j.get(obj, "w", path, "whole"),
                      j.get(obj, "b", path, "whole"), j.get(obj, "h", path, "whole", 0, 0, MAX_HANDICAP), result)


def _settings(top: dict, j: Members, warnings: list[str]) -> tuple[tuple[str, str], ...]:
    """Every scalar of the event's settings objects, by its JSON path, as written (kept verbatim)."""
    out = []
    for path in SETTINGS_OBJECTS:
        obj = top
        for part in path.split(".") if path else ():
            obj = obj.get(part) if isinstance(obj, dict) else None
        if not isinstance(obj, dict):
            continue
        scalars = [(k, v) for k, v in obj.items() if v is not None and not isinstance(v, (dict, list))]
        if len(scalars) > MAX_SETTINGS:
            warnings.append(f"{j.file}: {path or 'the document'} has {len(scalars)} settings: the first "
                            f"{MAX_SETTINGS} are kept")
        prefix = f"{path}." if path else ""
        for k, v in scalars[:MAX_SETTINGS]:
            kind = type(v)
            if kind is not str and kind is not bool:  # a number: within the bounds of any (the document's are not)
                j.value(v, prefix + k, "whole" if kind is int else "number")
            out.append((prefix + k, v if kind is str else ("true" if v else "false") if kind is bool else repr(v)))
    return tuple(out)
