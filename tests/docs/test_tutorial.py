"""The plugin-guide tutorial works end to end: its tests, the Python API and ``kd``.

The house rule is ``docs/tutorial/lakes.py`` (lakes score double) with its ruleset
``docs/tutorial/lakes.toml``. Expected scores come from the testing kit's independent
recount and from replaying the same game without the house rule, never from the
plugin itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from kingdomino_cli.app import app
from kingdomino_core import Engine, Ruleset, RulesetError
from kingdomino_core.rulesets.files import load_ruleset
from kingdomino_core.testing import play_random_game, recount, replay

from .snippets import DOCS, ROOT

TUTORIAL = DOCS / "tutorial"
PLUGIN = TUTORIAL / "lakes.py"
RULESET = TUTORIAL / "lakes.toml"


def _kd(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    script = Path(sys.executable).with_name("kd")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "kingdomino_cli.app"]
    return subprocess.run(
        [*command, *args], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


def _has_command(*path: str) -> bool:
    group = typer.main.get_command(app)
    for name in path:
        commands = getattr(group, "commands", {})
        if name not in commands:
            return False
        group = commands[name]
    return True


def test_the_tutorials_own_tests_pass() -> None:
    """What the reader runs in step 5: ``pytest test_lakes.py``."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_lakes.py"],
        cwd=TUTORIAL,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "5 passed" in done.stdout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_python_api_lakes_count_twice(players: int) -> None:
    """A ruleset built in code with the plugin file: each kingdom scores what the base
    game gives it for the same moves, plus its lake properties' points once more."""
    lakes = Engine(Ruleset(name="lakes", plugins=["base", "lakes"], plugin_files=[PLUGIN]), players)
    base = Engine(Ruleset(name="base", plugins=["base"]), players)
    for seed in range(3):
        game = play_random_game(lakes, seed)
        plain = replay(base, seed, game.log)
        for k, kingdom in enumerate(game.kingdoms):
            lake = sum(p.points for p in recount(kingdom, lakes) if p.terrain == "lake")
            sheet = game.score_sheet(k)
            assert sheet.total == plain.score_sheet(k).total + lake
            assert game.score_total(k) == sheet.total
            bonus = [line.points for line in sheet.bonuses if line.name == "lakes"]
            assert bonus == ([lake] if lake else [])


def test_ruleset_file_loads_the_plugin_file() -> None:
    ruleset = load_ruleset(str(RULESET))
    assert ruleset.plugins == ("base", "lakes")
    assert [p.resolve() for p in ruleset.plugin_files] == [PLUGIN.resolve()]
    assert ruleset.options == {"lakes": {"factor": 2}}


def test_bad_factor_is_reported_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "lakes.py").write_text(PLUGIN.read_text(encoding="utf-8"), encoding="utf-8")
    text = RULESET.read_text(encoding="utf-8").replace("factor = 2", "factor = 0")
    path = tmp_path / "lakes.toml"
    path.write_text(text, encoding="utf-8")
    line = text.splitlines().index("factor = 0") + 1
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(path))
    assert any(
        p.startswith(f"{path}:{line}:") and "options.lakes.factor" in p
        for p in caught.value.problems
    ), caught.value.problems


@pytest.mark.skipif(not _has_command("play"), reason="kd play is not registered yet")
def test_kd_play_with_the_ruleset() -> None:
    """Step 3 of the tutorial, with the contract's JSON: the lakes bonus of every
    kingdom equals the points of its lake properties."""
    done = _kd(
        "play", "--ruleset", str(RULESET), "--players", "greedy,random", "--seed", "7", "--json"
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["ruleset"] == "lakes"
    for kingdom in result["kingdoms"]:
        score = kingdom["score"]
        lake = sum(p["points"] for p in score["properties"] if p["terrain"] == "lake")
        bonus = [b["points"] for b in score["bonuses"] if b["name"] == "lakes"]
        assert bonus == ([lake] if lake else [])
        assert score["total"] == sum(p["points"] for p in score["properties"]) + sum(
            b["points"] for b in score["bonuses"]
        )


@pytest.mark.skipif(
    not _has_command("ruleset", "validate"), reason="kd ruleset validate is not registered yet"
)
def test_kd_ruleset_validate_accepts_the_tutorial_ruleset() -> None:
    done = _kd("ruleset", "validate", "./lakes.toml", cwd=TUTORIAL)
    assert done.returncode == 0, done.stderr
