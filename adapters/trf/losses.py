"""What a TRF cannot carry of an event (``TrfFormat.cannot_carry``; a file read and unchanged, written
back as it was, loses nothing): its fields TRF has no column for, its rounds as TRF's cells say them,
its names as TRF's columns hold them, and what writing for a pairing engine spells otherwise."""

from __future__ import annotations

from brightwell_plugin.adapters import codes
from brightwell_plugin.adapters.base import (
    lost_go_ranks,
    lost_negative_ratings,
    lost_pairings,
    lost_unlisted,
    metadata,
    teams_lost,
)
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.trf import LIST_FROM, META
from brightwell_plugin.adapters.trf.cells import refused_cells, respelt_fields
from brightwell_plugin.adapters.trf.lines import UNWRITABLE, TrfDocument, number_text
from brightwell_plugin.adapters.trf.writer import national_record
from brightwell_plugin.model import LIST_GUESSED, Kind, Tournament


def losses(t: Tournament, for_engines: bool) -> list[str]:
    """What of ``t`` a TRF loses (``for_engines``: written as a pairing engine reads it)."""
    lost: list[str] = lost_go_ranks(t) + lost_pairings(t) + lost_unlisted(t) + lost_negative_ratings(t, "TRF")
    if t.teams is not None and not any(k == META and v[:3] in ("310", "013") for k, v in t.metadata):
        lost.append(teams_lost(t))  # team records are written only as a TRF read held them
    lost += _fields(t)
    if t.origin is None and any(p.stored_points is not None and abs(p.stored_points - t.scoring.total(p.rounds))
                                > 1e-9 for p in t.players):
        lost.append("stored points that differ from the results (TRF writes the results' sum)")
    scan = _Scan(t)
    lost += _rounds(t, scan)
    kept = {p.start_no: p.bonus for p in t.origin.parsed.players} if isinstance(t.origin, TrfDocument) else {}
    if any(p.bonus and p.bonus != kept.get(p.start_no) for p in t.players):
        lost.append("points awarded outside the rounds (bonus; a file read keeps its 299 records)")
    lost += _names(t)
    if scan.no_side and t.origin is None:
        lost.append(metadata("games and forfeits without a known colour: written with the lower start number "
                             "as White (TRF's readers need one; a pairing engine uses a game's)"))
    elif scan.no_side:
        lost.append("games without a known side are written with colour '-' (pairing engines expect w/b)")
    if any(len(number_text(x)) > 4 for x in scan.values):
        lost.append("game scores wider than 4 characters")
    if isinstance(t.origin, TrfDocument) and for_engines:
        lost += _respelt_for_engines(t.origin)
    if (for_engines or not isinstance(t.origin, TrfDocument)) and any(_absent_between(p.rounds) for p in t.players):
        lost.append(metadata("rounds a player took no part in between others: written as TRF's 0000 - Z (a "
                             "zero-point bye, which a blank cell also means to TRF; pairing engines refuse the blank)"))
    return lost


def _fields(t: Tournament) -> list[str]:
    """The event's and the players' fields TRF has no column or code for."""
    lost = []
    other_meta = sorted({k for k, _ in t.metadata if k not in (META, "trf version", LIST_FROM, LIST_GUESSED)})
    if other_meta:
        lost.append(metadata(f"tournament metadata: {', '.join(other_meta)}"))
    national = ("national rating", "national federation")  # written as a national-rating record
    extra = sorted({k for p in t.players for k, _ in p.extra if not k.startswith("trf ")
                    and not (k in national and national_record(p))})
    if extra:
        lost.append(metadata(f"player fields: {', '.join(extra)}"))
    ids = sorted({s for p in t.players for s, v in p.ids if s != "fide" and (" " in s + v or "=" in s)})
    if ids:
        lost.append(metadata(f"player ids: {', '.join(ids)}"))
    bad_fide = [p for p in t.players for s, v in p.ids if s == "fide" and not digits(v.strip())]
    if bad_fide:
        lost.append(metadata(f"FIDE ids that are not numbers (e.g. '{next(v for s, v in bad_fide[0].ids if s == 'fide')}' "
                             f"of {bad_fide[0].name}): left blank"))
    wide = sorted({p.federation for p in t.players if p.federation and len(p.federation) > 3})
    if wide:
        lost.append(metadata(f"federations longer than TRF's 3 letters (left blank): {', '.join(wide)}"))
    untitled = sorted({p.title for p in t.players if p.title and codes.title_for_trf(p.title) is None})
    if untitled:
        lost.append(metadata(f"titles TRF has no code for: {', '.join(untitled)}"))
    if any(p.sex and not codes.sex(p.sex) for p in t.players):
        lost.append(metadata("sexes other than m/w (left blank)"))
    return lost


