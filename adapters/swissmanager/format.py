"""Swiss-Manager's binary files (``swiss-manager``), read: ``.TUNX`` (a Swiss), ``.TURX`` (a round
robin), ``.TUMX`` (a team Swiss), ``.TUTX`` (a team round robin), recognised by their first bytes
whatever their suffix. The layout is layout.py's; here the records become an event.

A player's number is his record's place (Swiss-Manager's starting rank). Result codes, from
White's side: 0 no result yet (paired), 1 1-0, 2 ½-½, 3 0-1, 4 +/−, 5 −/+, 6 −/− (both forfeit),
10 0-0 (both lose: as a double forfeit, the model having no game both lose); against the
pairing-allocated bye 9 (0 before the round is entered: the bye all the same); a player not paired
is given 1 a full-point bye, 2 a half-point bye, 3 nothing (a zero-point bye), 0 no part in the
round (as Swiss-Manager marks a player who withdrew: from then on, a withdrawal). Another code is
named in one warning with its record and the game left out (``--strict`` refuses the file). The
pairing-allocated bye is worth the points the settings keep, doubled, at 92 (Swiss-Manager's round
robins keep 0: the free round scores nothing). The tie-break list is the file's (tiebreaks.py).
"""

from __future__ import annotations

from brightwell_plugin.adapters.base import About, Format, Holds, ReadOptions, ReadResult
from brightwell_plugin.adapters.swissmanager import teams as team_files
from brightwell_plugin.adapters.swissmanager.binary import MAGIC, text
from brightwell_plugin.adapters.swissmanager.layout import (
    BYE,
    KINDS,
    NOT_PAIRED,
    Layout,
    read_layout,
)
from brightwell_plugin.adapters.swissmanager.tiebreaks import (
    event_list,
    from_record,
    ranked_list,
)

from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    FILE_ROUND,
    hookimpl,
    Kind,
    LEFT_OUT,
    new_entry,
    new_player,
    NotATournament,
    read_input,
    Result,
    ScoringSystem,
    Side,
    Tournament,
)

# a record between two players: what it gives White, then Black (kind, result)
_BETWEEN = {0: ((Kind.PAIRED, None), (Kind.PAIRED, None)), 1: ((Kind.GAME, Result.WIN), (Kind.GAME, Result.LOSS)),
            2: ((Kind.GAME, Result.DRAW), (Kind.GAME, Result.DRAW)), 3: ((Kind.GAME, Result.LOSS), (Kind.GAME, Result.WIN)),
            4: ((Kind.FORFEIT_WIN, None), (Kind.FORFEIT_LOSS, None)), 5: ((Kind.FORFEIT_LOSS, None), (Kind.FORFEIT_WIN, None)),
            6: ((Kind.FORFEIT_LOSS, None), (Kind.FORFEIT_LOSS, None)), 10: ((Kind.FORFEIT_LOSS, None), (Kind.FORFEIT_LOSS, None))}
_NOT_PAIRED = {1: Kind.FULL_BYE, 2: Kind.HALF_BYE, 3: Kind.ZERO_BYE, 0: Kind.ABSENT}


class SwissManagerFormat(Format):
    name = "swiss-manager"
    about = About("Swiss-Manager's binary files (.TUNX Swiss, .TURX round robin, .TUMX team Swiss, .TUTX team "
                  "round robin), read (Swiss-Manager alone writes them)", (".tunx", ".turx", ".tumx", ".tutx"))
    holds = Holds(carries_teams=True)

    def sniff(self, path, head):
        return head[:4] == MAGIC

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        file = str(path)
        try:
            return event(read_layout(read_input(path)), file)
        except BrightwellError as exc:
            raise exc.at(file=file) from None


def event(layout: Layout, file: str) -> ReadResult:
    """The event a file's records hold, with what was said of them."""
    s = layout.settings
    if not layout.players:
        raise NotATournament(f"holds no event yet: a {KINDS[s.kind]} without players (a file prepared before its "
                             "players were entered)")
    warnings: list[str] = []
    unknown: dict[int, list[str]] = {}  # result code -> the records holding it
    rows = _rounds(layout, unknown)
    left_out = [f"byte {where}: result code {code}" for code, records in unknown.items() for where in records]
    for code, records in unknown.items():
        warnings.append(f"{file}: result code {code}, which Swiss-Manager is not known to write, in {len(records)} "
                        f"record(s) (byte {', '.join(records)}): left out, the standings are partial")
    skipped = team_files.placeholders(layout, rows) if s.is_team else set()
    if skipped:
        warnings.append(f"{file}: {len(skipped)} empty player record(s) of no team and no game (Swiss-Manager's "
                        f"placeholders) left out: {', '.join(map(str, sorted(skipped)))}")
    players = []
    for no, p in enumerate(layout.players, 1):
        if no in skipped:
            continue
        row, withdrawn = _as_recorded(rows[no], s.rounds)
        texts = p.texts
        last, first = text(texts[0]), text(texts[1])
        sex, rating, birth, fide, _, _ = p.numbers()
        players.append(new_player(
            start_no=no, name=f"{last}, {first}" if last and first else last or first or f"Player {no}",
            rounds=tuple(row), rating=rating or None, federation=text(texts[10]) or None, title=text(texts[4]) or None,
            sex="w" if sex == 1 else None, birth_date=_birth(birth) if birth else None,
            ids=(("fide", str(fide)),) if fide else (), withdrawn_after=withdrawn))
    if s.teams and not s.is_team:
        warnings.append(f"{file}: the settings of this {KINDS[s.kind]} count {s.teams} teams, and an individual "
                        "event has no teams' section: the count is passed over")
    items, notes = _tiebreaks(layout)
    warnings += [f"{file}: Swiss-Manager's {n}" for n in notes]
    t = Tournament(
        name=layout.texts[0].strip() or "Swiss-Manager event", players=tuple(players), rounds=s.rounds or None,
        scoring=ScoringSystem(pab=s.pab_points / 2),
        game="chess", system="round-robin" if s.kind in (1, 2) else "swiss",
        start_date=_day(s.first_day), end_date=_day(s.last_day), tiebreaks=items,
        metadata=_metadata(layout) + ((FILE_ROUND, str(s.current_round)),) + tuple((LEFT_OUT, x) for x in left_out))
    if s.is_team:
        t = team_files.team_section(layout, t)
    return ReadResult(t, tuple(warnings))


