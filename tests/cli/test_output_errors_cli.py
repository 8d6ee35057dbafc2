"""Output that cannot be written: a closed pipe, a full disk, a save path that is a
directory. One message, exit 4 (docs/cli-reference.md), never an internal error (issue 12)."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from play_support import kd

from kingdomino_cli.app import main


def test_a_reader_that_stops_early_is_exit_4(tmp_path: Path) -> None:
    """``kd replay FILE --step | head -1``: kd is told once, not with a traceback."""
    save = tmp_path / "g.json"
    env = dict(os.environ, NO_COLOR="1")
    kd_cmd = [sys.executable, "-m", "kingdomino_cli.app"]
    made = subprocess.run([*kd_cmd, "play", "-p", "random,random", "--seed", "5", "--save",
                           str(save)], capture_output=True, env=env, timeout=120)  # fmt: skip
    assert made.returncode == 0
    proc = subprocess.Popen([*kd_cmd, "replay", str(save), "--step"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # like head -1
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 4
    assert err.strip().splitlines() == ["kd: error: cannot write the output: the reader closed it"]


class FullDisk(io.StringIO):
    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_is_exit_4(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    monkeypatch.setattr(sys, "stdout", FullDisk())
    code = main(["play", "-p", "random,random", "--seed", "5", "--json"])
    assert code == 4
    assert capsys.readouterr().err.endswith(
        "kd: error: cannot write the output: No space left on device\n"
    )


def test_a_save_that_cannot_be_written_is_exit_4_after_the_result(capsys, monkeypatch) -> None:
    # /proc takes no new file, not even from root: the write fails once the game is on.
    target = Path("/proc/kd-cannot-save-here.json")
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "5", "--save",
           str(target), "--json")  # fmt: skip
    assert r.code == 4
    assert r.json()["winners"]  # the game was played and shown
    assert f"kd: error: cannot write the save {target}: " in r.err


def test_a_save_that_names_a_directory_is_refused_before_the_game(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """Issue 21: never replaced, and no game played only to be lost."""
    target = tmp_path / "a-directory"
    target.mkdir()
    r = kd(capsys, monkeypatch, "play", "-p", "random,random", "--seed", "5", "--save",
           str(target), "--json")  # fmt: skip
    assert r.code == 2
    assert r.out == ""
    assert "not a regular file (a directory)" in r.err
    assert target.is_dir()
