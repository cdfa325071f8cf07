"""One validation pass over a tournament: contradictions are errors, doubtful totals warnings."""

from __future__ import annotations

from typing import NamedTuple

from brightwell_plugin.errors import ValidationError
from brightwell_plugin.limits import MAX_ROUNDS_VARIABLE, max_rounds
from brightwell_plugin.model import PUBLISHED_AFTER, Kind, Number, Player, Result, RoundEntry, Tournament, further_games

_PAIRED = (Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAIRED)
LARGEST = 1_000_000  # no game score, point value or bonus is larger (NaN and infinities are refused too)
_FORFEITS = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS)


class Issue(NamedTuple):
    severity: str  # "error" | "warning"
    place: str
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.message}"


def _where(p: Player, r: int | None = None) -> str:
    text = f"player {p.start_no} ({p.name})"
    return f"{text}, round {r}" if r else text


def _fmt(x: float) -> str:
    return f"{x:g}"


def validate(t: Tournament) -> list[Issue]:
    """Every problem found, errors first."""
    errors: list[Issue] = []
    warnings: list[Issue] = []
    by_no: dict[int, Player] = {}
    plain = _plainly_in_bounds(t)
    if not plain and _wrong_types(t, errors):
        return errors
    for p in t.players:
        if p.start_no in by_no:
            errors.append(Issue("error", _where(p), f"start number {p.start_no} is used twice"))
        by_no[p.start_no] = p

    more = bool(further_games(t))  # further games in a round: mirrored game by game
    totals = None if errors or more else _all_plainly_consistent(t, by_no)  # each player's points, when consistent
    if totals is None:
        _diagnose(t, by_no, errors, more)
    if not plain:
        _check_rounds(t, errors)
        _check_numbers(t, errors)
    if t.teams is not None:
        _check_team_rounds(t, errors)
    for n, g in enumerate(t.playoffs, 1):
        for who in (g.first, g.second):
            if who not in by_no:
                errors.append(Issue("error", f"play-off game {n} ({g.stage})", f"unknown player {who}"))
    total = t.scoring.total
    upto = _stored_as_of(t)
    further: dict[int, list[tuple[int, RoundEntry]]] = {}  # each player's further games: (round, record)
    for i, r, _, e in (further_games(t) if more else ()):
        further.setdefault(i, []).append((r, e))
    for i, p in enumerate(t.players):
        if p.withdrawn_after is not None:
            for r, e in enumerate(p.rounds[p.withdrawn_after:], p.withdrawn_after + 1):
                if e.kind is Kind.GAME or e.kind is Kind.PAIRED:  # a forfeit he lost is what a round robin records
                    errors.append(Issue("error", _where(p, r), f"has a {e.kind.value} after withdrawing "
                                                               f"after round {p.withdrawn_after}"))
        if p.stored_points is not None:
            computed = (total(p.rounds[:upto]) if totals is None or upto is not None else totals[i]) + p.bonus
            if i in further:
                computed += total(tuple(e for r, e in further[i] if upto is None or r <= upto))
            if abs(computed - p.stored_points) > 1e-9:
                warnings.append(Issue("warning", _where(p),
                                      f"stored points {_fmt(p.stored_points)} disagree with the results, "
                                      f"which give {_fmt(computed)}"))
    return errors + warnings


def _plainly_in_bounds(t: Tournament) -> bool:
    """Fast pass: every count and number of the event and its players has its type and lies within
    bounds, and no player has more rounds than planned. Anything else goes to the full passes."""
    planned, s, big = t.rounds, t.scoring, LARGEST
    if planned is not None and (type(planned) is not int or not 0 <= planned <= max_rounds()):
        return False
    if not all(type(v) in (int, float) and -big <= v <= big
               for v in (s.win, s.draw, s.loss, s.absent, 0 if s.pab is None else s.pab)):
        return False
    longest = planned if planned is not None else 1 << 62
    for p in t.players:
        no, late, out, rating, rank, bonus, points = (p.start_no, p.late_entry, p.withdrawn_after, p.rating,
                                                      p.stored_rank, p.bonus, p.stored_points)
        if (type(no) is not int or no < 1 or len(p.rounds) > longest
                or (late is not None and (type(late) is not int or late < 0))
                or (out is not None and (type(out) is not int or out < 0))
                or (rating is not None and type(rating) is not int)
                or (rank is not None and (type(rank) is not int or rank < 0))
                or type(bonus) not in (int, float) or not -big <= bonus <= big
                or (points is not None and (type(points) not in (int, float) or not -big <= points <= big))):
            return False
    return True


