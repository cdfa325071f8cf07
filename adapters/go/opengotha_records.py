"""An OpenGotha file's elements, as OpenGotha's reader finds them (``ExternalDocument``): its
players numbered in file order (each found by the key a game or bye names: opengotha_keys.py), its
games by game key (a later one at the same round and table replacing the first), its byes by round
(the last one read), and the round records of each player, before they make an event
(opengotha.py)."""

from __future__ import annotations

from brightwell_plugin.adapters.go.opengotha_keys import PlayerKeys
from brightwell_plugin.adapters.go.opengotha_order import game_key, java_order, kept_game
from brightwell_plugin.adapters.names import NameIndex
from brightwell_plugin.adapters.numbers import whole
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fast import new_entry
from brightwell_plugin.limits import check_round, max_rounds
from brightwell_plugin.model import ABSENT_ENTRY, Kind


def key(name: str, first: str) -> str:
    """OpenGotha's key string: name and first name, upper-cased, without spaces."""
    return (name + first).upper().replace(" ", "")


def _listed(found: list[str]) -> str:
    """The first three of ``found`` and an ellipsis for more."""
    return f"{'; '.join(found[:3])}{' …' if len(found) > 3 else ''}"


class Document:
    """The file's ``<Tournament>``: its settings, its players, and the player each record names."""

    def __init__(self, root, file: str, every_record: bool):
        self.root, self.file, self.every_record = root, file, every_record
        self.general = root.find("TournamentParameterSet/GeneralParameterSet")
        self.settings = dict(self.general.attrib) if self.general is not None else {}
        self.version = whole(root.get("dataVersion"), "dataVersion", file, f"line {root.sourceline}",
                             200)  # OpenGotha's default
        self.people = [el for el in root.iter("Player") if len(el) == 0]  # anywhere, as getElementsByTagName finds them
        self.numbers = NameIndex()
        for i, p in enumerate(self.people, 1):
            k = key(p.get("name", ""), p.get("firstName", ""))
            if not self.numbers.add(k, i):
                raise BrightwellError(f"two players have the key '{k}' (name + first name)", file=file,
                                      place=f"line {p.sourceline}")
        self.keys = PlayerKeys(self.people, self.version, every_record)
        self.missed: list[str] = []  # the records OpenGotha's reader leaves out: no player found by their reference
        self.limit = max_rounds()

    def integer(self, el, attr: str, default: int | None = None) -> int | None:
        """An attribute's whole number; ``default`` when it is missing (an empty one is refused, as
        OpenGotha's Integer.parseInt refuses it)."""
        text = el.get(attr)
        return default if text is None else whole(text, attr, self.file, f"line {el.sourceline}")

    def number(self, ref: str | None, el) -> int:
        """The number of the player ``ref`` names in ``el``."""
        no = self.numbers.find(ref or "") if self.every_record else self.keys.find(ref or "")
        if no is None:
            raise BrightwellError(f"unknown player '{ref}'", file=self.file, place=f"line {el.sourceline}")
        return no

    def found(self, el, *attrs: str) -> bool:
        """Whether OpenGotha's reader finds every player ``el`` names (else it leaves ``el`` out)."""
        if self.every_record or all(self.keys.find(el.get(a) or "") is not None for a in attrs):
            return True
        self.missed.append(f"line {el.sourceline}: {el.tag} naming " + " and ".join(repr(el.get(a)) for a in attrs))
        return False

    def round_of(self, el) -> int:
        """The round of a game or bye, from 0."""
        r = self.integer(el, "roundNumber", 1)
        if r < 1:
            raise BrightwellError(f"round {r} is not a round number", file=self.file, place=f"line {el.sourceline}")
        if r > self.limit:
            check_round(r, self.file, f"line {el.sourceline}")  # refuses it, in words
        return r - 1

    def games(self, warnings: list[str]) -> dict[int, tuple[int, object]]:
        """OpenGotha's game key -> (round, element) of each game it keeps: one a table."""
        games: dict[int, tuple[int, object]] = {}
        for el in (el for el in self.root.iter("Game") if len(el) == 0):  # a container of games is none
            if not self.found(el, "whitePlayer", "blackPlayer"):
                continue
            r, table = self.round_of(el), self.integer(el, "tableNumber", 1)
            k = game_key(r, table)
            if k in games:
                first = games[k][0]
                warnings.append(f"{self.file}: line {el.sourceline}: a second game at round {r + 1}, table {table}"
                                + ("" if first == r else f" (the game key OpenGotha gives round {first + 1}, "
                                   f"table {table + 1000 * (r - first)})")
                                + ": it replaces the first, as in OpenGotha")
            games[k] = (r, el)
        return games

    def byes(self) -> dict[int, object]:
        """Round -> the bye player's element: one a round, the last one read."""
        byes = {}
        for el in (el for el in self.root.iter("ByePlayer") if len(el) == 0):  # pairgoth wraps them in a <ByePlayer>
            if self.found(el, "player"):
                byes[self.round_of(el)] = el
        return byes

    def rounds(self, games: dict, byes: dict) -> int:
        """The planned rounds, grown to the last game or bye (updateNumberOfRoundsIfNecesary)."""
        general = self.general
        planned = self.integer(general, "numberOfRounds", 5) if general is not None else 5
        rounds = max([planned] + [r + 1 for r, _ in games.values()] + [r + 1 for r in byes])
        check_round(rounds, self.file, f"line {general.sourceline if general is not None else self.root.sourceline}")
        return rounds


