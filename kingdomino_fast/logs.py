"""Move logs in the kernel's encoding, from either side, for comparisons.

A Python game's log (``Game.log``, actions) and a kernel game's log (rows of five
integers, ``kernel.LOG_*``) become the same tuples when both played the same game:
the differential tests and ``kd simulate --engine fast``'s checks compare these.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kingdomino_core import Claim, Discard, DrawKing, Engine, Place, Reveal
from kingdomino_core.model.geometry import DIRECTIONS

from . import kernel as K
from .tables import Tables


def python_log(engine: Engine, t: Tables, log: list[Any]) -> list[tuple[int, ...]]:
    """A Python game's log as kernel rows (``ValueError`` for an action the kernel
    never plays)."""
    index = {d: i for i, d in enumerate(t.ids)}
    width = 2 * engine.config.kingdom_size - 1
    reach = width // 2
    out: list[tuple[int, ...]] = []
    for a in log:
        if type(a) is Reveal:
            out.append((K.LOG_REVEAL, index[a.domino], 0, 0, 0))
        elif type(a) is DrawKing:
            out.append((K.LOG_DRAW_KING, a.king, 0, 0, 0))
        elif type(a) is Claim:
            out.append((K.LOG_CLAIM, a.seat, a.king, index[a.domino], 0))
        elif type(a) is Place:
            cell = (a.y + reach) * width + (a.x + reach)
            out.append((K.LOG_PLACE, a.seat, index[a.domino], cell, DIRECTIONS.index(a.direction)))
        elif type(a) is Discard:
            out.append((K.LOG_DISCARD, a.seat, index[a.domino], 0, 0))
        else:
            raise ValueError(f"the kernel never plays {a!r}")
    return out


def kernel_log(logs: np.ndarray, moves: np.ndarray, g: int) -> list[tuple[int, ...]]:
    """Game ``g``'s kernel log as tuples."""
    return [tuple(int(v) for v in row) for row in logs[g, : int(moves[g])]]
