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
    "wheat_token": "wheat token",
    "wood_token": "wood token",
    "fish_token": "fish token",
    "sheep_token": "sheep token",
    "any_resource_token": "resource token",
    "crown": "crown",
    "character_tile": "character",
    "warrior_tile": "warrior",
}


@frozen(kw_only=True, slots=True)
class TileType:
    """One kind of Court tile."""

    id: str
    #: ``"building"`` or ``"character"``.
    kind: str
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
        if self.is_building:
            s = "" if self.crowns == 1 else "s"
            return f"{self.terrain} building ({self.crowns} crown{s})"
        return self.name

    def effect(self) -> str:
        """What the tile does, in words: ``+1 crown on its wheat square``, ``3 + 3 per ...``."""
        if self.is_building:
            s = "" if self.crowns == 1 else "s"
            return f"+{self.crowns} crown{s} on its {self.terrain} square"
        if not self.per_unit:
            return f"{self.base} points"
        unit = UNIT_WORDS.get(self.unit, self.unit.replace("_", " "))
        base = f"{self.base} + " if self.base else ""
        return f"{base}{self.per_unit} per {unit} around it"


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
        name=row["name"],
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