def entries_of(doc: Document, games: dict, byes: dict, rounds: int, sides_of, warnings: list[str]):
    """Each player's round records (the game OpenGotha keeps of several in a round) and his other
    games of a round, by number; ``sides_of(el, black, white)``: a game's records."""
    entries = {no: [ABSENT_ENTRY] * rounds for no in range(1, len(doc.people) + 1)}
    sides: dict[tuple[int, int], list] = {}  # (player, round) -> (entry, game, line) of each of his games
    order, tree = java_order(games)
    selfish: list[str] = []
    for gid, (r, el) in enumerate(games[k] for k in order):
        white, black = doc.number(el.get("whitePlayer"), el), doc.number(el.get("blackPlayer"), el)
        if white == black:
            selfish.append(f"line {el.sourceline}")
        w, b = sides_of(el, black, white)
        sides.setdefault((white, r), []).append((w, gid, el.sourceline))
        sides.setdefault((black, r), []).append((b, gid, el.sourceline))
    for r, el in sorted(byes.items()):
        no = doc.number(el.get("player"), el)
        sides.setdefault((no, r), []).insert(0, (new_entry(Kind.PAB), -1, el.sourceline))
    more: dict[int, list] = {}
    doubled: list[str] = []
    for (no, r), held in sides.items():
        entries[no][r], others = kept_game(held)
        if others:
            more.setdefault(no, []).extend((r + 1, e) for e in others)  # sorted by round below
        if len({gid for _, gid, _ in held}) > 1:  # not a lone game against himself: the warning above
            person = doc.people[no - 1]
            doubled.append(f"{person.get('name')} {person.get('firstName')} in round {r + 1} "
                           f"(lines {', '.join(str(line) for _, _, line in held)})")
    _say_doubled(doc.file, selfish, doubled, tree, warnings)
    return entries, {no: tuple(sorted(games, key=lambda m: m[0])) for no, games in more.items()}


def _say_doubled(file: str, selfish: list[str], doubled: list[str], tree: bool, warnings: list[str]) -> None:
    if selfish:
        warnings.append(f"{file}: {len(selfish)} game(s) of a player against himself ({', '.join(selfish[:3])}"
                        f"{' …' if len(selfish) > 3 else ''}): both sides are his, as OpenGotha counts them")
    if doubled:
        warnings.append(f"{file}: {len(doubled)} time(s) a player has more than one game or a game and the bye "
                        f"in a round ({_listed(sorted(doubled))}): every "
                        "game counts for his points, the sums over opponents take the game OpenGotha keeps "
                        "(the last its game table lists), as OpenGotha ranks them"
                        + ("; its game table has a bucket of nine games, whose order Java keeps otherwise: "
                           "the game kept may differ" if tree else ""))


def say_missed(doc: Document, warnings: list[str]) -> None:
    """The one warning of the records OpenGotha's reader leaves out."""
    if doc.missed:
        warnings.append(f"{doc.file}: {len(doc.missed)} game(s) or bye(s) name a player OpenGotha's reader does not "
                        f"find ({_listed(doc.missed)}): left out, as OpenGotha leaves them (--input-format "
                        "opengotha-all reads every record)")
