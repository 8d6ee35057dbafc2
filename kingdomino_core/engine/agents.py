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
from typing import Protocol

from ..errors import ConfigError, PluginHookError
from ..hooks.plugins import Catalogue, default_catalogue, make_plugin_manager
from ..hooks.table import HookTable
from ..model.actions import Action
from .game import Game


class Agent(Protocol):
    """Anything that picks an action for the current decision of a game."""

    def act(self, game: Game) -> Action:
        """The action to play for ``game.step``: one of ``game.legal_actions()``."""
        ...


#: Makes an agent from its options (``"mcts:time=1.0+playouts=50"`` gives
#: ``{"time": "1.0", "playouts": "50"}``)
#: and a private random generator. Draw every random number from that generator:
#: ``kd`` gives each decision its own numbers, a function of (game seed, seat,
#: move), so a game replays, resumes and undoes exactly (the first ``random()`` of a
#: decision is the cheapest; ``kingdomino_play.decision_random`` has the details).
AgentFactory = Callable[[Mapping[str, str], random.Random], Agent]


class AgentRegistry:
    """Agents by name, filled by the ``kd_register_agents`` hook.

    A registry made by :meth:`from_catalogue` loads plugins lazily: asking for an
    agent loads plugins one at a time (the built-in ``bots`` first) until one
    registers that name, so a broken installed plugin that no game asks for never
    stops a game. Plugins that fail to load or to register are remembered in
    :attr:`broken` and named when an agent cannot be found.
    """

    def __init__(self) -> None:
        self._factories: dict[str, tuple[AgentFactory, str]] = {}
        #: Plugins not asked yet: (plugin name, function registering its agents here).
        self._pending: list[tuple[str, Callable[[AgentRegistry], None]]] = []
        #: Plugins whose agents could not be registered, with the reason.
        self.broken: dict[str, str] = {}

    @classmethod
    def from_catalogue(cls, catalogue: Catalogue) -> AgentRegistry:
        """The agents of every plugin of ``catalogue``, loaded when first needed."""
        registry = cls()
        names = catalogue.names()
        order = [n for n in ("bots",) if n in names] + [n for n in names if n != "bots"]
        for name in order:
            registry._pending.append((name, _registrar(catalogue, name)))
        return registry

    def add(self, name: str, factory: AgentFactory, help: str = "") -> None:
        """Register ``factory`` under ``name`` (``help``: one line for ``kd play --help``)."""
        if name in self._factories:
            raise ConfigError(f"agent {name!r} registered twice")
        self._factories[name] = (factory, help)

    def registered(self, name: str) -> bool:
        """Whether ``name`` is registered already (loads no plugin)."""
        return name in self._factories

    def _load_next(self) -> None:
        plugin, register = self._pending.pop(0)
        try:
            register(self)
        except Exception as exc:
            # the hook table names the plugin already: keep what it raised
            cause = exc.__cause__ if isinstance(exc, PluginHookError) else None
            shown = cause if cause is not None else exc
            self.broken[plugin] = f"{type(shown).__name__}: {shown}"

    def _find(self, name: str) -> tuple[AgentFactory, str] | None:
        while name not in self._factories and self._pending:
            self._load_next()
        return self._factories.get(name)

    def names(self) -> list[str]:
        """Every registered agent name, sorted (loads every plugin not loaded yet)."""
        while self._pending:
            self._load_next()
        return sorted(self._factories)

    def help(self, name: str) -> str:
        """The one-line help of agent ``name``."""
        found = self._find(name)
        if found is None:
            raise ConfigError(f"unknown agent {name!r}")
        return found[1]

    def make(self, spec: str, rng: random.Random) -> Agent:
        """Build the agent named by ``spec`` (``name`` or ``name:key=value,key=value``)."""
        name, _, rest = spec.partition(":")
        entry = self._find(name)
        if entry is None:
            message = f"unknown agent {name!r}; available: {', '.join(self.names())}"
            if self.broken:
                message += "; plugins that could not register agents: " + "; ".join(
                    f"{p} ({why})" for p, why in sorted(self.broken.items())
                )
            raise ConfigError(message)
        options: dict[str, str] = {}
        for item in filter(None, re.split(r"[;+]", rest)):
            key, eq, value = item.partition("=")
            if not eq:
                raise ConfigError(f"agent option {item!r} in {spec!r} should be key=value")
            options[key.strip()] = value.strip()
        return entry[0](options, rng)


def _registrar(catalogue: Catalogue, plugin: str) -> Callable[[AgentRegistry], None]:
    """Loads ``plugin`` alone and calls its ``kd_register_agents``, if it has one."""

    def register(registry: AgentRegistry) -> None:
        info = catalogue.get(plugin)
        if "kd_register_agents" not in info.hooks():
            return
        HookTable(make_plugin_manager([info])).kd_register_agents(agents=registry)

    return register


@cache
def installed_agents() -> AgentRegistry:
    """Agents registered by every installed plugin, active in a ruleset or not
    (installing a bot package makes its bots available everywhere). Plugins are
    loaded lazily, by the agent names asked for (see :class:`AgentRegistry`)."""
    return AgentRegistry.from_catalogue(default_catalogue())
