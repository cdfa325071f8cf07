"""A batch's writes reuse the files they replace (fileio.replaced_files_reused): the same files as
plain atomic writes make, and never a file anything else can see."""

from __future__ import annotations

import os
import stat
from contextlib import nullcontext

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from brightwell_plugin import fileio
from brightwell_plugin.fileio import atomic_write, replaced_files_reused

REUSES = fileio._REUSABLE  # Linux: a write lease tells that no one holds a file open


@pytest.fixture
def reused(monkeypatch) -> list:
    """The files written into instead of new ones (what fileio._reused gave), in order."""
    given_back, real = [], fileio._reused

    def spy(folder):
        got = real(folder)
        given_back.append(got and os.path.basename(got[1]))
        return got
    monkeypatch.setattr(fileio, "_reused", spy)
    return given_back


def _tree(folder) -> dict:
    """Every file below ``folder``: its bytes and permissions."""
    return {p.relative_to(folder).as_posix(): (p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _outputs(folder, count: int) -> list:
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"event{i}.trf" for i in range(count)]
    for i, p in enumerate(paths):
        p.write_bytes(b"old %d\n" % i * (i + 1))
    return paths


def test_a_replaced_file_is_written_into_by_the_next_write_of_its_folder(tmp_path, reused):
    paths = _outputs(tmp_path / "out", 4)
    with replaced_files_reused():
        for i, p in enumerate(paths):
            atomic_write(p, b"new %d\n" % i)
    assert [p.read_bytes() for p in paths] == [b"new %d\n" % i for i in range(4)]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [p.name for p in paths]  # no spare left
    if REUSES:  # each file's new content went into the file the write before replaced
        assert len(reused) == 3 and all(reused)
    else:
        assert reused == []


def test_outside_the_block_every_write_makes_a_new_file(tmp_path, reused):
    for p in _outputs(tmp_path, 3):
        atomic_write(p, b"new")
    assert reused == [] and len(list(tmp_path.iterdir())) == 3


def test_a_replaced_file_with_another_name_is_not_reused(tmp_path, reused):
    a, b = _outputs(tmp_path / "out", 2)
    os.link(a, tmp_path / "kept-copy")
    with replaced_files_reused():
        atomic_write(a, b"new a")
        atomic_write(b, b"new b")
    assert (tmp_path / "kept-copy").read_bytes() == b"old 0\n"  # the user's second name keeps the old file
    assert reused == [None] * REUSES
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["event0.trf", "event1.trf"]


def test_a_replaced_file_held_open_is_not_reused(tmp_path, reused):
    a, b, c = _outputs(tmp_path / "out", 3)
    with replaced_files_reused():
        with open(a, "rb") as reader:  # a reader that opened the old file before it was replaced
            atomic_write(a, b"new a")
            atomic_write(b, b"new b" * 10)
            atomic_write(c, b"new c")
            assert reader.read() == b"old 0\n"  # still the old content, whole
    assert [name and name.split(".")[1] for name in reused] == ([None, "event1"] if REUSES else [])
    assert [p.read_bytes() for p in (a, b, c)] == [b"new a", b"new b" * 10, b"new c"]
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["event0.trf", "event1.trf", "event2.trf"]


def test_a_replaced_file_with_other_permissions_is_not_reused(tmp_path, reused):
    a, b = _outputs(tmp_path / "out", 2)
    old = os.umask(0o022)
    try:
        with replaced_files_reused():
            atomic_write(b, b"first")  # the folder's new files are 0o644
            a.chmod(0o600)
            atomic_write(a, b"new a")  # kept: 0o600, not what a new file gets
            atomic_write(b, b"new b")
    finally:
        os.umask(old)
    assert stat.S_IMODE(b.stat().st_mode) == 0o644 and b.read_bytes() == b"new b"
    assert [name is None for name in reused] == ([False, True] if REUSES else [])  # old b reused, not old a


def test_a_replaced_file_is_reused_in_its_own_folder_only(tmp_path, reused):
    (x,), (y,) = _outputs(tmp_path / "x", 1), _outputs(tmp_path / "y", 1)
    with replaced_files_reused():
        atomic_write(x, b"new x")
        atomic_write(y, b"new y")
    assert reused == [None] * REUSES
    assert [p.name for p in (tmp_path / "x").iterdir()] == ["event0.trf"]


def test_what_is_kept_is_removed_when_the_block_fails(tmp_path):
    (a,) = _outputs(tmp_path, 1)
    with pytest.raises(RuntimeError), replaced_files_reused():
        atomic_write(a, b"new")
        raise RuntimeError
    assert [p.name for p in tmp_path.iterdir()] == ["event0.trf"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "a/c"]), st.integers(0, 3), st.binary(max_size=3000),
                          st.booleans()), min_size=1, max_size=12))
def test_reusing_writes_the_same_files_as_plain_writes(tmp_path_factory, writes):
    """Writes over new and old files, in several folders, of any size: the same tree either way."""
    trees = []
    for reuse in (False, True):
        root = tmp_path_factory.mktemp("reuse" if reuse else "plain")
        for folder in ("a", "b", "a/c"):
            _outputs(root / folder, 2)
        with replaced_files_reused() if reuse else nullcontext():
            for folder, n, data, through_link in writes:
                target = root / folder / f"event{n}.trf"
                if through_link and target.exists():  # a name elsewhere: never written into
                    os.link(target, root / f"link{len(list(root.iterdir()))}")
                atomic_write(target, data)
        trees.append(_tree(root))
    assert trees[0] == trees[1]
