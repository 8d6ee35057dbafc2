"""The built-in players: ``random``, ``greedy`` and ``mcts``.

Both play any ruleset through the engine's legal actions, plugin decisions included,
and score with the ruleset's own scoring.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from kingdomino_core import AgentRegistry, ConfigError, hookimpl
from kingdomino_core.i18n import package_translation

from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent

_ = package_translation("kd_bots")  # its catalogs: kd_bots/locales

NAME = "bots"
HOOK_API = 1


def _no_options(name: str, options: Mapping[str, str]) -> None:
    """``greedy`` and ``random`` take no options: a typo must not pass unnoticed."""
    if options:
        raise ConfigError(f"agent {name!r} takes no options, got {', '.join(sorted(options))}")


def _random(options: Mapping[str, str], rng: random.Random) -> RandomAgent:
    _no_options("random", options)
    return RandomAgent(rng)


def _greedy(options: Mapping[str, str], rng: random.Random) -> GreedyAgent:
    _no_options("greedy", options)
    return GreedyAgent(rng)


@hookimpl
def kd_register_agents(agents: AgentRegistry) -> None:
    agents.add(
        "random",
        _random,
        "uniformly random legal actions",
    )
    agents.add(
        "greedy",
        _greedy,
        "best immediate points for each placement, pick and extra decision",
    )
    agents.add(
        "mcts",
        MctsAgent.from_options,
        "flat Monte Carlo (UCB1) with greedy-biased playouts; "
        "options: playouts=N, cpu=CPU seconds or time=wall seconds per move, "
        "c=exploration, sample=N, width=N, policy=auto|greedy|sample",
    )
