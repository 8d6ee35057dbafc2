"""Bots alone at the table (issue 23): ``mcts`` and ``greedy`` play a one-player game
by their own score.

Before, ``mcts`` rated every move of a one-player game the same (its reward's
"best other kingdom" fell back to its own score, and the only kingdom always wins)
and played worse than random: 11.25 points on average against random's 19.25 here.
"""

from __future__ import annotations

import random

import pytest
from kd_bots.mcts import reward, solo_reward

from kingdomino_core import Engine, Ruleset
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.hooks.plugins import default_catalogue

SOLO = '''"""One player, one king, lines of three (a solo game for tests)."""
from kingdomino_core import hookimpl

NAME = "solo"
HOOK_API = 1


@hookimpl(trylast=True)
def kd_configure(config):
    config.set("allowed_players", (1,), override=True)
    config.set("kings_per_seat", 1, override=True)
    config.set("line_size", 3, override=True)
    config.set("lines_total", 12, override=True)
'''


@pytest.fixture(scope="module")
def solo(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    path = tmp_path_factory.mktemp("solo") / "solo.py"
    path.write_text(SOLO)
    ruleset = Ruleset(name="solo", plugins=("base", "solo"), plugin_files=(path,))
    return Engine(ruleset, 1, catalogue=default_catalogue().copy())


def mean_score(engine: Engine, spec: str, seeds: range) -> float:
    registry = installed_agents()
    points = []
    for seed in seeds:
        agent = registry.make(spec, random.Random(seed))
        game = engine.new_game(seed=seed)
        game.play(agent.act)
        points.append(game.score_total(0))
    return sum(points) / len(points)


def test_mcts_and_greedy_play_a_solo_game_for_points(solo: Engine) -> None:
    seeds = range(5, 11)
    chance = mean_score(solo, "random", seeds)
    assert mean_score(solo, "greedy", seeds) > chance + 10
    assert mean_score(solo, "mcts:playouts=10+width=6", seeds) > chance + 10


def test_a_solo_reward_grows_with_the_kingdoms_points(solo: Engine) -> None:
    games = []
    for seed in range(6):
        game = solo.new_game(seed=seed)
        game.play(lambda g: g.legal_actions()[0])
        games.append(game)
    by_points = sorted(games, key=lambda g: g.score_total(0))
    assert by_points[0].score_total(0) < by_points[-1].score_total(0)
    rewards = [reward(g, 0) for g in by_points]
    assert rewards == sorted(rewards) and rewards[0] < rewards[-1]
    assert all(0 < r < 1 for r in rewards)
    assert solo_reward(10) < solo_reward(40) < solo_reward(70)
