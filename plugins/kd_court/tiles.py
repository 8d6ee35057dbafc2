"""The Court's components, read from the plugin's data files (docs/rules/court.md).

``data/court_tiles.csv`` lists the 25 tiles (13 buildings in rows with counts, 12
characters); ``data/court_resources.csv`` maps each resource to the terrain that
produces it. Both ship inside the package (docs/rules/court.md states the
same tables); installed packages never read outside themselves.

Tile *types* are what the game tracks: three identical wheat buildings are one type
with a count of 3. A building type id is ``<terrain>_building_<crowns>``
(``wheat_building_1``); a character type id is its name in lower case with
underscores (``farmer``, ``axe_warrior``).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from functools import cache
from importlib import resources
from types import MappingProxyType

from attrs import frozen

from kingdomino_core.i18n import get_translation, package_translation

_ = package_translation("kd_court")
_l = _.lazy
_n = _.ngettext
#: The terrain names are the base game's (its domain translates them).
_terrain = get_translation("kd_base")

#: What a character counts on its 8 surrounding squares (court_tiles.csv ``counted_unit``).
UNITS = (
    "wheat_token",
    "wood_token",
    "fish_token",
    "sheep_token",
    "any_resource_token",
    "crown",
    "character_tile",
    "warrior_tile",
    "",
)


#: ``UNITS`` in words, for the screen.
UNIT_WORDS = {
    "wheat_token": _l("wheat token"),
    "wood_token": _l("wood token"),
    "fish_token": _l("fish token"),
    "sheep_token": _l("sheep token"),
    "any_resource_token": _l("resource token"),
    "crown": _l("crown"),
    "character_tile": _l("character"),
    "warrior_tile": _l("warrior"),
}

#: The resources in words (their ids are the data file's).
RESOURCE_WORDS = {
    "wheat": _l("wheat"),
    "wood": _l("wood"),
    "fish": _l("fish"),
    "sheep": _l("sheep"),
}

#: The characters' names of ``data/court_tiles.csv``, marked for translation (a
#: tile's ``name`` is its row's name, translated when shown).
CHARACTER_NAMES = (
    _l("Farmer"),
    _l("Lumberjack"),
    _l("Fisherman"),
    _l("Shepherdess"),
    _l("Merchant"),
    _l("King"),
    _l("Queen"),
    _l("Captain"),
    _l("Axe warrior"),
    _l("Sword warrior"),
    _l("Light archer"),
    _l("Heavy archer"),
)


#: The characters as score sheets name them (their ids, the same in every language's
#: data), shown as their names.
CHARACTER_IDS = {
    # TRANSLATORS: a character's id in score sheets ("farmer at 2,1"): its name.
    "farmer": _l("farmer"),
    "lumberjack": _l("lumberjack"),
    "fisherman": _l("fisherman"),
    "shepherdess": _l("shepherdess"),
    "merchant": _l("merchant"),
    "king": _l("king"),
    "queen": _l("queen"),
    "captain": _l("captain"),
    "axe_warrior": _l("axe_warrior"),
    "sword_warrior": _l("sword_warrior"),
    "light_archer": _l("light_archer"),
    "heavy_archer": _l("heavy_archer"),
}

#: The letters drawn on each resource token in pictures (at most 3).
RESOURCE_LABELS = {
    # TRANSLATORS: the letters (at most 3) drawn on a token or a figure in pictures.
    "wheat": _l("Wh"),
    "wood": _l("Wo"),
    "fish": _l("Fi"),
    "sheep": _l("Sh"),
}

#: The letters drawn on each character in pictures (at most 3; the Fisherman and the
#: Shepherdess are not the fish and sheep tokens' ``Fi`` and ``Sh``).
CHARACTER_LABELS = {
    "farmer": _l("Fa"),
    "lumberjack": _l("Lu"),
    "fisherman": _l("Fm"),
    "shepherdess": _l("Sd"),
    "merchant": _l("Me"),
    "king": _l("Ki"),
    "queen": _l("Qu"),
    "captain": _l("Ca"),
    "axe_warrior": _l("AW"),
    "sword_warrior": _l("SW"),
    "light_archer": _l("LA"),
    "heavy_archer": _l("HA"),
}


def resource_words(resource: str) -> str:
    """A resource in the player's language: ``wheat`` is ``blé`` in French."""
    found = RESOURCE_WORDS.get(resource)
    return str(found) if found is not None else resource


