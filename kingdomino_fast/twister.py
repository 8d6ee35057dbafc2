"""The first numbers of many seeds' Mersenne Twisters at once, bit for bit.

``random.Random(seed).random()`` is what the engine's chance draws (one number per
chance step). Seeding a Twister (``init_by_array``) is a chain of about 1,900
dependent multiplications, several microseconds: done one seed at a time at the
start of each match, it cost the batched environment about 8% of a 2-player
match's steps, and each slot then kept a 5 KB generator for a few dozen numbers.

:func:`first_numbers` seeds :data:`LANES` generators side by side, so that the
processor overlaps (and vectorises) their chains, and returns the first numbers of
each: a match draws a known, bounded count of chance numbers
(:func:`chance_count`), so the batched environment reads them from a short row
instead of keeping a generator per slot. ``tests/fast`` checks the numbers against
``random.Random`` itself.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernel import (
    P_GAMES,
    P_KINGS,
    P_LINE_SIZE,
    P_LINES_TOTAL,
    mt_double,
    mt_init_genrand,
    mt_random,
    mt_seed,
    mt_temper,
)

#: Generators seeded side by side.
LANES = 16
_N = 624
_MASK32 = 0xFFFFFFFF


def chance_count(params: np.ndarray) -> int:
    """The most chance numbers a match of ``params`` can draw: in each game, a king
    drawn per king (the first line's order) and at most a line's size of reveals
    for each line laid out (``kingdomino_fast.steps.auto_step``)."""
    per_game = int(params[P_KINGS]) + int(params[P_LINES_TOTAL]) * int(params[P_LINE_SIZE])
    return int(params[P_GAMES]) * per_game


@njit(cache=True)
def _start_state(mt, init, keys, rows, lens):
    """``init_by_array`` of each lane's key words (all at most 624 of them)."""
    lanes = mt.shape[1]
    for i in range(_N):
        for lane in range(lanes):
            mt[i, lane] = init[i]
    j = np.zeros(lanes, np.int64)
    i = 1
    for _ in range(_N):
        for lane in range(lanes):
            prev = mt[i - 1, lane]
            jl = j[lane]
            mt[i, lane] = (
                (mt[i, lane] ^ ((prev ^ (prev >> 30)) * 1664525)) + keys[rows[lane], jl] + jl
            ) & _MASK32
            jl += 1
            j[lane] = 0 if jl >= lens[lane] else jl
        i += 1
        if i >= _N:
            for lane in range(lanes):
                mt[0, lane] = mt[_N - 1, lane]
            i = 1
    for _ in range(_N - 1):
        for lane in range(lanes):
            prev = mt[i - 1, lane]
            mt[i, lane] = ((mt[i, lane] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= _N:
            for lane in range(lanes):
                mt[0, lane] = mt[_N - 1, lane]
            i = 1
    for lane in range(lanes):
        mt[0, lane] = 0x80000000


@njit(cache=True)
def _twist(mt):
    """The next 624 words of every lane (``genrand_uint32``'s refill)."""
    lanes = mt.shape[1]
    for k in range(_N):
        k1 = k + 1 if k + 1 < _N else 0
        k397 = k + 397 if k + 397 < _N else k + 397 - _N
        for lane in range(lanes):
            y = (mt[k, lane] & 0x80000000) | (mt[k1, lane] & 0x7FFFFFFF)
            v = mt[k397, lane] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[k, lane] = v


@njit(cache=True)
def first_numbers(keys: np.ndarray, keylens: np.ndarray, count: int) -> np.ndarray:
    """``[random.Random(seed).random() for _ in range(count)]`` for each row's seed,
    given as ``batch.seed_words`` gives it (``keys[r, :keylens[r]]``), as a
    ``(rows, count)`` array."""
    rows = keys.shape[0]
    out = np.empty((rows, count), np.float64)
    init = np.empty(_N, np.int64)  # the same for every seed
    mt_init_genrand(init)
    mt = np.empty((_N, LANES), np.int64)
    lane_rows = np.zeros(LANES, np.int64)
    lens = np.ones(LANES, np.int64)
    words = np.empty((2, LANES), np.int64)
    one = np.zeros(_N + 1, np.int64)
    for start in range(0, rows, LANES):
        n = min(LANES, rows - start)
        for lane in range(LANES):
            r = start + min(lane, n - 1)  # spare lanes repeat the last row
            lane_rows[lane] = r
            lens[lane] = max(1, min(keylens[r], _N))
        _start_state(mt, init, keys, lane_rows, lens)
        pos = _N
        for m in range(count):
            for half in range(2):
                if pos >= _N:
                    _twist(mt)
                    pos = 0
                for lane in range(LANES):
                    words[half, lane] = mt_temper(mt[pos, lane])
                pos += 1
            for lane in range(n):
                out[start + lane, m] = mt_double(words[0, lane], words[1, lane])
        for lane in range(n):  # a key longer than a generator's state: one at a time
            r = start + lane
            if keylens[r] > _N:
                mt_seed(one, keys[r], keylens[r])
                for m in range(count):
                    out[r, m] = mt_random(one)
    return out