def _stored_as_of(t: Tournament) -> int | None:
    """The round a file's stored totals are as of, where it says one before its last (chess-results'
    ``rankinground``): None, every round."""
    value = dict(t.metadata).get(PUBLISHED_AFTER, "")
    return int(value) if value.isdigit() and int(value) < t.rounds_played else None


_WHOLE_FIELDS = ("late_entry", "withdrawn_after", "stored_rank")  # whole numbers from 0, or None


def _wrong_types(t: Tournament, errors: list[Issue]) -> bool:
    """A reader of a typed format (JSON) may pass on a value of another type: refused here, before
    any check compares it."""
    if t.rounds is not None and type(t.rounds) is not int:
        errors.append(Issue("error", "the event", f"{t.rounds!r} planned rounds is not a number of rounds"))
    s = t.scoring
    for label, value in (("win", s.win), ("draw", s.draw), ("loss", s.loss), ("absent", s.absent), ("pab", s.pab)):
        if value is not None and type(value) not in (int, float):
            errors.append(Issue("error", "the scoring", f"{label} = {value!r} is not a number of points"))
    for p in t.players:
        if type(p.start_no) is not int or p.start_no < 1:
            errors.append(Issue("error", f"player {p.start_no!r} ({p.name})", "a start number is a whole number from 1"))
            continue
        for name in _WHOLE_FIELDS:
            value = getattr(p, name)
            if value is not None and (type(value) is not int or value < 0):
                errors.append(Issue("error", _where(p), f"{name.replace('_', ' ')} {value!r} is not a whole number"))
        if p.rating is not None and type(p.rating) is not int:  # a rating may be negative (OpenGotha, Papp)
            errors.append(Issue("error", _where(p), f"rating {p.rating!r} is not a whole number"))
        for name in ("bonus", "stored_points"):
            value = getattr(p, name)
            if value is not None and type(value) not in (int, float):
                errors.append(Issue("error", _where(p), f"{name.replace('_', ' ')} {value!r} is not a number"))
    return bool(errors)


def _out_of_range(x) -> bool:
    return x is not None and not -LARGEST <= x <= LARGEST  # NaN compares false: out of range


def _check_numbers(t: Tournament, errors: list[Issue]) -> None:
    """Point values, bonuses and stored points are finite numbers of a sensible size."""
    s = t.scoring
    for label, value in (("win", s.win), ("draw", s.draw), ("loss", s.loss), ("absent", s.absent), ("pab", s.pab)):
        if _out_of_range(value):
            errors.append(Issue("error", "the scoring", f"{label} = {value!r} is not a number of points"))
    for p in t.players:
        for label, value in (("bonus", p.bonus), ("stored points", p.stored_points)):
            if _out_of_range(value):
                errors.append(Issue("error", _where(p), f"{label} {value!r} is not a number of points"))


def _check_rounds(t: Tournament, errors: list[Issue]) -> None:
    """The planned number of rounds is a count within the limit, and no round beyond it is played."""
    planned, limit = t.rounds, max_rounds()  # an int or None: _wrong_types refused any other type
    if planned is None:
        return
    if not 0 <= planned <= limit:
        why = f"beyond the limit of {limit} (set {MAX_ROUNDS_VARIABLE} to raise it)" if planned > limit \
            else "not a number of rounds"
        errors.append(Issue("error", "the event", f"{planned!r} planned rounds is {why}"))
        return
    for p in t.players:
        if len(p.rounds) > planned:
            beyond = [r for r, e in enumerate(p.rounds[planned:], planned + 1) if e.kind is not Kind.ABSENT]
            if beyond:
                errors.append(Issue("error", _where(p, beyond[0]), f"a round beyond the event's {planned} rounds"))
                return


def _check_team_rounds(t: Tournament, errors: list[Issue]) -> None:
    """Every match's round is a round of the event, within the rounds limit (the team standings
    make a record for each round up to the last match's)."""
    limit = max_rounds()
    bad = next((m for m in t.teams.matches if type(m.round) is not int or not 1 <= m.round <= limit), None)
    if bad is not None:
        why = f"beyond the limit of {limit} rounds (set {MAX_ROUNDS_VARIABLE} to raise it)" if isinstance(
            bad.round, int) and bad.round > limit else "not a round number (rounds count from 1)"
        errors.append(Issue("error", f"the match of team {bad.first}", f"round {bad.round!r} is {why}"))


