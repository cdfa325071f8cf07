"""FIDE Chess-JSON (``chess-json``): the event document FIDE's checker gacrux reads and writes.

An event holds ``profiles`` (the people) and ``tournaments``; a tournament its ``competitors``
(``cid`` the start number, ``profileId`` the person, ``gamePoints`` and ``rank`` as stored), its
``scoreSystem`` and its ``gameList``. A game has a ``round``, a ``white`` and a ``black`` side
(``{cid, result}``; ``black`` null for a bye), ``played`` and ``rated``. The results, as gacrux's
``trf2json`` writes them: played games ``W``, ``D``, ``L`` (``A``: no result yet); a forfeit is an
unplayed game, ``W`` against ``Z`` (``Z`` against ``Z`` for a double forfeit); a bye has no black,
``W`` a full point, ``D`` a half, ``Z`` none, ``P`` the pairing-allocated bye (marked played). A
round a player has no game in is an absence. A team tournament is read into the team model
(chessjson_teams.py).

What a tournament of this project holds and Chess-JSON does not (game scores, points outside the
rounds, entries and withdrawals, metadata) is kept in the profile's ``other.brightwell`` object,
so that a file written here reads back the same; other programs ignore it.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import replace
from decimal import Decimal
from functools import partial

from brightwell_plugin.adapters.base import (
    About,
    Division,
    EventFiles,
    Format,
    Holds,
    Loss,
    ReadOptions,
    ReadResult,
    metadata,
    teams_lost,
)
from brightwell_plugin.adapters.chessjson.values import adjusted
from brightwell_plugin.adapters.chessjson.values import points as _points
from brightwell_plugin.adapters.chessjson.values import text_field as _str
from brightwell_plugin.adapters.json_text import load_json
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.pairing_system import system_rule
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    FILE_ROUND,
    hookimpl,
    Kind,
    last_paired,
    Player,
    read_input,
    Result,
    RoundEntry,
    ScoringSystem,
    Side,
    stored_totals_disagree,
    Tournament,
)

_RESULT = {"W": Result.WIN, "D": Result.DRAW, "L": Result.LOSS}
_LETTER = {Result.WIN: "W", Result.DRAW: "D", Result.LOSS: "L"}
_BYE = {"W": Kind.FULL_BYE, "D": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, "L": Kind.ZERO_BYE, "P": Kind.PAB,
        "U": Kind.ZERO_BYE, "A": Kind.ZERO_BYE}
_BYE_LETTER = {Kind.FULL_BYE: "W", Kind.HALF_BYE: "D", Kind.ZERO_BYE: "Z", Kind.PAB: "P"}
_OURS = "brightwell"
ORIGIN = "brightwell-plugin"  # the document's origin, as this project writes it


class ChessJsonFormat(Format):
    name = "chess-json"
    about = About("FIDE Chess-JSON (gacrux's event document; individual and team tournaments)",
                  (".jch",),  # gacrux writes .json too: told from FlipTheDisc by content
                  can_write=True)
    event_files = EventFiles(several_events=True, event_word="tournament")
    holds = Holds(carries_teams=True)

    def sniff(self, path, head):
        text = head.lstrip()
        return text.startswith(b"{") and b'"tournaments"' in head or b'"filetype": "Event"' in head

    def divisions(self, options: ReadOptions) -> tuple[Division, ...]:
        doc = self._document(options.path, options.encoding)
        with _as_read(options):
            found = doc["event"].get("tournaments") or []
            if not found:
                raise BrightwellError("the event holds no tournament")
            names = _numbers(found)

        def read(at: int) -> ReadResult:
            with _as_read(options):
                if names.count(names[at]) > 1:
                    raise BrightwellError(f"{names.count(names[at])} of the event's tournaments are numbered "
                                          f"{names[at]}: which one is meant cannot be told")
                t = _tournament(doc, found[at])
                return ReadResult(t, tuple(_team_warnings(t, options.path)))
        with _as_read(options):
            return tuple(Division(name, _players_in(tm), partial(read, at))
                         for at, (name, tm) in enumerate(zip(names, found)))

    @staticmethod
    def _document(path, encoding=None) -> dict:
        doc = load_json(read_input(path).decode(encoding or "utf-8-sig"), str(path), "a Chess-JSON event")
        if not isinstance(doc, dict) or not isinstance(doc.get("event"), dict):
            kind = doc.get("filetype") if isinstance(doc, dict) else None
            raise BrightwellError(f"a Chess-JSON '{kind}' document holds no event" if kind else
                                  "not a Chess-JSON event (no 'event' object)", file=str(path))
        return doc

    def cannot_carry(self, t):
        lost = []
        kinds = {(e.kind, e.opponent is None, bool(e.handicap)) for p in t.players for e in p.rounds}
        if any(kind.is_forfeit and alone for kind, alone, _ in kinds):
            lost.append(Loss("forfeits without an opponent (written as byes of the same points)"))
        if any(handicap for _, _, handicap in kinds):
            lost.append(Loss("handicaps (Go)"))
        if t.playoffs:
            lost.append(Loss(f"{len(t.playoffs)} play-off game(s)"))
        if t.teams is not None and _teamless(t):  # a team tournament in Chess-JSON: every player on a team
            lost.append(teams_lost(t))
        if t.tie_order != "start":
            lost.append(metadata("the order tied players are listed in (read back by start number)"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        doc = _document(t)
        if t.teams is not None and not _teamless(t):
            from brightwell_plugin.adapters.chessjson.teams import with_teams  # team files only (benchmarks/bench_start.py)
            doc = with_teams(doc, t)
        return (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def _teamless(t: Tournament) -> list[int]:
    """The players of a team event on no team (written then as an individual event)."""
    on = {no for team in t.teams.teams for no in team.members}
    return [p.start_no for p in t.players if p.start_no not in on]


@contextmanager
def _as_read(options: ReadOptions):
    """A document that is no Chess-JSON event, refused on one line naming the file."""
    try:
        yield
    except BrightwellError as exc:
        raise exc.at(file=str(options.path)) from None
    except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        raise BrightwellError(f"not a Chess-JSON event ({type(exc).__name__}: {exc})", file=str(options.path)) from None


def _numbers(tournaments: list) -> list[str]:
    """The tournaments' names: their numbers (``tournamentNo``, else their place)."""
    return [str(t.get("tournamentNo", i + 1)) if isinstance(t, dict) else str(i + 1) for i, t in enumerate(tournaments)]


