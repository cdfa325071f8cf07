"""pairgoth ``.tour`` files (``pairgoth``, read): the JSON in which pairgoth, the French Go federation's
pairing program (OpenGotha's successor), keeps a tournament (records: pairgoth_records.py).

Players in the file's order (start numbers 1..n: pairgoth's own ids are kept, ``pairgoth id``), each
``Surname, First name`` with his rating, declared rank (``go rank``), country, club, ids, McMahon
correction and the rounds he sits out (OpenGotha's ``participating``, as pairgoth exports them); a
preliminary registration (``final`` false) is left out of the standings, as pairgoth's. Games: Black
(who moves first) wins ``b``, White ``w``, a jigo ``=`` is a draw, "both win" ``#`` and "both lose"
``0`` are double forfeits, no result yet ``?`` and a cancelled game ``X`` are pairings without a
result (pairgoth exports a cancelled game to OpenGotha so); a game against pairgoth's bye player
(id 0) is the bye, a zero-point bye when the player did not win it. Rounds stored without a game
are not recorded. The placement criteria are pairgoth's, computed as pairgoth computes them
(``MMS:rules=pairgoth``: brightwell_plugin/criteria/pairgoth.py), followed as pairgoth sorts by NBW
and the rating; ties beyond them listed in the file's order.
"""

from __future__ import annotations

import gc
import re

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.go.pairgoth_records import Document, GameRecord, document
from brightwell_plugin.adapters.go.participation import PARTICIPATING, entry_and_withdrawal, participating
from brightwell_plugin.adapters.json_text import Members, load_json
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    check_round,
    hookimpl,
    Kind,
    LEFT_OUT,
    new_entry,
    new_player,
    read_input,
    Result,
    Side,
    Tournament,
)

RULES = ":rules=pairgoth"
# pairgoth's Criterion names -> the items here (NONE: none; RATING: the rating, FIDE's RTNG)
CRITERIA = {"CATEGORY": "CAT", "RANK": "RANK", "NBW": "NBW", "MMS": "MMS", "STS": "STS", "CPS": "CPS",
            "SOSW": "SOSW", "SOSWM1": "SOSW/C1", "SOSWM2": "SOSW/C2", "SODOSW": "SODOSW", "SOSOSW": "SOSOSW",
            "CUSSW": "CUSSW", "SOSM": "SOSM", "SOSMM1": "SOSM/C1", "SOSMM2": "SOSM/C2", "SODOSM": "SODOSM",
            "SOSOSM": "SOSOSM", "CUSSM": "CUSSM", "SOSTS": "SOSTS", "EXT": "EXT", "EXR": "EXR", "SDC": "SDC",
            "DC": "DC"}
OWN = {"SCOREX": "SCOREX", "RATING": "RTNG"}  # items without pairgoth's rules: its own criterion, the rating
STORED_ROUNDS = "pairgoth stored rounds"  # metadata: how many rounds the file's games array holds
# White's and Black's records (kind, result) of a game between two players, by pairgoth's result symbol: Black
# (who moves first) won, White won, a jigo; "both win" and "both lose" double forfeits; no result yet, cancelled
_KINDS = {"b": (Kind.GAME, Result.LOSS, Kind.GAME, Result.WIN), "w": (Kind.GAME, Result.WIN, Kind.GAME, Result.LOSS),
          "=": (Kind.GAME, Result.DRAW, Kind.GAME, Result.DRAW), "#": (Kind.FORFEIT_WIN, None, Kind.FORFEIT_WIN, None),
          "0": (Kind.FORFEIT_LOSS, None, Kind.FORFEIT_LOSS, None), "?": (Kind.PAIRED, None, Kind.PAIRED, None),
          "X": (Kind.PAIRED, None, Kind.PAIRED, None)}
FIRST, SECOND = Side.FIRST, Side.SECOND


def rank_text(rank: int) -> str:
    """pairgoth's ``displayRank``, upper-cased as OpenGotha writes ranks: -1 is 1K, 0 is 1D."""
    return f"{-rank}K" if rank < 0 else f"{rank + 1}D"


RANKS = {rank: rank_text(rank) for rank in range(-30, 9)}


