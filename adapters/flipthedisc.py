"""FlipTheDisc.com tournament JSON (``flipthedisc``): players, rounds, withdrawals, published BQ.

Each pairing is ``[first, second]``; only the first player's discs are stored (the second has
64 minus them); a second player with id -1 is a bye, worth a win; a first player's ``result`` null
is a game not yet played (a pairing without its result). ``info.current_round`` is kept as the
program's round, as FlipTheDisc counts it (its play-off rounds are numbered apart: 109, 110). The
``round`` field of a round object is the tournament's current round, so rounds are taken in array
order. Rounds
beyond the Swiss (``info.rounds``) are play-offs (a final, a third-place match; its name from
``roundNames``), whose pairings may hold a match of several games, ``[first, second]`` per
game, and a category's label before its matches (``"open"``, then the matches): kept as play-off
games (the label beside the stage), never ranked. Each
player's published ``mbq`` is kept as the published value of ``BQ:preset=ftd`` (with the
file's ``mbq_coef`` when it has one), which ``brightwell check`` compares; the order the
``standings`` list them in gives each player's stored place (equal points and BQ share one).
"""

from __future__ import annotations

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.json_text import load_json
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    FILE_ROUND,
    hookimpl,
    Kind,
    new_entry,
    new_player,
    NotATournament,
    PlayoffGame,
    PUBLISHED,
    read_input,
    Result,
    RoundEntry,
    Side,
    Tournament,
)

BOARD = 64
_RESULT = {2: Result.WIN, 1: Result.DRAW, 0: Result.LOSS}


def _game(first: dict, r: int) -> tuple:
    """The first player's result and discs: a result of 0, 1 or 2 and a whole number of discs
    from 0 to 64, as FlipTheDisc stores them; anything else is refused, never rounded."""
    result, discs = first.get("result"), first.get("score")
    where = f"round {r + 1}, player {first.get('id')}"
    if type(result) is not int or result not in _RESULT:
        raise BrightwellError(f"result {result!r} is not 0, 1 or 2", place=where)
    if type(discs) is float and discs.is_integer():
        discs = int(discs)
    if type(discs) is not int or not 0 <= discs <= BOARD:
        raise BrightwellError(f"disc count {discs!r} is not a whole number from 0 to {BOARD}", place=where)
    return _RESULT[result], discs


