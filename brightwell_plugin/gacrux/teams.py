"""gacrux's answer for a team event: its tie-breaks as ``tiebreak.parse_tiebreak`` describes them in
team mode (the point type each is over: ``mpoints``, ``gpoints``, and the extended SB's ``mgpoints``
…; a description such as ``BH:gpoints/C1``; the modifiers), each value typed as gacrux types it, and
the ``ede`` record of the EDE chains. The values and ranks are this project's team standings
(teams/view.py); :mod:`brightwell_plugin.gacrux.loops` gives the loops' working.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import NamedTuple

from brightwell_plugin.adapters import trf
from brightwell_plugin.context import Context
from brightwell_plugin.criteria.encounter import DirectEncounter
from brightwell_plugin.criteria.team_boards import board_totals
from brightwell_plugin.gacrux.details import TERMS, direct_encounter_loops, points
from brightwell_plugin.gacrux.document import (
    ALIASES,
    Code,
    direct_encounter,
    ranks_before,
    result,
    whole,
    writer,
)
from brightwell_plugin.gacrux.loops import board_results, encounters
from brightwell_plugin.model import Kind, Tournament
from brightwell_plugin.standings import (
    OverGamePoints,
    configured,
    explain_everyone,
    rank_stepwise,
)
from brightwell_plugin.teams.view import team_view

_POINT_TYPES = {"MP": "mpoints", "GP": "gpoints", "MM": "mmpoints", "MG": "mgpoints", "GM": "gmpoints",
                "GG": "ggpoints"}
_EXTENDED_SB = {"ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"}
_CHAINS = {"EDE": "PS", "EDEC": "PSC", "EDET": "PS+T", "EDEB": "PS+B", "EDEBT": "PSC+T", "EDEBB": "PSC+B"}
PLACES = {"DE", "TBR", "BBE", *_CHAINS}  # a place within the tied group, as DE's
_ONE_DECIMAL = {"PTS", "MPTS", "GPTS", "MPVGP", "STD"}


class TeamCode(NamedTuple):
    """A tie-break of a team event as gacrux reads it: its ``tiebreaks[]`` entry (but for the
    precision) and the item this project ranks by."""

    text: str
    name: str
    entry: dict
    item: str


def primary_score(t: Tournament, trf_file: bool = True) -> str | None:
    """The primary score the file names, as gacrux finds it: a Chess-JSON's ``scoreSystem.primary``,
    a TRF's tournament type (192; ``trf_file``: the file is a TRF, not a Chess-JSON keeping a TRF's
    records): ``mpoints``, ``gpoints`` (``points`` for another word), or None when it names none."""
    named = t.teams.primary if t.teams is not None else None
    if named is not None:
        return {"mp": "mpoints", "match": "mpoints", "gp": "gpoints", "game": "gpoints"}.get(named, "points")
    if not trf_file:
        return None
    kind = next((line[4:].strip().upper() for line in trf.records(t, "192")), "")
    if "_MP_GP" in kind or (("_MP" in kind) and "_GP_MP" not in kind) or kind in ("FIDE_TEAM", "FIDE_TEAM_BAKU"):
        return "mpoints"
    return "gpoints" if "_GP" in kind else None


def parse(texts: list[str], primary: str | None, edition: int, unrated: int | None, round_robin: bool) -> list[TeamCode]:
    """Each code of the list (in order: the first PTS, MPTS or GPTS sets the primary score when the
    file names none)."""
    out = []
    for order, text in enumerate(texts, 1):
        pieces = text.upper().replace("!", "/").replace("#", "/").split("/")
        head = pieces[0].split(":")
        name = head[0].split("@")[0]
        pointtype, suffix = (primary, "") if primary else ("mpoints", ":MP")
        if name in ("MPTS", "GPTS"):
            pointtype, suffix = ("mpoints", ":MP") if name == "MPTS" else ("gpoints", ":GP")
        if len(head) == 2 and head[1] in _POINT_TYPES:
            pointtype = _POINT_TYPES[head[1]]
            suffix = ":" + pointtype
        if primary is None and name in ("PTS", "MPTS", "GPTS"):
            primary = pointtype
        entry = Code.parse(text).describe(order, edition, unrated, round_robin, team=True)
        if name in _EXTENDED_SB and len(name) == 5:  # the extended SB's own pair of scores
            pointtype = name[1:3].lower() + "points"
        if name == "MPVGP":  # the score that is not the primary one
            pointtype = "gpoints" if (primary or "mpoints") == "mpoints" else "mpoints"
        entry.update(desc="/".join([name + suffix, *pieces[1:]]), pointtype=pointtype)
        out.append(TeamCode(text, name, entry, _item(name, head, pieces[1:], primary)))
    return out


def _item(name: str, head: list[str], parts: list[str], primary: str | None) -> str:
    """The item this project ranks by: PTS the primary score; a code without ``:MP`` or ``:GP``
    over the primary score."""
    if name == "PTS":
        return "/".join(["GPTS" if primary == "gpoints" else "MPTS", *parts])
    name = ALIASES.get(name, name)
    if primary == "gpoints":  # the codes named after the primary score: the other way round
        name = {"MPVGP": "MPTS", "ESB": "EGMSB"}.get(name, name)
    own = name in ("MPTS", "GPTS", "MPVGP", "BC", "TBR", "BBE", *_EXTENDED_SB)
    suffix = f":{head[1]}" if len(head) == 2 else ":GP" if primary == "gpoints" and not own else ""
    return "/".join([name + suffix, *parts])


def match_point_decimals(t: Tournament) -> int:
    """The decimals of gacrux's match points: it keeps each of 362's values as the Decimal written
    (``TW 3`` none, ``TW 3.0`` one; a letter not written keeps its default, ``2.0``), and a sum
    of them has the most decimals of its terms."""
    found = {}
    for line in trf.records(t, "362"):
        for at in range(5, len(line), 9):  # gacrux's reading: a letter, then its number in 4 columns
            text = line[at + 1:at + 5].strip().replace(",", ".")
            if line[at].upper() in "WDL" and text:
                found[line[at].upper()] = len(text.partition(".")[2])
    return max(found.get(letter, 1) for letter in "WDL")


def decimals(code: TeamCode, match: int) -> int:
    """The decimals of gacrux's sums for ``code`` (its value and its terms), with ``match`` those
    of a match point: match points ``match``, game points one; a product (SB: the opponent's score
    times one's own; the extended SB: the two it names, ESB the primary's and the other's) both."""
    kind = code.entry["pointtype"]
    if code.name in _EXTENDED_SB:
        kind = {"mpoints": "mgpoints", "gpoints": "gmpoints"}.get(kind, kind)
    elif code.name == "SB":
        kind = kind.removesuffix("points") * 2 + "points"
    if kind == "points" or code.name == "STD":
        return 1
    return sum(match if letter == "m" else 1 for letter in kind.removesuffix("points"))


def team_writer(code: TeamCode, rounds: int, whole: bool = False, match: int = 1):
    """How gacrux writes one team value of ``code`` (see :func:`.document.writer`); ``whole``: the
    criterion's values are whole by definition (:attr:`Criterion.whole`); ``match``: the decimals
    of a match point (:func:`match_point_decimals`)."""
    name = code.name
    if name in PLACES:
        return lambda number, summed: int(number or 0)
    if name == "SSSC":
        return lambda number, summed: str(Decimal(repr(float(number))).quantize(Decimal(".01"), ROUND_HALF_UP))
    places = decimals(code, match)
    if name in _ONE_DECIMAL:
        return lambda number, summed: f"{float(number):.{places}f}"
    if name == "BC":  # a sum over the boards played, of none before any round
        return lambda number, summed: f"{float(number):.1f}" if summed else 0
    return writer(Code.parse("SB" if name in _EXTENDED_SB else name), rounds, whole, decimals=places)


def chain(name: str, size: int) -> str:
    """gacrux's ``ede.functions`` of an EDE chain for matches of ``size`` boards."""
    steps = _CHAINS[name]
    if "+" not in steps:
        return steps
    head, board = steps.split("+")
    return head + (board * size if board == "T" else board * (size - 1))


# gacrux's codes this project does not compute for teams (pairing aids, the file's rank, its others)
NOT_HERE = {"NUL", "RANK", "RIP", "VUR", "NUM", "COD", "CSQ", "RTG", "ABH", "AFB", "RSES", "ACC", "FLT", "FLTD",
            "FLTFT", "RFP", "TOP", "RND"}


def team_result(t: Tournament, codes: list[TeamCode], after: int, rounds: int, edition: int, check: bool, host):
    """``tiebreakResult`` of the team event ``t`` ranked by ``codes`` after round ``after`` (with
    ``check``, each team's details), and the team standings, with ``host``'s criteria."""
    view = team_view(t)
    spec = [c.item for c in codes]
    bound = configured(spec, host, teams=True)
    standings, steps = rank_stepwise(view, spec, after, host, edition=edition)
    ctx = Context(view, after, edition)
    totals = dict(zip((p.start_no for p in view.players), board_totals(ctx)))
    summed, given, records, loops = {}, {}, {}, {}
    match = match_point_decimals(t)
    for i, code in enumerate(codes):
        if code.name == "AOB":  # an average over the matches played, of none when there is none
            summed.update(((i, p.start_no), any(e.kind is Kind.GAME for e in es)) for p, es in zip(view.players, ctx.entries))
        elif code.name in ("BH", "FB", "SB", "PS", "KS", *_EXTENDED_SB):  # a sum of no term: a whole 0
            summed.update(_summed(view, bound[i], i, standings, after, host, edition))
        elif code.name == "BC":
            summed.update(((i, p.start_no), after > 0) for p in view.players)
        if code.name in PLACES:
            before, now = (ranks_before(view.players, steps[j]) for j in (i, i + 1))
            given.update(((i, no), v) for no, v in direct_encounter(before, now).items())
            if code.name in ("TBR", "BBE"):
                loops[i] = board_results(before, totals, bottom=code.name == "BBE")
                continue
            criterion, scores = _over(ctx, bound[i][1])
            found = chain_loops(scores, criterion, bound[i][2], before, match) if code.name in _CHAINS else \
                direct_encounter_loops(scores[0], criterion, bound[i][2], before,
                                       1 if scores[0].game_points is scores[0] else match)
            records[i], loops[i] = found.record, found.shown
    entries = [{**c.entry, **({"ede": records[i]} if i in records else {})} for i, c in enumerate(codes)]
    writers = [team_writer(c, after, whole(Code.parse(c.name), host.criteria), match) for c in codes]
    out = result(view.players, entries, writers, standings, summed, given, edition, rounds, check)
    if check:
        for c in out["competitors"]:
            c["tiebreakDetails"] = _details(ctx, codes, bound, loops, totals, c, match)
            c["boardPoints"] = {str(b): f"{v:.1f}" for b, v in enumerate(totals[c["cid"]], 1)} if after else {}
    return out, standings


def _summed(view: Tournament, item, i: int, standings, after: int, host, edition: int) -> dict:
    """Which zeros of column ``i`` are a sum of some term (gacrux writes a sum of none as 0)."""
    zeros = [r.start_no for r in standings.rows if not r.values[i]]
    if not zeros:
        return {}
    index = {p.start_no: n for n, p in enumerate(view.players)}
    explained = explain_everyone(view, [item[0].text], after, host, edition, players=[index[no] for no in zeros])
    return {(i, no): any(part.value is not None for part in e.parts) for no, (e,) in zip(zeros, explained)}


def _over(ctx, criterion):
    """The criterion of a bound item and its (primary, secondary) contexts: match points then game
    points, or the other way round for an item over game points (``EDE:GP``)."""
    if isinstance(criterion, OverGamePoints):
        return criterion.inner, (ctx.game_points, ctx)
    return criterion, (ctx, ctx.game_points)


def chain_loops(scores: tuple, criterion, opts, before: dict[int, int], match: int = 1):
    """An EDE chain's loops (checker_loops.encounters): P over the primary score, S over the other,
    C, T, B over the two teams' match board by board (gacrux counts those in the other score's
    kind, its W and its letter)."""
    primary, secondary = scores
    size = primary.t.teams.board_count
    functions = chain(criterion.name, size)
    letter = {c: "_g" if c.game_points is c else "_m" for c in scores}
    board_win = secondary.t.scoring.win / max(size, 1) if secondary.game_points is secondary else secondary.t.scoring.win

    def view(j: int, tied: int):
        found = criterion._view(primary, secondary, functions, j, tied)
        if found is None:
            return None
        kind = functions[j]
        side = primary if kind == "P" else secondary
        places = match if letter[side] == "_m" else 1  # match points as the file writes them
        win = Decimal(f"{side.t.scoring.win if kind in 'PS' else board_win:.{places}f}")
        return (found, win, letter[side]) if kind not in "CB" else (found, win, letter[side], 1)  # C, B: boards
    return encounters(before, functions, view, DirectEncounter.as_played(primary, opts), "S" in opts.modifiers)


def _details(ctx, codes: list[TeamCode], bound: list, loops: dict, totals: dict, competitor: dict,
             match: int = 1) -> list[dict]:
    """A team's ``tiebreakDetails`` (gacrux's ``-c``): the terms of checker_details.py over the
    team view's match or game points, the loops of DE, the EDE chains, TBR and BBE, BC's boards;
    the terms of a sum with the value's decimals (``match``: those of a match point)."""
    gp, no = ctx.game_points, competitor["cid"]
    i = ctx.index[no]
    out = []
    for j, (code, (_, criterion, opts), value) in enumerate(zip(codes, bound, competitor["tiebreakScore"])):
        terms: dict = {}
        if j in loops:
            terms = loops[j].get(no, {})
        elif code.name in ("PTS", "MPTS", "GPTS", "MPVGP"):
            terms = points(gp if code.entry["pointtype"] == "gpoints" else ctx, criterion, opts, i)
        elif code.name == "BC":
            terms = {str(b): f"{b * v:.1f}" for b, v in enumerate(totals[no], 1)} if ctx.k else {}
        elif code.name in _EXTENDED_SB:
            terms = TERMS["SB"](criterion._mixed(ctx), criterion, opts, i)
        elif code.name in TERMS:
            inner = criterion.inner if isinstance(criterion, OverGamePoints) else criterion
            terms = TERMS[code.name](gp if inner is not criterion else ctx, inner, opts, i)
        if match != 1 and j not in loops and code.name not in ("BC", "SSSC"):  # as the sums' decimals
            places = decimals(code, match)
            terms = {k: f"{float(v):.{places}f}" if isinstance(v, str) and "." in v and k != "cut" else v
                     for k, v in terms.items()}
        out.append({"desc": code.entry["desc"], "val": value, **terms})
    return out
