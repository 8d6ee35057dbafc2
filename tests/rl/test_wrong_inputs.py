"""Wrong inputs to the RL environments (issue 21): one documented error type each,
and nothing changes (docs/rl.md, "Wrong inputs").

Before: ``KeyError`` after the end of a game, ``AttributeError`` before ``reset()``,
float and string actions and seeds silently accepted (``325.0``, ``"325"``, ``True``),
``gymnasium.error.Error`` for a numpy seed in one environment and acceptance in the
other.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kingdomino_core.testing import digest
from kingdomino_rl import KingdominoEnv, KingdominoGymEnv


def state(env: KingdominoEnv) -> tuple[Any, ...]:
    """Everything a wrong input must leave as it was."""
    assert env.game is not None
    return (
        digest(env.game),
        env.agent_selection,
        list(env.agents),
        dict(env.rewards),
        dict(env._cumulative_rewards),
        dict(env.terminations),
        env.action_mask().tobytes(),
    )


def legal_now(env: KingdominoEnv) -> int:
    return int(np.flatnonzero(env.action_mask())[0])


@pytest.fixture
def aec() -> KingdominoEnv:
    env = KingdominoEnv("base", players=2)
    env.reset(seed=1)
    return env


@pytest.mark.parametrize(
    "action", [325.0, "325", True, np.float32(325), [325], np.array([325]), None, object()]
)
def test_an_action_of_the_wrong_type_is_a_type_error(aec: KingdominoEnv, action: Any) -> None:
    before = state(aec)
    with pytest.raises(TypeError):
        aec.step(action)
    assert state(aec) == before


@pytest.mark.parametrize("action", [-1, 330, 2**70, np.int64(-5)])
def test_an_action_outside_the_space_is_a_value_error(aec: KingdominoEnv, action: Any) -> None:
    before = state(aec)
    with pytest.raises(ValueError, match=r"outside the action space 0\.\.329"):
        aec.step(action)
    assert state(aec) == before


def test_a_masked_action_is_a_value_error_and_integers_of_any_kind_play(aec) -> None:
    masked = int(np.flatnonzero(aec.action_mask() == 0)[0])
    before = state(aec)
    with pytest.raises(ValueError, match="is not legal now"):
        aec.step(masked)
    assert state(aec) == before
    for kind in (int, np.int64, np.uint16, np.array):
        aec.step(kind(legal_now(aec)))
    assert state(aec) != before


def test_before_reset_and_after_the_end_are_runtime_errors() -> None:
    env = KingdominoEnv("base", players=2)
    for call in (lambda: env.step(0), env.last, lambda: env.observe("player_0"), env.legal):
        with pytest.raises(RuntimeError, match=r"reset\(\)"):
            call()
    env.reset(seed=3)
    for _agent in env.agent_iter():
        _, _, over, cut, _ = env.last()
        env.step(None if over or cut else legal_now(env))
    assert env.agents == []
    game = digest(env.game)
    for call in (lambda: env.step(0), lambda: env.step(None), env.last):
        with pytest.raises(RuntimeError, match="over"):  # was KeyError: 'player_0'
            call()
    assert env.legal() == {} and not env.action_mask().any()
    assert digest(env.game) == game
    env.reset(seed=3)  # and it plays again
    assert env.agents == ["player_0", "player_1"]


def test_a_dead_agent_takes_only_none(aec: KingdominoEnv) -> None:
    while not all(aec.terminations.values()):
        aec.step(legal_now(aec))
    before = state(aec)
    with pytest.raises(ValueError, match="only valid action is None"):
        aec.step(0)
    assert state(aec) == before


@pytest.mark.parametrize(
    ("seed", "error"),
    [(1.5, TypeError), ("3", TypeError), (True, TypeError), (np.float64(2), TypeError),
     ([1], TypeError), (-1, ValueError), (2**63, ValueError), (2**70, ValueError)],
)  # fmt: skip
def test_odd_seeds_are_refused_by_both_environments(aec, seed: Any, error: type) -> None:
    before = state(aec)
    with pytest.raises(error, match="seed must be"):
        aec.reset(seed=seed)
    assert state(aec) == before
    gym = KingdominoGymEnv("base", players=2)
    with pytest.raises(error, match="seed must be"):
        gym.reset(seed=seed)


def test_numpy_integer_seeds_give_the_same_game_as_ints() -> None:
    """Before: the Gymnasium env refused ``np.int64(7)`` (``gymnasium.error.Error``)."""
    for make in (lambda: KingdominoGymEnv("base", players=2),):
        a, b = make(), make()
        first, _ = a.reset(seed=7)
        second, _ = b.reset(seed=np.int64(7))
        assert np.array_equal(first["observation"], second["observation"])
    env = KingdominoEnv("base", players=2)
    env.reset(seed=np.uint32(7))
    other = KingdominoEnv("base", players=2)
    other.reset(seed=7)
    assert digest(env.game) == digest(other.game)


def test_options_must_be_a_dict(aec: KingdominoEnv) -> None:
    before = state(aec)
    with pytest.raises(TypeError, match="options must be None or a dict"):
        aec.reset(seed=2, options="fast")  # type: ignore[arg-type]
    assert state(aec) == before
    aec.reset(seed=2, options={})


def test_agent_names(aec: KingdominoEnv) -> None:
    for call in (aec.observe, aec.observation_space, aec.action_space):
        with pytest.raises(ValueError, match="no agent 'player_9': the agents are player_0"):
            call("player_9")  # was KeyError
        with pytest.raises(TypeError, match="named by a string"):
            call(0)  # type: ignore[arg-type]


def test_gym_actions_of_the_wrong_type_or_range_change_nothing() -> None:
    env = KingdominoGymEnv("base", players=2)
    env.reset(seed=4)
    aec = env._aec
    before = state(aec)
    for action in (325.0, "325", True, None, [325], np.float64(325)):
        with pytest.raises(TypeError):  # before: played (or ended the episode)
            env.step(action)
    for action in (-1, 330, 2**70):
        with pytest.raises(ValueError, match="outside the action space"):
            env.step(action)
    assert state(aec) == before
    masked = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, done, _, info = env.step(masked)  # documented: ends the episode
    assert done and reward == -1.0 and info == {"illegal_action": True}
    with pytest.raises(RuntimeError, match="episode is over"):
        env.step(legal_now(aec))


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"reward": 1}, TypeError), ({"reward": "points"}, ValueError),
     ({"observation": None}, TypeError), ({"render_mode": "human"}, ValueError),
     ({"players": "2"}, TypeError), ({"players": 2.0}, TypeError),
     ({"ruleset": 5}, TypeError)],
)  # fmt: skip
def test_constructor_options(kwargs: dict[str, Any], error: type) -> None:
    with pytest.raises(error):
        KingdominoEnv(**kwargs)


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [({"seat": "0"}, TypeError), ({"seat": 5}, ValueError), ({"opponents": 3}, TypeError),
     ({"opponents": ["greedy", 1]}, TypeError), ({"illegal_reward": "x"}, TypeError),
     ({"illegal_reward": float("nan")}, ValueError)],
)  # fmt: skip
def test_gym_constructor_options(kwargs: dict[str, Any], error: type) -> None:
    with pytest.raises(error):
        KingdominoGymEnv("base", players=2, **kwargs)
