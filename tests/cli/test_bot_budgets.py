"""A bot budget stored in a save is bounded: ``kd play --resume`` of a save naming
``mcts:time=100000`` is refused in words (exit 4), not run for ever (issue 21).

The limits are in kingdomino_play/budgets.py (documented in docs/playing.md).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from kingdomino_core import Engine, Ruleset
from kingdomino_core.saves.savegame import PlayerEntry, save_of, to_json
from kingdomino_play.budgets import SAVED_MOVE, SERVER_MOVE, budget_problem, move_seconds


def unfinished_save(path: Path, agents: list[str]) -> Path:
    game = Engine(Ruleset(name="base", plugins=("base",)), len(agents)).new_game(seed=8)
    for _ in range(10):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    players = [PlayerEntry(name=f"P{i + 1}", agent=a) for i, a in enumerate(agents)]
    path.write_text(to_json(save_of(game, players, result=False)))
    return path


def kd(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "kingdomino_cli.app", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("agent", ["mcts:time=100000", "mcts:playouts=10000000", "mcts:cpu=1e9"])
def test_resuming_a_save_with_an_endless_budget_is_refused_in_words(
    tmp_path: Path, agent: str
) -> None:
    save = unfinished_save(tmp_path / "game.json", ["random", agent])
    before = save.read_bytes()
    done = kd("play", "--resume", str(save))
    assert done.returncode == 4, done.stderr
    assert f"players[1].agent: {agent!r}" in done.stderr
    assert "most a bot may think here" in done.stderr and "--players" in done.stderr
    assert "Traceback" not in done.stderr
    assert save.read_bytes() == before  # nothing lost
    # Choosing the bots again resumes the game.
    done = kd("play", "--resume", str(save), "--players", "random,greedy")
    assert done.returncode == 0, done.stderr


def test_a_budget_within_the_limit_resumes(tmp_path: Path) -> None:
    save = unfinished_save(tmp_path / "game.json", ["random", "mcts:playouts=2"])
    done = kd("play", "--resume", str(save))
    assert done.returncode == 0, done.stderr


def test_budgets_are_read_as_the_bots_read_them() -> None:
    assert move_seconds("greedy") == 0.0
    assert move_seconds("mcts") == 1.0
    assert move_seconds("mcts:time=2+playouts=100") == 1.0  # playouts win, 10 ms each
    assert move_seconds("mcts:cpu=3") == 3.0
    assert move_seconds("somebot") is None
    assert budget_problem("mcts:time=10", SERVER_MOVE) is None
    assert "time=10.5" in (budget_problem("mcts:time=10.5", SERVER_MOVE) or "")
    assert budget_problem("mcts:playouts=6000", SAVED_MOVE) is None
    assert budget_problem("mcts:time=inf", SAVED_MOVE) is not None
    assert budget_problem("mcts:time=nan", SAVED_MOVE) is None  # the bot refuses it itself
