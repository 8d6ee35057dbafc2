"""Running games: the ``Engine`` (a ruleset compiled for a player count), the
``Game`` it makes, its configuration and registry, the rule book and the core steps
(reveal, draw a king, place, claim), agents, encodings for learning programs and
decisions in words.
"""

from .engine import Engine, structure_options

__all__ = ["Engine", "structure_options"]