def _players_in(tm) -> int:
    """The players a tournament lists, as far as it says (reading it finds what is wrong): its
    competitors, or its teams' players."""
    competitors = tm.get("competitors") if isinstance(tm, dict) else None
    if not isinstance(competitors, list):
        return 0
    if tm.get("teamTournament") is True:
        return sum(len(team["cplayers"]) for team in competitors
                   if isinstance(team, dict) and isinstance(team.get("cplayers"), list))
    return len(competitors)


def _tournament(doc: dict, tm: dict) -> Tournament:
    """The tournament ``tm`` of the event ``doc`` as an event."""
    event = doc["event"]
    profiles = {p["id"]: p for p in event.get("profiles") or ()}
    competitors = tm.get("competitors") or []
    teams = competitors if tm.get("teamTournament") is True else None
    if teams is not None:  # the teams' players are the event's players
        from brightwell_plugin.adapters.chessjson.teams import players_of  # team files only (benchmarks/bench_start.py)
        competitors = players_of(teams)
    if not competitors:
        raise BrightwellError("the tournament has no competitors")
    cids = [_whole(c["cid"], "cid") for c in competitors]
    if len(set(cids)) != len(cids):
        raise BrightwellError("two competitors have one cid")
    rounds_of: dict[int, dict[int, RoundEntry]] = {cid: {} for cid in cids}
    for n, game in enumerate(tm.get("gameList") or (), 1):
        _game(game, rounds_of, f"gameList[{n}]")
    meta = (event.get("eventInfo") or {}).get("other", {}).get(_OURS, {})
    stated = _current_round(doc, tm, competitors, cids, rounds_of)
    paired = _last_paired(rounds_of, _int(meta, "rounds") or 0)
    players = [_player(c, cid, profiles.get(c.get("profileId"), {}), rounds_of[cid], paired, tm)
               for c, cid in zip(competitors, cids)]
    info = tm.get("tournamentInfo") or event.get("eventInfo") or {}
    kind = (_str(tm, "tournamentType") or "").upper()
    system = system_rule(kind, len(players), _int(tm, "numRounds") or 0, players, "tournamentType",
                         "no tournamentType naming a system")[0]
    order = [_str({"rankOrder": o if isinstance(o, str) else o.get("name")}, "rankOrder") for o in tm.get("rankOrder") or ()]
    t = Tournament(
        name=_str(info, "fullName") or _str(event, "eventName") or _str(event, "name") or "Chess-JSON event",
        players=tuple(players), rounds=_int(tm, "numRounds") or None, scoring=_scoring(tm.get("scoreSystem")),
        game=_str(meta, "game"), board=_int(meta, "board"), system=system,
        start_date=_str(info, "startDate"), end_date=_str(info, "endDate"),
        tiebreaks=tuple(o for o in order if o), metadata=_pairs(meta, "metadata") + stated)
    if teams is not None:
        from brightwell_plugin.adapters.chessjson.teams import team_section  # team files only (benchmarks/bench_start.py)
        t = replace(t, teams=team_section(event, tm, teams, t))
    return t


