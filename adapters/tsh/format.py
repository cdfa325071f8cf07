"""tsh (John Chew's Scrabble tournament software) ``.t`` files (``tsh``), with ``config.tsh``.

One player per line: ``Last, First  rating  opponents ; scores ; tag values ; ...``. Opponents
are 1-based line numbers of the same file; 0 is a bye or forfeit whose "score" is the spread
credited (a bye: +spread, read as a bye credited spread-0; a forfeit loss: -spread). ``00`` marks
a round not paired yet. Opponents past the scores are rounds paired, their games not yet entered
(tsh pairs ahead): pairings without results. The ``p12`` tag says who went first. ``config.tsh``
beside the file gives the event name, the rounds and the spread caps, which become
``SPREAD:cap=`` in the tie-breaks.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from brightwell_plugin.adapters.base import (
    About,
    EventFiles,
    Format,
    Holds,
    Loss,
    ReadOptions,
    ReadResult,
    game_event,
    lost_negative_ratings,
    lost_unlisted,
    metadata,
)
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    check_round,
    CutShort,
    hookimpl,
    Kind,
    max_rounds,
    MAX_ROUNDS_VARIABLE,
    new_entry,
    new_player,
    Player,
    read_input,
    Result,
    Side,
    Tournament,
)

_SCORE = re.compile(r"-?[0-9]{1,9}")
_LINE = re.compile(r"^(\S(?:.*?\S)??)\s+([0-9]+(?:[.+][0-9]+)*)\s*([0-9\s]*);\s*([-0-9\s]*)((?:;[^;]*)*)$")
_CONFIG = re.compile(r"^\s*config\s+(\w+)\s*=\s*(.*?)\s*;?\s*$")
_BYE = re.compile(r"-?[0-9]{1,6}")
_CAP = re.compile(r"[0-9]{1,6}(?:\.[0-9]{1,6})?")
_SIDE = {"1": Side.FIRST, "2": Side.SECOND}
_CONTROL = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]")
_NAME_WORDS = 64  # the most words a line's name and rating take: beyond them and the rounds' opponents, refused


def read_config(folder: Path) -> dict[str, str]:
    path = folder / "config.tsh"
    if not path.exists():
        return {}
    text, _, _ = decode(read_input(path), None, str(path), fallback="latin-1")
    return {m[1]: m[2].strip('"') for line in text.splitlines() if (m := _CONFIG.match(line))}


def _refuse_other_games(t: Tournament) -> None:
    """A .t file holds Scrabble: a game's result is read from the two scores, so both are needed."""
    if t.game not in (None, "scrabble"):
        raise BrightwellError(f"a tsh file holds Scrabble games (a result is read from both scores), and this is "
                              f"{game_event(t.game)}")
    for p in t.players:
        for r, e in enumerate(p.rounds, 1):
            if e.is_game and (e.score is None or e.opp_score is None):
                raise BrightwellError(f"a tsh file reads a game's result from both scores; round {r} of player "
                                      f"{p.start_no} ({p.name}) has none")
            if e.is_game and (e.score > e.opp_score) != (e.result is Result.WIN) or e.is_game and (
                    e.score == e.opp_score) != (e.result is Result.DRAW):
                raise BrightwellError(f"a tsh file reads a game's result from its scores; round {r} of player "
                                      f"{p.start_no} ({p.name}) is a {e.result.value} with {e.score:g}-{e.opp_score:g}")


def _credit(e, bye: int) -> float | None:
    """The spread a round without opponent is written with (a bye, a forfeit), or None (unpaired)."""
    if e.kind in (Kind.FULL_BYE, Kind.PAB, Kind.FORFEIT_WIN, Kind.HALF_BYE, Kind.FORFEIT_LOSS) or (
            e.kind is Kind.ZERO_BYE and (e.score or 0) - (e.opp_score or 0) < 0):
        if e.score is not None:
            return (e.score or 0) - (e.opp_score or 0)
        return bye if e.kind in (Kind.FULL_BYE, Kind.PAB, Kind.FORFEIT_WIN) else -bye if e.kind is Kind.FORFEIT_LOSS else 0
    return None


