"""The origins plugin's options: ``[options.origins]`` in a ruleset.

Every default that docs/rules/origins.md fixes where the
published rules are silent (I-O1 to I-O9) is an option here.
"""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen

Mode = Literal["discovery", "totem", "tribe"]
TieBreak = Literal["largest_region", "fire"]


@frozen(kw_only=True)
class OriginsOptions:
    #: Which game: Discovery (fire only), Totem (resources and totems) or Tribe
    #: (resources and cro-magnons). docs/rules/origins.md.
    mode: Mode = "discovery"
    #: A domino list file (CSV, same columns as the shipped ``origins_dominoes.csv``),
    #: absolute or relative to the ruleset file that names it (the working directory
    #: for options given in code); checked against the official square distribution
    #: (docs/rules/origins.md). Empty: the shipped reconstruction.
    dominoes: str = field(default="", metadata={"path": True})
    #: I-O1: 2 players always play "Neolithic" (2 chiefs each) in kingdoms of this size.
    neolithic_kingdom_size: int = 7
    #: I-O1: in Neolithic, the first drawn player takes dominoes 1+4 or 2+3 of the
    #: first line and the opponent the other two. False: a free opening draft.
    neolithic_opening: bool = True
    #: I-O2: fire may also land on the starting tile (it scores nothing there).
    fire_on_start_tile: bool = False
    #: I-O9: a domino with two volcanoes (none in the shipped list): the player
    #: chooses which token to throw first ("player"), or the printed order ("printed").
    volcano_order: Literal["player", "printed"] = "player"
    #: I-O3: tie-breaks after the total, in order, in every mode; then a shared victory.
    tiebreaks: tuple[TieBreak, ...] = field(default=("largest_region", "fire"))
    #: Totem mode: points per wooden resource left in the kingdom at the end.
    resource_points: int = 1
    #: I-O4 (c): a holder tied with the top opponent count keeps the totem.
    #: False: the totem goes back to the middle when its holder is only tied.
    totem_holder_keeps_on_tie: bool = True
    #: I-O5: a cro-magnon may stand on a volcano square (False: not on volcanoes).
    caveman_on_volcano: bool = True
    #: I-O6: recruiting on the final, placement-only turn.
    recruit_on_final_turn: bool = False
    #: I-O7: recruits per chief-turn.
    recruits_per_turn: int = 1
    #: Empire of Fire: +points when the hut is at the centre (Middle Kingdom).
    empire_of_fire: bool = False
    empire_of_fire_points: int = 10
    #: I-B4: the frame whose centre the hut must be; 0 means the kingdom size
    #: (5, or 7 in Neolithic). An incomplete territory can qualify.
    empire_of_fire_frame: int = 0
    #: Homo Habilis: +points for a complete territory with no discarded domino (Harmony).
    homo_habilis: bool = False
    homo_habilis_points: int = 5
