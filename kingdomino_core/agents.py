"""Players: the agent protocol and the registry of agents by name.

An agent chooses an action for the decision a game is waiting for. Agents see the
game object; a well-behaved agent uses only what a player at the table sees (it
never reads ``game.rng``, whose state decides the hidden order of the draw pile).
Bots are registered by plugins with the ``kd_register_agents`` hook.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Protocol

from .errors import ConfigError

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game


class Agent(Protocol):
    """Anything that picks an action for the current decision of a game."""

    def act(self, game: Game) -> Action:
        """The action to play for ``game.step``: one of ``game.legal_actions()``."""
        ...


#: Makes an agent from its options (``"mcts:time=1.0+playouts=50"`` gives
#: ``{"time": "1.0", "playouts": "50"}``)
#: and a private random generator.
AgentFactory = Callable[[Mapping[str, str], random.Random], Agent]


class AgentRegistry:
    """Agents by name, filled by the ``kd_register_agents`` hook."""

    def __init__(self) -> None:
        self._factories: dict[str, tuple[AgentFactory, str]] = {}

    def add(self, name: str, factory: AgentFactory, help: str = "") -> None:
        """Register ``factory`` under ``name`` (``help``: one line for ``kd play --help``)."""
        if name in self._factories:
            raise ConfigError(f"agent {name!r} registered twice")
        self._factories[name] = (factory, help)

    def names(self) -> list[str]:
        """The registered agent names, sorted."""
        return sorted(self._factories)

    def help(self, name: str) -> str:
        """The one-line help of agent ``name``."""
        return self._factories[name][1]

    def make(self, spec: str, rng: random.Random) -> Agent:
        """Build the agent named by ``spec`` (``name`` or ``name:key=value,key=value``)."""
        name, _, rest = spec.partition(":")
        entry = self._factories.get(name)
        if entry is None:
            raise ConfigError(f"unknown agent {name!r}; available: {', '.join(self.names())}")
        options: dict[str, str] = {}
        for item in filter(None, re.split(r"[;+]", rest)):
            key, eq, value = item.partition("=")
            if not eq:
                raise ConfigError(f"agent option {item!r} in {spec!r} should be key=value")
            options[key.strip()] = value.strip()
        return entry[0](options, rng)


@cache
def installed_agents() -> AgentRegistry:
    """Agents registered by every installed plugin, active in a ruleset or not
    (installing a bot package makes its bots available everywhere)."""
    from .plugins import default_catalogue, make_plugin_manager

    registry = AgentRegistry()
    pm = make_plugin_manager(default_catalogue().all())
    pm.hook.kd_register_agents(agents=registry)
    return registry