def _kind_of_credit(credit: float):
    """What the reader makes of a spread without opponent."""
    return Kind.FULL_BYE if credit > 0 else Kind.FORFEIT_LOSS if credit < 0 else Kind.HALF_BYE


_READ_BACK = {Kind.FULL_BYE: Kind.FULL_BYE, Kind.PAB: Kind.FULL_BYE, Kind.FORFEIT_WIN: Kind.FULL_BYE, Kind.HALF_BYE: Kind.HALF_BYE, Kind.FORFEIT_LOSS: Kind.FORFEIT_LOSS}


def _pairings_ahead(t: Tournament) -> set[tuple[int, int]]:
    """The (player, round) of each pairing without a result that a .t line can hold: past both players'
    last rounds written with a score (tsh's opponents past the scores)."""
    scored = {p.start_no: max((r for r, e in enumerate(p.rounds, 1) if e.kind is not Kind.PAIRED and e.kind is not
                               Kind.ABSENT and (e.kind is Kind.GAME or _credit(e, 0) is not None)), default=0)
              for p in t.players}
    return {(p.start_no, r) for p in t.players for r, e in enumerate(p.rounds, 1)
            if e.kind is Kind.PAIRED and e.opponent in scored and r > scored[p.start_no] and r > scored[e.opponent]}


def _line_rounds(p: Player, line_of: dict[int, int], bye: int, ahead: set[tuple[int, int]]):
    """A player's opponents, scores and ``p12`` values as a .t line writes them; from his first
    pairing ahead (:func:`_pairings_ahead`), opponents alone."""
    opps, scores, p12 = [], [], []
    first_ahead = min((r for no, r in ahead if no == p.start_no), default=len(p.rounds) + 1)
    for r, e in enumerate(p.rounds, 1):
        side = "1" if e.side is Side.FIRST else "2" if e.side is Side.SECOND else "3"
        if (p.start_no, r) in ahead:  # an opponent past the scores: paired, not yet played
            opps.append(str(line_of[e.opponent]))
            p12.append(side)
        elif r > first_ahead:  # not paired, after a pairing ahead
            opps.append("00")
            p12.append("00")
        elif e.kind is Kind.GAME:
            opps.append(str(line_of[e.opponent]))
            scores.append(str(int(e.score or 0)))
            p12.append(side)
        elif (credit := _credit(e, bye)) is not None:
            opps.append("0")
            scores.append(str(int(credit)))
            p12.append("0")
        else:
            opps.append("00")
            scores.append("00")
            p12.append("00")
    return opps, scores, p12


