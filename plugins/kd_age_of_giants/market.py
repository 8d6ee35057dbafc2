"""The five-domino line and its discards before anyone chooses (I-G3).

Every line holds five dominoes, ordered with the lettered giant dominoes first
(A..F), then ascending numbers. With fewer than five players the dominoes at the
I-G3 positions (1 = top) are discarded before any king is placed: no king may
take them, and at the start of the round they join the line's unpicked dominoes
(``Game.unpicked``), out of the game.
"""

from __future__ import annotations

from kingdomino_core import ClaimRule, DominoId, Game

from .dominoes import label
from .options import AgeOfGiantsOptions


def discard_positions(options: AgeOfGiantsOptions, players: int) -> tuple[int, ...]:
    """Line positions (1 = top) discarded before anyone chooses, for ``players``."""
    by_players = {
        2: options.discards_2p,
        3: options.discards_3p,
        4: options.discards_4p,
        5: options.discards_5p,
    }
    return by_players.get(players, ())


def discarded(game: Game, line: list[DominoId], positions: tuple[int, ...]) -> list[DominoId]:
    """The dominoes of ``line`` at the discarded ``positions``."""
    return [line[p - 1] for p in positions if p <= len(line)]


class MarketDiscards(ClaimRule):
    """No king may take a domino discarded from the line (I-G3)."""

    id = "aog.market_discard"
    description = "dominoes at the discarded line positions cannot be chosen (I-G3)"

    def __init__(self, positions: tuple[int, ...]) -> None:
        self.slots = frozenset(p - 1 for p in positions)

    def check(self, game: Game, seat: int, king: int, slot: int) -> str | None:
        if slot not in self.slots:
            return None
        return (
            f"domino {label(game.next_line[slot])} (position {slot + 1}) was discarded "
            "from the line before anyone chose (I-G3)"
        )
