"""The README's commands work (issue 3: one sets up, one runs a full game unattended)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"


def commands_under(heading: str) -> list[str]:
    text = README.read_text()
    section = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    return [line.split("  #")[0].strip() for b in blocks for line in b.splitlines() if line.strip()]


def run_kd(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    args = command.split()
    assert args[0] == "kd"
    env = {**os.environ, "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args[1:]],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )


def test_the_run_a_game_command_plays_a_full_game_unattended(tmp_path: Path) -> None:
    (command,) = commands_under("Run a game")
    done = run_kd(command + " --json", tmp_path)
    assert done.returncode == 0, done.stderr
    assert '"winners"' in done.stdout


def test_the_files_the_commands_name_ship_in_the_repository() -> None:
    """A path in a README command (`examples/kingdoms/base.txt`) is a file of a fresh clone."""
    named = [
        arg
        for line in commands_under("More commands")
        for arg in line.split()
        if "/" in arg and not arg.startswith("-")
    ]
    assert named, "the README scores a sample kingdom from examples/kingdoms/"
    for arg in named:
        assert (ROOT / arg).is_file(), f"{arg} is named in README.md but not in the repository"


def test_the_more_commands_all_run(tmp_path: Path) -> None:
    # Run from a directory laid out like a clone's root (the sample kingdoms are where
    # the README says), without writing the commands' output files into the repository.
    shutil.copytree(ROOT / "examples" / "kingdoms", tmp_path / "examples" / "kingdoms")
    for line in commands_under("More commands"):
        for command in line.split("&&"):
            command = command.strip().replace("mcts:time=1", "mcts:playouts=2")
            done = run_kd(command.replace("-n 1000", "-n 20"), tmp_path)
            assert done.returncode == 0, f"{command}: {done.stderr}"
