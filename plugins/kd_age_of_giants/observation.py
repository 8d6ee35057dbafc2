"""What learning agents observe of Age of Giants (``kingdomino_core.engine.encoding``; docs/rl.md).

In registration order, after the core's and the quests' parts:

* ``age_of_giants.giants``: giants standing on kingdom squares (one plane, the
  number of giants on each square; the crowns they cover are already missing from
  the kingdoms' crown planes);
* ``age_of_giants.received`` (only with I-G5 ``send_received_giants = false``): the
  giants received from opponents, which may not be sent on (one plane);
* ``age_of_giants.supply``: giants in the supply, then giants on their way to an
  opponent.

Not observed, and why: ``AogState.market_discards`` (the dominoes discarded from
the last line before anyone chose: out of the game, like every domino no one
placed) and ``AogState.dismissed`` (a count for displays).
"""

from __future__ import annotations

from kd_quests.api import GIANTS_LAYER

from kingdomino_core import Engine, Game, Registry
from kingdomino_core.engine.encoding import LayerPlanes, StateEncoder

from .giants import RECEIVED_LAYER, state
from .options import AgeOfGiantsOptions


class Supply(StateEncoder):
    """Giants in the supply, then giants travelling to an opponent."""

    def size(self, engine: Engine) -> int:
        return 2

    def encode(self, game: Game, seat: int) -> list[float]:
        st = state(game)
        return [float(st.supply), float(st.travelling)]


def register_observations(registry: Registry, options: AgeOfGiantsOptions) -> None:
    """Declare Age of Giants' parts of learning agents' observations (module docstring)."""
    registry.add_observation("age_of_giants.giants", LayerPlanes(GIANTS_LAYER))
    if not options.send_received_giants:
        registry.add_observation("age_of_giants.received", LayerPlanes(RECEIVED_LAYER))
    registry.add_observation("age_of_giants.supply", Supply())
