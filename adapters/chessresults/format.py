"""Swiss-Manager's upload file for chess-results.com (``chess-results``), read.

``<chessresults>`` holds ``<tournamentdata><tournament>`` (name, rounds, dates ``YYYYMMDD``, the
tie-break codes ``tb1no`` … ``tb5no``), ``<players>`` (``no``, ``lastname`` as "Last,First",
title, ratings, federation, ``fideid``, ``teamno`` and ``board`` in a team event, the stored
``rank``, ``pts`` and ``tb1`` … values with decimal commas), ``<teams>`` (``no``, ``teamname``,
``teamshort``, ``rank``, ``points``, ``tbN``), ``<playerpairings>`` (round, board, ``whiteno``,
``blackno``, ``reswhite``, ``resblack``, ``forfeit``: read by pairings.py) and ``<teampairings>``.
``currentround`` is kept as the program's round, ``rankinground`` as the round the stored values are
as of; a player's ``state`` 1 or 2 as a withdrawal. The tie-break codes and their parameters
(``tbN_detail``) are Swiss-Manager's, read by its table (adapters/swissmanager/tiebreaks.py, shared
with its binary files): an individual event is ranked by its points, then by them.
"""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.base import About, Format, Holds, ReadOptions, ReadResult
from brightwell_plugin.adapters.chessresults.pairings import player_rounds
from brightwell_plugin.adapters.chessresults.pairings import points_of as _number
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.pairing_system import system_rule
from brightwell_plugin.adapters.swissmanager.tiebreaks import (
    event_list,
    from_detail,
    ranked_list,
)
from brightwell_plugin.adapters.xml.format import parse_safely

from brightwell_plugin.plugin import (
    BrightwellError,
    check_round,
    FILE_ROUND,
    hookimpl,
    Kind,
    new_player,
    NOT_COUNTED,
    PUBLISHED,
    PUBLISHED_AFTER,
    RoundEntry,
    Tournament,
)

_PAIRED = frozenset((Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAIRED, Kind.PAB))


def _int(el, attr: str, required: bool = True) -> int | None:
    text = (el.get(attr) or "").strip()
    if not text and not required:
        return None
    if not digits(text):
        raise BrightwellError(f"{attr} '{text}' is not a whole number", place=f"line {el.sourceline}")
    return int(text)


def _date(text: str | None) -> str | None:
    text = (text or "").strip()
    return f"{text[:4]}-{text[4:6]}-{text[6:8]}" if len(text) == 8 and digits(text) else None


class ChessResultsFormat(Format):
    name = "chess-results"
    about = About("Swiss-Manager's chess-results.com upload XML (individual and team events), read", (".xml",))
    holds = Holds(carries_teams=True)

    def sniff(self, path, head):
        return b"<chessresults" in head

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        file = str(path)
        root = parse_safely(path).getroot()
        if root.tag != "chessresults":
            raise BrightwellError(f"root element is <{root.tag}>, not <chessresults>", file=file)
        try:
            return _read(root, file)
        except BrightwellError as exc:
            raise exc.at(file=file) from None


