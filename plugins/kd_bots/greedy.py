"""A player that takes the best immediate points.

Placements and plugin decisions (purchases, fire throws, ...) are valued by the
acting kingdom's score right after the action, computed by the ruleset's own
scoring on a copy of the game. A pick is valued by the best score its domino would
give if placed now. Ties: more crowns on the domino, then a random choice with the
agent's own generator (so a seed fixes the bot's play).
"""

from __future__ import annotations

import random

from kingdomino_core import Action, Claim, Game
from kingdomino_core.core_steps import legal_placements, put_domino


class GreedyAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if isinstance(actions[0], Claim):
            scored: list[tuple[tuple[int, ...], Action]] = [
                (self._pick_value(game, a), a) for a in actions if isinstance(a, Claim)
            ]
        else:
            scored = [(self._after(game, a), a) for a in actions]
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v == best]
        return top[int(self.rng.random() * len(top))]

    @staticmethod
    def _after(game: Game, action: Action) -> tuple[int, ...]:
        seat = game.current_seat
        assert seat is not None
        k = game.config.kingdom_of(seat)
        trial = game.clone(log=False, seed=0)
        trial.apply(action, check=False)
        return (trial.score_sheet(k).total,)

    @staticmethod
    def _pick_value(game: Game, claim: Claim) -> tuple[int, ...]:
        k = game.config.kingdom_of(claim.seat)
        kingdom = game.kingdoms[k]
        dom = game.domino(claim.domino)
        best = -(10**9)
        for place in legal_placements(game, claim.seat, claim.domino):
            trial = kingdom.clone()
            board = trial.board
            x2, y2 = place.second
            put_domino(trial, dom, board.cell(place.x, place.y), board.cell(x2, y2))
            game.kingdoms[k] = trial
            try:
                best = max(best, game.score_sheet(k).total)
            finally:
                game.kingdoms[k] = kingdom
        if best == -(10**9):
            best = game.score_sheet(k).total
        crowns = dom.crowns_a + dom.crowns_b
        return (best, crowns)
