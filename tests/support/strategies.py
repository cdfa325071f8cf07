"""Hypothesis strategies: valid Swiss tournaments with every kind of round."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import strategies as st

from brightwell_plugin.model import Kind, Player, Result, RoundEntry, ScoringSystem, Side, Tournament

# Text any XML 1.0 document can carry (letters, digits, punctuation, symbols, spaces, tab, newline).
xml_text = st.text(st.characters(whitelist_categories=("L", "N", "P", "S", "Zs"), whitelist_characters="\t\n"),
                   max_size=12)
short_text = st.text(st.characters(whitelist_categories=("L", "N"), max_codepoint=0x2FFF), min_size=1, max_size=8)
pairs = st.lists(st.tuples(short_text, xml_text), max_size=3).map(tuple)
SCORINGS = [ScoringSystem(), ScoringSystem(3, 1, 0), ScoringSystem(2, 1, 0, 0, 1), ScoringSystem(1, 0.5, 0, 0, 0.5)]
BYES = [Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.PAB]


def played(t):
    """The rounds a TRF shows as played: up to the last with a result against an opponent (later
    rounds, byes and absences only, read as entered ahead for the round to be paired)."""
    last = max((r for p in t.players for r, e in enumerate(p.rounds, 1) if e.opponent is not None), default=0)
    return replace(t, players=tuple(replace(p, rounds=p.rounds[:last]) for p in t.players))


def active_in_round(draw, nos, withdrawn, late, r, rounds) -> list[int]:
    """Players who may be paired in round r; the others get an absence or a zero-point bye."""
    active = [no for no in nos if (withdrawn[no] is None or r <= withdrawn[no]) and (late[no] or 1) <= r]
    for no in nos:
        if no not in active:
            rounds[no].append(RoundEntry(draw(st.sampled_from([Kind.ABSENT, Kind.ZERO_BYE]))))
    return active


@st.composite
def game_scores(draw, board):
    if board is None:
        if draw(st.booleans()):
            return None, None
        return draw(st.integers(0, 700)), draw(st.integers(0, 700))
    own = draw(st.integers(0, board))
    return own, draw(st.integers(0, board - own))


@st.composite
def tournaments(draw, max_players=10, max_rounds=6):
    n = draw(st.integers(1, max_players))
    k = draw(st.integers(0, max_rounds))
    nos = draw(st.lists(st.integers(1, 9999), min_size=n, max_size=n, unique=True))
    board = draw(st.sampled_from([None, 64, 100]))
    withdrawn = {no: draw(st.none() | st.integers(0, max(k - 1, 0))) for no in nos}
    late = {no: draw(st.none() | st.integers(1, max(k, 1))) for no in nos}
    rounds: dict[int, list[RoundEntry]] = {no: [] for no in nos}
    for r in range(1, k + 1):
        order = draw(st.permutations(active_in_round(draw, nos, withdrawn, late, r, rounds)))
        if len(order) % 2:
            bye = draw(st.sampled_from(BYES))
            score, opp = draw(game_scores(board)) if draw(st.booleans()) else (None, None)
            rounds[order[-1]].append(RoundEntry(bye, score=score, opp_score=opp))
        for a, b in zip(order[0::2], order[1::2]):
            what = draw(st.sampled_from(["game", "game", "game", "forfeit", "double"]))
            if what == "game":
                result = draw(st.sampled_from(list(Result)))
                side = draw(st.sampled_from([None, Side.FIRST]))
                sa, sb = draw(game_scores(board))
                rated = draw(st.booleans())
                rounds[a].append(RoundEntry(Kind.GAME, b, result, side, sa, sb, rated))
                rounds[b].append(RoundEntry(Kind.GAME, a, result.reverse, side and side.other, sb, sa, rated))
            elif what == "forfeit":
                rounds[a].append(RoundEntry(Kind.FORFEIT_WIN, b))
                rounds[b].append(RoundEntry(Kind.FORFEIT_LOSS, a))
            else:
                rounds[a].append(RoundEntry(Kind.FORFEIT_LOSS, b))
                rounds[b].append(RoundEntry(Kind.FORFEIT_LOSS, a))
    scoring = draw(st.sampled_from(SCORINGS))
    players = []
    for no in nos:
        entries = tuple(rounds[no])
        stored = draw(st.sampled_from([None, sum(scoring.points(e) for e in entries)]))
        players.append(Player(
            start_no=no, name=draw(xml_text.filter(lambda s: s.strip())), rounds=entries,
            rating=draw(st.none() | st.integers(0, 3000)), federation=draw(st.none() | short_text),
            title=draw(st.none() | st.sampled_from(["GM", "IM", "FM", "g", "wm"])),
            sex=draw(st.none() | st.sampled_from(["m", "w"])), birth_date=draw(st.none() | st.just("1999/01/02")),
            ids=draw(pairs), late_entry=late[no], withdrawn_after=withdrawn[no], stored_points=stored,
            stored_rank=draw(st.none() | st.integers(1, n)), extra=draw(pairs),
        ))
    return Tournament(
        name=draw(xml_text), players=tuple(players), rounds=draw(st.sampled_from([None, k, k + 2])),
        scoring=scoring, game=draw(st.sampled_from([None, "othello", "scrabble", "chess"])), board=board,
        system=draw(st.sampled_from(["swiss", "round-robin"])), start_date=draw(st.none() | st.just("2025-04-01")),
        tiebreaks=draw(st.lists(st.sampled_from(["PTS", "BQ:preset=woc", "BH/C1", "SB", "DISCS"]), max_size=3)
                       .map(tuple)),
        metadata=draw(pairs),
    )


@st.composite
def chess_tournaments(draw, max_players=12, max_rounds=7):
    """Swiss events as pairing programs write them: start numbers 1..n, colours on every game
    and forfeit, byes of every kind, double forfeits, withdrawals, late entries, unrated players."""
    n = draw(st.integers(2, max_players))
    k = draw(st.integers(1, max_rounds))
    nos = list(range(1, n + 1))
    withdrawn = {no: draw(st.none() | st.integers(1, k)) for no in nos}
    late = {no: draw(st.none() | st.integers(1, k)) for no in nos}
    rounds: dict[int, list[RoundEntry]] = {no: [] for no in nos}
    for r in range(1, k + 1):
        order = list(draw(st.permutations(active_in_round(draw, nos, withdrawn, late, r, rounds))))
        requested = draw(st.integers(0, min(2, len(order))))
        for _ in range(requested):  # requested half/zero-point byes
            rounds[order.pop()].append(RoundEntry(draw(st.sampled_from([Kind.HALF_BYE, Kind.ZERO_BYE]))))
        if len(order) % 2:
            rounds[order.pop()].append(RoundEntry(draw(st.sampled_from([Kind.PAB, Kind.PAB, Kind.FULL_BYE]))))
        for a, b in zip(order[0::2], order[1::2]):
            what = draw(st.sampled_from(["game"] * 6 + ["forfeit", "double"]))
            if what == "game":
                result = draw(st.sampled_from(list(Result)))
                rounds[a].append(RoundEntry(Kind.GAME, b, result, Side.FIRST))
                rounds[b].append(RoundEntry(Kind.GAME, a, result.reverse, Side.SECOND))
            elif what == "forfeit":
                rounds[a].append(RoundEntry(Kind.FORFEIT_WIN, b, side=Side.FIRST))
                rounds[b].append(RoundEntry(Kind.FORFEIT_LOSS, a, side=Side.SECOND))
            else:
                rounds[a].append(RoundEntry(Kind.FORFEIT_LOSS, b, side=Side.FIRST))
                rounds[b].append(RoundEntry(Kind.FORFEIT_LOSS, a, side=Side.SECOND))
    all_rated = draw(st.booleans())
    rating = st.integers(1000, 2800) if all_rated else st.none() | st.integers(1000, 2800)
    players = tuple(Player(no, f"Player {no}", tuple(rounds[no]), rating=draw(rating)) for no in nos)
    return Tournament("Generated Swiss", players, rounds=k, system="swiss", start_date="2025-06-01")


@st.composite
def round_robins(draw, max_players=8):
    """All-play-all events (circle method), with forfeits, double forfeits and unrated players."""
    n = draw(st.integers(3, max_players))
    slots = list(range(1, n + 1)) + ([0] if n % 2 else [])
    m = len(slots)
    rounds: dict[int, list[RoundEntry]] = {no: [] for no in range(1, n + 1)}
    for r in range(m - 1):
        ring = [slots[0]] + slots[1:][-r:] + slots[1:][:-r] if r else list(slots)
        for a, b in zip(ring[: m // 2], reversed(ring[m // 2:])):
            if 0 in (a, b):
                rounds[a or b].append(RoundEntry(Kind.ABSENT))
                continue
            what = draw(st.sampled_from(["game"] * 8 + ["forfeit", "double"]))
            if what == "game":
                result = draw(st.sampled_from(list(Result)))
                rounds[a].append(RoundEntry(Kind.GAME, b, result, Side.FIRST))
                rounds[b].append(RoundEntry(Kind.GAME, a, result.reverse, Side.SECOND))
            else:
                rounds[a].append(RoundEntry(Kind.FORFEIT_WIN if what == "forfeit" else Kind.FORFEIT_LOSS, b,
                                            side=Side.FIRST))
                rounds[b].append(RoundEntry(Kind.FORFEIT_LOSS, a, side=Side.SECOND))
    rating = st.integers(1000, 2800) if draw(st.booleans()) else st.none() | st.integers(1000, 2800)
    players = tuple(Player(no, f"Player {no}", tuple(rounds[no]), rating=draw(rating)) for no in range(1, n + 1))
    return Tournament("Generated round robin", players, rounds=m - 1, system="round-robin", start_date="2026-04-01")
