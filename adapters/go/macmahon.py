"""MacMahon 3.9 XML (``macmahon``), the MacMahon program's Go tournament file, read as Go software that
imports it reads it (pairgoth's ``MacMahon39``, from OpenGothaCustom): a ``Tournament`` element with a
``typeversion`` attribute holds ``Name``, ``NumberOfRounds`` and the McMahon bar and floor
(``UpperMacMahonBar``/``…Level``, ``LowerMacMahonBar``/``…Level``); each ``GoPlayer`` (``Surname``,
``FirstName``, ``Club``, ``Country``, ``GoLevel``, ``Rating``, ``EgdPin``) stands in a participant element
with its ``Id``, ``SuperBarMember`` (its McMahon score one higher), ``PreliminaryRegistration`` and
``NotPlayingInRound`` rounds; each ``Pairing`` (``Black``, ``White``, ``Handicap``, ``Result``,
``ResultByReferee``, ``PairingWithBye``: the player in ``Black`` has the bye) stands in a round element
with its ``RoundNumber``. A result is Black's score first: ``1-0`` Black won, ``0-1`` White, ``½-½`` a
jigo, ``0-0`` both lost, ``1-1`` both won; ``!`` after it, or ``ResultByReferee``, a result not played
over the board. The rounds a participant is ``NotPlayingInRound`` are kept as OpenGotha's
``participating`` (as pairgoth imports them); those up to his first round a late entry, those from
his last through ``NumberOfRounds`` a withdrawal. The ``Walllist``'s ``ShortName`` criteria become
OpenGotha's: ``Score`` MMS, ``Points`` NBW, ``SOS``/``SOSOS``/``SODOS`` over MMS (over NBW when the
list starts with ``Points``). A bye counts as a win; a round a player is not playing counts
nothing."""

from __future__ import annotations

import re

from brightwell_plugin.adapters.base import About, Format, ReadOptions, ReadResult
from brightwell_plugin.adapters.go.opengotha import MAX_HANDICAP
from brightwell_plugin.adapters.go.participation import PARTICIPATING, entry_and_withdrawal, participating
from brightwell_plugin.adapters.xml.format import parse_safely
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    check_round,
    hookimpl,
    Kind,
    new_entry,
    new_player,
    Result,
    ScoringSystem,
    Side,
    Tournament,
)

# Black's result, from Black's score first
_RESULTS = {"1-0": Result.WIN, "0-1": Result.LOSS, "½-½": Result.DRAW, "1/2-1/2": Result.DRAW}
_BOTH = {"0-0": Kind.FORFEIT_LOSS, "1-1": Kind.FORFEIT_WIN}
_UNKNOWN = ("", "?-?", "-", "0-0?")
_RANK = re.compile(r"^([0-9]{1,2})\s*([kKdDpP])$")
_WALL = {"Score": ("MMS", "MMS"), "ScoreX": ("MMS", "MMS"), "Points": ("NBW", "NBW"), "SOS": ("SOSM", "SOSW"),
         "SOSOS": ("SOSOSM", "SOSOSW"), "SODOS": ("SODOSM", "SODOSW")}


def _text(el, tag: str, default: str = "") -> str:
    child = el.find(tag)
    return (child.text or "").strip() if child is not None else default


def _flag(el, tag: str, default: bool = False) -> bool:
    text = _text(el, tag)
    return text.lower() == "true" if text else default


def _whole(text: str, what: str, file: str, el) -> int:
    if not re.fullmatch(r"-?[0-9]{1,9}", text):
        raise BrightwellError(f"{what} '{text[:20]}' is not a whole number", file=file, place=f"line {el.sourceline}")
    return int(text)


def rank_text(text: str, file: str, el) -> str:
    """A GoLevel as OpenGotha writes a rank (``3d`` -> ``3D``; a professional rank as 9D)."""
    m = _RANK.match(text)
    if not m:
        raise BrightwellError(f"GoLevel '{text[:20]}' is no Go rank (like 5k or 2d)", file=file,
                              place=f"line {el.sourceline}")
    return "9D" if m[2] in "pP" else f"{int(m[1])}{m[2].upper()}"


def _not_playing(holder, file: str) -> frozenset[int]:
    """The rounds a participant's ``NotPlayingInRound`` elements name (one each, as pairgoth reads them)."""
    rounds = set()
    for el in holder.findall("NotPlayingInRound"):
        for word in (el.text or "").split():
            rounds.add(_whole(word, "NotPlayingInRound", file, el))
    return frozenset(rounds)


