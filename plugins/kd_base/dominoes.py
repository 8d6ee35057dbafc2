"""The 48 base-game dominoes, read from ``data/base_dominoes.csv``."""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

from kingdomino_core import Domino, DominoId, DominoSet, Square


@cache
def base_dominoes() -> DominoSet:
    text = resources.files(__package__).joinpath("data/base_dominoes.csv").read_text("utf-8")
    dominoes = []
    for row in csv.DictReader(text.splitlines()):
        squares = (
            Square(terrain=row["left_terrain"], crowns=int(row["left_crowns"])),
            Square(terrain=row["right_terrain"], crowns=int(row["right_crowns"])),
        )
        dominoes.append(Domino(id=DominoId(number=int(row["number"])), squares=squares))
    return DominoSet(name="base", dominoes=tuple(dominoes))
