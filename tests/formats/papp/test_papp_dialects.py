"""Every dialect of the WOF/Papp rating archive, one fixture each (tests/support/make_fixtures.py PAPP_DIALECTS)."""

from __future__ import annotations

import re

import pytest

from brightwell_plugin import api
from brightwell_plugin.adapters.papp.elo import PappFormat
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import LEFT_OUT, Kind, Result, Side
from support.make_fixtures import FIXTURES

DIALECTS = FIXTURES / "papp" / "dialects"
SPEC = "PTS,BQ:preset=papp,DISCS"


def test_papp_128_results_only_no_player_list():
    loaded = api.load(DIALECTS / "papp128.elo")
    t = loaded.tournament
    assert [p.start_no for p in t.players] == [201, 202, 203, 204, 205] and t.rounds == 3
    assert t.player(201).name == "ALPHA Ann" and t.player(205).federation == "NL"  # the new-players block
    assert t.player(202).name == "player 202" and t.player(201).stored_rank is None
    assert all(e.score is None for p in t.players for e in p.rounds if e.kind is Kind.GAME)
    # no totals: the one player missing from a round had the bye (Papp pairs everyone present)
    assert [r + 1 for r, e in enumerate(t.player(205).rounds) if e.kind is Kind.PAB] == [1]
    assert t.player(202).rounds[1].result is Result.DRAW
    assert t.tiebreaks == ("PTS",)
    assert {r.start_no: r.values[0] for r in api.rank(t).rows} == {201: 2, 202: 1.5, 203: 1.5, 204: 2, 205: 2}
    with pytest.raises(BrightwellError, match="none of its 6 games has one"):
        api.rank(t, "PTS,BQ:preset=woc")
    with pytest.raises(BrightwellError, match="stores no order"):
        api.check_order(t, [SPEC])


def test_archive_stages_by_letter_unknown_id_and_unnumbered_round_robin():
    loaded = api.load(DIALECTS / "archive_rr.elo")
    t = loaded.tournament
    three = next(p for p in t.players if p.name == "THREE, cy")
    assert three.start_no == 9005 and three.federation is None  # '??????' numbered after the others
    assert [(g.stage, g.first, g.second, g.score) for g in t.playoffs] == [("PO", 9001, 9002, 34)]
    # the RR games, under no round, go to the first round free for both players
    assert t.rounds == 3 and all(len(p.rounds) == 3 and all(e.kind is Kind.GAME for e in p.rounds)
                                 for p in t.players)
    assert any("include the play-off games" in w for w in loaded.warnings)
    assert t.player(9001).stored_points == 3  # the stored 4 less the play-off win
    assert api.check_order(t, [SPEC])[0].follows


def test_papp_133_byes_withdrawal_and_added_results():
    loaded = api.load(DIALECTS / "papp133.elo")
    t = loaded.tournament
    echo = t.player(105)
    assert echo.rounds[0].kind is Kind.PAB and (echo.rounds[0].score, echo.rounds[0].opp_score) == (40, 24)
    assert echo.rounds[2].kind is Kind.ABSENT and echo.withdrawn_after == 2
    assert t.player(103).rounds[1].kind is Kind.PAB
    assert [(g.stage, g.first, g.second) for g in t.playoffs] == [("Added results", 101, 102)]
    assert [w for w in loaded.warnings if "no bye or absence explains" in w] == []
    assert api.check_order(t, [SPEC])[0].follows
    assert [r.start_no for r in api.rank(t).rows] == [101, 102, 105, 104, 103]


def test_papp_136_latin1_ratings_no_country_white_and_finals():
    loaded = api.load(DIALECTS / "papp136.elo")
    t = loaded.tournament
    assert any("not UTF-8; read as latin-1" in w for w in loaded.warnings)
    assert [p.name for p in t.players] == ["MÜLLER, Jörg", "DUPRÉ, Françoise", "SMITH, Al", "NOVAK, Iva"]
    assert [p.rating for p in t.players] == [1650, None, None, None]  # '-', nothing, and 0 for a new player
    assert t.player(13).federation is None and t.player(11).federation == "DEU"
    first = t.player(11).rounds[0]
    assert first.side is Side.SECOND and t.player(12).rounds[0].side is Side.FIRST  # 'W': 11 had White
    assert [g.stage for g in t.playoffs] == ["Finals 1"]
    assert api.check_order(t, [SPEC])[0].follows


@pytest.mark.parametrize("line, message", [
    ("%_%     x2, BRAVO, Ben, BEL,  1.5, 92", "player id 'x2' is not a number"),
    ("%_%     102, BRAVO, Ben, BEL,  1.5x, 92", "points '1.5x' are no number"),
    ("%_%     102, BRAVO, Ben, BEL,  1.5, 92, 18x0", "rating '18x0' is not a whole number"),
    ("   101 (40)>    102 B", "a game gives the discs of one player only"),
    ("   101 (40)?(24)    102 B", "is not a game line"),
])
def test_malformed_lines_are_one_line_errors_naming_the_line(tmp_path, line, message):
    text = (DIALECTS / "papp133.elo").read_text()
    target = "%_%     102, BRAVO, Ben, BEL,  1.5, 92" if line.startswith("%_%") else "   101 (40)>(24)    102 B"
    bad = tmp_path / "bad.elo"
    bad.write_text(text.replace(target, line, 1).replace("score, disc-count", "score, disc-count, rating"))
    with pytest.raises(BrightwellError, match=message) as err:
        api.load(bad)
    assert "bad.elo" in str(err.value) and "line " in str(err.value)


