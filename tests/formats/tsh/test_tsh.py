"""tsh: .t files with config.tsh, written and read back."""

from __future__ import annotations

import shutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from brightwell_plugin import api
from brightwell_plugin.adapters.tsh.format import TshFormat
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind, Player, Result, RoundEntry, Side, Tournament
from support.make_fixtures import FIXTURES, last_round_awaiting
from support.samples import or_skip
from support.samples import research

T = FIXTURES / "tsh" / "a.t"
SAMPLES = research("formats")


def test_reads_games_byes_forfeits_sides_and_config():
    t = api.load(T).tournament
    assert t.name == "Fixture Club Day" and t.rounds == 4 and t.tiebreaks == ("PTS", "SPREAD:cap=60+60+60+60")
    chen, dunn, evans = t.player(3), t.player(4), t.player(5)
    assert chen.rounds[0] == RoundEntry(Kind.FULL_BYE, score=50, opp_score=0)
    assert dunn.rounds[2] == RoundEntry(Kind.FORFEIT_LOSS, score=0, opp_score=50) and dunn.rounds[3].kind is Kind.ABSENT
    assert chen.rounds[1] == RoundEntry(Kind.GAME, 1, Result.WIN, Side.FIRST, 412, 388)
    assert evans.name == "Evans, Éli"  # Latin-1, tsh's default
    rows = api.rank(t).rows
    assert [(r.start_no, r.values) for r in rows][:2] == [(3, (3, 50 + 24 - 44 + 35)), (2, (3, 17 + 12 + 47 - 35))]
    assert rows[3].values[1] == 60 - 24 - 47 + 24  # Ashby's 420-350 capped at 60


def test_written_back_unchanged():
    assert TshFormat().dumps(api.load(T).tournament) == T.read_bytes()


def test_utf8_with_bom(tmp_path):
    shutil.copy(T.parent / "config.tsh", tmp_path)
    (tmp_path / "b.t").write_bytes(b"\xef\xbb\xbf" + T.read_text(encoding="latin-1").encode("utf-8"))
    assert api.load(tmp_path / "b.t").tournament.player(5).name == "Evans, Éli"


@pytest.mark.parametrize("old, new, message", [
    ("Ashby, Ann              1850 4 3 2 5;", "Ashby, Ann   no rating here;", "not a tsh player line"),
    ("Ashby, Ann              1850 4 3 2 5;", "Ashby, Ann              1850 9 3 2 5;", "names opponent 9, and the file holds 5 players"),
    ("350 390 -50 00", "00 390 -50 00", "opponent 4 has no score for the game"),
])
def test_bad_lines_are_one_line_errors(tmp_path, old, new, message):
    bad = tmp_path / "x.t"
    bad.write_text(T.read_text(encoding="latin-1").replace(old, new), encoding="latin-1")
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(bad)
    assert "line" in str(err.value)


@st.composite
def scrabble_events(draw):
    n = draw(st.integers(2, 8))
    k = draw(st.integers(1, 5))
    rounds = {no: [] for no in range(1, n + 1)}
    for _ in range(k):
        order = list(draw(st.permutations(range(1, n + 1))))
        if len(order) % 2:
            lone = order.pop()
            rounds[lone].append(draw(st.sampled_from([RoundEntry(Kind.FULL_BYE, score=50, opp_score=0),
                                                      RoundEntry(Kind.FORFEIT_LOSS, score=0, opp_score=50),
                                                      RoundEntry(Kind.ABSENT)])))
        for a, b in zip(order[0::2], order[1::2]):
            sa, sb = draw(st.integers(100, 700)), draw(st.integers(100, 700))
            res = Result.WIN if sa > sb else Result.LOSS if sa < sb else Result.DRAW
            side = draw(st.sampled_from([Side.FIRST, None]))
            rounds[a].append(RoundEntry(Kind.GAME, b, res, side, sa, sb))
            rounds[b].append(RoundEntry(Kind.GAME, a, res.reverse, side and side.other, sb, sa))
    players = tuple(Player(no, f"Player{no}, First", tuple(rounds[no]), rating=1000 + no) for no in rounds)
    return Tournament("Day", players, game="scrabble", tiebreaks=("PTS", "SPREAD"))


@pytest.mark.slow
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scrabble_events())
def test_generated_events_read_back_equal(tmp_path_factory, t):
    path = tmp_path_factory.mktemp("tsh") / "d.t"
    path.write_bytes(TshFormat().dumps(t))
    back = api.load(path).tournament
    assert back.players == t.players
    assert api.rank(back, "PTS,SPREAD,BQ:preset=cas:u=0").rows == api.rank(t, "PTS,SPREAD,BQ:preset=cas:u=0").rows


def _samples():
    if not SAMPLES.exists():
        return []
    return sorted((SAMPLES / "tsh" / "generated_from_tourney_js").glob("*.t")) + [SAMPLES / "synthetic" / "tsh" / "a.t"]


@pytest.mark.parametrize("sample", or_skip(_samples()), ids=lambda p: f"{p.parent.name}/{p.name}" if p else "none")
def test_real_files_read_and_write_back(tmp_path, sample):
    t = api.load(sample).tournament
    assert t.players and api.rank(t).rows
    again = tmp_path / sample.name
    again.write_bytes(TshFormat().dumps(t))
    back = api.load(again).tournament
    assert back.players == t.players
    assert [v for k, v in back.metadata if k == "tsh comment"] == [v for k, v in t.metadata if k == "tsh comment"]


