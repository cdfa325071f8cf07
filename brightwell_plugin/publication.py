"""What a published event holds, as one JSON-ready document: the standings after each round, the
crosstable, every player's rounds and explanations, a comparison (docs/standings-json.md)."""

from __future__ import annotations

from collections.abc import Sequence

from brightwell_plugin import __version__
from brightwell_plugin.criteria.base import Explanation, json_number
from brightwell_plugin.crosstable import cell, crosstable, records
from brightwell_plugin.fast import gc_paused
from brightwell_plugin.model import Tournament
from brightwell_plugin.plugins.host import Host
from brightwell_plugin.progress import progress
from brightwell_plugin.standings import Standings, explain_everyone, players_view, rank, shared_ranks, view

SCHEMA = "brightwell-standings"
VERSION = 2


def _standings(standings: Standings, wdl: dict[int, list], points: dict[int, float]) -> dict:
    """One round's standings; ``wdl``: each player's W-D-L after each round."""
    shared = shared_ranks(standings)
    k = standings.after_round
    rows = []
    for r in standings.rows:
        w, d, lost = wdl[r.start_no][k - 1] if k else (0, 0, 0)
        rows.append({"rank": r.rank, "shared": r.rank in shared, "start_no": r.start_no,
                     "points": json_number(points[r.start_no]), "wins": w, "draws": d, "losses": lost,
                     "values": [json_number(v) for v in r.values]})
    return {"after_round": k, "rows": rows}


def _explanation(e: Explanation) -> dict:
    return {"item": e.item, "value": json_number(e.value), "notes": list(e.notes),
            "parts": [{"label": p.label, "value": None if p.value is None else json_number(p.value),
                       "detail": p.detail, "round": p.round} for p in e.parts]}


def _player(p, cells) -> dict:
    return {
        "start_no": p.start_no, "name": p.name, "federation": p.federation, "rating": p.rating, "title": p.title,
        "late_entry": p.late_entry, "withdrawn_after": p.withdrawn_after,
        "rounds": [{"round": c.round, "kind": c.kind, "opponent": c.opponent, "side": c.side or None,
                    "outcome": c.outcome or None, "score": c.score or None, "points": json_number(c.points),
                    "text": c.text} for c in cells],
    }


def named(warnings: Sequence[str], path, name: str) -> list[str]:
    """A reader's warnings as pages show them: the file called ``name``, not where it lies on this machine."""
    return [str(w).replace(str(path), name) for w in warnings]


def document(t: Tournament, spec: str | Sequence[str] | None = None, compare: str | None = None,
             after_round: int | None = None, source: str = "", edition: int | str | None = None,
             warnings: Sequence[str] = (), *, host: Host) -> dict:
    """The whole publication of ``t``: standings after each round up to ``after_round`` (default: all).
    Of a team event, ``spec`` ranks the teams (``doc["teams"]``) and the players by their default."""
    with gc_paused():  # a large event makes hundreds of thousands of small, acyclic dicts
        teams = view(t)  # of an individual event, its players
        players_spec = None if teams.ranks_teams else spec
        doc = outline(t, players_spec, compare, after_round, source, edition, warnings, host=host)
        doc["explanations"] = explanations(t, players_spec, doc["event"]["after_round"], edition, host=host)
        if teams.ranks_teams:
            doc["teams"] = team_part(teams, spec, doc["event"]["after_round"], edition, host)
        return doc


def team_part(teams: Tournament, spec, after_round: int, edition: int | str | None, host: Host) -> dict:
    """A team event's teams (its team view): their standings, matches (the boards' results) and explanations."""
    standings = rank(teams, spec, after_round, host, edition)
    shared = shared_ranks(standings)
    section = teams.teams
    results = [section.match_result(m) for m in section.matches]
    return {
        "tiebreaks": list(standings.headings),
        "standings": [{"rank": r.rank, "shared": r.rank in shared, "number": r.start_no, "name": r.name,
                       "values": [json_number(v) for v in r.values]} for r in standings.rows],
        "teams": [{"number": team.number, "name": team.name, "short_name": team.short_name,
                   "members": list(team.members)} for team in section.teams],
        "matches": [{"round": m.round, "first": m.first, "second": m.second, "bye": m.bye, "forfeit": m.forfeit,
                     "first_points": json_number(m.first_points), "second_points": json_number(m.second_points),
                     "first_match_points": json_number(a), "second_match_points": None if m.second is None else json_number(b),
                     "boards": [{"board": b.number, "first": b.first, "second": b.second,
                                 "first_points": json_number(b.first_points), "second_points": json_number(b.second_points)}
                                for b in m.boards]}
                    for m, (a, b) in zip(section.matches, results) if m.round <= after_round],
        "explanations": {str(team.number): [_explanation(e) for e in explained]
                         for team, explained in zip(section.teams, explain_everyone(teams, spec, after_round, host,
                                                                                     edition))},
    }


