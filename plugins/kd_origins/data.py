"""The Origins component data, read from the CSV files in ``data/``.

The files hold the published Origins tables (docs/rules/origins.md) plus
``origins_dominoes.csv``, the project's *reconstruction* of the per-domino list (the
official one is not public). Any domino list, shipped or given by a ruleset, is
checked against the official square distribution (docs/rules/origins.md, components).
"""

from __future__ import annotations

import csv
from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path

from attrs import frozen

from kingdomino_core import Domino, DominoId, DominoSet, RulesetError, Square
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.files import read_data_file

_ = package_translation("kd_origins")
_l = _.lazy
_n = _.ngettext

#: Terrains of Origins (docs/rules/origins.md) and the resource each no-fire square gets.
RESOURCE_OF_TERRAIN = {
    "grassland": "mammoth",
    "lake": "fish",
    "jungle": "mushroom",
    "quarry": "flint",
}
RESOURCES = ("mammoth", "fish", "mushroom", "flint")
TERRAIN_NAMES = ("desert", "grassland", "lake", "jungle", "quarry", "volcano")
VOLCANO = "volcano"

#: The wooden resources in words (their ids are the data files').
RESOURCE_WORDS = {
    "mammoth": _l("mammoth"),
    "fish": _l("fish"),
    "mushroom": _l("mushroom"),
    "flint": _l("flint"),
}

#: The cro-magnons' names (``name_en`` of origins_cavemen.csv without its "The"), by id.
CAVEMAN_NAMES = {
    "hunter": _l("Hunter"),
    "fishing_child": _l("Fishing Child"),
    "gatherer": _l("Gatherer"),
    "sculptor": _l("Sculptor"),
    "painter": _l("Painter"),
    "fire_lady": _l("Fire Lady"),
    "shaman": _l("Shaman"),
    "small_warrior": _l("Small warrior"),
    "amazon": _l("Amazon warrior"),
    "oafish_warrior": _l("Oafish warrior"),
}


def resource_words(resource: str) -> str:
    """A wooden resource in the player's language (``mammoth`` is ``mammouth``)."""
    found = RESOURCE_WORDS.get(resource)
    return str(found) if found is not None else resource


SHIPPED_DOMINOES = "origins_dominoes.csv"


def _read(name: str) -> str:
    return resources.files(__package__).joinpath("data", name).read_text("utf-8")


def _rows(text: str) -> list[tuple[int, dict[str, str]]]:
    """CSV rows with their 1-based line numbers; lines starting with '#' are comments."""
    lines = text.splitlines()
    kept = [(i, line) for i, line in enumerate(lines, start=1) if not line.lstrip().startswith("#")]
    kept = [(i, line) for i, line in kept if line.strip()]
    if not kept:
        return []
    reader = csv.DictReader(line for _, line in kept)
    return [(kept[n + 1][0], row) for n, row in enumerate(reader)]


@frozen(kw_only=True)
class FireToken:
    """The fire token a volcano with ``craters`` throws (origins_fire_tokens.csv)."""

    craters: int
    fire: int
    count: int
    min_distance: int
    max_distance: int


@frozen(kw_only=True)
class Caveman:
    """One kind of cro-magnon tile (origins_cavemen.csv)."""

    id: str
    family: str
    name: str
    count: int
    #: Warriors: their power in a horde; 0 for hunter-gatherers.
    power: int
    points_per_unit: int
    #: What a hunter-gatherer counts on the 8 surrounding squares.
    unit: str

    @property
    def warrior(self) -> bool:
        return self.family == "warrior"

    @property
    def words(self) -> str:
        """The cro-magnon's name as players read it, in their language: ``Hunter``."""
        found = CAVEMAN_NAMES.get(self.id)
        return str(found) if found is not None else self.name.removeprefix("The ")


@cache
def fire_tokens() -> dict[int, FireToken]:
    """Fire tokens by crater count."""
    out = {}
    for _, row in _rows(_read("origins_fire_tokens.csv")):
        c = int(row["craters"])
        out[c] = FireToken(
            craters=c,
            fire=int(row["token_fires"]),
            count=int(row["token_count"]),
            min_distance=int(row["min_distance"]),
            max_distance=int(row["max_distance"]),
        )
    return out


@cache
def totem_points() -> dict[str, int]:
    """Points of each totem, by resource (origins_totems.csv)."""
    return {row["resource"]: int(row["points"]) for _, row in _rows(_read("origins_totems.csv"))}


#: How origins_cavemen.csv names what a hunter-gatherer counts.
_UNITS = {
    "mammoth_token": "mammoth",
    "fish_token": "fish",
    "mushroom_token": "mushroom",
    "flint_token": "flint",
    "any_resource_token": "resource",
    "caveman_tile": "caveman",
}


@cache
def cavemen() -> dict[str, Caveman]:
    """The cro-magnon kinds, by id, in file order."""
    out = {}
    for _, row in _rows(_read("origins_cavemen.csv")):
        unit = row["counted_unit"]
        out[row["caveman_id"]] = Caveman(
            id=row["caveman_id"],
            family=row["family"],
            name=row["name_en"],
            count=int(row["count"]),
            power=int(row["power"] or 0),
            points_per_unit=int(row["points_per_unit"] or 0),
            unit="fire" if unit.startswith("fire_icon") else _UNITS.get(unit, unit),
        )
    return out


