"""Atomic output: all files or none, no temporaries left, ordinary permissions."""

from __future__ import annotations

import os
import stat

import pytest

from brightwell_plugin import fileio
from brightwell_plugin.fileio import atomic_write, atomic_write_all


def test_all_files_appear_with_their_content(tmp_path):
    files = {tmp_path / "a.trn": b"A" * 70_000, tmp_path / "a.sco": b"", tmp_path / "a.ini": b"[x]\n"}
    atomic_write_all(files)
    assert {p: p.read_bytes() for p in files} == files
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ini", "a.sco", "a.trn"]


def test_a_failure_changes_nothing_and_leaves_no_temporaries(tmp_path):
    (tmp_path / "a.trn").write_bytes(b"old")
    with pytest.raises(FileNotFoundError):
        atomic_write_all({tmp_path / "a.trn": b"new", tmp_path / "missing" / "a.sco": b"new"})
    assert (tmp_path / "a.trn").read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["a.trn"]


def test_new_files_get_the_permissions_of_any_new_file(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "out.xml", b"<x/>")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "out.xml").stat().st_mode) == 0o644


def test_a_stale_temporary_of_the_same_name_is_stepped_over(tmp_path, monkeypatch):
    monkeypatch.setattr(fileio, "_TAGS", iter([7, 7, 8]))
    stale = tmp_path / f".out.xml.{os.getpid()}-7.tmp"
    stale.write_bytes(b"half")
    atomic_write(tmp_path / "out.xml", b"whole")
    assert (tmp_path / "out.xml").read_bytes() == b"whole"
    assert stale.read_bytes() == b"half"  # not ours to remove here (a batch cleans them up first)