def _player(c: dict, cid: int, profile: dict, entries: dict[int, RoundEntry], paired: int, tm: dict) -> Player:
    """A competitor, his ``profile`` and his games' records ``entries`` (by round) as a player."""
    ours = (profile.get("other") or {}).get(_OURS) or {}
    rounds = tuple(entries.get(r, ABSENT_ENTRY) for r in range(1, max(paired, max(entries, default=0)) + 1))
    scores, unsided = _scores(ours, len(rounds)), set(_list(ours, "unsided", _whole))
    if any(scores) or unsided:
        rounds = tuple(RoundEntry(e.kind, e.opponent, e.result, None if r in unsided else e.side,
                                  *(s or (e.score, e.opp_score)), e.rated, e.handicap)
                       for r, (e, s) in enumerate(zip(rounds, scores), 1))
    return Player(
        start_no=cid, name=_name(profile, cid), rounds=rounds, rating=_rating(c, profile, tm.get("ratingList")),
        federation=_str(profile, "federation"), title=_str(profile, "fideTitle"),
        sex=_str(profile, "sex"), birth_date=_str(profile, "birth"),
        ids=_pairs(ours, "ids") if "ids" in ours else
        (("fide", str(_int(profile, "fideId"))),) if _int(profile, "fideId") else (),
        late_entry=_int(ours, "lateEntry"), withdrawn_after=_int(ours, "withdrawnAfter"),
        bonus=_points(ours.get("bonus", 0)) + adjusted(c, "points", f"competitor {cid}"),
        stored_points=None if ours.get("unstored") else _points(c.get("gamePoints")), stored_rank=_int(c, "rank") or None,
        extra=_pairs(ours, "extra"), listed=ours.get("listed", True) is not False)


def _last_paired(rounds_of: dict[int, dict[int, RoundEntry]], recorded: int) -> int:
    """The rounds every player's row holds: through the last round with a game or the pairing bye
    (a round without one, an absence), or the rounds this project's own file says it recorded; past
    them, a player's own records alone (byes asked for ahead)."""
    paired = (r for entries in rounds_of.values() for r, e in entries.items() if e.opponent is not None or e.kind is Kind.PAB)
    return max(max(paired, default=0), recorded)


