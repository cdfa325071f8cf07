"""Every writable format into every other: the standings survive; what cannot, is listed."""

from __future__ import annotations

import pytest

from brightwell_plugin import api
from make_fixtures import papp_event, scrabble_day

OTHELLO = {"xml": ".xml", "trf": ".trf", "swissperfect": ".trn", "papp": ".elo"}
SCRABBLE = {"xml": ".xml", "trf": ".trf", "swissperfect": ".trn", "tsh": ".t"}
CASES = [("othello", papp_event, OTHELLO, "PTS,BQ:preset=woc,DISCS"),
         ("scrabble", scrabble_day, SCRABBLE, "PTS,SPREAD,BQ:preset=cas:u=0")]


@pytest.mark.parametrize("label, build, formats, spec", CASES, ids=[c[0] for c in CASES])
def test_every_pair_of_formats(tmp_path, label, build, formats, spec):
    t = build()
    expected = api.rank(t, spec).rows
    for a, sa in formats.items():
        source = tmp_path / f"{label}_{a}{sa}"
        api.write(t, source, a)
        for b, sb in formats.items():
            target = tmp_path / f"{label}_{a}_to_{b}{sb}"
            loaded, lost = api.convert(source, target, b)
            got = api.rank(api.load(target).tournament, spec).rows
            assert [(r.start_no, r.values) for r in got] == [(r.start_no, r.values) for r in expected], \
                (a, b, lost)
