"""The five-domino line and its discards before anyone chooses (I-G3).

Every line holds five dominoes, ordered with the lettered giant dominoes first
(A..F), then ascending numbers. With fewer than five players the dominoes at the
I-G3 positions (1 = top) are discarded before any king is placed: the plugin names
them in ``kd_line_discards`` and the core takes them off the line and out of play
through its one discard path (``Game.discard``: nobody's, in ``Game.unpicked``).
"""

from __future__ import annotations

from kingdomino_core import DominoId

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


def discarded(line: list[DominoId], positions: tuple[int, ...]) -> list[DominoId]:
    """The dominoes of the ordered ``line`` at the discarded ``positions``."""
    return [line[p - 1] for p in positions if p <= len(line)]