def _current_round(doc: dict, tm: dict, competitors, cids: list[int],
                   rounds_of: dict[int, dict[int, RoundEntry]]) -> tuple[tuple[str, str], ...]:
    """``currentRound`` (gacrux's: the last round paired) as the program's round, and each competitor
    not ``present`` (gacrux's reading of JaVaFo's XXZ: not to be paired in the round after it) absent
    from that round: a zero-point bye there, as TRF's XXZ is read, unless he has a record of it or the
    event plans no such round. Nothing from a file this project wrote: its own metadata says them."""
    current = tm.get("currentRound")
    if doc.get("origin") == ORIGIN or type(current) is not int or not 0 <= current <= 1000:
        return ()
    planned, r = _int(tm, "numRounds"), current + 1
    for c, cid in zip(competitors, cids):
        if current and c.get("present") is False and r not in rounds_of[cid] and (planned is None or r <= planned):
            rounds_of[cid][r] = RoundEntry(Kind.ZERO_BYE)
    return ((FILE_ROUND, str(current)),)


def _team_warnings(t: Tournament, path) -> list[str]:
    if t.teams is None:
        return []
    return [f"{path}: {line}" for line in stored_totals_disagree(t.teams)]


def _list(obj: dict, key: str, item) -> list:
    """A list field, each entry read by ``item(value, what)``; [] when missing."""
    value = obj.get(key)
    if value is None:
        return []
    if not isinstance(value, list):
        raise BrightwellError(f"{key} is not a list")
    return [item(v, key) for v in value]


def _pair(value, what: str) -> tuple[str, str]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(x, str) for x in value)):
        raise BrightwellError(f"{what}: {value!r} is not a pair of texts")
    return value[0], value[1]


def _pairs(obj: dict, key: str) -> tuple[tuple[str, str], ...]:
    return tuple(_list(obj, key, _pair))


def _scores(ours: dict, rounds: int) -> list:
    """This project's game scores, a round each: None, or the two scores (either may be None)."""
    def score(value, what):
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 2):
            raise BrightwellError(f"{what}: {value!r} is not two scores")
        return tuple(None if x is None else _points(x) for x in value)
    found = _list(ours, "scores", score)
    return (found + [None] * rounds)[:rounds] if found else [None] * rounds


def _int(obj: dict, key: str) -> int | None:
    """A whole-number field; None when missing; anything else is refused."""
    value = obj.get(key)
    if value is None:
        return None
    return _whole(value, key)


def _whole(value, what: str) -> int:
    if type(value) is not int:
        raise BrightwellError(f"{what} {value!r} is not a whole number")
    return value


def _game(game: dict, rounds_of: dict, where: str) -> None:
    rnd = _whole(game["round"], f"{where} round")
    if not 1 <= rnd <= 1000:
        raise BrightwellError(f"round {rnd} is out of range", place=where)
    white, black = game.get("white"), game.get("black")
    a = _whole(white["cid"], f"{where} white cid")
    b = _whole(black["cid"], f"{where} black cid") if black and black.get("cid") else None
    for cid in (a, b):
        if cid is not None and cid not in rounds_of:
            raise BrightwellError(f"cid {cid} is no competitor", place=where)
        if cid is not None and rnd in rounds_of[cid]:
            raise BrightwellError(f"cid {cid} has two games in round {rnd}", place=where)
    res_a = white.get("result")
    if b is None:
        if res_a not in _BYE:
            raise BrightwellError(f"bye result {res_a!r} is not W, D, Z or P", place=where)
        rounds_of[a][rnd] = RoundEntry(_BYE[res_a])
        return
    if a == b:
        raise BrightwellError(f"cid {a} plays himself", place=where)
    res_b = black.get("result") or {"W": "L", "L": "W", "D": "D", "Z": "W"}.get(res_a)
    if game.get("played", True) is False:  # a forfeit: the winner W, the other Z (both Z: a double forfeit)
        for cid, opp, res, side in ((a, b, res_a, Side.FIRST), (b, a, res_b, Side.SECOND)):
            if res not in ("W", "Z", "L"):
                raise BrightwellError(f"forfeit result {res!r} is not W or Z", place=where)
            rounds_of[cid][rnd] = RoundEntry(Kind.FORFEIT_WIN if res == "W" else Kind.FORFEIT_LOSS, opp, side=side)
        return
    if res_a == "A" or res_b == "A":
        for cid, opp, side in ((a, b, Side.FIRST), (b, a, Side.SECOND)):
            rounds_of[cid][rnd] = RoundEntry(Kind.PAIRED, opp, side=side)
        return
    if res_a not in _RESULT or res_b not in _RESULT or _RESULT[res_b] is not _RESULT[res_a].reverse:
        raise BrightwellError(f"results {res_a!r} and {res_b!r} are no game's", place=where)
    rated = game.get("rated", True) is not False
    rounds_of[a][rnd] = RoundEntry(Kind.GAME, b, _RESULT[res_a], Side.FIRST, rated=rated)
    rounds_of[b][rnd] = RoundEntry(Kind.GAME, a, _RESULT[res_b], Side.SECOND, rated=rated)