def _rounds(layout: Layout, unknown: dict[int, list[str]]):
    """Each player's round records (by number, from 1), every round the file holds: a round not
    paired is ``ABSENT_ENTRY``; a record of "not paired" is an absence or the bye it names (Swiss-Manager
    writes them ahead too, for a player who withdrew or asked to miss a round)."""
    n = len(layout.players)
    rows = [[ABSENT_ENTRY] * len(layout.rounds) for _ in range(n + 1)]
    # one record per code, opponent and side (most recur, and are made once)
    whites: dict[int, object] = {}
    blacks: dict[int, object] = {}
    alone: dict[int, object] = {}
    for r, rnd in enumerate(layout.rounds, 1):
        i = r - 1
        for k, (white, black, code) in enumerate(rnd.pairings):
            if 0 < white <= n and 0 < black <= n and white != black and code in _BETWEEN:  # a game, or its forfeit
                own = whites.get(code << 16 | black)
                if own is None:
                    (kind, result), _ = _BETWEEN[code]
                    own = whites[code << 16 | black] = new_entry(kind, black, result, Side.FIRST)
                other = blacks.get(code << 16 | white)
                if other is None:
                    _, (kind, result) = _BETWEEN[code]
                    other = blacks[code << 16 | white] = new_entry(kind, white, result, Side.SECOND)
                sides = ((white, own), (black, other))
            elif not white and not black:
                continue  # an empty board of a team round robin
            elif white > n or (black > n and black != BYE and black != NOT_PAIRED):
                raise BrightwellError(f"round {r}'s pairing names player {max(white, black)}, of {n}",
                                      place=f"byte {rnd.offset(k)}")
            elif not white and black in (BYE, NOT_PAIRED):
                nobody = "the bye" if black == BYE else "nobody"
                raise BrightwellError(f"round {r}: a pairing of no player against {nobody}", place=f"byte {rnd.offset(k)}")
            elif white == black:
                raise BrightwellError(f"round {r}: player {white} is paired with himself", place=f"byte {rnd.offset(k)}")
            else:
                kind = (_NOT_PAIRED.get(code) if black == NOT_PAIRED else Kind.PAB if black == BYE and code in (0, 9)
                        else Kind.FORFEIT_WIN if not (white and black) and code in (4, 5) else None)
                if kind is None:
                    unknown.setdefault(code, []).append(f"{rnd.offset(k)} (round {r})")
                    continue
                sides = ((white or black, alone.get(kind) or alone.setdefault(kind, new_entry(kind))),)
            for no, e in sides:
                row = rows[no]
                if row[i] is not ABSENT_ENTRY:
                    raise BrightwellError(f"round {r}: player {no} has two pairing records", place=f"byte {rnd.offset(k)}")
                row[i] = e
    return rows


def _as_recorded(row: list, planned: int) -> tuple[tuple, int | None]:
    """A player's records as far as he has one (an absence at the end is no record), and the round he
    withdrew after: Swiss-Manager marks each later round of a player who withdrew, through the last
    planned one, as not paired with no result (an absence of his own, not ``ABSENT_ENTRY``)."""
    k = len(row)
    while k and row[k - 1].kind is Kind.ABSENT:
        k -= 1
    marked = k
    while marked < len(row) and row[marked] is not ABSENT_ENTRY:
        marked += 1
    withdrew = k if k and marked == len(row) >= (planned or 0) and k < len(row) else None
    return tuple(row[:k]), withdrew


def _tiebreaks(layout: Layout) -> tuple[tuple[str, ...], list[str]]:
    s = layout.settings
    codes = [(code, from_record(code, record)) for code, record in zip(s.codes, s.parameters) if code]
    items, notes = event_list(codes, team=s.is_team, rounds=s.rounds)
    return ranked_list(items, team=s.is_team), notes


def _day(value: int) -> str | None:
    text = str(value)
    return f"{text[:4]}-{text[4:6]}-{text[6:8]}" if len(text) == 8 and text[4:6] != "00" and text[6:] != "00" else None


def _birth(value: int) -> str | None:
    text = str(value)
    if len(text) != 8:
        return None
    return text[:4] if text[4:] == "0000" else _day(value)


def _metadata(layout: Layout) -> tuple[tuple[str, str], ...]:
    s, texts = layout.settings, layout.texts
    pairs = (("chess-results key", str(layout.event_number) if layout.event_number else ""),
             ("section", texts[1]), ("organiser", texts[4]), ("venue", texts[5]), ("time control", texts[14]),
             ("federation", texts[20]), ("chief arbiter", texts[21]),
             ("fide event", str(s.fide_event) if s.fide_event else ""), ("swiss-manager type", KINDS[s.kind]))
    return tuple((k, v.strip()) for k, v in pairs if v.strip())


@hookimpl
def brightwell_register_formats(register):
    register(SwissManagerFormat())
