"""A player that takes the best immediate points.

Placements and plugin decisions (purchases, fire throws, ...) are valued by the
acting kingdom's score right after the action, computed by the ruleset's own
scoring. A pick is valued by the best score its domino would give if placed now.
Ties: the placement touching more squares of its own terrain (keeps properties
growing), more crowns on a picked domino, then a random choice with the agent's
own generator (so a seed fixes the bot's play).
"""

from __future__ import annotations

import random

from kingdomino_core import Action, Claim, Game, Place
from kingdomino_core.core_steps import legal_placements, put_domino


class GreedyAgent:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: Game) -> Action:
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        scored: list[tuple[tuple[int, ...], Action]]
        if isinstance(actions[0], Claim):
            scored = [(pick_value(game, a), a) for a in actions if isinstance(a, Claim)]
        elif (
            isinstance(actions[0], Place) and "kd_after_place" not in game.engine.hooks.implemented
        ):
            # No plugin reacts to placements: trying the domino on a copy of the
            # kingdom gives the same score as playing it on a copy of the game.
            scored = [(place_value(game, a), a) for a in actions if isinstance(a, Place)]
        else:
            scored = [(after_value(game, a, self.rng), a) for a in actions]
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v == best]
        return top[int(self.rng.random() * len(top))]


def score_with(game: Game, kingdom_index: int, place: Place) -> tuple[int, int]:
    """Score of the kingdom with ``place`` put on it, and how many same-terrain
    neighbours the domino's squares gain (the tie-break)."""
    kingdom = game.kingdoms[kingdom_index]
    dom = game.domino(place.domino)
    board = kingdom.board
    x2, y2 = place.second
    first, second = board.cell(place.x, place.y), board.cell(x2, y2)
    masks = kingdom.terrain_masks
    touching = (board.neighbours[first] & masks[dom.terrain_a]).bit_count() + (
        board.neighbours[second] & masks[dom.terrain_b]
    ).bit_count()
    trial = kingdom.clone()
    put_domino(trial, dom, first, second)
    game.kingdoms[kingdom_index] = trial
    try:
        return game.score_total(kingdom_index), touching
    finally:
        game.kingdoms[kingdom_index] = kingdom


def place_value(game: Game, place: Place) -> tuple[int, ...]:
    return score_with(game, game.config.kingdom_of(place.seat), place)


def pick_value(game: Game, claim: Claim) -> tuple[int, ...]:
    k = game.config.kingdom_of(claim.seat)
    best = max(
        (score_with(game, k, p)[0] for p in legal_placements(game, claim.seat, claim.domino)),
        default=game.score_total(k),
    )
    dom = game.domino(claim.domino)
    return best, dom.crowns_a + dom.crowns_b


def after_value(game: Game, action: Action, rng: random.Random) -> tuple[int, ...]:
    """The acting kingdom's score after ``action``, played on a copy of the game."""
    seat = game.current_seat
    assert seat is not None
    trial = game.clone(log=False, rng=rng)
    trial.apply(action, check=False)
    return (trial.score_total(game.config.kingdom_of(seat)),)
