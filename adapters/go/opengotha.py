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

from dataclasses import replace

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.go.opengotha_records import Document, entries_of, say_missed
from brightwell_plugin.adapters.go.opengotha_terms import CRITERIA, MAX_RATING, MIN_RATING
from brightwell_plugin.adapters.go.participation import entry_and_withdrawal, sat_out
from brightwell_plugin.adapters.numbers import digits, whole
from brightwell_plugin.adapters.xml.format import parse_safely
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    hookimpl,
    Kind,
    LEFT_OUT,
    new_entry,
    new_player,
    Result,
    ScoringSystem,
    Side,
    Tournament,
)

# ExternalDocument's defaults for a GeneralParameterSet attribute the file does not have
IMPORT_DEFAULTS = {"genMMFloor": "20K", "genMMBar": "4D", "genNBW2ValueAbsent": "0",
                   "genNBW2ValueBye": "0", "genMMS2ValueAbsent": "0", "genMMS2ValueBye": "0",
                   "genRoundDownNBWMMS": "true", "genCountNotPlayedGamesAsHalfPoint": "false"}
RESULTS = ("RESULT_UNKNOWN", "RESULT_WHITEWINS", "RESULT_BLACKWINS", "RESULT_EQUAL", "RESULT_BOTHWIN",
           "RESULT_BOTHLOSE")


MAX_CATEGORIES = 1000  # an event's categories are a handful: more is no event's
MAX_HANDICAP = 9  # OpenGotha's handicap parameters (hdCeiling) and the EGD's one-digit column stop at 9


class OpenGothaFormat(Format):
    name = "opengotha"
    about = About("OpenGotha tournament XML (Go; no game scores)", (".xml",),
                  can_write=True,  # convert --to opengotha (adapters/go/opengotha_writer.py)
                  keeps_standings=False)  # OpenGotha computes its standings: a batch writes the native XML instead
    every_record = False  # True: each record's player found by any spelling of his name (opengotha-all)

    def cannot_carry(self, t: Tournament) -> list:
        from brightwell_plugin.adapters.go.opengotha_writer import losses  # writing only
        return losses(t)

    def dumps(self, t: Tournament) -> bytes:
        from brightwell_plugin.adapters.go.opengotha_writer import render  # writing only
        return render(t)

    def sniff(self, path, head):
        return b"<Tournament" in head and (b"dataVersion" in head or b"<Players>" in head)

    def read(self, options: ReadOptions) -> ReadResult:
        path, warnings = options.path, []
        file = str(path)
        root = parse_safely(path).getroot()
        if root.tag != "Tournament":
            raise BrightwellError(f"root element is <{root.tag}>, not <Tournament>", file=file,
                                  place=f"line {root.sourceline}")
        doc = Document(root, file, self.every_record)
        games, byes = doc.games(warnings), doc.byes()
        rounds = doc.rounds(games, byes)
        entries, more = entries_of(doc, games, byes, rounds,
                                   lambda el, black, white: self._sides(el, black, white, file, doc.integer), warnings)
        players = self._players(doc, entries, more, rounds)
        say_missed(doc, warnings)
        hidden = sum(not p.listed for p in players)
        if hidden:
            warnings.append(f"{file}: {hidden} registered player(s) with no game and no bye are left out of the "
                            "standings, as OpenGotha's (displayNPPlayers is false)")
        t = self._tournament(doc, players, rounds, path.stem, warnings)
        if root.find("Teams/Team") is not None:
            from brightwell_plugin.adapters.go.opengotha_teams import (
                team_section,  # team files only (benchmarks/bench_start.py)
            )
            t = team_section(root, t, doc.number, file, warnings)
        return ReadResult(t, tuple(warnings))

    def _players(self, doc: Document, entries: dict, more: dict, rounds: int) -> tuple:
        """The players by number, each with his records through the last round with a game, a
        pairing or a bye (the rounds after it are not played yet), listed as OpenGotha lists them."""
        implied = {no: any(e is not ABSENT_ENTRY for e in row) for no, row in entries.items()}
        last = max((r + 1 for row in entries.values() for r, e in enumerate(row) if e is not ABSENT_ENTRY), default=0)
        display = doc.root.find("TournamentParameterSet/DPParameterSet")
        show = display is not None and display.get("displayNPPlayers", "false") == "true"
        return tuple(self._player(no, p, entries[no][:last], doc.version, implied[no] or show, doc.integer,
                                  more.get(no, ()), rounds)
                     for no, p in enumerate(doc.people, 1))

    def _tournament(self, doc: Document, players: tuple, rounds: int, stem: str, warnings: list[str]) -> Tournament:
        """The event of these players, with the file's settings (OpenGotha's import defaults where it has none)."""
        root, g, file = doc.root, doc.settings, doc.file
        display = root.find("TournamentParameterSet/DPParameterSet")
        handicap = root.find("TournamentParameterSet/HandicapParameterSet")
        kept = [(f"opengotha {a}", el.get(a)) for el, a in ((display, "displayNPPlayers"), (display, "gameFormat"),
                                                             (handicap, "hdCorrection"))
                if el is not None and el.get(a) is not None]
        nbw_bye, nbw_absent = (whole(g.get(k, IMPORT_DEFAULTS[k]), k, file, "GeneralParameterSet")
                               for k in ("genNBW2ValueBye", "genNBW2ValueAbsent"))
        defaults = tuple((f"go {k}", v) for k, v in IMPORT_DEFAULTS.items() if k not in g)
        defaults += (("go genMMZero", "30K"),)  # GeneralParameterSet.setGenMMZero: always 30K, whatever the file says
        return Tournament(
            name=g.get("name") or g.get("shortName") or stem, players=players, rounds=rounds or None,
            scoring=ScoringSystem(pab=nbw_bye / 2, absent=nbw_absent / 2), game="go",
            start_date=g.get("beginDate") or None, end_date=g.get("endDate") or None,
            tiebreaks=self._criteria(root, warnings, file), tie_order="surname",
            metadata=tuple((f"opengotha {k}", v) for k, v in g.items()) + tuple(kept) + defaults
            + self._categories(root, g) + tuple((LEFT_OUT, x) for x in doc.missed))

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
    about = replace(OpenGothaFormat.about, suffixes=(), named_only=True,
                    title="OpenGotha tournament XML, every record read (chosen with --input-format)",
                    can_write=False)  # written as opengotha
    every_record = True

    def sniff(self, path, head):
        return False


@hookimpl
def brightwell_register_formats(register):
    register(OpenGothaFormat())
    register(OpenGothaEveryRecord())
