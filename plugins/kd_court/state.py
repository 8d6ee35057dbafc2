"""The Court's per-game state (``game.ext["court"]``) and the kingdom layers it uses.

Tokens and tiles on kingdom squares live in kingdom layers, so ``Kingdom.clone``
copies them: ``RESOURCE_LAYER`` maps a cell to its resource (``"wheat"``), and
``TILE_LAYER`` maps a cell to the tile type id on it (``"farmer"``).

The face-down pile is a sorted multiset of tile type ids, never an order: which
tile is revealed is decided by a chance step when it is revealed, so a bot cloning
the game cannot read the next tile.
"""

from __future__ import annotations

from kingdomino_core import DominoId
from kingdomino_core.mechanics import Tokens

RESOURCE_LAYER = "court.resource"
TILE_LAYER = "court.tile"

#: The resource tokens on the two squares of a domino (None: no token).


class CourtState:
    """Mutable, copied on ``game.clone()`` by :meth:`copy` (tuples are shared)."""

    __slots__ = ("bought", "laid_out", "on_dominoes", "pile", "spent", "visible")

    def __init__(self, pile: tuple[str, ...], resources: int) -> None:
        #: Face-up tiles, in the order they were revealed.
        self.visible: tuple[str, ...] = ()
        #: Face-down tiles, sorted (a multiset, not an order).
        self.pile: tuple[str, ...] = pile
        #: Tokens still on a domino outside any kingdom: on the market lines, on a
        #: discarded domino, or on a domino nobody picked. A placed domino's tokens
        #: move to its kingdom's layer.
        self.on_dominoes: dict[DominoId, Tokens] = {}
        #: Tokens put out so far and tokens spent, per resource (canonical order).
        self.laid_out: tuple[int, ...] = (0,) * resources
        self.spent: tuple[int, ...] = (0,) * resources
        #: Seat -> the round of its last purchase (for I-C4 ``per_round``).
        self.bought: dict[int, tuple[int, bool]] = {}

    def key(self) -> tuple[object, ...]:
        """Every field, comparable (``rules.add_state(..., key=CourtState.key)``): the
        testing kit compares states by it to prove an illegal action changed nothing."""
        return (
            self.visible,
            self.pile,
            sorted(self.on_dominoes.items()),
            self.laid_out,
            self.spent,
            sorted(self.bought.items()),
        )

    def __repr__(self) -> str:
        return (
            f"CourtState(visible={self.visible!r}, pile={self.pile!r}, "
            f"on_dominoes={sorted(self.on_dominoes.items())!r}, laid_out={self.laid_out!r}, "
            f"spent={self.spent!r}, bought={sorted(self.bought.items())!r})"
        )

    def copy(self) -> CourtState:
        other = CourtState.__new__(CourtState)
        other.visible = self.visible
        other.pile = self.pile
        other.on_dominoes = dict(self.on_dominoes)
        other.laid_out = self.laid_out
        other.spent = self.spent
        other.bought = dict(self.bought) if self.bought else {}
        return other


def bump(counts: tuple[int, ...], index: int, by: int = 1) -> tuple[int, ...]:
    """``counts`` with ``counts[index]`` increased by ``by``."""
    return (*counts[:index], counts[index] + by, *counts[index + 1 :])


def remove_one(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` without its first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]