class FlipTheDiscFormat(Format):
    name = "flipthedisc"
    about = About("FlipTheDisc.com tournament JSON (read; published BQ checked by 'brightwell check')", (".json",))

    def sniff(self, path, head):
        return head.lstrip().startswith(b"{") and b'"players_list"' in head

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        data = load_json(read_input(path).decode(encoding or "utf-8"), str(path), "a FlipTheDisc tournament")
        if not isinstance(data, dict) or not isinstance(data.get("players_list"), list):
            raise NotATournament("a JSON document, but no FlipTheDisc tournament (no players_list): no event this "
                                 "program reads", file=str(path))
        try:
            return ReadResult(self._tournament(data))
        except BrightwellError as exc:
            raise exc.at(file=str(path)) from None
        except KeyError as exc:
            raise BrightwellError(f"not a FlipTheDisc tournament: a record has no {exc}", file=str(path)) from None
        except (TypeError, AttributeError):
            raise BrightwellError("not a FlipTheDisc tournament: a value of another kind where an object, a list or "
                                  "a number belongs", file=str(path)) from None
        except ValueError as exc:
            raise BrightwellError(f"not a FlipTheDisc tournament: {exc}", file=str(path)) from None

    def _tournament(self, data) -> Tournament:
        info = data.get("info") or {}
        if not isinstance(info, dict):
            raise ValueError(f"its info is {type(info).__name__}, not an object")
        coef = info.get("mbq_coef")
        item = "BQ:preset=ftd" + (f":coef={coef}" if coef is not None else "")
        rounds: dict[int, list[RoundEntry]] = {p["id"]: [] for p in data["players_list"]}
        swiss = info.get("rounds") or len(data["rounds"])
        playoffs: list[PlayoffGame] = []
        paired = 0  # the last Swiss round with a pairing
        for r, rnd in enumerate(data["rounds"]):
            if r >= swiss:
                playoffs += self._playoffs(rnd, r)
                continue
            for pair in rnd["pairing"]:
                _pairing(pair, r, rounds)
            if rnd["pairing"]:
                paired = r + 1
            for entries in rounds.values():  # not paired this round
                if len(entries) < r + 1:
                    entries.append(ABSENT_ENTRY)
        standings = data.get("standings", [])
        published = {s["player_id"]: s for s in standings}
        places = _places(standings)
        players = []
        for p in data["players_list"]:
            s = published.get(p["id"], {})
            extra = ((PUBLISHED + item, str(s["mbq"])),) if s.get("mbq") is not None else ()
            players.append(new_player(
                start_no=p["id"], name=f"{p['surname']}, {p['name']}" if p.get("name") else p["surname"],
                rounds=tuple(rounds[p["id"]][:paired]), rating=p.get("rating") or None,
                federation=p.get("country_code") or None,
                ids=(("wof", str(p["wof_id"])),) if p.get("wof_id") else (),
                withdrawn_after=p.get("left_after_round"), stored_points=s.get("score"),
                stored_rank=places.get(p["id"]), extra=extra,
            ))
        meta = tuple((f"ftd {k}", str(v)) for k, v in info.items() if v is not None and not isinstance(v, (list, dict)))
        current = info.get("current_round")
        if type(current) is int and current >= 0:  # as FlipTheDisc counts: a play-off round is 109 or 110
            meta += ((FILE_ROUND, str(current)),)
        return Tournament(
            name=info.get("name") or "FlipTheDisc tournament", players=tuple(players), rounds=info.get("rounds"),
            game="othello", board=BOARD, start_date=(info.get("start_date") or "")[:10] or None,
            end_date=(info.get("end_date") or "")[:10] or None,
            tiebreaks=("PTS", item), metadata=meta, playoffs=tuple(playoffs),
        )

    @staticmethod
    def _playoffs(rnd, r: int) -> list[PlayoffGame]:
        names = {n.get("round"): n.get("round_name") for n in rnd.get("roundNames") or () if isinstance(n, dict)}
        stage = str(names.get(r + 1) or f"round {r + 1}")
        games = []
        label = None
        for entry in rnd["pairing"]:
            if isinstance(entry, str):  # a category's label ("open", "women") before its matches
                label = entry
                continue
            if entry and all(isinstance(x, list) for x in entry):  # a match given as a list of games
                entry = [player for game in entry for player in game]
            if len(entry) % 2 or not all(isinstance(x, dict) for x in entry):
                raise ValueError(f"round {r + 1}: a pairing of {len(entry)} entries (one game is two players)")
            where = f"{stage} ({label})" if label else stage
            for first, second in zip(entry[0::2], entry[1::2]):
                if first.get("result") is None and second.get("result") is not None:
                    first, second = second, first
                if second["id"] == -1 or first.get("result") is None:
                    continue  # no opponent, or not yet played
                res, discs = _game(first, r)
                games.append(PlayoffGame(where, first["id"], second["id"], res, discs, BOARD - discs))
        return games


def _pairing(pair, r: int, rounds: dict[int, list[RoundEntry]]) -> None:
    """One ``[first, second]`` of Swiss round ``r`` (from 0) recorded for its players."""
    if len(pair) != 2:
        raise ValueError(f"round {r + 1}: a pairing of {len(pair)} entries in a Swiss round")
    first, second = pair
    a, b = first["id"], second["id"]
    unknown = next((x for x in (a, b) if x not in rounds and x != -1), None)
    if unknown is not None:
        raise ValueError(f"round {r + 1} pairs player {unknown}, who is not in players_list")
    if b == -1:
        rounds[a].append(new_entry(Kind.PAB))
    elif first.get("result") is None:  # paired, not yet played
        rounds[a].append(new_entry(Kind.PAIRED, b, side=Side.FIRST))
        rounds[b].append(new_entry(Kind.PAIRED, a, side=Side.SECOND))
    else:
        res, discs = _game(first, r)
        rounds[a].append(new_entry(Kind.GAME, b, res, Side.FIRST, discs, BOARD - discs))
        rounds[b].append(new_entry(Kind.GAME, a, res.reverse, Side.SECOND, BOARD - discs, discs))


def _places(standings: list) -> dict[int, int]:
    """The places of the file's standings, in the order it lists them: players equal on points and
    published BQ share the first one's place."""
    places, last, place = {}, None, 0
    for n, s in enumerate(standings, 1):
        key = (s.get("score"), s.get("mbq")) if s.get("mbq") is not None else n  # no BQ: no tie to tell
        if key != last:
            place, last = n, key
        places[s["player_id"]] = place
    return places


@hookimpl
def brightwell_register_formats(register):
    register(FlipTheDiscFormat())
