"""A player with more than one game in a round, read and ranked as OpenGotha ranks him: every game
for his points, for the sums over opponents the game OpenGotha's HashMap goes through last (its
order checked against Java's own HashMap), White's side of a game against himself, the bye before a
game; the pairings checked side by side; a conversion saying what it does not write."""

from __future__ import annotations

import random
import shutil
import subprocess
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from lxml import etree

from brightwell_plugin.adapters.go.opengotha_order import game_key, java_order, string_hash
from brightwell_plugin.api import load, rank
from brightwell_plugin.context import Context
from brightwell_plugin.model import Kind, Result, RoundEntry
from brightwell_plugin.validate import validate

from support.samples import real_files

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n<Tournament dataVersion="201">\n<Players>\n'
SETTINGS = ('<TournamentParameterSet><GeneralParameterSet genMMBar="9D" genMMFloor="30K" genNBW2ValueBye="2" '
            'numberOfRounds="{rounds}" name="More games"/><PlacementParameterSet><PlacementCriteria>'
            '<PlacementCriterion name="NBW" number="1"/><PlacementCriterion name="SOSW" number="2"/>'
            '</PlacementCriteria></PlacementParameterSet></TournamentParameterSet>\n</Tournament>\n')


def event(tmp_path: Path, players: str, games: list[tuple], byes: tuple = (), rounds: int = 1) -> Path:
    """An OpenGotha file of one-letter players (key: the letter twice) with ``games`` (round, table,
    white, black, result) in this order."""
    text = HEAD + "".join(f'<Player name="{p}" firstName="{p}" rank="10K"/>\n' for p in players) + "</Players>\n<Games>\n"
    text += "".join(f'<Game roundNumber="{r}" tableNumber="{t}" whitePlayer="{w}{w}" blackPlayer="{b}{b}" '
                    f'result="{res}"/>\n' for r, t, w, b, res in games)
    text += "</Games>\n<ByePlayers>\n" + "".join(f'<ByePlayer player="{p}{p}" roundNumber="{r}"/>\n' for r, p in byes)
    path = tmp_path / "event.xml"
    path.write_text(text + "</ByePlayers>\n" + SETTINGS.format(rounds=rounds), encoding="utf-8")
    return path


def values(path: Path) -> dict[str, tuple[float, float]]:
    t = load(path).tournament
    return {row.name: tuple(row.values) for row in rank(t, "NBW,SOSW", after_round="planned").rows}


def test_every_game_counts_for_points_and_the_last_in_javas_order_for_the_sums(tmp_path):
    # A plays at tables 17 and 2 of round 1: keys 16 and 1, buckets 0 and 1 of a 16-bucket table, so
    # Java goes through table 17 first and keeps table 2 (against C) though table 17 comes later in the
    # file and has the higher number.
    path = event(tmp_path, "ABC", [(1, 2, "A", "C", "RESULT_BLACKWINS"), (1, 17, "A", "B", "RESULT_WHITEWINS")])
    result = load(path)
    assert any("more than one game" in w and "A A in round 1" in w for w in result.warnings)
    got = values(path)
    # NBW: A won against B and lost against C; SOSW: each opponent's NBW, A's through C only
    assert got == {"A, A": (1, 1), "B, B": (0, 1), "C, C": (1, 1)}
    a = next(p for p in result.tournament.players if p.name == "A, A")
    assert a.rounds[0].opponent == 3 and [e.opponent for _, e in a.more_games] == [2]


