"""The base game's placement rules (docs/rules/base.md, "Placement").

The two placement rules have a bit-mask version (``square_masks``) for legal-move
generation and a per-placement version (``check``) that explains a refusal; forced
placement is a discard rule (a domino that fits may not be discarded).
"""

from __future__ import annotations

from kingdomino_core import (
    DiscardRule,
    DominoId,
    Game,
    GameConfig,
    Kingdom,
    PlacementRule,
    PlayDomino,
    shape_words,
)
from kingdomino_core.i18n import package_translation

_ = package_translation("kd_base")
_l = _.lazy


class WithinSize(PlacementRule):
    """The kingdom, castle included, must fit in a ``size x size`` square (or its
    ``rows x columns`` rectangle, either way round when the shape may turn)."""

    id = "base.within_size"
    description = _l("the kingdom must fit in its size x size square, castle included")

    def __init__(self, config: GameConfig | None = None) -> None:
        if config is not None:
            rows, columns = config.kingdom_shape
            if rows != columns:
                words = shape_words(rows, columns, config.kingdom_either_way)
                self.description = _l("the kingdom must fit in {shape}, castle included").format(
                    shape=words
                )

    def square_masks(self, game: Game, kingdom: Kingdom, domino: PlayDomino) -> tuple[int, int]:
        window = kingdom.window()
        return window, window

    def check(
        self, game: Game, kingdom: Kingdom, domino: PlayDomino, first: int, second: int
    ) -> str | None:
        window = kingdom.window()
        if window >> first & 1 and window >> second & 1:
            return None
        return _("the kingdom would no longer fit in {shape}").format(
            shape=kingdom.board.shape_words
        )

    def check_kingdom(self, game: Game, kingdom: Kingdom) -> str | None:
        width, height = kingdom.extent
        if kingdom.board.fits(width, height):
            return None
        return _("it spans {rows} rows by {columns} columns, more than {shape}").format(
            rows=height, columns=width, shape=kingdom.board.shape_words
        )


class Connects(PlacementRule):
    """A square must touch the castle or a square of its own terrain (orthogonally)."""

    id = "base.connects"
    description = _l(
        "at least one square must touch the castle or a square of the same terrain, orthogonally"
    )
    any_square = True

    def square_masks(self, game: Game, kingdom: Kingdom, domino: PlayDomino) -> tuple[int, int]:
        board = kingdom.board
        castle = kingdom.castle_bit
        if not castle and not kingdom.occupied:
            centre = 1 << board.castle  # no castle yet, nothing placed: one square on 0,0
            return centre, centre
        masks = kingdom.terrain_masks
        s, valid = board.stride, board.valid
        # board.grow(castle | masks[terrain]), inlined: this runs for every placement.
        a = castle | masks[domino.terrain_a]
        near_a = (a | (a << 1) | (a >> 1) | (a << s) | (a >> s)) & valid
        if domino.terrain_b == domino.terrain_a:
            return near_a, near_a
        b = castle | masks[domino.terrain_b]
        return near_a, (b | (b << 1) | (b >> 1) | (b << s) | (b >> s)) & valid

    def check(
        self, game: Game, kingdom: Kingdom, domino: PlayDomino, first: int, second: int
    ) -> str | None:
        board = kingdom.board
        castle = kingdom.castle_bit
        if not castle and not kingdom.occupied:
            if board.castle in (first, second):
                return None
            return "the first domino of a kingdom whose castle comes later covers 0,0"
        masks = kingdom.terrain_masks
        if board.neighbours[first] & (castle | masks[domino.terrain_a]):
            return None
        if board.neighbours[second] & (castle | masks[domino.terrain_b]):
            return None
        terrains = game.engine.registry.terrains
        return _("neither square touches the castle or a matching terrain ({a} / {b})").format(
            a=terrains[domino.terrain_a].name, b=terrains[domino.terrain_b].name
        )


class ForcedPlacement(DiscardRule):
    """A domino that fits in the kingdom must be placed: it may be discarded only
    when it fits nowhere (docs/rules/base.md, forced placement)."""

    id = "base.forced_placement"
    description = _l("a domino that fits in the kingdom must be placed, not discarded")
    unconditional = True

    def check(self, game: Game, seat: int, domino: DominoId) -> str | None:
        return _("domino {domino} fits in the kingdom, so it must be placed").format(domino=domino)
