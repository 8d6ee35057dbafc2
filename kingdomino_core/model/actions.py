"""Actions and steps: what a player (or chance) does, and what the game waits for.

Actions are frozen values; a game log stores them by value, never as indices into a
legal-action list (indices shift when a plugin changes). Every action class has a
unique ``kind`` such as ``"place"`` or ``"court.buy"``; plugins register their own
action classes with :meth:`Registry.add_action`.
"""

from __future__ import annotations

import types
import typing
from typing import Any, ClassVar, TypeVar

import attrs
from attrs import frozen

from ..errors import IllegalActionError
from .components import DominoId
from .geometry import Direction

#: The ``seat`` of a chance step.
CHANCE = -1

_Payload = TypeVar("_Payload")


@frozen(kw_only=True, slots=True)
class Action:
    """Base class of every action. Subclasses set ``kind`` and add fields."""

    #: Unique name of the action class (``"place"``, ``"court.buy"``): saves and the
    #: JSON output store it, and ``Registry.add_action`` refuses a duplicate.
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
    #: The seat placing (its kingdom is ``game.kingdom_of(seat)``).
    seat: int
    #: The domino placed: the one the step names.
    domino: DominoId
    #: Castle-relative column of the domino's first (printed left) half; east is +1.
    x: int
    #: Castle-relative row of the first half; south is +1 (as text rows go down).
    y: int
    #: Where the second half lies from the first.
    direction: Direction

    @property
    def second(self) -> tuple[int, int]:
        """Castle-relative square of the domino's second half."""
        dx, dy = self.direction._value_  # what .dx and .dy read, without their calls
        return self.x + dx, self.y + dy

    def describe(self) -> str:
        return f"place {self.domino} at {self.x},{self.y} {self.direction.name}"


@frozen(kw_only=True, slots=True)
class Discard(Action):
    """Discard ``domino`` because it fits nowhere (never a free choice in the base game)."""

    kind: ClassVar[str] = "discard"
    #: The seat discarding.
    seat: int
    #: The domino discarded (it counts in ``Kingdom.discards``).
    domino: DominoId

    def describe(self) -> str:
        return f"discard {self.domino}"


@frozen(kw_only=True, slots=True)
class Claim(Action):
    """Put ``king`` on ``domino`` of the line being picked from (``game.next_line``).

    The claim decides what the seat places next round and, in the base game, the
    order of play: kings act in the order of their dominoes in the line.
    """

    kind: ClassVar[str] = "claim"
    #: The seat claiming (the owner of ``king``).
    seat: int
    #: The king put on the domino (kings are numbered 0 .. ``config.kings - 1``).
    king: int
    #: The domino claimed, one of ``game.next_line`` with no king on it yet.
    domino: DominoId

    def describe(self) -> str:
        return f"king {self.king} takes {self.domino}"


@frozen(kw_only=True, slots=True)
class Pass(Action):
    """Decline an optional decision (a purchase, a recruit, ...)."""

    kind: ClassVar[str] = "pass"
    #: The seat passing.
    seat: int

    def describe(self) -> str:
        return "pass"


@frozen(kw_only=True, slots=True)
class Reveal(Action):
    """Chance: ``domino`` is drawn from the pile for the line being laid out."""

    kind: ClassVar[str] = "reveal"
    chance: ClassVar[bool] = True
    #: The domino drawn.
    domino: DominoId

    def describe(self) -> str:
        return f"draw {self.domino}"


@frozen(kw_only=True, slots=True)
class DrawKing(Action):
    """Chance: ``king`` is drawn to be placed next on the first line."""

    kind: ClassVar[str] = "draw_king"
    chance: ClassVar[bool] = True
    #: The king drawn.
    king: int

    def describe(self) -> str:
        return f"king {self.king} drawn"


@frozen(kw_only=True, slots=True)
class PlaceCastle(Action):
    """Put ``seat``'s castle on square ``(x, y)``: the decision of a game whose kingdoms
    start without their castle (``GameConfig.castle_at_start``). ``(x, y)`` are the
    kingdom's coordinates before the castle: its first domino starts at ``0,0``.
    Once placed, the castle is ``0,0`` and every square's coordinates follow it."""

    kind: ClassVar[str] = "place_castle"
    #: The seat placing its kingdom's castle.
    seat: int
    #: Column of the castle's square, in the kingdom's coordinates before it.
    x: int
    #: Row of the castle's square, in the kingdom's coordinates before it.
    y: int

    def describe(self) -> str:
        return f"castle at {self.x},{self.y}"


CORE_ACTIONS: tuple[type[Action], ...] = (Place, Discard, Claim, Pass, Reveal, DrawKing)


