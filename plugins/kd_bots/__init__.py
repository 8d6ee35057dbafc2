"""The built-in players: ``random``, ``greedy`` and ``mcts``.

Both play any ruleset through the engine's legal actions, plugin decisions included,
and score with the ruleset's own scoring.
"""

from __future__ import annotations

from kingdomino_core import AgentRegistry, hookimpl

from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent

NAME = "bots"
HOOK_API = 1


@hookimpl
def kd_register_agents(agents: AgentRegistry) -> None:
    agents.add("random", lambda options, rng: RandomAgent(rng), "uniformly random legal actions")
    agents.add(
        "greedy",
        lambda options, rng: GreedyAgent(rng),
        "best immediate points for each placement, pick and extra decision",
    )
    agents.add(
        "mcts",
        MctsAgent.from_options,
        "flat Monte Carlo (UCB1) with greedy-biased playouts; "
        "options: time=seconds per move, playouts=N, c=exploration, sample=N",
    )
