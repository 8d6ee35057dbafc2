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

from kingdomino_core import Action
from kingdomino_core.i18n import package_translation

_ = package_translation("kd_court")

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
        return _("buy {tile} ({source}) onto {x},{y}").format(
            tile=self.tile, source=self.source, x=self.x, y=self.y
        )


@frozen(kw_only=True, slots=True)
class PayToken(Action):
    """Pay the ``resource`` token on square ``(x, y)`` of the kingdom."""

    kind: ClassVar[str] = "court.pay"
    seat: int
    resource: str
    x: int
    y: int

    def describe(self) -> str:
        return _("pay {resource} from {x},{y}").format(resource=self.resource, x=self.x, y=self.y)


@frozen(kw_only=True, slots=True)
class RevealTile(Action):
    """Chance: ``tile`` is turned face up from the pile onto the court board."""

    kind: ClassVar[str] = "court.reveal"
    chance: ClassVar[bool] = True
    tile: str

    def describe(self) -> str:
        return _("court tile revealed: {tile}").format(tile=self.tile)


ACTIONS: tuple[type[Action], ...] = (BuyTile, PayToken, RevealTile)
