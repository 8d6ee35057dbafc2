"""A face-down pile with no order, turned up one item at a time by chance.

The Court's tiles, Origins' cave of cro-magnons and the quest tiles all lie in a
face-down pile that is shuffled whenever anyone looks through it. The pile is kept
as counts (which items, how many of each), never as an order, so a bot that clones
the game cannot read the next item: each item turned up is a chance step whose
outcomes are the items left, each with probability count / total. A seed still
fixes the whole game, and a save replays it, as for every draw.

A plugin subclasses :class:`RevealFromPile` (its step kind, its outcome action
class, where the pile is, where a turned-up item goes), registers it with
``rules.add_step_handler`` and queues its steps with :meth:`RevealFromPile.steps`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..engine.rules import StepHandler
from ..errors import IllegalActionError
from ..model.actions import Action, Step

if TYPE_CHECKING:
    from ..engine.game import Game


class RevealFromPile(StepHandler):
    """Chance: one item of a face-down pile is turned up (probability by count).

    Subclass it: set ``kind`` (the step kind), :attr:`action` and :attr:`field`,
    implement :meth:`counts` and :meth:`turn_up`, and word it with ``describe`` and
    ``describe_action`` as any handler. A refused outcome carries the step kind as
    its rule id.
    """

    chance = True
    #: The outcome's action class (a chance action, ``chance = True``).
    action: type[Action] = Action
    #: The field of :attr:`action` naming the item turned up (``"tile"``).
    field: str = "item"

    def counts(self, game: Game) -> Mapping[str, int]:
        """*Override*: the items face down, each with how many copies are left, in the
        order of the outcomes (a seed picks by that order: keep it fixed)."""
        raise NotImplementedError

    def turn_up(self, game: Game, item: str) -> None:
        """*Override*: take one ``item`` from the pile and show it (face up)."""
        raise NotImplementedError

    def steps(self, game: Game, wanted: int) -> list[Step]:
        """The chance steps turning up ``wanted`` items, fewer if the pile runs out."""
        n = min(wanted, sum(self.counts(game).values()))
        return [Step(kind=self.kind) for _ in range(n)]

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        counts = self.counts(game)
        total = sum(counts.values())
        make: Any = self.action  # the plugin's class, with the one field ``field``
        field = self.field
        return [(make(**{field: item}), n / total) for item, n in counts.items() if n]

    def check(self, game: Game, step: Step, action: Action) -> None:
        item = getattr(action, self.field, None) if isinstance(action, self.action) else None
        if item is None or not self.counts(game).get(item, 0):
            raise IllegalActionError(
                self.kind, f"{action.describe()} cannot happen: not in the pile"
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        self.turn_up(game, getattr(action, self.field))
