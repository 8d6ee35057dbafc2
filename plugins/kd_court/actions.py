"""The Court's actions. Registered with ``Registry.add_action`` so logs round-trip.

A purchase is split in small decisions so each legal-action list stays exact and
short (``docs/plugins/court.md``, "The purchase decision"):

1. ``BuyTile``: which tile (visible or from the pile) and the square it goes on;
   a resource token on that square is paid with it.
2. ``PayToken``, once per remaining resource: which token pays (any square of the
   kingdom, a kind not paid yet).
"""

from __future__ import annotations

from typing import ClassVar, Literal

from attrs import frozen

from kingdomino_core import Action, IllegalActionError

Source = Literal["visible", "pile"]


@frozen(kw_only=True, slots=True)
class BuyTile(Action):
    """Buy ``tile`` from ``source`` and put it on square ``(x, y)`` of the kingdom."""

    kind: ClassVar[str] = "court.buy"
    seat: int
    source: Source
    tile: str
    x: int
    y: int

    def describe(self) -> str:
        return f"buy {self.tile} ({self.source}) onto {self.x},{self.y}"


@frozen(kw_only=True, slots=True)
class PayToken(Action):
    """Pay the ``resource`` token on square ``(x, y)`` of the kingdom."""

    kind: ClassVar[str] = "court.pay"
    seat: int
    resource: str
    x: int
    y: int

    def describe(self) -> str:
        return f"pay {self.resource} from {self.x},{self.y}"


@frozen(kw_only=True, slots=True)
class RevealTile(Action):
    """Chance: ``tile`` is turned face up from the pile onto the court board."""

    kind: ClassVar[str] = "court.reveal"
    chance: ClassVar[bool] = True
    tile: str

    def describe(self) -> str:
        return f"court tile revealed: {self.tile}"


ACTIONS: tuple[type[Action], ...] = (BuyTile, PayToken, RevealTile)

#: The fields of each decision and their types (``int`` means a whole number, never a bool).
_FIELDS: dict[type[Action], tuple[tuple[str, type], ...]] = {
    BuyTile: (("seat", int), ("source", str), ("tile", str), ("x", int), ("y", int)),
    PayToken: (("seat", int), ("resource", str), ("x", int), ("y", int)),
}


def check_fields(action: BuyTile | PayToken) -> None:
    """Refuse a mistyped field (bad input never crashes, and ``True`` is not square 1).

    Actions built in Python carry whatever they were given; the core refuses such
    placements the same way (``core.action``).
    """
    bad = [
        f"{name} {getattr(action, name)!r} (expected {'a whole number' if t is int else 'a name'})"
        for name, t in _FIELDS[type(action)]
        if not isinstance(getattr(action, name), t) or isinstance(getattr(action, name), bool)
    ]
    if bad:
        raise IllegalActionError("court.action", f"bad {action.kind} action: " + ", ".join(bad))