class _Scan:
    """One pass over every round record: the last round with one, whether a forfeit has no opponent
    and a game no side, and every game score."""

    def __init__(self, t: Tournament):
        self.shown, self.no_opponent, self.no_side, self.values = 0, False, False, set()
        for p in t.players:
            for r, e in enumerate(p.rounds, 1):
                kind = e.kind
                if kind is Kind.GAME or (kind.is_forfeit and e.opponent is not None and t.origin is None):
                    self.no_side = self.no_side or e.side is None
                elif kind is not Kind.ABSENT and e.opponent is None and kind.is_forfeit:
                    self.no_opponent = True
                if kind is not Kind.ABSENT and r > self.shown:
                    self.shown = r
                self.values.add(e.score)
                self.values.add(e.opp_score)


def _rounds(t: Tournament, scan: _Scan) -> list[str]:
    """The final rounds TRF's cells cannot say, and forfeits without an opponent."""
    lost = []
    if t.rounds_played > scan.shown:
        lost.append(f"{t.rounds_played - scan.shown} final round(s) in which nobody has a record")
    last_game = max((r for p in t.players for r, e in enumerate(p.rounds, 1) if e.opponent is not None), default=0)
    if scan.shown > last_game:
        lost.append(f"{scan.shown - last_game} final round(s) with byes and absences only (read back as entered "
                    "ahead for the next round, not played)")
    if scan.no_opponent:
        lost.append("forfeits without an opponent (written as byes of the same points)")
    return lost


def _names(t: Tournament) -> list[str]:
    """The names as TRF's columns cannot hold them."""
    lost = []
    if any(UNWRITABLE.search(p.name) for p in t.players) or UNWRITABLE.search(t.name):
        lost.append(metadata("line breaks, control characters and spaces other than ' ' in names (written as "
                             "spaces)"))
    if not t.name.strip():
        lost.append(metadata("no name: 012 written as '(no name)', a pairing engine requires one"))
    long = [p.name for p in t.players if len(p.name) > 33]
    if long:
        lost.append(metadata(f"{len(long)} name(s) longer than 33 characters are cut (e.g. '{long[0]}')"))
    return lost


def _respelt_for_engines(doc: TrfDocument) -> list[str]:
    """What writing a file read for a pairing engine (``trf-engine``) writes otherwise than it was."""
    lost = []
    rows = [line for line, _ in doc.lines if line.startswith("001")]
    cells = sum(len(refused_cells(line)) for line in rows)
    fields = sorted({f for line in rows for f in respelt_fields(line)})
    if cells:
        lost.append(metadata(f"the spelling of {cells} round cell(s) a pairing engine refuses (a dash and no "
                             "result, a bye with a blank opponent, a blank between rounds): written in TRF's "
                             "own form, 0000 - Z, 0000 - H …"))
    if fields:
        lost.append(metadata(f"the spelling of {' and '.join(fields)} a pairing engine refuses (g, M …): written "
                             "as TRF spells them (GM, m …)"))
    if doc.bom:
        lost.append(metadata("the byte-order mark: left out, a pairing engine reads the 012 after it as no record"))
    if any(line.rstrip() == "132" for line, _ in doc.lines):
        lost.append(metadata("an empty 132 record (round dates): left out, a pairing engine refuses it"))
    return lost


def _absent_between(rounds) -> bool:
    """An absence (or a pairing without a result) before a round with a record: a blank between rounds."""
    blank = (Kind.ABSENT, Kind.PAIRED)
    last = max((r for r, e in enumerate(rounds) if e.kind not in blank), default=-1)
    return any(e.kind in blank for e in rounds[:last])
