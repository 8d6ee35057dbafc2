"""Board geometry: castle-relative coordinates mapped onto bit masks.

A kingdom of size ``N`` (5 for 5x5) may extend ``N-1`` squares from its castle in
every direction, so its squares live on a ``(2N-1) x (2N-1)`` board centred on the
castle. Each board square is one bit of a Python ``int``; a set of squares is a mask.
Rows are ``stride = 2N`` bits wide: the extra bit is an always-empty guard column
so that shifting a mask east or west never wraps onto the next row.

Coordinates: ``x`` grows east (right), ``y`` grows south (down, like the text
format's rows); the castle is ``(0, 0)``.
"""

from __future__ import annotations

import enum
from functools import cache


class Direction(enum.Enum):
    """Where a domino's second square lies relative to its first.

    The order is E, S, W, N (``DIRECTIONS``), everywhere: legal-action lists, logs
    and bots' tie-breaks list placements in it, so it is part of what a seed fixes.
    """

    #: East: the second square to the right (x + 1).
    E = (1, 0)
    #: South: the second square below (y + 1).
    S = (0, 1)
    #: West: the second square to the left (x - 1).
    W = (-1, 0)
    #: North: the second square above (y - 1).
    N = (0, -1)

    @property
    def dx(self) -> int:
        """Column step from the first square to the second."""
        return self.value[0]

    @property
    def dy(self) -> int:
        """Row step from the first square to the second."""
        return self.value[1]

    @classmethod
    def parse(cls, text: str) -> Direction:
        """Read a direction: ``E``/``S``/``W``/``N`` or ``R``/``D``/``L``/``U``, any case."""
        key = text.strip().upper()[:1]
        aliases = {"R": "E", "D": "S", "L": "W", "U": "N"}
        return cls[aliases.get(key, key)]


#: Canonical order of directions everywhere (legal-action lists, logs).
DIRECTIONS: tuple[Direction, ...] = (Direction.E, Direction.S, Direction.W, Direction.N)


class Board:
    """Precomputed masks and tables for kingdoms of one size. Shared: only its caches change."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"kingdom size must be at least 1, not {size}")
        #: The kingdom size (5 for 5x5).
        self.size = size
        #: How far a square may lie from the castle in each direction (``size - 1``).
        self.reach = size - 1
        #: Squares per row and column of the board (``2 * size - 1``).
        self.width = 2 * size - 1
        #: Bits per row: ``width`` plus an always-empty guard bit.
        self.stride = self.width + 1
        #: Bit indices in use (guard bits included): masks are below ``1 << cells``.
        self.cells = self.width * self.stride
        valid = 0
        for j in range(self.width):
            for i in range(self.width):
                valid |= 1 << (j * self.stride + i)
        #: Mask of every real square of the board (no guard bit).
        self.valid = valid
        #: The castle's bit index (square ``(0, 0)``).
        self.castle = self.cell(0, 0)
        #: Mask of the orthogonal neighbours of each cell, by cell.
        self.neighbours = tuple(self.dilate(1 << c) for c in range(self.cells))
        #: Bit offset from a domino's first square to its second, per direction.
        self.delta = {d: d.dx + d.dy * self.stride for d in DIRECTIONS}
        #: ``(direction, delta)`` pairs in canonical order, and the two that suffice
        #: for a domino whose halves are identical.
        self.steps = tuple((d, self.delta[d]) for d in DIRECTIONS)
        #: The first two of ``steps`` (E, S): enough for a domino with identical halves.
        self.symmetric_steps = self.steps[:2]
        cols = [0] * self.width
        rows = [0] * self.width
        for j in range(self.width):
            for i in range(self.width):
                bit = 1 << (j * self.stride + i)
                cols[i] |= bit
                rows[j] |= bit
        self._cols = cols
        self._rows = rows
        self._windows: dict[tuple[int, int, int, int], int] = {}

    def cell(self, x: int, y: int) -> int:
        """Bit index of castle-relative square ``(x, y)``."""
        return (y + self.reach) * self.stride + (x + self.reach)

    def xy(self, cell: int) -> tuple[int, int]:
        """Castle-relative ``(x, y)`` of a bit index."""
        j, i = divmod(cell, self.stride)
        return i - self.reach, j - self.reach

    def on_board(self, x: int, y: int) -> bool:
        """Whether castle-relative ``(x, y)`` is a square of this board."""
        return -self.reach <= x <= self.reach and -self.reach <= y <= self.reach

    def dilate(self, mask: int) -> int:
        """The squares orthogonally adjacent to ``mask`` (not including it)."""
        s = self.stride
        return ((mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & self.valid & ~mask

    def grow(self, mask: int) -> int:
        """``mask`` together with its orthogonal neighbours."""
        s = self.stride
        return (mask | (mask << 1) | (mask >> 1) | (mask << s) | (mask >> s)) & self.valid

    def anchors_of(self, mask: int, direction: Direction) -> int:
        """First squares whose second square (in ``direction``) lies in ``mask``."""
        d = self.delta[direction]
        return ((mask >> d) if d > 0 else (mask << -d)) & self.valid

    def window(self, minx: int, maxx: int, miny: int, maxy: int) -> int:
        """Squares that keep the bounding box within ``size x size``."""
        key = (minx, maxx, miny, maxy)
        found = self._windows.get(key)  # a few hundred boxes at most: computed once each
        if found is None:
            found = self._windows[key] = self._span(
                maxx - self.reach, minx + self.reach, True
            ) & self._span(maxy - self.reach, miny + self.reach, False)
        return found

    def _span(self, lo: int, hi: int, columns: bool) -> int:
        return _span_mask(self, lo, hi, columns)

    def cells_of(self, mask: int) -> list[int]:
        """Bit indices of ``mask`` in ascending order (row by row, west to east)."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


@cache
def board(size: int) -> Board:
    """The shared :class:`Board` for kingdoms of ``size``."""
    return Board(size)


_SPANS: dict[tuple[int, int, int, bool], int] = {}


def _span_mask(b: Board, lo: int, hi: int, columns: bool) -> int:
    key = (b.size, lo, hi, columns)
    mask = _SPANS.get(key)
    if mask is None:
        lines = b._cols if columns else b._rows
        mask = 0
        for v in range(max(lo, -b.reach), min(hi, b.reach) + 1):
            mask |= lines[v + b.reach]
        _SPANS[key] = mask
    return mask