@frozen(kw_only=True, slots=True)
class TileType:
    """One kind of Court tile."""

    id: str
    #: ``"building"`` or ``"character"``.
    kind: str
    #: The printed name (the data file's, in English), translated when shown.
    name: str
    #: How many copies the box holds.
    count: int
    #: Buildings: the only terrain they may stand on; characters: ``None`` (any).
    terrain: str | None
    #: Crowns a building adds to its square (I-C2); 0 for characters.
    crowns: int
    #: Characters: ``base + per_unit x (units on the 8 surrounding squares)``.
    base: int
    per_unit: int
    unit: str
    warrior: bool

    @property
    def is_building(self) -> bool:
        return self.kind == "building"

    def describe(self) -> str:
        """The tile in words: ``wheat building (1 crown)``, ``Farmer``."""
        if self.is_building:
            return _n(
                "{terrain} building ({n} crown)", "{terrain} building ({n} crowns)", self.crowns
            ).format(terrain=_terrain(self.terrain or ""), n=self.crowns)
        return str(self.name)

    def effect(self, it: bool = True) -> str:
        """What the tile does, in words: ``+1 crown on its wheat square``, ``3 + 3 per
        wheat token around it`` (``around`` alone when ``it`` is false)."""
        if self.is_building:
            return _n(
                "+{n} crown on its {terrain} square", "+{n} crowns on its {terrain} square",
                self.crowns,
            ).format(n=self.crowns, terrain=_terrain(self.terrain or ""))  # fmt: skip
        if not self.per_unit:
            return _n("{n} point", "{n} points", self.base).format(n=self.base)
        unit = UNIT_WORDS.get(self.unit, self.unit.replace("_", " "))
        if self.base:
            text = (
                _("{base} + {per} per {unit} around it")
                if it
                else _("{base} + {per} per {unit} around")
            )
        else:
            text = _("{per} per {unit} around it") if it else _("{per} per {unit} around")
        return text.format(base=self.base, per=self.per_unit, unit=unit)


@frozen(kw_only=True, slots=True)
class CourtData:
    """Everything the plugin reads from its data files."""

    tiles: Mapping[str, TileType]
    #: Resources in their canonical order (wheat, wood, fish, sheep).
    resources: tuple[str, ...]
    #: Terrain name -> the resource its crownless squares produce.
    resource_of_terrain: Mapping[str, str]
    #: Printed token counts per resource (the finite supply of I-C5 ``discard``).
    token_counts: Mapping[str, int]

    def full_set(self) -> tuple[str, ...]:
        """Every physical tile as its type id, sorted: the face-down pile at set-up."""
        return tuple(sorted(t.id for t in self.tiles.values() for _ in range(t.count)))


def _read(name: str) -> list[dict[str, str]]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text("utf-8")
    return list(csv.DictReader(text.splitlines()))


def _tile(row: dict[str, str]) -> TileType:
    kind = row["kind"]
    crowns = int(row["crowns_added"])
    if kind == "building":
        terrain: str | None = row["terrain_required"]
        tile_id = f"{terrain}_building_{crowns}"
    elif kind == "character":
        terrain = None
        tile_id = row["name"].strip().lower().replace(" ", "_")
    else:
        raise ValueError(f"court_tiles.csv: unknown kind {kind!r} for {row['tile_id']}")
    unit = row["counted_unit"]
    if unit not in UNITS:
        raise ValueError(f"court_tiles.csv: unknown counted_unit {unit!r} for {row['tile_id']}")
    return TileType(
        id=tile_id,
        kind=kind,
        name=_l(row["name"]),
        count=int(row["count"]),
        terrain=terrain,
        crowns=crowns,
        base=int(row["base_points"]),
        per_unit=int(row["points_per_unit"]),
        unit=unit,
        warrior=row["is_warrior"].strip().lower() == "true",
    )


@cache
def court_data() -> CourtData:
    tiles: dict[str, TileType] = {}
    for row in _read("court_tiles.csv"):
        tile = _tile(row)
        if tile.id in tiles:
            raise ValueError(f"court_tiles.csv: tile type {tile.id!r} listed twice")
        tiles[tile.id] = tile
    res: list[str] = []
    of_terrain: dict[str, str] = {}
    counts: dict[str, int] = {}
    for row in _read("court_resources.csv"):
        if row["resource"] == "none":
            continue
        res.append(row["resource"])
        of_terrain[row["terrain"]] = row["resource"]
        counts[row["resource"]] = int(row["token_count"])
    return CourtData(
        tiles=MappingProxyType(tiles),
        resources=tuple(res),
        resource_of_terrain=MappingProxyType(of_terrain),
        token_counts=MappingProxyType(counts),
    )
