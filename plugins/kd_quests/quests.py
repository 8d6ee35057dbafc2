"""The 17 quest tiles (``data/quests.csv``) and how each one is scored.

A :class:`Quest` is data: its id (``local_business_wheat``), its printed name,
its points per unit and the unit's word. :func:`units` dispatches to the pure
functions of :mod:`kd_quests.scorers`.
"""

from __future__ import annotations

import csv
import re
from functools import cache
from importlib import resources

from attrs import frozen

from kingdomino_core import Kingdom

from . import scorers

#: Quest kinds as written in the CSV, with the id prefix and the unit each counts.
_KINDS = {
    "localBusiness": ("local_business", "square around the castle"),
    "fourCorners": ("four_corners", "corner"),
    "harmony": ("harmony", ""),
    "middleKingdom": ("middle_kingdom", ""),
    "lostCorner": ("lost_corner", ""),
    "folieDesGrandeurs": ("folie_des_grandeurs", "line of 3 crowned squares"),
    "bleakKing": ("bleak_king", "crownless property of 5+ squares"),
}

#: The Bleak King's terrains (the card shows wheat, forest, lake and grassland).
BLEAK_TERRAINS = ("wheat", "forest", "lake", "grassland")


@frozen(kw_only=True, slots=True)
class Quest:
    """One quest tile: scored for every kingdom at the end of the game."""

    id: str
    #: The tile's number in the data file (``Q01`` to ``Q17``).
    number: str
    name: str
    kind: str
    #: The terrain of Local Business and Four Corners tiles, else "".
    terrain: str
    #: Points per unit (per square, corner, line or property) or for meeting it once.
    points: int
    #: What one unit is ("corner"); "" for a quest met once.
    unit: str
    condition: str

    def describe(self) -> str:
        """``The Lost Corner (20)`` or ``Local Business (wheat) (5 per square around ...)``."""
        per = f"{self.points} per {self.unit}" if self.unit else f"{self.points}"
        return f"{self.name} ({per})"


@cache
def all_quests() -> dict[str, Quest]:
    """The 17 quests by id, in the data file's order."""
    text = resources.files(__package__).joinpath("data/quests.csv").read_text("utf-8")
    found: dict[str, Quest] = {}
    for row in csv.DictReader(text.splitlines()):
        prefix, unit = _KINDS[row["kind"]]
        terrain = row["terrain"] if prefix in ("local_business", "four_corners") else ""
        quest_id = f"{prefix}_{terrain}" if terrain else prefix
        points = re.match(r"\d+", row["points"])
        assert points is not None, row["points"]
        found[quest_id] = Quest(
            id=quest_id,
            number=row["id"],
            name=row["name"],
            kind=prefix,
            terrain=terrain,
            points=int(points.group()),
            unit=unit,
            condition=row["condition"],
        )
    return found


def find(name: str) -> Quest | None:
    """A quest by id (``lost_corner``) or tile number (``Q15``)."""
    quests = all_quests()
    if name in quests:
        return quests[name]
    for quest in quests.values():
        if quest.number == name.upper():
            return quest
    return None


@frozen(kw_only=True, slots=True)
class QuestContext:
    """What the scorers need besides the kingdom: terrain indices and the rules' readings."""

    #: Terrain index by name (the registry's).
    terrains: dict[str, int]
    #: I-G9: the frame size (the kingdom size unless a ruleset says otherwise).
    frame: int
    #: I-G7: True counts a giant-covered crown as a crown for La Folie des Grandeurs.
    folie_covered_crowns: bool = False
    #: The kingdom layer of giants (``{cell: crowns covered}``), for I-G7.
    covered_layer: str = "giants"


def units(quest: Quest, kingdom: Kingdom, ctx: QuestContext) -> int:
    """How many times ``kingdom`` meets ``quest`` (squares, corners, lines, ...)."""
    kind = quest.kind
    if kind == "local_business":
        return scorers.local_business(kingdom, ctx.terrains[quest.terrain])
    if kind == "four_corners":
        return scorers.four_corners(kingdom, ctx.terrains[quest.terrain], ctx.frame)
    if kind == "harmony":
        return scorers.harmony(kingdom)
    if kind == "middle_kingdom":
        return scorers.middle_kingdom(kingdom, ctx.frame)
    if kind == "lost_corner":
        return scorers.lost_corner(kingdom, ctx.frame)
    if kind == "folie_des_grandeurs":
        crowned = None
        if ctx.folie_covered_crowns:
            crowned = scorers.crowned_mask(kingdom)
            for cell in kingdom.layers.get(ctx.covered_layer) or {}:
                if cell != kingdom.board.castle:  # a giant on the castle covers nothing
                    crowned |= 1 << cell
        return scorers.folie_des_grandeurs(kingdom, crowned)
    if kind == "bleak_king":
        bleak = frozenset(ctx.terrains[t] for t in BLEAK_TERRAINS)
        return scorers.bleak_king(kingdom, bleak)
    raise ValueError(f"unknown quest kind {kind!r}")


def points(quest: Quest, kingdom: Kingdom, ctx: QuestContext) -> int:
    return quest.points * units(quest, kingdom, ctx)
