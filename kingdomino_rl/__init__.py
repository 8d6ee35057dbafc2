"""kingdomino_rl: standard reinforcement-learning environments for every ruleset.

``pip install -e '.[rl]'`` from a checkout (PettingZoo, Gymnasium, numpy). Two environments:

- :class:`KingdominoEnv` (also ``kingdomino_rl.env(...)``): a PettingZoo AEC
  environment where every seat is an agent;
- :class:`KingdominoGymEnv`: a Gymnasium environment where you play one seat and
  built-in bots play the others.

Importing this package registers them with Gymnasium
(:mod:`kingdomino_rl.registration`): ``gym.make("kingdomino/base-v0")``.

Both share the fixed action space of :mod:`kingdomino_core.engine.encoding` and the
observation of :mod:`kingdomino_rl.observation`; ``docs/rl.md`` documents them.
"""

from .aec import KingdominoEnv, env
from .gym_env import KingdominoGymEnv
from .observation import PARTS, Observer
from .registration import register_envs

register_envs()

__all__ = ["PARTS", "KingdominoEnv", "KingdominoGymEnv", "Observer", "env", "register_envs"]