def _people(root, file: str) -> tuple[dict[str, int], list]:
    """Each participant's number by his ``Id`` (in file order), and his (participant, ``GoPlayer``) elements."""
    numbers, people = {}, []
    for go in root.iter("GoPlayer"):
        holder = go.getparent()
        pid = _text(holder, "Id")
        if pid in numbers:
            raise BrightwellError(f"player id {pid} is given twice", file=file, place=f"line {holder.sourceline}")
        numbers[pid] = len(people) + 1
        people.append((holder, go))
    if not people:
        raise BrightwellError("no GoPlayer: an event without players", file=file)
    return numbers, people


def _entries(pairings: list, numbers: dict[str, int], people: list, rounds: int, file: str) -> dict[int, list]:
    """Each player's round records, by number: his pairing of each round, the bye, or none."""
    entries = {no: [ABSENT_ENTRY] * rounds for no in numbers.values()}

    def number(text: str, el) -> int:
        if text not in numbers:
            raise BrightwellError(f"player id '{text[:20]}' is no player's", file=file, place=f"line {el.sourceline}")
        return numbers[text]

    def place(no: int, r: int, entry, el) -> None:
        if entries[no][r - 1] is not ABSENT_ENTRY:
            raise BrightwellError(f"player id {_text(people[no - 1][0], 'Id')} has two pairings in round {r}",
                                  file=file, place=f"line {el.sourceline}")
        entries[no][r - 1] = entry

    for el, holder in pairings:
        r = _whole(_text(holder, "RoundNumber", "1"), "RoundNumber", file, holder)
        if r < 1:
            raise BrightwellError(f"round {r} is not a round number", file=file, place=f"line {holder.sourceline}")
        if _flag(el, "PairingWithBye"):
            place(number(_text(el, "Black"), el), r, new_entry(Kind.PAB), el)
            continue
        black, white = number(_text(el, "Black"), el), number(_text(el, "White"), el)
        if black == white:
            raise BrightwellError("a player plays himself", file=file, place=f"line {el.sourceline}")
        b, w = _sides(el, black, white, file)
        place(black, r, b, el)
        place(white, r, w, el)
    return entries


def _sides(el, black: int, white: int, file: str):
    """Black's and White's records of the pairing ``el``."""
    hd = _whole(_text(el, "Handicap", "0") or "0", "Handicap", file, el)
    if not 0 <= hd <= MAX_HANDICAP:
        raise BrightwellError(f"handicap {hd} is not 0 to {MAX_HANDICAP} stones", file=file,
                              place=f"line {el.sourceline}")
    text = _text(el, "Result")
    by_referee = text.endswith("!") or _flag(el, "ResultByReferee")
    text = text.removesuffix("!").replace(" ", "")
    if text in _UNKNOWN:
        return (new_entry(Kind.PAIRED, white, side=Side.SECOND, handicap=hd),
                new_entry(Kind.PAIRED, black, side=Side.FIRST, handicap=hd))
    if text in _BOTH:
        return (new_entry(_BOTH[text], white, side=Side.SECOND, rated=not by_referee, handicap=hd),
                new_entry(_BOTH[text], black, side=Side.FIRST, rated=not by_referee, handicap=hd))
    if text not in _RESULTS:
        raise BrightwellError(f"result '{text[:20]}' is none of MacMahon's (1-0, 0-1, ½-½, 0-0, 1-1)",
                              file=file, place=f"line {el.sourceline}")
    res = _RESULTS[text]
    if by_referee and res is not Result.DRAW:
        won = res is Result.WIN
        return (new_entry(Kind.FORFEIT_WIN if won else Kind.FORFEIT_LOSS, white, side=Side.SECOND, handicap=hd),
                new_entry(Kind.FORFEIT_LOSS if won else Kind.FORFEIT_WIN, black, side=Side.FIRST, handicap=hd))
    return (new_entry(Kind.GAME, white, res, Side.SECOND, rated=not by_referee, handicap=hd),
            new_entry(Kind.GAME, black, res.reverse, Side.FIRST, rated=not by_referee, handicap=hd))


def _settings(tournament, file: str) -> tuple[tuple[str, str], ...]:
    """The event's McMahon bar and floor, and the settings pairgoth's import gives a MacMahon file."""
    bar = _text(tournament, "UpperMacMahonBarLevel", "9d") if _flag(tournament, "UpperMacMahonBar", True) else "9d"
    floor = _text(tournament, "LowerMacMahonBarLevel", "30k") if _flag(tournament, "LowerMacMahonBar", True) \
        else "30k"
    return (("go genMMBar", rank_text(bar, file, tournament)), ("go genMMFloor", rank_text(floor, file, tournament)),
            ("go genMMZero", "30K"), ("go genNBW2ValueBye", "2"), ("go genMMS2ValueBye", "2"),
            ("go genNBW2ValueAbsent", "0"), ("go genMMS2ValueAbsent", "0"),
            ("macmahon typeversion", tournament.get("typeversion", "")))


