"""The 17 quest tiles (``data/quests.csv``) and how each one is scored.

A :class:`Quest` is data: its id (``local_business_wheat``), its printed name,
its points per unit and the unit's word. :func:`units` dispatches to the pure
functions of :mod:`kd_quests.scorers`.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Callable
from functools import cache
from importlib import resources

from attrs import frozen

from kingdomino_core import Kingdom
from kingdomino_core.i18n import package_translation

from . import scorers

_ = package_translation("kd_quests")
_l = _.lazy

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

#: The printed names of ``data/quests.csv``, marked for translation (a quest's
#: :attr:`Quest.words` is its name, translated when shown).
NAMES = (
    _l("Local Business (wheat)"),
    _l("Local Business (forest)"),
    _l("Local Business (lake)"),
    _l("Local Business (grassland)"),
    _l("Local Business (swamp)"),
    _l("Local Business (mine)"),
    _l("The Four Corners of the Kingdom (wheat)"),
    _l("The Four Corners of the Kingdom (forest)"),
    _l("The Four Corners of the Kingdom (lake)"),
    _l("The Four Corners of the Kingdom (grassland)"),
    _l("The Four Corners of the Kingdom (swamp)"),
    _l("The Four Corners of the Kingdom (mine)"),
    _l("Harmony"),
    _l("The Middle Kingdom"),
    _l("The Lost Corner"),
    _l("La Folie des Grandeurs (Megalomania)"),
    _l("The Bleak King (Austere King)"),
)

#: What one unit of a quest is, in words.
UNIT_WORDS = {
    "square around the castle": _l("square around the castle"),
    "corner": _l("corner"),
    "line of 3 crowned squares": _l("line of 3 crowned squares"),
    "crownless property of 5+ squares": _l("crownless property of 5+ squares"),
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

    @property
    def words(self) -> str:
        """The printed name, translated when shown (as data: the data file's name)."""
        return _l(self.name)

    def describe(self) -> str:
        """``The Lost Corner, 20 points`` or ``Local Business (wheat), 5 per square
        around the castle`` (names may hold brackets of their own, so none are added)."""
        if self.unit:
            unit = UNIT_WORDS.get(self.unit, self.unit)
            return _("{name}, {n} per {unit}").format(name=self.words, n=self.points, unit=unit)
        return _("{name}, {n} points").format(name=self.words, n=self.points)


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


def scorer(quest: Quest, ctx: QuestContext) -> Callable[[Kingdom], int]:
    """A function giving the units ``kingdom`` meets ``quest`` for (squares, corners, ...).

    Built once per engine and quest, so scoring a kingdom does no lookups (bots
    score kingdoms in their inner loop).
    """
    kind = quest.kind
    frame = ctx.frame
    if kind == "local_business":
        terrain = ctx.terrains[quest.terrain]
        return lambda k: scorers.local_business(k, terrain)
    if kind == "four_corners":
        terrain = ctx.terrains[quest.terrain]
        return lambda k: scorers.four_corners(k, terrain, frame)
    if kind == "harmony":
        return scorers.harmony
    if kind == "middle_kingdom":
        return lambda k: scorers.middle_kingdom(k, frame)
    if kind == "lost_corner":
        return lambda k: scorers.lost_corner(k, frame)
    if kind == "folie_des_grandeurs":
        if not ctx.folie_covered_crowns:
            return scorers.folie_des_grandeurs
        layer = ctx.covered_layer

        def folie(k: Kingdom) -> int:
            crowned = scorers.crowned_mask(k)
            for cell in k.layers.get(layer) or {}:
                if cell != k.board.castle:  # a giant on the castle covers nothing
                    crowned |= 1 << cell
            return scorers.folie_des_grandeurs(k, crowned)

        return folie
    if kind == "bleak_king":
        bleak = frozenset(ctx.terrains[t] for t in BLEAK_TERRAINS)
        return lambda k: scorers.bleak_king(k, bleak)
    raise ValueError(f"unknown quest kind {kind!r}")


def units(quest: Quest, kingdom: Kingdom, ctx: QuestContext) -> int:
    """How many times ``kingdom`` meets ``quest`` (squares, corners, lines, ...)."""
    return scorer(quest, ctx)(kingdom)


def points(quest: Quest, kingdom: Kingdom, ctx: QuestContext) -> int:
    """The points ``kingdom`` scores for ``quest``."""
    return quest.points * units(quest, kingdom, ctx)


def point_functions(ctx: QuestContext) -> dict[str, Callable[[Kingdom], int]]:
    """Every quest's points as a function of a kingdom, by quest id."""
    return {q.id: _times(scorer(q, ctx), q.points) for q in all_quests().values()}


def _times(count: Callable[[Kingdom], int], per: int) -> Callable[[Kingdom], int]:
    return lambda kingdom: per * count(kingdom)