@pytest.mark.parametrize("line, why", [
    ("   101 (40)>(34)    102 B", "discs 40+34 exceed the board of 64"),
    ("   101 (40)>(24)    101 B", "player 101 plays himself"),
])
def test_a_data_error_in_a_game_line_leaves_the_line_out_and_strict_refuses(tmp_path, line, why):
    from click.testing import CliRunner
    from brightwell_plugin.cli import main
    text = (DIALECTS / "papp133.elo").read_text()
    bad = tmp_path / "bad.elo"
    bad.write_text(text.replace("   101 (40)>(24)    102 B", line, 1))
    loaded = api.load(bad)
    assert sum(why in w and "the game is left out (the standings are partial)" in w for w in loaded.warnings) == 1
    assert [v for k, v in loaded.tournament.metadata if k == LEFT_OUT] == [f"line {_line(bad, line)}: {why}"]
    assert api.rank(loaded.tournament).rows
    out = CliRunner().invoke(main, ["rank", str(bad)])
    assert out.exit_code == 0 and f"Partial: 1 record(s) of the file left out (line {_line(bad, line)}: {why})" in out.output
    with pytest.raises(BrightwellError, match=re.escape(f"{why}: refused with --strict")):
        api.load(bad, strict=True)
    strict = CliRunner().invoke(main, ["rank", str(bad), "--strict"])
    assert strict.exit_code == 2 and "refused with --strict" in strict.output


def _line(path, text: str) -> int:
    return path.read_text().splitlines().index(text) + 1


def test_the_archive_shapes_of_a_player_line_and_its_sections():
    loaded = api.load(DIALECTS / "archive_shapes.elo")
    t = loaded.tournament
    by = {p.start_no: p for p in t.players}
    alpha, beta, delta, gamma, eps, zeta = (by[n] for n in (301, 303, 306, 302, 304, 305))
    assert (alpha.name, alpha.federation, alpha.rating) == ("ALPHA, Ann", "FRANCE", 1900)  # +id, {country}
    assert alpha.stored_points == 3 and dict(alpha.extra)["papp discs"] == "110"  # '3 pts', '[110]'
    assert beta.rating == -100 and dict(beta.extra)["papp totals as written"] == "2, 115-77, -100, 1850, 12"
    assert delta.stored_points == 1.5  # '1.5+1': the Swiss points
    assert (gamma.federation, gamma.stored_points) == ("DE", 1.5)  # an empty field before it, '1,5', '%Champion'
    assert (eps.federation, eps.stored_points) == ("SWE", 1)  # 'SWE 1?': the comma missing
    assert zeta.stored_points is None and zeta.stored_rank == 6  # a line with no points
    # round markers '%round1:', '%Rround 2', '% Round 3'; a game behind '%' the totals count
    assert t.rounds == 3 and zeta.rounds[2].opponent == 303 and not zeta.rounds[2].rated
    assert any("1 game line(s) behind '%' are read as games of the event, left out of ratings" in w
               for w in loaded.warnings)
    # stage comments and a separate team event are kept apart from the Swiss, named as the file names them
    assert [g.stage for g in t.playoffs] == ["Semi-finals"] * 2 + ["3/4 Playoff", "Final"] + ["Team competition"] * 2
    assert [w for w in loaded.warnings if "no bye or absence explains" in w] == []
    assert api.check_order(t, [SPEC])[0].follows


def test_swiss_games_listed_under_each_player_are_read_once():
    loaded = api.load(DIALECTS / "archive_by_player.elo")
    t = loaded.tournament
    assert any("4 game(s) are listed twice (once under each player): read once" in w for w in loaded.warnings)
    assert t.rounds == 2 and all(e.kind is Kind.GAME for p in t.players for e in p.rounds)
    assert [w for w in loaded.warnings if "no bye or absence explains" in w] == []
    assert api.check_order(t, [SPEC])[0].follows