class MacMahonFormat(Format):
    name = "macmahon"
    about = About("MacMahon 3.9 XML (the MacMahon program's Go tournament file), read", (".xml",))

    def sniff(self, path, head):
        return bool(re.search(rb"<Tournament\b[^>]*\btypeversion=", head))

    def read(self, options: ReadOptions) -> ReadResult:
        path = options.path
        file = str(path)
        root = parse_safely(path).getroot()
        tournament = root if root.tag == "Tournament" else root.find(".//Tournament")
        if tournament is None or tournament.get("typeversion") is None:
            raise BrightwellError("no <Tournament typeversion=…> element: not a MacMahon file", file=file)
        warnings: list[str] = []
        numbers, people = _people(root, file)
        planned = _whole(_text(tournament, "NumberOfRounds", "0") or "0", "NumberOfRounds", file, tournament)
        pairings = [(el, el.getparent()) for el in root.iter("Pairing")]
        rounds = max([planned] + [_whole(_text(holder, "RoundNumber", "1"), "RoundNumber", file, holder)
                                  for _, holder in pairings])
        if rounds:
            check_round(rounds, file, f"line {tournament.sourceline}")
        entries = _entries(pairings, numbers, people, rounds, file)
        last = max((r + 1 for row in entries.values() for r, e in enumerate(row) if e is not ABSENT_ENTRY), default=0)
        players = tuple(self._player(no, holder, go, entries[no][:last], file, rounds) for no, (holder, go)
                        in enumerate(people, 1))
        preliminary = sum(_flag(holder, "PreliminaryRegistration") for holder, _ in people)
        if preliminary:
            warnings.append(f"{file}: {preliminary} player(s) registered preliminarily: ranked with the others")
        settings = _settings(tournament, file)
        return ReadResult(Tournament(
            name=_text(tournament, "Name") or path.stem, players=players, rounds=rounds or None,
            scoring=ScoringSystem(pab=1, absent=0), game="go", tiebreaks=self._criteria(root, warnings, file),
            tie_order="surname", metadata=settings), tuple(warnings))

    @staticmethod
    def _player(no, holder, go, rounds, file, planned):
        rating_text = _text(go, "Rating", "-901") or "-901"
        rating = _whole(rating_text, "Rating", file, go)
        extra = [("go rank", rank_text(_text(go, "GoLevel", "30k") or "30k", file, go))]
        if _text(go, "Club"):
            extra.append(("club", _text(go, "Club")))
        if _flag(holder, "SuperBarMember"):
            extra.append(("opengotha smmsCorrection", "1"))
        skip = _not_playing(holder, file)
        if any(1 <= r <= planned for r in skip):  # as pairgoth imports them: OpenGotha's participation
            extra.append((PARTICIPATING, participating(skip, planned)))
        late, out = entry_and_withdrawal(skip, rounds, planned)
        pin = _text(go, "EgdPin")
        country = _text(go, "Country").upper()
        return new_player(
            start_no=no, name=f"{_text(go, 'Surname')}, {_text(go, 'FirstName')}".strip(", ") or f"Player {no}",
            rounds=tuple(rounds), rating=rating, federation="UK" if country == "GB" else country or None,
            ids=(("egf", pin),) if len(pin) >= 8 else (), extra=tuple(extra), late_entry=late, withdrawn_after=out)

    @staticmethod
    def _criteria(root, warnings, file) -> tuple[str, ...]:
        wall = root.find(".//Walllist")
        names = [(el.text or "").strip() for el in wall.iter("ShortName")] if wall is not None else []
        if not names:
            return ("MMS", "SOSM", "SOSOSM")
        swiss = names[0] == "Points"
        items, unknown = [], []
        for name in names[:6]:
            if name in _WALL:
                items.append(_WALL[name][1 if swiss else 0])
            else:
                unknown.append(name)
        if unknown:
            warnings.append(f"{file}: Walllist criteria {', '.join(unknown)}: none this project computes, left out")
        return tuple(dict.fromkeys(items)) or ("MMS", "SOSM", "SOSOSM")


@hookimpl
def brightwell_register_formats(register):
    register(MacMahonFormat())
