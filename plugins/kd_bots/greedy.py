"""A player that takes the best immediate points.

Every action a decision offers is valued, whatever its class: a plugin may add
actions to any step (``rules.add_actions``) or replace a step's handler, so the
class of the first action says nothing about the others. The value of an action is
the acting kingdom's score right after it, computed by the ruleset's own scoring:

* a ``Place`` in the core's own ``place`` step, when no plugin reacts to
  placements, is tried on a copy of the kingdom (fast, same result);
* a ``Claim`` in the core's own ``claim`` step is valued by the best score its
  domino would give if placed now;
* any other action is played on a copy of the game; chance that follows is drawn
  with the bot's own generator, and if the same seat must then place a domino (a
  domino drawn instead of one given up), the best placement counts.

Ties: the placement touching more squares of its own terrain (keeps properties
growing), more crowns on a picked domino, then a random choice with the agent's
own generator (so a seed fixes the bot's play).

Hidden information (a plugin's ``Secret``) is never read: with a secret in play the
values are computed on a copy in which what the bot's seat may not see is dealt
again with its generator (``determinize``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kingdomino_core import Action, Claim, Engine, Game, Place, determinize
from kingdomino_core.engine.handlers import WithExtraActions
from kingdomino_core.engine.steps import ClaimHandler, PlaceHandler, legal_placements, put_domino
from kingdomino_core.engine.views import hides

#: How many chance steps are followed after an unknown action.
_FOLLOW = 8


class GreedyAgent:
    #: Chooses only from the engine's legal actions: runners skip re-checking its moves.
    legal_moves_only = True

    """The ``greedy`` player: the action with the best immediate points."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, game: Game) -> Action:
        """The best-valued legal action (ties broken with the agent's generator)."""
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        # What its seat may not see (a plugin's Secret) is dealt again at random first.
        seen = determinize(game, game.current_seat, self.rng) if hides(game) else game
        scored = list(zip(action_values(seen, actions, self.rng), actions, strict=True))
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v == best]
        return top[int(self.rng.random() * len(top))]


def core_step(engine: Engine, kind: str) -> bool:
    """Whether step ``kind`` is played by the core's own handler (possibly with extra
    actions beside it), so that the core's ``Place`` and ``Claim`` mean what they mean
    in the core. A plugin that wrapped or replaced the handler makes this false."""
    handler = engine.rules.handlers.get(kind)
    if isinstance(handler, WithExtraActions):
        handler = handler.inner
    return type(handler) in (PlaceHandler, ClaimHandler)


def action_values(
    game: Game, actions: Sequence[Action], rng: random.Random, depth: int = 0
) -> list[tuple[int, int]]:
    """Greedy's value of each action of the current decision: (points, tie-break).

    ``depth`` counts the unknown actions already followed (see :func:`after_value`).
    """
    engine = game.engine
    kind = game.pending[0].kind
    fast_place = (
        kind == "place"
        and not engine.hooks.implements("kd_after_place")
        and core_step(engine, "place")
    )
    fast_claim = kind == "claim" and core_step(engine, "claim")
    out: list[tuple[int, int]] = []
    for a in actions:
        if fast_place and type(a) is Place:
            out.append(place_value(game, a))
        elif fast_claim and type(a) is Claim:
            out.append(pick_value(game, a))
        else:
            out.append(after_value(game, a, rng, depth))
    return out


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


def place_value(game: Game, place: Place) -> tuple[int, int]:
    """Score of the kingdom with ``place`` put on it, and its touching tie-break."""
    return score_with(game, game.config.kingdom_of(place.seat), place)


def pick_value(game: Game, claim: Claim) -> tuple[int, int]:
    """The best score the claimed domino would give if placed now, and its crowns."""
    k = game.config.kingdom_of(claim.seat)
    best = max(
        (score_with(game, k, p)[0] for p in legal_placements(game, claim.seat, claim.domino)),
        default=game.score_total(k),
    )
    dom = game.domino(claim.domino)
    return best, dom.crowns_a + dom.crowns_b


def after_value(game: Game, action: Action, rng: random.Random, depth: int = 0) -> tuple[int, int]:
    """The acting kingdom's score after ``action``, played on a copy of the game.

    Chance that follows is drawn with ``rng`` (never the game's own generator), and
    when the same seat must then place a domino, its best placement is counted: an
    action that trades a domino for another is worth what the new one brings.
    """
    seat = game.current_seat
    assert seat is not None
    kingdom = game.config.kingdom_of(seat)
    trial = game.clone(log=False, rng=rng, check_hooks=False)
    trial.apply(action, check=False)
    for _ in range(_FOLLOW):
        step = trial.step
        if step is None:
            break
        if step.seat == -1:
            trial.resolve_chance()
            continue
        if step.seat == seat and step.kind == "place" and depth < 1:
            options = trial.legal_actions()
            return max(action_values(trial, options, rng, depth + 1))[0], 0
        break
    return trial.score_total(kingdom), 0
