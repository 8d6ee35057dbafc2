"""A kingdom: the castle and the squares placed around it, kept as bit masks.

Everything a bot touches in its inner loop lives here, so the representation is
chosen for speed: one mask of occupied squares, one mask per terrain, crown counts
as bit planes, and the properties (connected regions of one terrain) maintained
incrementally as squares are added. Plugins keep their tokens on squares in
``layers`` (one ``{cell: value}`` dict per layer name).

Coordinates are castle-relative. A kingdom may start without its castle (a house
rule placing it later, ``GameConfig.castle_at_start``): its first domino then starts
on the board's centre, and :meth:`Kingdom.place_castle` moves everything so that
the castle, wherever it was put, is at ``(0, 0)`` again.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .components import DominoId
from .geometry import Board

EMPTY = -1
CASTLE = -2


class Kingdom:
    """A mutable kingdom. Copy it with :meth:`clone` before speculative changes."""

    __slots__ = (
        "_window",
        "board",
        "castle_bit",
        "crowns_at",
        "discards",
        "layers",
        "marks",
        "maxx",
        "maxy",
        "minx",
        "miny",
        "occupied",
        "placements",
        "planes",
        "regions",
        "terrain_at",
        "terrain_masks",
    )

    def __init__(self, board: Board, terrains: int, *, castle: bool = True) -> None:
        #: The geometry shared by every kingdom of the engine.
        self.board = board
        #: The castle's bit (``1 << board.castle``), or 0 while a kingdom started
        #: without its castle (``castle=False``) waits for :meth:`place_castle`.
        self.castle_bit = (1 << board.castle) if castle else 0
        #: Mask of occupied cells, castle included.
        self.occupied = self.castle_bit
        #: Mask of the cells of each terrain, by terrain index.
        self.terrain_masks = [0] * terrains
        #: Terrain index of each cell (``EMPTY`` = -1, ``CASTLE`` = -2).
        self.terrain_at = [EMPTY] * board.cells
        if castle:
            self.terrain_at[board.castle] = CASTLE
        #: Crowns on each cell.
        self.crowns_at = [0] * board.cells
        #: Crowns as bit planes: plane ``i`` masks cells whose crown count has bit ``i``
        #: (``crowns_in`` counts with them).
        self.planes = [0, 0]
        #: Bounding box of the squares, castle included, in castle-relative coordinates
        #: (``minx <= x <= maxx``, ``miny <= y <= maxy``): the size limit is checked on it.
        self.minx = 0
        #: Easternmost column used (see ``minx``).
        self.maxx = 0
        #: Northernmost row used (see ``minx``).
        self.miny = 0
        #: Southernmost row used (see ``minx``).
        self.maxy = 0
        self._window = 0  # 0: not computed since the bounding box last changed
        #: Properties: ``(terrain index, mask)`` pairs, maintained on every square added.
        self.regions: list[tuple[int, int]] = []
        #: Every domino placed: ``(seat, domino id, first cell, second cell)``.
        self.placements: list[tuple[int, DominoId, int, int]] = []
        #: Every domino discarded by a seat of this kingdom: ``(seat, domino id)``.
        #: Harmony (no discard), the JSON output and the displays count it.
        self.discards: list[tuple[int, DominoId]] = []
        #: Printed marks of placed squares (e.g. volcano craters), by cell.
        self.marks: dict[int, tuple[tuple[str, int], ...]] = {}
        #: Plugin-owned things on squares: ``layers[name][cell] = value``.
        self.layers: dict[str, dict[int, Any]] = {}

    def clone(self) -> Kingdom:
        """An independent copy (layers copied one level deep)."""
        k = Kingdom.__new__(Kingdom)
        k.board = self.board
        k.castle_bit = self.castle_bit
        k.occupied = self.occupied
        k.terrain_masks = self.terrain_masks[:]
        k.terrain_at = self.terrain_at[:]
        k.crowns_at = self.crowns_at[:]
        k.planes = self.planes[:]
        k.minx, k.maxx, k.miny, k.maxy = self.minx, self.maxx, self.miny, self.maxy
        k._window = self._window
        k.regions = self.regions[:]
        k.placements = self.placements[:]
        k.discards = self.discards[:]
        k.marks = dict(self.marks) if self.marks else {}
        k.layers = {name: dict(layer) for name, layer in self.layers.items()} if self.layers else {}
        return k

    # -- reading ---------------------------------------------------------------

    @property
    def castle(self) -> int:
        """The castle's cell (``board.castle``)."""
        return self.board.castle

    @property
    def has_castle(self) -> bool:
        """Whether the castle is on the table (False only before :meth:`place_castle`
        in a game whose kingdoms start without it)."""
        return bool(self.castle_bit)

    @property
    def empty(self) -> int:
        """Mask of the board squares with nothing on them."""
        return self.board.valid & ~self.occupied

    def window(self) -> int:
        """Mask of squares where a new square keeps the kingdom within its size."""
        window = self._window
        if not window:
            window = self._window = self.board.window(self.minx, self.maxx, self.miny, self.maxy)
        return window

    def crowns_in(self, mask: int) -> int:
        """Total crowns on the squares of ``mask``."""
        total = 0
        weight = 1
        for plane in self.planes:
            total += weight * (plane & mask).bit_count()
            weight <<= 1
        return total

    @property
    def squares(self) -> int:
        """Number of squares placed, castle not counted."""
        return (self.occupied & ~self.castle_bit).bit_count()

    @property
    def extent(self) -> tuple[int, int]:
        """Width and height of the bounding box, castle included (``(1, 1)`` at first);
        they must fit the board's shape (``board.fits``)."""
        return self.maxx - self.minx + 1, self.maxy - self.miny + 1

    def room(self) -> tuple[range, range]:
        """The columns and rows (castle-relative ``x`` and ``y``) this kingdom may still
        use: what a display shows around it (:meth:`Board.room`)."""
        return self.board.room(self.minx, self.maxx, self.miny, self.maxy)

    def layer(self, name: str) -> dict[int, Any]:
        """The plugin layer ``name``, created empty on first use."""
        found = self.layers.get(name)
        if found is None:
            found = self.layers[name] = {}
        return found

    def iter_squares(self) -> Iterator[tuple[int, int, int]]:
        """``(cell, terrain index, crowns)`` of every placed square, in cell order
        (row by row from the north-west), castle excluded. ``board.xy(cell)`` gives
        its coordinates; ``registry.terrains[index]`` its terrain."""
        at = self.terrain_at
        for cell in self.board.cells_of(self.occupied & ~self.castle_bit):
            yield cell, at[cell], self.crowns_at[cell]

    # -- changing --------------------------------------------------------------

    def put(
        self, cell: int, terrain: int, crowns: int = 0, marks: tuple[tuple[str, int], ...] = ()
    ) -> None:
        """Put one square on an empty cell (no rule checks) and merge its property."""
        bit = 1 << cell
        self.occupied |= bit
        self.terrain_at[cell] = terrain
        self.terrain_masks[terrain] |= bit
        if crowns:
            self.set_crowns(cell, crowns)
        if marks:
            self.marks[cell] = marks
        board = self.board
        row, col = divmod(cell, board.stride)  # board.xy(cell), inlined: runs per square
        x, y = col - board.reach, row - board.reach
        if not (self.minx <= x <= self.maxx and self.miny <= y <= self.maxy):
            self._window = 0
        if x < self.minx:
            self.minx = x
        elif x > self.maxx:
            self.maxx = x
        if y < self.miny:
            self.miny = y
        elif y > self.maxy:
            self.maxy = y
        near = board.neighbours[cell]
        regions = self.regions
        if not self.terrain_masks[terrain] & near:
            # No square of its terrain next to it: a new property (the regions of a
            # terrain cover exactly its mask, so the search below would find none).
            regions.append((terrain, bit))
            return
        touching = []
        for i, (t, m) in enumerate(regions):  # a loop: a comprehension costs a call
            if t == terrain and m & near:
                touching.append(i)
        if not touching:
            regions.append((terrain, bit))
        elif len(touching) == 1:
            i = touching[0]
            regions[i] = (terrain, regions[i][1] | bit)
        else:  # the square joins several properties into one
            merged = bit
            for i in reversed(touching):
                merged |= regions.pop(i)[1]
            regions.append((terrain, merged))

    def set_crowns(self, cell: int, crowns: int) -> None:
        """Set the crown count of a square (plugins add crowns, e.g. Court buildings)."""
        self.crowns_at[cell] = crowns
        bit = 1 << cell
        while crowns >> len(self.planes):
            self.planes.append(0)
        for i in range(len(self.planes)):
            if crowns >> i & 1:
                self.planes[i] |= bit
            else:
                self.planes[i] &= ~bit

    def castle_squares(self) -> int:
        """Mask of the squares where the castle may go: empty, orthogonally next to a
        square of the kingdom and within its shape (the board's centre in a kingdom
        with nothing in it yet); 0 once the castle is placed."""
        if self.castle_bit:
            return 0
        if not self.occupied:
            return 1 << self.board.castle
        return self.board.dilate(self.occupied) & self.window()

    def place_castle(self, cell: int) -> None:
        """Put the castle on ``cell`` (no rule checks: see :meth:`castle_squares`) and
        move every square, mark and layer so that the castle is at ``(0, 0)``."""
        board = self.board
        cx, cy = board.xy(cell)
        shift = board.castle - cell

        def moved(mask: int) -> int:
            return mask << shift if shift >= 0 else mask >> -shift

        self.occupied = moved(self.occupied)
        self.terrain_masks = [moved(m) for m in self.terrain_masks]
        self.planes = [moved(p) for p in self.planes]
        self.regions = [(t, moved(m)) for t, m in self.regions]
        terrain_at, crowns_at = [EMPTY] * board.cells, [0] * board.cells
        for c in board.cells_of(self.occupied):
            terrain_at[c], crowns_at[c] = self.terrain_at[c - shift], self.crowns_at[c - shift]
        self.terrain_at, self.crowns_at = terrain_at, crowns_at
        self.placements = [(s, d, a + shift, b + shift) for s, d, a, b in self.placements]
        self.marks = {c + shift: m for c, m in self.marks.items()}
        self.layers = {
            name: {c + shift: v for c, v in layer.items()} for name, layer in self.layers.items()
        }
        self.minx, self.maxx = min(self.minx - cx, 0), max(self.maxx - cx, 0)
        self.miny, self.maxy = min(self.miny - cy, 0), max(self.maxy - cy, 0)
        self._window = 0
        self.castle_bit = 1 << board.castle
        self.occupied |= self.castle_bit
        self.terrain_at[board.castle] = CASTLE
