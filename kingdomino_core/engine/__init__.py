"""Running games: the ``Engine`` (a ruleset compiled for a player count), the
``Game`` it makes, its configuration and registry, the rule book and the core steps
(reveal, draw a king, place, claim), agents, encodings for learning programs and
decisions in words.

``kingdomino_core.engine`` was a module before the core had sub-packages; what it
defined is re-exported here, so ``from kingdomino_core.engine import Engine`` works.
"""

from .engine import Engine, Hooks, structure_options

__all__ = ["Engine", "Hooks", "structure_options"]
