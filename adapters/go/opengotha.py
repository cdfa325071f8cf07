"""OpenGotha XML (``opengotha``), the Go pairing program: players, games, byes, placement criteria.

Players are referenced by key = name + first name, upper-cased, spaces removed. Results may
carry ``_BYDEF`` (by default: a forfeit). ``RESULT_BOTHLOSE`` is read as a double forfeit;
``RESULT_BOTHWIN`` (both given the win) as a full-point bye for each, with a warning;
``RESULT_UNKNOWN`` (not played yet) is left out, with a warning. Go has no game scores: asking
for BQ says so. Black moves first.
"""

from __future__ import annotations

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.adapters.names import NameIndex
from brightwell_plugin.adapters.numbers import whole
from brightwell_plugin.adapters.xml.format import parse_safely
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.limits import check_round, max_rounds
from brightwell_plugin.fast import (
    DRAW, FIRST, FORFEIT_LOSS, FORFEIT_WIN, GAME, LOSS, PAB, SECOND, WIN, new_entry, new_player,
)
from brightwell_plugin.model import ABSENT_ENTRY, Player, ScoringSystem, Tournament

CRITERIA = {name: name for name in ("NBW", "MMS", "SOSW", "SOSM", "SOSOSW", "SOSOSM", "SODOSW", "SODOSM",
                                     "CUSSW", "CUSSM")}
CRITERIA.update({"SOSW-1": "SOSW/C1", "SOSW-2": "SOSW/C2", "SOSM-1": "SOSM/C1", "SOSM-2": "SOSM/C2",
                 "DC": "DE", "RATING": "RTNG"})


def positive(n: int) -> int | None:
    """A rating OpenGotha writes as 0 or less when it has none."""
    return n if n > 0 else None


def key(name: str, first: str) -> str:
    """OpenGotha's key string: name and first name, upper-cased, without spaces."""
    return (name + first).upper().replace(" ", "")


