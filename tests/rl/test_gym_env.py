"""The single-agent Gymnasium environment: one seat against built-in bots."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from kingdomino_rl import KingdominoGymEnv


@pytest.mark.parametrize("ruleset", ["base", "court", "origins-tribe"])
def test_gymnasium_env_checker(ruleset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_env(KingdominoGymEnv(ruleset, 2, opponents="random"), skip_render_check=True)


def test_an_episode_against_greedy_ends_with_a_win_reward() -> None:
    env = KingdominoGymEnv("base", 3, seat=1, opponents=["greedy", "random"])
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps, reward = False, 0, 0.0
    while not done:
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        assert np.array_equal(mask, obs["action_mask"].astype(bool))
        obs, reward, done, _, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert not env.action_masks().any()
    assert reward in (0.0, 0.5, 1.0, 1 / 3)
    assert 12 <= steps <= 40  # one king: a pick and a placement per round


def test_same_seed_same_episode() -> None:
    def episode() -> list[int]:
        env = KingdominoGymEnv("base", 2, opponents="greedy")
        env.reset(seed=21)
        taken, done = [], False
        while not done:
            action = int(np.flatnonzero(env.action_masks())[0])
            taken.append(action)
            _, _, done, _, _ = env.step(action)
        assert env._aec.game is not None
        return [*taken, len(env._aec.game.log)]

    assert episode() == episode()


def test_unknown_opponent_is_refused_at_construction() -> None:
    from kingdomino_core import ConfigError

    with pytest.raises(ConfigError, match="unknown agent"):
        KingdominoGymEnv("base", 2, opponents="grandmaster")


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = KingdominoGymEnv("base", 2, opponents="random", illegal_reward=-5)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, reward, done, truncated, info = env.step(illegal)
    assert (reward, done, truncated, info) == (-5.0, True, False, {"illegal_action": True})
    assert not obs["action_mask"].any() and not env.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_bots_play_as_at_a_play_layer_table() -> None:
    """The opponents are the play layer's seats: the same game seed and the same
    learner moves give the very game a kingdomino_play.Table plays (as kd play does)."""
    from kingdomino_core.saves.savegame import PlayerEntry
    from kingdomino_play import Table

    env = KingdominoGymEnv("base", 2, opponents="greedy")
    env.reset(seed=5)
    done = False
    while not done:
        _, _, done, _, _ = env.step(int(np.flatnonzero(env.action_masks())[-1]))
    game = env._aec.game
    assert game is not None
    players = [PlayerEntry(name="me", agent="human"), PlayerEntry(name="bot", agent="greedy")]
    table = Table(env.engine.new_game(seed=game.seed), players)
    mine = iter(a for a in game.log if getattr(a, "seat", -1) == 0)
    while not table.finished:
        table.advance()
        if table.person_decides():
            table.act(next(mine))
    assert table.moves == list(game.log)
