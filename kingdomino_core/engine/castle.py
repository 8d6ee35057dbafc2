"""The castle as a decision: kingdoms that start without their castle.

In every published game the castle starts each kingdom. A house rule may start
kingdoms empty instead (``GameConfig.castle_at_start = False``) and ask each seat
where its castle goes, at a moment of its choosing: it inserts a ``place_castle``
step (``Step(kind="place_castle", seat=s)``, with ``Game.insert_steps``), e.g. after
the seat's first domino. The engine registers this handler and the
:class:`~kingdomino_core.model.actions.PlaceCastle` action only in such games.

Where the castle may go: an empty square orthogonally next to the kingdom, within
its shape (``Kingdom.castle_squares``). Placing it moves the kingdom so that the
castle is ``0,0``, as in every other game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from ..model.actions import Action, PlaceCastle, Step
from .handlers import StepHandler
from .words import seat_name

if TYPE_CHECKING:  # handlers receive the game they run in (the game uses them)
    from .game import Game
    from .rules import RuleBook

#: The step kind of the castle decision.
PLACE_CASTLE = "place_castle"


def register(rules: RuleBook) -> None:
    """Register the castle's handler (the engine does, when kingdoms start without one)."""
    rules.add_step_handler(CastleHandler())


class CastleHandler(StepHandler):
    """``place_castle``: the seat of the step chooses its castle's square."""

    kind = PLACE_CASTLE

    def describe(self, game: Game, step: Step) -> str:
        if not game.kingdom_of(step.seat).occupied:
            return "Place your castle: it starts your kingdom, at 0 0"
        return (
            "Place your castle at x y: on an empty square next to your kingdom (its first "
            "domino started at 0 0); the castle becomes 0 0"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, PlaceCastle):
            return f"castle at {action.x},{action.y}"
        return action.describe()

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        out: list[Action] = []
        for cell in board.cells_of(kingdom.castle_squares()):
            x, y = board.xy(cell)
            out.append(PlaceCastle(seat=step.seat, x=x, y=y))
        return out

    def sample_action(self, game: Game, step: Step, r: float) -> Action:
        actions = self.legal_actions(game, step)
        return actions[int(r * len(actions))]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, PlaceCastle):
            raise IllegalActionError(
                "core.step", f"expected the castle's square, not {action.describe()}"
            )
        if action.seat != step.seat:
            raise IllegalActionError(
                "core.turn", f"it is {seat_name(step.seat)}'s turn, not {seat_name(action.seat)}'s"
            )
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        if board.on_board(action.x, action.y) and (
            kingdom.castle_squares() >> board.cell(action.x, action.y) & 1
        ):
            return
        raise IllegalActionError(
            "core.castle",
            f"the castle cannot go on {action.x},{action.y}: it goes on an empty square next "
            f"to the kingdom, which must still fit in {board.shape_words}",
        )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, PlaceCastle)
        kingdom = game.kingdom_of(step.seat)
        kingdom.place_castle(kingdom.board.cell(action.x, action.y))
