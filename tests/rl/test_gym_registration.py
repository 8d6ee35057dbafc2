"""The environments are registered with Gymnasium: ``gym.make("kingdomino/...")``
works once ``kingdomino_rl`` is imported (or with the ``kingdomino_rl:`` prefix)."""

from __future__ import annotations

import subprocess
import sys

import pytest

gym = pytest.importorskip("gymnasium")

from kingdomino_core.rulesets.lookup import list_rulesets  # noqa: E402


def test_every_shipped_ruleset_has_an_id_and_make_builds_it() -> None:
    import kingdomino_rl
    from kingdomino_rl import KingdominoGymEnv

    ids = kingdomino_rl.register_envs()
    shipped = [e.name for e in list_rulesets() if e.where == "shipped"]
    assert set(ids) == {"kingdomino/Kingdomino-v0"} | {f"kingdomino/{n}-v0" for n in shipped}
    env = gym.make("kingdomino/grand-duel-v0", opponents="random")
    assert isinstance(env.unwrapped, KingdominoGymEnv)
    assert env.unwrapped.engine.ruleset.name == "grand-duel"
    obs, _info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    generic = gym.make("kingdomino/Kingdomino-v0", ruleset="court", players=3)
    assert generic.unwrapped.engine.ruleset.name == "court"
    assert generic.unwrapped.engine.config.players == 3
    assert kingdomino_rl.register_envs() == ids  # registering again changes nothing


def test_make_with_the_module_prefix_needs_no_import() -> None:
    """A fresh interpreter: Gymnasium imports the package named before the colon."""
    code = (
        "import gymnasium as gym\n"
        "env = gym.make('kingdomino_rl:kingdomino/base-v0', players=2)\n"
        "obs, info = env.reset(seed=1)\n"
        "print(type(env.unwrapped).__name__, int(obs['action_mask'].sum()) > 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["KingdominoGymEnv", "True"]


def test_the_final_observation_of_a_game_has_an_empty_mask() -> None:
    """What docs/rl.md warns about: the step that ends a game returns a mask of zeros,
    which a vector environment's autoreset hands on as that game's observation."""
    env = gym.make("kingdomino/base-v0", players=2, opponents="random")
    obs, _info = env.reset(seed=5)
    done = False
    while not done:
        legal = obs["action_mask"].nonzero()[0]
        obs, _reward, done, _truncated, _info = env.step(int(legal[0]))
    assert obs["action_mask"].sum() == 0
