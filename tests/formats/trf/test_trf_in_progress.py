"""TRF files as pairing programs leave them between rounds, and round robins told by their pairings."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from support.make_fixtures import _line_001

from brightwell_plugin import api
from brightwell_plugin.cli import main
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, RoundEntry, Side

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


def _with_round_five(blocks: dict[int, str], extra_lines: tuple[str, ...] = ()) -> str:
    """The event of :func:`in_progress` with round 5's blocks as given (players not named: none)."""
    points = {no: sum(b.endswith("1") for b in bl) for no, bl in ROUNDS.items()}
    lines = ["012 Between Rounds Open", "042 2026/03/01", "XXR 5", *extra_lines]
    lines += [_line_001(no, "m", "", f"Player {no}", 2000, "FRA", "", "", f"{points[no]:.1f}", 0,
                        ROUNDS[no] + ([blocks[no]] if no in blocks else [])) for no in ROUNDS]
    return "\n".join(lines) + "\n"


def test_a_round_paired_without_results_is_neither_played_nor_an_absence(tmp_path):
    """Round 5 paired as Sharly-Chess writes it (opponent and colour, the result blank): recorded as
    pairings awaiting their results; ranked after round 4 and titled so; ranked after round 5 when
    asked, nobody is absent in it and no dummy opponent stands for it (BH as after round 4)."""
    path = tmp_path / "paired.trf"
    path.write_text(_with_round_five({1: "   6 w  ", 6: "   1 b  ", 2: "   4 w  ", 4: "   2 b  ",
                                      3: "   5 w  ", 5: "   3 b  "}))
    t = api.load(path).tournament
    assert t.player(1).rounds[4] == RoundEntry(Kind.PAIRED, 6, side=Side.FIRST)
    stands = api.progress(t)
    assert (stands.planned, stands.played, stands.paired) == (5, 4, 5)
    assert stands.title(4) == "after round 4 of 5 (round 5 paired, no results yet)"
    assert stands.title(5) == "after round 5 (round 5 paired, no results yet)"  # asked for: said too
    four, five = api.rank(t, "PTS,BH,SB"), api.rank(t, "PTS,BH,SB", after_round="paired")
    assert four.after_round == 4 and five.after_round == 5
    assert {r.start_no: r.values for r in four.rows} == {r.start_no: r.values for r in five.rows}
    result = CliRunner().invoke(main, ["rank", str(path)])
    assert result.exit_code == 0 and "Between Rounds Open - after round 4 of 5 (round 5 paired" in result.output


def test_a_round_partly_entered_is_ranked_after_the_round_before(tmp_path):
    """Two of round 5's games have their result, one awaits it: the round is not yet played."""
    path = tmp_path / "partly.trf"
    path.write_text(_with_round_five({1: "   6 w 1", 6: "   1 b 0", 2: "   4 w =", 4: "   2 b =",
                                      3: "   5 w  ", 5: "   3 b  "}))
    t = api.load(path).tournament
    assert api.rank(t).after_round == 4
    five = api.rank(t, "PTS", after_round=5)  # asked for: the results in, the game awaiting counts nothing
    assert {r.start_no: r.values[0] for r in five.rows} == {1: 5, 2: 3.5, 3: 2, 4: 2.5, 5: 1, 6: 0}
    path.write_text(_with_round_five({1: "   6 w 1", 6: "   1 b 0", 2: "   4 w =", 4: "   2 b =",
                                      3: "   5 w 0", 5: "   3 b 1"}))
    assert api.rank(api.load(path).tournament).after_round == 5


def test_byes_and_absences_announced_for_a_coming_round(tmp_path):
    """TRF-2026's 240 records and JaVaFo's XXZ, read as the byes they announce: a half-point bye for
    round 5 (H), a zero-point bye through the last round (Z: a withdrawal, as Sharly-Chess writes it),
    a player absent from the round to be paired (XXZ); a 240 that repeats a 001 block agrees with it,
    one that contradicts it is said and the block kept."""
    path = tmp_path / "announced.trf"
    path.write_text(_with_round_five({}, ("240 H   5    2", "240 Z   5    6", "XXZ 4", "240 F   1    1",
                                          "240 Z   4    3")))
    loaded = api.load(path)
    t = loaded.tournament
    kinds = {no: t.player(no).rounds[4].kind for no in (2, 4, 6)}
    assert kinds == {2: Kind.HALF_BYE, 4: Kind.ZERO_BYE, 6: Kind.ZERO_BYE}
    assert t.player(6).withdrawn_after == 4 and t.player(2).withdrawn_after is None is t.player(4).withdrawn_after
    assert len(t.player(1).rounds) == 4 and api.rank(t).after_round == 4
    said = [w for w in loaded.warnings if "240 gives player" in w]
    assert len(said) == 2 and "line 7: 240 gives player 1 a full-bye in round 1, his 001 block a game" in said[0]
    api.write(t, tmp_path / "back.trf")
    assert (tmp_path / "back.trf").read_text() == path.read_text()  # written back as it was
    path.write_text(_with_round_five({}, ("240 H   5    9",)))
    with pytest.raises(BrightwellError, match=r"announced.trf.*line 4.*240 names player 9, who has no 001 record"):
        api.load(path)


def test_the_title_says_how_far_a_round_in_progress_has_come(tmp_path):
    path = tmp_path / "partly.trf"
    path.write_text(_with_round_five({1: "   6 w 1", 6: "   1 b 0", 2: "   4 w =", 4: "   2 b =",
                                      3: "   5 w  ", 5: "   3 b  "}))
    result = CliRunner().invoke(main, ["rank", str(path)])
    assert "Between Rounds Open - after round 4 of 5 (round 5 in progress: 2 of 3 games with their result)" \
        in result.output
