"""Set-up by player count, read from ``data/player_counts.csv`` (Kingdomino rows).

Five dominoes are drawn every round whatever the player count; with fewer than 5
players some line positions (1 = top) are discarded before anyone chooses (I-G3).
"""

from __future__ import annotations

import csv
from functools import cache
from importlib import resources

from attrs import frozen


@frozen(kw_only=True)
class Setup:
    players: int
    kingdom_size: int
    kings_per_seat: int
    line_size: int
    #: Line positions (1 = top) discarded before anyone chooses.
    discards: tuple[int, ...]
    lines_total: int


@cache
def setups() -> dict[tuple[int, int], Setup]:
    """Kingdomino set-ups by ``(players, kingdom size)``."""
    text = resources.files(__package__).joinpath("data/player_counts.csv").read_text("utf-8")
    found = {}
    for row in csv.DictReader(text.splitlines()):
        if row["base_game"] != "Kingdomino":
            continue  # Queendomino rows: no Queendomino plugin yet
        size = int(row["kingdom"][0])
        positions = row["discarded_line_positions_after_sorting(1=top)"]
        discards = () if positions == "none" else tuple(int(p) for p in positions.split(" and "))
        setup = Setup(
            players=int(row["players"]),
            kingdom_size=size,
            kings_per_seat=int(row["kings_per_player"]),
            line_size=int(row["drawn_per_round"]),
            discards=discards,
            lines_total=int(row["rounds"]),
        )
        found[setup.players, size] = setup
    return found
