"""House rule "redraw": once per game, give up the domino you are to place and draw
another.

A new decision inside the core's ``place`` step, shipped as a single file:
``redraw.toml`` beside it names it in ``plugin_files``.

The rule, as we play it:

* Once per game, a player about to place a domino may give it up instead: it is
  discarded (it counts as that player's discard, so it loses Harmony) and the
  player draws a domino at random from those not yet drawn, and places that one (or
  discards it, if it fits nowhere, as usual).
* Only dominoes the game will not need are drawn this way: the redraw is offered
  while the pile holds more dominoes than the lines still to lay out need. With 2
  or 3 players the base game leaves dominoes in the box, so the redraw is there all
  game; with 4 players the whole box is dealt and it never is.
* The drawn domino is chance, like any draw: a seed fixes it, a save replays it.

Hooks and API used: ``kd_register_components`` (the two action classes),
``kd_register_rules``: ``rules.add_actions("place", ...)`` (an extra choice in the
core's place step, an ``ExtraActions``), ``rules.add_step_handler`` (a chance step
for the draw), ``rules.add_state`` (who has used the redraw);
``game.discard`` (the one discard path) and ``game.insert_steps``.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from kingdomino_core import (
    Action,
    DominoId,
    ExtraActions,
    Game,
    IllegalActionError,
    Registry,
    RuleBook,
    Step,
    StepHandler,
    hookimpl,
)

NAME = "redraw"
HOOK_API = 1
REQUIRES = ("base",)
DRAW = "redraw.draw"  # the chance step drawing the new domino


@frozen(kw_only=True, slots=True)
class GiveUp(Action):
    """Give up ``domino`` (discarded) and draw another to place instead."""

    kind: ClassVar[str] = "redraw.give_up"
    #: The seat giving up its domino.
    seat: int
    #: The domino given up: the one the place step names.
    domino: DominoId

    def describe(self) -> str:
        return f"give up {self.domino} and draw another (once per game)"


@frozen(kw_only=True, slots=True)
class Redraw(Action):
    """Chance: ``domino`` is drawn to replace the one given up."""

    kind: ClassVar[str] = "redraw.draw"
    chance: ClassVar[bool] = True
    #: The domino drawn.
    domino: DominoId

    def describe(self) -> str:
        return f"draw {self.domino} instead"


@frozen(kw_only=True, slots=True)
class Redrawing:
    """Payload of the ``redraw.draw`` step: who places the domino drawn."""

    #: The seat that gave up its domino.
    seat: int


def spare(game: Game) -> int:
    """Dominoes in the pile beyond what the lines still to lay out need."""
    config = game.config
    return len(game.pile) - (config.lines_total - game.lines_drawn) * config.line_size


class GiveUpOffer(ExtraActions):
    """The redraw, offered in the place step to a seat that has not used it."""

    id = "redraw.give_up"
    action_types = (GiveUp,)

    def actions(self, game: Game, step: Step) -> list[Action]:
        if step.domino is None or step.seat in game.ext[NAME] or spare(game) <= 0:
            return []
        return [GiveUp(seat=step.seat, domino=step.domino)]

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, GiveUp)
        game.discard(action.domino, seat=action.seat)
        game.ext[NAME] = game.ext[NAME] | {action.seat}
        # Next: draw the new domino (chance), whose handler then queues its place step.
        game.insert_steps([Step(kind=DRAW, king=step.king, data=Redrawing(seat=action.seat))])


class DrawHandler(StepHandler):
    """The chance step: any undrawn domino, uniformly; then its place step."""

    kind = DRAW
    chance = True

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        p = 1.0 / len(game.pile)
        return [(Redraw(domino=d), p) for d in game.pile]

    def sample(self, game: Game, step: Step, r: float) -> Action:
        return Redraw(domino=game.pile[int(r * len(game.pile))])

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Redraw) or action.domino not in game.pile:
            raise IllegalActionError("redraw.draw", f"{action.describe()} cannot be drawn now")

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, Redraw)
        game.pile.remove(action.domino)  # drawn: out of the pile (which stays sorted)
        seat = step.payload(Redrawing).seat
        game.insert_steps([Step(kind="place", seat=seat, king=step.king, domino=action.domino)])


@hookimpl
def kd_register_components(registry: Registry) -> None:
    registry.add_action(GiveUp)
    registry.add_action(Redraw)


@hookimpl
def kd_register_rules(rules: RuleBook) -> None:
    rules.add_state(NAME, frozenset)  # seats that used it: a frozenset, shared on clone
    rules.add_actions("place", GiveUpOffer())
    rules.add_step_handler(DrawHandler())
