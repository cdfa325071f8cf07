"""Swiss-Chess's tournament files (``swiss-chess``, ``.SWT``), read; Swiss-Chess (and Win-Swiss,
Chess-Manager) alone writes them. The layout is layout.py's, the rounds records.py's; here they
become an event.

A player's number is his card's (u16 at 0xD9, the one the pairing records name); Swiss-Chess's
placeholder "spielfrei" is no player. Rounds the file has not paired (beyond u16 at 5) are not
recorded. A card's points, place and two tie-break values are the stored ones ``brightwell check``
compares, as of the last round with a result; a player whose card's attribute is ``*`` (inactive)
withdrew after his last round. The rating is the file's rule's (byte 0x246: FIDE's before the
national one, the national first, or the higher), the other kept beside it.
"""

from __future__ import annotations

import codecs
import os
import re
from collections import Counter

from brightwell_plugin.adapters.base import About, Format, Holds, ReadOptions, ReadResult
from brightwell_plugin.adapters.swisschess import teams as team_files
from brightwell_plugin.adapters.swisschess.layout import (
    MODES,
    PLAYER_CODES,
    Card,
    Layout,
    partition,
    read_layout,
)
from brightwell_plugin.adapters.swisschess.records import read_rounds
from brightwell_plugin.adapters.swisschess.tiebreaks import player_list, stored_value

from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    digits,
    FILE_ROUND,
    hookimpl,
    LEFT_OUT,
    new_player,
    PUBLISHED,
    PUBLISHED_AFTER,
    read_input,
    ScoringSystem,
    Tournament,
)

_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{4})$", re.ASCII)


class SwissChessFormat(Format):
    name = "swiss-chess"
    about = About("Swiss-Chess's tournament files (.SWT, version 8.00 and later; individual and team events), read",
                  (".swt",))
    holds = Holds(carries_teams=True)

    def sniff(self, path, head):
        """A settings block a Swiss-Chess file's (version, mode, flags in range) whose counts fit the file's size."""
        if len(head) < 0x540 or not 800 <= (head[0x261] | head[0x262] << 8) <= 9999 or head[0x254] > 3 \
                or head[0x25E] not in (0, 0xFF) or head[0x538] > 3:
            return False
        try:
            size = os.stat(path).st_size
        except OSError:
            return False
        return partition(size, head[7] | head[8] << 8, head[0x534] | head[0x535] << 8, head[0x25E] == 0xFF) is not None

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        file = str(path)
        try:
            codecs.lookup(encoding or "cp1252")
        except LookupError:
            raise BrightwellError(f"unknown encoding '{encoding}'", file=file) from None
        try:
            return event(read_layout(read_input(path), encoding or "cp1252"), file)
        except BrightwellError as exc:
            raise exc.at(file=file) from None


def event(layout: Layout, file: str) -> ReadResult:
    """The event a file's records hold, with what was said of them."""
    s = layout.settings
    if s.mode in (2, 3):
        raise BrightwellError(f"a {MODES[s.mode]} tournament (mode, byte 0x254): not read (Swiss events and round "
                              "robins are)")
    if s.games_per_round > 1:
        raise BrightwellError(f"{s.games_per_round} games a round (byte 0x255): not read (one game a round is)")
    warnings: list[str] = []
    index = _numbers(layout.players)
    rows, left_out, pab, last, unplayed = read_rounds(layout, index, warnings, file)
    scoring = _scoring(s, pab, warnings, file)
    items, slots, notes = player_list(s)
    warnings += [f"{file}: Swiss-Chess's {n}" for n in notes]
    ranked = any(c.points or c.place or c.wins or c.draws or c.losses for c in layout.players)
    published = _published(s, slots)
    players = tuple(_player(card, rows[k], s, published, ranked) for k, card in enumerate(layout.players)
                    if not card.placeholder)
    texts = layout.texts
    after = ((PUBLISHED_AFTER, str(last)),) if ranked and last < s.paired else ()
    t = Tournament(
        name=texts["name"] or texts["heading"] or "Swiss-Chess event", players=players,
        rounds=max(s.rounds, s.paired, layout.stored_rounds if s.mode == 1 else 0) or None,
        scoring=scoring, game="chess", system="round-robin" if s.mode == 1 else "swiss",
        start_date=_day(texts["start"]), end_date=_day(texts["end"]), tiebreaks=items,
        metadata=_metadata(layout) + after + tuple((LEFT_OUT, x) for x in left_out))
    if not s.fide_correction and unplayed:
        warnings.append(f"{file}: Swiss-Chess's FIDE correction of unplayed rounds is off (byte 0x2A3): its "
                        "Buchholz-type values may differ from FIDE's rules, which rank here")
    if s.team_event:
        t = team_files.team_section(layout, t, warnings, file)
    return ReadResult(t, tuple(warnings))


def _numbers(cards: tuple[Card, ...]) -> dict[int, int]:
    """Each participant's card by the number the pairing records name (the placeholder's too)."""
    index: dict[int, int] = {}
    for k, card in enumerate(cards):
        if not card.number or card.number in index:
            raise BrightwellError(f"participant {k + 1}'s card holds number {card.number}, "
                                  + ("which is no number" if not card.number else "another card's too"),
                                  place=f"byte {card.offset + 0xD9}")
        index[card.number] = k
    return index


