"""FIDE TRF (``trf``): TRF16, TRF-2026 and the JaVaFo/bbpPairings extension lines.

Reading keeps the source document in ``Tournament.origin``; writing re-emits every line as it
was unless the model's data for it changed, and then rewrites only the changed columns. Game
scores travel in this project's extension records ``BW0`` (board, game) and ``BW1`` (per-round
scores aligned with the 001 round blocks); see docs/trf.md.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import ClassVar
from operator import itemgetter

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.base import (
    About,
    Fills,
    Format,
    Holds,
    ReadOptions,
    ReadResult,
)
from brightwell_plugin.adapters.numbers import digits, finite
from brightwell_plugin.adapters.pairing_system import system_rule
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.adapters.trf.cells import unpaired_cell
from brightwell_plugin.adapters.trf.lines import (
    BLOCK,
    FIELDS,
    FIRST_BLOCK,
    Records,
    TrfDocument,
    block_scores,
    iso_date,
    parse_blocks,
    scoring_from_162,
    scoring_from_bb,
    scoring_from_xxs,
    short_dates,
    split_lines,
)
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    cut_short,
    hookimpl,
    Kind,
    LEFT_OUT,
    new_entry,
    new_player,
    Player,
    read_input,
    ScoringSystem,
    Tournament,
)

LICHESS_ORDER = ("PTS", "LSB", "LPERF", "RTNG")  # how lichess ranks a Swiss (brightwell_plugin/criteria/lichess.py)
RATING_METHODS = ("FIDE", "NRO", "FIDON", "NIDOF", "HBFN", "LBFN", "OTHER")  # 172's, columns 9-13
TRF26_RECORDS = {"142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299"}
# metadata key of a source line kept verbatim
from brightwell_plugin.adapters.trf import LIST_FROM, META


class _Header:
    """What a TRF's records say but for its players' (001, BW1): the event's name, dates, rounds,
    scoring, pairing system and tie-break lists, this project's BW0 and BWI, the national ratings,
    and every line kept as written."""

    def __init__(self):
        self.scoring = ScoringSystem()
        self.name, self.start_date, self.end_date, self.rounds, self.system_text = "", None, None, None, ""
        self.tb202 = self.tb212 = None
        self.lichess = False  # an event lichess exported (022 or 102 its address): ranked as lichess ranks it
        self.board = self.game = None
        self.metadata: list[tuple[str, str]] = []
        self.bwi: dict[int, tuple[tuple[str, str], ...]] = {}
        self.national: dict[int, tuple[tuple[str, str], ...]] = {}  # TRF-2026's national records: rating (49-52)
        self.written: list = [None, None, ()]  # 042, 052 and 132 as written: dates with a two-digit year

    def read(self, code: str, line: str) -> None:
        """One record; a ValueError, IndexError or KeyError for one that does not read."""
        if code == "BWI":  # this project's record of a player's other ids
            self.bwi[int(line[4:8])] = tuple(tuple(tok.split("=", 1)) for tok in line[9:].split() if "=" in tok)
            return
        if code == "BW0":
            opts = dict(tok.split("=", 1) for tok in line[4:].split() if "=" in tok)
            self.board = int(opts["board"]) if opts.get("board") else None
            self.game = opts.get("game")
            return
        self.metadata.append((META, line))
        if code.isalpha() and code.isupper() and digits(line[4:8].strip()) and digits(line[48:52].strip()):
            self.national[int(line[4:8])] = (("national rating", line[48:52].strip()), ("national federation", code))
        if code == "012":
            self.name = line[4:].strip()
        elif code == "042":
            self.start_date, self.written[0] = iso_date(line[4:]), line[4:]
        elif code == "052":
            self.end_date, self.written[1] = iso_date(line[4:]), line[4:]
        elif code == "132":
            self.written[2] = _round_blocks(line)
        elif code in ("142", "XXR"):
            self.rounds = int(line[4:].split()[0])
        elif code in ("162", "XXS", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU"):
            self.scoring = scoring_from_162(line, self.scoring) if code == "162" else \
                scoring_from_xxs(line, self.scoring) if code == "XXS" else scoring_from_bb(code, line, self.scoring)
        elif code in ("092", "192"):
            self.system_text += " " + line[4:].upper()
        elif code == "202":
            self.tb202 = _items(line)
        elif code == "212":
            self.tb212 = _items(line)
        elif code in ("022", "102") and "lichess.org/" in line:
            self.lichess = True

    def tournament(self, players: tuple[Player, ...], codes: set[str]) -> Tournament:
        """The event of ``players`` (the file's records ``codes``) with what the header said."""
        start_date, end_date, written = self.start_date, self.end_date, self.written
        if start_date is None and written[0] and (short := short_dates(written[0], written[1], written[2])):
            start_date, end_date = short[0], end_date or short[1]
        if self.bwi:
            players = tuple(replace(p, ids=p.ids + self.bwi.get(p.start_no, ())) for p in players)
        if self.national:
            players = tuple(replace(p, extra=p.extra + self.national.get(p.start_no, ())) for p in players)
        tb202, tb212, metadata = self.tb202, self.tb212, self.metadata
        tiebreaks = tb212 if tb212 else (("PTS",) + tb202 if tb202 else LICHESS_ORDER if self.lichess else ())
        if self.lichess and not (tb212 or tb202):
            metadata.append((LIST_FROM, "lichess's Swiss order (the file has no 202 or 212 record)"))
        version = "TRF-2026" if codes & TRF26_RECORDS or "###" in codes else "TRF16"
        if any(c.startswith("XX") for c in codes):
            version += " + JaVaFo lines"
        metadata.append(("trf version", version))
        return Tournament(
            name=self.name, players=players, rounds=self.rounds, scoring=self.scoring, game=self.game,
            board=self.board, system=system_rule(self.system_text, len(players), self.rounds or 0, players)[0],
            start_date=start_date, end_date=end_date, tiebreaks=tiebreaks, metadata=tuple(metadata))


class TrfFormat(Format):
    name = "trf"
    about = About("FIDE TRF (TRF16, TRF-2026, JaVaFo/bbpPairings lines); game scores in BW1 records",
                  (".trf", ".trfx", ".tab"), can_write=True)
    fills = Fills(needs_results=True)
    holds = Holds(carries_teams=True)  # the team records of the file read, their standings columns rewritten
    for_engines: ClassVar[bool] = False  # a file read written back as it was (trf-engine: as the engines read it)

    def sniff(self, path, head):
        text = head.decode("latin-1").lstrip("\ufeff\xef\xbb\xbf")
        return any(line.startswith(("001 ", "012 ")) for line in text.replace("\r", "\n").split("\n")[:400])

    # -- reading -------------------------------------------------------------------------------

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        raw = read_input(path)
        bom = raw.startswith(b"\xef\xbb\xbf")
        text, used, warnings = decode(raw[3:] if bom else raw, encoding, str(path))
        lines = tuple(split_lines(text))
        parsed = _as_it_stands(self.parse(lines, str(path)), lines, str(path), warnings, options.cut_short)
        codes = {line[:4] for line, _ in lines}
        if "310 " in codes or "013 " in codes:  # team records: the team module, only then
            from brightwell_plugin.adapters.trf.teams import with_teams  # (benchmarks/bench_start.py)
            parsed = with_teams(parsed, lines, str(path), warnings)
        if parsed.teams is None and ("240 " in codes or "XXZ " in codes):  # byes announced for a coming round
            from brightwell_plugin.adapters.trf.ahead import with_announced  # (benchmarks/bench_start.py)
            parsed = with_announced(parsed, lines, str(path), warnings)
        if parsed.teams is None and "299 " in codes:
            from brightwell_plugin.adapters.trf.abnormal import with_abnormal  # 299 records only (benchmarks/bench_start.py)
            parsed = with_abnormal(parsed, lines, str(path), warnings)
        t = _unpaired_cells(parsed, lines, str(path), warnings)
        t = replace(t, origin=TrfDocument(lines, bom, used, t))  # as read: what is written back as it was
        for n, (line, _) in enumerate(lines, 1):
            if line.startswith("172 ") and line[4:].strip() in RATING_METHODS:  # Sharly-Chess writes "172 FIDON"
                warnings.append(f"{path}: line {n}: record 172 names the method {line[4:].strip()} without the "
                                "federation (columns 5-7) before it: read as that method (nothing ranked depends on it)")
        if not any(line[:3] in ("092", "192") for line, _ in lines):
            rule = system_rule("", len(t.players), t.rounds or 0, t.players)[1]
            if "player count" not in rule:  # the pairings decided: say so
                warnings.append(f"{path}: read as {'a round robin' if t.system == 'round-robin' else 'Swiss'}: {rule}")
        return ReadResult(t, tuple(warnings))

    def parse(self, lines, file: str) -> Tournament:
        """The event of a TRF's lines (the 001 and BW1 records of each player, the rest :class:`_Header`'s)."""
        head = _Header()
        p001: list[tuple[int, str]] = []
        bw1: dict[int, tuple[int, str]] = {}
        codes = set()
        for n, (line, _) in enumerate(lines, 1):
            code = line[:3]
            if line[3:4] not in (" ", ""):  # "0123456789…", a column ruler: no record, kept as written
                head.metadata.append((META, line))
                continue
            codes.add(code)
            try:
                if code == "001":
                    p001.append((n, line))
                    continue
                if code == "BW1":
                    bw1[int(line[4:8])] = (n, line)
                    continue
                head.read(code, line)
            except (ValueError, IndexError, KeyError):
                raise BrightwellError(f"record {code} cannot be read: '{line.strip()}'", file=file,
                                      place=f"line {n}") from None
        if not p001:
            raise BrightwellError("no player record (001): not a TRF file, or one without players", file=file)
        return head.tournament(self._players(p001, bw1, head.rounds, file), codes)

    def _players(self, p001, bw1, rounds, file) -> tuple[Player, ...]:
        players, known, player = [], known_blocks(), self._player
        for n, line in p001:
            try:
                no = int(line[4:8])
                extension = _read_bw1(*bw1.pop(no), file) if no in bw1 else _NO_EXTENSION
                players.append(player(line, f"line {n}", extension, known))
            except BrightwellError as exc:
                raise exc.at(file=file, place=f"line {n}") from None
            except ValueError as exc:
                raise BrightwellError(f"001 record cannot be read ({exc})", file=file, place=f"line {n}") from None
        for no, (n, _) in bw1.items():
            raise BrightwellError(f"BW1 record for unknown player {no}", file=file, place=f"line {n}")
        return tuple(players)

    def _player(self, line, where, extension, known) -> Player:
        """A 001 line: every round block as far as the line goes (a pairing awaiting its result, a
        bye entered ahead: recorded as they are; progress.py tells the rounds played from them)."""
        start_no, sex, title, name, rating, federation, fide_id, birth_date, points, rank = map(
            str.strip, _FIELD_TEXTS(line))  # in the order of FIELDS
        withdrawn, late, scores = extension
        blocks = _round_blocks(line)
        return new_player(  # Player's fields, in their order
            int(start_no), name, parse_blocks(blocks, len(blocks), scores, where, known),
            (int(rating) or None) if rating else None, federation or None,
            (codes.title(title) or title) if title else None,  # FIDE's abbreviation for TRF's code
            (codes.sex(sex) or sex) if sex else None, birth_date or None,
            (("fide", fide_id),) if fide_id.strip("0") else (), late, withdrawn, 0,
            _points(points) if points else None, (int(rank) or None) if rank else None)

    # -- writing -------------------------------------------------------------------------------

    def cannot_carry(self, t: Tournament) -> list[str]:
        if self.writes_back(t) and replace(t, origin=None) == t.origin.parsed:
            return []  # the file read, unchanged: written back as it was
        from brightwell_plugin.adapters.trf.losses import losses  # writing only (tests/test_startup.py)
        return losses(t, self.for_engines)

    def writes_back(self, t: Tournament) -> bool:
        return isinstance(t.origin, TrfDocument) and not self.for_engines

    def dumps(self, t: Tournament) -> bytes:
        # reading a file needs no writer (tests/cli/test_startup.py)
        from brightwell_plugin.adapters.trf.writer import render
        return render(t, self.for_engines)

    def ranked_files(self, t, standings, path):
        """A file read, re-ranked: each player read as he was gets his points and rank put in his
        001 line, without the re-ranked event being built (the same bytes as the plain way)."""
        if standings.ranks_teams or not self.writes_back(t):
            return super().ranked_files(t, standings, path)
        from brightwell_plugin.adapters.trf.writer import render
        from brightwell_plugin.plugin import results
        ranked = dict(zip((p.start_no for p in t.players), results(t, standings)))
        return {path: render(replace(t, tiebreaks=standings.headings), results=ranked)}


def _as_it_stands(t: Tournament, lines, file: str, warnings: list[str], allowed: bool) -> Tournament:
    """A file whose 062 record declares more players than its 001 records hold is cut short: refused,
    or (``--cut-short``: ``allowed``) ranked as it stands, its games against the players it lost left
    out, said."""
    declared = next((int(m[0]) for line, _ in lines if line[:4] == "062 " and (m := re.match(r"\s*(\d{1,6})", line[4:]))),
                    None)
    held = len(t.players)
    if declared is None or declared <= held:
        return t
    if not allowed:
        raise cut_short(file, f"record 062 declares {declared} players, it holds {held}", f"line {len(lines)}")
    present = {p.start_no for p in t.players}
    lost = [(p.start_no, r) for p in t.players for r, e in enumerate(p.rounds, 1)
            if e.opponent is not None and e.opponent not in present]
    players = tuple(replace(p, rounds=tuple(ABSENT_ENTRY if e.opponent is not None and e.opponent not in present
                                            else e for e in p.rounds)) for p in t.players)
    warnings.append(f"{file}: the file is cut short (record 062 declares {declared} players, it holds {held}): "
                    f"ranked as it stands, {len(lost)} game(s) against players it lost left out")
    return replace(t, players=players, metadata=t.metadata + tuple(
        (LEFT_OUT, f"player {no}, round {r}: a game against a player the file lost") for no, r in lost))


def _unpaired_cells(t: Tournament, lines, file: str, warnings: list[str]) -> Tournament:
    """A round with a dash and no result (:func:`unpaired_cell`) is, to TRF, not paired (or, '-' in the
    result's column, a zero-point bye). A program that writes it for a bye says so in its stored points,
    as the Irish federation's reads them back (icu_tournament's Krause.fix_sum): each half point a
    player's stored points hold above his results makes one such round a half-point bye, the earliest
    first; half points beyond one per round make the earliest of them full-point byes; his other such
    rounds stay unpaired. Written back as 'H' or 'F' (a pairing engine reads those; it refuses the dash)."""
    cells: dict[int, list[int]] = {}
    for line, _ in lines:
        if line.startswith("001") and "-" in line[FIRST_BLOCK:] and digits(line[4:8].strip()):
            found = [r for r, b in enumerate(_round_blocks(line)) if unpaired_cell(b)]
            if found:
                cells[int(line[4:8])] = found
    if not cells:
        return t
    total, half = t.scoring.total, t.scoring.draw
    byes: dict[int, dict[int, Kind]] = {}
    for p in t.players:
        rounds = [r for r in cells.get(p.start_no, ()) if r < len(p.rounds)]
        if not rounds or p.stored_points is None or not half:
            continue
        k = (p.stored_points - total(p.rounds)) / half
        most = len(rounds) * (2 if t.scoring.win == 2 * half else 1)  # a whole bye where a win is two draws
        if abs(k - round(k)) < 1e-9 and 0 < round(k) <= most:
            k = round(k)
            full = max(0, k - len(rounds))  # one half point each, then the earliest made whole
            byes[p.start_no] = {r: Kind.FULL_BYE if j < full else Kind.HALF_BYE for j, r in enumerate(rounds[:k])}
    if not byes:
        return t
    count = sum(map(len, cells.values()))
    halves = sum(kind is Kind.HALF_BYE for made in byes.values() for kind in made.values())
    wholes = sum(kind is Kind.FULL_BYE for made in byes.values() for kind in made.values())
    made_whole = f" and {wholes} as full-point byes" if wholes else ""
    warnings.append(f"{file}: {count} round(s) with a dash and no result: {halves} read as half-point byes"
                    f"{made_whole}, as the stored points count them; the others as not paired")
    return replace(t, players=tuple(replace(p, rounds=tuple(new_entry(byes[p.start_no][r]) if r in byes[p.start_no]
                                                            else e for r, e in enumerate(p.rounds)))
                                    if p.start_no in byes else p for p in t.players))


_NO_EXTENSION = (None, None, ())  # a player without a BW1 record: (withdrawn, late entry, scores)


@lru_cache(maxsize=256)
def _points(text: str) -> float:
    """A 001 line's points (few texts recur: read once each)."""
    return finite(text)


_KNOWN: list[Records] = []  # the process's records of the blocks read so far, shared by every file it reads
KNOWN_BLOCKS = 20_000  # past so many blocks (some 3 MB), the records are made anew before the next file


def known_blocks() -> Records:
    """The round records of the blocks this process has read (a block means the same in every file,
    and in an archive of events most recur from one file to the next): read once each, not once a
    file. Emptied before a file once it holds :data:`KNOWN_BLOCKS`, so that it stays small."""
    if not _KNOWN or len(_KNOWN[0]) > KNOWN_BLOCKS:
        _KNOWN[:] = [Records()]
    return _KNOWN[0]


_FIELD_TEXTS = itemgetter(*(slice(fld.start, fld.end) for fld in FIELDS.values()))  # a 001 line's fields, in C


def _block_count(line: str) -> int:
    return max(0, (len(line.rstrip()) - FIRST_BLOCK + BLOCK - 1) // BLOCK)


def _round_blocks(line: str) -> tuple[str, ...]:
    """The 8-column round blocks of a 001 line, as far as it goes (cut in one C call)."""
    count = _block_count(line)
    return _blocks_getter(count)(line) if count > 1 else (line[FIRST_BLOCK:FIRST_BLOCK + 8],) * count


@lru_cache(maxsize=64)
def _blocks_getter(count: int) -> itemgetter:
    return itemgetter(*(slice(b, b + 8) for b in range(FIRST_BLOCK, FIRST_BLOCK + BLOCK * count, BLOCK)))


def _items(line: str) -> tuple[str, ...]:
    return tuple(i.strip() for i in line[4:].split(",") if i.strip())


def _read_bw1(n: int, line: str, file: str) -> tuple[int | None, int | None, list[tuple]]:
    """A BW1 record: withdrawal (cols 10-12), late entry (14-16), per-round (own, opponent's) scores
    in 8-column blocks aligned with the 001 round blocks (:func:`_bw1_scores`)."""
    try:
        withdrawn = int(line[9:12]) if line[9:12].strip() else None
        late = int(line[13:16]) if line[13:16].strip() else None
        scores = _bw1_scores(line)
    except ValueError:
        raise BrightwellError(f"BW1 record cannot be read: '{line.strip()}'", file=file, place=f"line {n}") from None
    return withdrawn, late, scores


def _bw1_scores(line: str) -> list[tuple]:
    """A BW1 record's (own, opponent's) scores, one pair per 8-column block (:func:`block_scores`);
    when every 4-column field holds a whole number, as nearly always, all are read at once."""
    count = _block_count(line)
    if not count:
        return []
    fields = _score_fields_getter(count)(line)
    text = "".join(fields)
    if text.isascii() and digits(text.replace(" ", "")):
        try:
            whole = iter(map(int, fields))
            return list(zip(whole, whole))
        except ValueError:  # a blank field, or digits with a space between
            pass
    return list(map(block_scores, _round_blocks(line)))


@lru_cache(maxsize=64)
def _score_fields_getter(count: int) -> itemgetter:
    return itemgetter(*(slice(b + half, b + half + 4) for b in range(FIRST_BLOCK, FIRST_BLOCK + BLOCK * count, BLOCK)
                        for half in (0, 4)))


@hookimpl
def brightwell_register_formats(register):
    register(TrfFormat())
