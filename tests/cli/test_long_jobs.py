"""Long jobs leave no process behind (issue 21): SIGTERM and SIGKILL of ``kd``.

Real ``kd`` subprocesses with two worker processes each; only the parent gets the
signal (as ``kill PID`` or a job scheduler sends it), and the test then looks in
``/proc`` for the workers, within a bounded time. A worker that has died but is not
yet reaped by its new parent (a zombie) counts as gone.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses /proc")


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env=dict(os.environ, NO_COLOR="1"),
    )  # fmt: skip


def children(pid: int) -> list[int]:
    """The live children of ``pid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def busy_workers(proc: subprocess.Popen[str], count: int = 2) -> list[int]:
    """The workers of ``proc`` once all ``count`` of them are running."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"kd ended early: {proc.communicate()[1]}")
        workers = children(proc.pid)
        if len(workers) >= count:
            time.sleep(0.5)  # let them take work
            return workers
        time.sleep(0.1)
    pytest.fail("the workers never started")


def gone_within(pids: list[int], seconds: float) -> list[int]:
    """The pids still alive after waiting up to ``seconds`` for them to go."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(alive(p) for p in pids):
        time.sleep(0.1)
    return [p for p in pids if alive(p)]


def kill_all(proc: subprocess.Popen[str], pids: list[int]) -> None:
    """Clean up after a failed test: the parent and any worker it left."""
    for pid in [proc.pid, *pids]:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    proc.communicate()


SIMULATE = ("simulate", "-n", "100000", "-p", "greedy,greedy", "--workers", "2", "--seed", "1")


def test_sigterm_of_simulate_stops_its_workers_and_exits_143() -> None:
    """Before: the workers went on playing the queued games after kd was gone."""
    proc = start(*SIMULATE)
    workers: list[int] = []
    try:
        workers = busy_workers(proc)
        os.kill(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        left = gone_within(workers, 10)
    finally:
        kill_all(proc, workers)
    assert left == []
    assert proc.returncode == 143, err
    assert err.strip().splitlines()[-1] == "kd: terminated" and "Traceback" not in err


def test_sigkill_of_simulate_takes_its_workers_with_it() -> None:
    """A parent killed with SIGKILL cannot stop anything: the kernel kills the
    workers (PR_SET_PDEATHSIG). Before: both went on running, orphaned."""
    proc = start(*SIMULATE)
    workers: list[int] = []
    try:
        workers = busy_workers(proc)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        left = gone_within(workers, 10)
    finally:
        kill_all(proc, workers)
    assert proc.returncode == -signal.SIGKILL
    assert left == []


def test_sigterm_of_a_tournament_keeps_its_games_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    args = ("tournament", "--agents", "greedy,random,mcts:playouts=4+width=3", "-n", "400",
            "--seed", "3", "--workers", "2", "--out", str(out))  # fmt: skip
    proc = start(*args)
    workers: list[int] = []
    try:
        workers = busy_workers(proc)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and len(out.read_text().splitlines()) < 3:
            time.sleep(0.2)  # some games saved
        os.kill(proc.pid, signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        left = gone_within(workers, 10)
    finally:
        kill_all(proc, workers)
    assert left == []
    assert proc.returncode == 143, err
    lines = err.strip().splitlines()
    assert lines[-1] == "kd: terminated" and "Traceback" not in err
    assert "games saved in" in lines[-2] and "run the same command to resume" in lines[-2]
    saved = out.read_text().splitlines()
    assert len(saved) >= 3 and all(json.loads(line) for line in saved)


RUN_WITH = """
import sys
from kingdomino_cli.common import resolve_ruleset
from kingdomino_cli.cmd_simulate import jobs_for
from kingdomino_cli.runner import run_jobs
jobs = jobs_for(("greedy", "greedy"), 100000)
run_jobs(resolve_ruleset("base"), 1, jobs, workers=2, start_method=sys.argv[1])
"""


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        kids = children(todo.pop())
        found += kids
        todo += kids
    return found


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_workers_of_other_start_methods_die_with_a_killed_parent(method: str) -> None:
    """``spawn`` workers are children of the run, ``forkserver`` ones of the fork
    server (which ends when the run does): both die with it."""
    proc = subprocess.Popen(
        [sys.executable, "-c", RUN_WITH, method],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            workers = descendants(proc.pid)
            if len(workers) >= 2 + (method == "forkserver"):
                break
            time.sleep(0.2)
        assert proc.poll() is None, proc.communicate()[1]
        time.sleep(1)
        workers = descendants(proc.pid)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
        left = gone_within(workers, 15)
    finally:
        kill_all(proc, workers)
    assert left == []
