"""Writing Swiss Perfect 98: .trn and .sco with SP's own field layout, and the .ini."""

from __future__ import annotations

import re
import zipfile
from io import BytesIO
from pathlib import Path

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.base import lost_go_ranks, metadata
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.swissperfect.dbase import DbfField, write_dbf
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import ABSENT_ENTRY, FILE_ROUND, Kind, Player, Result, Side, Tournament

TIEBREAK_IDS = {"BH": "1217", "BH/M1": "1218", "PS": "1219", "SB": "1220", "WIN": "1222", "DISCS": "1223",
                "BQ": "1226"}
TRN = tuple(DbfField(*f) for f in (
    ("ORDER", "N", 5), ("ID", "N", 5), ("START_NO", "C", 5), ("SURNAME", "C", 25), ("FIRSTNAME", "C", 25),
    ("FEDER", "C", 4), ("CLUB", "C", 30), ("INTL_RTG", "N", 4), ("LOC_RTG", "N", 4), ("LOC_RTG2", "N", 4),
    ("INTL_ID", "C", 12), ("LOC_ID", "C", 12), ("TITLE", "C", 3), ("SEX", "C", 1), ("BIRTH_DATE", "D", 8),
    ("LATE_ENTRY", "N", 2), ("WITHDRAWAL", "N", 2), ("ABSENT", "N", 16), ("BONUS", "N", 3),
    ("TECH_SCORE", "N", 3), ("FORB_PAIRS", "N", 3), ("TEAM", "N", 3), ("BOARD", "N", 3), ("MEMO", "C", 20)))
SCO = tuple(DbfField(*f) for f in (
    ("ROUND", "N", 3), ("WHITE", "N", 5), ("BLACK", "N", 5), ("W_SCORE", "N", 3), ("B_SCORE", "N", 3),
    ("W_TYPE", "N", 2), ("B_TYPE", "N", 2), ("W_SUBSCO", "N", 4), ("B_SUBSCO", "N", 4)))
_HALF = {Result.WIN: 2, Result.DRAW: 1, Result.LOSS: 0}


def lost_in_sp(t: Tournament) -> list[str]:
    lost: list[str] = lost_go_ranks(t)
    s = t.scoring
    if (s.win, s.draw, s.loss, s.absent) != (1, 0.5, 0, 0) or s.pab not in (None, 1):
        lost.append("the scoring system (Swiss Perfect stores 1 / 1/2 / 0)")
    unmapped = [i for i in t.tiebreaks if i.upper() != "PTS" and _tiebreak_id(i) is None]
    if unmapped:
        lost.append(f"tie-breaks without a Swiss Perfect id: {', '.join(unmapped)}")
    for item in t.tiebreaks:  # Swiss Perfect keeps a tie-break's id, and BQ's coefficient: nothing else
        code, _, options = item.partition(":")
        kept = [o for o in options.split(":") if o and not re.fullmatch(r"coef=[0-9.]+", o)]
        if _tiebreak_id(code) and (kept or "/" in code):
            coef = re.search(r"coef=([0-9.]+)", options)
            shown = f"{code.split('/')[0].upper()}:coef={coef[1]}" if coef else code.split("/")[0].upper()
            lost.append(f"the settings of {item} (Swiss Perfect keeps the tie-break and its coefficient: read "
                        f"back as {shown})")
    other = sorted({k for k, _ in t.metadata if k != "sp ini" and not (k == FILE_ROUND and _desktop_round(t))})
    if other:
        lost.append(metadata(f"tournament metadata: {', '.join(other)}"))
    extra = sorted({k for p in t.players for k, _ in p.extra if not k.startswith("sp ") and k != "club"})
    if extra:
        lost.append(metadata(f"player fields: {', '.join(extra)}"))
    fractional = no_opponent = unrated = False
    sums = set()
    game = Kind.GAME
    for p in t.players:  # one pass over every round record
        for e in p.rounds:
            score, kind = e.score, e.kind
            if score is not None and type(score) is not int and not float(score).is_integer():
                fractional = True
            if kind is game:
                unrated = unrated or not e.rated
                if score is not None and e.opp_score is not None:
                    sums.add(score + e.opp_score)
            elif e.opponent is None and kind.is_forfeit:
                no_opponent = True
    if fractional:
        lost.append("fractional game scores (minor scores are whole numbers)")
    if _not_cp1252("\n".join(v for p in t.players for v in (p.name, p.federation or "", p.title or ""))
                   + t.name):
        lost.append(metadata("characters cp1252 cannot hold (written as '?')"))
    untitled = sorted({p.title for p in t.players if p.title and codes.title_for_sp(p.title) is None})
    if untitled:
        lost.append(metadata(f"titles Swiss Perfect has no number for: {', '.join(untitled)}"))
    if any(p.sex and not codes.sex(p.sex) for p in t.players):
        lost.append(metadata("sexes other than m/w"))
    if any(len(part) > 25 for p in t.players for part in p.name.partition(", ")[::2]):
        lost.append(metadata("names longer than Swiss Perfect's 25 + 25 characters (cut)"))
    if no_opponent:
        lost.append("forfeits without an opponent (written as byes of the same points)")
    if any(p.withdrawn_after == 0 for p in t.players):
        lost.append("withdrawals before round 1")
    if unrated:
        lost.append("games played but not rated (written as rated games)")
    if t.game is not None:
        lost.append(metadata("the game kind"))
    if t.board is not None and sums != {t.board}:
        lost.append("the board size (Swiss Perfect infers it only when every game's scores sum to it)")
    return lost


