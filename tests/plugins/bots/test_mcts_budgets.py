"""mcts budgets: playouts, CPU time or wall-clock time per decision (issue 16, item 3)."""

from __future__ import annotations

import random
import time

import pytest
from kd_bots import mcts
from kd_bots.mcts import MctsAgent

from kingdomino_core import ConfigError, Engine, Game, Ruleset
from kingdomino_core.engine.agents import installed_agents


def decision(seed: int = 2) -> Game:
    """A base 3-player game waiting for a decision with several choices."""
    game = Engine(Ruleset(name="base", plugins=("base",)), 3).new_game(seed=seed)
    rng = random.Random(seed)
    while True:
        game.play_chance()
        if len(game.legal_actions()) > 3 and game.step and game.step.kind == "place":
            return game
        game.apply(game.sample_action(rng.random()))


@pytest.mark.parametrize("kernel", ["auto", "off"])
def test_a_playout_budget_runs_exactly_that_many_playouts(kernel: str) -> None:
    spec = f"mcts:playouts=37+time=0.001+kernel={kernel}"
    agent = installed_agents().make(spec, random.Random(1))
    assert isinstance(agent, MctsAgent)
    game = decision()
    action = agent.act(game)
    assert action in game.legal_actions()
    assert agent.last_playouts == 37  # playouts win over time


@pytest.mark.parametrize("kernel", ["auto", "off"])
def test_a_cpu_budget_reads_process_time_not_the_wall_clock(monkeypatch, kernel: str) -> None:
    agent = installed_agents().make(f"mcts:cpu=0.05+kernel={kernel}", random.Random(1))
    assert isinstance(agent, MctsAgent)
    agent.act(decision())  # the kernel loaded (from numba's cache) before the clock starts
    # A frozen wall clock: a wall-clock budget would never end; the CPU budget does.
    monkeypatch.setattr(mcts.time, "perf_counter", lambda: 0.0)
    start = time.process_time()
    agent.act(decision())
    spent = time.process_time() - start
    assert agent.last_playouts > 0
    assert 0.05 <= spent < 2.0


def test_a_wall_clock_budget_reads_the_wall_clock(monkeypatch) -> None:
    agent = installed_agents().make("mcts:time=0.05", random.Random(1))
    assert isinstance(agent, MctsAgent)
    monkeypatch.setattr(mcts.time, "process_time", lambda: 0.0)
    start = time.perf_counter()
    agent.act(decision())
    assert time.perf_counter() - start >= 0.05


def test_the_same_playout_budget_plays_the_same_moves() -> None:
    def moves() -> list[object]:
        agent = installed_agents().make("mcts:playouts=20", random.Random(5))
        return [agent.act(decision(seed)) for seed in range(3)]

    assert moves() == moves()


@pytest.mark.parametrize("option", ["cpu=-1", "time=-0.5", "playouts=-3", "cpu=inf", "cpu=x"])
def test_bad_budgets_are_refused(option: str) -> None:
    with pytest.raises(ConfigError, match="mcts option"):
        installed_agents().make(f"mcts:{option}", random.Random(0))