def test_a_game_against_himself_counts_both_sides_and_his_own_score_in_the_sums(tmp_path):
    # E against himself at table 2 (key 1) after his game with F at table 1 (key 0): he keeps the game
    # against himself; a decided game against himself is one win (White's or Black's), a draw two halves.
    path = event(tmp_path, "EF", [(1, 1, "E", "F", "RESULT_EQUAL"), (1, 2, "E", "E", "RESULT_WHITEWINS")])
    assert any("against himself" in w for w in load(path).warnings)
    got = values(path)
    assert got["E, E"] == (1.5, 1.5)  # half a point against F, a win against himself; SOS his own NBW
    assert got["F, F"] == (0.5, 1.5)
    alone = event(tmp_path, "EF", [(1, 1, "E", "E", "RESULT_EQUAL"), (1, 2, "F", "F", "RESULT_UNKNOWN")])
    warnings = load(alone).warnings
    assert any("2 game(s) of a player against himself" in w for w in warnings)
    assert not any("more than one game" in w for w in warnings)  # one game a round each
    assert values(alone) == {"E, E": (1, 1), "F, F": (0, 0)}


def test_the_bye_and_a_game_in_one_round(tmp_path):
    # G has the bye and a game in round 1: the bye's point and the game's both count; the round is a
    # bye for his sums (nothing added), while H's sum counts G.
    path = event(tmp_path, "GH", [(1, 1, "G", "H", "RESULT_WHITEWINS")], byes=((1, "G"),))
    t = load(path).tournament
    g = next(p for p in t.players if p.name == "G, G")
    assert g.rounds[0].kind is Kind.PAB and [e.kind for _, e in g.more_games] == [Kind.GAME]
    assert values(path) == {"G, G": (2, 0), "H, H": (0, 2)}


def test_points_of_every_game_reach_the_general_criteria(tmp_path):
    path = event(tmp_path, "ABC", [(1, 1, "A", "B", "RESULT_WHITEWINS"), (1, 2, "A", "C", "RESULT_WHITEWINS")])
    ctx = Context(load(path).tournament)
    assert dict(zip((p.name for p in ctx.t.players), ctx.points)) == {"A, A": 2, "B, B": 0, "C, C": 0}
    assert ctx.wins[0] == 2


def test_the_crosstable_shows_the_further_games_and_their_points(tmp_path):
    from brightwell_plugin.api import crosstable
    path = event(tmp_path, "ABC", [(1, 2, "A", "C", "RESULT_BLACKWINS"), (1, 17, "A", "B", "RESULT_WHITEWINS"),
                                   (1, 3, "C", "C", "RESULT_EQUAL")])
    t = load(path).tournament
    table = crosstable(t, rank(t, "NBW,SOSW", after_round="planned"))
    cells = {row.name: row.cells[0] for row in table.rows}
    assert cells["A, A"].text.endswith("(+1 game)") and cells["A, A"].points == 1
    assert cells["C, C"].text.endswith("(+1 game)") and cells["C, C"].points == 2  # a win, and a draw with himself
    assert cells["B, B"].more == 0 and "(+" not in cells["B, B"].text


# -- the pairings, side by side --------------------------------------------------------------------

def test_a_further_game_not_mirrored_is_refused(tmp_path):
    t = load(event(tmp_path, "ABC", [(1, 1, "A", "B", "RESULT_WHITEWINS"),
                                         (1, 2, "A", "C", "RESULT_WHITEWINS")])).tournament
    assert not [i for i in validate(t) if i.severity == "error"]
    a = t.players[0]
    lonely = replace(a, more_games=a.more_games + ((1, RoundEntry(Kind.GAME, 2, Result.WIN)),))
    errors = [str(i) for i in validate(replace(t, players=(lonely,) + t.players[1:])) if i.severity == "error"]
    assert errors and "2 game(s) against 2, whose round 1 has 1 against him" in errors[0]
    himself = replace(a, more_games=a.more_games + ((1, RoundEntry(Kind.GAME, 1, Result.WIN)),))
    errors = [str(i) for i in validate(replace(t, players=(himself,) + t.players[1:])) if i.severity == "error"]
    assert any("one record of a game against himself" in e for e in errors)
    nowhere = replace(a, more_games=((3, RoundEntry(Kind.GAME, 2, Result.WIN)),))
    errors = [str(i) for i in validate(replace(t, players=(nowhere,) + t.players[1:])) if i.severity == "error"]
    assert any("a further game in round 3, where he has no record" in e for e in errors)


