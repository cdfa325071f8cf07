"""AUPAIR ``.tou`` (``aupair``), the Scrabble results file WESPA rates from, read and written. A
division is a ``*M`` line (``*MDD.MM.YYYY event name``), a ``*NAME`` line and an optional line of the
high word, then one line per player: the name in 20 columns, then per round a block of a space, the
result digit (``2`` a win, ``1`` a draw, a space a loss), the player's score in 3 columns, a space
and the opponent's number (``+`` before it: the player went first; on neither line: not known), right-aligned in 3 columns (4
when a division holds more than 99 players). A player paired with himself had no game that round
(:func:`_alone`): a forfeit, a bye with the spread credited, or nothing. The file ends with
``*** END OF FILE ***``. Each division is an event (``--division``); the standings are wins, then
spread. Told from the FFG's Go ``.tou`` by its content."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import replace
from functools import partial
from pathlib import Path

from brightwell_plugin.adapters.base import (
    About,
    Division,
    EventFiles,
    Format,
    Holds,
    Loss,
    ReadOptions,
    ReadResult,
    day_of,
    game_event,
    lost_pairings,
    lost_unlisted,
    metadata,
)
from brightwell_plugin.adapters.textio import decode

from brightwell_plugin.plugin import (
    ABSENT_ENTRY,
    BrightwellError,
    check_round,
    hookimpl,
    Kind,
    last_played,
    new_entry,
    new_player,
    read_input,
    Result,
    Side,
    Tournament,
)

END = "*** END OF FILE ***"
_HEAD = re.compile(r"^\*M(\d{2})\.(\d{2})\.(\d{4})\s?(.*)$")
_BLOCK = re.compile(r" ([ 12])([ 0-9]{2}[0-9]) ([ +0-9]{2,3}[0-9])")
_SCORE, _OPPONENT = re.compile(r" *[0-9]+"), re.compile(r" *\+?[0-9]+")  # a block's fields, as _BLOCK cuts them
_RESULTS = {"2": Result.WIN, "1": Result.DRAW, " ": Result.LOSS}
_ALONE = {"2": Kind.FULL_BYE, "1": Kind.HALF_BYE, " ": Kind.ZERO_BYE}
_CREDITED = frozenset({Kind.FULL_BYE, Kind.HALF_BYE, Kind.PAB})  # byes written with their spread


def _divisions(text: str, file: str):
    """Each division: (its head line's number, date, event, name, [(line number, player name, blocks)])."""
    out, current = [], None
    lines = re.split(r"\r\n|\r|\n", text)
    ended = False
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if line.strip() == END:
            ended = True
            break
        if m := _HEAD.match(line):
            if current is not None and current[3] is None:
                raise BrightwellError("the division's name (a '*' line) should follow the *M line", file=file,
                                      place=f"line {n}")
            current = [n, f"{m[3]}-{m[2]}-{m[1]}", m[4].strip(), None, []]
            out.append(current)
        elif current is None:
            raise BrightwellError("a line before the first *M line: not an AUPAIR file", file=file, place=f"line {n}")
        elif current[3] is None:
            if not line.startswith("*"):
                raise BrightwellError("the division's name (a '*' line) should follow the *M line", file=file,
                                      place=f"line {n}")
            current[3] = line[1:].strip() or f"division {len(out)}"
        elif not current[4] and not line[:20].strip() and re.fullmatch(r"\s*\d*\s*", line):
            continue  # the high word's line (no name in its first 20 columns)
        else:
            rest = line[20:].rstrip()
            blocks = _BLOCK.findall(rest)
            if "".join(" " + a + b + " " + c for a, b, c in blocks) != rest:
                raise BrightwellError("not an AUPAIR player line (a name in 20 columns, then per round a result "
                                      "digit, a score and an opponent)", file=file, place=f"line {n}")
            for r, (_, score, opp) in enumerate(blocks, 1):
                if not _SCORE.fullmatch(score) or not _OPPONENT.fullmatch(opp):
                    raise BrightwellError(f"round {r}: score {score!r} and opponent {opp!r}: each a number, right-"
                                          "aligned in its columns", file=file, place=f"line {n}")
            current[4].append((n, line[:20].strip(), blocks))
    if not ended:
        raise BrightwellError(f"no '{END}' line: the file is cut short", file=file, place=f"line {len(lines)}")
    if not out:
        raise BrightwellError("no *M line: not an AUPAIR file", file=file)
    if out[-1][3] is None:
        raise BrightwellError("the division's name (a '*' line) should follow the *M line", file=file,
                              place=f"line {out[-1][0]}")
    names = [d[3] for d in out]
    twice = next((x for x in names if names.count(x) > 1), None)
    if twice is not None:
        raise BrightwellError(f"division {twice} is in the file twice", file=file)
    return out


class AupairFormat(Format):
    name = "aupair"
    about = About("AUPAIR .tou, the Scrabble results file WESPA rates from (one division per event)", (".tou",),
                  can_write=True)
    event_files = EventFiles(several_events=True)
    holds = Holds(lacks=frozenset({"board"}))

    def sniff(self, path, head):
        lines = head.decode("latin-1").lstrip("\ufeff\r\n").splitlines()
        return len(lines) >= 2 and bool(_HEAD.match(lines[0])) and lines[1].startswith("*")

    def divisions(self, options: ReadOptions) -> tuple[Division, ...]:
        file = str(options.path)
        text, said = self._text(options.path, options.encoding)
        divisions = _divisions(text, file)

        def read(chosen) -> ReadResult:
            warnings = list(said)
            return ReadResult(_event(chosen, len(divisions), file, warnings), tuple(warnings))
        return tuple(Division(d[3], len(d[4]), partial(read, d)) for d in divisions)

    @staticmethod
    def _text(path: Path, encoding=None):
        return decode(read_input(path), encoding, str(path), fallback="latin-1")[::2]

    def cannot_carry(self, t: Tournament) -> list[str]:
        dropped = _dropped(t)
        t = _results_only(t)
        lost = lost_pairings(t) + lost_unlisted(t) + dropped
        names = [p.name for p in t.players if _ascii(p.name).strip()[:20] != p.name or not p.name.strip()]
        if names:
            lost.append(metadata(f"{len(names)} name(s) longer than 20 characters or not ASCII: written cut, "
                                 f"e.g. {names[0]!r}"))
        unpaired = sum(e.kind in (Kind.ABSENT, Kind.PAIRED) for p in t.players for e in p.rounds)
        if unpaired:
            lost.append(metadata(f"{unpaired} round(s) without a game or bye: written as paired with the player "
                                 "himself, a loss of 0"))
        forfeits = [e for p in t.players for e in p.rounds if e.kind not in (Kind.GAME, Kind.FORFEIT_LOSS)
                     and (e.score or 0) - (e.opp_score or 0) == -50]
        if forfeits:
            lost.append(metadata(f"{len(forfeits)} {forfeits[0].kind.value}(s) costing 50 spread: written as AUPAIR "
                                 "writes a forfeit lost (read back as one)"))
        against = sum(e.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) and e.opponent is not None
                      for p in t.players for e in p.rounds)
        if against:
            lost.append(f"{against} forfeit(s) against an opponent: written as rounds paired with the player himself "
                        "(AUPAIR's forfeit), the opponent not kept")
        if t.tiebreaks and tuple(t.tiebreaks) != ("PTS", "SPREAD"):
            lost.append(f"the tie-break list {','.join(t.tiebreaks)}: AUPAIR keeps none (read back: wins, then spread)")
        odd = [e for p in t.players for e in p.rounds if e.kind is Kind.PAB]
        if odd:
            lost.append(metadata(f"{len(odd)} pairing-allocated bye(s): written as byes (AUPAIR has one kind)"))
        spread = [e for p in t.players for e in p.rounds if e.kind is not Kind.GAME and (e.score or 0) - (
            e.opp_score or 0) not in ({Kind.FORFEIT_WIN: 50, Kind.FORFEIT_LOSS: -50}.get(e.kind, (e.score or 0) - (
                e.opp_score or 0) if (e.score or 0) - (e.opp_score or 0) >= 0 and e.kind in _CREDITED else 0), -50)]
        if spread:
            e = spread[0]
            lost.append(f"{len(spread)} round(s) without a game whose spread AUPAIR cannot hold (a {e.kind.value} of "
                        f"{(e.score or 0) - (e.opp_score or 0):g}: a forfeit is written ±50, a bye's spread 0 or more, "
                        "nothing 0)")
        if not day_of(t.start_date):
            lost.append(metadata("no date: the *M line's is written 01.01.2000"))
        s = t.scoring
        if (s.win, s.draw, s.loss, s.absent) != (1, 0.5, 0, 0) or s.pab not in (None, s.win):
            lost.append(f"the points system (win {s.win:g}, draw {s.draw:g}, loss {s.loss:g}): AUPAIR counts a win 1, "
                        "a draw ½")
        unscored = sum(e.kind is Kind.GAME and (e.score is None or e.opp_score is None) for p in t.players
                       for e in p.rounds)
        if unscored:
            lost.append(f"{unscored} player round(s) of games without scores: written 0-0 (AUPAIR's games have "
                        "scores; read back with a spread of 0)")
        scores = [e for p in t.players for e in p.rounds if e.score is not None and not 0 <= e.score <= 999]
        if scores:
            lost.append(metadata(f"{len(scores)} score(s) outside 0-999: written modulo 1000, as AUPAIR's columns "
                                 "hold them"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        t = _results_only(t)
        if t.game not in (None, "scrabble"):
            raise BrightwellError(f"AUPAIR holds Scrabble games (their scores and spread), and this is "
                                  f"{game_event(t.game)}")
        if [p.start_no for p in t.players] != list(range(1, len(t.players) + 1)):
            raise BrightwellError("AUPAIR numbers the players 1 to n in the order listed (use --renumber)")
        wide = len(t.players) > 99
        date = day_of(t.start_date) or ("2000", "01", "01")
        meta = dict(t.metadata)
        division = meta.get("aupair division") or meta.get("tsh division") or "A"
        lines = [f"*M{date[2]}.{date[1]}.{date[0]} {_ascii(t.name)}", f"*{_ascii(division)}", " " * 38 + "0"]
        for p in t.players:
            cells = []
            for e in p.rounds:
                digit, score, opp, first = _cell(t, p.start_no, e)
                field = ("+" if first else "") + str(opp)
                cells.append(f" {digit}{int(score) % 1000:3d} {field:>{4 if wide else 3}}")
            lines.append(f"{(_ascii(p.name).strip() or f'Player {p.start_no}')[:20]:<20}" + "".join(cells))
        lines.append(END)
        return ("\r\n".join(lines) + "\r\n").encode("ascii")


def _cell(t: Tournament, no: int, e):
    if e.kind is Kind.GAME and e.opponent is not None:
        digit = {Result.WIN: "2", Result.DRAW: "1"}.get(e.result, " ")
        return digit, e.score or 0, e.opponent, e.side is Side.FIRST
    if e.kind is Kind.FORFEIT_WIN:
        return "2", 150, no, False
    if e.kind is Kind.FORFEIT_LOSS or (e.score or 0) - (e.opp_score or 0) == -50:
        return " ", 100, no, False  # as Woogles writes a forfeit lost: -50
    points = t.scoring.points(e)
    digit = "2" if points >= t.scoring.win else "1" if points > t.scoring.loss else " "
    return digit, max(0, (e.score or 0) - (e.opp_score or 0)) if digit != " " else 0, no, False


def _alone(digit: str, score: int):
    """A round paired with the player himself, as Woogles writes AUPAIR: a forfeit won ``2150`` (+50),
    a forfeit lost `` 100`` (-50), a bye ``2`` or ``1`` with the spread credited (Woogles writes its
    byes `` 50``: a bye of +50), nothing `` 0``."""
    if digit == "2" and score == 150:
        return new_entry(Kind.FORFEIT_WIN, score=50, opp_score=0)
    if digit == " " and score == 100:
        return new_entry(Kind.FORFEIT_LOSS, score=0, opp_score=50)
    if digit == " " and score:
        return new_entry(Kind.FULL_BYE, score=score, opp_score=0)
    return new_entry(_ALONE[digit], score=score, opp_score=0)


def _ascii(text: str) -> str:
    """``text`` in ASCII: accents dropped, other letters left out, line breaks and controls as spaces."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[\x00-\x1f\x7f]", " ", plain)


def _event(division, count: int, file: str, warnings: list[str]) -> Tournament:
    head, date, event, name, rows = division
    n = len(rows)
    if not n:
        raise BrightwellError(f"division {name} has no player", file=file, place=f"line {head}")
    rounds = max(len(blocks) for _, _, blocks in rows)
    if rounds:
        check_round(rounds, file, f"division {name}")
    players, alone = [], 0
    for no, (line, player, blocks) in enumerate(rows, 1):
        entries = []
        for r, (digit, score, opp_field) in enumerate(blocks):
            first, opp = opp_field.strip().startswith("+"), int(opp_field.strip().lstrip("+"))
            s = int(score)
            if opp == no:
                entries.append(_alone(digit, s))
                alone += 1
                continue
            if not 1 <= opp <= n:
                raise BrightwellError(f"round {r + 1}: opponent {opp} of {n} players", file=file, place=f"line {line}")
            theirs = rows[opp - 1][2]
            if r >= len(theirs) or int(theirs[r][2].strip().lstrip("+")) != no:
                raise BrightwellError(f"round {r + 1}: plays {opp}, whose round {r + 1} names another opponent",
                                      file=file, place=f"line {line}")
            o_digit, o_score, o_field = theirs[r]
            other_first = o_field.strip().startswith("+")
            if _RESULTS[digit].reverse is not _RESULTS[o_digit] or first and other_first:
                raise BrightwellError(f"round {r + 1}: the result or who went first contradicts player {opp}'s line",
                                      file=file, place=f"line {line}")
            side = Side.FIRST if first else Side.SECOND if other_first else None  # no '+': not known
            entries.append(new_entry(Kind.GAME, opp, _RESULTS[digit], side, s, int(o_score)))
        entries += [ABSENT_ENTRY] * (rounds - len(entries))
        players.append(new_player(start_no=no, name=player or f"Player {no}", rounds=tuple(entries)))
    if alone:
        warnings.append(f"{file}: {alone} round(s) paired with the player himself (AUPAIR's bye): read by the "
                        "result digit, the score as the spread credited")
    t = Tournament(name=f"{event} - {name}" if count > 1 else event or name, players=tuple(players), rounds=rounds or None,
                   game="scrabble", start_date=date, tiebreaks=("PTS", "SPREAD"),
                   metadata=(("aupair division", name),))
    return t


def _results_only(t: Tournament) -> Tournament:
    """``t`` through its last round played (``progress.last_played``): AUPAIR is a file of results."""
    k = last_played(t)
    if all(len(p.rounds) <= k for p in t.players):
        return t
    return replace(t, players=tuple(replace(p, rounds=p.rounds[:k]) for p in t.players))


def _dropped(t: Tournament) -> list[str]:
    """The rounds after the last played that hold something, which AUPAIR does not write."""
    k, held = last_played(t), t.rounds_played
    if not any(e.kind is not Kind.ABSENT for p in t.players for e in p.rounds[k:]):
        return []
    paired = [r for r in range(k + 1, held + 1) if any(p.entry(r).kind is Kind.PAIRED for p in t.players)]
    what = f"round {k + 1}" if held == k + 1 else f"rounds {k + 1}-{held}"
    why = f" (round {paired[0]} paired, no results yet)" if paired else ""
    return [Loss(f"{what}{why} not written: AUPAIR holds the rounds played, through round {k}")]


@hookimpl
def brightwell_register_formats(register):
    register(AupairFormat())
