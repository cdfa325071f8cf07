"""Run a piece of work for each job of an archive in parallel (``batch``, ``study``): jobs in
chunks on an executor, each result handed on as its chunk completes, memory flat, Ctrl-C
stopping every worker between two files.

The work is a plain function of one :class:`~brightwell_plugin.archive.jobs.Job` (a ``functools.partial``
of a module-level function: picklable), so any ``concurrent.futures.Executor`` runs it: a process
pool by default, a Dask cluster's ``client.get_executor()`` as well.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    Executor,
    ProcessPoolExecutor,
    as_completed,
    wait,
)
from contextlib import contextmanager
from itertools import accumulate

from brightwell_plugin.fileio import replaced_files_reused

try:  # imported here, before the pool forks its workers: once, not once in each of them
    import ctypes
except ImportError:
    ctypes = None

IN_FLIGHT = 4  # chunks a worker may have queued: enough to keep it busy, few enough to hold little
CHUNK = 32  # files a task holds at most (chunk_sizes)

_STOP = None  # in a worker of our own pool: set by the parent on Ctrl-C


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl-C: what was done before it (outputs are whole or absent); ``done``
    counts the jobs finished, ``results`` holds them when the run kept its results."""

    def __init__(self, results: list, total: int, done: int | None = None):
        super().__init__()
        self.results, self.total = results, total
        self.done = len(results) if done is None else done


def run_chunk(work: Callable, jobs: Sequence) -> list:
    """``work`` for several jobs: one task per chunk spares the executor a round trip per file, and
    its writes reuse the files they replace (:func:`~brightwell_plugin.fileio.replaced_files_reused`).
    After Ctrl-C the chunk stops before its next job, and what it finished is reported."""
    results = []
    try:
        with replaced_files_reused():
            for job in jobs:
                if _STOP is not None and _STOP.is_set():
                    break
                results.append(work(job))
    except KeyboardInterrupt:  # an executor whose workers do get the signal
        pass
    return results


def _worker_start(stop, parent: int) -> None:
    """Workers leave Ctrl-C to the parent, which tells them to stop between files: a file is then
    either done and counted, or not started. A worker dies with its parent (``kill -9`` of the
    batch stops its workers too)."""
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STOP = stop
    die_with_parent(parent)


_PR_SET_PDEATHSIG = 1  # Linux prctl(2): the signal this process gets when its parent dies


def die_with_parent(parent: int) -> None:
    """End this process when ``parent`` ends: the kernel's parent-death signal on Linux, elsewhere
    a thread that looks once a second."""
    try:
        if ctypes is None:
            raise OSError
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
            raise OSError
    except (OSError, AttributeError):
        def watch():
            while os.getppid() == parent:
                threading.Event().wait(1.0)
            os._exit(1)
        threading.Thread(target=watch, daemon=True).start()
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)


def chunk_sizes(files: int, workers: int) -> list[int]:
    """Files per task, in order: up to :data:`CHUNK` (steady progress, few round trips: each costs
    the parent some 0.4 ms, and a worker a new file for the chunk's first output), never more than a
    quarter of what is left per worker, so the tasks shrink toward the end and the workers
    finish together instead of one waiting for the other's last big chunk."""
    sizes, left = [], files
    while left > 0:
        size = max(1, min(CHUNK, left // (4 * max(1, workers))))
        sizes.append(size)
        left -= size
    return sizes


@contextmanager
def _ctrl_c_held():
    """A Ctrl-C during the block is raised when it ends (in the main thread): what it would have
    interrupted is never half done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pressed = []
    before = signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if pressed:
        raise KeyboardInterrupt


def _take_started(futures, take) -> None:
    """After Ctrl-C: the results of the chunks already running (each stops at its current file), so
    that the summary counts every job done. A second Ctrl-C stops the waiting."""
    started = [f for f in futures if not f.cancelled()]
    try:
        for future in as_completed(started):
            if future.exception() is None:
                take(future)
    except KeyboardInterrupt:
        pass


def run_jobs(jobs: Sequence, work: Callable, executor: Executor | None = None, jobs_count: int | None = None,
             on_result: Callable | None = None, keep: bool = True) -> list:
    """``work`` for every job with ``executor`` (default: a process pool of ``jobs_count`` workers).
    Each result goes to ``on_result`` as its chunk completes; with ``keep`` all are returned too, in
    the order they completed, and without it none are held. Ctrl-C raises :class:`Interrupted`."""
    workers = jobs_count or os.cpu_count() or 1
    own = executor is None
    stop = multiprocessing.get_context().Event() if own else None
    pool = executor or ProcessPoolExecutor(max_workers=workers, initializer=_worker_start, initargs=(stop, os.getpid()))
    starts = list(accumulate(chunk_sizes(len(jobs), workers), initial=0))
    bounds = iter(zip(starts, starts[1:]))  # the chunks not submitted yet
    results: list = []
    running: set = set()
    done = 0

    def take(future) -> None:
        nonlocal done
        with _ctrl_c_held():  # a chunk's results are counted whole, or not yet
            running.discard(future)
            for result in future.result():
                done += 1
                if keep:
                    results.append(result)
                if on_result:
                    on_result(result)

    def submit_next() -> bool:
        for a, b in bounds:
            running.add(pool.submit(run_chunk, work, jobs[a:b]))
            return True
        return False

    try:
        while len(running) < IN_FLIGHT * workers and submit_next():
            pass
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                take(future)
                submit_next()
    except KeyboardInterrupt:
        if stop is not None:
            stop.set()
        for future in running:
            future.cancel()  # chunks not started never start
        _take_started(list(running), take)
        if own:  # the workers stop before their next file: waiting for them is short, and leaves
            own = False  # no pool thread behind to fail at exit
            try:
                pool.shutdown(wait=True, cancel_futures=True)
            except KeyboardInterrupt:
                pass
        raise Interrupted(results, len(jobs), done) from None
    finally:
        if own:
            pool.shutdown()
    return results
