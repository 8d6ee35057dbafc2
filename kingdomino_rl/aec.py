"""The PettingZoo AEC environment: every seat of any ruleset is an agent.

Agents are ``player_0 .. player_{n-1}`` (seat order). The environment resolves chance
itself (draws of dominoes, kings, tiles) with the game's own generator, seeded by
``reset(seed=...)``, so a seed fixes the whole game given the agents' actions.

Actions are numbers of the ruleset's fixed action space
(:class:`kingdomino_core.engine.encoding.ActionSpace`); the observation carries the mask of
the legal ones. An action outside the mask raises ``ValueError`` (wrap the env in
PettingZoo's ``TerminateIllegalWrapper`` to penalise it instead). Every wrong input
raises the error type :mod:`kingdomino_rl.checks` gives it (``TypeError`` for a
wrong type, ``ValueError`` for a wrong value, ``RuntimeError`` for a call at the
wrong time) and changes nothing.

Rewards come at the end: ``reward="win"`` gives each seat 1 for a win (1/k when k
kingdoms share it) and 0 otherwise (0 for every seat of a game nobody won, such as a
solo challenge whose target was missed); ``reward="margin"`` gives its kingdom's
final score (match total in a Dynasty match) minus the best other kingdom's (alone
at the table: the score itself). At the end every agent's ``infos`` says who won:
``"winners"`` (seats, none when nobody won) and ``"outcome"`` (in words:
``"player_0 wins."``, ``"Nobody wins: ..."``).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from kingdomino_core import Engine, Game, Ruleset, match_totals
from kingdomino_core.engine.encoding import ActionSpace, EncodingError
from kingdomino_core.model.actions import CHANCE, Action
from kingdomino_core.rulesets.files import allowed_players, load_ruleset
from kingdomino_play import outcome_words

from . import checks
from .observation import Observer, as_dict

REWARDS = ("win", "margin")
OBSERVATIONS = ("flat", "dict")


def make_engine(ruleset: str | Ruleset | Engine, players: int | None) -> Engine:
    """An engine from a ruleset name/path, a :class:`Ruleset` or an engine itself."""
    if isinstance(ruleset, Engine):
        return ruleset
    if not isinstance(ruleset, str | Ruleset):
        raise TypeError(
            "ruleset must be a ruleset name or file, a Ruleset or an Engine, "
            f"not {type(ruleset).__name__}"
        )
    rs = load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    if players is None:
        players = rs.default_players or allowed_players(rs)[-1]
    return Engine(rs, players)


def final_rewards(game: Game, kind: str) -> list[float]:
    """Each seat's end-of-game reward (see the module docstring)."""
    cfg = game.config
    sheets = game.scores()
    totals = match_totals(game, [s.total for s in sheets])
    if kind == "margin":
        out = []
        for seat in range(cfg.players):
            mine = cfg.kingdom_of(seat)
            others = [t for k, t in enumerate(totals) if k != mine]
            # Alone at the table (one kingdom): the margin is over nobody, the points.
            out.append(float(totals[mine] - max(others, default=0)))
        return out
    winners = game.ranking(sheets).winners  # none when nobody won (a solo target missed)
    return [
        1.0 / len(winners) if cfg.kingdom_of(seat) in winners else 0.0
        for seat in range(cfg.players)
    ]


def end_infos(game: Game, agents: list[str]) -> dict[str, Any]:
    """What every agent's ``infos`` holds at the end: the winning ``winners`` seats
    (none when nobody won) and the ``outcome`` in words, agents named as agents."""
    ranking = game.ranking()
    won = set(ranking.winners)
    seats = [s for s in range(game.config.players) if game.config.kingdom_of(s) in won]
    return {"winners": seats, "outcome": outcome_words(game, agents, ranking)}


