"""Writing TRF: the source document line for line where nothing changed, patched columns where
something did, and a fresh file (spec layout, CRLF) for tournaments from other formats. For a
pairing engine (format ``trf-engine``) a file read is written in the form every open engine reads
(:func:`render`); a fresh file is always in that form."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from operator import attrgetter

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.trf import META
from brightwell_plugin.adapters.trf.cells import USUAL_CELLS, refused_cells, respelt_fields
from brightwell_plugin.adapters.trf.lines import (
    FIELDS,
    FIRST_BLOCK,
    TrfDocument,
    block_start,
    UNWRITABLE,
    format_162,
    format_xxs,
    format_block,
    number_text,
    points_text,
)
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Player, RoundEntry, Side, Tournament
from brightwell_plugin.reranked import Result, with_result

NAME_WIDTH = 33


def render(t: Tournament, engines: bool = False, results: dict[int, Result] | None = None) -> bytes:
    """The TRF of ``t``: the file it was read from as it was, but for the columns whose data changed.
    With ``engines``, what a pairing engine refuses in it is written in TRF's own form (round cells,
    titles and sexes spelt otherwise, a short 001 line, an empty 132, a byte-order mark) and XXR and
    XXS are added where missing (docs/trf.md). ``results``: each player's (points, rank) by start
    number, in place of those his record stores (:mod:`brightwell_plugin.reranked`)."""
    doc = t.origin if isinstance(t.origin, TrfDocument) else None
    if results is not None and (engines or doc is None):  # the players re-ranked, then written the plain way
        t, results = replace(t, players=tuple(with_result(p, *results[p.start_no]) for p in t.players)), None
    lines = _with_origin(t, doc, engines, results) if doc else _fresh(t)
    encoding = doc.encoding if doc else "utf-8"
    try:
        data = "".join([text + end for text, end in lines]).encode(encoding)
    except UnicodeEncodeError as exc:
        raise BrightwellError(f"'{exc.object[exc.start:exc.end]}' cannot be written in {encoding}") from None
    bom = doc is not None and doc.bom and not engines  # a pairing engine reads the 012 after one as no record
    return b"\xef\xbb\xbf" + data if bom else data


# -- records from the model --------------------------------------------------------------------------

def _one_line(text: str) -> str:
    """A text a TRF line can hold: line breaks, other control characters and spaces other than ' '
    (a no-break space: a pairing engine splits a name on any) as spaces."""
    return UNWRITABLE.sub(" ", text)


def _header(t: Tournament) -> dict[str, str | None]:
    tb = ",".join(t.tiebreaks) if t.tiebreaks else None
    rounds = t.rounds or t.rounds_played  # an event that plans no number: its rounds (the engines need one)
    date, end = (d.replace("-", "/") if d else None for d in (t.start_date, t.end_date))
    bw0 = " ".join(f"{k}={v}" for k, v in (("board", t.board), ("game", t.game)) if v is not None)
    return {"012": f"012 {_one_line(t.name).strip() or NO_NAME}", "042": f"042 {date}" if date else None,
            "052": f"052 {end}" if end else None,
            "142": f"142 {rounds}" if rounds else None, "XXR": f"XXR {rounds}" if rounds else None,
            "162": format_162(t.scoring), "XXS": format_xxs(t.scoring), "212": f"212 {tb}" if tb else None,
            "202": f"202 {','.join(t.tiebreaks[1:])}" if tb and t.tiebreaks[0].upper() == "PTS" else None,
            "BW0": f"BW0 {bw0}" if bw0 else None}


def _header_changed(new: Tournament, old: Tournament) -> dict[str, bool]:
    return {"012": new.name != old.name, "042": new.start_date != old.start_date,
            "052": new.end_date != old.end_date,
            "142": new.rounds != old.rounds, "XXR": new.rounds != old.rounds, "162": new.scoring != old.scoring,
            "XXS": new.scoring != old.scoring,
            "202": new.tiebreaks != old.tiebreaks, "212": new.tiebreaks != old.tiebreaks,
            "BW0": (new.board, new.game) != (old.board, old.game)}


def _field_text(p: Player, key: str) -> str:
    if key == "start_no":
        return str(p.start_no)
    if key == "name":
        return _one_line(p.name)[:NAME_WIDTH]
    if key == "rating":
        return str(p.rating) if p.rating and p.rating > 0 else ""  # a negative rating: unrated (cannot_carry)
    if key == "fide_id":
        fide = next((v for s, v in p.ids if s == "fide"), "").strip()
        return fide if digits(fide) else ""
    if key == "federation":
        return p.federation if p.federation and len(p.federation) <= 3 else ""
    if key == "sex":
        return codes.sex(p.sex) or ""
    if key == "title":
        return codes.title_for_trf(p.title) or ""
    if key == "points":  # the column is the sum of every block, a bye entered ahead included (it is a record)
        return points_text(p.stored_points)
    if key == "rank":
        return str(p.stored_rank) if p.stored_rank else ""
    if key == "birth_date":  # TRF writes YYYY/MM/DD; the model keeps a reader's ISO date as it is
        return _ISO_DAY.sub(r"\1/\2/\3", p.birth_date or "")
    return getattr(p, key) or ""


_ISO_DAY = re.compile(r"^([0-9]{4})-([0-9]{2})-([0-9]{2})$")


_SOURCE = {key: {"fide_id": "ids", "points": "stored_points", "rank": "stored_rank"}.get(key, key) for key in FIELDS}
_FIELD_DATA = attrgetter(*_SOURCE.values())  # a player's data behind each field, in the fields' order
_DATA_BUT_RESULTS = attrgetter(*(a for k, a in _SOURCE.items() if k not in ("points", "rank")))


def _pairing(e: RoundEntry) -> tuple:
    return e.kind, e.opponent, e.result, e.side, e.rated  # what a 001 block holds


def _dash_cells(line: str) -> bool:
    """Does a 001 line hold a cell or field a pairing engine refuses (rewritten in TRF's own form), or
    stop short of the 84 columns the engines read (padded)?"""
    return bool(refused_cells(line) or respelt_fields(line)) or len(line) < 84


def _line_001(p: Player, raw: str | None = None, old: Player | None = None, engines: bool = True) -> str:
    """The 001 line of ``p``; with ``raw``/``old``, only the columns whose data changed (and, for
    ``engines``, what a pairing engine refuses, in TRF's own form)."""
    if raw is not None and old is not None and (reranked := _reranked(p, raw, old)) is not None:
        return reranked
    return _line_001_each(p, raw, old, engines)


def _results_in_place(raw: str, old: Player, points: float, rank: int | None) -> str | None:
    """The 001 line ``raw`` of ``old`` with ``points`` and ``rank`` put as :func:`_line_001_each` puts
    them (a field whose text is unchanged left as written), when the line reaches both fields and
    both fit; None otherwise."""
    if len(raw) < 89:
        return None
    if points != old.stored_points:  # (the same data is the same text: nothing to put)
        text = points_text(points)
        if len(text) > 4:
            return None  # does not fit: said by the plain way
        if text != points_text(old.stored_points):
            raw = raw[:80] + text.rjust(4) + raw[84:]
    if rank != old.stored_rank:
        text = str(rank) if rank else ""
        if len(text) > 4:
            return None
        if text != (str(old.stored_rank) if old.stored_rank else ""):
            raw = raw[:85] + text.rjust(4) + raw[89:]
    return raw


def _reranked(p: Player, raw: str, old: Player) -> str | None:
    """The 001 line of a player whose points or rank alone changed, on a line of TRF's usual form
    (whole, its cells of :data:`USUAL_CELLS`, no field respelt): the two fields put in place, as
    :func:`_line_001_each` puts them, at once (the same for the engines and as it was); None for
    any other line."""
    if p.rounds is not old.rounds or len(raw) < block_start(len(p.rounds)) - 2 or \
            _DATA_BUT_RESULTS(p) != _DATA_BUT_RESULTS(old):
        return None
    end = len(raw.rstrip())
    if (end > FIRST_BLOCK and not USUAL_CELLS.fullmatch(raw, FIRST_BLOCK, end)) or respelt_fields(raw):
        return None
    return _results_in_place(raw, old, p.stored_points, p.stored_rank)


def _line_001_each(p: Player, raw: str | None = None, old: Player | None = None, engines: bool = True) -> str:
    """:func:`_line_001`, each field and cell looked at (the plain way)."""
    rounds = max(len(p.rounds), len(old.rounds) if old else 0)
    width = block_start(rounds) - 2 if rounds else 89
    line = (raw or "001").ljust(width)  # edited by slices: a re-ranked line changes two fields
    engines = engines or raw is None  # a fresh line is written for the engines
    respell = respelt_fields(raw) if raw is not None and engines else []
    if old is None:
        keys = FIELDS
    else:  # the fields whose data changed (the data of every field read at once, in C), and those respelt
        keys = [key for key, was, now in zip(FIELDS, _FIELD_DATA(old), _FIELD_DATA(p)) if was != now or key in respell]
    for key in keys:
        fld = FIELDS[key]
        text = _field_text(p, key)
        if old is None or _field_text(old, key) != text or key in respell:
            try:
                line = fld.put(line, text)
            except BrightwellError as exc:  # say which field of whose record
                raise BrightwellError(f"{key.replace('_', ' ')} {exc.message}",
                                      place=f"player {p.start_no} ({p.name})") from None
    refused = set(refused_cells(raw)) if raw is not None and engines else set()
    if old is None or old.rounds is not p.rounds or refused:
        for r in range(rounds):
            e = p.entry(r + 1)
            b = block_start(r)
            if old is None or _pairing(old.entry(r + 1)) != _pairing(e) or b in refused:
                line = line[:b] + format_block(e) + line[b + 8:]  # ('       -': a pairing engine refuses it)
    end = len(line.rstrip())
    for b in range(FIRST_BLOCK, end, 10) if engines and not USUAL_CELLS.fullmatch(line, FIRST_BLOCK, end) else ():
        if not line[b:b + 8].strip():  # a blank between rounds: TRF's Z, which the pairing engines read
            line = line[:b] + "0000 - Z" + line[b + 8:]
    if raw is not None and len(line) == len(raw):
        return line
    if not engines:  # as long as it was, unless a field written reaches further
        return line[:len(raw)] if not line[len(raw):].strip() else line.rstrip()
    return line.rstrip().ljust(89)  # pairing engines read 001 lines of at least 84 characters


def _bw1(p: Player) -> str | None:
    """BW1 record: withdrawal (cols 10-12), late entry (14-16), scores in the round blocks."""
    if not any(e.score is not None or e.opp_score is not None for e in p.rounds) \
            and p.withdrawn_after is None and p.late_entry is None:
        return None
    chars = list(f"BW1 {p.start_no:4d}".ljust(block_start(len(p.rounds))))
    chars[9:12] = f"{p.withdrawn_after:3d}" if p.withdrawn_after is not None else "   "
    chars[13:16] = f"{p.late_entry:3d}" if p.late_entry is not None else "   "
    for r, e in enumerate(p.rounds):
        own, opp = number_text(e.score), number_text(e.opp_score)
        if len(own) > 4 or len(opp) > 4:
            raise BrightwellError(f"game score of player {p.start_no} in round {r + 1} is wider than 4 characters")
        b = block_start(r)
        chars[b:b + 8] = own.rjust(4) + opp.rjust(4)
    return "".join(chars).rstrip()


def _line_310(line: str, new, old) -> str:
    """A team record with the match points (55-60), game points (62-67) and rank (69-71) that
    changed written into its columns; the rest as it was."""
    try:
        number = int(line[4:7])
        team, was = new.team(number), old.team(number)
    except (ValueError, KeyError):
        return line
    line = line.ljust(71)
    for (start, end), value, before in (((54, 60), team.stored_match_points, was.stored_match_points),
                                         ((61, 67), team.stored_game_points, was.stored_game_points),
                                         ((68, 71), team.stored_rank, was.stored_rank)):
        if value != before:
            text = "" if value is None else (f"{value:{end - start}d}" if start == 68 else f"{value:{end - start}.1f}")
            line = line[:start] + text.rjust(end - start)[: end - start] + line[end:]
    return line.rstrip() if len(line.rstrip()) < 71 else line


# -- whole files ---------------------------------------------------------------------------------------

_PAIRED = (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
NO_NAME = "(no name)"  # 012 of an event without one: a pairing engine requires the record's text
ID_RECORD = "BWI"  # this project's record of a player's other ids: "BWI NNNN scheme=id ..."


def _bwi(p: Player) -> str | None:
    ids = [(s, v) for s, v in p.ids if s != "fide" and v and " " not in s + v and "=" not in s]
    return f"{ID_RECORD} {p.start_no:4d} " + " ".join(f"{s}={v}" for s, v in ids) if ids else None


def national_record(p: Player) -> str | None:
    """The TRF-2026 national-rating record of a player with a national rating and its federation
    (three capital letters in place of 001, the start number in 5-8, the rating in 49-52), as
    Sharly-Chess writes the French federation's; None for a player without."""
    extra = dict(p.extra)
    fed, rating = extra.get("national federation", ""), extra.get("national rating", "")
    if not (len(fed) == 3 and fed.isascii() and fed.isalpha() and fed.isupper() and digits(rating)
            and 0 < int(rating) < 10_000 and 0 < p.start_no < 10_000):
        return None
    return f"{fed} {p.start_no:4d}".ljust(48) + f"{int(rating):4d}"


def for_pairing(t: Tournament) -> Tournament:
    """What a fresh TRF must hold for a pairing engine and FIDE's checker: start numbers 1..n, each
    player's points as the sum of his results, a colour for every game and forfeit (where one side
    is unknown, the other of the opponent's; both unknown, the lower number White: gacrux misreads a
    forfeit pair written with '-')."""
    numbers = sorted(p.start_no for p in t.players)
    if numbers != list(range(1, len(numbers) + 1)):
        gap = next((n for i, n in enumerate(numbers, 1) if n != i), numbers[-1] if numbers else 0)
        who = next((p for p in t.players if p.start_no == gap), None)
        raise BrightwellError(f"start numbers must run 1..{len(numbers)} in TRF (pairing engines number the "
                              f"players so); player {gap}" + (f" ({who.name})" if who else "") + " breaks the run")
    total = t.scoring.total
    by_no = {p.start_no: p for p in t.players}

    def side(p, r, e) -> Side:  # the other side of the opponent's, else the lower number White
        other = by_no[e.opponent].entry(r).side if e.opponent in by_no else None
        return other.other if other is not None else Side.FIRST if p.start_no < e.opponent else Side.SECOND
    players = []
    for p in t.players:
        rounds = tuple(replace(e, side=side(p, r, e)) if e.kind in _PAIRED and e.side is None and e.opponent is not None
                       else e for r, e in enumerate(p.rounds, 1))
        players.append(replace(p, rounds=rounds, stored_points=total(p.rounds)))
    return replace(t, players=tuple(players))


def _fresh(t: Tournament) -> list[tuple[str, str]]:
    t = for_pairing(t)
    head = _header(t)
    lines = [head["012"]]
    lines += [v for k, v in t.metadata if k == META and v[:3] not in head and v[:3] not in ("001", "BW1")]
    if not any(v[:3] == "092" for k, v in t.metadata if k == META):
        lines.append("092 Individual: " + ("Round Robin" if t.system == "round-robin" else "Swiss-System"))
    lines += [head[c] for c in ("042", "052", "142", "XXR", "162", "XXS", "212", "BW0") if head[c]]
    lines += [_line_001(p) for p in t.players]
    kept = {(v[:3], v[4:8].strip()) for k, v in t.metadata if k == META and v[:3].isalpha() and v[:3].isupper()}
    lines += [x for x in map(national_record, t.players) if x and (x[:3], x[4:8].strip()) not in kept]
    lines += [x for x in map(_bw1, t.players) if x]
    lines += [x for x in map(_bwi, t.players) if x]
    return [(line, "\r\n") for line in lines]


def _with_origin(t: Tournament, doc: TrfDocument, engines: bool,
                 results: dict[int, Result] | None = None) -> list[tuple[str, str]]:
    old = doc.parsed
    new_by_no = {p.start_no: p for p in t.players}
    old_by_no = {p.start_no: p for p in old.players}
    changed = _header_changed(t, old)
    head = _header(t)
    newline = Counter(end for _, end in doc.lines if end).most_common(1)
    nl = newline[0][0] if newline else "\r\n"
    out: list[tuple[str, str]] = []
    present: set[str] = set()
    seen_001: set[int] = set()
    seen_bw1: set[int] = set()
    first_001 = last_001 = rounds_at = scoring_at = None
    for line, end in doc.lines:
        code = line[:3] if line[3:4] in (" ", "") else ""  # a column ruler ("0123…") is no record
        present.add(code)
        if code == "142":
            rounds_at = len(out) + 1  # where XXR goes when the file has none (the pairing engines read XXR)
        if code == "162":
            scoring_at = len(out) + 1  # and XXS, beside 162
        if engines and code == "132" and not line[3:].strip():
            continue  # an empty round-dates record: a pairing engine refuses it
        if code in ("001", "BW1"):
            no = int(line[4:8])
            new = new_by_no.get(no)
            if new is None:
                continue
            if code == "001":
                seen_001.add(no)
                first_001 = len(out) if first_001 is None else first_001
                result = None if results is None else results[no]
                out.append((_001_again(line, new, old_by_no.get(no), engines, result), end))
                last_001 = len(out)
            else:
                seen_bw1.add(no)
                if (written := _bw1_again(line, new, old_by_no[no])) is not None:
                    out.append((written, end))
            continue
        if code in changed and changed[code]:
            if head[code] is not None:
                out.append((head[code], end))
            continue
        if code == "310" and t.teams is not None and old.teams is not None:
            line = _line_310(line, t.teams, old.teams)
        out.append((line, end))
    added = [(_line_001(p if results is None else with_result(p, *results[p.start_no])), nl)
             for p in t.players if p.start_no not in seen_001]
    at = last_001 if last_001 is not None else len(out)
    out[at:at] = added
    missing = [c for c in ("012", "042", "052", "142", "162", "212", "BW0") if changed[c] and head[c] and c not in present
               and not (c == "142" and "XXR" in present) and not (c == "212" and "202" in present)]
    if engines:
        first_001 = _engine_records(out, head, present, nl, (scoring_at, rounds_at, first_001))
    at = first_001 if first_001 is not None else len(out)
    out[at:at] = [(head[c], nl) for c in missing]
    out += [(x, nl) for p in t.players if p.start_no not in seen_bw1 and not _as_read(p, old_by_no.get(p.start_no))
            and (x := _bw1(p))]  # what the file itself said (a withdrawal its 240 records tell) needs no BW1
    return out


def _001_again(line: str, new: Player, was: Player | None, engines: bool, result: Result | None) -> str:
    """A 001 line read, written again: as it was where the player is unchanged; with ``result`` (his
    points and rank as ranked) of a player as read, those two columns put in place when they can be."""
    if result is not None:
        written = _results_in_place(line, was, *result) if new is was else None
        if written is not None:
            return written
        new = with_result(new, *result)
    same = new == was and not (engines and _dash_cells(line))  # an engine refuses a dash
    return line if same else _line_001(new, line, was, engines)


def _bw1_again(line: str, new: Player, was: Player) -> str | None:
    """A BW1 line read, written again: as it was while what it holds is unchanged, else anew (None:
    no BW1 is needed now)."""
    if (new.rounds, new.withdrawn_after, new.late_entry) == (was.rounds, was.withdrawn_after, was.late_entry):
        return line
    fresh = _bw1(new)
    return None if fresh is None else line if fresh == _bw1(was) else fresh


def _engine_records(out: list[tuple[str, str]], head: dict[str, str | None], present: set[str], nl: str,
                    at: tuple[int | None, int | None, int | None]) -> int | None:
    """JaVaFo's records the pairing engines read, inserted into ``out`` where the file has none: XXS
    beside its 162, XXR beside its 142, else before the players. ``at`` is where the 162, the 142
    and the first 001 line follow; returns where the first 001 line now is."""
    scoring_at, rounds_at, first_001 = at
    if scoring_at is not None and "XXS" not in present and head["XXS"]:
        out.insert(scoring_at, (head["XXS"], nl))
        rounds_at = rounds_at + 1 if rounds_at is not None and rounds_at > scoring_at else rounds_at
        first_001 = first_001 + 1 if first_001 is not None and first_001 >= scoring_at else first_001
    if "XXR" not in present and head["XXR"]:
        where = rounds_at if rounds_at is not None else first_001 if first_001 is not None else len(out)
        out.insert(where, (head["XXR"], nl))
        first_001 = first_001 + 1 if first_001 is not None and first_001 >= where else first_001
    return first_001


def _as_read(p: Player, was: Player | None) -> bool:
    """Whether ``p``'s withdrawal, late entry and rounds are as the file read gave them."""
    return p is was or was is not None and (p.rounds, p.withdrawn_after, p.late_entry) == (
        was.rounds, was.withdrawn_after, was.late_entry)
