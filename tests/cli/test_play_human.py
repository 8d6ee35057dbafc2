"""``kd play`` with a human player fed through standard input: numbers, typed
placements, illegal placements and ``why``, ``undo``, garbage, saving, interruption."""

from __future__ import annotations

import io
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from play_support import ScriptedStdin, kd

from kingdomino_core import Claim, Direction, Place
from kingdomino_core.saves.savegame import read_save, replay, verify

ONES = ["1"] * 400


def _first(log, kind, seat):
    return next(i for i, a in enumerate(log) if isinstance(a, kind) and a.seat == seat)


def test_an_interactive_game(capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "h.json"
    script = [
        "2",  # first claim: option 2 ...
        "undo",  # ... taken back at the second claim
        "undo",  # nothing left to undo: asked again
        "1",  # first claim, now option 1
        "",  # an empty line is ignored
        "1",  # second claim
        "garbage",
        "99",
        "3 3 E",  # not connected: refused
        "why",
        "why 3 3 E",
        "why 1",
        "help",
        "list",
        "1 0 E",  # typed placement next to the castle (always legal for a first domino)
        *ONES,
    ]
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy",
        "--seed",
        "5",
        "--save",
        str(save),
        "--json",
        "--ask-forced",  # the script answers every decision, a forced one too
        stdin=ScriptedStdin(script),
    )
    assert r.code == 0, r.err
    data = r.json()
    assert data["finished"] and data["players"][0]["agent"] == "human"
    err = r.err
    assert "Undone: back to your previous decision." in err
    assert "Nothing to undo" in err
    assert "I did not understand 'garbage'" in err
    assert "There is no choice 99" in err
    assert re.search(r"Illegal: \w+( \d crowns?)? at 3,3, ", err)
    # 'why' and 'why 3 3 E': the rule's words, never its id (issue 23)
    assert err.count("is illegal: neither square touches the castle or a matching terrain") == 2
    assert "base.connects" not in err
    assert re.search(r"Choice 1 \(.+ at -?\d,-?\d.*\) is legal\.", err)
    assert "Commands:" in err

    saved = read_save(save)
    assert verify(saved).ok
    game = replay(saved)
    # After the undo the first claim is option 1 of the list shown then.
    first_claim = _first(game.log, Claim, 0)
    before = replay(saved, upto=first_claim)
    assert game.log[first_claim] == before.legal_actions()[0]
    assert game.log[first_claim] != before.legal_actions()[1]
    # The typed placement is the first thing seat 0 placed.
    place = game.log[_first(game.log, Place, 0)]
    assert (place.x, place.y, place.direction) == (1, 0, Direction.E)


def test_undo_also_takes_back_the_bots_moves(capsys, monkeypatch, tmp_path: Path) -> None:
    """Undo restores the game before the human's previous decision; bots replay identically."""
    plain = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy,greedy",
        "--seed",
        "31",
        "--json",
        stdin=ScriptedStdin(ONES),
    )
    script = ["1", "1", "1", "undo", "undo", *ONES]
    undone = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy,greedy",
        "--seed",
        "31",
        "--json",
        stdin=ScriptedStdin(script),
    )
    assert undone.code == 0
    assert undone.err.count("Undone") == 2
    assert undone.json() == plain.json()


def test_end_of_input_saves_and_resume_equals_the_uninterrupted_game(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    whole = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy,random",
        "--seed",
        "17",
        "--json",
        stdin=ScriptedStdin(ONES),
    )
    assert whole.code == 0
    save = tmp_path / "s.json"
    stopped = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy,random",
        "--seed",
        "17",
        "--save",
        str(save),
        "--json",
        stdin=ScriptedStdin(["1"] * 7),
    )
    assert stopped.code == 130
    assert stopped.out == ""
    assert "end of input" in stopped.err and f"kd play --resume {save}" in stopped.err
    partial = read_save(save)
    assert not partial.finished and verify(partial).ok
    resumed = kd(
        capsys, monkeypatch, "play", "--resume", str(save), "--json", stdin=ScriptedStdin(ONES)
    )
    assert resumed.code == 0, resumed.err
    assert resumed.json() == whole.json()
    assert read_save(save).finished  # resuming saves back to the same file


def test_resume_with_bots_in_place_of_the_human(capsys, monkeypatch, tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy",
        "--seed",
        "3",
        "--save",
        str(save),
        stdin=ScriptedStdin(["1"] * 5),
    )
    r = kd(capsys, monkeypatch, "play", "--resume", str(save), "-p", "greedy,greedy", "--json")
    assert r.code == 0, r.err
    assert [p["agent"] for p in r.json()["players"]] == ["greedy", "greedy"]
    bad = kd(capsys, monkeypatch, "play", "--resume", str(save), "-p", "greedy")
    assert bad.code == 2 and "saved game has 2" in bad.err


def test_save_and_quit_commands(capsys, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    r = kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy",
        "--seed",
        "4",
        stdin=ScriptedStdin(["1", "save", "mine.json", "1", "quit", "n"]),
    )
    assert r.code == 130
    assert "Saved" in r.err and "mine.json" in r.err
    saved = read_save(tmp_path / "mine.json")
    # 'quit' saves again to the file named before, with the second decision in it.
    assert sum(1 for a in saved.log if a["kind"] == "claim" and a["seat"] == 0) == 2
    assert verify(saved).ok


class InterruptingStdin(io.StringIO):
    """Ctrl-C while the human is asked, then the name typed at the save prompt."""

    def __init__(self) -> None:
        super().__init__("ctrl-c.json\n")
        self.interrupted = False

    def readline(self, size: int = -1) -> str:  # type: ignore[override]
        if not self.interrupted:
            self.interrupted = True
            raise KeyboardInterrupt
        return super().readline(size)

    def isatty(self) -> bool:
        return False


def test_ctrl_c_offers_to_save(capsys, monkeypatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    r = kd(
        capsys, monkeypatch, "play", "-p", "human,greedy", "--seed", "9", stdin=InterruptingStdin()
    )
    assert r.code == 130
    assert "game stopped (interrupted)" in r.err
    assert "Save the game to" in r.err
    assert verify(read_save(tmp_path / "ctrl-c.json")).ok


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_real_ctrl_c_in_a_subprocess_saves_to_the_save_file(tmp_path: Path) -> None:
    save = tmp_path / "sig.json"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "kingdomino_cli.app",
            "play",
            "-p",
            "human,greedy",
            "--seed",
            "2",
            "--save",
            str(save),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ, NO_COLOR="1"),
    )
    assert proc.stderr is not None and proc.stdin is not None
    seen = b""
    deadline = time.monotonic() + 60
    while b"> " not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 1.0)
        if ready:
            seen += os.read(proc.stderr.fileno(), 4096)
    assert b"> " in seen, seen.decode()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    assert out == b""
    saved = read_save(save)
    assert verify(saved).ok and not saved.finished
