"""gacrux's code table for a team event, its teams ranked (``codes.Players``: an individual event's
players): its tie-breaks as ``tiebreak.parse_tiebreak`` reads them in team mode (the point type
each is over: ``mpoints``, ``gpoints``, and the extended SB's ``mgpoints`` …; a description such as
``BH:gpoints/C1``), from the score each criterion declares it is over (:attr:`Checked.score`); the
decimals of a match point as the file writes them; the EDE chains' loops; each team's points board
by board. The values and ranks are this project's team standings (teams/view.py).
"""

from __future__ import annotations

from decimal import Decimal

from brightwell_plugin.adapters import trf
from brightwell_plugin.criteria.encounter import DirectEncounter
from brightwell_plugin.criteria.team_boards import board_totals
from brightwell_plugin.gacrux.codes import Code, Column, looked_up, refused, unrated_of
from brightwell_plugin.gacrux.loops import encounters
from brightwell_plugin.model import Tournament

# gacrux's ":MP" of a code (team mode): the point type it is over
_POINT_TYPES = {"MP": "mpoints", "GP": "gpoints", "MM": "mmpoints", "MG": "mgpoints", "GM": "gmpoints",
                "GG": "ggpoints"}


class Teams:
    """The code table of a team event's answer: the teams' list, each code's column over the
    primary score the file names (:func:`primary_score`), match points with the decimals its ``362``
    writes, a ranking's failure on an item of the list the command line's (500), and with ``-c``
    each team's points board by board."""

    def __init__(self, event: Tournament, view: Tournament, trf_file: bool):
        self.event, self.view, self.trf_file = event, view, trf_file
        self.match = match_point_decimals(event)

    def own_list(self) -> list[str]:
        return list(self.view.tiebreaks)

    def columns(self, texts: list[str], criteria, edition: int, params: dict, refuse) -> list[Column]:
        """Each code's column (a KeyError or IndexError: no list of gacrux's); ``refuse(absent,
        unknown)`` stops on codes refused."""
        unrated, round_robin = unrated_of(params), self.event.system == "round-robin"
        primary = primary_score(self.event, self.trf_file)
        out = []
        for order, text in enumerate(texts, 1):
            code = looked_up(text, criteria)
            entry, item, primary = _described(code, text, primary, code.describe(order, edition, unrated, round_robin))
            # gacrux's other names for a code show no terms in team mode here (GE's: docs/pairing-software.md)
            terms = code.checked.terms if code.gacrux and code.ours == code.name else ""
            out.append(Column(code, entry, item, decimals(code, entry["pointtype"], self.match), terms))
        refuse(*refused([c.code for c in out], team=True))
        return out

    def counted(self, ranked, after: int):
        return ranked, self.event

    def status(self, exc, columns: list[Column]) -> int:
        """An item of the list that does not take its modifiers is the command line's (500)."""
        return 500 if exc.place in {c.item for c in columns} else 401

    def totals(self, ctx) -> dict[int, list[float]]:
        return dict(zip((p.start_no for p in ctx.t.players), board_totals(ctx)))

    def more_details(self, competitor: dict, ctx, totals: dict) -> None:
        competitor["boardPoints"] = {str(b): f"{v:.1f}" for b, v in enumerate(totals[competitor["cid"]], 1)} \
            if ctx.k else {}


def primary_score(t: Tournament, trf_file: bool = True) -> str | None:
    """The primary score the file names, as gacrux finds it: a Chess-JSON's ``scoreSystem.primary``,
    a TRF's tournament type (192; ``trf_file``: the file is a TRF, not a Chess-JSON keeping a TRF's
    records): ``mpoints``, ``gpoints`` (``points`` for another word), or None when it names none."""
    named = t.teams.primary
    if named is not None:
        return {"mp": "mpoints", "match": "mpoints", "gp": "gpoints", "game": "gpoints"}.get(named, "points")
    if not trf_file:
        return None
    kind = next((line[4:].strip().upper() for line in trf.records(t, "192")), "")
    if "_MP_GP" in kind or (("_MP" in kind) and "_GP_MP" not in kind) or kind in ("FIDE_TEAM", "FIDE_TEAM_BAKU"):
        return "mpoints"
    return "gpoints" if "_GP" in kind else None


def _described(code: Code, text: str, primary: str | None, entry: dict) -> tuple[dict, str, str | None]:
    """The entry of one code of the list (``entry``: its description but for the score), the item
    this project ranks by, and the primary score after it: the first PTS, MPTS or GPTS sets it when
    the file names none."""
    pieces = text.upper().replace("!", "/").replace("#", "/").split("/")
    head, name = pieces[0].split(":"), code.name
    score = code.checked.score if code.gacrux else ""
    pointtype, suffix = (primary, "") if primary else ("mpoints", ":MP")
    if score in ("match", "game"):
        pointtype, suffix = ("mpoints", ":MP") if score == "match" else ("gpoints", ":GP")
    if len(head) == 2 and head[1] in _POINT_TYPES:
        pointtype = _POINT_TYPES[head[1]]
        suffix = ":" + pointtype
    if primary is None and score in ("primary", "match", "game"):
        primary = pointtype
    if score == "pair":  # E, the opponents' score, the team's own, SB
        pointtype = name[1:3].lower() + "points"
    if score == "other":
        pointtype = "gpoints" if (primary or "mpoints") == "mpoints" else "mpoints"
    entry.update(desc="/".join([name + suffix, *pieces[1:]]), pointtype=pointtype)
    return entry, _item(code, head, pieces[1:], primary), primary


def _item(code: Code, head: list[str], parts: list[str], primary: str | None) -> str:
    """The item this project ranks by: PTS the primary score's own code; a code over the primary
    score (not over a score of its own) with ``:GP`` where game points are the primary score."""
    checked, game = code.checked, primary == "gpoints"
    if checked is not None and checked.score == "primary":
        return "/".join([checked.over[game], *parts])
    name = checked.over[1] if game and checked is not None and checked.over else code.ours or code.name
    own = checked is not None and checked.score != ""
    suffix = f":{head[1]}" if len(head) == 2 else ":GP" if game and not own else ""
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


def decimals(code: Code, pointtype: str, match: int) -> int:
    """The decimals of gacrux's sums for ``code`` over ``pointtype`` (its value and its terms), with
    ``match`` those of a match point: match points ``match``, game points one; a product both of
    its scores' (SB: the opponent's score times one's own; the extended SB the two it names, ESB the
    primary's and the other's); standard points one."""
    kind, written = pointtype, code.checked.written if code.gacrux else ""
    if written == "product" and code.checked.score:
        kind = {"mpoints": "mgpoints", "gpoints": "gmpoints"}.get(kind, kind)
    elif written == "product":
        kind = kind.removesuffix("points") * 2 + "points"
    if kind == "points" or written == "standard":
        return 1
    return sum(match if letter == "m" else 1 for letter in kind.removesuffix("points"))


def chain_loops(scores: tuple, criterion, opts, before: dict[int, int], match: int = 1):
    """An EDE chain's loops (checker_loops.encounters): P over the primary score, S over the other,
    C, T, B over the two teams' match board by board (gacrux counts those in the other score's
    kind, its W and its letter); the chain as the criterion makes it of the match's boards."""
    primary, secondary = scores
    size = primary.t.teams.board_count
    functions = criterion._steps(primary)
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