def outline(t: Tournament, spec: str | Sequence[str] | None = None, compare: str | None = None,
            after_round: int | None = None, source: str = "", edition: int | str | None = None,
            warnings: Sequence[str] = (), *, host: Host) -> dict:
    """The publication without its explanations (``doc["explanations"]`` is empty): everything
    the standings, crosstable and comparison pages need. Call it with the GC paused."""
    players = players_view(t)  # the players': of a team event too
    final = rank(players, spec, after_round, host, edition)
    last, stands = final.after_round, progress(t)
    per_round = [rank(players, spec, k, host, edition) for k in range(1, last)] + [final]
    final_ct = crosstable(t, final)
    cells = {r.start_no: r.cells for r in final_ct.rows}
    for p in t.players:  # a player the standings leave out has his rounds all the same (no game, no bye)
        cells.setdefault(p.start_no, tuple(cell(t, r, p.entry(r), 0, {}) for r in range(1, last + 1)))
    numbers = [p.start_no for p in t.players]
    wdl = {no: records(row_cells) for no, row_cells in cells.items()}
    standings = [_standings(s, wdl, dict(zip(numbers, s.points))) for s in per_round]
    doc = {
        "schema": SCHEMA, "version": VERSION, "generator": f"brightwell-plugin {__version__}",
        "event": {"name": t.name, "source": source, "game": t.game, "board": t.board, "system": t.system,
                  "rounds_planned": t.rounds, "rounds_played": stands.played, "rounds_paired": stands.paired,
                  "after_round": last,
                  "start_date": t.start_date, "end_date": t.end_date},
        "tiebreaks": list(final.headings),
        "players": [_player(p, cells[p.start_no]) for p in t.players],
        "not_ranked": [{"start_no": r.start_no, "name": r.name} for r in final.unlisted],  # Player.listed
        "standings": standings,
        "explanations": {},
        "comparison": None,
        "playoffs": playoffs(t, final),  # games after the ranked rounds: shown, never ranked
        "warnings": [str(w) for w in warnings],
        "teams": None,
    }
    if compare:
        other = rank(players, compare, last, host, edition)
        doc["comparison"] = comparison(final, other)
    return doc


def playoffs(t: Tournament, final: Standings) -> list[dict]:
    """Each play-off game, its two players with their places in ``final``; the result and score
    are from the side of ``first``."""
    shared = shared_ranks(final)
    place = {r.start_no: r.rank for r in final.rows}
    names = {p.start_no: p.name for p in t.players}

    def side(no: int) -> dict:
        rank = place.get(no)
        return {"start_no": no, "name": names.get(no), "place": rank, "shared": rank in shared}
    return [{"stage": g.stage, "first": side(g.first), "second": side(g.second),
             "result": g.result.value if g.result else None,
             "score": json_number(g.score), "opp_score": json_number(g.opp_score)} for g in t.playoffs]


def explanations(t: Tournament, spec: str | Sequence[str] | None, after_round: int, edition: int | str | None = None,
                 players: range | None = None, *, host: Host) -> dict[str, list[dict]]:
    """Each player's explanations by start number (as text), of ``players`` (indices in the file's
    order; default: everyone)."""
    chosen = range(len(t.players)) if players is None else players
    explained = explain_everyone(players_view(t), spec, after_round, host, edition, chosen)
    return {str(t.players[i].start_no): [_explanation(e) for e in es] for i, es in zip(chosen, explained)}


def comparison(a: Standings, b: Standings) -> dict:
    """The players whose place differs between two standings of one event, most moved first."""
    place_a = {r.start_no: r.rank for r in a.rows}
    place_b = {r.start_no: r.rank for r in b.rows}
    values_b = {r.start_no: r.values for r in b.rows}
    moved = [{"start_no": r.start_no, "name": r.name, "rank": r.rank, "rank_compared": place_b[r.start_no],
              "move": r.rank - place_b[r.start_no], "values": [json_number(v) for v in r.values],
              "values_compared": [json_number(v) for v in values_b[r.start_no]]}
             for r in a.rows if place_a[r.start_no] != place_b[r.start_no]]
    moved.sort(key=lambda m: (-abs(m["move"]), m["rank"]))
    return {"tiebreaks": list(b.headings), "moved": moved}  # move > 0: placed higher under the compared list