def _not_cp1252(text: str) -> bool:
    try:
        text.encode("cp1252")
    except UnicodeEncodeError:
        return True
    return False


def _tiebreak_id(item: str) -> str | None:
    code = item.split(":")[0].upper()
    return TIEBREAK_IDS.get(code)


def _extras(p: Player) -> dict[str, str]:
    """The player's extra fields by key (the first of a repeated key, as a lookup would find)."""
    return {k: v for k, v in reversed(p.extra)}


def _code(raw: str | None, value: str | None, to_sp) -> str:
    """The code the file had, while the value it means is unchanged; else the value translated."""
    if raw is not None and _same(raw, value, to_sp):
        return raw
    return to_sp(value) or ("0" if raw is None or raw == "0" else "")


def _same(raw: str, value: str | None, to_sp) -> bool:
    return (to_sp(value) or "0") == (raw or "0") if digits(raw) or raw == "" else raw == (value or "")


def _num(x) -> str:
    """A whole number as a dBase cell holds it ("" when unknown)."""
    return "" if x is None else str(x) if type(x) is int else str(int(x))


def _trn_record(p: Player, index: int) -> tuple[str, ...]:
    """The .trn row of ``p``, in :data:`TRN` order."""
    ex = _extras(p)
    get = ex.get
    surname, first = get("sp surname", ""), get("sp firstname", "")
    if (f"{surname}, {first}" if first else surname) != p.name:
        surname, _, first = p.name.partition(", ")
    mask = sum(1 << (r - 1) for r, e in enumerate(p.rounds, 1) if e.kind is Kind.HALF_BYE or e.kind is Kind.ZERO_BYE)
    bonus = p.bonus  # half-point byes are score rows: BONUS cannot say which round earned it
    birth = p.birth_date or ""
    return (
        get("sp order") or str(index), get("sp id") or str(p.start_no), str(p.start_no), surname, first,
        p.federation or "", get("sp club") or get("club", ""), _num(p.rating if p.rating is None or p.rating >= 0 else None), get("sp loc_rtg", ""),
        get("sp loc_rtg2", ""), next((v for s, v in p.ids if s == "fide"), ""),
        next((v for s, v in p.ids if s == "national"), "") or next((f"#{v}" for s, v in p.ids if s == "original"), ""),
        _code(get("sp title_code"), p.title, codes.title_for_sp),
        _code(get("sp sex_code"), p.sex, codes.sex_for_sp),
        birth.replace("-", "") if _ISO_DATE.fullmatch(birth) else "", _num(p.late_entry),
        _num(p.withdrawn_after), f"{mask:016X}", f"{bonus:g}" if bonus else "", get("sp tech_score", ""),
        get("sp forb_pairs", ""), get("sp team", ""), get("sp board", ""), get("sp memo", ""),
    )


