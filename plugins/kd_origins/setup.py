"""Origins terrains, set-ups by player count and the Neolithic opening (docs/rules/origins.md)."""

from __future__ import annotations

from kingdomino_core import ClaimRule, Game, Terrain
from kingdomino_core.i18n import package_translation

_ = package_translation("kd_origins")
_l = _.lazy

#: Origins' own names, translated when shown (grassland is the steppe of the French rules).
TERRAINS = (
    Terrain(name=_l("desert"), letter="D", colour="#e6c88a", ansi=180),
    Terrain(name=_l("grassland"), letter="G", colour="#9ccc65", ansi=113),
    Terrain(name=_l("lake"), letter="L", colour="#1e88e5", ansi=33),
    Terrain(name=_l("jungle"), letter="J", colour="#1b5e20", ansi=22),
    Terrain(name=_l("quarry"), letter="Q", colour="#9e9e9e", ansi=247),
    #: Volcano regions never score (docs/rules/origins.md).
    Terrain(name=_l("volcano"), letter="V", colour="#c62828", ansi=160, scores=False),
)

#: Every player count uses all 48 dominoes in 12 lines of 4 (docs/rules/origins.md, set-up):
#: 3 players discard the unpicked domino of each line (the core does so when a line
#: has more dominoes than kings); 2 players ("Neolithic") have 2 chiefs each.
LINE_SIZE = 4
LINES = 12

#: Neolithic opening pairs: slot -> its partner (dominoes 1+4 and 2+3 of the line).
_PARTNER = {0: 3, 3: 0, 1: 2, 2: 1}


class NeolithicOpening(ClaimRule):
    """I-O1: on the first line of a 2-player game, the first drawn player's chiefs take
    dominoes 1 and 4 or 2 and 3, the opponent's the other two.

    The chiefs are drawn one by one and may alternate between players, so the rule is
    stated per claim: a chief may take a slot only if the partner slot is free or
    holds a chief of the same player, and only if the player's other chief (if placed)
    is on that pair. The first chief placed thus chooses the pair for its player.
    """

    id = "origins.neolithic_opening"
    description = _l("first line of Neolithic: each player's two chiefs take dominoes 1+4 or 2+3")

    def check(self, game: Game, seat: int, king: int, slot: int) -> str | None:
        if game.lines_drawn != 1 or len(game.next_line) != LINE_SIZE:
            return None
        partner = _PARTNER[slot]
        other = game.next_kings[partner]
        if other is not None and game.owner(other) != seat:
            return _(
                "domino {slot} pairs with domino {partner}, which the opponent "
                "holds: the opening takes dominoes 1+4 or 2+3"
            ).format(slot=slot + 1, partner=partner + 1)
        for s, k in enumerate(game.next_kings):
            if k is not None and s not in (slot, partner) and game.owner(k) == seat:
                return _(
                    "your other chief is on domino {other}, so this one must take "
                    "domino {partner} (the opening takes dominoes 1+4 or 2+3)"
                ).format(other=s + 1, partner=_PARTNER[s] + 1)
        return None