class TshFormat(Format):
    name = "tsh"
    about = About("tsh Scrabble division file (.t), with config.tsh", (".t",), can_write=True)
    event_files = EventFiles(companions=("config.tsh",))
    holds = Holds(lacks=frozenset({"board"}))

    def sniff(self, path, head):
        if path.suffix.lower() == ".t":
            return True
        first = next((ln for ln in head.splitlines()[:20] if ln.strip() and not ln.startswith(b"#")), b"")
        return first.count(b";") >= 1 and bool(_LINE.match(first.decode("latin-1")))

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        config = read_config(path.parent)
        raw = read_input(path)
        bom = raw.startswith(b"\xef\xbb\xbf")
        enc = "utf-8" if bom else encoding or config.get("tfile_encoding") or "latin-1"
        text, _, warnings = decode(raw[3:] if bom else raw, enc, str(path))
        t = self.division(text, path, config, warnings, cut=CutShort(str(path), options.cut_short))
        return ReadResult(t, tuple(warnings))

    def division(self, text: str, path: Path, config: dict[str, str], warnings: list[str], first_line: int = 1,
                 file: str | None = None, cut: CutShort | None = None) -> Tournament:
        """The event of one division's lines (``first_line``: the number of its first line in ``file``;
        ``cut``: what finds them cut short, None for lines known complete, as an archive's block that
        closes)."""
        file = file or str(path)
        comments, lines = [], []
        for n, line in enumerate(re.split(r"\r\n|\r|\n", text), first_line):
            if line.lstrip().startswith("#"):
                comments.append(("tsh comment", line))
            elif line.strip():
                lines.append((n, line))
        rows = [self._line(n, line, file) for n, line in lines] if cut is None else \
            cut.rows(lines, lambda n, line: self._line(n, line, file), cells=lambda row: len(row[4]))
        if not rows:
            raise BrightwellError("no player line: not a tsh division, or an empty one", file=file)
        players = [self._player(no, row, rows, file, cut) for no, row in enumerate(rows, 1)]
        if cut is not None:
            cut.said(warnings)
        t = self._tournament(path, config, players, rows)
        return replace(t, metadata=tuple(comments) + t.metadata + (cut.metadata() if cut is not None else ()))

    @staticmethod
    def _line(n: int, line: str, file: str) -> tuple:
        """(line number, name, rating, opponents, scores, tags) of one player line."""
        line = line.replace("\\;", "\0")
        limit = max_rounds()
        if len(line.partition(";")[0].split(None, limit + _NAME_WORDS)) > limit + _NAME_WORDS:
            raise BrightwellError(f"more than {limit} opponents: beyond the limit of {limit} rounds (set "
                                  f"{MAX_ROUNDS_VARIABLE} to raise it)", file=file, place=f"line {n}")
        m = _LINE.match(line)  # its cost grows with the square of the words before the ';', bounded above
        if not m:
            raise BrightwellError("not a tsh player line (name rating opponents ; scores ; tags)",
                                  file=file, place=f"line {n}")
        opps, scores = m[3].split(), m[4].split(None, limit)
        if opps:
            check_round(len(opps), file, f"line {n}")
        if len(scores) > limit:
            raise BrightwellError(f"more than {limit} scores: beyond the limit of {limit} rounds", file=file,
                                  place=f"line {n}")
        bad = next((x for x in scores if not _SCORE.fullmatch(x)), None)
        if bad is not None:
            raise BrightwellError(f"'{bad[:20]}' is not a score", file=file, place=f"line {n}")
        bad = next((x for x in opps if len(x) > 6), None) or (m[2] if len(m[2]) > 12 else None)
        if bad is not None:
            raise BrightwellError(f"'{bad[:20]}' is no opponent's line number or rating", file=file,
                                  place=f"line {n}")
        tags = {}
        for group in m[5].split(";")[1:]:
            words = group.split(None, limit + 2)  # a tag's values: one a round, and one before the first (rrank)
            if len(words) > limit + 2:
                raise BrightwellError(f"tag {words[0][:20]} holds more than {limit + 1} values: beyond the limit of "
                                      f"{limit} rounds", file=file, place=f"line {n}")
            if words:
                tags[words[0]] = words[1:]
        return n, m[1].replace("\0", ";"), m[2], opps, scores, tags

    def _player(self, no, row, rows, path, cut: CutShort | None = None) -> Player:
        """A player of ``rows``; ``cut``: where an opponent beyond them says the file is cut short
        (None: a line the file does not hold is an error)."""
        n, name, rating, opps, scores, tags = row
        if len(scores) > len(opps):
            raise BrightwellError(f"{len(opps)} opponents but {len(scores)} scores", file=path, place=f"line {n}")
        # opponents beyond the scores are pairings of rounds not played yet: paired, no result
        sides = tags.get("p12", [])
        entries = []
        for r, opp in enumerate(opps):
            score = scores[r] if r < len(scores) else None
            if opp == "00" or score == "00" or score is None and int(opp) <= 0:
                entries.append(ABSENT_ENTRY)
                continue
            o = int(opp)
            if score is None:
                entries.append(self._paired(o, r, rows, n, path, cut, sides))
                continue
            s = int(score)
            if o == 0:
                if s > 0:
                    entries.append(new_entry(Kind.FULL_BYE, score=s, opp_score=0))
                elif s < 0:
                    entries.append(new_entry(Kind.FORFEIT_LOSS, score=0, opp_score=-s))
                else:
                    entries.append(new_entry(Kind.HALF_BYE, score=0, opp_score=0))
                continue
            if o < 0 or o > len(rows) and cut is None:
                raise BrightwellError(f"round {r + 1}: opponent {o} is not a line of this file", file=path,
                                      place=f"line {n}")
            if cut is not None and cut.beyond(o, len(rows), r + 1, f"line {n}"):
                entries.append(ABSENT_ENTRY)
                continue
            other = rows[o - 1]
            theirs = other[4][r] if r < len(other[4]) else "00"
            if theirs == "00":
                raise BrightwellError(f"round {r + 1}: opponent {o} has no score for the game", file=path,
                                      place=f"line {n}")
            t = int(theirs)
            res = Result.WIN if s > t else Result.LOSS if s < t else Result.DRAW
            side = _SIDE.get(sides[r]) if r < len(sides) else None
            entries.append(new_entry(Kind.GAME, o, res, side, s, t))
        extra = tuple((f"tsh {tag}", " ".join(values)) for tag, values in tags.items() if tag != "p12")
        if "+" in rating or "." in rating:
            extra += (("tsh rating", rating),)
        return new_player(start_no=no, name=name, rounds=tuple(entries), rating=int(re.split(r"[.+]", rating)[0]) or None,
                      extra=extra)

    @staticmethod
    def _paired(o: int, r: int, rows, n: int, path, cut: CutShort | None, sides: list[str]):
        """Round ``r`` (from 0) paired with line ``o``, its score not entered yet."""
        if o > len(rows) and cut is None:
            raise BrightwellError(f"round {r + 1}: opponent {o} is not a line of this file", file=path, place=f"line {n}")
        if cut is not None and cut.beyond(o, len(rows), r + 1, f"line {n}"):
            return ABSENT_ENTRY
        return new_entry(Kind.PAIRED, o, side=_SIDE.get(sides[r]) if r < len(sides) else None)

    def _tournament(self, path, config, players, rows) -> Tournament:
        cap = config.get("spread_cap") or config.get("standings_spread_cap", "")
        caps = [c for c in re.split(r"[\s,\[\]]+", cap) if c]
        bad = next((c for c in caps if not _CAP.fullmatch(c)), None)
        if bad is not None:
            raise BrightwellError(f"spread cap '{bad[:20]}' is not a number of points (0 to 999999)",
                                  file=str(path.parent / "config.tsh"))
        spread = "SPREAD" + (f":cap={'+'.join(caps)}" if caps else "")
        rounds = int(config["max_rounds"]) if digits(config.get("max_rounds", "")) else None
        if rounds:
            check_round(rounds, str(path.parent / "config.tsh"), "max_rounds")
        if config.get("bye_spread") and not _BYE.fullmatch(config["bye_spread"]):
            raise BrightwellError(f"bye_spread '{config['bye_spread'][:20]}' is not a whole number of points",
                                  file=str(path.parent / "config.tsh"))
        # rounds after the last paired or played: not recorded
        last = max((r for p in players for r, e in enumerate(p.rounds, 1) if e.kind is not ABSENT_ENTRY.kind), default=0)
        players = [replace(p, rounds=p.rounds[:last]) for p in players]
        meta = tuple((f"tsh {k}", v) for k, v in config.items())
        return Tournament(name=config.get("event_name") or path.stem, players=tuple(players), rounds=rounds,
                          game="scrabble", tiebreaks=("PTS", spread), metadata=meta)

    def cannot_carry(self, t):
        ahead = _pairings_ahead(t)
        inside = sum(e.kind is Kind.PAIRED and (p.start_no, r) not in ahead for p in t.players for r, e in enumerate(p.rounds, 1))
        lost = lost_unlisted(t) + lost_negative_ratings(t, "tsh")
        if inside:
            lost.append(Loss(f"{inside // 2 or 1} pairing(s) without a result before a round with one (tsh lists a "
                             "pairing without its scores only past a player's last score: written as not paired)"))
        bye = int(dict(t.metadata).get("tsh bye_spread", "50") or 50)
        changed = [e for p in t.players for e in p.rounds if e.kind is not Kind.ZERO_BYE and e.kind in _READ_BACK
                   and (credit := _credit(e, bye)) is not None and _READ_BACK[e.kind] != _kind_of_credit(credit)]
        if changed:
            e = changed[0]
            lost.append(f"{len(changed)} bye(s) or forfeit(s) whose spread tsh reads as another kind (tsh tells them "
                        f"by the spread's sign: e.g. a {e.kind.value} of {(e.score or 0) - (e.opp_score or 0):g} is "
                        f"read back as a {_kind_of_credit(_credit(e, bye)).value})")
        if any(e.is_game and (e.score is None or e.opp_score is None) for p in t.players for e in p.rounds):
            lost.append("games without scores (tsh needs both scores; written as 0)")
        if any(e.kind.is_forfeit and e.opponent is not None for p in t.players for e in p.rounds):
            lost.append("forfeit opponents (tsh writes a forfeit as a spread without opponent)")
        if any(e.kind is Kind.ZERO_BYE and not (e.score or 0) < (e.opp_score or 0) for p in t.players for e in p.rounds):
            lost.append("zero-point byes (written as unpaired rounds)")
        if any(e.kind is Kind.ZERO_BYE and (e.score or 0) < (e.opp_score or 0) for p in t.players for e in p.rounds):
            lost.append("zero-point byes with a spread debited (written, and read back, as forfeit losses)")
        if t.tiebreaks and not all(i.split(":")[0].upper() in ("PTS", "SPREAD") for i in t.tiebreaks):
            lost.append(f"the tie-break list {','.join(t.tiebreaks)} (a .t file declares none: it is read back as "
                        "PTS,SPREAD with config.tsh's caps)")
        if any(not " ".join(_CONTROL.sub(" ", p.name).split()) or _CONTROL.search(p.name) for p in t.players):
            lost.append(metadata("names empty or with control characters (written cleaned, or as 'Player N')"))
        try:
            "".join(p.name for p in t.players).encode("latin-1")
        except UnicodeEncodeError:
            lost.append(metadata("characters Latin-1 cannot hold (written as '?')"))
        ids = sorted({scheme for p in t.players for scheme, _ in p.ids})
        if ids:
            lost.append(metadata(f"player ids: {', '.join(ids)} (a .t line has no place for them)"))
        other = sorted({k for k, _ in t.metadata if not k.startswith("tsh ")})
        if other:
            lost.append(metadata(f"tournament metadata: {', '.join(other)}"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        _refuse_other_games(t)
        line_of = {p.start_no: i for i, p in enumerate(t.players, 1)}
        bye = int(dict(t.metadata).get("tsh bye_spread", "50") or 50)
        out = [v for k, v in t.metadata if k == "tsh comment"]
        ahead = _pairings_ahead(t)
        for p in t.players:
            opps, scores, p12 = _line_rounds(p, line_of, bye, ahead)
            rating = dict(p.extra).get("tsh rating") or str(max(p.rating or 0, 0))
            name = " ".join(_CONTROL.sub(" ", p.name).split()) or f"Player {p.start_no}"
            if re.search(r"(^|\s)[\d.+]+$", name):  # read back, its last word would be the rating
                raise BrightwellError(f"a tsh line cannot hold the name '{name}' of player {p.start_no}: it ends "
                                      "in a number, which tsh reads as the rating")
            if name.startswith("#"):
                raise BrightwellError(f"a tsh line cannot hold the name '{name}' of player {p.start_no}: it begins "
                                      "with '#', which makes the line a comment to tsh")
            line = f"{name.replace(';', chr(92) + ';'):<22} {rating:>5} {' '.join(opps)}; {' '.join(scores)}"
            tags = [("p12", " ".join(p12))] if any(x in ("1", "2") for x in p12) else []
            tags += [(k[4:], v) for k, v in p.extra if k.startswith("tsh ") and k != "tsh rating"]
            out.append(line + "".join(f" ; {k} {v}" for k, v in tags))
        return ("\n".join(out) + "\n").encode("latin-1", "replace")


@hookimpl
def brightwell_register_formats(register):
    register(TshFormat())
