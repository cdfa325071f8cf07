"""A Swiss-Chess file's layout (``.SWT``, Swiss-Chess 8.00 and later), read into plain records (no
meaning given to results yet). There is no published specification: the places are those the open
decoders' structure files give (fnogatz/SWT-structure-files, directory ``800``) and the importers of
Chess League Manager read, checked on real files (docs/swisschess.md).

The file (little-endian, texts Windows-1252 ended by a NUL in a fixed place) is:

- the settings, the first 13,384 bytes: the rounds (u16 at 1), the current round (u16 at 3), the
  rounds paired (u16 at 5), the participants (u16 at 7), the results a Buchholz-type tie-break
  discards (byte 9), the tie-break codes (bytes at 0x23C, 0x23D, 0x263 …), the mode (0x254: 0 Swiss,
  1 round robin, 2 knock-out, 3 Scheveningen), games a round (0x255), boards (0x25C), a team event
  (0x25E: FF), the file's version (u16 at 0x261: 883 for 8.83), the teams (u16 at 0x534), the
  scoring (0x538 games, 0x53A matches) …;
- the pairing records, 19 bytes each: every participant's rounds in turn, in the order of the
  cards, then (a team event) every team's;
- the cards, 655 bytes each: the participants', then the teams' (kept by an individual event too
  when its team count is set).

How many rounds the file keeps records for is not stored: it is what the file's size leaves for them,
which must be a whole number of rounds of records.
"""

from __future__ import annotations

from dataclasses import dataclass
from struct import Struct

from brightwell_plugin.errors import BrightwellError, NotATournament
from brightwell_plugin.fast import constructor
from brightwell_plugin.limits import check_round

SETTINGS_SIZE = 13384  # 0x3448: where the pairing records begin
PAIRING_SIZE = 19
CARD_SIZE = 655
OLDEST = 800  # version 8.00: the layout read here (7.xx files keep shorter cards elsewhere)
NEWEST = 9999  # a version beyond it is no Swiss-Chess file's
_SETTINGS = Struct("<xHHHHB")  # rounds, current round, rounds paired, participants, cuts (from 1)
# colour (0 none, 1 white, 3 black; 2 and 4 the same sides), opponent, result, table, status, board
PAIRING = Struct("<8xBHBxHB2xB")
# a card: the texts name, club, title, FIDE and national rating, federation, birth, attribute; the placeholder's
# mark (0xBD: "f"); team, board, number, start number, place, board place, games won drawn lost, special points'
# sign and value (doubled; below 0 as 256 less it), points (doubled), first and second tie-break value (doubled:
# Sonneborn-Berger x 4); the FIDE id
_CARD = Struct(f"<32sx32sx3sx4sx4s26x3s20x10s46x1s4xB11xHH12xHHHH2xHHH39xBB18xiii20x12s{CARD_SIZE - 0x150}x")
MODES = {0: "Swiss", 1: "round robin", 2: "knock-out", 3: "Scheveningen"}
# the tie-break codes' bytes: an individual event's players, then its teams (Swiss; round robin)
PLAYER_CODES = {"swiss": (0x26D, 0x23C), "round-robin": (0x26E, 0x23D)}
TEAM_CODES = {"swiss": (0x263, 0x265, 0x267), "round-robin": (0x263, 0x266, 0x268)}


@dataclass(frozen=True, slots=True)
class Settings:
    rounds: int  # a cycle's
    current_round: int
    paired: int  # rounds paired
    participants: int
    cuts: int  # results a Buchholz-type tie-break discards
    mode: int  # MODES
    games_per_round: int
    boards: int
    team_event: bool
    version: int
    teams: int
    team_id_offset: int  # a team's number in the team pairings and team cards is this plus its own
    scoring: int  # 0 1-½-0, 1 3-1-0, 2 3-1(White)-1½(Black)-0, 3 its own
    team_scoring: int  # 0 2-1-0, 1 3-1-0, 2 its own
    own_scores: tuple[int, ...]  # win, win with Black, draw, draw with Black, loss, forfeit loss
    own_team_scores: tuple[int, ...]  # won, drawn, lost, lost by forfeit
    rating_rule: int  # 0 FIDE before national, 1 national before FIDE, 2 the higher
    wins_last: bool  # the number of wins ranks after the tie-breaks (a Swiss)
    fide_correction: bool  # FIDE's rules for unplayed rounds in the Buchholz-type values
    minimum_points: bool  # a match is won with more than half the boards' points
    codes: dict  # byte offset -> the tie-break code stored there


