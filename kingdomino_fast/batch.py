"""Batches of seeded games through the kernel: seeds and decision streams in, scores,
places and (when asked) move logs out.

The numbers that depend only on a game's seed are prepared here with numpy: the
32-bit words ``random.Random(seed)`` is seeded with, and the game's decision stream
(SHAKE-128, :func:`kingdomino_play.decision_random.stream_numbers`' bytes, read as raw
64-bit words; the kernel keeps their 52 low bits, exactly the number minus 1).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np
from attrs import frozen

from kingdomino_core import Engine

from . import kernel as K
from .loop import play_batch
from .tables import AGENTS, Tables, tables
from .twister import chance_count, first_numbers

_TABLES: dict[int, tuple[Engine, Tables]] = {}


def tables_of(engine: Engine) -> Tables:
    """The kernel's arrays of ``engine``, made once per engine object."""
    found = _TABLES.get(id(engine))
    if found is None or found[0] is not engine:
        found = _TABLES[id(engine)] = (engine, tables(engine))
    return found[1]


@frozen(kw_only=True)
class Played:
    """A batch of games played by the kernel, per game ``g`` and kingdom ``k``."""

    #: Match totals (the total outside Dynasty), ``[g, k]``.
    totals: np.ndarray
    #: Places, 0 first, ties sharing a place, ``[g, k]``.
    places: np.ndarray
    #: Number of moves (log length), ``[g]``.
    moves: np.ndarray
    #: Every move ``[g, move, 5]`` (see ``kernel.LOG_*``), or None if not asked.
    logs: np.ndarray | None


def seed_words(seeds: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """The 32-bit words of each ``abs(seed)``, least significant first, as
    ``random.Random.seed`` takes them (``[0]`` for 0)."""
    counts = [max(1, (abs(s).bit_length() + 31) // 32) for s in seeds]
    width = max(counts, default=1)
    keys = np.zeros((len(seeds), width), np.int64)
    for g, s in enumerate(seeds):
        v = abs(s)
        for w in range(counts[g]):
            keys[g, w] = v & 0xFFFFFFFF
            v >>= 32
    return keys, np.array(counts, np.int64)


def decision_words(seeds: Sequence[int], count: int) -> np.ndarray:
    """The first ``count`` numbers of each game's decision stream, as raw words."""
    digest = b"".join(
        [hashlib.shake_128(b"kingdomino decisions %d" % s).digest(8 * count) for s in seeds]
    )
    return np.frombuffer(digest, dtype="<u8").reshape(len(seeds), count).astype(np.int64)


def play(
    engine: Engine,
    seeds: Sequence[int],
    specs: Sequence[Sequence[str]],
    *,
    logs: bool = False,
) -> Played:
    """Play game ``g`` with seed ``seeds[g]`` and agents ``specs[g]`` (one per seat),
    in one compiled call; with ``logs``, every move too (``Played.logs``). The same
    games as the Python engine's (``docs/fast.md``). ``RuntimeError`` if the kernel's
    guard fires (more moves or chance numbers than the rules allow: it cannot)."""
    t = tables_of(engine)
    n = len(seeds)
    max_moves = int(t.params[K.P_MAX_MOVES])
    keys, keylens = seed_words(seeds)
    streams = decision_words(seeds, max_moves)
    agents = np.array([[AGENTS[s] for s in row] for row in specs], np.int64).reshape(
        n, engine.config.players
    )
    kingdoms = int(t.params[K.P_KINGDOMS])
    totals = np.zeros((n, kingdoms), np.int64)
    places = np.zeros((n, kingdoms), np.int64)
    moves = np.zeros(n, np.int64)
    log_array = np.zeros((n, max_moves, 5) if logs else (1, 1, 5), np.int64)
    chance = first_numbers(keys, keylens, chance_count(t.params))
    play_batch(
        t.params, t.deck, t.order_key, t.box, t.scoring, t.king_owner, t.seat_kingdom,
        t.tiebreaks, t.dynasty_tiebreaks, chance, streams, agents, totals, places, log_array,
        moves,
    )  # fmt: skip
    if (moves < 0).any():  # the kernel's guard: it cannot fire (see play_batch)
        raise RuntimeError("the kernel ran past the moves or chance numbers of a game")
    return Played(totals=totals, places=places, moves=moves, logs=log_array if logs else None)
