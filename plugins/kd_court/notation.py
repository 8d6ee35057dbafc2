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
from kingdomino_core.i18n import get_translation, package_translation
from kingdomino_core.model.pieces import Piece

from .state import RESOURCE_LAYER, TILE_LAYER
from .tiles import CHARACTER_LABELS, RESOURCE_LABELS, resource_words

_ = package_translation("kd_court")
_n = _.ngettext
_terrain = get_translation("kd_base")

if TYPE_CHECKING:
    from kingdomino_core import Registry

    from .tiles import CourtData


def _terrain_of(registry: Registry, kingdom: Kingdom, cell: int) -> str:
    return registry.terrains[kingdom.terrain_at[cell]].name


def _free(kingdom: Kingdom, cell: int, what: str) -> None:
    tiles = kingdom.layers.get(TILE_LAYER) or {}
    if cell in tiles:
        raise ValueError(
            _("the square already holds {tile}: one tile per square (I-C1)").format(
                tile=tiles[cell]
            )
        )
    if cell in (kingdom.layers.get(RESOURCE_LAYER) or {}):
        raise ValueError(_("{what} cannot share a square with a resource token").format(what=what))


def _resource(registry: Registry, resource: str, terrain: str) -> Annotation:
    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value is not None:
            raise ValueError(_("+{key} takes no value").format(key=resource))
        have = _terrain_of(registry, kingdom, cell)
        if have != terrain:
            raise ValueError(
                _("a {resource} token lies only on {terrain}, not on {have}").format(
                    resource=resource_words(resource), terrain=_terrain(terrain), have=have
                )
            )
        _free(kingdom, cell, _("a {resource} token").format(resource=resource_words(resource)))
        if kingdom.crowns_at[cell]:
            raise ValueError(_("tokens lie only on crownless squares"))
        kingdom.layer(RESOURCE_LAYER)[cell] = resource

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(RESOURCE_LAYER)
        return [resource] if layer and layer.get(cell) == resource else []

    def piece(_value: str | None) -> Piece:
        words = resource_words(resource)
        label = RESOURCE_LABELS.get(resource)
        return Piece(
            symbol="•",
            words=_("{resource} token").format(resource=words),
            label=str(label) if label is not None else resource[:2].title(),
        )

    return Annotation(
        key=resource,
        parse=parse,
        render=render,
        help=f"a {resource} token (Court), on a crownless {terrain} square",
        piece=piece,
    )


def _count_check(kingdom: Kingdom, tile_id: str, count: int) -> None:
    tiles = kingdom.layers.get(TILE_LAYER) or {}
    held = sum(1 for t in tiles.values() if t == tile_id)
    if held >= count:
        raise ValueError(
            _n(
                "the Court has only {n} {tile} tile", "the Court has only {n} {tile} tiles", count
            ).format(n=count, tile=tile_id)
        )


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
    tile = data.tiles[tile_id]
    count = tile.count

    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        if value is not None:
            raise ValueError(_("+{key} takes no value").format(key=tile_id))
        if kingdom.crowns_at[cell]:
            raise ValueError(_("characters go only on crownless squares"))
        _free(kingdom, cell, _("the {tile}").format(tile=tile.name))
        _count_check(kingdom, tile_id, count)
        kingdom.layer(TILE_LAYER)[cell] = tile_id

    def render(kingdom: Kingdom, cell: int) -> list[str]:
        layer = kingdom.layers.get(TILE_LAYER)
        return [tile_id] if layer and layer.get(cell) == tile_id else []

    words = tile.name.split()
    label = CHARACTER_LABELS.get(tile_id) or (
        "".join(w[0].upper() for w in words) if len(words) > 1 else tile.name[:2]
    )
    symbol = CHARACTER_SYMBOLS.get(tile_id, "!" if tile.warrior else "@")

    def piece(_value: str | None) -> Piece:
        return Piece(symbol=symbol, words=str(tile.name), label=str(label), shape="figure")

    return Annotation(
        key=tile_id,
        parse=parse,
        render=render,
        help=f"the {tile_id} (Court character)",
        piece=piece,
    )


def _building(registry: Registry, data: CourtData) -> Annotation:
    def parse(kingdom: Kingdom, cell: int, value: str | None) -> None:
        terrain = _terrain_of(registry, kingdom, cell)
        offered = sorted(
            t.crowns for t in data.tiles.values() if t.is_building and t.terrain == terrain
        )
        if not offered:
            raise ValueError(_("no Court building stands on {terrain}").format(terrain=terrain))
        if value is None or not value.isdigit():
            raise ValueError(
                _("expected +building=<crowns>, with crowns one of {offered}").format(
                    offered=offered
                )
            )
        crowns = int(value)
        tile_id = terrain + f"_building_{crowns}"  # + keeps the terrain's id (English)
        if tile_id not in data.tiles:
            raise ValueError(
                _("{terrain} buildings have {offered} crown(s), not {crowns}").format(
                    terrain=terrain, offered=offered, crowns=crowns
                )
            )
        if kingdom.crowns_at[cell] not in (0, crowns):
            letter = registry.terrains[kingdom.terrain_at[cell]].letter
            raise ValueError(
                _(
                    "buildings go on crownless squares: write {square}"
                    " (the digit counts the building's crowns)"
                ).format(square=f"{letter}{crowns}+building={crowns}")
            )
        _free(kingdom, cell, _("a building"))
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
    words = _n("building (+{n} crown)", "building (+{n} crowns)", crowns).format(n=crowns)
    return Piece(symbol="⌂", words=words, label="⌂", shape="tile")


def court_annotations(registry: Registry, data: CourtData) -> list[Annotation]:
    """Every Court annotation: 4 resources, the building, 12 characters."""
    terrain_of = {r: t for t, r in data.resource_of_terrain.items()}
    found: list[Annotation] = [_resource(registry, r, terrain_of[r]) for r in data.resources]
    found.append(_building(registry, data))
    found.extend(_character(data, t.id) for t in data.tiles.values() if not t.is_building)
    return found