class KingdominoEnv(AECEnv):
    """A Kingdomino-family game as a PettingZoo AEC environment.

    ``ruleset``: a shipped ruleset name (``"base"``, ``"court"``, ...), a ruleset file,
    a :class:`~kingdomino_core.Ruleset` or an :class:`~kingdomino_core.Engine`.
    ``players``: seats (default: the ruleset's default count). ``reward``: ``"win"``
    or ``"margin"``. ``observation``: ``"flat"`` (one float32 vector) or ``"dict"``
    (the named parts of :mod:`kingdomino_rl.observation`); the action mask is in
    both, under ``"action_mask"``.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "kingdomino_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str | Ruleset | Engine = "base",
        players: int | None = None,
        *,
        reward: str = "win",
        observation: str = "flat",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        checks.choice("reward", reward, REWARDS)
        checks.choice("observation", observation, OBSERVATIONS)
        checks.choice("render_mode", render_mode, (None, "ansi"))
        self.engine = make_engine(ruleset, checks.count("players", players, optional=True))
        self.reward_kind = reward
        self.observation_kind = observation
        self.render_mode = render_mode
        self.action_space_map = ActionSpace(self.engine)
        self.observer = Observer(self.engine)
        n = self.engine.config.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        mask_space = spaces.Box(0, 1, shape=(self.action_space_map.size,), dtype=np.int8)
        if observation == "flat":
            obs_space: spaces.Dict = spaces.Dict(
                {"observation": self.observer.flat_space(), "action_mask": mask_space}
            )
        else:
            obs_space = spaces.Dict({**self.observer.part_spaces(), "action_mask": mask_space})
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {
            a: spaces.Discrete(self.action_space_map.size) for a in self.possible_agents
        }
        self.game: Game | None = None
        self._legal: list[int] | None = None
        self._legal_map: dict[int, Action] | None = None

    # -- PettingZoo API -------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[checks.agent_name(agent, self.possible_agents)]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[checks.agent_name(agent, self.possible_agents)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` (None or an integer 0..2**63-1) fixes it. ``options``
        (None or a dict) are not used."""
        checks.options_value(options)
        number = checks.seed_value(seed)
        if number is None:
            number = int(np.random.SeedSequence().generate_state(2, np.uint64)[0] >> 1)
        self.game = self.engine.new_game(seed=number)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._after_move()

    def step(self, action: Any) -> None:
        """Play ``action`` (an integer, see docs/rl.md) for the agent selected; None
        for an agent whose game is over. A wrong action changes nothing."""
        game = self._require_game()
        if not self.agents:
            raise RuntimeError("the game is over: call reset() to play again")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # PettingZoo: anything but None is a ValueError
            return
        if action is None:
            raise TypeError(
                f"{agent}: action None is only for an agent whose game is over; choose a "
                "number where observation['action_mask'] is 1"
            )
        number = checks.action_number(action, self.action_space_map.size)
        chosen = self._decode(number)
        if chosen is None:
            raise ValueError(
                f"{agent}: action {number} ({self.action_space_map.name(number)}) "
                "is not legal now; choose one where observation['action_mask'] is 1"
            )
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        # Built from the engine's own legal list: no need to check it again.
        game.apply(chosen, check=False)
        self._after_move()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        game = self._require_game()
        seat = self._seat[checks.agent_name(agent, self.possible_agents)]
        mask = np.zeros(self.action_space_map.size, dtype=np.int8)
        if game.pending and game.pending[0].seat == seat:
            mask[self._legal_numbers()] = 1
        if self.observation_kind == "flat":
            return {"observation": self.observer.flat(game, seat), "action_mask": mask}
        return {**self.observer.parts(game, seat), "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation, info."""
        self._require_game()
        if not self.agents:
            raise RuntimeError("the game is over and every agent has left: call reset()")
        return super().last(observe)

    def render(self) -> str | None:
        if self.render_mode is None or self.game is None:
            return None
        from kingdomino_core.saves.kingdom_text import format_kingdom

        game = self.game
        out = []
        for k, kingdom in enumerate(game.kingdoms):
            out.append(f"kingdom {k}: {game.score_total(k)} points")
            out.extend(format_kingdom(kingdom, game.engine))
        return "\n".join(out)

    def close(self) -> None:
        self.game = None

    # -- helpers ----------------------------------------------------------------------

    def legal(self) -> dict[int, Action]:
        """Number -> action for the legal actions of the current decision (none once
        the game is over)."""
        game = self._require_game()
        return self.action_space_map.legal(game) if game.pending else {}

    def action_mask(self) -> np.ndarray:
        """The legal-action mask of the agent to act (int8, 1 = legal)."""
        mask = np.zeros(self.action_space_map.size, dtype=np.int8)
        mask[self._legal_numbers()] = 1
        return mask

    def _legal_numbers(self) -> list[int]:
        """The legal numbers of the current decision, computed once per decision: the
        core's placements straight from its masks, any other decision by listing its
        actions (kept in ``_legal_map`` to decode the choice)."""
        if self._legal is None:
            space = self.action_space_map
            game = self._require_game()
            if not game.pending:  # the game is over: nothing is legal
                self._legal, self._legal_map = [], {}
                return self._legal
            numbers = space.place_numbers(game)
            if numbers is None:
                self._legal_map = space.legal(game)
                numbers = list(self._legal_map)
            self._legal = numbers
        return self._legal

    def _decode(self, number: int) -> Action | None:
        """The legal action numbered ``number`` now, or None."""
        self._legal_numbers()
        if self._legal_map is not None:
            return self._legal_map.get(number)
        try:
            return self.action_space_map.decode(self._require_game(), number)
        except EncodingError:
            return None

    def unflatten(self, observation: np.ndarray) -> dict[str, np.ndarray]:
        """The named parts of a flat observation vector (views)."""
        return as_dict(self.observer, observation)

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game

    def _after_move(self) -> None:
        """Resolve chance, then select the seat to decide, or end the game."""
        game = self._require_game()
        self._legal = None
        self._legal_map = None
        pending = game.pending
        while pending and pending[0].seat == CHANCE:
            game.resolve_chance()
        if pending:
            self.agent_selection = self.possible_agents[pending[0].seat]
            return
        ending = end_infos(game, self.possible_agents)
        for agent, value in zip(
            self.possible_agents, final_rewards(game, self.reward_kind), strict=True
        ):
            if agent in self.rewards:
                self.rewards[agent] = value
            self.terminations[agent] = True
            if agent in self.infos:
                self.infos[agent].update(ending)
        if self.agents:
            self.agent_selection = self.agents[0]


def env(**kwargs: Any) -> KingdominoEnv:
    """PettingZoo-style constructor: ``kingdomino_rl.env(ruleset="court", players=3)``."""
    return KingdominoEnv(**kwargs)
