"""The compiled game loop: whole matches of the covered rulesets, one call per batch.

Everything here is numba ``@njit(cache=True)``: plain integer arrays, no Python
objects. It plays exactly what the Python engine plays for the same seeds
(``docs/fast.md``): the same chance stream (Python's Mersenne Twister, reimplemented
here bit for bit: ``random.Random(seed).random()``, one number per chance step), the
same decision stream numbers (passed in, computed from SHAKE-128 by the caller), the
same order of legal actions (directions E, S, W, N, then first squares row by row)
and the same choices of the ``random`` and ``greedy`` bots.

Kingdoms are arrays of ``W x W`` cells (``W = 2N - 1``, the castle in the middle),
cell ``row * W + col``: ascending cells are the engine's ascending bits, so the
order of placements is the same. Properties are kept as labelled regions, with
their squares, crowns and points maintained as squares are added, so that the
greedy bot values a placement in a few operations.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

# -- parameters (the ``params`` array, filled by kingdomino_fast.tables) --------------
P_SIZE = 0  # kingdom size N
P_WIDTH = 1  # board width W = 2N - 1
P_KINGDOMS = 2
P_PLAYERS = 3
P_KINGS = 4
P_LINE_SIZE = 5
P_LINES_TOTAL = 6
P_GAMES = 7
P_DECK = 8  # dominoes in the deck
P_MIDDLE_POINTS = 9  # 0: no Middle Kingdom
P_MIDDLE_HALF = 10  # half the frame; -1: the bonus can never be won
P_HARMONY_POINTS = 11  # 0: no Harmony
P_HARMONY_NO_DISCARD = 12
P_FIRST_BOX = 13  # 0: every line from the whole pile; 1 or 2: boxes alternate
P_MAX_MOVES = 14
N_PARAMS = 15

# -- what the log records, per move (kind, a, b, c, d) ----------------------------------
LOG_REVEAL = 0  # (0, domino)
LOG_DRAW_KING = 1  # (1, king)
LOG_CLAIM = 2  # (2, seat, king, domino)
LOG_PLACE = 3  # (3, seat, domino, first cell, direction 0-3 = E S W N)
LOG_DISCARD = 4  # (4, seat, domino)

#: ``njit`` options of a loop compiled without reference counting (numba's
#: ``_nrt=False``): a loop that allocates nothing (its work arrays are passed in) and
#: whose helpers are inlined, because numba otherwise counts a reference to every
#: array passed to a compiled function, which cost more than a step's or a
#: decision's work (``vector._step_slots``, ``loop._play_games``).
UNCOUNTED: dict[str, Any] = {"_nrt": False}

AGENT_RANDOM = 0
AGENT_GREEDY = 1

_MASK32 = 0xFFFFFFFF


# -- Python's Mersenne Twister (Modules/_randommodule.c), bit for bit -------------------


@njit(cache=True, inline="always")
def mt_init_genrand(mt: np.ndarray) -> None:
    """``init_genrand(19650218)`` into ``mt[:624]``: the state every seed starts from."""
    mt[0] = 19650218
    for i in range(1, 624):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK32


@njit(cache=True, inline="always")
def mt_temper(y: int) -> int:
    """The tempering of a state word into an output word (``genrand_uint32``)."""
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y


@njit(cache=True, inline="always")
def mt_double(a: int, b: int) -> float:
    """``random()`` from two output words: their top 27 and 26 bits, 53 in all."""
    return ((a >> 5) * 67108864.0 + (b >> 6)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def mt_seed(mt: np.ndarray, key: np.ndarray, keylen: int) -> None:
    """``random.Random(seed)``: ``init_by_array`` of the seed's 32-bit words."""
    mt_init_genrand(mt)
    i = 1
    j = 0
    for _ in range(max(624, keylen)):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK32
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= keylen:
            j = 0
    for _ in range(623):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK32
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000
    mt[624] = 624  # the position of the next word