@frozen(kw_only=True, slots=True)
class Step:
    """One thing the game waits for: a decision by ``seat`` or a chance event.

    ``kind`` names the :class:`~kingdomino_core.engine.rules.StepHandler` that lists the
    legal actions and applies them; ``data`` is the handler's own payload.

    Give each kind of step that needs one a payload class of its own, a frozen attrs
    value (``Payment(owed=2, paid=("wheat",))``), and read it with :meth:`payload`:
    fields by name, typed for mypy, never a tuple unpacked by position.
    """

    #: The name of the step's handler (``"place"``, ``"claim"``, ``"court.buy"``).
    kind: str
    #: The seat to decide, or ``CHANCE`` for a draw.
    seat: int = CHANCE
    #: The king acting (-1 when none: chance, a seat-wide decision).
    king: int = -1
    #: The domino concerned (the one to place), if any.
    domino: DominoId | None = None
    #: The handler's own payload (a frozen value: steps are shared between clones);
    #: read it with :meth:`payload`.
    data: Any = None

    def payload(self, cls: type[_Payload]) -> _Payload:
        """``data`` as a ``cls`` (the step kind's payload class), typed for the caller.

        Raises ``TypeError`` naming the step kind when ``data`` is anything else: a
        step queued with the wrong payload is a plugin bug, reported where it is read.
        """
        data = self.data
        if isinstance(data, cls):
            return data
        raise TypeError(
            f"step {self.kind!r} carries {data!r}, not the {cls.__name__} its handler reads"
        )


_FIELD_TYPES: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_types(cls: type[Action]) -> tuple[tuple[str, Any], ...]:
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = _FIELD_TYPES[cls] = tuple((f.name, hints.get(f.name)) for f in attrs.fields(cls))
    return found


def _fits(value: Any, kind: Any) -> bool | None:
    """Whether ``value`` has type ``kind`` exactly (True is not an int); None: can't tell."""
    if kind in (int, str, bool):
        return type(value) is kind
    if typing.get_origin(kind) is typing.Literal:
        return any(type(value) is type(v) and value == v for v in typing.get_args(kind))
    if kind is float:
        return type(value) in (int, float)
    if isinstance(kind, type):
        return isinstance(value, kind)
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        answers = [_fits(value, k) for k in typing.get_args(kind)]
        return True if any(answers) else (None if None in answers else False)
    return None


_QUICK: dict[type, Any] = {}


def _quick_check(cls: type[Action]) -> Any:
    """A fast yes/no version of ``field_problems`` for one action class (it runs for
    every checked action): exact-type fields, then class fields, then the rest."""
    found = _QUICK.get(cls)
    if found is not None:
        return found
    exact, classes, other = [], [], []
    for name, kind in _field_types(cls):
        if kind in (int, str, bool):
            exact.append((name, kind))
        elif isinstance(kind, type) and kind is not float:
            classes.append((name, kind))
        else:
            other.append((name, kind))

    def check(action: Action) -> bool:
        for name, kind in exact:
            if type(getattr(action, name)) is not kind:
                return False
        for name, kind in classes:
            if not isinstance(getattr(action, name), kind):
                return False
        return not other or all(
            _fits(getattr(action, name), kind) is not False for name, kind in other
        )

    _QUICK[cls] = check
    return check


_NAMES = {int: "a whole number", str: "a name", bool: "true or false", float: "a number"}


def _expected(kind: Any) -> str:
    if kind in _NAMES:
        return _NAMES[kind]
    if typing.get_origin(kind) is typing.Literal:
        return "one of " + ", ".join(repr(v) for v in typing.get_args(kind))
    if typing.get_origin(kind) in (typing.Union, types.UnionType):
        return " or ".join(_expected(k) for k in typing.get_args(kind) if k is not type(None))
    return getattr(kind, "__name__", str(kind))


def field_problems(action: object) -> list[str]:
    """Fields of ``action`` whose values do not have their declared types.

    Actions typed by hand or read from a file must not slip through as something
    else (``seat=True`` taken for seat 1, ``x=0.6`` for 0); this checks the simple
    declared types of every action class, plugins' included.
    """
    if not isinstance(action, Action):
        return [f"{action!r} is not an action"]
    if _quick_check(type(action))(action):
        return []
    found = []
    for name, kind in _field_types(type(action)):
        value = getattr(action, name)
        if kind is type(None) and value is None:
            continue
        if _fits(value, kind) is False:
            found.append(f"{name} {value!r} (expected {_expected(kind)})")
    return found


def require_action(action: object) -> None:
    """Bad input (a string, None, ``seat=True``) is an illegal action, not a crash."""
    if not isinstance(action, Action):
        raise IllegalActionError(
            "core.action", f"expected an action (Place, Claim, ...), not {action!r}"
        )
    bad = field_problems(action)
    if bad:
        raise IllegalActionError("core.action", f"malformed {action.kind}: " + ", ".join(bad))