@dataclass(frozen=True, slots=True)
class Card:
    """A participant's or a team's card (the numbers :data:`_CARD` reads, the texts in place)."""

    offset: int
    name: str
    club: str  # a player's club or team; a team's long name
    title: str
    fide_rating: str
    national_rating: str
    federation: str
    birth: str
    attribute: str  # "*" inactive (withdrawn); often m or w
    placeholder: bool  # Swiss-Chess's "spielfrei", whom the player with the bye plays
    fide_id: str
    team: int
    board: int
    number: int  # the number the pairing records name
    start_no: int
    place: int
    wins: int
    draws: int
    losses: int
    special: int  # points given outside the games, doubled (below 0 a penalty)
    points: int  # doubled
    first: int  # the first tie-break's value, doubled (Sonneborn-Berger x 4)
    second: int


new_card = constructor(Card)  # a card per participant: made the fast way (fast.py)


@dataclass(frozen=True, slots=True)
class Layout:
    settings: Settings
    texts: dict  # name, place, arbiter, start, end, heading, time control: as shown
    stored_rounds: int  # rounds of pairing records each participant (and team) has
    players: tuple[Card, ...]
    teams: tuple[Card, ...]
    pairings: bytes  # the records, as stored (PAIRING unpacks them)
    team_block: int  # where the teams' records start in ``pairings``


def refused(what: str, offset: int) -> BrightwellError:
    return BrightwellError(what, place=f"byte {offset}")


def text(data: bytes, start: int, end: int, encoding: str = "cp1252") -> str:
    """The text stored from ``start`` to ``end`` (inclusive), up to its NUL."""
    return _decoded(data[start:end + 1].split(b"\x00", 1)[0], encoding).strip()


def read_layout(data: bytes, encoding: str = "cp1252") -> Layout:
    """The records of a Swiss-Chess file, every count it states checked against its size."""
    if len(data) < SETTINGS_SIZE:
        raise refused(f"the file holds {len(data)} bytes, fewer than Swiss-Chess's {SETTINGS_SIZE} of settings: cut "
                      "short or not a Swiss-Chess file", len(data))
    s = _settings(data)
    if not s.participants:
        raise NotATournament("holds no event yet: no participants (a file prepared before they were entered)")
    cards, blocks, stored = _partition(data, s)
    pairings = data[SETTINGS_SIZE:SETTINGS_SIZE + blocks * stored * PAIRING_SIZE]
    first = SETTINGS_SIZE + blocks * stored * PAIRING_SIZE
    every = _cards(data, first, cards, encoding)
    players, teams = every[:s.participants], every[s.participants:]
    texts = {key: text(data, a, b, encoding) for key, (a, b) in _TEXTS.items()}
    return Layout(s, texts, stored, players, teams if s.team_event else (), pairings,
                  s.participants * stored * PAIRING_SIZE)


_TEXTS = {"name": (0x316, 0x33D), "place": (0x33F, 0x366), "arbiter": (0x368, 0x3A3), "start": (0x41F, 0x432),
          "end": (0x434, 0x447), "heading": (0xF5, 0x130), "time control": (0x449, 0x45C)}


