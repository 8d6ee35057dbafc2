"""Actions and steps: what a player (or chance) does, and what the game waits for.

Actions are frozen values; a game log stores them by value, never as indices into a
legal-action list (indices shift when a plugin changes). Every action class has a
unique ``kind`` such as ``"place"`` or ``"court.buy"``; plugins register their own
action classes with :meth:`Registry.add_action`.
"""

from __future__ import annotations

from typing import Any, ClassVar

from attrs import frozen

from .components import DominoId
from .geometry import Direction

#: The ``seat`` of a chance step.
CHANCE = -1


@frozen(kw_only=True, slots=True)
class Action:
    """Base class of every action. Subclasses set ``kind`` and add fields."""

    kind: ClassVar[str] = ""
    #: True for outcomes of chance (draws), false for players' decisions.
    chance: ClassVar[bool] = False

    def describe(self) -> str:
        """A short human description; plugins override it for their actions."""
        return self.kind


@frozen(kw_only=True, slots=True)
class Place(Action):
    """Place ``domino``: its first square at ``(x, y)``, its second one step ``direction``."""

    kind: ClassVar[str] = "place"
    seat: int
    domino: DominoId
    x: int
    y: int
    direction: Direction

    @property
    def second(self) -> tuple[int, int]:
        return self.x + self.direction.dx, self.y + self.direction.dy

    def describe(self) -> str:
        return f"place {self.domino} at {self.x},{self.y} {self.direction.name}"


@frozen(kw_only=True, slots=True)
class Discard(Action):
    """Discard ``domino`` because it fits nowhere (never a free choice in the base game)."""

    kind: ClassVar[str] = "discard"
    seat: int
    domino: DominoId

    def describe(self) -> str:
        return f"discard {self.domino}"


@frozen(kw_only=True, slots=True)
class Claim(Action):
    """Put ``king`` on ``domino`` of the line being picked from."""

    kind: ClassVar[str] = "claim"
    seat: int
    king: int
    domino: DominoId

    def describe(self) -> str:
        return f"king {self.king} takes {self.domino}"


@frozen(kw_only=True, slots=True)
class Pass(Action):
    """Decline an optional decision (a purchase, a recruit, ...)."""

    kind: ClassVar[str] = "pass"
    seat: int

    def describe(self) -> str:
        return "pass"


@frozen(kw_only=True, slots=True)
class Reveal(Action):
    """Chance: ``domino`` is drawn from the pile for the line being laid out."""

    kind: ClassVar[str] = "reveal"
    chance: ClassVar[bool] = True
    domino: DominoId

    def describe(self) -> str:
        return f"draw {self.domino}"


@frozen(kw_only=True, slots=True)
class DrawKing(Action):
    """Chance: ``king`` is drawn to be placed next on the first line."""

    kind: ClassVar[str] = "draw_king"
    chance: ClassVar[bool] = True
    king: int

    def describe(self) -> str:
        return f"king {self.king} drawn"


CORE_ACTIONS: tuple[type[Action], ...] = (Place, Discard, Claim, Pass, Reveal, DrawKing)


@frozen(kw_only=True, slots=True)
class Step:
    """One thing the game waits for: a decision by ``seat`` or a chance event.

    ``kind`` names the :class:`~kingdomino_core.rules.StepHandler` that lists the
    legal actions and applies them; ``data`` is the handler's own payload.
    """

    kind: str
    seat: int = CHANCE
    king: int = -1
    domino: DominoId | None = None
    data: Any = None