@njit(cache=True)
def _mt_word(mt: np.ndarray) -> int:
    if mt[624] >= 624:
        for k in range(624):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % 624] & 0x7FFFFFFF)
            v = mt[(k + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[k] = v
        mt[624] = 0
    y = mt[mt[624]]
    mt[624] += 1
    return mt_temper(y)


@njit(cache=True)
def mt_random(mt: np.ndarray) -> float:
    """``random.Random.random()``: 53 bits from two words."""
    a = _mt_word(mt)
    return mt_double(a, _mt_word(mt))


# -- kingdoms ----------------------------------------------------------------------------
# kinfo columns
K_POINTS = 0  # points of the properties (bonuses not included)
K_SQUARES = 1
K_MINX = 2
K_MAXX = 3
K_MINY = 4
K_MAXY = 5
K_DISCARDS = 6
K_REGIONS = 7  # region ids handed out so far
K_CROWNED = 8  # squares with crowns listed (the batched env's lists, vector._place)


@njit(cache=True)
def kingdom_arrays(nk, terrains, width):
    """The arrays of ``nk`` kingdoms (see :func:`_reset_kingdoms`, which fills them):
    ``terr``, ``crw``, ``reg`` per cell; ``rsize``, ``rcrown``, ``rterr`` per region
    id; ``kinfo`` (``K_*`` columns); ``near`` per terrain (and empty cells) and row.
    The narrowest integers that hold them: a step touches fewer cache lines."""
    cells = width * width  # at most 13 x 13: cells, region ids and sizes fit 16 bits
    return (
        np.empty((nk, cells), np.int8),
        np.empty((nk, cells), np.int8),
        np.empty((nk, cells), np.int16),
        np.empty((nk, cells + 1), np.int16),
        np.empty((nk, cells + 1), np.int16),
        np.empty((nk, cells + 1), np.int8),
        np.zeros((nk, 9), np.int64),
        np.zeros((nk, terrains + 1, width), np.int16),  # a row's bits: width <= 13
    )


@njit(cache=True)
def _reset_kingdoms(terr, crw, reg, rsize, rcrown, rterr, kinfo, near, width):
    """Empty kingdoms. ``near[q, t, row]``: bit ``col`` set when that cell touches the
    castle or a square of terrain ``t``; ``near[q, -1, row]``: the empty cells."""
    reach = width // 2
    castle = reach * width + reach
    full = (1 << width) - 1
    near[:, :, :] = 0
    near[:, -1, :] = full
    near[:, -1, reach] = full & ~(1 << reach)
    for q in range(near.shape[0]):  # (loops: no temporary array, see vector._step_slots)
        for t in range(near.shape[1] - 1):
            near[q, t, reach] |= (1 << (reach - 1)) | (1 << (reach + 1))
            near[q, t, reach - 1] |= 1 << reach
            near[q, t, reach + 1] |= 1 << reach
    terr[:, :] = -1
    crw[:, :] = 0
    reg[:, :] = -1
    rsize[:, :] = 0
    rcrown[:, :] = 0
    rterr[:, :] = -1
    kinfo[:, :] = 0
    terr[:, castle] = -2


@njit(cache=True)
def _near_ids(terr_q, reg_q, width, cell, t, ids, n):
    """Add the region ids of ``cell``'s neighbours of terrain ``t`` to ``ids[:n]``."""
    row = cell // width
    col = cell - row * width
    for k in range(4):
        if k == 0:
            if col + 1 >= width:
                continue
            nb = cell + 1
        elif k == 1:
            if row + 1 >= width:
                continue
            nb = cell + width
        elif k == 2:
            if col == 0:
                continue
            nb = cell - 1
        else:
            if row == 0:
                continue
            nb = cell - width
        if terr_q[nb] == t:
            rid = reg_q[nb]
            seen = False
            for m in range(n):
                if ids[m] == rid:
                    seen = True
                    break
            if not seen:
                ids[n] = rid
                n += 1
    return n


@njit(cache=True)
def _touching(terr_q, width, cell, t):
    """How many of ``cell``'s neighbours are of terrain ``t`` (greedy's tie-break)."""
    row = cell // width
    col = cell - row * width
    n = 0
    if col + 1 < width and terr_q[cell + 1] == t:
        n += 1
    if row + 1 < width and terr_q[cell + width] == t:
        n += 1
    if col > 0 and terr_q[cell - 1] == t:
        n += 1
    if row > 0 and terr_q[cell - width] == t:
        n += 1
    return n


@njit(cache=True)
def _put(q, cell, t, cr, terr, crw, reg, rsize, rcrown, rterr, kinfo, near, scoring, width, ids):
    """Put one square on kingdom ``q`` and merge its property (``Kingdom.put``)."""
    terr[q, cell] = t
    crw[q, cell] = cr
    reach = width // 2
    row = cell // width
    col = cell - row * width
    x = col - reach
    y = row - reach
    bit = 1 << col
    near[q, -1, row] &= ~bit
    near[q, t, row] |= ((bit << 1) | (bit >> 1)) & ((1 << width) - 1)
    if row + 1 < width:
        near[q, t, row + 1] |= bit
    if row > 0:
        near[q, t, row - 1] |= bit
    if x < kinfo[q, K_MINX]:
        kinfo[q, K_MINX] = x
    elif x > kinfo[q, K_MAXX]:
        kinfo[q, K_MAXX] = x
    if y < kinfo[q, K_MINY]:
        kinfo[q, K_MINY] = y
    elif y > kinfo[q, K_MAXY]:
        kinfo[q, K_MAXY] = y
    kinfo[q, K_SQUARES] += 1
    n = _near_ids(terr[q], reg[q], width, cell, t, ids, 0)
    if n == 0:
        rid = kinfo[q, K_REGIONS]
        kinfo[q, K_REGIONS] += 1
        rterr[q, rid] = t
        rsize[q, rid] = 0
        rcrown[q, rid] = 0
    else:
        rid = ids[0]
    old = 0
    for m in range(n):
        old += rsize[q, ids[m]] * rcrown[q, ids[m]]
    for m in range(1, n):  # several properties become one
        other = ids[m]
        for c in range(width * width):
            if reg[q, c] == other:
                reg[q, c] = rid
        rsize[q, rid] += rsize[q, other]
        rcrown[q, rid] += rcrown[q, other]
        rsize[q, other] = 0
        rcrown[q, other] = 0
    reg[q, cell] = rid
    rsize[q, rid] += 1
    rcrown[q, rid] += cr
    if scoring[t]:
        kinfo[q, K_POINTS] += rsize[q, rid] * rcrown[q, rid] - old


@njit(cache=True)
def _bonus(q, minx, maxx, miny, maxy, squares, kinfo, params):
    points = 0
    mp = params[P_MIDDLE_POINTS]
    if mp:
        half = params[P_MIDDLE_HALF]
        if half >= 0 and max(max(-minx, maxx), max(-miny, maxy)) <= half:
            points += mp
    hp = params[P_HARMONY_POINTS]
    if hp:
        n = params[P_SIZE]
        if squares == n * n - 1 and not (params[P_HARMONY_NO_DISCARD] and kinfo[q, K_DISCARDS]):
            points += hp
    return points


@njit(cache=True)
def total_points(q, kinfo, params):
    """``Game.score_total`` of kingdom ``q``: properties and bonuses."""
    return kinfo[q, K_POINTS] + _bonus(
        q,
        kinfo[q, K_MINX],
        kinfo[q, K_MAXX],
        kinfo[q, K_MINY],
        kinfo[q, K_MAXY],
        kinfo[q, K_SQUARES],
        kinfo,
        params,
    )


@njit(cache=True)
def _score_after(q, c1, t1, r1, c2, t2, r2, terr, reg, rsize, rcrown, kinfo, scoring, params, ids):
    """The total of kingdom ``q`` with a domino's squares put on ``c1`` and ``c2``,
    without changing it (greedy's value of a placement)."""
    width = params[P_WIDTH]
    terr_q = terr[q]
    reg_q = reg[q]
    points = kinfo[q, K_POINTS]
    if t1 == t2:
        n = _near_ids(terr_q, reg_q, width, c1, t1, ids, 0)
        n = _near_ids(terr_q, reg_q, width, c2, t1, ids, n)
        if scoring[t1]:
            size = 2
            crowns = r1 + r2
            for m in range(n):
                points -= rsize[q, ids[m]] * rcrown[q, ids[m]]
                size += rsize[q, ids[m]]
                crowns += rcrown[q, ids[m]]
            points += size * crowns
    else:
        if scoring[t1]:
            n = _near_ids(terr_q, reg_q, width, c1, t1, ids, 0)
            size = 1
            crowns = r1
            for m in range(n):
                points -= rsize[q, ids[m]] * rcrown[q, ids[m]]
                size += rsize[q, ids[m]]
                crowns += rcrown[q, ids[m]]
            points += size * crowns
        if scoring[t2]:
            n = _near_ids(terr_q, reg_q, width, c2, t2, ids, 0)
            size = 1
            crowns = r2
            for m in range(n):
                points -= rsize[q, ids[m]] * rcrown[q, ids[m]]
                size += rsize[q, ids[m]]
                crowns += rcrown[q, ids[m]]
            points += size * crowns
    if params[P_MIDDLE_POINTS] or params[P_HARMONY_POINTS]:
        reach = width // 2
        minx, maxx = kinfo[q, K_MINX], kinfo[q, K_MAXX]
        miny, maxy = kinfo[q, K_MINY], kinfo[q, K_MAXY]
        for c in (c1, c2):
            row = c // width
            x = c - row * width - reach
            y = row - reach
            minx = min(minx, x)
            maxx = max(maxx, x)
            miny = min(miny, y)
            maxy = max(maxy, y)
        points += _bonus(q, minx, maxx, miny, maxy, kinfo[q, K_SQUARES] + 2, kinfo, params)
    return points


@njit(cache=True)
def placements(q, ta, tb, sym, terr, near, kinfo, params, out_cell, out_dir):
    """The legal placements of a domino in kingdom ``q``, in the engine's order
    (directions E, S, W, N; a symmetric domino only E, S; first squares ascending):
    within the size (both squares in the window), on empty squares, one of them
    touching the castle or its own terrain. Returns how many were written."""
    width = params[P_WIDTH]
    reach = width // 2
    near_a = near[q, ta]
    near_b = near[q, tb]
    # The window: squares that keep the kingdom within N x N (Kingdom.window).
    x_lo = max(kinfo[q, K_MAXX] - reach, -reach) + reach
    x_hi = min(kinfo[q, K_MINX] + reach, reach) + reach
    y_lo = max(kinfo[q, K_MAXY] - reach, -reach) + reach
    y_hi = min(kinfo[q, K_MINY] + reach, reach) + reach
    cols = ((1 << (x_hi + 1)) - 1) & ~((1 << x_lo) - 1)
    empty = near[q, -1]
    n = 0
    for d in range(2 if sym else 4):
        for row in range(y_lo, y_hi + 1):
            e = empty[row] & cols
            if d == 0:  # E: the second square at col + 1
                m = e & (e >> 1) & (near_a[row] | (near_b[row] >> 1))
            elif d == 2:  # W: col - 1
                m = e & (e << 1) & (near_a[row] | (near_b[row] << 1))
            else:
                row2 = row + 1 if d == 1 else row - 1
                if row2 < y_lo or row2 > y_hi:
                    continue
                m = e & empty[row2] & (near_a[row] | near_b[row2])
            m &= cols
            col = x_lo
            while m:
                if m >> col & 1:
                    out_cell[n] = row * width + col
                    out_dir[n] = d
                    n += 1
                    m &= ~(1 << col)
                col += 1
    return n


@njit(cache=True)
def second_cell(cell, d, width):
    """The cell of a domino's second square, from its first and its direction."""
    if d == 0:
        return cell + 1
    if d == 1:
        return cell + width
    if d == 2:
        return cell - 1
    return cell - width
