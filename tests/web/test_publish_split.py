"""A large site is built on two processes (web/split.py): the same files as one process renders,
and a failure on either side is a one-line error that leaves the old site as it was."""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
from pathlib import Path

import pytest

from brightwell_plugin import api
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.publication import document
from brightwell_plugin.web import pages, split
from brightwell_plugin.web import publish as site
from brightwell_plugin.web.pages import render_site
from brightwell_plugin.plugins.host import get_host

from support.paths import ROOT

pytest.importorskip("jinja2")
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_rank import generate  # noqa: E402
from support.samples import or_skip  # noqa: E402
from support.samples import research

SHARED = research("formats")
REAL = ["papp/wof_results/wofpipe_19891015_WOC_1989.ELO", "trf/icu_armstrong_2011.tab",
        "go/opengotha_remote/ogremote_20201031193925_CA2020Rd6finalv1.xml"]

SPEC, COMPARE = "PTS,BQ:preset=woc,DISCS,BH", "PTS,DISCS"


@pytest.fixture
def event(tmp_path) -> Path:
    """A field large enough to be split, with names that need escaping and one late entry."""
    t = generate(split.SPLIT_FROM + 21, 7)
    players = list(t.players)
    players[0] = dataclasses.replace(players[0], name="Ödön <script>alert(1)</script> & Co")
    players[-1] = dataclasses.replace(players[-1], name="Åsa \"Quote\" O'Neil", federation="SWE")
    path = tmp_path / "event.xml"
    api.write(dataclasses.replace(t, players=tuple(players)), path, "xml")
    return path


@pytest.fixture
def used(monkeypatch):
    """A count of the split path's uses, on a machine of two processors whatever this one has."""
    calls = []
    original = split.write_site
    monkeypatch.setattr(split, "_processors", lambda: 2)
    monkeypatch.setattr(split, "write_site", lambda *a, **k: calls.append(1) or original(*a, **k))
    return calls


@pytest.fixture
def forced(used, monkeypatch):
    """The split path for a large event, whatever threads earlier tests left running."""
    monkeypatch.setattr(split.threading, "active_count", lambda: 1)
    return used


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.mark.slow
@pytest.mark.parametrize("live, after_round", [(False, None), (True, None), (False, 4)])
def test_two_processes_write_the_files_one_process_renders(tmp_path, event, forced, live, after_round):
    out = tmp_path / "site"
    count = site.publish(event, out, spec=SPEC, compare=COMPARE, after_round=after_round, live=live, host=get_host())
    assert forced == [1]
    loaded = api.load(event)
    expected = render_site(document(loaded.tournament, SPEC, COMPARE, after_round, event.name, host=get_host()), live=live)
    written = files_of(out)
    assert count == len(written) == len(expected)
    assert written.keys() == expected.keys()
    different = [name for name in expected if written[name] != expected[name]]
    assert different == []


@pytest.mark.parametrize("path", or_skip(SHARED / name for name in REAL if (SHARED / name).is_file()))
def test_real_events_built_on_two_processes_are_built_as_on_one(tmp_path, forced, monkeypatch, path):
    monkeypatch.setattr(split, "SPLIT_FROM", 10)  # real fields are smaller than the threshold
    out = tmp_path / "site"
    site.publish(path, out, live=True, host=get_host())
    assert forced == ([] if api.load(path).tournament.teams else [1])  # a team site is built in one process
    loaded = api.load(path)
    notes = [str(w).replace(str(path), path.name) for w in loaded.warnings]
    expected = render_site(document(loaded.tournament, None, None, None, path.name, None, notes, host=get_host()), live=True)
    assert files_of(out) == expected


def test_a_small_event_is_built_in_one_process(tmp_path, forced):
    site.publish(api.sample_path(), tmp_path / "site", host=get_host())
    assert forced == []


def test_a_program_with_other_threads_builds_in_one_process(tmp_path, event, used):
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        site.publish(event, tmp_path / "site", host=get_host())
    finally:
        stop.set()
        other.join()
    assert used == []
    assert len(list((tmp_path / "site" / "players").iterdir())) == split.SPLIT_FROM + 21


def old_site(tmp_path) -> tuple[Path, dict[str, bytes]]:
    out = tmp_path / "site"
    site.publish(api.sample_path(), out, host=get_host())
    return out, files_of(out)


def test_an_error_in_the_second_process_is_reported_and_the_old_site_kept(tmp_path, event, forced, monkeypatch):
    out, before = old_site(tmp_path)

    def failing(*args, **kwargs):  # only the second process explains
        raise BrightwellError("BQ: cannot explain this")
    monkeypatch.setattr(split, "explanations", failing)
    with pytest.raises(BrightwellError, match=r"^BQ: cannot explain this$"):
        site.publish(event, out, spec=SPEC, host=get_host())
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xml", "site"]


def test_an_internal_error_in_the_second_process_is_one_line(tmp_path, event, forced, monkeypatch):
    out, before = old_site(tmp_path)
    parent, original = os.getpid(), pages.Site.player_pages

    def failing_in_the_child(self, players, explanations):
        if os.getpid() != parent:
            raise ValueError("no pages here")
        return original(self, players, explanations)
    monkeypatch.setattr(pages.Site, "player_pages", failing_in_the_child)
    with pytest.raises(BrightwellError) as caught:
        site.publish(event, out, spec=SPEC, host=get_host())
    assert str(caught.value) == "internal error in the second process (ValueError: no pages here)"
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xml", "site"]


def test_an_error_in_this_process_stops_the_second_and_keeps_the_old_site(tmp_path, event, forced, monkeypatch):
    out, before = old_site(tmp_path)

    def failing(self):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(pages.Site, "event_pages", failing)
    children = []
    fork = os.fork

    def recorded_fork():
        pid = fork()
        if pid:
            children.append(pid)
        return pid
    monkeypatch.setattr(split.os, "fork", recorded_fork)
    with pytest.raises(BrightwellError, match="site: cannot write the site: No space left on device; nothing was changed"):
        site.publish(event, out, spec=SPEC, host=get_host())
    assert files_of(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xml", "site"]
    assert len(children) == 1
    with pytest.raises(ChildProcessError):  # the second process was stopped and waited for
        os.waitpid(children[0], os.WNOHANG)


def test_the_json_assembled_from_parts_is_json_dumps_of_the_document(event):
    import json
    doc = document(api.load(event).tournament, SPEC, COMPARE, host=get_host())
    assert pages.site_json(doc) == json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode()