def _all_plainly_consistent(t: Tournament, by_no: dict[int, Player]) -> list[Number] | None:
    """Fast pass: every game mirrored by the opponent (result, side, scores), scores possible,
    every other round unpaired or a mirrored forfeit; then each player's points from the rounds
    (``ScoringSystem.total``, summed in the same pass over the records). None for anything else,
    which goes to :func:`_diagnose`.

    Each pairing is checked once, from its lower start number, and covers both records; when the
    records with an opponent outnumber those covered, something is one-sided."""
    board, game, pending, scoring = t.board, Kind.GAME, Kind.PAIRED, t.scoring
    of_game, loss, points = {Result.WIN: scoring.win, Result.DRAW: scoring.draw}, scoring.loss, scoring.points
    reverse = {r: r.reverse for r in Result}  # looked up, not read as a property: this loop sees every game
    paired = covered = 0
    totals = []
    for p in t.players:
        no, got = p.start_no, 0
        for r, e in enumerate(p.rounds):
            kind, opponent = e.kind, e.opponent
            got += of_game.get(e.result, loss) if kind is game else points(e)
            if opponent is None:
                if kind is game or kind is pending or not _possible_scores(e.score, e.opp_score, board):  # a bye may be credited a score
                    return None
                continue
            paired += 1
            if not no < opponent:
                continue  # the lower start number checks this pairing
            o = by_no.get(opponent)
            if o is None or len(o.rounds) <= r:
                return None
            oe = o.rounds[r]
            if oe.opponent != no:
                return None
            if kind is game:
                if (e.result is None or oe.kind is not game or oe.result is not reverse[e.result]
                        or (e.side is not None and oe.side is e.side)
                        or oe.opp_score != e.score or oe.score != e.opp_score):
                    return None
                score, opp_score = e.score, e.opp_score
                if (score is not None or opp_score is not None) and not _possible_scores(score, opp_score, board):
                    return None
            elif kind is pending:
                if oe.kind is not pending or e.result is not None or oe.result is not None \
                        or e.score is not None or oe.score is not None:
                    return None
            elif (kind not in _FORFEITS or oe.kind not in _FORFEITS  # a forfeit; a double one: both lose,
                  or e.score is not None  # or both are given the win (Go's both-win) or e.opp_score is not None
                  or oe.score is not None or oe.opp_score is not None):
                return None
            covered += 2
        totals.append(got)
    return totals if paired == covered else None


def _possible_scores(score, opp_score, board) -> bool:
    """No score, or scores :func:`_check_entry` accepts: from 0 to LARGEST, together within the board."""
    if score is None and opp_score is None:
        return True
    own, other = score or 0, opp_score or 0  # NaN is true: kept, and refused below
    return 0 <= own <= LARGEST and 0 <= other <= LARGEST and (board is None or own + other <= board)


def _diagnose(t: Tournament, by_no: dict[int, Player], errors: list[Issue], more: bool = False) -> None:
    """The full pass, with a message for every problem; with further games in a round (``more``) the
    pairings are checked by :func:`_check_sides`."""
    if more:
        _check_sides(t, by_no, errors)
    seen: dict[tuple[int, int], int] = {}  # (round, opponent) -> who named him
    for p in t.players:
        for r, e in enumerate(p.rounds, 1):
            errors.extend(Issue("error", _where(p, r), m) for m in _check_entry(t, by_no, p, r, e, more))
            if not more and e.kind in _PAIRED and e.opponent is not None:
                first = seen.setdefault((r, e.opponent), p.start_no)
                if first != p.start_no:
                    errors.append(Issue("error", _where(p, r),
                                        f"opponent {e.opponent} is also paired with player {first} "
                                        "in this round (a player twice in a round)"))


