"""Players who leave (docs/rounds.md): a withdrawal shown in every output, and FIDE's rule for a round
robin's player who left having completed fewer than half his games (Tournament Rules C.06 art. V.4),
applied where the file says so or when asked, and said."""

from __future__ import annotations

import json
from dataclasses import replace

from click.testing import CliRunner

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.cli import main
from brightwell_plugin.leaving import NOT_COUNTED, annulled, short_of_half

# six players, a single round robin of five rounds (Berger), player 6 leaving after round 2
BERGER = [[(1, 6), (2, 5), (3, 4)], [(6, 4), (5, 3), (1, 2)], [(2, 6), (3, 1), (4, 5)],
          [(6, 5), (1, 4), (2, 3)], [(3, 6), (4, 2), (5, 1)]]


def round_robin(leaves_after: int = 2):
    """Player 1 beats 6 in round 1, 6 beats 4 in round 2, every other game drawn; 6's later opponents
    win by forfeit."""
    b = TournamentBuilder("Club Round Robin", rounds=5, system="round-robin", game="chess")
    for no in range(1, 7):
        b.player(no, f"Player {no}")
    for r, pairs in enumerate(BERGER, 1):
        for first, second in pairs:
            if 6 in (first, second) and r > leaves_after:
                b.forfeit(r, first if second == 6 else second, 6)
            elif (first, second) == (1, 6):
                b.game(r, 1, 6, result="win")
            elif (first, second) == (6, 4):
                b.game(r, 6, 4, result="win")
            else:
                b.game(r, first, second, result="draw")
    return b.withdraw(6, leaves_after).build()


def test_a_withdrawal_is_shown_in_the_table_the_csv_and_the_json(tmp_path):
    path = tmp_path / "rr.trf"
    api.write(round_robin(), path)
    table = CliRunner().invoke(main, ["rank", str(path), "-t", "PTS,SB"])
    assert table.exit_code == 0 and "Withdrew: #6 Player 6 after round 2" in table.output
    csv = CliRunner().invoke(main, ["rank", str(path), "-t", "PTS,SB", "--output-format", "csv"]).output
    header, *rows = csv.splitlines()
    assert header.endswith(",withdrawn_after") and [r.split(",")[-1] for r in rows if ",6,Player 6," in r] == ["2"]
    records = json.loads(CliRunner().invoke(main, ["rank", str(path), "-t", "PTS", "--output-format", "json"]).stdout)
    assert {r["start_no"]: r.get("withdrawn_after") for r in records} == {1: None, 2: None, 3: None, 4: None,
                                                                          5: None, 6: 2}
    early = api.rank(api.load(path).tournament, "PTS", after_round=2)
    assert early.withdrawn == ()  # not yet withdrawn after round 2


def test_fewer_than_half_his_games_count_unless_asked_and_the_rule_is_named(tmp_path):
    path = tmp_path / "rr.trf"
    api.write(round_robin(), path)
    loaded = api.load(path)
    assert short_of_half(loaded.tournament, loaded.tournament.player(6))  # 2 games of 5
    assert any("#6 Player 6 withdrew from this round robin having played fewer than half" in w and
               "--withdrawn annul" in w for w in loaded.warnings)
    counted = {r.start_no: r.values[0] for r in api.rank(loaded.tournament, "PTS").rows}
    assert counted == {1: 3.0, 2: 3.0, 3: 3.0, 4: 2.0, 5: 3.0, 6: 1.0}
    result = CliRunner().invoke(main, ["rank", str(path), "-t", "PTS", "--withdrawn", "annul", "--output-format", "csv"])
    assert result.exit_code == 0 and "are not counted in the standings" in result.stderr
    annulled_points = {int(line.split(",")[1]): float(line.split(",")[3]) for line in result.stdout.splitlines()[1:]}
    # each lost his game against 6: 1 the win, 4 the loss, 2, 5 and 3 their forfeit wins
    assert annulled_points == {1: 2.0, 2: 2.0, 3: 2.0, 4: 2.0, 5: 2.0}
    t, said = annulled(api.load(path).tournament, ask=True)
    assert not t.player(6).listed and all(e.opponent != 6 for p in t.players for e in p.rounds) and said


def test_half_his_games_or_more_always_count(tmp_path):
    t = round_robin(leaves_after=3)  # 3 games of 5: at least half
    assert not short_of_half(t, t.player(6))
    assert annulled(t, ask=True) == (t, [])


def test_the_files_word_is_applied_whatever_the_count():
    t = round_robin(leaves_after=3)
    marked = replace(t, players=tuple(replace(p, extra=((NOT_COUNTED, "withdrew, points do not count"),))
                                      if p.start_no == 6 else p for p in t.players))
    out, said = annulled(marked)
    assert not out.player(6).listed and "#6 Player 6 (the file says so)" in said[0]


def test_a_swiss_keeps_every_game_of_a_player_who_left():
    t = replace(round_robin(), system="swiss")
    assert not short_of_half(t, t.player(6)) and annulled(t, ask=True) == (t, [])