def _name(profile: dict, cid: int) -> str:
    last, first = _str(profile, "lastName") or "", _str(profile, "firstName") or ""
    return f"{last}, {first}" if last and first else last or first or _str(profile, "fideName") or f"Player {cid}"


def _rating(c: dict, profile: dict, listed: str | None) -> int | None:
    rating = c.get("rating")
    if isinstance(rating, dict):
        rating = rating.get("rating")
    if rating is None:
        found = [r for r in profile.get("rating") or () if isinstance(r, dict) and r.get("list") in (listed, None)]
        rating = found[0].get("rating") if found else None
    return rating if type(rating) is int and rating > 0 else None


def _scoring(system: dict | None) -> ScoringSystem:
    game = (system or {}).get("game") or {}

    def value(letter, default, seen=()):
        v = game.get(letter, default)
        if isinstance(v, str) and v in game and v not in seen:  # "F": "W": as a win
            return value(v, default, (*seen, letter))
        return _points(v) if v is not None else default
    pab = value("P", None)
    win = value("W", 1)
    return ScoringSystem(win=win, draw=value("D", 0.5), loss=value("L", 0), absent=value("Z", 0),
                         pab=None if pab in (None, win) else pab)


def _decimal(x) -> str:
    return f"{float(x):.1f}" if float(x) * 2 == int(float(x) * 2) else str(Decimal(repr(float(x))))