_ISO_DATE = re.compile(r"\d{4}-\d\d-\d\d")
_BYE_ROW_SCORE = {Kind.HALF_BYE: "1", Kind.ZERO_BYE: "0", Kind.FORFEIT_LOSS: "0"}
_PAIRED = (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)
_HALF_TEXT = ("0", "1", "2")


def _sub(score) -> str:
    """A minor score as .sco holds it (0 when unknown)."""
    return _num(score) or "0"


_BYE_KINDS = (Kind.FULL_BYE, Kind.PAB, Kind.HALF_BYE, Kind.ZERO_BYE)


def _sco_rows(t: Tournament, sp_id: dict[int, str]) -> list[tuple[str, ...]]:
    """The .sco rows (one per game, from its first mover's side; one per bye), in :data:`SCO` order. A
    zero-point bye past every other record is an absence asked for ahead: its ABSENT bit alone."""
    rows = []
    rounds = max((len(p.rounds) for p in t.players), default=0)
    held = max((r for p in t.players for r, e in enumerate(p.rounds, 1)
                if e.kind is not Kind.ZERO_BYE and e.kind is not Kind.ABSENT), default=0)
    by_no = {p.start_no: p for p in t.players}
    game, first_side = Kind.GAME, Side.FIRST  # read once: the loop looks at every round record
    for r in range(rounds):
        rnd = str(r + 1)
        for p in t.players:
            e = p.rounds[r] if r < len(p.rounds) else ABSENT_ENTRY
            kind = e.kind
            if kind is game and e.opponent is not None:  # a game: one row, from its first mover's side
                if e.side is first_side or (e.side is None and p.start_no < e.opponent):
                    won = _HALF[e.result]  # SP has no "played, not rated": other types read as forfeits
                    sc, osc = e.score, e.opp_score  # whole numbers written at once, others by _sub
                    rows.append((rnd, sp_id[p.start_no], sp_id[e.opponent], _HALF_TEXT[won], _HALF_TEXT[2 - won],
                                 "1", "1", str(sc) if type(sc) is int else _sub(sc),
                                 str(osc) if type(osc) is int else _sub(osc)))
                continue
            if kind is Kind.ZERO_BYE and r >= held:  # asked for ahead: its ABSENT bit alone, as SP marks it
                continue
            if kind in _BYE_KINDS or (e.opponent is None and kind.is_forfeit):  # a forfeit without opponent: a bye row
                rows.append((rnd, sp_id[p.start_no], "0", _BYE_ROW_SCORE.get(kind, "2"), "0", "1", "1",
                             _sub(e.score), _sub(e.opp_score)))
                continue
            if e.opponent is None or kind not in _PAIRED:
                continue
            if not (e.side is Side.FIRST or (e.side is None and p.start_no < e.opponent)):
                continue
            o = by_no[e.opponent]  # a forfeit
            ws = 2 if kind is Kind.FORFEIT_WIN else 0
            bs = 2 if o.entry(r + 1).kind is Kind.FORFEIT_WIN else 0
            types = "35" if ws else "34" if bs else "36"
            rows.append((rnd, sp_id[p.start_no], sp_id[o.start_no], str(ws), str(bs), types, types,
                         _sub(e.score), _sub(e.opp_score)))
    return rows


