"""``kd play`` in a real 80x24 terminal (tmux): what the screen shows at each prompt of
rounds 1 to 4 of a 4-player game, and the progress line of a game of bots only.

Skipped where tmux is not installed. Each test runs its own tmux server (a socket of
its own in a temporary directory) and stops it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="needs tmux")


class Tmux:
    def __init__(self, socket: Path) -> None:
        self.socket = str(socket)

    def run(self, *args: str) -> str:
        out = subprocess.run(
            ["tmux", "-S", self.socket, *args], capture_output=True, text=True, timeout=20
        )
        return out.stdout

    def screen(self) -> list[str]:
        """The 24 rows of the pane as plain text."""
        return self.run("capture-pane", "-p", "-t", "kd").split("\n")[:24]

    def wait(self, ready, timeout: float = 30) -> list[str]:
        end = time.monotonic() + timeout
        while True:
            rows = self.screen()
            if ready(rows):
                return rows
            if time.monotonic() > end:
                raise AssertionError("timed out; the screen:\n" + "\n".join(rows))
            time.sleep(0.1)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    server = Tmux(tmp_path / "tmux.sock")
    yield server
    server.run("kill-server")


def _start(tmux: Tmux, tmp_path: Path, *args: str) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    command = " ".join([sys.executable, "-m", "kingdomino_cli.app", *args])
    size = ["-x", "80", "-y", "24", "-c", str(tmp_path)]
    subprocess.run(
        ["tmux", "-S", tmux.socket, "new-session", "-d", "-s", "kd", *size, f"{command}; sleep 30"],
        check=True,
        env=env,
        timeout=20,
    )


def _at_prompt(rows: list[str]) -> bool:
    filled = [r for r in rows if r.strip()]
    return bool(filled) and filled[-1].rstrip() == ">"


def test_rounds_1_to_4_at_80x24_in_a_real_terminal(tmux: Tmux, tmp_path: Path) -> None:
    _start(tmux, tmp_path, "play", "-p", "human,greedy,greedy,greedy", "--seed", "7")
    seen: set[str] = set()
    for _ in range(40):
        rows = tmux.wait(_at_prompt)
        text = "\n".join(rows)
        found = re.search(r"(Set-up before round 1|Round (\d+)) of 12", text)
        assert found, text
        if found[2] == "5":
            break
        seen.add(found[2] or "set-up")
        # Nothing scrolled off: the table starts on the screen, every score is there.
        assert re.search(r"^P1 \(you\) -?\d+ points?", text, re.M), text
        for seat in (2, 3, 4):
            assert re.search(rf"(^|\s)P{seat} -?\d+ points?", text, re.M), (seat, text)
        assert "P1, your decision: " in text and re.search(r"^ +1\. ", text, re.M), text
        if found[2] and "Place domino" in text:
            assert "Since your last move: " in text, text  # the bots placed before you
        tmux.run("send-keys", "-t", "kd", "1", "Enter")
        tmux.wait(lambda now, before=rows: now != before, 10)  # the answer is taken
    assert seen == {"set-up", "1", "2", "3", "4"}, seen


def test_a_game_of_bots_shows_a_progress_line(tmux: Tmux, tmp_path: Path) -> None:
    _start(tmux, tmp_path, "play", "--players", "mcts:time=0.5,greedy", "--seed", "3")
    rows = tmux.wait(lambda rows: any("is thinking..." in r for r in rows), 15)
    line = next(r for r in rows if "is thinking..." in r)
    assert re.search(r"P1 \(mcts:time=0\.5\) is thinking\.\.\. \((Set-up|Round \d)", line), rows
    assert len(line.rstrip()) <= 80
    below = rows[rows.index(line) + 1]
    assert not below.strip(), rows  # one line: nothing wrapped onto the next row
    later = tmux.wait(lambda rows: any(re.search(r"Round [2-6] of 6", r) for r in rows), 30)
    # The round and the scores so far, on one line of 80 columns (cut with an ellipsis).
    pattern = r"Round [2-6] of 6; P1 \d+, P2 \d+ points; Ctrl-C st"
    assert any(re.search(pattern, r) and len(r.rstrip()) <= 80 for r in later), later
