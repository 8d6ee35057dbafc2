"""The 12 Age of Giants dominoes, read from ``data/aog_dominoes.csv``.

Giant dominoes are lettered A to F and sort before every number (the line puts
them above the smallest number). They are identified as numbers -6 to -1 (A is
-6, I-G2), so the base game's ascending line order puts A..F first, in order;
their ``Domino.label`` is the letter, which every display shows.
Footprint dominoes are numbers 49 to 54.
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

from kingdomino_core import Domino, DominoId, DominoSet, Square

SET_NAME = "age_of_giants"
LETTERS = "ABCDEF"


def giant_id(letter: str) -> DominoId:
    """The id of giant domino ``letter`` (A is -6, F is -1)."""
    return DominoId(number=LETTERS.index(letter.upper()) - len(LETTERS))


@cache
def _rows() -> tuple[dict[str, str], ...]:
    text = resources.files(__package__).joinpath("data/aog_dominoes.csv").read_text("utf-8")
    return tuple(csv.DictReader(text.splitlines()))


def _id(row: dict[str, str]) -> DominoId:
    key = row["id"]
    return giant_id(key) if key.isalpha() else DominoId(number=int(key))


@cache
def aog_dominoes() -> DominoSet:
    """The 12 dominoes (6 giant, 6 footprint) as one set."""
    dominoes = []
    for row in _rows():
        squares = (
            Square(terrain=row["left_terrain"], crowns=int(row["left_crowns"])),
            Square(terrain=row["right_terrain"], crowns=int(row["right_crowns"])),
        )
        letter = row["id"] if row["id"].isalpha() else ""
        dominoes.append(Domino(id=_id(row), squares=squares, label=letter))
    return DominoSet(name=SET_NAME, dominoes=tuple(dominoes))


@cache
def giant_dominoes() -> frozenset[DominoId]:
    """Ids of the dominoes with a giant (A-F)."""
    return frozenset(_id(r) for r in _rows() if r["mark"] == "giant")


@cache
def footprint_dominoes() -> frozenset[DominoId]:
    """Ids of the dominoes with footprints (49-54)."""
    return frozenset(_id(r) for r in _rows() if r["mark"] == "footprint")