SquareKind = tuple[str, int, int]  # terrain, printed fire, volcano craters


@cache
def official_distribution() -> Counter[SquareKind]:
    """The official count of each kind of square (origins_square_distribution.csv)."""
    dist: Counter[SquareKind] = Counter()
    for _, row in _rows(_read("origins_square_distribution.csv")):
        kind = (row["terrain_en"], int(row["fire_icons"]), int(row["volcano_craters"]))
        dist[kind] += int(row["square_count"])
    return dist


def _describe(kind: SquareKind) -> str:
    terrain, fire, craters = kind
    if terrain == VOLCANO:
        return _n("volcano with {n} crater", "volcano with {n} craters", craters).format(n=craters)
    return _("{terrain} with {n} fire").format(terrain=_l(terrain), n=fire)


def _int(row: dict[str, str], key: str, where: str, problems: list[str]) -> int:
    value = (row.get(key) or "").strip()
    try:
        return int(value)
    except ValueError:
        problems.append(
            _("{where}: column {key!r} must be a whole number, not {value!r}").format(
                where=where, key=key, value=value
            )
        )
        return 0


_COLUMNS = (
    "number",
    "left_terrain",
    "left_fire",
    "left_craters",
    "right_terrain",
    "right_fire",
    "right_craters",
)


def parse_dominoes(text: str, source: str) -> tuple[DominoSet, list[str]]:
    """Read a domino list and check it against the official distribution (section 2.8).

    Returns the set and the problems found (each names the file, the line and what
    was expected); the set is usable only when there are no problems.
    """
    problems: list[str] = []
    rows = _rows(text)
    if rows:
        missing = [c for c in _COLUMNS if c not in rows[0][1]]
        if missing:
            problems.append(
                _("{source}: missing column(s) {missing}; expected {columns}").format(
                    source=source, missing=", ".join(missing), columns=",".join(_COLUMNS)
                )
            )
            return DominoSet(name="origins", dominoes=()), problems
    dominoes = []
    seen: dict[int, int] = {}
    found: Counter[SquareKind] = Counter()
    for line, row in rows:
        where = f"{source}:{line}"
        number = _int(row, "number", where, problems)
        if number in seen:
            problems.append(
                _("{where}: domino number {number} repeats line {line}").format(
                    where=where, number=number, line=seen[number]
                )
            )
        seen[number] = line
        squares = []
        for side in ("left", "right"):
            terrain = (row.get(f"{side}_terrain") or "").strip()
            fire = _int(row, f"{side}_fire", where, problems)
            craters = _int(row, f"{side}_craters", where, problems)
            if terrain not in TERRAIN_NAMES:
                problems.append(
                    _("{where}: unknown terrain {terrain!r}; expected one of {known}").format(
                        where=where, terrain=terrain, known=", ".join(TERRAIN_NAMES)
                    )
                )
            elif terrain == VOLCANO and (fire or craters not in (1, 2, 3)):
                problems.append(
                    _(
                        "{where}: a volcano has 1 to 3 craters and no fire, not "
                        "{craters} craters and {fire} fire"
                    ).format(where=where, craters=craters, fire=fire)
                )
            elif terrain != VOLCANO and craters:
                problems.append(
                    _("{where}: only a volcano has craters, not {terrain}").format(
                        where=where, terrain=terrain
                    )
                )
            found[(terrain, fire, craters)] += 1
            marks = (("craters", craters),) if craters else ()
            squares.append(Square(terrain=terrain, crowns=fire, marks=marks))
        dominoes.append(Domino(id=DominoId(number=number), squares=(squares[0], squares[1])))
    if len(rows) != 48 or sorted(seen) != list(range(1, 49)):
        problems.append(
            _(
                "{source}: expected 48 dominoes numbered 1 to 48, found {n} "
                "(numbers {low} to {high})"
            ).format(
                source=source, n=len(rows), low=min(seen, default=0), high=max(seen, default=0)
            )
        )
    official = official_distribution()
    for kind in sorted(set(official) | set(found)):
        if found[kind] != official[kind]:
            problems.append(
                _(
                    "{source}: {n} squares of {kind}, the official "
                    "distribution has {official} (docs/rules/origins.md)"
                ).format(
                    source=source, n=found[kind], kind=_describe(kind), official=official[kind]
                )
            )
    return DominoSet(name="origins", dominoes=tuple(dominoes)), problems


@cache
def shipped_dominoes() -> DominoSet:
    """The shipped reconstruction (checked like any other list)."""
    dset, problems = parse_dominoes(_read(SHIPPED_DOMINOES), SHIPPED_DOMINOES)
    if problems:
        raise RulesetError(problems)
    return dset


def load_dominoes(path: str) -> DominoSet:
    """The domino list of option ``dominoes`` ('' for the shipped reconstruction).

    Raises ``RulesetError`` naming every problem of the file.
    """
    if not path:
        return shipped_dominoes()
    file = Path(path)
    text = read_data_file(file, key="options.origins.dominoes")
    dset, problems = parse_dominoes(text, str(file))
    if problems:
        raise RulesetError(problems)
    return dset
