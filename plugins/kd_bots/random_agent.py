"""A player that picks uniformly among the legal actions."""

from __future__ import annotations

import random

from kingdomino_core import Action, Game


class RandomAgent:
    #: Chooses only from the engine's legal actions: runners skip re-checking its moves.
    legal_moves_only = True

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: Game) -> Action:
        # Same choice as legal_actions()[int(r * n)], without building the list.
        return game.sample_action(self.rng.random())