def test_a_conversion_says_the_further_games_are_not_written(tmp_path):
    from brightwell_plugin.conversion import lost_in
    from brightwell_plugin.plugins.host import get_host

    t = load(event(tmp_path, "ABC", [(1, 1, "A", "B", "RESULT_WHITEWINS"),
                                         (1, 2, "A", "C", "RESULT_WHITEWINS")])).tournament
    host = get_host()
    lost = [str(x) for x in lost_in(t, host.formats.find("egd"), host)]
    assert any("further games of 1 player(s) with more than one game in a round (1 records" in x
               and "not written" in x for x in lost)


# -- Java's own HashMap ----------------------------------------------------------------------------

JAVA = """import java.util.*;
public class Order { public static void main(String[] a) throws Exception {
  java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, "UTF-8"));
  java.io.PrintStream out = new java.io.PrintStream(System.out, true, "UTF-8");
  for (String line; (line = in.readLine()) != null; ) {
    StringBuilder got = new StringBuilder();
    if (line.startsWith("S\t")) {  // strings, tab-separated
      HashMap<String, Integer> map = new HashMap<>();
      for (String k : line.substring(2).split("\t")) map.put(k, 0);
      for (String k : map.keySet()) got.append(k).append('\t');
    } else {
      HashMap<Integer, Integer> map = new HashMap<>();
      for (String k : line.trim().split(" ")) map.put(Integer.parseInt(k), 0);
      for (Integer k : map.keySet()) got.append(k).append('\t');
    }
    out.println(got.toString());
  }
}}
"""


@pytest.fixture(scope="module")
def java_order_of(tmp_path_factory):
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("no Java compiler (.ci/run installs default-jdk-headless): Java's HashMap order not checked")
    folder = tmp_path_factory.mktemp("java")
    (folder / "Order.java").write_text(JAVA)
    subprocess.run(["javac", "-d", str(folder), str(folder / "Order.java")], check=True, capture_output=True)

    def run(sequences: list[list]) -> list[list]:
        text = "\n".join("S\t" + "\t".join(s) if isinstance(s[0], str) else " ".join(map(str, s))
                         for s in sequences) + "\n"
        out = subprocess.run(["java", "-cp", str(folder), "Order"], input=text.encode(), capture_output=True,
                             check=True).stdout.decode()
        return [[k if isinstance(s[0], str) else int(k) for k in line.split("\t") if k]
                for s, line in zip(sequences, out.splitlines())]
    return run


@pytest.mark.slow
def test_the_order_is_javas_hashmap_order(java_order_of):
    rnd = random.Random(20261205)
    sequences = []
    for _ in range(600):
        rounds, tables = rnd.randint(1, 20), rnd.choice([3, 20, 100, 400])
        games = [(rnd.randrange(rounds), rnd.randint(1, rnd.choice([tables, 1200]))) for _ in range(rnd.randint(1, 900))]
        sequences.append([game_key(r, t) for r, t in games])
    sequences.append([game_key(0, t) for t in (1, 1001, 2001, 17, 33)])  # keys of other rounds' tables
    sequences.append([game_key(r, 1) for r in range(20)] + [game_key(0, 0), game_key(0, -5)])  # table 0 and below
    java = java_order_of(sequences)
    checked = 0
    for keys, theirs in zip(sequences, java):
        ours, tree = java_order(keys)
        if not tree:  # a bucket Java made a tree of: its order is not followed (said by the reader)
            assert ours == theirs, keys
            checked += 1
    assert checked > 500


def test_the_order_of_team_names_is_javas_hashmap_order(java_order_of):
    rnd = random.Random(5)
    letters = "abcXYZ -éçł漢字Ωß0123456789"
    sequences = [["".join(rnd.choice(letters) for _ in range(rnd.randint(1, 12))) for _ in range(rnd.randint(1, 80))]
                 for _ in range(200)]
    for names, theirs in zip(sequences, java_order_of(sequences)):
        assert java_order(names, string_hash)[0] == theirs, names


