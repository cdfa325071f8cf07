"""Batch under faults a real archive run meets: Ctrl-C, and a second run into the same folder."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from brightwell_plugin import api

RUN = [sys.executable, "-m", "brightwell_plugin.cli"]
WAIT = 120  # seconds any step may take before the test gives up (a wait, not a measure of speed)


def _archive(folder, count):
    folder.mkdir()
    data = api.sample_path().read_bytes()
    for i in range(count):
        (folder / f"{folder.name}{i:05}.xml").write_bytes(data)
    return folder


def _outputs(out):
    return [p for p in out.rglob("*.xml")] if out.exists() else []


def _wait_for(condition, what):
    deadline = time.monotonic() + WAIT
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.02)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="needs POSIX process groups")
def test_ctrl_c_stops_at_once_prints_what_was_done_and_exits_130(tmp_path):
    src, out = _archive(tmp_path / "archive", 3000), tmp_path / "out"
    proc = subprocess.Popen([*RUN, "batch", str(src), "--out", str(out), "--jobs", "2"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    _wait_for(lambda: _outputs(out) or proc.poll() is not None, "the first output")
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    stdout, stderr = proc.communicate(timeout=WAIT)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "Aborted" not in stderr + stdout
    done = len(_outputs(out))
    assert 0 < done < 3000, "it stopped taking new files"
    summary = next(line for line in stdout.splitlines() if " ranked, " in line)
    assert summary == f"{done} ranked, 0 skipped, 0 failed of 3000 files", "every file written is counted"
    assert f"interrupted: {3000 - int(summary.split()[0])} file(s) not done" in stderr
    for path in _outputs(out):  # every output whole
        assert api.load(path).tournament.players
    assert not list(out.rglob("*.tmp"))


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    fields = f.read().rsplit(b")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"  # a zombie has ended
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs Linux's /proc to see the workers")
def test_the_workers_die_with_a_killed_batch_and_stop_writing(tmp_path):
    src, out = _archive(tmp_path / "archive", 3000), tmp_path / "out"
    proc = subprocess.Popen([*RUN, "batch", str(src), "--out", str(out), "--jobs", "2"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _wait_for(lambda: _outputs(out) or proc.poll() is not None, "the first output")
    workers = _children(proc.pid)
    assert workers, "the batch runs its workers as child processes"
    proc.kill()  # kill -9: no chance to tell the workers
    proc.wait(timeout=WAIT)
    _wait_for(lambda: not any(_alive(w) for w in workers), "the workers to end with their parent")
    written = len(_outputs(out))
    time.sleep(0.5)  # were a worker still running, it would write more in this while
    assert len(_outputs(out)) == written < 3000


@pytest.mark.slow
def test_two_batches_into_one_folder_both_finish(tmp_path):
    first, second, out = _archive(tmp_path / "a", 1500), _archive(tmp_path / "b", 300), tmp_path / "out"
    a = subprocess.Popen([*RUN, "batch", str(first), "--out", str(out), "--jobs", "2"], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    _wait_for(lambda: _outputs(out) or a.poll() is not None, "the first run's first output")
    b = subprocess.run([*RUN, "batch", str(second), "--out", str(out), "--jobs", "2"], capture_output=True,
                       text=True, timeout=WAIT)  # its start-up clean-up runs while the first one writes
    a_out, a_err = a.communicate(timeout=WAIT)
    assert a.returncode == 0 and "1500 ranked, 0 skipped, 0 failed of 1500 files" in a_out, a_err
    assert b.returncode == 0 and "300 ranked, 0 skipped, 0 failed of 300 files" in b.stdout, b.stderr
    assert len(_outputs(out)) == 1500 + 300
    assert not list(out.rglob("*.tmp"))


def test_ctrl_c_before_any_file_is_exit_130_not_aborted(monkeypatch):
    from click.testing import CliRunner

    from brightwell_plugin.cli import main

    def interrupt(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(api, "load", interrupt)
    result = CliRunner().invoke(main, ["rank", "--sample"])
    assert result.exit_code == 130 and result.output.strip() == "brightwell: interrupted"


@pytest.mark.skipif(not os.path.exists("/proc/self/stat"), reason="needs Linux /proc")
def test_a_temporary_of_an_exited_but_unreaped_process_is_stale(tmp_path):
    from brightwell_plugin.archive.batch import clean_stale_temporaries
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    _wait_for(lambda: open(f"/proc/{child.pid}/stat", "rb").read().rpartition(b")")[2].split()[0] == b"Z",
              "the child to exit")  # a zombie until reaped: os.kill(pid, 0) still succeeds
    (tmp_path / f".event.trf.{child.pid}-1.tmp").write_text("half")
    (tmp_path / f".event.trf.{os.getpid()}-1.tmp").write_text("ours, in flight")
    assert clean_stale_temporaries(tmp_path) == 1
    assert [p.name for p in tmp_path.iterdir()] == [f".event.trf.{os.getpid()}-1.tmp"]
    child.wait()


@pytest.mark.slow
@pytest.mark.parametrize("out", [".", "sp"])
def test_a_batch_never_writes_over_its_inputs(tmp_path, out):
    import shutil

    from support.make_fixtures import FIXTURES
    src = tmp_path / "archive"
    shutil.copytree(FIXTURES / "sp", src / "sp")
    shutil.copy(FIXTURES / "quirks.trf", src)
    before = {p: p.read_bytes() for p in src.rglob("*") if p.is_file()}
    result = subprocess.run([*RUN, "batch", str(src), "--out", str(src / out)], capture_output=True, text=True,
                            timeout=WAIT)
    assert result.returncode == 2 and "the output folder holds input files" in result.stderr
    assert {p: p.read_bytes() for p in src.rglob("*") if p.is_file()} == before
