"""The committed sample and fixtures are exactly what tests/support/make_fixtures.py writes."""

from __future__ import annotations

import pytest

from brightwell_plugin.adapters.xml.format import XmlFormat
from support.make_fixtures import BINARY_FIXTURES, BUILDERS, FIXTURES, LATIN1_FIXTURES, ROOT, TEXT_FIXTURES, chess_json_fixture, \
    othello_chess_json_fixture, papp_elo_fixture, scrabble_day, sp_fixture_files, wthor_files


@pytest.mark.parametrize("path", sorted(BUILDERS), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_file_matches_its_builder(path):
    assert path.read_bytes() == XmlFormat().dumps(BUILDERS[path]()), "run python tests/support/make_fixtures.py"


@pytest.mark.parametrize("path", sorted(TEXT_FIXTURES), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_text_fixture_matches_its_builder(path):
    assert path.read_text(encoding="utf-8") == TEXT_FIXTURES[path](), "run python tests/support/make_fixtures.py"


@pytest.mark.parametrize("path", sorted(BINARY_FIXTURES), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_binary_fixture_matches_its_builder(path):
    assert path.read_bytes() == BINARY_FIXTURES[path](), "run python tests/support/make_fixtures.py"


@pytest.mark.parametrize("path", sorted(LATIN1_FIXTURES), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_latin1_fixture_matches_its_builder(path):
    assert path.read_bytes() == LATIN1_FIXTURES[path]().encode("latin-1"), "run python tests/support/make_fixtures.py"


def test_committed_swiss_perfect_and_wthor_fixtures_match_their_writers():
    for path, data in [*sp_fixture_files().items(), *wthor_files().items()]:
        assert path.read_bytes() == data, f"{path}: run python tests/support/make_fixtures.py"


def test_committed_papp_and_tsh_fixtures_match_their_writers():
    from brightwell_plugin.adapters.tsh.format import TshFormat
    assert (FIXTURES / "othello_open.elo").read_bytes() == papp_elo_fixture(), "run python tests/support/make_fixtures.py"
    assert (FIXTURES / "quirks.jch").read_bytes() == chess_json_fixture(), "run python tests/support/make_fixtures.py"
    assert (FIXTURES / "othello_open.jch").read_bytes() == othello_chess_json_fixture(), \
        "run python tests/support/make_fixtures.py"
    assert (FIXTURES / "tsh" / "a.t").read_bytes() == TshFormat().dumps(scrabble_day()), \
        "run python tests/support/make_fixtures.py"