def _settings(data: bytes) -> Settings:
    rounds, current, paired, participants, cuts = _SETTINGS.unpack_from(data)
    version = data[0x261] | data[0x262] << 8
    if not OLDEST <= version <= NEWEST:
        raise refused(f"version {version} (u16 at 0x261): "
                      + ("a Swiss-Chess 7 file or older, whose layout is not read (8.00 and later are)"
                         if version < OLDEST else "not a Swiss-Chess file's"), 0x261)
    for at, what, top in ((0x254, "mode", 3), (0x538, "the scoring of a game", 3), (0x53A, "the scoring of a match", 2)):
        if data[at] > top:
            raise refused(f"{what} {data[at]} (byte {at:#x}) is none of Swiss-Chess's (0 to {top})", at)
    if rounds:
        check_round(rounds, place="byte 1 (the rounds)")
    u16 = lambda at: data[at] | data[at + 1] << 8  # noqa: E731 - a few reads
    codes = {at: data[at] for at in (*PLAYER_CODES["swiss"], *PLAYER_CODES["round-robin"],
                                     *TEAM_CODES["swiss"], *TEAM_CODES["round-robin"])}
    return Settings(
        rounds=rounds, current_round=current, paired=paired, participants=participants, cuts=cuts,
        mode=data[0x254], games_per_round=data[0x255], boards=data[0x25C], team_event=data[0x25E] == 0xFF,
        version=version, teams=u16(0x534), team_id_offset=u16(0x241), scoring=data[0x538],
        team_scoring=data[0x53A], own_scores=tuple(u16(at) for at in (0x1576, 0x1578, 0x157A, 0x157C, 0x157E, 0x1582)),
        own_team_scores=tuple(u16(at) for at in (0x158A, 0x158E, 0x1592, 0x1596)), rating_rule=data[0x246],
        wins_last=data[0x251] == 0xFF, fide_correction=data[0x2A3] == 0xFF, minimum_points=data[0x26F] == 0xFF,
        codes=codes)


def partition(size: int, participants: int, teams: int, team_event: bool) -> tuple[int, int] | None:
    """(cards, stored rounds) a file of ``size`` bytes holds: every participant's and team's card,
    else (an individual event) the participants' alone, after whole rounds of records; None when
    neither fits."""
    blocks = (participants + (teams if team_event else 0)) * PAIRING_SIZE
    for cards in dict.fromkeys((participants + teams, participants if not team_event else participants + teams)):
        records = size - SETTINGS_SIZE - cards * CARD_SIZE
        if blocks and records >= 0 and records % blocks == 0:
            return cards, records // blocks
    return None


def _partition(data: bytes, s: Settings) -> tuple[int, int, int]:
    """(cards, pairing blocks a round, stored rounds), from the file's size."""
    found = partition(len(data), s.participants, s.teams, s.team_event)
    if found is None:
        team = f" and {s.teams} teams" if s.teams else ""
        raise refused(f"the file's {len(data)} bytes are no whole number of rounds of records after its "
                      f"{s.participants} participants'{team} cards (u16 at 7 and 0x534): cut short, or a count that "
                      "lies", 7)
    cards, stored = found
    if stored:
        check_round(stored, place=f"byte {SETTINGS_SIZE} (the rounds of pairing records)")
    if s.paired > stored:
        raise refused(f"{s.paired} rounds paired (u16 at 5), and the file keeps records of {stored}", 5)
    return cards, s.participants + (s.teams if s.team_event else 0), stored


def _cards(data: bytes, first: int, count: int, encoding: str) -> tuple[Card, ...]:
    """The ``count`` cards from ``first``, read at once."""
    out = []
    for k, values in enumerate(_CARD.iter_unpack(data[first:first + count * CARD_SIZE])):
        name, club, title, fide, national, federation, birth, attribute, fide_id = [
            (value.decode("ascii") if value.isascii() else _decoded(value, encoding)).strip()
            for value in (value.split(b"\x00", 1)[0] for value in (*values[:8], values[-1]))]
        (flag, team, board, number, start_no, place, _, wins, draws, losses, sign, special, points, first_value,
         second) = values[8:-1]
        out.append(new_card(first + k * CARD_SIZE, name, club, title, fide, national, federation, birth, attribute,
                            flag == 0x66 or name.casefold() == "spielfrei", fide_id, team, board, number, start_no,
                            place, wins, draws, losses, special - 256 if sign else special, points, first_value, second))
    return tuple(out)


def _decoded(raw: bytes, encoding: str) -> str:
    try:
        return raw.decode(encoding)
    except UnicodeDecodeError:  # a byte cp1252 leaves undefined (0x81 …): as Latin-1
        return raw.decode("latin-1")
