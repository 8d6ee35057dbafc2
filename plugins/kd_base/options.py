"""The base plugin's options: ``[options.base]`` in a ruleset.

Every default that docs/rules/base.md fixes where the published rules are silent (I-B1 to
I-B4) is an option here, so a table that plays it differently can say so.
"""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen

TieBreak = Literal["largest_property", "crowns"]


@frozen(kw_only=True)
class BaseOptions:
    """The ``[options.base]`` table; a variant extends it with options of its own."""

    #: Middle Kingdom: +points when the castle is at the centre (docs/rules/base.md).
    middle_kingdom: bool = False
    middle_kingdom_points: int = 10
    #: I-B2 / I-B4: the frame whose centre the castle must be; 0 means the kingdom
    #: size (5 for 5x5, 7 for 7x7). A kingdom need not be complete to qualify.
    middle_kingdom_frame: int = 0
    #: Harmony: +points for a complete kingdom (docs/rules/base.md).
    harmony: bool = False
    harmony_points: int = 5
    #: I-B3: any discard by a seat of the kingdom loses Harmony; a line's unpicked
    #: domino belongs to nobody.
    harmony_requires_no_discard: bool = True
    #: Dynasty: play several games and sum the scores (docs/rules/base.md).
    dynasty: bool = False
    dynasty_games: int = 3
    #: Tie-breaks after the total, in order (docs/rules/base.md); then a shared victory.
    tiebreaks: tuple[TieBreak, ...] = field(default=("largest_property", "crowns"))
    #: I-B1: Dynasty tie-breaks: largest single property over the games, then
    #: total crowns over the games, then shared.
    dynasty_tiebreaks: tuple[TieBreak, ...] = field(default=("largest_property", "crowns"))
    #: The designer's 3-player variant (docs/rules/base.md, set-up): all 48
    #: dominoes in lines of 4, the unpicked domino discarded each round.
    three_player_all_dominoes: bool = False
