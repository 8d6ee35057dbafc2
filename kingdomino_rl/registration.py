"""The environments registered with Gymnasium, so ``gym.make`` finds them by id.

Importing :mod:`kingdomino_rl` registers them (Gymnasium 1.x loads no entry points of
its own); ``gym.make("kingdomino_rl:kingdomino/base-v0")`` imports it first. The ids:

- ``kingdomino/Kingdomino-v0``: :class:`~kingdomino_rl.KingdominoGymEnv` with any
  of its keywords (``ruleset="base"`` by default);
- ``kingdomino/<ruleset>-v0`` for every shipped ruleset, that ruleset chosen:
  ``kingdomino/base-v0``, ``kingdomino/grand-duel-v0``, ``kingdomino/origins-tribe-v0``.

``gym.make(id, players=4, opponents="greedy", ...)`` passes the other keywords on.
"""

from __future__ import annotations

import gymnasium as gym

from kingdomino_core.rulesets.lookup import list_rulesets

#: The Gymnasium namespace of every id registered here.
NAMESPACE = "kingdomino"
#: What ``gym.make`` builds (any keyword of its constructor can be given).
ENTRY_POINT = "kingdomino_rl.gym_env:KingdominoGymEnv"


def env_ids() -> dict[str, dict[str, str]]:
    """Each id with the keywords it fixes: the generic one, then one per shipped ruleset."""
    ids: dict[str, dict[str, str]] = {f"{NAMESPACE}/Kingdomino-v0": {}}
    for entry in list_rulesets():
        if entry.where == "shipped":
            ids[f"{NAMESPACE}/{entry.name}-v0"] = {"ruleset": entry.name}
    return ids


def register_envs() -> list[str]:
    """Register every id of :func:`env_ids` not registered yet; returns the ids."""
    for env_id, kwargs in env_ids().items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point=ENTRY_POINT, kwargs=kwargs)
    return list(env_ids())