class OpenGothaFormat(Format):
    name = "opengotha"
    title = "OpenGotha tournament XML (Go; no game scores)"
    suffixes = (".xml",)

    def sniff(self, path, head):
        return b"<Tournament" in head and (b"dataVersion" in head or b"<Players>" in head)

    def read(self, path, *, encoding=None):
        root = parse_safely(path).getroot()
        if root.tag != "Tournament":
            raise BrightwellError(f"root element is <{root.tag}>, not <Tournament>", file=str(path),
                                  place=f"line {root.sourceline}")
        warnings: list[str] = []
        general = root.find("TournamentParameterSet/GeneralParameterSet")
        g = general.attrib if general is not None else {}
        people = root.findall("Players/Player")
        numbers = NameIndex()
        for i, p in enumerate(people, 1):
            k = key(p.get("name", ""), p.get("firstName", ""))
            if not numbers.add(k, i):
                raise BrightwellError(f"two players have the key '{k}' (name + first name)", file=str(path),
                                      place=f"line {p.sourceline}")
        games = root.findall("Games/Game")
        byes = root.findall("ByePlayers/ByePlayer")

        def integer(el, attr: str, default: int | None = None) -> int | None:
            return whole(el.get(attr), attr, str(path), f"line {el.sourceline}", default)

        def round_of(el) -> int:  # 0-based; a number beyond the planned rounds or the limit is refused
            r = integer(el, "roundNumber")
            if r is None:
                raise BrightwellError("a round without a roundNumber", file=str(path), place=f"line {el.sourceline}")
            if planned and r > planned:
                raise BrightwellError(f"round {r} is beyond the tournament's {planned} rounds", file=str(path),
                                      place=f"line {el.sourceline}")
            if not 1 <= r <= limit:
                check_round(r, str(path), f"line {el.sourceline}")  # refuses it, in words
            return r - 1

        limit = max_rounds()
        planned = integer(general, "numberOfRounds", 0) if general is not None else 0
        if planned:
            check_round(planned, str(path), f"line {general.sourceline}")
        rounds = max([planned] + [round_of(e) + 1 for e in games + byes])
        entries = {no: [ABSENT_ENTRY] * rounds for no in range(1, len(people) + 1)}

        def number(ref: str | None, el) -> int:
            no = numbers.find(ref or "")
            if no is None:
                raise BrightwellError(f"unknown player '{ref}'", file=str(path), place=f"line {el.sourceline}")
            return no

        for el in games:
            r = round_of(el)
            white, black = number(el.get("whitePlayer"), el), number(el.get("blackPlayer"), el)
            result = el.get("result", "RESULT_UNKNOWN")
            forfeit = result.endswith("_BYDEF")
            result = result.removesuffix("_BYDEF")
            if result == "RESULT_UNKNOWN":
                warnings.append(f"{path}: round {r + 1}: a game without a result is left out")
                continue
            if result == "RESULT_BOTHWIN":  # both given the win: a double forfeit win, still a pairing
                entries[white][r] = new_entry(FORFEIT_WIN, black, side=SECOND)
                entries[black][r] = new_entry(FORFEIT_WIN, white, side=FIRST)
                continue
            if result == "RESULT_BOTHLOSE":
                entries[white][r] = new_entry(FORFEIT_LOSS, black, side=SECOND)
                entries[black][r] = new_entry(FORFEIT_LOSS, white, side=FIRST)
                continue
            res = {"RESULT_WHITEWINS": WIN, "RESULT_BLACKWINS": LOSS, "RESULT_EQUAL": DRAW}.get(result)
            if res is None:
                raise BrightwellError(f"unknown result '{el.get('result')}'", file=str(path),
                                      place=f"line {el.sourceline}")
            if forfeit and res is not DRAW:
                win, lose = (white, black) if res is WIN else (black, white)
                entries[win][r] = new_entry(FORFEIT_WIN, lose, side=SECOND if win == white else FIRST)
                entries[lose][r] = new_entry(FORFEIT_LOSS, win, side=SECOND if lose == white else FIRST)
                continue
            handicap = integer(el, "handicap", 0)
            entries[white][r] = new_entry(GAME, black, res, SECOND, rated=not forfeit, handicap=handicap)
            entries[black][r] = new_entry(GAME, white, res.reverse, FIRST, rated=not forfeit, handicap=handicap)
        for el in byes:
            entries[number(el.get("player"), el)][round_of(el)] = new_entry(PAB)
        # rounds after the last with a game or a bye are not played yet (a planned round is no absence)
        last = max((r + 1 for row in entries.values() for r, e in enumerate(row) if e is not ABSENT_ENTRY), default=0)
        entries = {no: row[:last] for no, row in entries.items()}
        players = tuple(new_player(
            start_no=no, name=f"{p.get('name', '')}, {p.get('firstName', '')}".strip(", "),
            rounds=tuple(entries[no]), rating=positive(integer(p, "rating", 0)), federation=p.get("country") or None,
            ids=tuple((scheme, p.get(attr)) for scheme, attr in (("egf", "egfPin"), ("ffg", "ffgLicence"),
                                                                 ("aga", "agaId")) if p.get(attr)),
            extra=tuple((f"opengotha {a}", p.get(a)) for a in ("club", "rank", "participating", "smmsCorrection")
                        if p.get(a) and not (a == "smmsCorrection" and p.get(a) == "0")),
        ) for no, p in enumerate(people, 1))
        scoring = ScoringSystem(pab=integer(general, "genNBW2ValueBye", 2) / 2 if general is not None else 1,
                                absent=integer(general, "genNBW2ValueAbsent", 0) / 2 if general is not None else 0)
        return ReadResult(Tournament(
            name=g.get("name") or g.get("shortName") or path.stem, players=players, rounds=rounds or None,
            scoring=scoring, game="go", start_date=g.get("beginDate") or None,
            end_date=g.get("endDate") or None,
            tiebreaks=self._criteria(root, warnings, path),
            metadata=tuple((f"opengotha {k}", v) for k, v in g.items()),
        ), tuple(warnings))

    def _criteria(self, root, warnings, path) -> tuple[str, ...]:
        items: list[str] = []
        for el in root.findall("TournamentParameterSet/PlacementParameterSet/PlacementCriteria/PlacementCriterion"):
            name = el.get("name", "NULL").upper()
            if name == "NULL":
                continue
            if name in CRITERIA:
                if CRITERIA[name] not in items:
                    items.append(CRITERIA[name])
            else:
                warnings.append(f"{path}: placement criterion {name} has no criterion here and is left out")
        return tuple(items) or ("PTS",)


class OpenGothaPlugin:
    """Built-in plugin: OpenGotha XML."""

    @hookimpl
    def brightwell_register_formats(self, register):
        register(OpenGothaFormat())


plugin = OpenGothaPlugin()
