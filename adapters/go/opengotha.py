"""OpenGotha XML (``opengotha``), the Go pairing program: read as OpenGotha V3.51 reads it
(``ExternalDocument.importTournamentFromXMLFile``).

Players are referenced by key = name + first name, upper-cased, spaces removed (matched here
whatever the locale that upper-cased them: :mod:`names`). A player's ``rank`` (30K when missing),
``rating`` (-900 when missing: OpenGotha has no unrated player; 2050 added for files older than
data version 201; kept within -900 .. 2949), ``participating`` (a 0 for each round he does not take
part in: zeros up to his first round a late entry, zeros from his last through the planned rounds a
withdrawal, where he has no record in them) and ``smmsCorrection`` are kept. Games:
``RESULT_WHITEWINS``, ``RESULT_BLACKWINS``, ``RESULT_EQUAL`` (jigo); ``_BYDEF`` makes a win a
forfeit and a jigo an unrated draw; ``RESULT_BOTHWIN``/``RESULT_BOTHLOSE`` are double forfeits
(unrated for their ``_BYDEF`` forms, which OpenGotha counts as not played); ``RESULT_UNKNOWN`` (or
no result) is a pairing without a result, which OpenGotha counts in the sums over opponents. A game
replaces an earlier one at the same round and table, as OpenGotha keeps one game per table.
``ByePlayer`` is the bye. The planned rounds grow to the last game or bye
(``updateNumberOfRoundsIfNecesary``). The placement criteria are read by their long names; the
McMahon, bye and absence settings and the categories are the event's, OpenGotha's import defaults
where the file has none. Players with no game, no pairing and no bye are left out of the standings
unless the file's ``displayNPPlayers`` says to show them. Ties are listed by surname, then first
name, as OpenGotha lists them. Black moves first.
"""

from __future__ import annotations

from brightwell_plugin.adapters.base import Format, ReadResult
from brightwell_plugin.adapters.go.opengotha_keys import PlayerKeys
from brightwell_plugin.adapters.go.opengotha_order import game_key, java_order, kept_game
from brightwell_plugin.adapters.go.participation import entry_and_withdrawal, sat_out
from brightwell_plugin.adapters.names import NameIndex
from brightwell_plugin.adapters.numbers import digits, whole
from brightwell_plugin.adapters.xml.format import parse_safely

from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry, new_player
from brightwell_plugin.limits import check_round, max_rounds
from brightwell_plugin.model import (
    ABSENT_ENTRY,
    LEFT_OUT,
    Kind,
    Result,
    ScoringSystem,
    Side,
    Tournament,
)
from brightwell_plugin.plugins.hookspecs import hookimpl

# OpenGotha's long names (PlacementParameterSet.allPlacementCriteria) and the criteria here
CRITERIA = {"NBW": "NBW", "MMS": "MMS", "CPS": "CPS", "STS": "STS", "CAT": "CAT", "Rank": "RANK", "Rating": "RTNG",
            "CUSSW": "CUSSW", "CUSSM": "CUSSM", "SOSW": "SOSW", "SOSW-1": "SOSW/C1", "SOSW-2": "SOSW/C2",
            "SODOSW": "SODOSW", "SOSM": "SOSM", "SOSM-1": "SOSM/C1", "SOSM-2": "SOSM/C2", "SODOSM": "SODOSM",
            "SOSTS": "SOSTS", "SOSOSW": "SOSOSW", "SOSOSM": "SOSOSM", "EXT": "EXT", "EXR": "EXR", "DC": "DC",
            "SDC": "SDC"}
# ExternalDocument's defaults for a GeneralParameterSet attribute the file does not have
IMPORT_DEFAULTS = {"genMMFloor": "20K", "genMMBar": "4D", "genNBW2ValueAbsent": "0",
                   "genNBW2ValueBye": "0", "genMMS2ValueAbsent": "0", "genMMS2ValueBye": "0",
                   "genRoundDownNBWMMS": "true", "genCountNotPlayedGamesAsHalfPoint": "false"}