def _ini(t: Tournament) -> str:
    text = next((v for k, v in t.metadata if k == "sp ini"), "")
    ids = [_tiebreak_id(i) for i in t.tiebreaks if i.upper() != "PTS"]
    coef = next((m.group(1) for i in t.tiebreaks if (m := re.match(r"BQ.*:coef=([0-9.]+)$", i, re.I))), None)
    minor = "1" if any(e.score is not None for p in t.players for e in p.rounds) else "0"
    values = [("Tournament Info", "Name", t.name), ("Tournament Info", "Rounds", str(t.rounds or 0)),
              ("Tournament Info", "System", "1" if t.system == "round-robin" else "0"),
              ("Tournament Info", "Use Minor Scores", minor)]
    if t.tiebreaks:
        values.append(("Standings", "Tie Breaks", "".join(f"{i}," for i in ids if i)))
    if coef:
        values.append(("TieBreakAdvanced", "BrightwellCoeff", coef))
    if _desktop_round(t):
        values.append(("Desktop", "Round", _desktop_round(t)))
    for section, key, value in values:  # a setting is one line
        text = _set(text, section, key, " ".join(re.sub(r"[\x00-\x1f\x7f\x85\u2028\u2029]", " ", value).split()))
    return text


def _desktop_round(t: Tournament) -> str:
    """The program's round as ``[Desktop] Round`` holds it: a round of the event, else "" (not written)."""
    value = dict(t.metadata).get(FILE_ROUND, "")
    return value if digits(value) and 0 < int(value) <= max(t.rounds or 0, t.rounds_played) else ""


def _set(text: str, section: str, key: str, value: str) -> str:
    """Set ``key=value`` in ``[section]``, keeping every other line (and line ending) as it was."""
    lines = text.splitlines(keepends=True)
    nl = "\r\n" if "\r\n" in text else "\n"
    start = next((i for i, ln in enumerate(lines) if ln.strip() == f"[{section}]"), None)
    if start is None:
        if lines and not lines[-1].endswith(("\n", "\r")):
            lines[-1] += nl
        return "".join(lines) + f"[{section}]{nl}{key}={value}{nl}"
    end = next((i for i in range(start + 1, len(lines)) if lines[i].lstrip().startswith("[")), len(lines))
    for i in range(start + 1, end):
        if lines[i].split("=", 1)[0].strip() == key:
            old = lines[i]
            ending = old[len(old.rstrip("\r\n")):] or nl
            if old.split("=", 1)[1].rstrip("\r\n") != value:
                lines[i] = f"{key}={value}{ending}"
            return "".join(lines)
    lines.insert(end, f"{key}={value}{nl}")
    return "".join(lines)


def _stamp(t: Tournament) -> tuple[int, int, int]:
    """The tables' "last update" date: the start date, else 2000-01-01 (so output is repeatable)."""
    m = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)", t.start_date or "")
    return (int(m[1]), int(m[2]), int(m[3])) if m else (2000, 1, 1)


def files_for(t: Tournament, path: Path) -> dict[Path, bytes]:
    """The three files (or a zip of them when ``path`` ends in .zip/.piz), named after ``path``."""
    stem = path.name.rsplit(".", 1)[0] if path.suffix.lower() in (".ini", ".trn", ".sco", ".zip", ".piz") \
        else path.name
    for p in t.players:  # ID and START_NO hold five digits
        if not 0 < p.start_no <= 99999:
            raise BrightwellError(f"player {p.start_no} ({p.name}): start no '{p.start_no}' does not fit Swiss "
                                  "Perfect's five digits")
    sp_id = {p.start_no: _extras(p).get("sp id") or str(p.start_no) for p in t.players}
    if len(set(sp_id.values())) != len(sp_id):
        raise BrightwellError("two players would share one Swiss Perfect ID")
    stamp = _stamp(t)
    records = [_trn_record(p, i) for i, p in enumerate(t.players, 1)]
    parts = {".ini": _ini(t).encode("cp1252", "replace"),
             ".trn": write_dbf(TRN, records, stamp), ".sco": write_dbf(SCO, _sco_rows(t, sp_id), stamp)}
    if path.suffix.lower() in (".zip", ".piz"):
        buf = BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
            for part, data in parts.items():
                zf.writestr(stem + part, data)
        return {path: buf.getvalue()}
    return {path.with_name(stem + part): data for part, data in parts.items()}
