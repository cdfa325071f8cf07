"""The lines of a WOF/Papp ELO file, in every dialect the rating archive holds.

Papp 1.32+ (``src/elo.c``) writes ``%_% [+]ID, NAME, Firstname, COUNTRY, points, discs, rating``,
``%Round: n`` and ``black (bd)R(wd) white B``; Papp 1.28 wrote ``%%Round: n`` and result-only
games (``1392 > 1567``); other programs and the archive's back-filled events write ``%Round n``,
stages named by letters (``%Round F``, ``%Round RR``), ``??????`` for an unknown id, any spacing,
``W`` for a game whose first player had White, a rating of ``-`` or none, no country column.
This module only splits a file into typed lines; :mod:`papp` builds the tournament.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from brightwell_plugin.errors import BrightwellError

_ID = r"(\d{1,18}|\?+)"
_DISCS = r"\((\d{1,9}(?:\.5)?)\)"
GAME = re.compile(rf"^\s*{_ID}\s*(?:{_DISCS})?\s*([<>=])\s*(?:{_DISCS})?\s*{_ID}\s*([BbWw])?\s*$")
_GAMES = re.compile(rf"\s*{_ID}\s*(?:{_DISCS})?\s*([<>=])\s*(?:{_DISCS})?\s*{_ID}(?:\s*([BbWw])(?![\w(]))?")  # one of several
_META = re.compile(r"^%%\s*([A-Za-z][\w-]*)\s*:\s*(.*?)\s*$")
_ROUND = re.compile(r"^%{1,2}\s*(?:[^%]*?[\s-])?R+ound(?![a-z])\s*:?\s*(\S.*?)\s*$", re.IGNORECASE)
_FINALS = re.compile(r"^%\s*Finals?\s*:?\s*(\S.*?)\s*$", re.IGNORECASE)
_NEW_PLAYER = re.compile(r"^%%\s+([0-9]{1,18})\s+(.+?)\s*(?:\{([^}]*)\})?\s*$")  # Papp 1.28's new-players list
_NUMBER = re.compile(r"^[0-9]+(?:\.[0-9]+)?$")
ROUND_ROBIN_LABELS = frozenset({"RR", "ROUND ROBIN", "ROUND-ROBIN"})


class PlayerLine(NamedTuple):
    line: int
    id: str  # digits, or question marks for an unknown id
    name: str
    federation: str | None
    points: float | None  # None: the line gives none
    discs: float | None
    rating: int | None
    new: bool  # Papp's '+': not yet in the rating list
    written: tuple[str, ...] = ()  # the totals as written, when they say more than the numbers (5+2, [246], more columns)


class GameLine(NamedTuple):
    line: int
    stage: int | str | None  # Swiss round, play-off stage label, or None (no round marker)
    first: str
    second: str
    result: str  # '>', '<' or '=' from the first player's side
    score: float | None
    opp_score: float | None
    first_is_white: bool
    rated: bool = True  # False: a game behind '%' that the rating list leaves out


@dataclass
class Lines:
    meta: list[tuple[str, str]]
    players: list[PlayerLine]
    games: list[GameLine]
    names: dict[str, tuple[str, str | None]]  # id -> (name, federation) from a new-players list
    markers: int  # round markers seen
    commented: list[GameLine] = field(default_factory=list)  # game lines behind a '%'
    planned: int | None = None  # '%% 13 rounds'
    joined: int = 0  # lines holding several games
    last_marked: int = 0  # the last round a marker opens ('%Round: 7'), with games or none


def _number(text: str) -> float:
    """A number as written (discs, points; the lexer's digits and a decimal point): a whole one as an int."""
    value = float(text)
    return int(value) if value.is_integer() else value


_SPLIT = re.compile(r"(?<!\d),|,(?![05](?!\d))")  # commas between fields; "2,5" is a decimal comma
_POINTS = re.compile(r"^[\[(]?(\d{1,9}(?:[.,]\d{1,9})?|[.,]\d{1,9})\s*(?:\+\s*\d+(?:[.,]\d+)?)?\s*\??\s*(?:pts?\.?|points?)?[\])]?$",
                     re.IGNORECASE)  # 5, 5.5, .5, 2,5, 6+2 (Swiss points, then others), 2?, 5 pts, [5]
_DISCS = re.compile(r"^[\[(]?(\d{1,9}(?:[.,]\d{1,9})?)(?:\s*-\s*\d+(?:[.,]\d+)?)?[\])]?$")  # 246, [246], 262-186 (own-theirs)
_RATING = re.compile(r"^[+-]?\d{1,9}$")
PLACES = re.compile(r"^\d{1,9}-\d{1,9}$")  # '5-8': a shared place where the points would stand
_NOISE = re.compile(r"[^0-9A-Za-z.,+\-?\[\](){} ]")  # mis-encoded spaces (UTF-8 no-break spaces read as Latin-1)


def player_line(text: str, n: int, file: str, heading: tuple[str, ...] = ()) -> PlayerLine | None:
    """A ``%_%`` line; None for a heading or a note written on such a line. The archive writes it in
    many shapes: ``ID, NAME, Firstname, COUNTRY, points, discs[, rating[, more]]`` with the id signed
    (``+30001``: new to the list), fields empty or missing, the country in braces or before an empty
    field, points as ``5+2``, ``2?``, ``5 pts`` or ``2,5``, discs as ``[246]`` or ``262-186``, a
    trailing ``%`` comment, and commas missing between the country, points and discs."""
    body = text[3:].split("%", 1)[0].strip()  # '%Champion' after the fields is a comment
    body = re.sub(r"([\[(])\s+", r"\1", re.sub(r"\s+([\])])", r"\1", body))  # '[ 90]': the discs as '[90]'
    m = re.match(r"^([+-]?)\s*(\d+|\?+)\s*(?:,|\s+|$)(.*)$", body)
    if not m:
        fields = [f.strip() for f in body.split(",")]
        if len(fields) >= 5 and all(_NUMBER.match(f) for f in fields[-2:]):
            raise BrightwellError(f"player id '{fields[0]}' is not a number", file=file, place=f"line {n}")
        return None  # "ID, NAME, ...", "__________", "Classical tournament"
    new, pid = m[1] == "+", m[2]
    parts = [f.strip() for f in _SPLIT.split(m[3])]
    given = heading.count("names")
    heading = heading[given:]
    exact = len(parts) == given + len(heading)
    short = heading[-1:] == ("rating",) and len(parts) == given + len(heading) - 1 and not (
        parts[given - 1] and _numeric_field(parts[given - 1]))  # the rating missing, not the country
    if given and (exact or short) and all(_numeric_field(x) for x in parts[given:]):
        return _positional(n, pid, parts, given, heading, file, m[1] == "+")  # as the heading says

    def numeric(part: str) -> bool:  # empty, '-', or with a digit (and no name before it)
        return part in ("", "-") or bool(re.search(r"\d", part)) and not (part.startswith("{") and part.endswith("}"))
    start = len(parts)
    while start > 0 and numeric(parts[start - 1]):
        start -= 1
    if start == 0 and parts and re.search(r"[^\W\d_]", parts[0]):
        start = 1  # a name with a digit in it is still the name
    while start < 3 and start < len(parts) and parts[start] == "" and len(parts) - start >= 2:
        start += 1  # an empty first name or country: NAME, Firstname and COUNTRY come first
    names = parts[:start]
    tail: list[str] = []
    for part in parts[start:]:
        words = _NOISE.sub(" ", part).strip().split()
        while not tail and words and not re.search(r"\d", words[0]) and words[0] != "-":
            names.append(words.pop(0))  # 'YU {KOREA} 4 pts [191]': commas missing
        tail.append(" ".join(words))
    if len(names) > 3:
        names = [x for x in names if x]  # 'HIDAKA, HITOSHI, , J': an empty field before the country
    country = next((x.strip("{}") for x in names if x.startswith("{") and x.endswith("}")), None)
    names = [x for x in names if not (x.startswith("{") and x.endswith("}"))]
    if country is None and len(names) >= 3:
        country = names.pop()
    elif country is None and len(names) == 2 and re.fullmatch(r"[A-Z]{1,3}", names[1]) and " " in names[0]:
        country = names.pop()  # 'TAKANASHI Yusuke, JPN': the comma between the names is missing
        names = names[0].split(" ", 1)
    names = [x for x in names if x]
    if tail and re.search(r"\b(?:pts?|points?)\b", tail[0], re.IGNORECASE) and len(tail[0].split()) > 2:
        words = tail[0].split()  # '4 pts [191]' written without a comma
        tail = [" ".join(words[:2]), *words[2:], *tail[1:]]
    elif tail and len(tail[0].split()) > 1 and all(re.fullmatch(r"[\[(]?[\d.,+?-]+[\])]?", w) for w in tail[0].split()):
        tail = tail[0].split() + tail[1:]  # '5 191': a comma missing between points and discs
    return _finish(n, pid, new, names, country, tail, heading, file)


def _numeric_field(part: str) -> bool:
    return part in ("", "-") or bool(re.fullmatch(r"[\[(]?[\d.,+?\- ]+(?:pts?|points?)?[\])]?", part.strip(), re.I))


def _positional(n: int, pid: str, parts: list[str], given: int, heading, file: str, new: bool) -> PlayerLine:
    """A line with exactly the heading's fields: names, first name and country where the heading puts them."""
    names = parts[:given]
    country = names[2].strip("{}") if given >= 3 else None
    return _finish(n, pid, new, [x for x in names[:2]] if given >= 2 else names[:1], country or None,
                   [_NOISE.sub(" ", x).strip() for x in parts[given:]], heading, file, keep_empty=True)


def _finish(n, pid, new, names, country, tail, heading, file, keep_empty=False) -> PlayerLine:
    if not keep_empty or not any(names):
        names = [x for x in names if x]
    if not any(names) and pid.strip("?"):
        names = [f"player {pid}"]
    name = names[0] if names else "?"
    first = " ".join(x for x in names[1:] if x)
    points = discs = rating = None
    roles = heading or ("points", "discs", "rating")  # the column heading says which number is which
    for text_, role in zip(tail, roles):
        if text_ in ("", "-"):
            continue
        if role == "points":
            if PLACES.match(text_):
                continue  # a shared place: the column holds places (elo.py drops them all), kept as written
            pm = _POINTS.match(text_)
            if not pm:
                raise BrightwellError(f"points '{text_}' are no number", file=file, place=f"line {n}")
            points = _number(pm[1].replace(",", "."))
        elif role == "discs":
            dm = _DISCS.match(text_)
            if not dm:
                raise BrightwellError(f"disc count '{text_}' is no number", file=file, place=f"line {n}")
            discs = _number(dm[1].replace(",", "."))
        elif role == "rating":
            if not _RATING.match(text_):
                raise BrightwellError(f"rating '{text_}' is not a whole number", file=file, place=f"line {n}")
            rating = int(text_) or None  # 0: unrated
    plain = [r for r in roles[:len(tail)] if r in ("points", "discs", "rating")]
    written = tuple(x for x in tail if x) if len(tail) > len(plain) or any(
        not _NUMBER.match(x) for x, r in zip(tail, roles) if r in ("points", "discs") and x not in ("", "-")) else ()
    federation = country if country not in (None, "", "?", "??") else None
    return PlayerLine(n, pid, f"{name}, {first}" if first else name, federation, points, discs, rating, new,
                      written)


def _stage(label: str) -> int | str | None:
    """A round marker's label: a round number (``5``, ``05``, ``5:``, ``5 (pool A)``), None for games
    without rounds (``RR``, ``round robin``), else a play-off stage (``F``, ``SF1``)."""
    label = label.strip().rstrip(":").strip()
    if _STAGE.search(label):
        return label  # '1 Semi-finals', 'Play-off 3rd-4th'
    if m := re.match(r"(\d{1,9})(?!\d)(?!\S*[A-Za-z])", label):
        return int(m[1])
    if label.upper() in ROUND_ROBIN_LABELS or "robin" in label.lower():
        return None
    return label


_STAGE = re.compile(r"\b(?:finals?|finale|semi|semi-?finals?|quarter|quarter-?finals?|play-?offs?|3/4|third place|"
                    r"barrage|champion vs|women'?s? final|ladies final|match for)\b", re.IGNORECASE)
_TEAM = re.compile(r"^%+\s*team\b", re.IGNORECASE)
_PLANNED = re.compile(r"^%+\s*(\d{1,9})\s+rounds?\b", re.IGNORECASE)  # '%% 13 rounds', '% 7 Rounds Swiss ...'
_HEADER = re.compile(r"^%\s*id\s*,", re.IGNORECASE)  # '%  ID, NAME, Firstname, COUNTRY, score, disc-count'


def columns(line: str) -> tuple[str, ...]:
    """From a column heading: ``names`` for each column between the id and the numbers, then the roles
    of the numbers: points, discs, rating, bq."""
    names = [f.strip().lower() for f in line.lstrip("%").split(",")]
    first = next((i for i, f in enumerate(names) if re.search(r"score|point|pts|punti|punkte", f)), None)
    if first is None:
        return ()
    prefix = ("names",) * (first - 1)
    role = {"disc": "discs", "pion": "discs", "minor": "discs", "bq": "bq", "brightwell": "bq", "rating": "rating",
            "elo": "rating", "score": "points"}  # in this order: 'minor score' is discs
    return prefix + tuple(next((r for k, r in role.items() if k in f), "points" if re.search(r"point|pts", f)
                               else "other") for f in names[first:])


def split(text: str, file: str) -> Lines:
    out = Lines([], [], [], {}, 0)
    stage: int | str | None = None
    heading: tuple[str, ...] = ()
    for n, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped[0] != "%":
            line = line.split("%", 1)[0]  # '2047 (32)=(32) 4019 B % verified': a comment after the game
            stripped = line.strip()
            m = GAME.match(line)
            if m:
                out.games.append(_game(m, n, stage, file))
                continue
            several = list(_GAMES.finditer(line))
            if len(several) < 2 or "".join(g.group() for g in several).strip() != line.strip() \
                    or any(a.end() != b.start() for a, b in zip(several, several[1:])):
                raise BrightwellError(f"'{stripped[:60]}' is not a game line", file=file, place=f"line {n}")
            out.games.extend(_game(g, n, stage, file) for g in several)  # two games written on one line
            out.joined += 1
            continue
        if stripped.startswith("%_%"):
            p = player_line(stripped, n, file, heading)
            if p is not None:
                out.players.append(p)
        elif m := _ROUND.match(stripped):
            stage, out.markers = _stage(m[1]), out.markers + 1
            if isinstance(stage, int) and stage <= 999:
                out.last_marked = max(out.last_marked, stage)
        elif m := _FINALS.match(stripped):
            stage, out.markers = f"Finals {m[1]}", out.markers + 1
        elif m := _META.match(stripped):
            out.meta.append((f"papp {m[1]}", m[2]))
        elif m := _PLANNED.match(stripped):
            out.planned, stage = int(m[1]), None
        elif _TEAM.match(stripped):
            stage, out.markers = "Team competition", out.markers + 1  # a separate event: its games apart
        elif _HEADER.match(stripped):
            heading = columns(stripped)
        elif m := _NEW_PLAYER.match(stripped):
            out.names[m[1]] = (m[2], m[3] or None)
        elif m := GAME.match(stripped.lstrip("%")):
            out.commented.append(_game(m, n, stage, file))  # a game the rating list leaves out
        elif stripped.startswith("%%Added results") or (stripped.startswith("%%") and len(stripped) > 2
                                                         and stripped.strip("%").strip()):
            label = stripped[2:].strip()  # "Added results", "Added results (FINAL)", "Match 3/4", "Finale"
            stage, out.markers = label, out.markers + 1
        elif _STAGE.search(stripped) and not stripped.startswith("%%"):
            stage, out.markers = stripped.strip("% :"), out.markers + 1  # '%Semi-finals', '% Quarter-finals'
        # any other '%' line is a comment
    return out


def marker_stage(line: str) -> int | str | None:
    """The stage a marker line opens, as :func:`split` reads it: a round's number, a play-off's label,
    None for games without rounds."""
    games = split(f"{line}\n1 (33)>(31) 2 B\n", "").games
    return games[0].stage if games else None


def _game(m, n: int, stage, file: str) -> GameLine:
    first, bd, res, wd, second, colour = m.groups()
    if (bd is None) != (wd is None):
        raise BrightwellError("a game gives the discs of one player only", file=file, place=f"line {n}")
    return GameLine(n, stage, first, second, res, None if bd is None else _number(bd),
                    None if wd is None else _number(wd), colour in ("W", "w"))
