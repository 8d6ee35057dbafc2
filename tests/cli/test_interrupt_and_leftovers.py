"""Ctrl-C during ``kd simulate`` and temporary files of killed save writes (issue 12)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from kingdomino_core import Engine, Ruleset
from kingdomino_core.saves.savegame import PlayerEntry, read_save, save_of, write_save


def test_ctrl_c_stops_simulate_at_once_with_its_workers() -> None:
    """Before: no "kd: interrupted", and the queued games were all played first."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "kingdomino_cli.app", "simulate", "-n", "100000", "-p",
         "greedy,greedy", "--workers", "2", "--seed", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    try:
        time.sleep(4)  # the workers are busy by now
        workers = _children(proc.pid)
        start = time.perf_counter()
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C at a terminal does
        _out, err = proc.communicate(timeout=60)
        took = time.perf_counter() - start
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130
    assert err.decode().strip().splitlines()[-1] == "kd: interrupted"
    assert "Traceback" not in err.decode()
    assert took < 10
    time.sleep(0.5)
    assert [pid for pid in workers if _alive(pid)] == []


def _children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
    return [int(p) for p in found.stdout.split()]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    state = Path(f"/proc/{pid}/stat")
    return not (state.exists() and state.read_text().split()[2] == "Z")


def test_a_save_write_removes_what_a_killed_write_left(tmp_path: Path) -> None:
    """``kill -9`` between writing the temporary file and renaming it leaves
    ``.NAME.XXXXXXXX.tmp``; the next write of that save removes it."""
    engine = Engine(Ruleset(name="base", plugins=("base",)), 2)
    game = engine.new_game(seed=1)
    players = [PlayerEntry(name="a", agent="random"), PlayerEntry(name="b", agent="random")]
    target = tmp_path / "game.json"
    leftovers = [tmp_path / ".game.json.k2j4_x9a.tmp", tmp_path / ".game.json.00000000.tmp"]
    for path in leftovers:
        path.write_text('{"half": ')
    others = [tmp_path / ".other.json.k2j4_x9a.tmp", tmp_path / "game.json.bak"]
    for path in others:
        path.write_text("keep")
    write_save(target, save_of(game, players))
    assert read_save(target).seed == 1
    assert [p for p in leftovers if p.exists()] == []
    assert all(p.exists() for p in others)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["game.json", *(p.name for p in others)]
    )