def _scoring(s, pab: Counter, warnings: list[str], file: str) -> ScoringSystem:
    """The points a game gives (byte 0x538), and the pairing-allocated bye's (its records' result)."""
    if s.scoring == 3:
        win, win_black, draw, draw_black, loss, forfeit = s.own_scores
        if (win, draw) != (win_black, draw_black):
            warnings.append(f"{file}: Swiss-Chess's own scoring gives Black {win_black} a win and {draw_black} a draw, "
                            f"White {win} and {draw}: the model gives every side one value, White's")
        scoring = ScoringSystem(win=win, draw=draw, loss=loss, absent=forfeit)
    elif s.scoring in (1, 2):
        if s.scoring == 2:
            warnings.append(f"{file}: Swiss-Chess's scoring 3-1-0 with a draw as Black 1½ (byte 0x538 = 2): the model "
                            "gives every draw 1")
        scoring = ScoringSystem(win=3, draw=1)
    else:
        scoring = ScoringSystem()
    if pab:
        result = pab.most_common(1)[0][0]
        if len(pab) > 1:
            warnings.append(f"{file}: the pairing-allocated byes are scored differently ({dict(pab)} by result "
                            f"code): every one ranked as {result}")
        return ScoringSystem(scoring.win, scoring.draw, scoring.loss, scoring.absent,
                             {3: scoring.win, 2: scoring.draw, 1: scoring.loss}[result])
    return scoring


def _published(s, slots: dict[int, str]) -> list[tuple[str, int, int]]:
    """(key, code, which card value: 0 the first, 1 the second) of each tie-break whose value the cards store."""
    order = PLAYER_CODES["round-robin" if s.mode == 1 else "swiss"]
    return [(PUBLISHED + name, s.codes[at], order.index(at)) for at, name in slots.items()]


def _player(card: Card, row: list, s, published: list, ranked: bool):
    rounds = tuple(row)
    fide = int(card.fide_rating) if card.fide_rating.isascii() and card.fide_rating.isdigit() else 0
    national = int(card.national_rating) if card.national_rating.isascii() and card.national_rating.isdigit() else 0
    rating = (national or fide) if s.rating_rule == 1 else max(fide, national) if s.rating_rule == 2 else (fide or national)
    extra = []
    if ranked:
        values = (card.first, card.second)
        extra = [(key, f"{stored_value(code, values[which]):g}") for key, code, which in published]
    if fide and fide != rating:
        extra.append(("fide rating", str(fide)))
    if national:
        extra.append(("national rating", str(national)))
    if card.attribute:
        extra.append(("swiss-chess attribute", card.attribute))
    if card.club:
        extra.append(("club", card.club))
    return new_player(  # by position, as Player declares its fields: made per participant
        card.number, _name(card.name) or f"Player {card.number}", rounds, rating or None, card.federation or None,
        card.title or None, None, _birth(card.birth) if card.birth else None,
        (("fide", card.fide_id),) if card.fide_id and digits(card.fide_id) else (), None,
        _withdrawal(rounds) if card.attribute == "*" else None, card.special / 2,
        card.points / 2 if ranked else None, (card.place or None) if ranked else None, tuple(extra))


def _withdrawal(rounds) -> int | None:
    """The rounds before an inactive player (attribute *) took no further part, when he stopped."""
    k = len(rounds)
    while k and rounds[k - 1] is ABSENT_ENTRY:
        k -= 1
    return k if k < len(rounds) else None


def _name(text: str) -> str:
    """``Last,First`` as ``Last, First``."""
    last, comma, first = text.partition(",")
    if not comma or first[:1] == " ":
        return text
    first = first.strip()
    return f"{last.strip()}, {first}" if first else text


def _day(text: str) -> str | None:
    m = _DATE.match(text)
    return f"{m[3]}-{int(m[2]):02d}-{int(m[1]):02d}" if m and 1 <= int(m[2]) <= 12 and 1 <= int(m[1]) <= 31 else None


def _birth(text: str) -> str | None:
    day = text.strip()
    if len(day) == 8 and digits(day) and day[4:6] != "00":
        return f"{day[:4]}-{day[4:6]}-{day[6:]}"
    return day[:4] if digits(day[:4]) and len(day) >= 4 else None


def _metadata(layout: Layout) -> tuple[tuple[str, str], ...]:
    s, texts = layout.settings, layout.texts
    pairs = ((FILE_ROUND, str(s.current_round)), ("venue", texts["place"]), ("chief arbiter", texts["arbiter"]),
             ("time control", texts["time control"]), ("swiss-chess version", f"{s.version // 100}.{s.version % 100:02d}"),
             ("swiss-chess mode", MODES[s.mode]))
    return tuple((k, v) for k, v in pairs if v)


@hookimpl
def brightwell_register_formats(register):
    register(SwissChessFormat())
