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
from brightwell_plugin.adapters.xml import parse_safely
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.hookspecs import hookimpl
from brightwell_plugin.model import (
    ABSENT, DRAW, FIRST, FORFEIT_LOSS, FORFEIT_WIN, FULL_BYE, GAME, LOSS, PAB, SECOND, WIN, Player,
    RoundEntry, ScoringSystem, Tournament,
)

CRITERIA = {name: name for name in ("NBW", "MMS", "SOSW", "SOSM", "SOSOSW", "SOSOSM", "SODOSW", "SODOSM",
                                     "CUSSW", "CUSSM")}
CRITERIA.update({"SOSW-1": "SOSW/C1", "SOSW-2": "SOSW/C2", "SOSM-1": "SOSM/C1", "SOSM-2": "SOSM/C2",
                 "DC": "DE", "RATING": "RTNG"})


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
        rounds = max([int(g.get("numberOfRounds", 0) or 0)]
                     + [int(e.get("roundNumber", 0)) for e in games + root.findall("ByePlayers/ByePlayer")])
        entries = {no: [ABSENT] * rounds for no in range(1, len(people) + 1)}

        def number(ref: str | None, el) -> int:
            no = numbers.find(ref or "")
            if no is None:
                raise BrightwellError(f"unknown player '{ref}'", file=str(path), place=f"line {el.sourceline}")
            return no

        for el in games:
            r = int(el.get("roundNumber")) - 1
            white, black = number(el.get("whitePlayer"), el), number(el.get("blackPlayer"), el)
            result = el.get("result", "RESULT_UNKNOWN")
            forfeit = result.endswith("_BYDEF")
            result = result.removesuffix("_BYDEF")
            if result == "RESULT_UNKNOWN":
                warnings.append(f"{path}: round {r + 1}: a game without a result is left out")
                continue
            if result == "RESULT_BOTHWIN":  # both given the win: a double forfeit win, still a pairing
                entries[white][r] = RoundEntry(FORFEIT_WIN, black, side=SECOND)
                entries[black][r] = RoundEntry(FORFEIT_WIN, white, side=FIRST)
                continue
            if result == "RESULT_BOTHLOSE":
                entries[white][r] = RoundEntry(FORFEIT_LOSS, black, side=SECOND)
                entries[black][r] = RoundEntry(FORFEIT_LOSS, white, side=FIRST)
                continue
            res = {"RESULT_WHITEWINS": WIN, "RESULT_BLACKWINS": LOSS, "RESULT_EQUAL": DRAW}.get(result)
            if res is None:
                raise BrightwellError(f"unknown result '{el.get('result')}'", file=str(path),
                                      place=f"line {el.sourceline}")
            if forfeit and res is not DRAW:
                win, lose = (white, black) if res is WIN else (black, white)
                entries[win][r] = RoundEntry(FORFEIT_WIN, lose, side=SECOND if win == white else FIRST)
                entries[lose][r] = RoundEntry(FORFEIT_LOSS, win, side=SECOND if lose == white else FIRST)
                continue
            handicap = int(el.get("handicap") or 0) if (el.get("handicap") or "0").isdigit() else 0
            entries[white][r] = RoundEntry(GAME, black, res, SECOND, rated=not forfeit, handicap=handicap)
            entries[black][r] = RoundEntry(GAME, white, res.reverse, FIRST, rated=not forfeit, handicap=handicap)
        for el in root.findall("ByePlayers/ByePlayer"):
            entries[number(el.get("player"), el)][int(el.get("roundNumber")) - 1] = RoundEntry(PAB)
        # rounds after the last with a game or a bye are not played yet (a planned round is no absence)
        last = max((r + 1 for row in entries.values() for r, e in enumerate(row) if e is not ABSENT), default=0)
        entries = {no: row[:last] for no, row in entries.items()}
        players = tuple(Player(
            start_no=no, name=f"{p.get('name', '')}, {p.get('firstName', '')}".strip(", "),
            rounds=tuple(entries[no]), rating=int(p.get("rating")) if (p.get("rating") or "0").lstrip("-").isdigit()
            and int(p.get("rating")) > 0 else None, federation=p.get("country") or None,
            ids=tuple((scheme, p.get(attr)) for scheme, attr in (("egf", "egfPin"), ("ffg", "ffgLicence"),
                                                                 ("aga", "agaId")) if p.get(attr)),
            extra=tuple((f"opengotha {a}", p.get(a)) for a in ("club", "rank", "participating", "smmsCorrection")
                        if p.get(a) and not (a == "smmsCorrection" and p.get(a) == "0")),
        ) for no, p in enumerate(people, 1))
        scoring = ScoringSystem(pab=int(g.get("genNBW2ValueBye", 2)) / 2, absent=int(g.get("genNBW2ValueAbsent", 0)) / 2)
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
