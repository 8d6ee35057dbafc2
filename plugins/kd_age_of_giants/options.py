"""Age of Giants' options: ``[options.age_of_giants]`` in a ruleset.

Every default the rules reference fixes where the published rules are silent
(I-G1 to I-G16, docs/rules/age-of-giants.md) is an option here. Where no
alternative is named the option accepts only its default: a ruleset can still
state it, and the id shows what the engine does. The quest readings (I-G7, I-G9,
I-G10) are options of the ``quests`` plugin.
"""

from __future__ import annotations

from typing import Literal

from attrs import field, frozen


@frozen(kw_only=True)
class AgeOfGiantsOptions:
    #: I-G1: dominoes in play with 2 players in 5x5 kingdoms: a random 30 of the
    #: 60 (6 lines of 5). A multiple of 5 from 5 to 30.
    two_player_dominoes: int = 30
    #: I-G3: line positions (1 = top) discarded before anyone chooses, by player
    #: count. The alternative reading (the lowest dominoes) would be ``[1]`` or
    #: ``[1, 2]``.
    discards_2p: tuple[int, ...] = field(default=(3,))
    discards_3p: tuple[int, ...] = field(default=(2, 4))
    discards_4p: tuple[int, ...] = field(default=(3,))
    discards_5p: tuple[int, ...] = field(default=())
    #: I-G4: a giant domino that is discarded (it fits nowhere) brings no giant;
    #: true: its owner still covers a crown.
    giant_from_discarded_domino: bool = False
    #: I-G5: a giant received from an opponent may be sent on later (true), or
    #: only giants a player took from the supply (false).
    send_received_giants: bool = True
    #: I-G6: how many giants one square holds: one per crown (``"crowns"``), or
    #: ``"one"`` giant per square.
    giants_per_square: Literal["crowns", "one"] = "crowns"
    #: I-G8: covered crowns count in the "most crowns" tie-break (false: they do not).
    covered_crowns_in_tiebreak: bool = False
    #: I-G11: the giant or footprint effect happens right after placing, before
    #: choosing the next domino (no alternative).
    effect_timing: Literal["after_placing"] = "after_placing"
    #: I-G12: with the 2-player 7x7 game (grand_duel): all 60 dominoes, 12 rounds
    #: (no alternative).
    seven_by_seven: Literal["all_dominoes"] = "all_dominoes"
    #: I-G15: a footprint may send a giant only to an opponent with an uncovered
    #: crown (true); false: to any opponent, the giant then standing on a crown if
    #: they have one, else on their castle, covering nothing.
    footprint_needs_crown: bool = True
    #: Giants in the supply at the start (the box holds 6).
    giants: int = 6
