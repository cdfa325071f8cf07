"""Papp ELO exports (``papp``): the French federation's program, and the WOF rating archive.

Players come in the file's standing order with their points and disc totals (a list without any
totals is a roster: no stored places); games under round
markers (:mod:`papp_elo_lines` reads every dialect). Byes and absences are not listed; what a
round a player is missing from was is inferred from the stored totals (:mod:`papp_infer`).
Games under a stage that is not a number (``%Round F``, ``%%Added results``, ``%%Finale``) are
play-offs: kept apart, never ranked. Games under no marker, or under ``%Round RR``, get rounds
in file order: each the earliest round, after the numbered ones, in which neither player has one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from brightwell_plugin.adapters.base import (
    About,
    Fills,
    Format,
    Holds,
    ReadOptions,
    ReadResult,
    lost_pairings,
    lost_unlisted,
    metadata,
)
from brightwell_plugin.adapters.numbers import digits
from brightwell_plugin.adapters.papp import elo_lines as elo
from brightwell_plugin.adapters.papp.infer import BOARD, Totals, infer
from brightwell_plugin.adapters.papp.placing import RESULT, Placed, nobody
from brightwell_plugin.adapters.textio import decode
from brightwell_plugin.plugin import (
    BrightwellError,
    cut_short,
    hookimpl,
    Kind,
    LEFT_OUT,
    new_entry,
    new_player,
    Player,
    PlayoffGame,
    read_input,
    RoundEntry,
    Side,
    Tournament,
)

_SECOND_RESULT = {sign: result.reverse for sign, result in RESULT.items()}  # the second player's


@dataclass
class _Built:
    players: list[Player]
    playoffs: list[PlayoffGame]
    played: int
    warnings: list[str]
    unexplained: int
    contradicted: int = 0
    inferred: int = 0  # rounds not listed, supposed byes or absences


def standing_order(lines: elo.Lines) -> bool:
    """Whether the player list is the standings: Papp lists the players in standing order with their
    totals (points, discs; or places, ``5-8``); a list none of whose lines gives any
    (``%_% 2908, FERRANDO, Marco``) is the roster, in the order players were entered: no place."""
    return any(p.points is not None or p.discs is not None or p.written for p in lines.players)


def _places_not_points(lines: elo.Lines, file: str, warnings: list[str]) -> None:
    """A list whose points column holds shared places (``5-8``) holds places, not points: none is read."""
    shared = [p for p in lines.players if p.points is None and p.written and elo.PLACES.match(p.written[0])]
    if shared:
        lines.players[:] = [p._replace(points=None) for p in lines.players]
        warnings.append(f"{file}: the column after the country holds places ('{shared[0].written[0]}' on line "
                        f"{shared[0].line}), not points: no stored points read")


def _cut_short(lines: elo.Lines, text: str, file: str, allowed: bool) -> str | None:
    """What shows the file cut short: half its listed players (three at least) stored more points than
    the rounds its games hold can give. Refused (a cut WOC file ranked "after round 5" else), or with
    ``--cut-short`` (``allowed``) what it says is returned for one warning."""
    rounds = [g.stage for g in lines.games if isinstance(g.stage, int)]
    listed = [p for p in lines.players if p.points is not None]
    if not rounds or not listed:
        return None
    held = max(max(rounds), lines.last_marked)  # a round marked, even with no game (its byes in the totals)
    over = [p for p in listed if p.points > held + 1e-9]
    if len(over) < max(3, len(listed) / 2):
        return None
    said = (f"{len(over)} of {len(listed)} listed players stored more points than its {held} round(s) of games can "
            f"give, e.g. {over[0].name} {over[0].points:g}")
    if not allowed:
        raise cut_short(file, said, f"line {text.count(chr(10)) + 1}")
    return said


def _listed_zero(lines: elo.Lines, file: str, warnings: list[str]) -> None:
    """A listed player whose id is 0 (a bye elsewhere) plays the games naming 0: numbered after the others."""
    zero = [p for p in lines.players if nobody(p.id)]
    if len(zero) != 1:
        return
    ids = [int(x) for p in lines.players for x in (p.id,) if digits(x)]
    ids += [int(x) for g in lines.games + lines.commented for x in (g.first, g.second) if digits(x)]
    new = str(max(ids) + 1)
    lines.players[:] = [p._replace(id=new) if p is zero[0] else p for p in lines.players]
    for games in (lines.games, lines.commented):
        games[:] = [g._replace(first=new if nobody(g.first) else g.first,
                               second=new if nobody(g.second) else g.second) for g in games]
    warnings.append(f"{file}: line {zero[0].line}: {zero[0].name} is listed with id 0, which a start number cannot "
                    f"be: numbered {new}, with the games naming 0")


class PappFormat(Format):
    name = "papp"
    about = About("Papp ELO export (WOF rating archive; FlipTheDisc writes it too)", (".elo",), can_write=True)
    fills = Fills(needs_results=True)  # the players are listed in standing order, with their totals
    holds = Holds(carries_playoffs=True)

    def sniff(self, path, head):
        text = head.decode("latin-1")
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if not lines:
            return False
        marked = sum(ln.startswith(("%%", "%_%", "%Round")) for ln in lines)
        games = sum(bool(elo.GAME.match(ln)) for ln in lines)
        other = len(lines) - marked - games - sum(ln.startswith("%") for ln in lines if not ln.startswith(("%%", "%_%")))
        # every line is a marker, a comment or a game: a README quoting Papp's markers is not Papp
        return marked > 0 and other <= (1 if len(head) >= 4096 else 0) and (games > 0 or "%_%" in text)

    def read(self, options: ReadOptions) -> ReadResult:
        path, encoding = options.path, options.encoding
        file = str(path)
        text, _, warnings = decode(read_input(path), encoding, file, fallback="latin-1")
        lines = elo.split(text, file)
        if not lines.players and not lines.games:
            raise BrightwellError("no player and no game: not a Papp ELO file", file=file)
        _places_not_points(lines, file, warnings)
        _listed_zero(lines, file, warnings)
        cut = _cut_short(lines, text, file, options.cut_short)
        numbers, unknown = self._numbers(lines, file, warnings)
        left_out: list[str] = []
        games = self._sound(lines.games, numbers, file, warnings, left_out)
        built = self._build(lines, numbers, games, unknown, file)
        if built.contradicted:  # Papp's results are what the discs say; another program's sign may mean more
            signs = self._build(lines, numbers, games, unknown, file, by_discs=False)
            if signs.unexplained < built.unexplained:
                built = signs
        commented = self._sound([g._replace(rated=False) for g in lines.commented], numbers, file, [], [])
        if commented:
            with_them = self._build(lines, numbers, games + commented, unknown, file)
            if (with_them.unexplained, with_them.inferred) < (built.unexplained, built.inferred):
                built = with_them
                warnings.append(f"{file}: {len(commented)} game line(s) behind '%' are read as games of the event, "
                                "left out of ratings: the stored totals count them")
            else:
                warnings.append(f"{file}: {len(commented)} game line(s) behind '%' are comments: the stored totals "
                                "do not count them")
        if cut:  # one warning: the per-player ones would each say what the cut says
            warnings.append(f"{file}: the file is cut short ({cut}): ranked as it stands, its stored totals not "
                            "compared")
            warnings += [w for w in built.warnings if "stored" not in w and "(inferred)" not in w]
        else:
            warnings += built.warnings
        if lines.joined:
            warnings.append(f"{file}: {lines.joined} line(s) hold two games or more: each game is read")
        name = next((v for k, v in lines.meta if k == "papp Tournament" and v), path.stem)
        date = re.match(r"\s*(\d\d)/(\d\d)/(\d{4})", dict(lines.meta).get("papp Date", ""))
        start = f"{date[3]}-{date[2]}-{date[1]}" if date else None
        if not lines.games:
            warnings.append(f"{file}: the file lists no games; only its stored totals and order are known")
        counted = [g for g in games if not isinstance(g.stage, str)]
        scored = sum(g.score is not None for g in counted)
        if scored == len(counted) and scored:
            tiebreaks = ("PTS", "BQ:preset=papp", "DISCS")
        elif scored:
            tiebreaks = ("PTS", "BH")
            warnings.append(f"{file}: {len(counted) - scored} of {len(counted)} games have no disc counts: the file "
                            "is ranked by PTS,BH (BQ and DISCS need every game's discs)")
        else:
            tiebreaks = ("PTS",)  # results only (Papp 1.28): nothing to break ties with
        return ReadResult(Tournament(
            name=name, players=tuple(built.players), rounds=max(built.played, lines.planned or 0) or None,
            game="othello", board=BOARD, start_date=start, tiebreaks=tiebreaks,
            metadata=tuple(lines.meta) + tuple((LEFT_OUT, x) for x in left_out), playoffs=tuple(built.playoffs),
        ), tuple(warnings))

    @staticmethod
    def _sound(games, numbers, file: str, warnings: list[str], left_out: list[str]) -> list[elo.GameLine]:
        """The game lines without the data errors (a player against himself, discs over the board): each
        is left out with a warning naming its line, and recorded (``--strict`` refuses the file)."""
        out = []
        for g in games:
            first, second = numbers.get(g.first), numbers.get(g.second)
            if first is not None and first == second:
                why = f"line {g.line}: player {g.first} plays himself"
            elif g.score is not None and g.score + g.opp_score > BOARD:
                why = f"line {g.line}: discs {g.score:g}+{g.opp_score:g} exceed the board of {BOARD}"
            else:
                out.append(g)
                continue
            warnings.append(f"{file}: {why}: the game is left out (the standings are partial)")
            left_out.append(why)
        return out

    def _build(self, lines, numbers, games, unknown: int, file: str, by_discs: bool = True) -> _Built:
        """The players, play-offs and rounds of these games, the warnings, and how many players' stored
        totals nothing explains."""
        placed = Placed(numbers, lines.planned, by_discs, file)
        for g in games:
            placed.add(g)
        placed.place_loose()
        warnings = placed.said(unknown)
        rounds, byes = placed.rounds, placed.byes
        played = max([r for p in rounds.values() for r in p] + [r for p in byes.values() for r in p], default=0)
        if byes:
            warnings.append(f"{file}: {sum(map(len, byes.values()))} game(s) against player 0 are read as byes")
        players = self._players(lines, numbers, rounds, played, placed.playoffs, file, warnings,
                                timed=not placed.loose, byes=byes)
        unexplained = sum("which no bye or absence explains" in w for w in warnings)
        inferred = sum(e.kind is not Kind.GAME for p in players for e in p.rounds)  # byes and absences supposed
        return _Built(players, placed.playoffs, played, warnings, unexplained, placed.contradicted, inferred)

    @staticmethod
    def _numbers(lines: elo.Lines, file: str, warnings: list[str]) -> tuple[dict[str, int], int]:
        """Start number of each id text; '??????' only when a single listed player has it."""
        numbers: dict[str, int] = {}
        for p in lines.players:
            if digits(p.id):
                if int(p.id) in numbers.values():
                    raise BrightwellError(f"player {p.id} is listed twice", file=file, place=f"line {p.line}")
                numbers[p.id] = int(p.id)
        for g in lines.games:
            for who in (g.first, g.second):
                if who not in numbers and digits(who) and not nobody(who):  # most are known: the lookup first
                    numbers[who] = int(who)
        unknown = [p for p in lines.players if not digits(p.id)]
        if len(unknown) == 1:
            numbers[unknown[0].id] = max(numbers.values(), default=0) + 1
        else:
            for p in unknown:  # each gets a number of its own; games naming '??????' are ambiguous
                numbers[f"?{p.line}"] = max(numbers.values(), default=0) + 1
        if unknown:
            warnings.append(f"{file}: {len(unknown)} player(s) have no id ('??????'): numbered "
                            f"{', '.join(str(numbers[p.id] if len(unknown) == 1 else numbers[f'?{p.line}']) for p in unknown)}")
        return numbers, len(unknown)

    @staticmethod
    def _players(lines, numbers, rounds, played, playoffs, file, warnings, timed, byes=None) -> list[Player]:
        listed = {(numbers[p.id] if p.id in numbers else numbers[f"?{p.line}"]): p for p in lines.players}
        order = list(listed) + sorted(set(numbers.values()) - set(listed))
        entries: dict[int, list[RoundEntry | None]] = {}
        game, first_side, second_side = Kind.GAME, Side.FIRST, Side.SECOND  # read once: this loop makes every game
        for no in order:
            row: list[RoundEntry | None] = [None] * played
            for r, e in (byes or {}).get(no, {}).items():
                row[r - 1] = e
            for r, g in rounds.get(no, {}).items():
                first = numbers.get(g.first) == no if g.first in numbers else False
                black = not g.first_is_white
                if first:
                    row[r - 1] = new_entry(game, numbers[g.second], RESULT[g.result], first_side if black else second_side,
                                           g.score, g.opp_score, g.rated)
                else:
                    row[r - 1] = new_entry(game, numbers[g.first], _SECOND_RESULT[g.result],
                                           second_side if black else first_side, g.opp_score, g.score, g.rated)
            entries[no] = row
        totals = {no: Totals(p.points, p.discs) for no, p in listed.items() if p.points is not None}
        labels = {no: f"{listed[no].name} ({no})" if no in listed else
                  f"{lines.names[str(no)][0]} ({no})" if str(no) in lines.names else f"player {no}" for no in order}
        inferred = infer(entries, totals, playoffs, labels, file, warnings, timed)
        unlisted = [no for no in order if no not in listed]
        if listed and unlisted:
            warnings.append(f"{file}: player(s) {', '.join(map(str, unlisted))} play games but are not in the "
                            "player list")
        standings = standing_order(lines)
        players = []
        for rank, no in enumerate(order, 1):
            p = listed.get(no)
            name, federation = lines.names.get(str(no), (f"player {no}", None)) if p is None else (p.name, p.federation)
            got = inferred[no]
            extra = () if p is None or p.discs is None else (("papp discs", f"{p.discs:g}"),)
            if p is not None and p.written:
                extra += (("papp totals as written", ", ".join(p.written)),)
            players.append(new_player(
                start_no=no, name=name, rounds=got.rounds, federation=federation,
                rating=None if p is None else p.rating, stored_points=got.stored_points,
                stored_rank=rank if p is not None and standings else None, late_entry=got.late_entry,
                withdrawn_after=got.withdrawn_after, extra=extra,
            ))
        return players

    def cannot_carry(self, t: Tournament) -> list[str]:
        lost = lost_pairings(t) + lost_unlisted(t)
        kinds = {e.kind for p in t.players for e in p.rounds}
        if kinds & {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS}:
            lost.append("forfeits (an export lists games only)")
        if kinds & {Kind.HALF_BYE, Kind.ZERO_BYE, Kind.FULL_BYE}:
            lost.append("requested byes (only the pairing bye is inferred when read)")
        declared = "PTS,BQ:preset=papp,DISCS" if t.has_game_scores else "PTS"
        if t.tiebreaks and ",".join(t.tiebreaks) != declared:
            lost.append(f"the tie-break list {','.join(t.tiebreaks)} (an export declares none: it is read back as "
                        f"Papp's own, {declared})")
        pab = Kind.PAB
        credits = {(e.score, e.opp_score) for p in t.players for e in p.rounds if e.kind is pab}
        if (None, None) in credits:
            lost.append("byes without a disc credit (read back with the credit the stored discs imply)")
        if len(credits) > 1:
            lost.append("byes with different disc credits (a reader infers one credit per event)")
        if any(p.withdrawn_after is not None or p.late_entry for p in t.players):
            lost.append("withdrawals (an export lists no absences: they are inferred again when read)")
        if any(e.kind is Kind.GAME and e.score is None for p in t.players for e in p.rounds):
            lost.append("games without disc counts (written as 0)")
        if t.board not in (None, BOARD):
            lost.append(f"a board of {t.board} squares (Papp's is 64)")
        s = t.scoring
        if (s.win, s.draw, s.loss, s.absent) != (1, 0.5, 0, 0) or s.pab not in (None, s.win):
            lost.append(f"the points system (win {s.win:g}, draw {s.draw:g}, loss {s.loss:g}): an export counts a "
                        "win 1, a draw ½")
        other = sorted({k for k, _ in t.metadata if not k.startswith("papp ")})
        if other:
            lost.append(metadata(f"tournament metadata: {', '.join(other)}"))
        from brightwell_plugin.adapters.papp.writer import playoff_marker  # writing only (benchmarks/bench_start.py)
        renamed = sorted({g.stage for g in t.playoffs if playoff_marker(g.stage) not in (f"%Round {g.stage}",
                                                                                        "%%Added results")})
        if renamed:
            lost.append(metadata(f"the names of play-off stages a marker would read as a round number ("
                                 f"{', '.join(renamed)}): written as play-offs ('%{playoff_marker(renamed[0])[1:]}')"))
        return lost

    def dumps(self, t: Tournament) -> bytes:
        from brightwell_plugin.adapters.papp.writer import render  # writing only (benchmarks/bench_start.py)
        return render(t)


@hookimpl
def brightwell_register_formats(register):
    register(PappFormat())
