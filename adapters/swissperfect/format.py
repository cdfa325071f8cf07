"""Swiss Perfect 98 (``swissperfect``): a tournament's .ini + .trn + .sco, loose or zipped.

.trn holds the players and .sco the results (dBase III, cp1252); .ini the settings, including
the tie-breaks (ids 1217-1226) and the Brightwell coefficient. See docs/swissperfect.md.
"""

from __future__ import annotations

import configparser
import re
from dataclasses import replace
from operator import itemgetter
from pathlib import Path

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.base import (
    About,
    EventFiles,
    Fills,
    Format,
    Holds,
    ReadOptions,
    ReadResult,
    lost_negative_ratings,
    lost_pairings,
    lost_unlisted,
)
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.swissperfect.dbase import (
    DbfTable,
    read_dbf,
    read_integers,
)
from brightwell_plugin.adapters.swissperfect.files import is_zip, locate
from brightwell_plugin.adapters.swissperfect.schedule import desktop_round, robin_rounds
from brightwell_plugin.adapters.swissperfect.writer import (
    TIEBREAK_IDS,
    files_for,
    lost_in_sp,
)
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    check_round,
    hookimpl,
    Kind,
    MAX_DIGITS,
    max_rounds,
    new_entry,
    new_player,
    Player,
    Result,
    RoundEntry,
    Side,
    Tournament,
)

CODES = {v: k for k, v in TIEBREAK_IDS.items()}  # "1217" -> "BH"
UNKNOWN_TIEBREAKS = {"1221": "rating sum", "1224": "tie-break 1224", "1225": "tie-break 1225"}
KEPT = ("ORDER", "ID", "START_NO", "SURNAME", "FIRSTNAME", "CLUB", "LOC_RTG", "LOC_RTG2", "TECH_SCORE",
        "FORB_PAIRS", "TEAM", "BOARD", "MEMO")  # ABSENT and BONUS live on in the rounds and Player.bonus
_KEPT_KEYS = tuple((k, f"sp {k.lower()}") for k in KEPT)


def read_ini(data: bytes, name: str, encoding: str | None) -> tuple[configparser.ConfigParser, str]:
    text, _, _ = decode(data, encoding, name)
    cp = configparser.ConfigParser(interpolation=None, strict=False)
    cp.optionxform = str  # type: ignore[assignment]
    try:
        cp.read_string(text)
    except configparser.Error as exc:
        raise BrightwellError(f"settings cannot be read ({exc.message.splitlines()[0]})", file=name) from None
    return cp, text


_HALF_POINTS = frozenset((0, 1, 2))
_PLAYED = {  # (White scored more, less) -> White's and Black's (kind, result, side) of a played game
    (won, lost): ((Kind.GAME, white, Side.FIRST), (Kind.GAME, white.reverse, Side.SECOND))
    for won, lost, white in ((True, False, Result.WIN), (False, True, Result.LOSS), (False, False, Result.DRAW))}
_WHOLE = re.compile(r"-?[0-9]+(?:\.0*)?")  # a numeric field; dBase may write decimals it was not given
_DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]*)?|-?\.[0-9]+")


def _int(text: str, default: int = 0, what: str = "a field") -> int:
    """A whole-number field (blank: ``default``); anything else is refused, not read as 0."""
    if digits(text):
        return int(text)
    text = text.strip()
    if not text:
        return default
    whole = text.split(".")[0]
    if not _WHOLE.fullmatch(text) or not digits(whole.removeprefix("-")):
        raise BrightwellError(f"{what} holds {text[:30]!r}, not a whole number of at most {MAX_DIGITS} digits")
    return int(whole)


def _decimal(text: str, what: str) -> float:
    text = text.strip()
    if not text:
        return 0.0
    if not _DECIMAL.fullmatch(text) or len(text) > 2 * MAX_DIGITS:
        raise BrightwellError(f"{what} holds {text[:30]!r}, not a number")
    return float(text)


SCO_COLUMNS = ("ROUND", "WHITE", "BLACK", "W_SCORE", "B_SCORE", "W_TYPE", "B_TYPE", "W_SUBSCO", "B_SUBSCO")
_SCO_DEFAULTS = {"W_TYPE": "1", "B_TYPE": "1", "W_SUBSCO": "0", "B_SUBSCO": "0"}  # for tables without them


