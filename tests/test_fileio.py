"""Atomic output: all files or none, no temporaries left, ordinary permissions."""

from __future__ import annotations

import os
import stat

import pytest

from brightwell_plugin import fileio
from brightwell_plugin.errors import BrightwellError
from brightwell_plugin.fileio import atomic_write, atomic_write_all


def test_all_files_appear_with_their_content(tmp_path):
    files = {tmp_path / "a.trn": b"A" * 70_000, tmp_path / "a.sco": b"", tmp_path / "a.ini": b"[x]\n"}
    atomic_write_all(files)
    assert {p: p.read_bytes() for p in files} == files
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ini", "a.sco", "a.trn"]


def test_a_failure_changes_nothing_and_leaves_no_temporaries(tmp_path):
    (tmp_path / "a.trn").write_bytes(b"old")
    with pytest.raises(BrightwellError, match=r"missing/a\.sco: cannot write: .*nothing was changed"):
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


def test_a_failed_rename_undoes_the_renames_done(tmp_path, monkeypatch):
    """A Swiss Perfect set is three files: the third rename failing puts the first two back."""
    old = {tmp_path / "a.ini": b"old ini", tmp_path / "a.trn": b"old trn", tmp_path / "a.sco": b"old sco"}
    for p, data in old.items():
        p.write_bytes(data)
    real = os.replace

    def failing(src, dst):
        if str(dst).endswith(".sco"):
            raise PermissionError(13, "Permission denied")
        return real(src, dst)

    monkeypatch.setattr(fileio.os, "replace", failing)
    with pytest.raises(BrightwellError, match="a.sco: cannot write: Permission denied; nothing was changed"):
        atomic_write_all({p: b"new" for p in old})
    monkeypatch.setattr(fileio.os, "replace", real)
    assert {p: p.read_bytes() for p in old} == old
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.ini", "a.sco", "a.trn"]


def test_a_failed_rename_removes_the_new_files_it_made(tmp_path, monkeypatch):
    real = os.replace
    monkeypatch.setattr(fileio.os, "replace",
                        lambda s, d: (_ for _ in ()).throw(OSError(28, "No space left on device"))
                        if str(d).endswith(".sco") else real(s, d))
    with pytest.raises(BrightwellError, match="No space left"):
        atomic_write_all({tmp_path / "a.ini": b"1", tmp_path / "a.trn": b"2", tmp_path / "a.sco": b"3"})
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("make, kind", [
    (lambda p: os.mkfifo(p), "a FIFO"),
    (lambda p: p.mkdir(), "a folder"),
])
def test_only_regular_files_are_replaced(tmp_path, make, kind):
    target = tmp_path / "out.txt"
    make(target)
    with pytest.raises(BrightwellError, match=f"out.txt: is {kind}: only regular files are replaced"):
        atomic_write(target, b"x")
    assert not stat.S_ISREG(os.lstat(target).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_device_is_never_replaced(tmp_path):
    """/dev/null is checked, not written: the refusal comes before anything is staged beside it."""
    with pytest.raises(BrightwellError, match="/dev/null: is a device: only regular files are replaced"):
        atomic_write("/dev/null", b"x")
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_symlink_is_replaced_only_when_asked(tmp_path):
    real = tmp_path / "real.txt"
    real.write_bytes(b"old")
    link = tmp_path / "link.txt"
    link.symlink_to(real)
    with pytest.raises(BrightwellError, match="link.txt: is a symbolic link"):
        atomic_write(link, b"new")
    assert link.is_symlink() and real.read_bytes() == b"old"
    atomic_write(link, b"new", follow_symlinks=True)
    assert link.is_symlink() and real.read_bytes() == b"new"