@pytest.mark.parametrize("name, why", [("#1 seed", "begins with '#'"), ("  # Ann", "begins with '#'"),
                                       ("Ann Lee 1500", "ends in a number")])
def test_a_name_tsh_would_read_otherwise_is_refused_by_name(tmp_path, name, why):
    t = Tournament("club", (Player(1, name), Player(2, "Bo Ek")), rounds=0)
    target = tmp_path / "a.t"
    with pytest.raises(BrightwellError, match=f"a tsh line cannot hold the name .* of player 1: it {why}"):
        api.write(t, target, "tsh")
    assert not target.exists()
    ok = Tournament("club", (Player(1, "Ann # Lee"), Player(2, "Bo Ek")), rounds=0)
    api.write(ok, target, "tsh")  # '#' inside a name is no comment
    assert [p.name for p in api.load(target).tournament.players] == ["Ann # Lee", "Bo Ek"]


# -- the round limit, as every other format keeps it (issue 55) -----------------------------------

def _one_line_of(rounds: int) -> str:
    return f"Ashby, Ann  1850 {' '.join(['2'] * rounds)}; {' '.join(['400'] * rounds)}\n" + \
        f"Bryce, Ben  1800 {' '.join(['1'] * rounds)}; {' '.join(['300'] * rounds)}\n"


@pytest.mark.parametrize("rounds", [1_001, 1_000_000])
def test_a_t_file_beyond_the_round_limit_is_refused_before_anything_is_built(tmp_path, rounds):
    """1,001 rounds, or a million (30 MB for five players once took 3.6 GB): refused at the first
    line, the memory a few times the line's."""
    import tracemalloc
    path = tmp_path / "a.t"
    path.write_text(_one_line_of(rounds))
    tracemalloc.start()
    try:
        with pytest.raises(BrightwellError, match=r"a.t: line 1: (round 1001|more than 1000 opponents)"):
            api.load(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20 * path.stat().st_size + 1_000_000


def test_a_t_file_of_the_round_limit_reads(tmp_path):
    path = tmp_path / "a.t"
    path.write_text(_one_line_of(1_000))
    assert api.load(path).tournament.rounds_played == 1_000


@pytest.mark.parametrize("line, said", [
    ("Ashby, Ann  1850 2; 400; p12 " + "1 " * 1_003, "tag p12 holds more than 1001 values"),
    ("Ashby, Ann  1850 2; " + "400 " * 1_002, "more than 1000 scores"),
])
def test_a_tag_or_scores_beyond_the_round_limit_are_refused(tmp_path, line, said):
    path = tmp_path / "a.t"
    path.write_text(line + "\nBryce, Ben  1800 1; 300\n")
    with pytest.raises(BrightwellError, match=said):
        api.load(path)


def test_config_max_rounds_beyond_the_limit_is_refused(tmp_path):
    (tmp_path / "a.t").write_text(_one_line_of(3))
    (tmp_path / "config.tsh").write_text("config max_rounds = 1002\n")
    with pytest.raises(BrightwellError, match=r"config.tsh: max_rounds: round 1002 is beyond the limit"):
        api.load(tmp_path / "a.t")


def test_opponents_past_the_scores_are_pairings_awaiting_their_results(tmp_path):
    """tsh pairs ahead: an opponent listed past a player's scores is a game not yet played (a pairing,
    its side from p12), not an absence; the standings are after the round before; written back as
    tsh keeps it."""
    folder = tmp_path / "d"
    shutil.copytree(T.parent, folder)
    (folder / "a.t").write_text(last_round_awaiting(T.read_text(encoding="latin-1")), encoding="latin-1")
    t = api.load(folder / "a.t").tournament
    assert api.progress(t) == api.Progress(planned=4, played=3, paired=4)
    ann, dev = t.player(1), t.player(4)
    assert ann.rounds[3] == RoundEntry(Kind.PAIRED, 5, side=Side.SECOND) and t.player(5).rounds[3].opponent == 1
    assert len(dev.rounds) == 3  # not paired in round 4: no record
    assert api.rank(t).after_round == 3
    assert TshFormat().cannot_carry(t) == [] and TshFormat().dumps(t) == (folder / "a.t").read_bytes()


def test_a_pairing_awaiting_its_result_before_a_round_with_one_is_said_lost(tmp_path):
    t = api.load(T).tournament
    chen = t.player(3)
    rounds = (chen.rounds[0], RoundEntry(Kind.PAIRED, 1, side=Side.FIRST)) + chen.rounds[2:]
    ann = t.player(1)
    ann_rounds = (ann.rounds[0], RoundEntry(Kind.PAIRED, 3, side=Side.SECOND)) + ann.rounds[2:]
    players = tuple(p if p.start_no not in (1, 3) else
                    Player(p.start_no, p.name, rounds if p.start_no == 3 else ann_rounds, rating=p.rating, extra=p.extra)
                    for p in t.players)
    changed = Tournament(t.name, players, rounds=t.rounds, game=t.game, tiebreaks=t.tiebreaks, metadata=t.metadata)
    assert [str(x) for x in TshFormat().cannot_carry(changed)] == [
        "1 pairing(s) without a result before a round with one (tsh lists a pairing without its scores only past a "
        "player's last score: written as not paired)"]
