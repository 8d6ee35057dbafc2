"""The commands shown in the user guide run as shown.

Every ``kd`` line of the guide's ``sh`` blocks runs, in order, in a fresh directory
holding the files the guide asks the reader to save (blocks marked
``<!-- as: NAME -->``), and must exit 0.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

from .snippets import blocks


def _commands() -> list[tuple[str, list[str]]]:
    found = []
    for block in blocks("user-guide.md", "sh"):
        for n, line in enumerate(block.code.splitlines()):
            words = shlex.split(line, comments=True)
            if words[:1] == ["kd"]:
                found.append((f"docs/user-guide.md:{block.line + 1 + n}", words))
    return found


def test_user_guide_commands_run(tmp_path: Path) -> None:
    for block in blocks("user-guide.md"):
        if block.save_as:
            (tmp_path / block.save_as).write_text(block.code, encoding="utf-8")
    script = Path(sys.executable).with_name("kd")
    kd = [str(script)] if script.exists() else [sys.executable, "-m", "kingdomino_cli.app"]
    env = {k: v for k, v in os.environ.items() if k != "KD_RULESET_PATH"}
    commands = _commands()
    assert len(commands) >= 10, "no kd commands found in the user guide"
    for where, words in commands:
        done = subprocess.run(
            [*kd, *words[1:]],
            cwd=tmp_path,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=300,
            env=env,
            check=False,
        )
        assert done.returncode == 0, f"{where}: {shlex.join(words)} failed:\n{done.stderr}"
