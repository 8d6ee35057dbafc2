"""RL rewards report a game nobody won (issue 23 item 5): a solo challenge whose target
is missed gives every ``win`` reward 0, and every agent's infos say who won, in words."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kingdomino_rl import KingdominoEnv

SOLO = str(
    Path(__file__).resolve().parents[2] / "examples" / "solo-challenge" / "solo-challenge.toml"
)


def play(reward: str, seed: int) -> tuple[float, dict, int]:
    """Play a solo game with the first legal action each time: the agent's final
    reward and info, and its kingdom's points."""
    env = KingdominoEnv(ruleset=SOLO, players=1, reward=reward)
    env.reset(seed=seed)
    final: tuple[float, dict] = (0.0, {})
    for _agent in env.agent_iter():
        observation, got, done, truncated, info = env.last()
        if done or truncated:
            final = (float(got), dict(info))
            points = env.game.score_total(0) if env.game is not None else -1
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return final[0], final[1], points


def test_a_missed_target_rewards_nobody_and_says_so() -> None:
    got, info, points = play("win", seed=3)
    assert points < 50 and got == 0.0
    assert info["winners"] == []
    assert info["outcome"] == f"Nobody wins: the target of 50 points is missed by {50 - points}."


def test_the_margin_of_a_solo_game_is_its_score() -> None:
    got, _info, points = play("margin", seed=3)
    assert got == float(points)