class PairgothFormat(Format):
    name = "pairgoth"
    about = About("pairgoth tournament .tour (Go; JSON; read)", (".tour",),
                  keeps_standings=False)  # pairgoth computes its standings

    def sniff(self, path, head):
        return head.lstrip().startswith(b"{") and b'"pairing"' in head and b'"timeSystem"' in head

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        was = gc.isenabled()
        gc.disable()  # a JSON document and the event made of it hold no cycle: nothing to collect while reading
        try:
            return self._read(path, encoding)
        finally:
            if was:
                gc.enable()

    def _read(self, path, encoding):
        file = str(path)
        j = Members(file)
        doc = document(load_json(read_input(path).decode(encoding or "utf-8-sig"), file, "a pairgoth tournament",
                                 bounded=False), j)
        warnings = list(doc.warnings)
        players = {p[1]: no for no, p in enumerate(doc.players, 1)}  # pairgoth's id -> start number
        if len(players) < len(doc.players):
            seen: dict[int, str] = {}
            for p in doc.players:
                if p.id in seen:
                    raise j.fail(p.path, f"a second player of id {p.id} (the first: {seen[p.id]})")
                seen[p.id] = p.path
        rows, more, left_out = _rounds(doc, players, warnings, file)
        last = max((r for r, games in enumerate(doc.games, 1) if games and any(row[r - 1] is not ABSENT_ENTRY
                                                                                  for row in rows[1:])), default=0)
        planned = max(doc.rounds, last)  # rounds stored after the last with a game hold none: not recorded
        if planned > doc.rounds:
            warnings.append(f"{file}: games in round {last}, beyond the {doc.rounds} rounds the tournament plans: "
                            f"{last} rounds planned")
        check_round(planned, file, "rounds")
        tiebreaks = _tiebreaks(doc, warnings, file)
        out = tuple(self._player(no, p, rows[no][:last], more.get(no, ()), planned)
                    for no, p in enumerate(doc.players, 1))
        hidden = sum(not p.final for p in doc.players)
        if hidden:
            warnings.append(f"{file}: {hidden} preliminary registration(s) (final: false) left out of the standings, "
                            "as pairgoth's (their games count)")
        if left_out:
            warnings.append(f"{file}: {len(left_out)} game(s) left out ({'; '.join(left_out[:3])}"
                            f"{' …' if len(left_out) > 3 else ''})")
        settings = {k: v for k, v in doc.settings}
        t = Tournament(
            name=settings.get("name") or settings.get("shortName") or path.stem, players=out, rounds=planned or None,
            game="go", start_date=_date(settings.get("startDate")), end_date=_date(settings.get("endDate")),
            tiebreaks=tiebreaks, tie_order="start",
            metadata=tuple((f"pairgoth {k}", v) for k, v in doc.settings) + ((STORED_ROUNDS, str(len(doc.games))),)
            + _opengotha_settings(doc) + tuple((LEFT_OUT, x) for x in left_out))
        return ReadResult(t, tuple(warnings))

    @staticmethod
    def _player(no, p, rounds, more, planned):
        """The player ``no`` of record ``p``, with his records of each round and his further games."""
        _, pid, name, first, rating, rank, country, club, final, correction, pro, skip, ids, licensed = p
        extra = (("go rank", RANKS[rank]), ("club", club), ("pairgoth id", str(pid))) if club else \
            (("go rank", RANKS[rank]), ("pairgoth id", str(pid)))
        late = out = None
        if skip:
            if any(1 <= r <= planned for r in skip):  # OpenGotha's participation: 0 a round sat out
                extra += ((PARTICIPATING, participating(skip, planned)),)
            late, out = entry_and_withdrawal(skip, rounds, planned)
        if correction or pro or not final or licensed is not None:
            extra += tuple(x for x in (("opengotha smmsCorrection", str(correction) if correction else ""),
                                       ("pairgoth pro", str(pro) if pro else ""),
                                       ("pairgoth final", "" if final else "false"),
                                       ("pairgoth licensed", "" if licensed is None else
                                        "true" if licensed else "false")) if x[1])
        return new_player(start_no=no, name=f"{name}, {first}".strip(", "), rounds=tuple(rounds), rating=rating,
                          federation=country or None, ids=ids, extra=extra, listed=final, more_games=more,
                          late_entry=late, withdrawn_after=out)


def _rounds(doc: Document, players: dict[int, int], warnings: list[str], file: str):
    """Each player's record of each round stored (by start number), his further games of a round
    (the round's record is its bye, else its last game, as OpenGotha keeps one), and the games left out."""
    stored = len(doc.games)
    rows = [[]] + [[ABSENT_ENTRY] * stored for _ in players]  # by start number
    held: dict[tuple[int, int], list] = {}  # (player, round) -> his records, where he has more than one
    left_out, byes_lost, made = [], [], ({}, {})
    for r0, games in enumerate(doc.games):
        for g in _place(games, r0, players, rows, held, made):  # the others: byes, and games left out
            if 0 not in (g.white, g.black) or g.white == g.black or players.get(g.white or g.black) is None:
                left_out.append(f"{g.path}: {_problem(g, players)}")
                continue
            won = g.result == "#" or g.result == ("w" if g.white else "b")  # a game against the bye player
            if not won:
                byes_lost.append(g.path)
            no, entry = players[g.white or g.black], new_entry(Kind.PAB if won else Kind.ZERO_BYE)
            if rows[no][r0] is ABSENT_ENTRY:
                rows[no][r0] = entry
            else:
                held.setdefault((no, r0 + 1), [rows[no][r0]]).append(entry)
    more: dict[int, tuple] = {}
    for (no, r), records in sorted(held.items()):
        kept = _kept(records)
        rows[no][r - 1] = records[kept]
        more[no] = more.get(no, ()) + tuple((r, e) for n, e in enumerate(records) if n != kept)
    if byes_lost:
        warnings.append(f"{file}: {len(byes_lost)} bye(s) the player did not win ({', '.join(byes_lost[:3])}"
                        f"{' …' if len(byes_lost) > 3 else ''}): read as zero-point byes")
    if held:
        warnings.append(f"{file}: a player has more than one game or a game and the bye in round(s) "
                        f"{', '.join(map(str, sorted({r for _, r in held})[:5]))}: every one counts, as pairgoth "
                        "counts them")
    return rows, more, left_out