def test_a_readme_quoting_papp_markers_is_not_papp(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("Sample Papp files.\n\nFormat: '%%Key: value' metadata; '%_% ID, NAME' lines;\n"
                      "'%Round: n' blocks of games.\n")
    head = readme.read_bytes()[:4096]
    assert not PappFormat().sniff(readme, head)
    for name in ("papp128.elo", "archive_rr.elo", "papp133.elo", "papp136.elo", "archive_shapes.elo",
                 "archive_by_player.elo"):
        path = DIALECTS / name
        assert PappFormat().sniff(path, path.read_bytes()[:4096]), name


def _quirk(tmp_path, *swaps):
    text = (DIALECTS / "papp133.elo").read_text()
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "quirk.elo"
    path.write_text(text)
    return api.load(path)


def test_the_archives_last_quirks_are_read_by_rule(tmp_path):
    """A '%' comment after a game, points written '.5', discs '[ 90]': read as the same event."""
    plain = _quirk(tmp_path)
    quirks = _quirk(tmp_path, ("   101 (40)>(24)    102 B", "   101 (40)>(24)    102 B % verified, 40-24"),
                    ("BRAVO, Ben, BEL,  1.5, 92", "BRAVO, Ben, BEL,  1.5, [ 92]"),
                    ("%_%     104, DELTA, Di, FRA,  1, 93", "%_%     104, DELTA, Di, FRA,  1.0, 93"))
    assert api.rank(quirks.tournament, SPEC).rows == api.rank(plain.tournament, SPEC).rows
    bravo = quirks.tournament.player(102)
    assert bravo.stored_points == 1.5 and dict(bravo.extra).get("papp discs") == "92"
    half = _quirk(tmp_path, ("BRAVO, Ben, BEL,  1.5, 92", "BRAVO, Ben, BEL,  .5, 92"))
    assert any("BRAVO, Ben (102): stored 0.5 points" in w for w in half.warnings)  # '.5' is read as 0.5


def test_a_points_column_of_shared_places_is_not_read_as_points(tmp_path):
    loaded = _quirk(tmp_path, ("ALPHA, Ann, FRA,  3, 125", "ALPHA, Ann, FRA,  1, 125"),
                    ("BRAVO, Ben, BEL,  1.5, 92", "BRAVO, Ben, BEL,  2-3, 92"))
    assert any("holds places ('2-3' on line 11), not points" in w for w in loaded.warnings)
    assert all(p.stored_points is None or p.stored_points == sum(
        loaded.tournament.scoring.points(e) for e in p.rounds) for p in loaded.tournament.players)
    assert not any("stored 1 points" in w for w in loaded.warnings)


def test_a_listed_player_with_id_0_plays_the_games_naming_0(tmp_path):
    loaded = _quirk(tmp_path, ("%_%     101, ALPHA, Ann", "%_%       0, ALPHA, Ann"), *[
        (f"   101 {rest}", f"     0 {rest}") for rest in ("(40)>(24)    102 B",)])
    alpha = next(p for p in loaded.tournament.players if p.name == "ALPHA, Ann")
    assert alpha.start_no > 105 and alpha.rounds[0].kind is Kind.GAME and alpha.rounds[0].opponent == 102
    assert any("ALPHA, Ann is listed with id 0" in w for w in loaded.warnings)


def test_a_file_cut_short_is_refused_or_ranked_as_it_stands(tmp_path):
    """Half the listed players (three at least) storing more points than the rounds of games held can
    give: the file lost its later rounds."""
    text = (DIALECTS / "papp133.elo").read_text()
    cut = tmp_path / "cut.elo"
    cut.write_text(text[:text.index("%Round: 2")])
    with pytest.raises(BrightwellError, match=r"the file is cut short: \d of 5 listed players stored more points "
                                              r"than its 1 round\(s\) of games can give"):
        api.load(cut)
    loaded = api.load(cut, cut_short=True)
    assert sum("cut short" in w for w in loaded.warnings) == 1
    assert not any("which no bye or absence explains" in w for w in loaded.warnings)
    assert api.rank(loaded.tournament).after_round == 1


def test_a_player_list_without_totals_is_a_roster_not_the_standings(tmp_path):
    """Papp lists the players in standing order with their totals; a list none of whose lines gives
    any (``%_% 2908, FERRANDO, Marco``, as WOF archive files hold them) is the roster: no stored
    place, so ``check --order`` has nothing to check and a batch report counts no move against it."""
    from brightwell_plugin.archive.batch import collect, run
    from brightwell_plugin.plugins.host import get_host

    text = (DIALECTS / "papp133.elo").read_text()
    listed = re.findall(r"^%_%.*$", text, re.MULTILINE)
    roster = [re.sub(r"^(%_%[^,]*,[^,]*,[^,]*),.*$", r"\1", line) for line in reversed(listed)]  # id, name: no totals
    text = text.replace("\n".join(listed), "\n".join(roster)).replace("%        ID, NAME, Firstname, COUNTRY, "
                                                                       "score, disc-count\n", "")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "roster.elo").write_text(text)
    t = api.load(folder / "roster.elo").tournament
    standings = api.load(DIALECTS / "papp133.elo").tournament
    assert [p.start_no for p in t.players] == [p.start_no for p in reversed(standings.players)]  # the roster's order
    assert all(p.stored_rank is None for p in t.players) and all(p.stored_rank for p in standings.players)
    assert [r.start_no for r in api.rank(t, SPEC).rows][:1] == [101]  # ALPHA, listed last, leads on points
    with pytest.raises(BrightwellError, match="stores no order"):
        api.check_order(t, [SPEC])
    (result,) = run(list(collect([str(folder)], host=get_host())), tmp_path / "out", jobs_count=1, host=get_host())
    assert result.ok and result.before_from is None and result.moved() == [] and not result.has_order
