"""What learning agents observe of Origins (``kingdomino_core.engine.encoding``; docs/rl.md).

In registration order, after the core's parts:

* ``origins.fire``: fire tokens on kingdom squares (one plane, the token's fire);
* ``origins.resources``: wooden resources on kingdom squares, a plane per resource;
* ``origins.cavemen`` (Tribe): cro-magnons on kingdom squares, a plane per kind;
* ``origins.line_resources`` (Totem, Tribe): the resources lying on each domino of
  the lines, per slot two squares x one-hot resource;
* ``origins.totems`` (Totem): per totem (mammoth, fish, mushroom, flint) who holds
  it, one-hot over the middle then the kingdoms in the observer's order;
* ``origins.cave`` (Tribe): the visible cro-magnons per kind, then the face-down
  pile per kind (what a player counting the tiles knows; never its order).

Not observed, and why: the ledgers of fire tokens and resources that left play
(``fire_taken``, ``res_spent``, ...: they exist for tests), and the totems' copy on
the holders' castles (``origins.totems`` layer: the same as the totems above).
"""

from __future__ import annotations

from kingdomino_core import DominoId, Engine, Game, Registry
from kingdomino_core.engine.encoding import LayerPlanes, LineDominoes, StateEncoder

from .data import RESOURCES, cavemen
from .options import OriginsOptions
from .state import CAVEMAN, FIRE, RESOURCE, STATE, OriginsState


class Totems(StateEncoder):
    """Who holds each totem: per resource, one-hot over (middle, kingdoms from the
    observer's own)."""

    def size(self, engine: Engine) -> int:
        return len(RESOURCES) * (1 + engine.config.kingdoms)

    def encode(self, game: Game, seat: int) -> list[float]:
        state: OriginsState = game.ext[STATE]
        count = len(game.kingdoms)
        own = game.config.kingdom_of(seat)
        out = [0.0] * (len(RESOURCES) * (1 + count))
        for i, resource in enumerate(RESOURCES):
            holder = state.totems.get(resource)
            column = 0 if holder is None else 1 + (holder - own) % count
            out[i * (1 + count) + column] = 1.0
        return out


class Cave(StateEncoder):
    """The cave: visible cro-magnons per kind, then the face-down pile per kind."""

    def __init__(self) -> None:
        self.kinds = tuple(cavemen())
        self._index = {k: i for i, k in enumerate(self.kinds)}

    def size(self, engine: Engine) -> int:
        return 2 * len(self.kinds)

    def encode(self, game: Game, seat: int) -> list[float]:
        state: OriginsState = game.ext[STATE]
        n = len(self.kinds)
        out = [0.0] * (2 * n)
        for kind in state.cave_visible:
            out[self._index[kind]] += 1.0
        for kind, left in state.cave_pile.items():
            out[n + self._index[kind]] = float(left)
        return out


def _line_resources(game: Game, domino: DominoId) -> list[float]:
    n = len(RESOURCES)
    out = [0.0] * (2 * n)
    pieces = game.ext[STATE].market.get(domino)
    if pieces is not None:
        for square, resource in enumerate(pieces):
            if resource is not None:
                out[square * n + RESOURCES.index(resource)] = 1.0
    return out


def register_observations(registry: Registry, options: OriginsOptions) -> None:
    """Declare Origins' parts of learning agents' observations (module docstring)."""
    registry.add_observation("origins.fire", LayerPlanes(FIRE))
    registry.add_observation("origins.resources", LayerPlanes(RESOURCE, RESOURCES))
    if options.mode == "tribe":
        registry.add_observation("origins.cavemen", LayerPlanes(CAVEMAN, tuple(cavemen())))
    if options.mode in ("totem", "tribe"):
        registry.add_observation(
            "origins.line_resources", LineDominoes(2 * len(RESOURCES), _line_resources)
        )
    if options.mode == "totem":
        registry.add_observation("origins.totems", Totems())
    if options.mode == "tribe":
        registry.add_observation("origins.cave", Cave())
