"""TRF files as pairing programs leave them between rounds, and round robins told by their pairings."""

from __future__ import annotations

from brightwell_plugin import api
from brightwell_plugin.model import Kind
from support.make_fixtures import _line_001

# 6 players, 4 of 5 rounds played; the round to be paired carries a blank block for most players and
# byes entered ahead for two (JaVaFo/bbpPairings write both forms).
ROUNDS = {  # start no -> blocks of rounds 1-4
    1: ["   4 w 1", "   2 b 1", "   3 w 1", "   5 b 1"],
    2: ["   5 b 1", "   1 w 0", "   6 b 1", "   3 w 1"],
    3: ["   6 w 1", "   4 b 1", "   1 b 0", "   2 b 0"],
    4: ["   1 b 0", "   3 w 0", "   5 w 1", "   6 b 1"],
    5: ["   2 w 0", "   6 b 1", "   4 b 0", "   1 w 0"],
    6: ["   3 b 0", "   5 w 0", "   2 w 0", "   4 w 0"],
}
NEXT = {1: "        ", 2: "        ", 3: "0000 - H", 4: "        ", 5: "0000 - F", 6: "        "}


def in_progress() -> str:
    points = {no: sum(b.endswith("1") for b in blocks) for no, blocks in ROUNDS.items()}
    lines = ["012 Between Rounds Open", "042 2026/03/01", "XXR 5"]
    lines += [_line_001(no, "m", "", f"Player {no}", 2000, "FRA", "", "", f"{points[no]:.1f}", 0,
                        ROUNDS[no] + [NEXT[no]]) for no in ROUNDS]
    return "\n".join(lines) + "\n"


def test_byes_entered_for_the_next_round_are_kept_not_ranked(tmp_path):
    path = tmp_path / "next.trf"
    path.write_text(in_progress())
    t = api.load(path).tournament
    assert (api.progress(t).planned, api.progress(t).played, api.progress(t).paired) == (5, 4, 4)
    assert t.player(3).rounds[4].kind is Kind.HALF_BYE and t.player(5).rounds[4].kind is Kind.FULL_BYE  # ahead
    assert len(t.player(1).rounds) == 4  # a round not paired: not recorded
    standings = api.rank(t, "PTS,BH,PS")
    assert standings.after_round == 4
    assert standings.rows == api.rank(t, "PTS,BH,PS", after_round=4).rows
    leader = standings.rows[0]
    assert leader.start_no == 1 and leader.values == (4, 2 + 3 + 2 + 1, 1 + 2 + 3 + 4)
    # written back for the pairing engine: the byes entered ahead are still there, unchanged
    out = tmp_path / "back.trf"
    api.write(t, out)
    assert out.read_text() == path.read_text()


def _double_round_robin_lookalike() -> str:
    """4 players and XXR 3 (players = rounds + 1), but a pair meets twice and a PAB is given."""
    rows = {
        1: ["   2 w 1", "   2 b 1", "0000 - U"],
        2: ["   1 b 0", "   1 w 0", "   3 w 1"],
        3: ["   4 w 1", "0000 - U", "   2 b 0"],
        4: ["   3 b 0", "        ", "        "],
    }
    lines = ["012 Not a Round Robin", "XXR 3"]
    lines += [_line_001(no, "m", "", f"P{no}", 0, "", "", "", "", 0, blocks) for no, blocks in rows.items()]
    return "\n".join(lines) + "\n"


def test_round_robin_only_when_the_pairings_are_one(tmp_path):
    path = tmp_path / "swiss.trf"
    path.write_text(_double_round_robin_lookalike())
    loaded = api.load(path)
    assert loaded.tournament.system == "swiss"
    assert any("read as Swiss: no 092 record; a pairing-allocated bye rules out a round robin" in w
               for w in loaded.warnings)
    rr = ["012 Club Round Robin", "XXR 3"] + [
        _line_001(no, "m", "", f"P{no}", 0, "", "", "", "", 0, blocks) for no, blocks in {
            1: ["   2 w 1", "   3 b 1", "   4 w 1"], 2: ["   1 b 0", "   4 w =", "   3 b 1"],
            3: ["   4 b =", "   1 w 0", "   2 w 0"], 4: ["   3 w =", "   2 b =", "   1 b 0"]}.items()]
    path.write_text("\n".join(rr) + "\n")
    loaded = api.load(path)
    assert loaded.tournament.system == "round-robin"
    assert any("the pairings are a round robin (every pair meets once)" in w for w in loaded.warnings)
