"""House rule "reverse order": each round, the kings act from the lowest score up.

A turn-order rule shipped as a single file: ``reverse-order.toml`` beside it names
it in ``plugin_files``.

The rule, as we play it:

* From the second round on, kings take their turns (place their domino, then pick
  the next one) in order of their kingdom's score at the start of the round, lowest
  first, so the player behind chooses first. Kings of kingdoms with the same score
  keep the published order: the order of their dominoes in the line.
* The first picks, before anything is placed, follow the order the kings were
  drawn, as in the base game.
* Which domino a king picks decides only what it places next round, not when it
  acts: the low numbers lose their privilege.

Hooks used: ``kd_turn_order`` (the order of the kings each round).
"""

from __future__ import annotations

from kingdomino_core import Game, hookimpl

NAME = "reverse_order"
HOOK_API = 1
REQUIRES = ("base",)


@hookimpl
def kd_turn_order(game: Game, kings: list[int]) -> list[int]:
    """``kings`` (in line order) sorted by their kingdom's score, lowest first."""
    config = game.config
    score = {k: game.score_total(config.kingdom_of(game.owner(k))) for k in kings}
    position = {k: i for i, k in enumerate(kings)}
    return sorted(kings, key=lambda k: (score[k], position[k]))
