"""A plugin that raises inside a hook during ``kd play --save`` (issue 8, bad input).

The game stops with one line naming the plugin and the hook, exit status PLUGIN,
and the save holds the log up to the failing move: replaying it reaches the very
decision whose move made the plugin fail.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_cli.app import main
from kingdomino_cli.exit_codes import ExitCode
from kingdomino_core import PluginHookError
from kingdomino_core.inputs.trust import Trust
from kingdomino_core.saves.savegame import engine_for_save, read_save, replay
from kingdomino_core.testing import random_choice

#: The test wrote the plugin files itself.
OWN_CODE = Trust(everything=True)

AFTER_PLACE = """
from kingdomino_core import hookimpl

@hookimpl
def kd_after_place(game, seat, action):
    if len(game.kingdom_of(seat).placements) == 3:
        raise ValueError("the third domino is cursed")
"""

END_SCORE = """
from kingdomino_core import hookimpl

@hookimpl
def kd_score_kingdom(game, kingdom):
    if game.is_terminal():
        raise ValueError("cannot score a finished kingdom")
"""


def ruleset(folder: Path, name: str, source: str) -> Path:
    (folder / f"{name}.py").write_text(source)
    path = folder / f"{name}.toml"
    path.write_text(
        f'[ruleset]\nextends = "base"\nplugin_files = ["{name}.py"]\nplugins = ["{name}"]\n'
    )
    return path


def play(toml: Path, save: Path, *extra: str) -> list[str]:
    return ["play", "-r", str(toml), "--players", "random,random", "--seed", "3", *extra,
            "--save", str(save)]  # fmt: skip


def test_the_log_up_to_the_failing_move_is_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    toml, save = ruleset(tmp_path, "cursed", AFTER_PLACE), tmp_path / "game.json"
    code = main(play(toml, save))
    _, err = capsys.readouterr()
    assert code == ExitCode.PLUGIN
    assert err.strip().splitlines() == [
        "kd: error: plugin 'cursed' failed in hook kd_after_place: "
        "ValueError: the third domino is cursed"
    ]
    saved = read_save(save)
    assert saved.result is None and len(saved.log) > 0
    game = replay(
        saved, str(save), engine=engine_for_save(saved, str(save), trust=Trust(everything=True))
    )
    # The failing Place was not logged: the replay stops at that decision...
    step = game.step
    assert step is not None and step.kind == "place"
    assert len(game.kingdom_of(step.seat).placements) == 2
    # ...and any placement there makes the plugin fail again.
    with pytest.raises(PluginHookError, match="cursed"):
        game.apply(random_choice(random.Random(0))(game))


def test_debug_shows_the_traceback(tmp_path: Path) -> None:
    toml = ruleset(tmp_path, "cursed", AFTER_PLACE)
    done = subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", "--debug",
         *play(toml, tmp_path / "g.json")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode != 0
    assert "Traceback (most recent call last)" in done.stderr
    assert f"{tmp_path / 'cursed.py'}" in done.stderr  # the plugin's own frame
    assert "PluginHookError: plugin 'cursed' failed in hook kd_after_place" in done.stderr


def test_a_plugin_failing_in_the_final_scoring_keeps_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    toml, save = ruleset(tmp_path, "sour", END_SCORE), tmp_path / "game.json"
    code = main(play(toml, save))
    _, err = capsys.readouterr()
    assert code == ExitCode.PLUGIN
    assert "plugin 'sour' failed in hook kd_score_kingdom" in err
    saved = read_save(save)
    game = replay(
        saved, str(save), engine=engine_for_save(saved, str(save), trust=Trust(everything=True))
    )
    assert game.is_terminal()  # every move is kept, though the game could not be scored
