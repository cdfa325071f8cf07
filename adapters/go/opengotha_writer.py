"""Writing OpenGotha XML (``convert --to opengotha``): the file OpenGotha's import reads
(``ExternalDocument.importTournamentFromXMLFile``, data version 201), made of a Go event.

Players in start-number order (OpenGotha has no start numbers: they must be 1..n), each with his
key (name and first name), rank, rating, country, club, ids, participation and McMahon correction
(an initial McMahon score stored by another program written as the correction OpenGotha adds to
the rank's); every game once, black the side that moved first, at tables numbered in the round;
the pairing-allocated bye as ``ByePlayer``. The settings the scores depend on are written as the
event ranked by them (the file's, or what its reader inferred), and its placement criteria by
OpenGotha's long names. OpenGotha stores no standings: it computes them.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import quoteattr

from brightwell_plugin.adapters.base import Loss, game_event, metadata
from brightwell_plugin.adapters.go.egd import INITIAL as INITIAL_KEY
from brightwell_plugin.adapters.go.opengotha_records import key
from brightwell_plugin.adapters.go.opengotha_terms import CRITERIA, MAX_RATING, MIN_RATING
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Player, Result, Side, Tournament

LONG_NAMES = {ours: theirs for theirs, ours in CRITERIA.items()}
# the GeneralParameterSet values the scores depend on, and what the criteria take when the event has none
SETTINGS = {"genMMBar": "9D", "genMMFloor": "30K", "genNBW2ValueAbsent": "0", "genNBW2ValueBye": "2",
            "genMMS2ValueAbsent": "1", "genMMS2ValueBye": "2", "genRoundDownNBWMMS": "true",
            "genCountNotPlayedGamesAsHalfPoint": "false"}
_OTHER_BYES = (Kind.FULL_BYE, Kind.HALF_BYE)
PARTICIPATING = "opengotha participating"  # the reader's Player.extra key ('0' a round not taken part in)
RANK_KEYS = ("opengotha rank", "go rank", "egd rank")  # the readers' ranks, OpenGotha's first


def long_name(item: str) -> str | None:
    """OpenGotha's long name of a tie-break item: its own criteria's, and those computed by another
    program's rules (``MMS:rules=pairgoth``: OpenGotha's MMS); None for any other item."""
    if item in LONG_NAMES:
        return LONG_NAMES[item]
    m = re.fullmatch(r"([A-Za-z]+(?:/[A-Za-z0-9]+)?)\s*:\s*rules\s*=\s*[a-z-]+", item.strip())
    return LONG_NAMES.get(m.group(1).upper()) if m else None


def _number(rank: str) -> int:
    """A rank as OpenGotha numbers it (30K = -30, 1K = -1, 1D = 0, pros 6-8), as the readers write ranks."""
    t = rank.strip().upper()
    n = int(t[:-1]) if t[:-1].isdigit() else 30
    value = -n if t.endswith("K") else n - 1 if t.endswith("D") else (6 if n <= 3 else 7 if n <= 6 else 8) \
        if t.endswith("P") else -30
    return max(-30, min(8, value))


def _settings(t: Tournament) -> dict[str, str]:
    """The event's own settings: OpenGotha's, then what a reader inferred over them (as the criteria read them)."""
    meta = {k.split(" ", 1)[1]: v for k, v in t.metadata if k.startswith("opengotha ")}
    meta.update((k.split(" ", 1)[1], v) for k, v in t.metadata if k.startswith("go "))
    return meta


def _rank(p: Player) -> str | None:
    extra = dict(p.extra)
    return next((extra[k] for k in RANK_KEYS if extra.get(k)), None)


def _correction(p: Player, s: dict[str, str]) -> int:
    """OpenGotha's smmsCorrection: the player's own, or what makes his stored initial McMahon score."""
    extra = dict(p.extra)
    if INITIAL_KEY not in extra:
        text = extra.get("opengotha smmsCorrection", "0") or "0"
        return int(text) if text.lstrip("-").isdigit() else 0
    zero = _number(s.get("genMMZero", "30K"))
    floor, bar = _number(s.get("genMMFloor", SETTINGS["genMMFloor"])), _number(s.get("genMMBar", SETTINGS["genMMBar"]))
    from_rank = min(max(_number(_rank(p) or "30K") - zero, floor - zero), bar - zero)
    return int(extra[INITIAL_KEY]) - from_rank


def _unique_names(t: Tournament) -> dict[int, tuple[str, str]]:
    """Each player's (name, first name), the first names of players whose key another's already is
    numbered (`` 2``, `` 3`` ...): OpenGotha refuses two players of one key."""
    out, taken = {}, set()
    for p in t.players:
        surname, _, first = p.name.partition(", ")
        n, given = 1, first
        while key(surname, given) in taken:
            n += 1
            given = f"{first} {n}".strip()
        taken.add(key(surname, given))
        out[p.start_no] = (surname, given)
    return out


def losses(t: Tournament) -> list:
    """What an OpenGotha file cannot hold of ``t``."""
    lost: list = []
    if t.teams is not None:
        lost.append("the teams and their matches (written as the players' games)")
    if any(e.score is not None for p in t.players for e in p.rounds):
        lost.append(metadata("game scores"))
    unranked = [p for p in t.players if _rank(p) is None]
    if unranked:
        lost.append(f"{len(unranked)} player(s) without a Go rank (written 30K, as OpenGotha reads none)")
    others = sum(e.kind in _OTHER_BYES for p in t.players for e in p.rounds)
    if others:
        lost.append(f"{others} full- or half-point bye(s): OpenGotha has one kind of bye, the pairing-allocated one")
    doubled = [r for r in range(1, t.rounds_played + 1)
               if sum(p.entry(r).kind is Kind.PAB for p in t.players) > 1]
    if doubled:
        lost.append(f"round {doubled[0]}'s second bye: OpenGotha has one bye player a round")
    s = t.scoring
    if (s.win, s.draw, s.loss) != (1, 0.5, 0) or (s.pab is not None and s.pab * 2 not in (0, 1, 2)) \
            or s.absent * 2 not in (0, 1, 2):
        lost.append(f"the points system (win {s.win:g}, draw {s.draw:g}, loss {s.loss:g}): OpenGotha counts wins")
    items = [x for x in t.tiebreaks if x != "PTS" and long_name(x) is None]
    if items:
        lost.append(f"the tie-break list's {', '.join(items)}: none of OpenGotha's placement criteria")
    theirs = [x for x in t.tiebreaks if x not in LONG_NAMES and long_name(x) is not None]
    if theirs:
        lost.append(f"the tie-break list's {', '.join(theirs)}: written as OpenGotha's "
                    f"{', '.join(long_name(x) for x in theirs)}, which OpenGotha computes its own way")
    if _settings(t).get("genMMZero", "30K").upper() != "30K":
        lost.append("a McMahon zero other than 30K (OpenGotha's is always 30K)")
    renamed = [no for no, (surname, first) in _unique_names(t).items() if f"{surname}, {first}".strip(", ")
               != t.player(no).name]
    if renamed:
        lost.append(metadata(f"{len(renamed)} player(s) whose name and first name another's already make "
                             "(OpenGotha's key): a number added to the first name"))
    unrated = sum(p.rating is None for p in t.players)
    if unrated:
        lost.append(metadata(f"{unrated} unrated player(s): OpenGotha rates them {MIN_RATING}"))
    idle = [p for p in t.players if all(e.kind is Kind.ABSENT for e in p.rounds)]
    if idle and len({p.listed for p in idle}) > 1:
        lost.append(Loss("which players without a game are listed (OpenGotha lists all of them or none)"))
    return lost


def render(t: Tournament) -> bytes:
    """The OpenGotha XML of the Go event ``t`` (its players numbered 1..n in order)."""
    if t.game not in (None, "go"):
        raise BrightwellError(f"OpenGotha holds Go results, and this is {game_event(t.game)}")
    if [p.start_no for p in t.players] != list(range(1, len(t.players) + 1)):
        raise BrightwellError("OpenGotha numbers the players 1 to n in the order listed (use --renumber)")
    names = _unique_names(t)
    keys = {no: key(surname, first) for no, (surname, first) in names.items()}
    s = _settings(t)
    rounds = max(t.planned_rounds, 1)  # OpenGotha's rounds count from 1
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           '<Tournament dataVersion="201" fullVersionNumber="3.51" runningMode="SAL">',
           "<Players>", *_players(t, names, s, rounds), "</Players>",
           "<Games>", *_games(t, keys), "</Games>",
           "<ByePlayers>", *_byes(t, keys), "</ByePlayers>",
           "<TournamentParameterSet>", *_parameters(t, s, rounds), "</TournamentParameterSet>", "</Tournament>"]
    return ("\n".join(out) + "\n").encode("utf-8")


def _players(t: Tournament, names: dict, s: dict, rounds: int) -> list[str]:
    out = []
    for p in t.players:
        surname, first = names[p.start_no]
        extra, ids = dict(p.extra), dict(p.ids)
        taking = extra.get(PARTICIPATING) or "1" * rounds
        rating = MIN_RATING if p.rating is None else max(MIN_RATING, min(MAX_RATING, p.rating))
        out.append("<Player" + _attrs(
            agaExpirationDate="", agaId=ids.get("aga", ""), club=extra.get("opengotha club") or extra.get("club", ""),
            country=p.federation or "", egfPin=ids.get("egf", ""), ffgLicence=ids.get("ffg", ""), ffgLicenceStatus="",
            firstName=first, grade=extra.get("opengotha grade", ""), name=surname, participating=taking.ljust(rounds, "1"),
            rank=(_rank(p) or "30K").upper(), rating=str(rating), ratingOrigin="", registeringStatus="FIN",
            smmsCorrection=str(_correction(p, s))) + "/>")
    return out


def _games(t: Tournament, keys: dict[int, str]) -> list[str]:
    """Each round's games, each written once, from the black player's side, tables numbered in order."""
    out = []
    for r in range(1, t.rounds_played + 1):
        table = 0
        for p in t.players:
            e = p.entry(r)
            if e.opponent is None or e.kind not in (Kind.GAME, Kind.PAIRED, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                continue
            black_first = e.side is Side.FIRST or (e.side is None and p.start_no < e.opponent)
            if not black_first:
                continue  # written once, from the black player's side
            table += 1
            other = t.player(e.opponent).entry(r)
            out.append("<Game" + _attrs(blackPlayer=keys[p.start_no], handicap=str(e.handicap or 0),
                                        knownColor="true" if e.side is not None else "false",
                                        result=_result(e, other), roundNumber=str(r), tableNumber=str(table),
                                        whitePlayer=keys[e.opponent]) + "/>")
    return out


def _byes(t: Tournament, keys: dict[int, str]) -> list[str]:
    out = []
    for r in range(1, t.rounds_played + 1):
        bye = next((p for p in t.players if p.entry(r).kind is Kind.PAB), None)
        if bye is not None:
            out.append("<ByePlayer" + _attrs(player=keys[bye.start_no], roundNumber=str(r)) + "/>")
    return out


def _parameters(t: Tournament, s: dict, rounds: int) -> list[str]:
    """The inside of ``<TournamentParameterSet>``: the event's settings, categories, placement criteria."""
    general = {"name": t.name, "shortName": t.name[:30], "beginDate": t.start_date or "", "endDate": t.end_date or "",
               "numberOfRounds": str(rounds), **{k: s.get(k, v) for k, v in SETTINGS.items()}}
    limits = s.get("categories", "").split()
    general["numberOfCategories"] = str(len(limits) + 1)
    out = ["<GeneralParameterSet" + _attrs(**general) + ">"]
    if limits:
        out += ["<Categories>", *(f'<Category lowerLimit="{x}" number="{n}"/>' for n, x in enumerate(limits, 1)),
                "</Categories>"]
    out += ["</GeneralParameterSet>",
            "<HandicapParameterSet" + _attrs(hdCorrection=s.get("hdCorrection", "1")) + "/>",
            "<PlacementParameterSet>", "<PlacementCriteria>"]
    criteria = list(dict.fromkeys(name for name in map(long_name, t.tiebreaks) if name is not None))
    out += [f'<PlacementCriterion name="{name}" number="{n}"/>' for n, name in enumerate(criteria, 1)]
    idle_listed = any(p.listed and all(e.kind is Kind.ABSENT for e in p.rounds) for p in t.players)
    out += ["</PlacementCriteria>", "</PlacementParameterSet>", "<PairingParameterSet/>",
            "<DPParameterSet" + _attrs(displayNPPlayers="true" if idle_listed else "false",
                                       gameFormat=s.get("gameFormat", "full")) + "/>"]
    return out


def _result(black, white) -> str:
    """OpenGotha's result of a game, ``black`` the entry of the player who moved first."""
    kind = black.kind
    if kind is Kind.PAIRED:
        return "RESULT_UNKNOWN"
    if kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
        if white.kind is kind:  # both won or both lost by forfeit
            return ("RESULT_BOTHWIN" if kind is Kind.FORFEIT_WIN else "RESULT_BOTHLOSE") + ("" if black.rated else "_BYDEF")
        return "RESULT_BLACKWINS_BYDEF" if kind is Kind.FORFEIT_WIN else "RESULT_WHITEWINS_BYDEF"
    text = {Result.WIN: "RESULT_BLACKWINS", Result.LOSS: "RESULT_WHITEWINS", Result.DRAW: "RESULT_EQUAL"}[black.result]
    return text + ("" if black.rated else "_BYDEF")


def _attrs(**values: str) -> str:
    return "".join(f" {k}={quoteattr(str(v))}" for k, v in values.items())
