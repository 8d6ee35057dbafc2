"""The quests plugin's options: ``[options.quests]`` in a ruleset."""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen


@frozen(kw_only=True)
class QuestsOptions:
    #: Quest tiles revealed at random when a game is set up (Age of Giants: 2 of 17).
    count: int = 2
    #: Quests to play instead of a random draw, by id (``lost_corner``) or tile
    #: number (``Q15``); empty: draw ``count`` at random.
    fixed: tuple[str, ...] = field(default=())
    #: I-G9: the frame whose corners and centre the quests look at; 0 means the
    #: kingdom size (5, or 7 in a 7x7 game).
    frame: int = 0
    #: I-G7: La Folie des Grandeurs counts a square whose crowns are all covered by
    #: giants as crowned (true), or not (false, the default).
    folie_covered_crowns: bool = False
    #: I-G10: a Bleak King property counts once however large (no alternative).
    bleak_king: Literal["once_per_property"] = "once_per_property"
    #: Quests are drawn again for each game of a Dynasty match (no alternative).
    dynasty: Literal["new_quests_each_game"] = "new_quests_each_game"
