"""The kingdom text notation for Court tokens and tiles (``docs/plugins/court.md``).

* Resource token: ``+wheat``, ``+wood``, ``+fish``, ``+sheep`` on a crownless square of
  the producing terrain: ``W0+wheat``, ``F0+wood``, ``L0+fish``, ``G0+sheep``.
* Character: ``+<id>`` on a crownless square: ``G0+farmer``, ``S0+axe_warrior``.
* Building: ``+building=<crowns>``; the square's terrain says which building. The
  digit before it is the square's crowns as scored, the building's included
  (``W1+building=1``); ``W0+building=1`` is accepted as shorthand for the same square
  and is written back as ``W1+building=1``.

Every rule a real table obeys is checked while reading, so a kingdom that cannot
occur is refused with a message naming the square's problem.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kingdomino_core import Kingdom
from kingdomino_core.engine.registry import Annotation
from kingdomino_core.model.pieces import Piece

from .state import RESOURCE_LAYER, TILE_LAYER

if TYPE_CHECKING:
    from kingdomino_core import Registry

    from .tiles import CourtData


def _terrain(registry: Registry, kingdom: Kingdom, cell: int) -> str:
    return registry.terrains[kingdom.terrain_at[cell]].name


def _free(kingdom: Kingdom, cell: int, what: str) -> None:
    tiles = kingdom.layers.get(TILE_LAYER) or {}
    if cell in tiles:
        raise ValueError(f"the square already holds {tiles[cell]}: one tile per square (I-C1)")
    if cell in (kingdom.layers.get(RESOURCE_LAYER) or {}):
        raise ValueError(f"{what} cannot share a square with a resource token")


def _resource(registry: Registry, resource: str, terrain: str) -> Annotation:
    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value is not None:
            raise ValueError(f"+{resource} takes no value")
        have = _terrain(registry, kingdom, cell)
        if have != terrain:
            raise ValueError(f"a {resource} token lies only on {terrain}, not on {have}")
        _free(kingdom, cell, f"a {resource} token")
        if kingdom.crowns_at[cell]:
            raise ValueError("tokens lie only on crownless squares")
        kingdom.layer(RESOURCE_LAYER)[cell] = resource

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(RESOURCE_LAYER)
        return [resource] if layer and layer.get(cell) == resource else []

    token = Piece(symbol="•", words=f"{resource} token", label=resource[:2].title())
    return Annotation(
        key=resource,
        parse=parse,
        render=render,
        help=f"a {resource} token (Court), on a crownless {terrain} square",
        piece=lambda _value: token,
    )


def _count_check(kingdom: Kingdom, tile_id: str, count: int) -> None:
    tiles = kingdom.layers.get(TILE_LAYER) or {}
    held = sum(1 for t in tiles.values() if t == tile_id)
    if held >= count:
        raise ValueError(f"the Court has only {count} {tile_id} tile(s)")


#: Each character's symbol in terminal grids, one character each and all different
#: (the key names them): none is a terrain letter or the castle's ``C``, and most
#: draw the character's tool. A character of a data file not listed here is ``@``
#: (``!`` for a warrior).
CHARACTER_SYMBOLS = {
    "farmer": "Y",  # a pitchfork
    "lumberjack": "T",  # an axe
    "fisherman": "J",  # a hook
    "shepherdess": "?",  # a crook
    "merchant": "$",
    "king": "K",
    "queen": "Q",
    "captain": "^",  # a chevron of rank
    "axe_warrior": "X",
    "sword_warrior": "†",
    "light_archer": ")",  # a bow
    "heavy_archer": "}",  # a bigger bow
}


def _character(data: CourtData, tile_id: str) -> Annotation:
    count = data.tiles[tile_id].count

    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value is not None:
            raise ValueError(f"+{tile_id} takes no value")
        if kingdom.crowns_at[cell]:
            raise ValueError("characters go only on crownless squares")
        _free(kingdom, cell, f"the {tile_id}")
        _count_check(kingdom, tile_id, count)
        kingdom.layer(TILE_LAYER)[cell] = tile_id

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(TILE_LAYER)
        return [tile_id] if layer and layer.get(cell) == tile_id else []

    tile = data.tiles[tile_id]
    words = tile.name.split()
    label = "".join(w[0].upper() for w in words) if len(words) > 1 else tile.name[:2]
    symbol = CHARACTER_SYMBOLS.get(tile_id, "!" if tile.warrior else "@")
    figure = Piece(symbol=symbol, words=tile.name, label=label, shape="figure")
    return Annotation(
        key=tile_id,
        parse=parse,
        render=render,
        help=f"the {tile_id} (Court character)",
        piece=lambda _value: figure,
    )


def _building(registry: Registry, data: CourtData) -> Annotation:
    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        terrain = _terrain(registry, kingdom, cell)
        offered = sorted(
            t.crowns for t in data.tiles.values() if t.is_building and t.terrain == terrain
        )
        if not offered:
            raise ValueError(f"no Court building stands on {terrain}")
        if value is None or not value.isdigit():
            raise ValueError(f"expected +building=<crowns>, with crowns one of {offered}")
        crowns = int(value)
        tile_id = f"{terrain}_building_{crowns}"
        if tile_id not in data.tiles:
            raise ValueError(f"{terrain} buildings have {offered} crown(s), not {crowns}")
        if kingdom.crowns_at[cell] not in (0, crowns):
            letter = registry.terrains[kingdom.terrain_at[cell]].letter
            raise ValueError(
                f"buildings go on crownless squares: write {letter}{crowns}"
                f"+building={crowns} (the digit counts the building's crowns)"
            )
        _free(kingdom, cell, "a building")
        _count_check(kingdom, tile_id, data.tiles[tile_id].count)
        kingdom.layer(TILE_LAYER)[cell] = tile_id
        kingdom.set_crowns(cell, crowns)  # I-C2

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(TILE_LAYER)
        tile_id = layer.get(cell) if layer else None
        if tile_id is None:
            return []
        tile = data.tiles[tile_id]
        return [f"building={tile.crowns}"] if tile.is_building else []

    return Annotation(
        key="building",
        parse=parse,
        render=render,
        help="a Court building with its crowns, on its own terrain: W1+building=1",
        piece=_building_piece,
    )


def _building_piece(value: str | None) -> Piece:
    crowns = int(value or 1)
    s = "" if crowns == 1 else "s"
    return Piece(symbol="⌂", words=f"building (+{crowns} crown{s})", label="⌂", shape="tile")


def court_annotations(registry: Registry, data: CourtData) -> list[Annotation]:
    """Every Court annotation: 4 resources, the building, 12 characters."""
    terrain_of = {r: t for t, r in data.resource_of_terrain.items()}
    found: list[Annotation] = [_resource(registry, r, terrain_of[r]) for r in data.resources]
    found.append(_building(registry, data))
    found.extend(_character(data, t.id) for t in data.tiles.values() if not t.is_building)
    return found
