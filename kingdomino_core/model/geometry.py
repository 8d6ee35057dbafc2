"""Board geometry: castle-relative coordinates mapped onto bit masks.

A kingdom of size ``N`` (5 for 5x5) may extend ``N-1`` squares from its castle in
every direction, so its squares live on a ``(2N-1) x (2N-1)`` board centred on the
castle. A rectangular kingdom (``rows x columns``, such as 4x6) lives on the board
of its longer side; its shape narrows where it may grow (:meth:`Board.window`).
Each board square is one bit of a Python ``int``; a set of squares is a mask. Rows
are ``stride = 2N`` bits wide: the extra bit is an always-empty guard column so that
shifting a mask east or west never wraps onto the next row.

Coordinates: ``x`` grows east (right), ``y`` grows south (down, like the text
format's rows); the castle is ``(0, 0)``.
"""

from __future__ import annotations

import enum
from functools import cache

from ..i18n import get_translation

_ = get_translation("kingdomino_core")


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
    """Precomputed masks and tables for kingdoms of one shape. Shared: only its caches change.

    ``Board(5)`` is the 5x5 square; ``Board(6, rows=4, columns=6)`` a kingdom of 4 rows
    and 6 columns, and with ``either_way=True`` one that may also be 6 rows by 4
    columns (whichever way the table turns it). ``size`` is always the longer side.
    """

    def __init__(
        self, size: int, *, rows: int = 0, columns: int = 0, either_way: bool = False
    ) -> None:
        if size < 1:
            raise ValueError(f"kingdom size must be at least 1, not {size}")
        rows, columns = rows or size, columns or size
        if not (1 <= rows <= size and 1 <= columns <= size and size == max(rows, columns)):
            raise ValueError(f"a {rows}x{columns} kingdom is not held by a board of size {size}")
        #: The board's side: the kingdom's longer side (5 for 5x5, 6 for 4x6).
        self.size = size
        #: Rows of the kingdom's shape (``size`` for a square kingdom).
        self.rows = rows
        #: Columns of the kingdom's shape (``size`` for a square kingdom).
        self.columns = columns
        #: Whether the shape may also be turned a quarter (``columns x rows``).
        self.either_way = either_way and rows != columns
        #: Whether the kingdom is the ``size x size`` square (the published games).
        self.square = rows == columns
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
        column_masks = [0] * self.width
        row_masks = [0] * self.width
        for j in range(self.width):
            for i in range(self.width):
                bit = 1 << (j * self.stride + i)
                column_masks[i] |= bit
                row_masks[j] |= bit
        self._cols = column_masks
        self._rows = row_masks
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
        """Squares that keep the bounding box within the kingdom's shape (``size x
        size``; ``rows x columns``, or either way round when the shape may turn)."""
        key = (minx, maxx, miny, maxy)
        found = self._windows.get(key)  # a few hundred boxes at most: computed once each
        if found is None:
            found = self._shape_window(minx, maxx, miny, maxy, self.rows, self.columns)
            if self.either_way:
                found |= self._shape_window(minx, maxx, miny, maxy, self.columns, self.rows)
            self._windows[key] = found
        return found

    def _shape_window(
        self, minx: int, maxx: int, miny: int, maxy: int, rows: int, cols: int
    ) -> int:
        if maxx - minx >= cols or maxy - miny >= rows:
            return 0  # the box itself no longer fits this way round
        return self._span(maxx - cols + 1, minx + cols - 1, True) & self._span(
            maxy - rows + 1, miny + rows - 1, False
        )

    def _span(self, lo: int, hi: int, columns: bool) -> int:
        return _span_mask(self, lo, hi, columns)

    def fits(self, width: int, height: int) -> bool:
        """Whether a bounding box ``width`` squares wide and ``height`` high fits the shape."""
        if width <= self.columns and height <= self.rows:
            return True
        return self.either_way and width <= self.rows and height <= self.columns

    def room(self, minx: int, maxx: int, miny: int, maxy: int) -> tuple[range, range]:
        """The columns and rows a kingdom with this bounding box may still use: what a
        display shows (every row and column shown can take a square, in one of the
        shape's orientations when it may turn)."""
        ways = [(self.rows, self.columns)]
        if self.either_way:
            ways.append((self.columns, self.rows))
        xs: list[int] = []
        ys: list[int] = []
        for rows, cols in ways:
            if maxx - minx < cols and maxy - miny < rows:
                xs += [maxx - cols + 1, minx + cols - 1]
                ys += [maxy - rows + 1, miny + rows - 1]
        if not xs:  # an oversized kingdom (a test's): its own squares
            return range(minx, maxx + 1), range(miny, maxy + 1)
        return range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1)

    @property
    def shape_words(self) -> str:
        """The shape for messages: ``5x5``, ``4 rows by 6 columns`` (``..., or 6 by 4``)."""
        return shape_words(self.rows, self.columns, self.either_way)

    def cells_of(self, mask: int) -> list[int]:
        """Bit indices of ``mask`` in ascending order (row by row, west to east)."""
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out


def board(size: int, rows: int = 0, columns: int = 0, either_way: bool = False) -> Board:
    """The shared :class:`Board` for kingdoms of ``size`` (``rows x columns`` when
    given, turned either way when ``either_way``: see :class:`Board`)."""
    rows, columns = rows or size, columns or size
    return _board(size, rows, columns, either_way and rows != columns)


@cache
def _board(size: int, rows: int, columns: int, either_way: bool) -> Board:
    return Board(size, rows=rows, columns=columns, either_way=either_way)


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


def shape_words(rows: int, columns: int, either_way: bool = False) -> str:
    """A kingdom's shape in words: ``5x5``, ``4 rows by 6 columns (or 6 by 4)``."""
    if rows == columns:
        return f"{rows}x{columns}"
    if either_way:
        return _("{rows} rows by {columns} columns (or {columns} by {rows})").format(
            rows=rows, columns=columns
        )
    return _("{rows} rows by {columns} columns").format(rows=rows, columns=columns)
