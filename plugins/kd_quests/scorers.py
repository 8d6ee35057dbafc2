"""The quest conditions as small pure functions of a kingdom (docs/rules/age-of-giants.md).

Each function reads only the kingdom (its squares, crowns, properties and
discards) and returns a count: matching squares, matching corners, counted lines,
qualifying properties, or 1/0 for a quest met once. Points per unit come from
``data/quests.csv``; :mod:`kd_quests.quests` pairs each quest with its function.

Crowns are the crowns still showing: a crown covered by a giant (Age of Giants)
has already been taken off the square's count, so it counts as no crown (I-G7; the
Bleak King's official clarification). ``crowned`` lets a ruleset read it otherwise.

Frames (I-G9): a quest about the corners or the centre of the kingdom looks at
every ``frame x frame`` square that holds every square of the kingdom and scores
the best one; the frame is the kingdom size (5 or 7) unless a ruleset says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from kingdomino_core import Board, Kingdom


def frames(kingdom: Kingdom, frame: int) -> Iterator[tuple[int, int]]:
    """Top-left corners ``(x0, y0)`` of every ``frame x frame`` square holding the kingdom."""
    for y0 in range(kingdom.maxy - frame + 1, kingdom.miny + 1):
        for x0 in range(kingdom.maxx - frame + 1, kingdom.minx + 1):
            yield x0, y0


@cache
def around_castle(board: Board) -> int:
    """Mask of the 8 squares around the castle (orthogonal and diagonal)."""
    mask = 0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and board.on_board(dx, dy):
                mask |= 1 << board.cell(dx, dy)
    return mask


@cache
def frame_corners(board: Board, x0: int, y0: int, frame: int) -> int:
    """Mask of the corner squares of the frame whose top-left square is ``(x0, y0)``."""
    x1, y1 = x0 + frame - 1, y0 + frame - 1
    mask = 0
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        if board.on_board(x, y):
            mask |= 1 << board.cell(x, y)
    return mask


def local_business(kingdom: Kingdom, terrain: int) -> int:
    """Local Business: squares of ``terrain`` among the 8 around the castle."""
    return (kingdom.terrain_masks[terrain] & around_castle(kingdom.board)).bit_count()


def four_corners(kingdom: Kingdom, terrain: int, frame: int) -> int:
    """The Four Corners: corners of ``terrain``, in the best frame holding the kingdom.

    A frame corner with no square counts nothing (I-G9).
    """
    board = kingdom.board
    mask = kingdom.terrain_masks[terrain]
    best = 0
    if mask:
        for x0, y0 in frames(kingdom, frame):
            best = max(best, (mask & frame_corners(board, x0, y0, frame)).bit_count())
    return best


def harmony(kingdom: Kingdom) -> int:
    """Harmony: 1 when the kingdom fills its square and none of its dominoes was discarded."""
    n = kingdom.board.size
    return int(kingdom.squares == n * n - 1 and not kingdom.discards)


def middle_kingdom(kingdom: Kingdom, frame: int) -> int:
    """The Middle Kingdom: 1 when the castle is the centre of a frame holding the kingdom.

    The kingdom need not be complete (I-G9).
    """
    if frame % 2 == 0:
        return 0
    half = (frame - 1) // 2
    return int(max(-kingdom.minx, kingdom.maxx, -kingdom.miny, kingdom.maxy) <= half)


def lost_corner(kingdom: Kingdom, frame: int) -> int:
    """The Lost Corner: 1 when the castle is a corner of a frame holding the kingdom.

    Equivalently (I-G9): the castle is a corner of the kingdom's bounding box and the
    kingdom fits in the frame.
    """
    width, height = kingdom.extent
    if width > frame or height > frame:
        return 0
    return int(0 in (kingdom.minx, kingdom.maxx) and 0 in (kingdom.miny, kingdom.maxy))


def crowned_mask(kingdom: Kingdom) -> int:
    """Mask of the squares showing at least one crown."""
    mask = 0
    for plane in kingdom.planes:
        mask |= plane
    return mask


def folie_des_grandeurs(kingdom: Kingdom, crowned: int | None = None) -> int:
    """La Folie des Grandeurs: lines of 3 adjacent crowned squares.

    Rows, columns and both diagonals; terrains may differ. Two counted lines share
    at most one square, so a straight run of ``n`` crowned squares holds
    ``(n - 1) // 2`` lines (3 or 4: one, 5 or 6: two); lines in different
    directions may cross on one square. ``crowned`` defaults to the squares still
    showing a crown (I-G7).
    """
    mask = crowned_mask(kingdom) if crowned is None else crowned
    stride = kingdom.board.stride
    total = 0
    for step in (1, stride, stride + 1, stride - 1):
        if not mask & (mask >> step) & (mask >> 2 * step):
            continue  # no three crowned squares in a row this way
        # Run starts: crowned squares whose predecessor in this direction is not.
        starts = mask & ~(mask << step)
        while starts:
            low = starts & -starts
            starts ^= low
            length = 0
            bit = low
            while mask & bit:
                length += 1
                bit <<= step
            total += (length - 1) // 2
    return total


def bleak_king(kingdom: Kingdom, terrains: frozenset[int], min_squares: int = 5) -> int:
    """The Bleak King: crownless properties of ``terrains`` with at least ``min_squares``.

    A property counts once however large (I-G10); a covered crown counts as none.
    """
    return sum(
        1
        for terrain, mask in kingdom.regions
        if terrain in terrains and mask.bit_count() >= min_squares and not kingdom.crowns_in(mask)
    )