def _document(t: Tournament) -> dict:
    """The event as gacrux's ``trf2json`` writes one, and this project's own data in ``other``."""
    profiles, competitors, games = [], [], []
    current = last_paired(t)  # gacrux's currentRound: the last round paired (its trf2json's)
    entry = {(p.start_no, r): e for p in t.players for r, e in enumerate(p.rounds, 1)}
    for p in t.players:
        last, _, first = p.name.partition(", ")
        ours = {k: v for k, v in (("lateEntry", p.late_entry), ("withdrawnAfter", p.withdrawn_after),
                                  ("bonus", p.bonus or None), ("extra", [list(x) for x in p.extra] or None),
                                  ("listed", None if p.listed else False)) if v is not None}
        fide = dict(p.ids).get("fide")
        if p.ids and not (fide and digits(fide) and len(p.ids) == 1):
            ours["ids"] = [list(x) for x in p.ids]
        scores = [[e.score, e.opp_score] if e.score is not None or e.opp_score is not None else None for e in p.rounds]
        if any(scores):
            ours["scores"] = scores
        unsided = [r for r, e in enumerate(p.rounds, 1) if e.opponent is not None and e.side is None]
        if unsided:  # Chess-JSON writes each game's sides: these rounds had none
            ours["unsided"] = unsided
        profile = {"id": p.start_no, "lastName": last, "firstName": first, "sex": p.sex or "",
                   "birth": p.birth_date or "", "federation": p.federation or "",
                   "fideId": int(fide) if fide and digits(fide) else 0, "fideName": p.name,
                   "rating": [{"list": "TRF", "rating": p.rating or 0}], "fideTitle": p.title or ""}
        profiles.append(profile)
        if p.stored_points is None:  # the results' sum, for the programs that read gamePoints; read back as none stored
            ours["unstored"] = True
        points = p.stored_points if p.stored_points is not None else t.scoring.total(p.rounds) + p.bonus
        present = p.withdrawn_after is None or p.withdrawn_after > current  # to be paired in the round after
        competitor = {"cid": p.start_no, "profileId": p.start_no, "present": present, "gamePoints": _decimal(points),
                      "rank": p.stored_rank or 0}
        if p.rating:
            competitor["rating"] = {"list": "TRF", "rating": p.rating}
        competitors.append(competitor)
        if ours:
            profile["other"] = {_OURS: ours}
        for r, e in enumerate(p.rounds, 1):
            game = _game_of(p.start_no, r, e, entry.get((e.opponent, r)))
            if game is not None:
                games.append(game)
    for i, game in enumerate(games, 1):
        game["id"] = i
    s = t.scoring
    scoring = {"W": _decimal(s.win), "D": _decimal(s.draw), "L": _decimal(s.loss), "F": "W", "H": "D",
               "Z": _decimal(s.absent), "P": "W" if s.pab is None else _decimal(s.pab), "A": "D", "U": "Z"}
    info = {"fullName": t.name, **({"startDate": t.start_date} if t.start_date else {}),
            **({"endDate": t.end_date} if t.end_date else {})}
    meta = _ours_of_event(t, current)
    event_info = {**info, **({"other": {_OURS: meta}} if meta else {})}
    return {
        "filetype": "Event", "version": "1.0", "origin": ORIGIN, "published": "",
        "status": {"code": 0, "error": []},
        "event": {"name": t.name, "eventInfo": event_info, "ratingLists": [{"listName": "TRF"}],
                  "profiles": profiles, "teams": [], "tournaments": [{
                      "tournamentNo": 1,
                      "tournamentType": "Individual: Round Robin" if t.system == "round-robin" else "Individual: Swiss-System",
                      "tournamentInfo": info, "ratingList": "TRF", "numRounds": t.planned_rounds,
                      "currentRound": current, "teamTournament": False,
                      "rankOrder": list(t.tiebreaks), "competitors": competitors, "teamSize": 0,
                      "scoreSystem": {"game": scoring, "match": {}}, "gameList": games}]},
    }


def _ours_of_event(t: Tournament, current: int) -> dict:
    """What Chess-JSON has no field for of the event: its game, board, metadata, and the rounds its
    records run to past the last paired (absences and byes alone), which the reader would not pad."""
    recorded = t.rounds_played if t.rounds_played > current else None
    return {k: v for k, v in (("game", t.game), ("board", t.board), ("rounds", recorded),
                              ("metadata", [list(x) for x in t.metadata] or None)) if v is not None}


def _game_of(no: int, r: int, e: RoundEntry, other: RoundEntry | None) -> dict | None:
    """The game object for one player's round (``other``: the opponent's), written once: by the
    side that moved first."""
    kind = e.kind
    if kind is Kind.ABSENT:
        return None
    if kind in _BYE_LETTER or e.opponent is None:  # a forfeit without an opponent: a bye of its points
        letter = _BYE_LETTER.get(kind) or ("W" if kind is Kind.FORFEIT_WIN else "Z")
        return {"round": r, "white": {"cid": no, "result": letter}, "black": None,
                "played": kind is Kind.PAB, "rated": False, "board": 0}
    first = e.side is Side.FIRST or (e.side is None and no < e.opponent)
    if not first:
        return None
    if kind is Kind.GAME:
        mine, theirs = _LETTER[e.result], _LETTER[e.result.reverse]
    elif kind is Kind.PAIRED:
        mine = theirs = "A"
    else:  # a forfeit: the winner W, the other Z (both Z: a double forfeit)
        mine = "W" if kind is Kind.FORFEIT_WIN else "Z"
        theirs = "W" if other is not None and other.kind is Kind.FORFEIT_WIN else "Z"
    game = {"round": r, "white": {"cid": no, "result": mine}, "black": {"cid": e.opponent, "result": theirs},
            "played": kind is Kind.GAME or kind is Kind.PAIRED, "rated": kind is Kind.GAME and e.rated, "board": 0}
    return game


@hookimpl
def brightwell_register_formats(register):
    register(ChessJsonFormat())
