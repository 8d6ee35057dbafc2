"""The origins plugin's per-game state (``game.ext["origins"]``) and kingdom layers.

Things on squares live in kingdom layers so they clone with the kingdom and show in
the kingdom text: fire tokens (``origins.fire``: cell -> fire), wooden resources
(``origins.resource``: cell -> resource) and cro-magnons (``origins.caveman``:
cell -> caveman id). A fire token's value is also added to the square's crowns, so
a region's crowns are its fire icons, printed plus tokens.

The rest of the table is here: resources on dominoes in the market, totem holders,
the cave, and ledgers that count every fire token and resource that left play, so
tests can prove that nothing appears or vanishes.
"""

from __future__ import annotations

from typing import Any

from kingdomino_core import DominoId, Kingdom

FIRE = "origins.fire"
RESOURCE = "origins.resource"
CAVEMAN = "origins.caveman"
#: The totems a kingdom holds, on its castle cell: a sorted tuple of resource names.
#: Mirrors ``OriginsState.totems`` (see ``totems.sync_layers``) so the kingdom text
#: format can write them and scoring reads them from the kingdom.
TOTEMS = "origins.totems"
STATE = "origins"


class OriginsState:
    """Mutable table state of one game; copied on ``Game.clone``."""

    __slots__ = (
        "cave_pile",
        "cave_visible",
        "cavemen_destroyed",
        "fire_discarded",
        "fire_taken",
        "market",
        "res_destroyed",
        "res_discarded",
        "res_laid",
        "res_spent",
        "totems",
    )

    def __init__(self) -> None:
        #: Resources on the dominoes of the market (both squares; None: no resource).
        self.market: dict[DominoId, tuple[str | None, str | None]] = {}
        #: Totem holder (kingdom index) by resource; None: in the middle.
        self.totems: dict[str, int | None] = {}
        #: Fire tokens by craters: taken from the supply, and discarded for want of
        #: a legal square.
        self.fire_taken: dict[int, int] = {}
        self.fire_discarded: dict[int, int] = {}
        #: Resources by type: put on a line, burnt, spent on recruits, discarded
        #: with their domino.
        self.res_laid: dict[str, int] = {}
        self.res_destroyed: dict[str, int] = {}
        self.res_spent: dict[str, int] = {}
        self.res_discarded: dict[str, int] = {}
        #: Tribe: the visible cro-magnons (at most 4) and the hidden pile as counts.
        #: The pile has no order: drawing from it is a chance step.
        self.cave_visible: list[str] = []
        self.cave_pile: dict[str, int] = {}
        self.cavemen_destroyed: dict[str, int] = {}

    def copy(self) -> OriginsState:
        s = OriginsState.__new__(OriginsState)
        s.market = dict(self.market)
        s.totems = dict(self.totems)
        s.fire_taken = dict(self.fire_taken)
        s.fire_discarded = dict(self.fire_discarded)
        s.res_laid = dict(self.res_laid)
        s.res_destroyed = dict(self.res_destroyed)
        s.res_spent = dict(self.res_spent)
        s.res_discarded = dict(self.res_discarded)
        s.cave_visible = list(self.cave_visible)
        s.cave_pile = dict(self.cave_pile)
        s.cavemen_destroyed = dict(self.cavemen_destroyed)
        return s

    def __repr__(self) -> str:
        fields = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"OriginsState({fields})"

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, OriginsState) and all(
            getattr(self, n) == getattr(other, n) for n in self.__slots__
        )

    __hash__ = None  # type: ignore[assignment]


def bump(counter: dict[Any, int], key: Any, n: int = 1) -> None:
    counter[key] = counter.get(key, 0) + n


def resource_counts(kingdom: Kingdom) -> dict[str, int]:
    """Wooden resources in a kingdom, by type."""
    out: dict[str, int] = {}
    layer = kingdom.layers.get(RESOURCE)
    if layer:
        for res in layer.values():
            out[res] = out.get(res, 0) + 1
    return out
