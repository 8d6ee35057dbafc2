"""Where the jobs of a run are played: this process, worker processes or a Ray cluster.

The jobs themselves (:class:`~kingdomino_cli.jobs.Job`, :func:`~kingdomino_cli.jobs.play_jobs`)
live in :mod:`kingdomino_cli.jobs`; their names are re-exported here. A job gives the
same result wherever it runs, and results are returned in job order whatever order
they finish in.

Worker processes never outlive the run (docs/cli-reference.md, "Long jobs"): Ctrl-C
or SIGTERM of ``kd`` stops them before it exits (status 130 or 143), and on Linux
each worker asks the kernel to kill it when its parent dies (``PR_SET_PDEATHSIG``),
so even a ``kill -9`` of ``kd`` leaves no worker behind.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Any

from kingdomino_core import Ruleset

from . import interrupts
from .exit_codes import ExitCode
from .jobs import (
    BLOCK,
    Job,
    Result,
    Tables,
    _table,  # noqa: F401 (tests/fast compare the kernel with it)
    chunks,
    game_seed,
    iter_results,
    play_jobs,
    play_one,
    result_of,
    rotations,
)
from .ray_backend import run_on_ray

__all__ = [
    "BACKENDS",
    "BLOCK",
    "Job",
    "Result",
    "Tables",
    "chunks",
    "game_seed",
    "iter_results",
    "play_jobs",
    "play_one",
    "result_of",
    "rotations",
    "run_jobs",
]

BACKENDS = ("local", "ray")


def run_jobs(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
    on_results: Callable[[list[Result]], None] | None = None,
    start_method: str | None = None,
    engine: str = "python",
) -> list[Result]:
    """Play every job; results in job order. ``engine``: ``"fast"`` plays them in the
    compiled kernel (``fast_engine.resolve`` decides; the Ray backend always runs
    the Python engine). ``on_results`` sees each finished chunk
    as soon as it arrives (to save it), ``progress`` the number of games done.

    An interruption (Ctrl-C, or SIGTERM: :class:`~kingdomino_cli.interrupts.Terminated`)
    stops the workers and propagates; the chunks already passed to ``on_results`` are
    kept by the caller.
    """
    found: list[Result] = []

    def arrived(chunk: list[Result]) -> None:
        found.extend(chunk)
        if on_results:
            on_results(chunk)
        if progress:
            progress(len(found))
        # A Ctrl-C whose KeyboardInterrupt Python swallowed still stops the run.
        interrupts.check()

    with interrupts.terminating():
        if backend == "ray":
            run_on_ray(ruleset, seed, jobs, address=address, workers=workers, arrived=arrived)
        elif workers <= 1 or len(jobs) <= 1:
            _run_here(ruleset, seed, jobs, arrived, engine)
        else:
            _run_pool(ruleset, seed, jobs, workers, arrived, start_method, engine)
    return sorted(found, key=lambda r: r.index)


def _run_here(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    arrived: Callable[[list[Result]], None],
    engine: str = "python",
) -> None:
    """Play the jobs in this process, reporting every few games."""
    step = max(1, min(50, len(jobs) // 100 or 1))  # games between two reports
    done: list[Result] = []
    for result in iter_results(ruleset, seed, jobs, kernel=engine):
        done.append(result)
        if len(done) == step:
            arrived(done)
            done = []
    if done:
        arrived(done)


def _run_pool(
    ruleset: Ruleset,
    seed: int,
    jobs: Sequence[Job],
    workers: int,
    arrived: Callable[[list[Result]], None],
    start_method: str | None,
    engine: str = "python",
) -> None:
    context = multiprocessing.get_context(start_method)
    # A forkserver's children are its own, not ours, and it outlives us: they watch us.
    forked = context.get_start_method() in ("fork", "spawn")
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_worker_init,
        initargs=(os.getpid(), forked),
    )
    try:
        pending: set[Any] = {
            pool.submit(play_jobs, ruleset, seed, c, None, engine) for c in chunks(jobs, workers)
        }
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                arrived(future.result())
    except BaseException:
        # Ctrl-C (or a failure): stop now. Waiting would finish every running chunk.
        _stop(pool)
        raise
    pool.shutdown()


def _worker_init(run: int, child: bool) -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no traceback each),
    die of SIGTERM at once (a forked worker inherited the parent's handler), and die
    with the run's process ``run``, ``kill -9`` included: a ``child`` of it through
    :func:`die_with_parent`, any other (a fork server's) through :func:`watch`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if not (child and die_with_parent(run)):
        watch(run)


def watch(pid: int, seconds: float = 1.0) -> None:
    """End this process soon after process ``pid`` is gone (a daemon thread looks
    every ``seconds``): for workers the kernel cannot tie to the run."""

    def look() -> None:
        while True:
            time.sleep(seconds)
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                os._exit(int(ExitCode.TERMINATED))
            except OSError:
                pass  # alive, another user's: not ours to judge

    threading.Thread(target=look, name="kd-watch-run", daemon=True).start()


#: ``prctl`` option: the signal the kernel sends this process when its parent dies.
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int | None) -> bool:
    """Ask the kernel to SIGKILL this process when its parent dies.

    Linux only (``prctl(PR_SET_PDEATHSIG)``; elsewhere False and nothing changes). If
    the parent is not ``parent`` any more (it died before the request was made),
    this process exits at once; ``parent=None`` skips that check.
    """
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) != 0:
            return False
    except (OSError, AttributeError):
        return False
    if parent is not None and os.getppid() != parent:  # gone already: nobody wants our results
        os._exit(int(ExitCode.TERMINATED))
    return True


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel queued work and end the workers at once."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # no public way in 3.11
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        # SIGKILL, not SIGTERM: a worker just forked may still run the parent's handler.
        process.kill()
    for process in processes:
        process.join(timeout=5)
    # The pool's manager thread closes its wake-up pipe once it sees the workers gone;
    # Python 3.11's exit hook writes to that pipe without a lock, and losing that race
    # printed "OSError: [Errno 9] Bad file descriptor" after "kd: interrupted".
    # Waiting for the thread here closes the pipe before the exit hook runs.
    if manager is not None:
        manager.join(timeout=5)
