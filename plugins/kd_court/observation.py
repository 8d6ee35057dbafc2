"""What learning agents observe of the Court (``kingdomino_core.engine.encoding``; docs/rl.md).

In registration order, after the core's parts:

* ``court.resources``: resource tokens on kingdom squares, a plane per resource;
* ``court.tiles``: buildings and characters on kingdom squares, a plane per tile type;
* ``court.board``: the face-up tiles per type, then the number left face down;
* ``court.line_tokens``: the tokens lying on each domino of the lines, per slot two
  squares x one-hot resource (they go to the kingdom that places the domino);
* ``court.supply`` (only with I-C5 ``spent_tokens = "discard"``, where the supply
  can run out): the tokens of each resource still in the supply.

Not observed, and why: ``CourtState.spent`` (a ledger; what it changes is the
supply above) and ``CourtState.bought`` (it only decides whether a purchase is
offered, which the action mask shows).
"""

from __future__ import annotations

from kingdomino_core import DominoId, Engine, Game, Registry
from kingdomino_core.engine.encoding import LayerPlanes, LineDominoes, StateEncoder

from .options import CourtOptions
from .state import RESOURCE_LAYER, TILE_LAYER, CourtState
from .tiles import CourtData

NAME = "court"


class CourtBoard(StateEncoder):
    """The court board as numbers: face-up tiles per type, then tiles left face down."""

    def __init__(self, types: list[str]) -> None:
        self.types = types
        self._index = {t: i for i, t in enumerate(types)}

    def size(self, engine: Engine) -> int:
        return len(self.types) + 1

    def encode(self, game: Game, seat: int) -> list[float]:
        state: CourtState = game.ext[NAME]
        out = [0.0] * (len(self.types) + 1)
        for tile in state.visible:
            out[self._index[tile]] += 1.0
        out[-1] = float(len(state.pile))
        return out


class TokenSupply(StateEncoder):
    """Tokens of each resource left in a finite supply (I-C5 ``discard``)."""

    def __init__(self, data: CourtData) -> None:
        self.counts = [data.token_counts[r] for r in data.resources]

    def size(self, engine: Engine) -> int:
        return len(self.counts)

    def encode(self, game: Game, seat: int) -> list[float]:
        state: CourtState = game.ext[NAME]
        return [float(n - laid) for n, laid in zip(self.counts, state.laid_out, strict=True)]


def line_tokens(data: CourtData) -> LineDominoes:
    """The tokens on each domino of the lines: per square, one-hot over resources."""
    resources = data.resources
    index = {r: i for i, r in enumerate(resources)}
    n = len(resources)

    def values(game: Game, domino: DominoId) -> list[float]:
        out = [0.0] * (2 * n)
        tokens = game.ext[NAME].on_dominoes.get(domino)
        if tokens is not None:
            for square, resource in enumerate(tokens):
                if resource is not None:
                    out[square * n + index[resource]] = 1.0
        return out

    return LineDominoes(2 * n, values)


def register_observations(registry: Registry, data: CourtData, options: CourtOptions) -> None:
    """Declare the Court's parts of learning agents' observations (module docstring)."""
    types = sorted(data.tiles)
    registry.add_observation("court.resources", LayerPlanes(RESOURCE_LAYER, data.resources))
    registry.add_observation("court.tiles", LayerPlanes(TILE_LAYER, types))
    registry.add_observation("court.board", CourtBoard(types))
    registry.add_observation("court.line_tokens", line_tokens(data))
    if options.spent_tokens == "discard":
        registry.add_observation("court.supply", TokenSupply(data))