def test_a_player_on_two_teams_counts_for_the_team_opengotha_lists_first(tmp_path):
    # C plays board 1 for Beta and for Gamma in round 1; Alpha's board 1 (A) meets him: Alpha's match is
    # against whichever of Beta and Gamma OpenGotha's team list (a HashMap by name) holds first, and only
    # Alpha, whose name sorts first, makes it (Tournament.matchesListUpTo)
    names = ("Alpha", "Beta", "Gamma")
    listed, _ = java_order(names, string_hash)
    opponent = next(n for n in listed if n != "Alpha")
    teams = {"Alpha": "AB", "Beta": "CD", "Gamma": "CE"}
    text = HEAD + "".join(f'<Player name="{p}" firstName="{p}" rank="10K"/>\n' for p in "ABCDE") + "</Players>\n<Games>\n"
    text += ('<Game roundNumber="1" tableNumber="1" whitePlayer="AA" blackPlayer="CC" result="RESULT_WHITEWINS"/>\n'
             '<Game roundNumber="1" tableNumber="2" whitePlayer="BB" blackPlayer="DD" result="RESULT_WHITEWINS"/>\n')
    text += "</Games>\n<Teams>\n" + "".join(
        f'<Team teamName="{n}" teamNumber="{k}">' + "".join(
            f'<Board boardNumber="{b}" player="{p}{p}" roundNumber="1"/>' for b, p in enumerate(teams[n], 1)) + "</Team>\n"
        for k, n in enumerate(names, 1)) + "</Teams>\n"
    path = tmp_path / "teams.xml"
    path.write_text(text + SETTINGS.format(rounds=1), encoding="utf-8")
    loaded = load(path)
    assert any("on two teams" in w for w in loaded.warnings)
    (match,) = loaded.tournament.teams.matches
    assert (match.first, match.second) == (1, names.index(opponent) + 1)


# -- real files ------------------------------------------------------------------------------------

def _doubled(path: Path) -> bool:
    """Whether a player is in two games of one round (a plain count over the file's games)."""
    seen = Counter()
    for el in etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).iter("Game"):
        for attr in ("whitePlayer", "blackPlayer"):
            seen[el.get("roundNumber"), el.get(attr)] += 1
    return any(n > 1 for n in seen.values())


GAME_POINTS = {"RESULT_WHITEWINS": (1, 0), "RESULT_BLACKWINS": (0, 1), "RESULT_EQUAL": (0.5, 0.5),
               "RESULT_BOTHWIN": (1, 1)}


DOUBLED = [p for p in real_files("corpus/opengotha_remote_all", "*.xml") if p.values[0] is None or _doubled(p.values[0])]


@pytest.mark.parametrize("path", DOUBLED)
def test_real_uploads_with_two_games_in_a_round_count_every_game(path):
    result = load(path)
    t = result.tournament
    assert any("more than one game" in w for w in result.warnings)
    # every game the file keeps (one a round and table, the last), counted once a side, plainly
    kept = {}
    for el in etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).iter("Game"):
        kept[el.get("roundNumber"), el.get("tableNumber")] = el
    expected = Counter()
    for el in kept.values():
        white, black = GAME_POINTS.get(el.get("result", "").removesuffix("_BYDEF"), (0, 0))
        expected[el.get("whitePlayer")] += white
        expected[el.get("blackPlayer")] += black
    ctx = Context(t, "planned")
    keys = {p.start_no: dict(p.extra) for p in t.players}
    games = {Kind.GAME, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.PAIRED}
    for i, p in enumerate(t.players):
        own = sum(ctx.round_points[i][r] for r, e in enumerate(ctx.entries[i]) if e.kind in games)
        own += sum(t.scoring.points(e) for r, e in p.more_games if ctx.entries[i][r - 1].kind not in games)
        name, _, first = p.name.partition(", ")
        assert own == expected[(name + first).upper().replace(" ", "")], (p.name, keys[p.start_no])
