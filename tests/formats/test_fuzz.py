"""Mutated files of every format are ranked or refused on one line naming the file: never another
exception, a hang or unbounded memory (the fault model and the long run: docs/reliability.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support import mutants
from support.samples import needs_shared
from brightwell_plugin import api

FIXTURE_SEEDS = mutants.seeds((mutants.FIXTURES,))
SHARED_SEEDS = mutants.seeds((mutants.SHARED, mutants.TEAMS, mutants.SWISS_MANAGER, mutants.SWISS_CHESS, mutants.SHARLY,
                               mutants.TOURNEY_JS, mutants.PAPI,
                               mutants.PAIRGOTH)) if mutants.SHARED.exists() else []
# each format's own mutator, and the seeds it aims at: Swiss-Manager's binaries, Sharly's SQLite, tsh's JavaScript
AIMED = {mutants.sm_field: (".tunx", ".tumx", ".turx", ".tutx"), mutants.sce_value: (".sce",),
         mutants.js_literal: (".js",)}
_SETTINGS = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def test_the_fixtures_hold_every_readable_format():
    read = {api.detect_format(mutants.FIXTURES.parent / s.name).name for s in FIXTURE_SEEDS if not s.name.endswith("(made)")}
    readable = {name for name, f in api.get_host().formats.items() if f.can_read and not f.named_only}
    assert readable <= read, f"no fixture of {sorted(readable - read)}"
    assert any(s.main.endswith(".zip") for s in FIXTURE_SEEDS)


def _check(seed, mutation, salt, folder):
    kind, detail = mutants.mutant_outcome(seed, mutation, random.Random(salt), folder)
    assert kind != "UNCLEAN", f"{seed.name}, {mutation.__name__}, random.Random({salt}): {detail}"


@pytest.mark.slow
@_SETTINGS
@given(seed=st.sampled_from(FIXTURE_SEEDS), mutation=st.sampled_from(mutants.MUTATIONS),
       salt=st.integers(0, 2**32 - 1))
def test_a_mutated_fixture_is_ranked_or_refused_in_one_line(tmp_path_factory, seed, mutation, salt):
    _check(seed, mutation, salt, tmp_path_factory.mktemp("mutant"))


@pytest.mark.slow
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.sampled_from(FIXTURE_SEEDS), mutation=st.sampled_from(mutants.MUTATIONS),
       salt=st.integers(0, 2**32 - 1))
def test_a_mutated_fixture_that_reads_explains_and_converts_to_what_rank_ranks(tmp_path_factory, seed, mutation,
                                                                                salt):
    """Past reading: explaining everyone, and each conversion writing a file that rank ranks (or
    refusing in one line naming the output)."""
    kind, detail = mutants.mutant_outcome(seed, mutation, random.Random(salt), tmp_path_factory.mktemp("mutant"),
                                          further=True)
    assert kind != "UNCLEAN", f"{seed.name}, {mutation.__name__}, random.Random({salt}): {detail}"


@pytest.mark.slow
@needs_shared(mutants.SHARED)
@_SETTINGS
@given(data=st.data())
def test_a_mutated_real_file_is_ranked_or_refused_in_one_line(tmp_path_factory, data):
    seed = data.draw(st.sampled_from(SHARED_SEEDS), label="seed")
    mutation = data.draw(st.sampled_from(mutants.MUTATIONS), label="mutation")
    _check(seed, mutation, data.draw(st.integers(0, 2**32 - 1), label="salt"), tmp_path_factory.mktemp("mutant"))


@pytest.mark.parametrize("mutation", list(AIMED), ids=lambda m: m.__name__)
def test_each_formats_own_mutator_changes_its_files(mutation):
    """The Swiss-Manager, Sharly and tourney.js mutators change the files they aim at (a mutator
    that fell back on flipping bytes every time would test nothing of its own)."""
    aimed = [s for s in FIXTURE_SEEDS if s.main.lower().endswith(AIMED[mutation])]
    assert aimed, f"no fixture for {mutation.__name__}"
    for seed in aimed:
        data = seed.files[seed.main]
        changed = {mutation(data, random.Random(k)) for k in range(30)} - {data}
        assert len(changed) >= 10
        if mutation is mutants.sce_value:  # still a database: one value changed, not its bytes at random
            assert all(c.startswith(b"SQLite format 3\x00") for c in changed)
        if mutation is mutants.sm_field:  # the same length: a field overwritten in place
            assert all(len(c) == len(data) for c in changed)


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_file_mutated_by_its_formats_own_mutator_is_ranked_or_refused_in_one_line(tmp_path_factory, data):
    mutation = data.draw(st.sampled_from(list(AIMED)), label="mutation")
    pool = [s for s in FIXTURE_SEEDS + SHARED_SEEDS if s.main.lower().endswith(AIMED[mutation])]
    seed = data.draw(st.sampled_from(pool), label="seed")
    _check(seed, mutation, data.draw(st.integers(0, 2**32 - 1), label="salt"), tmp_path_factory.mktemp("mutant"))


def test_the_judge_calls_an_escaped_exception_unclean(tmp_path, monkeypatch):
    path = tmp_path / "x.xml"
    path.write_text("<x/>")
    monkeypatch.setattr(mutants.api, "load", lambda p: (_ for _ in ()).throw(ValueError("boom")))
    kind, detail = mutants.outcome(path)
    assert kind == "UNCLEAN" and "ValueError: boom" in detail


def test_the_judge_calls_a_message_without_the_file_unclean(tmp_path, monkeypatch):
    from brightwell_plugin.errors import BrightwellError
    path = tmp_path / "x.xml"
    path.write_text("<x/>")

    def refuse(p):
        raise BrightwellError("line 3: something", file=None)
    monkeypatch.setattr(mutants.api, "load", refuse)
    assert mutants.outcome(path)[0] == "UNCLEAN"


@pytest.mark.slow
def test_the_watchdog_stops_a_hang(tmp_path, monkeypatch):
    def forever(p):
        while True:
            pass
    monkeypatch.setattr(mutants, "WATCHDOG_SECONDS", 1)
    monkeypatch.setattr(mutants.api, "load", forever)
    kind, detail = mutants.outcome(tmp_path / "x.xml")
    assert kind == "UNCLEAN" and detail.startswith("Hang")


def test_the_memory_guard_stops_a_reader_that_allocates_without_bound(tmp_path, monkeypatch):
    monkeypatch.setattr(mutants.api, "load", lambda p: bytearray(2 * mutants.MEMORY_HEADROOM))
    kind, detail = mutants.outcome(tmp_path / "x.xml")
    assert kind == "UNCLEAN" and detail.startswith("MemoryError")
