"""The French federation's tie-breaks as Papi computes them (brightwell_plugin/criteria/papi.py), on
Sharly-Chess's exports of real French events against what Sharly-Chess itself computed
(../shared/research/programs/sharly), and on events small enough to count by hand."""

from __future__ import annotations

import json

import pytest

from brightwell_plugin import api
from brightwell_plugin.builder import TournamentBuilder
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.model import Kind
from support.samples import or_skip, present, research

SHARLY = research("programs", "sharly")
PAPI = {"Tr.", "Bu.", "Me.", "Perf"}  # Sharly's headings of Papi's tie-breaks
RATED = {"ARO", "TPR", "PTP", "APRO", "APPO"}


def _events():
    if not SHARLY.exists():
        return or_skip([])
    out = []
    for path in sorted((SHARLY / "values").glob("*.json")):
        for event in json.loads(path.read_text(encoding="utf-8")):
            if event.get("trf"):
                out.append(pytest.param(event, id=event["trf"].split("/")[-1]))
    return out


@pytest.mark.parametrize("event", _events())
def test_sharlys_exports_rank_as_sharly_ranks_them_with_papis_values(event):
    loaded = api.load(SHARLY / event["trf"])
    t = loaded.tournament
    standings = api.rank(t, after_round=event["after_round"])
    rows = {r.start_no: r for r in standings.rows}
    if not (RATED & set(event["tie_breaks"]) and any(p.rating is None for p in t.players)):
        assert [r.start_no for r in standings.rows] == [row["sno"] for row in event["rows"]]  # the order
    # (else C.07 art. 10 drops the rating tie-breaks, unrated players being present; Sharly computes them)
    for row in event["rows"]:
        ours = rows[row["sno"]]
        assert ours.values[0] == row["pts"], row["sno"]
        for heading, item, value, theirs in zip(event["tie_breaks"], standings.items[1:], ours.values[1:], row["tb"]):
            if heading in PAPI:
                assert "PAPI" in item.code and value == float(theirs), (row["sno"], heading, value, theirs)
    assert any("record 172 names the method FIDON without the federation" in w for w in loaded.warnings)


def _event(system="swiss", rounds=3):
    b = TournamentBuilder("Papi", rounds=rounds, game="chess", system=system)
    for no, rating in ((1, 2000), (2, 1800), (3, 1600), (4, None)):
        b.player(no, f"P{no}", rating=rating)
    return b


def _values(t, item, after=None):
    return {r.start_no: r.values[1] for r in api.rank(t, ["PTS", item], after_round=after).rows}


def test_papis_buchholz_counts_an_opponents_unplayed_rounds_as_draws_and_a_virtual_opponent_for_ones_own():
    b = _event()
    b.game(1, 1, 2, result="win").game(1, 3, 4, result="win")
    b.game(2, 1, 3, result="draw").bye(2, 2, Kind.PAB).bye(2, 4, Kind.HALF_BYE)
    b.game(3, 1, 4, result="win").game(3, 2, 3, result="loss")
    t = b.build()
    # No. 1 met 2 (adjusted: 0 + a draw for the bye + 0 = 0.5), 3 (1 + .5 + 1 = 2.5), 4 (0 + a draw + 0 = .5)
    assert _values(t, "PAPI_BU")[1] == 3.5
    assert _values(t, "PAPI_TR")[1] == 3.0 == _values(t, "OTHER_PAPI_BUCHHOLZ_CUT")[1]  # 3 rounds: one cut
    assert _values(t, "PAPI_BU:preset=me")[1] == 0.5 == _values(t, "OTHER_PAPI_BUCHHOLZ_MEDIAN")[1]
    # No. 2's bye in round 2: a virtual opponent of his 0 points, a draw in round 3, and a loss: 0.5
    assert _values(t, "PAPI_BU")[2] == 2.5 + 0.5 + 2.5
    assert _values(t, "PAPI_KA") == {1: 10, 2: 4 + 1 + 1, 3: 4 + 2 + 4, 4: 1 + 2 + 1}


def test_in_a_round_robin_papis_buchholz_is_the_opponents_points_uncut():
    b = _event(system="round-robin")
    b.game(1, 1, 2, result="win").game(1, 3, 4, result="draw")
    b.game(2, 1, 3, result="win").game(2, 2, 4, result="win")
    b.game(3, 1, 4, result="draw").game(3, 2, 3, result="draw")
    t = b.build()
    assert _values(t, "PAPI_TR")[1] == 1.5 + 1 + 1  # the opponents' points, no cut


def test_an_other_item_no_plugin_computes_is_left_out_of_the_files_list_and_strict_refuses(tmp_path):
    source = SHARLY / "exports" / "24th-rochefort-chess-festival__1.trf"
    present(source)
    path = tmp_path / "other.trf"
    path.write_bytes(source.read_bytes().replace(b"212 PTS,", b"212 PTS,OTHER_FFE_BERLIN,"))
    loaded = api.load(path)
    assert loaded.tournament.tiebreaks == ("PTS", "OTHER_PAPI_BUCHHOLZ_CUT", "OTHER_PAPI_PERFORMANCE")
    assert sum("names OTHER_FFE_BERLIN, which no plugin computes" in w for w in loaded.warnings) == 1
    with pytest.raises(BrightwellError, match="tie-break OTHER_FFE_BERLIN, which no plugin computes"):
        api.load(path, strict=True)