def _place(games, r0: int, players: dict[int, int], rows: list, held: dict, made: tuple[dict, dict]) -> list:
    """Each game between two players of round ``r0`` (from 0) placed in both players' rows; the others
    returned. A record recurs (a player's opponents of one colour and result): made once and shared, as
    TRF's reader shares its blocks' (``made``: White's and Black's by result, opponent and handicap)."""
    others, find, absent, kinds, new = [], players.get, ABSENT_ENTRY, _KINDS, new_entry
    whites, blacks = made
    for g in games:
        _, _, _, white_id, black_id, hd, result = g
        white, black = find(white_id), find(black_id)
        if white is None or black is None or white == black:
            others.append(g)
            continue
        w = whites.get((result, black, hd))
        if w is None:
            w_kind, w_result, _, _ = kinds[result]
            w = whites[result, black, hd] = new(w_kind, black, w_result, SECOND, None, None, True, hd)
        b = blacks.get((result, white, hd))
        if b is None:
            _, _, b_kind, b_result = kinds[result]
            b = blacks[result, white, hd] = new(b_kind, white, b_result, FIRST, None, None, True, hd)
        row = rows[white]
        if row[r0] is absent:
            row[r0] = w
        else:
            held.setdefault((white, r0 + 1), [row[r0]]).append(w)
        row = rows[black]
        if row[r0] is absent:
            row[r0] = b
        else:
            held.setdefault((black, r0 + 1), [row[r0]]).append(b)
    return others


def _kept(held: list) -> int:
    """Which of a player's records of a round is the round's: the last bye, else the last game."""
    byes = [n for n, e in enumerate(held) if e.opponent is None]
    return byes[-1] if byes else len(held) - 1


def _problem(g: GameRecord, players: dict[int, int]) -> str:
    """Why pairgoth's records of a game name no game of this event (left out)."""
    if g.white == g.black:
        return "a game between two byes" if g.white == 0 else f"a game of player {g.white} against himself"
    unknown = [x for x in (g.white, g.black) if x and x not in players]
    return f"player id {unknown[0]} is no player's"


def _tiebreaks(doc: Document, warnings: list[str], file: str) -> tuple[str, ...]:
    """The placement criteria as pairgoth sorts by them: its list, then NBW and the rating where it
    lacks them, then (a McMahon) MMS (``getSortedPairables``'s neededCriteria)."""
    names = list(doc.pairing.placement)
    unknown = [n for n in names if n not in CRITERIA and n not in OWN and n != "NONE"]
    if unknown:
        warnings.append(f"{file}: placement criteria {', '.join(repr(n[:20]) for n in unknown[:3])} are none of "
                        "pairgoth's: left out")
    names += [n for n in ("NBW", "RATING") if n not in names]
    if doc.pairing.type == "MAC_MAHON" and "MMS" not in names:
        names.append("MMS")
    items = [CRITERIA[n] + RULES if n in CRITERIA else OWN[n] for n in names if n in CRITERIA or n in OWN]
    return tuple(dict.fromkeys(items))


def _opengotha_settings(doc: Document) -> tuple[tuple[str, str], ...]:
    """pairgoth's McMahon settings as OpenGotha's (``go`` keys): what the OpenGotha criteria and an
    OpenGotha file written from this event take (pairgoth's own export writes the same)."""
    p = doc.pairing
    return (("go genMMFloor", rank_text(p.floor)), ("go genMMBar", rank_text(p.bar)), ("go genMMZero", "30K"),
            ("go genNBW2ValueAbsent", "0"), ("go genNBW2ValueBye", "2"),
            ("go genMMS2ValueAbsent", str(int(2 * p.absent))), ("go genMMS2ValueBye", "2"),
            ("go genRoundDownNBWMMS", "true" if p.round_down else "false"),
            ("go genCountNotPlayedGamesAsHalfPoint", "false"))


def _date(text: str | None) -> str | None:
    return text if text and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text) else None


@hookimpl
def brightwell_register_formats(register):
    register(PairgothFormat())
