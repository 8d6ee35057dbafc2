"""Helpers for the play, replay and simulate command tests: run ``kd`` in-process or as a
real subprocess, with scripted standard input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from typing import Any

import pytest

from kingdomino_cli.app import main


class ScriptedStdin(io.StringIO):
    """Standard input with fixed lines; ``tty`` pretends to be a terminal."""

    def __init__(self, lines: Iterable[str] = (), *, tty: bool = False) -> None:
        super().__init__("".join(f"{line}\n" for line in lines))
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


class Result:
    def __init__(self, code: int, out: str, err: str) -> None:
        self.code = code
        self.out = out
        self.err = err

    def json(self) -> Any:
        """stdout must be exactly one JSON document."""
        return json.loads(self.out)


def kd(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    *args: str,
    stdin: io.StringIO | None = None,
) -> Result:
    """Run ``kd`` in this process through ``kingdomino_cli.app.main``."""
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", stdin if stdin is not None else ScriptedStdin())
    code = main(list(args))
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def kd_process(*args: str, input: str = "", cwd: str | None = None, timeout: float = 120) -> Result:
    """Run ``python -m kingdomino_cli.app`` as a real subprocess."""
    env = dict(os.environ, NO_COLOR="1")
    proc = subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        input=input,
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=timeout,
    )
    return Result(proc.returncode, proc.stdout, proc.stderr)