def _sco_numbers(sco, name: str) -> list[tuple[int, ...]]:
    """Each .sco row as the numbers of :data:`SCO_COLUMNS` (plain integers read in C)."""
    at = [sco.column(k) for k in SCO_COLUMNS]
    if None in at:  # a table without some columns: their defaults
        def cells(row):
            return tuple(_SCO_DEFAULTS.get(k, "") if i is None else row[i] for k, i in zip(SCO_COLUMNS, at))
    else:
        cells = itemgetter(*at)
    out = []
    for n, row in enumerate(sco.rows, 1):
        texts = cells(row)
        try:
            out.append(tuple(map(int, texts)))
        except ValueError:  # empty cells, decimals, stray text
            try:
                out.append(tuple(_int(v, 0, k) for k, v in zip(SCO_COLUMNS, texts)))
            except BrightwellError as exc:
                raise exc.at(name, f"score record {n}") from None
    return out


def _needs(table: DbfTable, fields: tuple[str, ...], name: str) -> None:
    names = {f.name for f in table.fields}
    missing = [n for n in fields if n not in names]
    if missing:
        raise BrightwellError(f"wrong field layout: no field {missing[0]}", file=name)


def _rounds_of(mask: str) -> set[int]:
    try:
        value = int(mask, 16) if mask.strip() else 0
    except ValueError:
        return set()
    return {r + 1 for r in range(value.bit_length()) if value >> r & 1}


def _title(code: str | None) -> str | None:
    """Swiss Perfect's title number (0 none) as FIDE's abbreviation; a title written out is kept."""
    code = (code or "").strip()
    if not code or code == "0":
        return None
    return codes.title_from_sp(code) or codes.title(code) or code


