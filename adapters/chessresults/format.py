"""Swiss-Manager's upload file for chess-results.com (``chess-results``), read.

``<chessresults>`` holds ``<tournamentdata><tournament>`` (name, rounds, dates ``YYYYMMDD``, the
tie-break codes ``tb1no`` … ``tb5no``), ``<players>`` (``no``, ``lastname`` as "Last,First",
title, ratings, federation, ``fideid``, ``teamno`` and ``board`` in a team event, the stored
``rank``, ``pts`` and ``tb1`` … values with decimal commas), ``<teams>`` (``no``, ``teamname``,
``teamshort``, ``rank``, ``points``, ``tbN``), ``<playerpairings>`` (round, board, ``whiteno``,
``blackno``, ``reswhite``, ``resblack``, ``forfeit``) and ``<teampairings>``. A board with no result
on either side scored nothing for both (a double forfeit). The tie-break codes and their parameters
(``tbN_detail``) are Swiss-Manager's, read by its table (adapters/swissmanager/tiebreaks.py, shared
with its binary files): an individual event is ranked by its points, then by them.
"""

from __future__ import annotations

from dataclasses import replace

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.adapters.numbers import digits, finite
from brightwell_plugin.adapters.pairing_system import system_rule
from brightwell_plugin.adapters.swissmanager.tiebreaks import (
    event_list,
    from_detail,
    ranked_list,
)
from brightwell_plugin.adapters.xml.format import parse_safely

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry, new_player
from brightwell_plugin.limits import check_round
from brightwell_plugin.model import (
    ABSENT_ENTRY,
    PUBLISHED,
    Kind,
    Result,
    Side,
    Tournament,
)
from brightwell_plugin.plugins.hookspecs import hookimpl

_SCORE = {"1.0": Result.WIN, "1": Result.WIN, "0.5": Result.DRAW, "½": Result.DRAW, "0.0": Result.LOSS, "0": Result.LOSS}


def _number(text: str | None, what: str, place: str):
    text = (text or "").strip().replace(",", ".")
    if not text:
        return None
    try:
        return finite(text)
    except ValueError:
        raise BrightwellError(f"{what} '{text}' is not a number", place=place) from None


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
    title = "Swiss-Manager's chess-results.com upload XML (individual and team events), read"
    suffixes = (".xml",)
    carries_teams = True

    def sniff(self, path, head):
        return b"<chessresults" in head

    def read(self, path, *, encoding=None):
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
    entries = {no: [ABSENT_ENTRY] * rounds for no in numbers}
    for g in root.findall("playerpairings/playerpairing"):
        where = f"line {g.sourceline}"
        r, a, b = _int(g, "round"), _int(g, "whiteno"), _int(g, "blackno", required=False) or 0
        check_round(r, place=where)
        if r > rounds:
            raise BrightwellError(f"round {r} is beyond the event's {rounds}", place=where)
        if not a:
            raise BrightwellError("whiteno 0 names no player (a bye is the white player's, blackno 0)", place=where)
        for no in (a, b):
            if no and no not in entries:
                raise BrightwellError(f"player {no} is in no <player>", place=where)
        ra, rb = (g.get("reswhite") or "").strip(), (g.get("resblack") or "").strip()
        forfeit = bool((g.get("forfeit") or "").strip())
        if not b:  # a bye: its points
            points = _number(ra, "reswhite", where) or 0
            entries[a][r - 1] = new_entry(Kind.FULL_BYE if points >= 1 else Kind.HALF_BYE if points else Kind.ZERO_BYE)
            continue
        if a == b:
            raise BrightwellError(f"player {a} plays himself", place=where)
        if not ra and not rb:  # no result on either side: nothing scored (a double forfeit)
            entries[a][r - 1] = new_entry(Kind.FORFEIT_LOSS, b, side=Side.FIRST)
            entries[b][r - 1] = new_entry(Kind.FORFEIT_LOSS, a, side=Side.SECOND)
            continue
        res_a, res_b = _SCORE.get(ra.replace(",", ".")), _SCORE.get(rb.replace(",", "."))
        if res_a is None or res_b is None or res_b is not res_a.reverse:
            raise BrightwellError(f"results '{ra}' and '{rb}' are no game's", place=where)
        if forfeit:
            won = res_a is Result.WIN
            entries[a][r - 1] = new_entry(Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS, b, side=Side.FIRST)
            entries[b][r - 1] = new_entry(Kind.FORFEIT_LOSS if won else Kind.FORFEIT_WIN, a, side=Side.SECOND)
        else:
            entries[a][r - 1] = new_entry(Kind.GAME, b, res_a, Side.FIRST)
            entries[b][r - 1] = new_entry(Kind.GAME, a, res_b, Side.SECOND)
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
        players.append(new_player(
            start_no=no, name=(p.get("lastname") or "").strip() or f"Player {no}", rounds=tuple(entries[no]),
            rating=rating or None, federation=(p.get("fed") or "").strip() or None,
            title=(p.get("title") or "").strip() or None, sex=(p.get("sex") or "").strip() or None,
            ids=(("fide", p.get("fideid").strip()),) if (p.get("fideid") or "").strip().strip("0") else (),
            stored_points=_number(p.get("pts"), "pts", where), stored_rank=_int(p, "rank", required=False) or None,
            extra=published))
    t = Tournament(name=(head.get("name") or "").strip() or "chess-results event", players=tuple(players),
                   rounds=rounds or None, system=system_rule("", len(players), rounds, players, "type",
                                                             "no type naming a system")[0],
                   start_date=_date(head.get("from")), end_date=_date(head.get("to")),
                   tiebreaks=ranked_list(items, team=kind == "team"), metadata=(("chess-results key", head.get("key") or ""),))
    if kind == "team":
        from brightwell_plugin.adapters.chessresults.teams import (
            team_section,  # team files only (benchmarks/bench_start.py)
        )
        t = _without_placeholders(t, people, numbers, warnings, file)
        t = team_section(root, t, teams_el, by_slot, codes)
    return ReadResult(t, tuple(warnings))


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
