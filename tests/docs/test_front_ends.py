"""docs/architecture.md, "Front ends": the front ends stand apart on the play layer.

``kingdomino_web`` (``kd serve``) imports nothing of ``kingdomino_cli``, typer or rich;
the command line reaches the web package only where ``kd serve`` starts it; the play
layer (``kingdomino_play``) imports no typer, rich or Starlette, nor any front end.
Checked on every import that runs (function-local ones included), and in a fresh
interpreter on what importing each package actually loads.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .snippets import ROOT
from .test_architecture import runtime_imports

TERMINAL = ("typer", "rich", "click")
WEB = ("starlette", "uvicorn", "anyio", "websockets")
FRONT_ENDS = ("kingdomino_cli", "kingdomino_web", "kingdomino_rl")


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def imports_of(package: str, banned: tuple[str, ...]) -> list[str]:
    """``file:line: module`` of each import in ``package`` of a module under ``banned``."""
    return [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in modules(package)
        for line, module in runtime_imports(path)
        if module.split(".")[0] in banned
    ]


def test_the_web_package_imports_nothing_of_the_command_line() -> None:
    assert modules("kingdomino_web")
    assert imports_of("kingdomino_web", ("kingdomino_cli", *TERMINAL)) == []


def test_the_command_line_reaches_the_web_package_only_to_start_kd_serve() -> None:
    found = imports_of("kingdomino_cli", ("kingdomino_web", *WEB))
    assert found, "kd serve starts the web package"
    assert all(entry.startswith("kingdomino_cli/cmd_serve.py:") for entry in found), found


def test_the_play_layer_imports_no_front_end_or_framework() -> None:
    assert modules("kingdomino_play")
    assert imports_of("kingdomino_play", (*TERMINAL, *WEB, *FRONT_ENDS)) == []


def loaded_by(module: str) -> set[str]:
    """Top-level packages loaded in a fresh interpreter by ``import module``."""
    code = (
        "import json, sys\n"
        f"before = set(sys.modules)\nimport {module}\n"
        "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def test_importing_the_server_loads_no_terminal_library() -> None:
    loaded = loaded_by("kingdomino_web.app")
    assert "starlette" in loaded and "kingdomino_play" in loaded
    assert loaded & {"kingdomino_cli", *TERMINAL} == set()


def test_importing_the_play_layer_loads_no_front_end() -> None:
    loaded = loaded_by("kingdomino_play")
    assert "kingdomino_core" in loaded
    assert loaded & {*TERMINAL, *WEB, *FRONT_ENDS} == set()
