"""Ctrl-C during ``--backend ray`` behaves as with local workers.

A real ``kd`` subprocess starts its own local Ray instance (2 CPUs) and gets a real
SIGINT, sent to its whole process group as a terminal's Ctrl-C is: it must exit
with status 130 and its message, without a traceback, keep the games finished so
far (a tournament then resumes with the same command), and leave no Ray process
behind. Each run keeps Ray's files in its own temporary folder (``RAY_TMPDIR``),
so the processes it started can be told from any other Ray on the machine.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from play_support import kd

pytest.importorskip("ray")

AGENTS = "random,greedy,mcts:playouts=10+width=3"


@pytest.fixture
def ray_dir() -> Iterator[Path]:
    """A short private folder for Ray's files (its socket paths must stay short)."""
    path = Path(tempfile.mkdtemp(prefix="kdray"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


def start(args: list[str], ray_dir: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        env=dict(os.environ, NO_COLOR="1", RAY_TMPDIR=str(ray_dir)),
    )  # fmt: skip


def wait_for(proc: subprocess.Popen[str], ready: Callable[[], bool], seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while proc.poll() is None and time.monotonic() < deadline:
        if ready():
            return
        time.sleep(0.1)
    if proc.poll() is not None:
        pytest.fail(f"kd ended before it could be interrupted: {proc.communicate()[1]}")
    pytest.fail("kd never got going")


def ctrl_c(proc: subprocess.Popen[str]) -> tuple[str, float]:
    """SIGINT to the process group, as a terminal sends it; stderr and seconds taken."""
    start = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    return err, time.monotonic() - start


def ray_processes(ray_dir: Path) -> list[str]:
    """Command lines of live processes that use this run's Ray folder."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if str(ray_dir) in cmdline and state != "Z":
            found.append(f"{entry.name}: {cmdline[:120]}")
    return found


def no_ray_left(ray_dir: Path) -> list[str]:
    """Ray's processes stop within a few seconds of the driver's exit."""
    deadline = time.monotonic() + 15
    while (left := ray_processes(ray_dir)) and time.monotonic() < deadline:
        time.sleep(0.3)
    return left


def test_ctrl_c_stops_a_ray_tournament_keeps_its_games_and_it_resumes(
    ray_dir, capsys, monkeypatch, tmp_path
):
    out = tmp_path / "t.jsonl"
    args = ["tournament", "--agents", AGENTS, "-n", "6", "--seed", "5", "--out", str(out),
            "--backend", "ray", "--workers", "2"]  # fmt: skip
    proc = start(args, ray_dir)
    wait_for(proc, lambda: out.exists() and len(out.read_text().splitlines()) >= 2, 240)
    assert ray_processes(ray_dir), "Ray runs in the folder given by RAY_TMPDIR"
    err, took = ctrl_c(proc)
    assert proc.returncode == 130, err
    assert "run the same command to resume" in err and "Traceback" not in err
    assert took < 20
    assert no_ray_left(ray_dir) == []
    saved = len(out.read_text().splitlines()) - 1
    assert 1 <= saved < 36  # 3 pairs x 2 seatings x 6 rounds
    # The same command resumes (on Ray again), and the whole equals a local run.
    again = start(args, ray_dir)
    _, err = again.communicate(timeout=300)
    assert again.returncode == 0, err
    assert f"resuming {out}: {saved} of 36 games done" in err
    assert no_ray_left(ray_dir) == []
    local = tmp_path / "local.jsonl"
    r = kd(capsys, monkeypatch, *args[:-5], str(local), "--workers", "2")  # the local backend
    assert r.code == 0, r.err

    def games(path: Path) -> list[dict]:
        lines = path.read_text().splitlines()[1:]
        return sorted((json.loads(line) for line in lines), key=lambda g: g["job"])

    assert games(out) == games(local)


def test_ctrl_c_stops_simulate_on_ray_with_every_ray_process(ray_dir):
    proc = start(["simulate", "-p", "greedy,greedy", "-n", "100000", "--seed", "1",
                  "--backend", "ray", "--workers", "2"], ray_dir)  # fmt: skip
    # Interrupt once Ray's workers play games (their process title names the task).
    wait_for(proc, lambda: any("play_jobs" in t for t in _titles(proc.pid)), 240)
    err, took = ctrl_c(proc)
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == "kd: interrupted"
    assert "Traceback" not in err
    assert took < 20
    assert no_ray_left(ray_dir) == []


def test_sigterm_stops_simulate_on_ray_with_every_ray_process(ray_dir):
    """Issue 21: SIGTERM to kd alone (not its group). Before: Ray's own handler
    ended kd with status 15."""
    proc = start(["simulate", "-p", "greedy,greedy", "-n", "100000", "--seed", "1",
                  "--backend", "ray", "--workers", "2"], ray_dir)  # fmt: skip
    wait_for(proc, lambda: any("play_jobs" in t for t in _titles(proc.pid)), 240)
    os.kill(proc.pid, signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 143, err
    assert err.strip().splitlines()[-1] == "kd: terminated" and "Traceback" not in err
    assert no_ray_left(ray_dir) == []


def _titles(pid: int) -> list[str]:
    """Process titles of ``pid``'s descendants (Ray workers call themselves ``ray::TASK``)."""
    parents: dict[int, int] = {}
    titles: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parents[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                )
                titles[int(entry.name)] = (entry / "cmdline").read_bytes().split(b"\0")[0].decode()
            except (OSError, IndexError, ValueError):
                continue
    family = {pid}
    grew = True
    while grew:
        grew = False
        for child, parent in parents.items():
            if parent in family and child not in family:
                family.add(child)
                grew = True
    return [titles.get(p, "") for p in family - {pid}]