def _check_sides(t: Tournament, by_no: dict[int, Player], errors: list[Issue]) -> None:
    """An event with further games in a round (``Player.more_games``): each is a game of a round the
    player has a record of, and every player names each opponent in a round as often as the opponent
    names him (a game against himself is two records of his)."""
    count: dict[tuple[int, int, int], int] = {}
    for p in t.players:
        for r, e in enumerate(p.rounds, 1):
            if e.kind in _PAIRED and e.opponent is not None:
                count[r, p.start_no, e.opponent] = count.get((r, p.start_no, e.opponent), 0) + 1
    for i, r, _, e in further_games(t):
        p = t.players[i]
        if type(r) is not int or not 1 <= r <= len(p.rounds) or p.rounds[r - 1].kind is Kind.ABSENT:
            errors.append(Issue("error", _where(p), f"a further game in round {r!r}, where he has no record"))
        elif e.kind not in _PAIRED or e.opponent is None:
            errors.append(Issue("error", _where(p, r), f"a further game that is no game ({_describe(e)})"))
        else:
            errors.extend(Issue("error", _where(p, r), m) for m in _check_entry(t, by_no, p, r, e, True))
            count[r, p.start_no, e.opponent] = count.get((r, p.start_no, e.opponent), 0) + 1
    for (r, a, b), n in sorted(count.items()):
        p = by_no[a]
        if b not in by_no:
            errors.append(Issue("error", _where(p, r), f"unknown opponent {b}"))
        elif a == b and n % 2:
            errors.append(Issue("error", _where(p, r), "one record of a game against himself (a game has two)"))
        elif a != b and count.get((r, b, a), 0) != n and (a < b or (r, b, a) not in count):
            errors.append(Issue("error", _where(p, r), f"{n} game(s) against {b}, whose round {r} has "
                                                       f"{count.get((r, b, a), 0)} against him"))


def _check_entry(t: Tournament, by_no: dict[int, Player], p: Player, r: int, e: RoundEntry, sided: bool = False):
    """What is wrong with one record; with ``sided``, its pairing is left to :func:`_check_sides`."""
    for label, value in (("game score", e.score), ("opponent's game score", e.opp_score)):
        if value is not None and value < 0:
            yield f"{label} {_fmt(value)} is negative"
        elif _out_of_range(value):
            yield f"{label} {value!r} is not a game score (NaN, infinite or above {LARGEST})"
    if t.board is not None:
        total = (e.score or 0) + (e.opp_score or 0)
        if total > t.board:
            yield f"game scores {_fmt(e.score or 0)}+{_fmt(e.opp_score or 0)} exceed the board size {t.board}"
    if e.kind is Kind.GAME and e.result is None:
        yield "a game without a result"
    if e.kind is Kind.GAME and e.opponent is None:
        yield "a game without an opponent"
    if e.kind is Kind.PAIRED and (e.opponent is None or e.result is not None):
        yield "a pairing without a result names an opponent and no result"
    if e.kind not in _PAIRED or e.opponent is None or sided:
        return
    if e.opponent == p.start_no:
        yield "is paired with himself"
        return
    o = by_no.get(e.opponent)
    if o is None:
        yield f"unknown opponent {e.opponent}"
        return
    oe = o.entry(r)
    if oe.opponent != p.start_no or oe.kind not in _PAIRED:
        yield f"plays {e.opponent}, but player {e.opponent}'s round {r} says {_describe(oe)}"
        return
    if e.kind is Kind.GAME:
        if oe.kind is not Kind.GAME or (e.result and oe.result is not e.result.reverse):
            yield (f"result {e.result.value if e.result else '?'} against {e.opponent} contradicts "
                   f"the opponent's record ({_describe(oe)})")
        elif e.side is not None and oe.side is not None and e.side is oe.side:
            yield f"both players have side {e.side.value} against each other"
        elif e.score is not None and oe.opp_score is not None and e.score != oe.opp_score:
            yield f"game score {_fmt(e.score)} differs from the opponent's record of it ({_fmt(oe.opp_score)})"
    elif (e.kind is Kind.PAIRED) != (oe.kind is Kind.PAIRED):
        yield f"a pairing without a result against {e.opponent}, but player {e.opponent}'s round {r} says {_describe(oe)}"
    elif e.kind is Kind.FORFEIT_WIN and oe.kind not in _FORFEITS:  # a double forfeit win: both given the win
        yield f"forfeit win against {e.opponent} contradicts the opponent's record ({_describe(oe)})"
    elif e.kind is Kind.FORFEIT_LOSS and oe.kind is Kind.GAME:
        yield f"forfeit loss against {e.opponent} contradicts the opponent's record ({_describe(oe)})"


def _describe(e: RoundEntry) -> str:
    text = e.kind.value
    if e.result is not None:
        text += f" {e.result.value}"
    if e.opponent is not None:
        text += f" against {e.opponent}"
    return text


def validated(t: Tournament, file: str | None = None) -> list[str]:
    """Raise the first error as a :class:`ValidationError`; return the warnings as text."""
    issues = validate(t)
    for issue in issues:
        if issue.severity == "error":
            raise ValidationError(issue.message, file=file, place=issue.place)
    return [f"{file}: {i}" if file else str(i) for i in issues]  # every message names its file
