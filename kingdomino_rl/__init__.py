"""kingdomino_rl: standard reinforcement-learning environments for every ruleset.

``pip install 'kingdomino[rl]'`` (PettingZoo, Gymnasium, numpy). Two environments:

- :class:`KingdominoEnv` (also ``kingdomino_rl.env(...)``): a PettingZoo AEC
  environment where every seat is an agent;
- :class:`KingdominoGymEnv`: a Gymnasium environment where you play one seat and
  built-in bots play the others.

Both share the fixed action space of :mod:`kingdomino_core.engine.encoding` and the
observation of :mod:`kingdomino_rl.observation`; ``docs/rl.md`` documents them.
"""

from .aec import KingdominoEnv, env
from .gym_env import KingdominoGymEnv
from .observation import PARTS, Observer

__all__ = ["PARTS", "KingdominoEnv", "KingdominoGymEnv", "Observer", "env"]