RESULTS = ("RESULT_UNKNOWN", "RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL", "RESULT_BOTHWIN",
           "RESULT_BOTHLOSE")
MIN_RATING, MAX_RATING = -900, 2949


def key(name: str, first: str) -> str:
    """OpenGotha's key string: name and first name, upper-cased, without spaces."""
    return (name + first).upper().replace(" ", "")


MAX_CATEGORIES = 1000  # an event's categories are a handful: more is no event's
MAX_HANDICAP = 9  # OpenGotha's handicap parameters (hdCeiling) and the EGD's one-digit column stop at 9


class OpenGothaFormat(Format):
    name = "opengotha"
    title = "OpenGotha tournament XML (Go; no game scores)"
    suffixes = (".xml",)
    can_write = True  # convert --to opengotha (adapters/go/opengotha_writer.py)
    keeps_standings = False  # OpenGotha computes its standings: a batch writes the native XML instead
    every_record = False  # True: each record's player found by any spelling of his name (opengotha-all)

    def cannot_carry(self, t: Tournament) -> list:
        from brightwell_plugin.adapters.go.opengotha_writer import losses  # writing only
        return losses(t)

    def dumps(self, t: Tournament) -> bytes:
        from brightwell_plugin.adapters.go.opengotha_writer import render  # writing only
        return render(t)

    def sniff(self, path, head):
        return b"<Tournament" in head and (b"dataVersion" in head or b"<Players>" in head)

    def read(self, path, *, encoding=None):
        file = str(path)
        root = parse_safely(path).getroot()
        if root.tag != "Tournament":
            raise BrightwellError(f"root element is <{root.tag}>, not <Tournament>", file=file,
                                  place=f"line {root.sourceline}")
        warnings: list[str] = []
        general = root.find("TournamentParameterSet/GeneralParameterSet")
        g = dict(general.attrib) if general is not None else {}
        version = whole(root.get("dataVersion"), "dataVersion", file, f"line {root.sourceline}", 200)  # OpenGotha's default

        def integer(el, attr: str, default: int | None = None) -> int | None:
            """An attribute's whole number; ``default`` when it is missing (an empty one is refused, as
            OpenGotha's Integer.parseInt refuses it)."""
            text = el.get(attr)
            return default if text is None else whole(text, attr, file, f"line {el.sourceline}")

        people = [el for el in root.iter("Player") if len(el) == 0]  # anywhere, as getElementsByTagName finds them
        numbers = NameIndex()
        for i, p in enumerate(people, 1):
            k = key(p.get("name", ""), p.get("firstName", ""))
            if not numbers.add(k, i):
                raise BrightwellError(f"two players have the key '{k}' (name + first name)", file=file,
                                      place=f"line {p.sourceline}")

        keys = PlayerKeys(people, version, self.every_record)
        missed: list[str] = []  # the records OpenGotha's reader leaves out: no player found by their reference

        def number(ref: str | None, el) -> int:
            no = numbers.find(ref or "") if self.every_record else keys.find(ref or "")
            if no is None:
                raise BrightwellError(f"unknown player '{ref}'", file=file, place=f"line {el.sourceline}")
            return no

        def found(el, *attrs: str) -> bool:
            """Whether OpenGotha's reader finds every player ``el`` names (else it leaves ``el`` out)."""
            if all(keys.find(el.get(a) or "") is not None for a in attrs):
                return True
            missed.append(f"line {el.sourceline}: {el.tag} naming " + " and ".join(repr(el.get(a)) for a in attrs))
            return False

        limit = max_rounds()

        def round_of(el) -> int:  # 0-based
            r = integer(el, "roundNumber", 1)
            if r < 1:
                raise BrightwellError(f"round {r} is not a round number", file=file, place=f"line {el.sourceline}")
            if r > limit:
                check_round(r, file, f"line {el.sourceline}")  # refuses it, in words
            return r - 1

        games: dict[int, tuple[int, object]] = {}  # OpenGotha's game key -> (round, element)
        for el in (el for el in root.iter("Game") if len(el) == 0):  # a container of games is none
            if not self.every_record and not found(el, "whitePlayer", "blackPlayer"):
                continue
            r, table = round_of(el), integer(el, "tableNumber", 1)
            k = game_key(r, table)
            if k in games:
                warnings.append(f"{file}: line {el.sourceline}: a second game at round {r + 1}, table {table}"
                                + ("" if games[k][0] == r else f" (the game key OpenGotha gives round {games[k][0] + 1}, "
                                   f"table {table + 1000 * (r - games[k][0])})")
                                + ": it replaces the first, as in OpenGotha")
            games[k] = (r, el)
        byes = {}
        for el in (el for el in root.iter("ByePlayer") if len(el) == 0):  # pairgoth wraps them in a <ByePlayer>
            if self.every_record or found(el, "player"):
                byes[round_of(el)] = el  # one bye player a round, the last one read
        planned = integer(general, "numberOfRounds", 5) if general is not None else 5
        rounds = max([planned] + [r + 1 for r, _ in games.values()] + [r + 1 for r in byes])
        check_round(rounds, file, f"line {general.sourceline if general is not None else root.sourceline}")
        entries = {no: [ABSENT_ENTRY] * rounds for no in range(1, len(people) + 1)}

        sides: dict[tuple[int, int], list] = {}  # (player, round) -> (entry, game, line) of each of his games
        order, tree = java_order(games)
        selfish: list[str] = []
        for gid, (r, el) in enumerate(games[k] for k in order):
            white, black = number(el.get("whitePlayer"), el), number(el.get("blackPlayer"), el)
            if white == black:
                selfish.append(f"line {el.sourceline}")
            w, b = self._sides(el, black, white, file, integer)
            sides.setdefault((white, r), []).append((w, gid, el.sourceline))
            sides.setdefault((black, r), []).append((b, gid, el.sourceline))
        for r, el in sorted(byes.items()):
            no = number(el.get("player"), el)
            sides.setdefault((no, r), []).insert(0, (new_entry(Kind.PAB), -1, el.sourceline))
        more: dict[int, list] = {}
        doubled: list[str] = []
        for (no, r), held in sides.items():
            entries[no][r], others = kept_game(held)
            if others:
                more.setdefault(no, []).extend((r + 1, e) for e in others)  # sorted by round below
            if len({gid for _, gid, _ in held}) > 1:  # not a lone game against himself: the warning above
                doubled.append(f"{people[no - 1].get('name')} {people[no - 1].get('firstName')} in round {r + 1} "
                               f"(lines {', '.join(str(line) for _, _, line in held)})")
        if selfish:
            warnings.append(f"{file}: {len(selfish)} game(s) of a player against himself ({', '.join(selfish[:3])}"
                            f"{' …' if len(selfish) > 3 else ''}): both sides are his, as OpenGotha counts them")
        if doubled:
            warnings.append(f"{file}: {len(doubled)} time(s) a player has more than one game or a game and the bye "
                            f"in a round ({'; '.join(sorted(doubled)[:3])}{' …' if len(doubled) > 3 else ''}): every "
                            "game counts for his points, the sums over opponents take the game OpenGotha keeps "
                            "(the last its game table lists), as OpenGotha ranks them"
                            + ("; its game table has a bucket of nine games, whose order Java keeps otherwise: "
                               "the game kept may differ" if tree else ""))
        implied = {no: any(e is not ABSENT_ENTRY for e in row) for no, row in entries.items()}
        # rounds after the last with a game, a pairing or a bye are not played yet
        last = max((r + 1 for row in entries.values() for r, e in enumerate(row) if e is not ABSENT_ENTRY), default=0)
        display = root.find("TournamentParameterSet/DPParameterSet")
        show = display is not None and display.get("displayNPPlayers", "false") == "true"
        handicap = root.find("TournamentParameterSet/HandicapParameterSet")
        kept = [(f"opengotha {a}", el.get(a)) for el, a in ((display, "displayNPPlayers"), (display, "gameFormat"),
                                                             (handicap, "hdCorrection"))
                if el is not None and el.get(a) is not None]
        players = tuple(self._player(no, p, entries[no][:last], version, implied[no] or show, integer,
                                     tuple(sorted(more.get(no, ()), key=lambda m: m[0])), rounds)
                        for no, p in enumerate(people, 1))
        if missed:
            warnings.append(f"{file}: {len(missed)} game(s) or bye(s) name a player OpenGotha's reader does not find "
                            f"({'; '.join(missed[:3])}{' …' if len(missed) > 3 else ''}): left out, as OpenGotha "
                            "leaves them (--input-format opengotha-all reads every record)")
        hidden = sum(not p.listed for p in players)
        if hidden:
            warnings.append(f"{file}: {hidden} registered player(s) with no game and no bye are left out of the "
                            "standings, as OpenGotha's (displayNPPlayers is false)")
        nbw_bye, nbw_absent = (whole(g.get(k, IMPORT_DEFAULTS[k]), k, file, "GeneralParameterSet")
                               for k in ("genNBW2ValueBye", "genNBW2ValueAbsent"))
        defaults = tuple((f"go {k}", v) for k, v in IMPORT_DEFAULTS.items() if k not in g)
        defaults += (("go genMMZero", "30K"),)  # GeneralParameterSet.setGenMMZero: always 30K, whatever the file says
        t = Tournament(
            name=g.get("name") or g.get("shortName") or path.stem, players=players, rounds=rounds or None,
            scoring=ScoringSystem(pab=nbw_bye / 2, absent=nbw_absent / 2), game="go",
            start_date=g.get("beginDate") or None, end_date=g.get("endDate") or None,
            tiebreaks=self._criteria(root, warnings, file), tie_order="surname",
            metadata=tuple((f"opengotha {k}", v) for k, v in g.items()) + tuple(kept) + defaults
            + self._categories(root, g) + tuple((LEFT_OUT, x) for x in missed))
        if root.find("Teams/Team") is not None:
            from brightwell_plugin.adapters.go.opengotha_teams import (
                team_section,  # team files only (benchmarks/bench_start.py)
            )
            t = team_section(root, t, number, file, warnings)
        return ReadResult(t, tuple(warnings))

    @staticmethod
    def _sides(el, black: int, white: int, file: str, integer):
        """White's and Black's records of the game ``el``."""
        text = el.get("result", "RESULT_UNKNOWN")
        result = text.removesuffix("_BYDEF")
        if result not in RESULTS:
            raise BrightwellError(f"unknown result '{text}'", file=file, place=f"line {el.sourceline}")
        played, hd = result == text, integer(el, "handicap", 0)
        if not 0 <= hd <= MAX_HANDICAP:
            raise BrightwellError(f"handicap {hd} is none of OpenGotha's (0 to {MAX_HANDICAP} stones)", file=file,
                                  place=f"line {el.sourceline}")
        if result == "RESULT_UNKNOWN":
            return (new_entry(Kind.PAIRED, black, side=Side.SECOND, handicap=hd),
                    new_entry(Kind.PAIRED, white, side=Side.FIRST, handicap=hd))
        if result in ("RESULT_BOTHWIN", "RESULT_BOTHLOSE"):  # a double forfeit, still a pairing
            kind = Kind.FORFEIT_WIN if result == "RESULT_BOTHWIN" else Kind.FORFEIT_LOSS
            return (new_entry(kind, black, side=Side.SECOND, rated=played, handicap=hd),
                    new_entry(kind, white, side=Side.FIRST, rated=played, handicap=hd))
        res = {"RESULT_WHITEWINS": Result.WIN, "RESULT_BLACKWINS": Result.LOSS, "RESULT_EQUAL": Result.DRAW}[result]
        if not played and res is not Result.DRAW:
            won = res is Result.WIN
            return (new_entry(Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS, black, side=Side.SECOND, handicap=hd),
                    new_entry(Kind.FORFEIT_LOSS if won else Kind.FORFEIT_WIN, white, side=Side.FIRST, handicap=hd))
        return (new_entry(Kind.GAME, black, res, Side.SECOND, rated=played, handicap=hd),
                new_entry(Kind.GAME, white, res.reverse, Side.FIRST, rated=played, handicap=hd))

    @staticmethod
    def _player(no, p, rounds, version, listed, integer, more_games=(), planned=0):
        rating = integer(p, "rating", MIN_RATING)
        if version < 201:
            rating += 2050
        rating = max(MIN_RATING, min(MAX_RATING, rating))
        extra = [(f"opengotha {a}", p.get(a)) for a in ("club", "rank", "grade", "participating", "smmsCorrection")
                 if p.get(a) and not (a == "smmsCorrection" and p.get(a) == "0")]
        if p.get("rank") is None and p.get("grade") is None:
            extra.append(("go rank", "30K"))  # OpenGotha's default rank
        late, out = entry_and_withdrawal(sat_out(p.get("participating") or "", planned), rounds, planned)
        return new_player(
            start_no=no, name=f"{p.get('name', '')}, {p.get('firstName', '')}".strip(", "), rounds=tuple(rounds),
            rating=rating, federation=p.get("country") or None, late_entry=late, withdrawn_after=out,
            ids=tuple((scheme, p.get(attr)) for scheme, attr in (("egf", "egfPin"), ("ffg", "ffgLicence"),
                                                                 ("aga", "agaId")) if p.get(attr)),
            extra=tuple(extra), listed=listed, more_games=more_games)

    @staticmethod
    def _categories(root, g) -> tuple[tuple[str, str], ...]:
        """``go categories``: the lower rank limits of categories 1 .. n-1 (OpenGotha's Category elements)."""
        count = g.get("numberOfCategories", "1")
        n = int(count) if digits(count) else 1
        if n <= 1:
            return ()
        if n > MAX_CATEGORIES:  # refused before a limit is made for each
            raise BrightwellError(f"numberOfCategories {n} is beyond the {MAX_CATEGORIES} categories an event may have",
                                  place="GeneralParameterSet")
        limits = ["1D"] * (n - 1)  # a category without its element starts at 1D: OpenGotha's array holds 0
        for el in root.iter("Category"):
            number = el.get("number", "1")
            if digits(number) and 1 <= int(number) < n:
                limits[int(number) - 1] = "".join(el.get("lowerLimit", "30K").split()) or "30K"
        return (("go categories", " ".join(limits)),)

    @staticmethod
    def _criteria(root, warnings, file) -> tuple[str, ...]:
        found: dict[int, str] = {}
        for el in root.findall("TournamentParameterSet/PlacementParameterSet/PlacementCriteria/PlacementCriterion"):
            name, number = el.get("name", "NULL"), el.get("number", "1")
            if name == "NULL" or not digits(number):
                continue
            if name in CRITERIA:
                found[int(number)] = CRITERIA[name]
            else:
                warnings.append(f"{file}: placement criterion '{name}' is none of OpenGotha's names: left out, "
                                "as OpenGotha does")
        items = [found[n] for n in sorted(found)]
        return tuple(dict.fromkeys(items)) or ("PTS",)


class OpenGothaEveryRecord(OpenGothaFormat):
    """An OpenGotha file with every game and bye it holds, each player found by any spelling of his name
    (adapters/names.py), where OpenGotha's reader leaves out what its key rules do not find."""

    name = "opengotha-all"
    title = "OpenGotha tournament XML, every record read (chosen with --input-format)"
    suffixes = ()
    can_write = False  # written as opengotha
    every_record = True
    named_only = True

    def sniff(self, path, head):
        return False


@hookimpl
def brightwell_register_formats(register):
    register(OpenGothaFormat())
    register(OpenGothaEveryRecord())
