"""Court scoring: characters over their 8 surrounding squares (docs/rules/court.md).

Buildings score through the base game's properties: their crowns were added to
their square with ``Kingdom.set_crowns`` when they were placed (I-C2), so base's
property lines and the King both see them, and nothing here counts them again.
Leftover resources score ``leftover_resource_points`` each (0 by default, I-C8).

Everything is read from the kingdom's layers, so a kingdom read from text
(``kd score``) scores exactly like one built in play.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from kingdomino_core import Board, Kingdom, ScoreLine
from kingdomino_core.i18n import package_translation

from .state import RESOURCE_LAYER, TILE_LAYER
from .tiles import CHARACTER_IDS

_l = package_translation("kd_court").lazy

if TYPE_CHECKING:
    from .options import CourtOptions
    from .tiles import CourtData

SOURCE = "court"
_AROUND = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)


@cache
def surrounding(board: Board) -> tuple[tuple[int, ...], ...]:
    """Per cell, the cells of its 8 surrounding squares that lie on the board."""
    out = []
    for cell in range(board.cells):
        x, y = board.xy(cell)
        out.append(
            tuple(
                board.cell(x + dx, y + dy) for dx, dy in _AROUND if board.on_board(x + dx, y + dy)
            )
        )
    return tuple(out)


_TOKEN_UNITS = {"wheat_token": "wheat", "wood_token": "wood", "fish_token": "fish",
                "sheep_token": "sheep"}  # fmt: skip


def character_points(
    kingdom: Kingdom, cell: int, tile_id: str, data: CourtData, options: CourtOptions
) -> int:
    """Points of the character ``tile_id`` standing on ``cell``.

    Off-board squares, empty squares and the castle hold nothing, so they count
    for nothing. The character's own square is not one of its 8 neighbours.
    """
    tile = data.tiles[tile_id]
    if not tile.per_unit:
        return tile.base
    res = kingdom.layers.get(RESOURCE_LAYER) or {}
    tiles = kingdom.layers.get(TILE_LAYER) or {}
    near = surrounding(kingdom.board)[cell]
    unit = tile.unit
    if unit in _TOKEN_UNITS:
        kind = _TOKEN_UNITS[unit]
        n = sum(1 for c in near if res.get(c) == kind)
    elif unit == "any_resource_token":
        n = sum(1 for c in near if c in res)
    elif unit == "crown":
        crowns = kingdom.crowns_at
        n = sum(crowns[c] for c in near)
        if not options.king_counts_building_crowns:  # I-C7 alternative: printed only
            n -= sum(data.tiles[tiles[c]].crowns for c in near if c in tiles)
    elif unit == "character_tile":
        n = sum(1 for c in near if c in tiles and not data.tiles[tiles[c]].is_building)
    elif unit == "warrior_tile":
        n = sum(1 for c in near if c in tiles and data.tiles[tiles[c]].warrior)
    else:
        n = 0
    return tile.base + tile.per_unit * n


def total(kingdom: Kingdom, data: CourtData, options: CourtOptions) -> int:
    """What :func:`score_lines` adds up to, without building the lines (for bots)."""
    points = 0
    tiles = kingdom.layers.get(TILE_LAYER)
    if tiles:
        for cell, tile_id in tiles.items():
            if not data.tiles[tile_id].is_building:
                points += character_points(kingdom, cell, tile_id, data, options)
    if options.leftover_resource_points:
        points += len(kingdom.layers.get(RESOURCE_LAYER) or ()) * options.leftover_resource_points
    return points


def score_lines(kingdom: Kingdom, data: CourtData, options: CourtOptions) -> list[ScoreLine]:
    """One ``character`` line per character (in cell order), and leftover resources."""
    lines = []
    tiles = kingdom.layers.get(TILE_LAYER)
    if tiles:
        xy = kingdom.board.xy
        for cell in sorted(tiles):
            tile_id = tiles[cell]
            if data.tiles[tile_id].is_building:
                continue
            x, y = xy(cell)
            lines.append(
                ScoreLine(
                    kind="character",
                    name=_l("{tile} at {x},{y}").format(
                        tile=CHARACTER_IDS.get(tile_id, tile_id), x=x, y=y
                    ),
                    points=character_points(kingdom, cell, tile_id, data, options),
                    source=SOURCE,
                )
            )
    res = kingdom.layers.get(RESOURCE_LAYER)
    if res and options.leftover_resource_points:
        lines.append(
            ScoreLine(
                kind="resources",
                name=_l("{n} leftover resources").format(n=len(res)),
                points=len(res) * options.leftover_resource_points,
                source=SOURCE,
            )
        )
    return lines