class SwissPerfectFormat(Format):
    name = "swissperfect"
    about = About("Swiss Perfect 98 tournament (.ini + .trn + .sco, or a zip of them)",
                  (".ini", ".trn", ".sco", ".zip", ".piz"), can_write=True)
    event_files = EventFiles(set_suffixes=(".trn", ".ini", ".sco"), output_suffix=".trn")
    fills = Fills(needs_results=True, numeric_parameters=True)
    holds = Holds(lacks=frozenset({"start_date"}))

    def sniff(self, path, head):
        if path.is_dir():
            return any(p.suffix.lower() == ".trn" for p in path.iterdir())
        if head[:1] == b"\x03" and (b"START_NO" in head or b"W_SUBSCO" in head):
            return True
        if head.startswith(b"PK") and is_zip(path):
            return True
        return path.suffix.lower() == ".ini" and b"[Tournament Info]" in head

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        trio = locate(path)
        enc = encoding or "cp1252"
        warnings: list[str] = []
        ini, ini_text = (read_ini(trio.files[".ini"], trio.names[".ini"], encoding) if ".ini" in trio.files
                         else (configparser.ConfigParser(), ""))
        if ".ini" not in trio.files:
            warnings.append(f"{path}: no .ini beside the tables: default settings")
        trn = read_dbf(trio.files[".trn"], trio.names[".trn"], enc)
        _needs(trn, ("ID", "SURNAME"), trio.names[".trn"])
        fast = read_integers(trio.files[".sco"], trio.names[".sco"], SCO_COLUMNS, enc)  # every cell a number
        if fast is not None:
            numbers = fast[1]
        else:
            sco = read_dbf(trio.files[".sco"], trio.names[".sco"], enc)
            _needs(sco, ("ROUND", "WHITE", "BLACK", "W_SCORE", "B_SCORE"), trio.names[".sco"])
            numbers = _sco_numbers(sco, trio.names[".sco"])
        return ReadResult(*self._tournament(trio, ini, ini_text, trn, numbers, warnings))

    def _tournament(self, trio, ini, ini_text, trn, numbers, warnings):
        info = ini["Tournament Info"] if ini.has_section("Tournament Info") else {}
        declared = ini.get("Standings", "Tie Breaks", fallback="").replace(" ", "").split(",")
        # minor scores count when SP used them: switched on, or ranked by (1223 minor scores, 1226 BQ)
        minor = info.get("Use Minor Scores", "0").strip() == "1" or bool({"1223", "1226"} & set(declared))
        people = trn.records
        try:
            ids, starts = [], []
            for n, rec in enumerate(people, 1):
                place = f"player record {n}"
                ids.append(_int(rec["ID"], 0, "ID"))
                starts.append(_int(rec.get("START_NO", ""), -1, "START_NO"))
        except BrightwellError as exc:
            raise exc.at(trio.names[".trn"], place) from None
        use_start = len(set(starts)) == len(starts) and min(starts, default=1) > 0
        number = dict(zip(ids, starts if use_start else ids))
        rows = [(n, r) for n, r in enumerate(numbers, 1) if r[1] or r[2]]  # a row names White or Black
        entries: dict[int, dict[int, RoundEntry]] = {i: {} for i in ids}
        limit = max_rounds()
        for n, r in rows:
            try:
                self._row(r, number, entries, minor, limit)
            except BrightwellError as exc:
                raise exc.at(trio.names[".sco"], f"score record {n}") from None
        played = max((r[0] for _, r in rows), default=0)
        system = "round-robin" if info.get("System", "0").strip() == "1" else "swiss"
        try:
            planned = _int(info.get("Rounds", "0"), 0, "Rounds")
            if system == "round-robin":
                planned = robin_rounds(info, len(people), planned, warnings, trio.names.get(".ini", ""))
        except BrightwellError as exc:
            raise exc.at(trio.names.get(".ini"), "[Tournament Info]") from None
        players = []
        for n, (rec, pid) in enumerate(zip(people, ids), 1):
            try:
                players.append(self._player(rec, number[pid], entries[pid], (played, planned), warnings,
                                            trio.names[".trn"]))
            except BrightwellError as exc:
                raise exc.at(trio.names[".trn"], f"player record {n}") from None
        held = max((len(p.rounds) for p in players), default=0)  # with the absences asked for ahead
        sums = {e.score + e.opp_score for p in players for e in p.rounds
                if e.kind is Kind.GAME and e.score is not None and e.opp_score is not None}
        board = sums.pop() if len(sums) == 1 and minor and max(sums) > 0 else None  # all sum to it: Othello 64
        if board is not None and any((e.score or 0) + (e.opp_score or 0) > board for p in players for e in p.rounds):
            board = None  # a bye credited more than the games' total: no board to infer
        return Tournament(
            name=info.get("Name", trio.stem).strip() or trio.stem, players=tuple(players),
            rounds=planned if planned >= held else (held or None), system=system, board=board,
            tiebreaks=self._tiebreaks(ini, warnings, trio.names.get(".ini", "")),
            metadata=((("sp ini", ini_text),) if ini_text else ()) + desktop_round(ini),
        ), tuple(warnings)

    def _row(self, r, number, entries, minor, limit):
        rnd, w, b, ws, bs, wt, bt, wsub, bsub = r
        has_minor = minor or wsub or bsub
        if not 1 <= rnd <= limit:
            check_round(rnd)  # refuses it, in words
        for who in (w, b):
            if who and who not in number:
                raise BrightwellError(f"round {rnd} names player ID {who}, who is not in the players' table")
        if ws not in _HALF_POINTS or bs not in _HALF_POINTS:
            field, value = ("W_SCORE", ws) if ws not in _HALF_POINTS else ("B_SCORE", bs)
            raise BrightwellError(f"{field} {value} is not a score in half points (0, 1 or 2)")
        if (w and rnd in entries[w]) or (b and rnd in entries[b]):
            raise BrightwellError(f"player ID {w if w and rnd in entries[w] else b} has a second record in round {rnd}")
        if not b:
            kind = Kind.FULL_BYE if ws >= 2 else Kind.HALF_BYE if ws == 1 else Kind.ZERO_BYE
            credit = (wsub, bsub) if has_minor and (wsub or bsub) else (None, None)
            entries[w][rnd] = new_entry(kind, score=credit[0], opp_score=credit[1])
            return
        if not w:
            entries[b][rnd] = new_entry(Kind.FULL_BYE if bs >= 2 else Kind.HALF_BYE if bs == 1 else Kind.ZERO_BYE)
            return
        scores = (wsub, bsub) if has_minor else (None, None)
        if wt == 1 and bt == 1:
            (kind, white_result, white), (_, black_result, black) = _PLAYED[ws > bs, ws < bs]
            entries[w][rnd] = new_entry(kind, number[b], white_result, white, *scores)
            entries[b][rnd] = new_entry(kind, number[w], black_result, black, scores[1], scores[0])
            return
        # forfeits: 35 White won, 34 Black won, 36 double; other type pairs by the scores
        w_kind = Kind.FORFEIT_WIN if ws == 2 else Kind.FORFEIT_LOSS
        b_kind = Kind.FORFEIT_WIN if bs == 2 else Kind.FORFEIT_LOSS
        if ws == bs == 1:  # a draw not counted as a game: kept as an unrated game
            entries[w][rnd] = new_entry(Kind.GAME, number[b], Result.DRAW, Side.FIRST, *scores, rated=False)
            entries[b][rnd] = new_entry(Kind.GAME, number[w], Result.DRAW, Side.SECOND, scores[1], scores[0],
                                         rated=False)
            return
        entries[w][rnd] = new_entry(w_kind, number[b], side=Side.FIRST, score=scores[0], opp_score=scores[1])
        entries[b][rnd] = new_entry(b_kind, number[w], side=Side.SECOND, score=scores[1], opp_score=scores[0])

    def _player(self, rec, start_no, got, rounds_of, warnings, name) -> Player:
        """A player's record; ``rounds_of``: the rounds the .sco holds and the rounds planned."""
        played, planned = rounds_of
        absent = _rounds_of(rec.get("ABSENT", ""))
        late = _int(rec.get("LATE_ENTRY", ""), 0, "LATE_ENTRY")
        out = _int(rec.get("WITHDRAWAL", ""), 0, "WITHDRAWAL")  # the last round taken part in (as the samples show)
        bonus = _decimal(rec.get("BONUS", ""), "BONUS")
        rounds = [got.get(r, ABSENT_ENTRY) for r in range(1, played + 1)]
        ahead = [r for r in sorted(absent) if played < r <= max(planned, played)]  # absent from a round to come
        if any(r > max(planned, played) for r in absent):
            warnings.append(f"{name}: player {start_no} is marked absent from round {max(absent)}, past the "
                            f"{max(planned, played)} rounds of the event: passed over")
        rounds += [new_entry(Kind.ZERO_BYE) if r in ahead else ABSENT_ENTRY for r in range(played + 1, max(ahead, default=0) + 1)]
        free = [r for r in range(1, played + 1) if rounds[r - 1].kind in (Kind.ABSENT, Kind.ZERO_BYE)] \
            if bonus or absent else []
        # BONUS carries no round: half-point byes in the absent rounds, then the empty rounds he could have
        # played; a late entrant's points for the rounds before his entry stay outside the rounds (as
        # Swiss Perfect ranked the Limerick 2009 event: docs/swissperfect.md)
        ordered = [r for r in free if r in absent] + [r for r in free if r not in absent and r >= late]
        for r in ordered:
            if bonus >= 0.5:
                rounds[r - 1] = replace(rounds[r - 1], kind=Kind.HALF_BYE)  # a credited score stays
                bonus -= 0.5
            elif r in absent:
                rounds[r - 1] = replace(rounds[r - 1], kind=Kind.ZERO_BYE)
        for r in ordered if not late else ():  # more than a half point a round: full-point byes (a late entrant's
            if bonus >= 0.5 and rounds[r - 1].kind is Kind.HALF_BYE:  # more is his award for the rounds he missed)
                rounds[r - 1] = replace(rounds[r - 1], kind=Kind.FULL_BYE)
                bonus -= 0.5

        surname, first = rec.get("SURNAME", ""), rec.get("FIRSTNAME", "")
        extra = tuple((key, rec[k]) for k, key in _KEPT_KEYS if rec.get(k))
        extra += tuple((f"sp {k.lower()}_code", rec.get(k, "")) for k in ("TITLE", "SEX") if k in rec)
        ids = tuple((scheme, rec[k]) for scheme, k in (("fide", "INTL_ID"), ("national", "LOC_ID")) if rec.get(k))
        if rec.get("LOC_ID", "").startswith("#"):  # this project's mark: the number before --renumber
            ids = tuple(("original", v[1:]) if s == "national" else (s, v) for s, v in ids)
        birth = rec.get("BIRTH_DATE", "")
        return new_player(
            start_no=start_no, name=f"{surname}, {first}" if first else surname, rounds=tuple(rounds),
            rating=_int(rec.get("INTL_RTG", ""), 0, "INTL_RTG") or None, federation=rec.get("FEDER") or None,
            title=_title(rec.get("TITLE")), sex=codes.sex_from_sp(rec.get("SEX")) or codes.sex(rec.get("SEX")),
            birth_date=f"{birth[:4]}-{birth[4:6]}-{birth[6:8]}" if len(birth) == 8 else None,
            ids=ids, late_entry=late or None, withdrawn_after=out or None, extra=extra,
            bonus=bonus,  # what no round can hold: points awarded outside the rounds
        )

    def _tiebreaks(self, ini, warnings, name) -> tuple[str, ...]:
        if not ini.has_section("Standings"):
            return ()
        items = ["PTS"]
        coef = ini.get("TieBreakAdvanced", "BrightwellCoeff", fallback="").strip()
        for tb in ini["Standings"].get("Tie Breaks", "").replace(" ", "").split(","):
            if not tb:
                continue
            if tb in CODES:
                items.append(f"BQ:coef={coef}" if CODES[tb] == "BQ" and coef else CODES[tb])
            else:
                warnings.append(f"{name}: tie-break {tb} ({UNKNOWN_TIEBREAKS.get(tb, 'unknown')}) has no "
                                "criterion here and is left out")
        return tuple(items) if len(items) > 1 else ()

    def cannot_carry(self, t):
        return lost_pairings(t) + lost_unlisted(t) + lost_negative_ratings(t, "Swiss Perfect") + lost_in_sp(t)

    def files(self, t: Tournament, path: Path) -> dict[Path, bytes]:
        return files_for(t, path)


@hookimpl
def brightwell_register_formats(register):
    register(SwissPerfectFormat())
