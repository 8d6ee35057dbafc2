"""A Gymnasium environment: you play one seat, built-in bots play the others.

Same action space, observation and rewards as :class:`~kingdomino_rl.KingdominoEnv`
(the observation is that of the learning seat). Bots are any registered agent spec
(``"greedy"``, ``"random"``, ``"mcts:playouts=200"``, a plugin's bot); chance and the
bots' moves happen inside ``step``, played by the play layer's table
(:class:`kingdomino_play.Table`, as in ``kd play`` and ``kd serve``): the learner's
seat is its "person", and each bot draws its numbers per decision, so an episode is
a function of the game's seed and the learner's actions alone. ``action_masks()``
returns the legal-action mask (the method sb3-contrib's MaskablePPO looks for).

An action outside the mask ends the episode at once with reward ``illegal_reward``
(default -1) and ``info["illegal_action"] = True`` (like PettingZoo's
``TerminateIllegalWrapper``): unmasked learners get a signal instead of a crash.
Anything that is not an action of the space (a float, a string, ``True``, a number
outside ``0..n-1``) is an error instead (``TypeError`` or ``ValueError``, see
:mod:`kingdomino_rl.checks`) and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from kingdomino_core import Engine, Ruleset
from kingdomino_core.engine.agents import installed_agents
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_play import HUMAN, Table

from . import checks
from .aec import KingdominoEnv, end_infos, final_rewards


class KingdominoGymEnv(gym.Env):
    """One seat (``seat``) against ``opponents`` (one spec for all, or one per other seat)."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (gymnasium declares it so)

    def __init__(
        self,
        ruleset: str | Ruleset | Engine = "base",
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        reward: str = "win",
        observation: str = "flat",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise TypeError(f"illegal_reward must be a number, not {illegal_reward!r}")
        if not np.isfinite(illegal_reward):
            raise ValueError(f"illegal_reward must be a finite number, not {illegal_reward!r}")
        self.illegal_reward = float(illegal_reward)
        seat = checks.count("seat", seat) or 0
        if not (isinstance(opponents, str) or _strings(opponents)):
            raise TypeError(f"opponents must be a bot spec or a list of them, not {opponents!r}")
        self._aec = KingdominoEnv(
            ruleset, players, reward=reward, observation=observation, render_mode=render_mode
        )
        self.engine = self._aec.engine
        n = self.engine.config.players
        if not 0 <= seat < n:
            raise ValueError(f"seat must be 0..{n - 1}, not {seat}")
        others = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != n - 1:
            raise ValueError(f"opponents: give one spec or {n - 1}, not {len(others)}")
        registry = installed_agents()
        for spec in others:
            registry.make(spec, random.Random(0))  # unknown bots fail here, not mid-game
        self.seat = seat
        self.opponent_specs = others
        self.render_mode = render_mode
        self.agent_name = self._aec.possible_agents[seat]
        self.observation_space = self._aec.observation_space(self.agent_name)
        self.action_space = self._aec.action_space(self.agent_name)
        self._table: Table | None = None
        self._over = False

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        checks.options_value(options)
        super().reset(seed=checks.seed_value(seed))
        game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self._aec.reset(seed=game_seed)
        self._over = False
        bots = iter(self.opponent_specs)
        players = [
            PlayerEntry(name=agent, agent=HUMAN if s == self.seat else next(bots))
            for s, agent in enumerate(self._aec.possible_agents)
        ]
        self._table = Table(self._aec._require_game(), players, words=None)
        self._play_bots()
        return self._aec.observe(self.agent_name), {}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        aec = self._aec
        game = aec._require_game()
        if self._over or not game.pending:
            raise RuntimeError("the episode is over: call reset()")
        number = checks.action_number(action, aec.action_space_map.size)
        chosen = aec._decode(number)
        if chosen is None:
            self._over = True
            obs = aec.observe(self.agent_name)
            obs["action_mask"][:] = 0
            return obs, self.illegal_reward, True, False, {"illegal_action": True}
        assert self._table is not None
        self._table.act(chosen)
        self._play_bots()
        done = not game.pending
        reward = final_rewards(game, aec.reward_kind)[self.seat] if done else 0.0
        info = end_infos(game, aec.possible_agents) if done else {}
        return aec.observe(self.agent_name), float(reward), done, False, info

    def action_masks(self) -> np.ndarray:
        """Legal actions of the current decision as booleans (MaskablePPO's hook)."""
        game = self._aec._require_game()
        if self._over or not game.pending:
            return np.zeros(self._aec.action_space_map.size, dtype=bool)
        return self._aec.action_mask().astype(bool)

    def render(self) -> str | None:
        return self._aec.render()

    def close(self) -> None:
        self._aec.close()

    def _play_bots(self) -> None:
        """Let chance and the bots play until our seat decides (the table checks each
        bot's move like any program's), then bring the AEC env up to date."""
        table = self._table
        assert table is not None
        while table.automatic_next():
            table.play_automatic()
        self._aec._after_move()


def _strings(values: object) -> bool:
    """Whether ``values`` is a list or tuple of strings (one bot spec per seat)."""
    return isinstance(values, list | tuple) and all(isinstance(v, str) for v in values)