def _read(root, file: str) -> ReadResult:
    head = root.find("tournamentdata/tournament")
    if head is None:
        raise BrightwellError("no <tournamentdata><tournament> element")
    people = root.findall("players/player")
    if not people:
        raise BrightwellError("no <players><player> element")
    teams_el = root.findall("teams/team")
    kind = "team" if teams_el else "individual"
    rounds = _int(head, "rounds", required=False) or 0
    if rounds:
        check_round(rounds, place=f"line {head.sourceline}")  # a round count within the rounds limit
    numbers = [_int(p, "no") for p in people]
    if len(set(numbers)) != len(numbers):
        raise BrightwellError("two players have one number")
    current = _int(head, "currentround", required=False)
    ranked = _int(head, "rankinground", required=False)
    entries = player_rounds(root.findall("playerpairings/playerpairing"), numbers, rounds,
                            rounds if ranked is None else ranked)
    codes = [_int(head, f"tb{i}no", required=False) or 0 for i in range(1, 6)]
    listed = [(c, from_detail(c, head.get(f"tb{i}_detail") or "")) for i, c in enumerate(codes, 1) if c]
    items, notes = event_list(listed, team=kind == "team", rounds=rounds)
    by_slot = dict(zip((i for i, c in enumerate(codes, 1) if c), items))  # tbN's criterion, or None
    warnings = [f"{file}: Swiss-Manager's {n}" for n in notes]
    players = []
    for p, no in zip(people, numbers):
        where = f"line {p.sourceline}"
        published = () if kind == "team" else tuple(
            (PUBLISHED + x, str(v)) for i, x in by_slot.items()
            if x and (v := _number(p.get(f"tb{i}"), f"tb{i}", where)) is not None)
        rating = _int(p, "rtg", required=False)
        withdrawn, marks = _withdrawal(p, no, entries[no], rounds, warnings, file)
        players.append(new_player(
            start_no=no, name=(p.get("lastname") or "").strip() or f"Player {no}", rounds=tuple(entries[no]),
            rating=rating or None, federation=(p.get("fed") or "").strip() or None,
            title=(p.get("title") or "").strip() or None, sex=(p.get("sex") or "").strip() or None,
            ids=(("fide", p.get("fideid").strip()),) if (p.get("fideid") or "").strip().strip("0") else (),
            stored_points=_number(p.get("pts"), "pts", where), stored_rank=_int(p, "rank", required=False) or None,
            withdrawn_after=withdrawn, extra=published + marks))
    t = Tournament(name=(head.get("name") or "").strip() or "chess-results event", players=tuple(players),
                   rounds=rounds or None, system=system_rule("", len(players), rounds, players, "type",
                                                             "no type naming a system")[0],
                   start_date=_date(head.get("from")), end_date=_date(head.get("to")),
                   tiebreaks=ranked_list(items, team=kind == "team"), metadata=_metadata(head, current, ranked))
    if kind == "team":
        from brightwell_plugin.adapters.chessresults.teams import (
            team_section,  # team files only (benchmarks/bench_start.py)
        )
        t = _without_placeholders(t, people, numbers, warnings, file)
        t = team_section(root, t, teams_el, by_slot, codes)
    return ReadResult(t, tuple(warnings))


def _metadata(head, current: int | None, ranked: int | None) -> tuple[tuple[str, str], ...]:
    """The event's key, the round it calls current (``currentround``) and the round its ranks and
    values are as of (``rankinground``)."""
    said = ((FILE_ROUND, current), (PUBLISHED_AFTER, ranked))
    return (("chess-results key", head.get("key") or ""),) + tuple((k, str(v)) for k, v in said if v is not None)


def _withdrawal(p, no: int, row: tuple[RoundEntry, ...], rounds: int, warnings: list[str],
                file: str) -> tuple[int | None, tuple[tuple[str, str], ...]]:
    """The round a player withdrew after, where ``state`` says he withdrew (the upload names no round):
    after the last round he has a pairing record (a game, a forfeit, the bye), when the event plans
    more; and for state 1 (his points no longer count) the mark that his games do not count."""
    state = (p.get("state") or "").strip()
    if state not in ("1", "2"):
        return None, ()
    last = max((r for r, e in enumerate(row, 1) if e.kind in _PAIRED), default=0)
    warnings.append(f"{file}: player {no} withdrew (state {state}{': his points do not count' if state == '1' else ''})"
                    f": read as after round {last}, his last pairing")
    return (last if last < rounds else None), ((NOT_COUNTED, "chess-results state 1"),) if state == "1" else ()


def _without_placeholders(t: Tournament, people, numbers, warnings: list[str], file: str) -> Tournament:
    """A team upload without Swiss-Manager's empty player records (no name, no id, no team, no game):
    left out, said (as in its binary files, adapters/swissmanager/teams.py)."""
    empty = {no for p, no in zip(people, numbers)
             if not (p.get("lastname") or "").strip() and not (p.get("firstname") or "").strip()
             and not (p.get("id") or "").strip() and (p.get("teamno") or "").strip() in ("", "0")}
    empty = {no for no in empty if all(e.kind is Kind.ABSENT for e in t.player(no).rounds)}
    if not empty:
        return t
    warnings.append(f"{file}: {len(empty)} empty player record(s) of no team and no game (Swiss-Manager's placeholders) "
                    f"left out: {', '.join(map(str, sorted(empty)))}")
    return replace(t, players=tuple(p for p in t.players if p.start_no not in empty))


@hookimpl
def brightwell_register_formats(register):
    register(ChessResultsFormat())
