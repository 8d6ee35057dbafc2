"""The Court's options: ``[options.court]`` in a ruleset.

Every default docs/rules/court.md fixes where the published rules are silent
(I-C1 to I-C9) is an option here. Where docs/rules/court.md names no alternative the
option accepts only its default: a ruleset can still state it, and the id shows
what the engine does.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen


@frozen(kw_only=True)
class CourtOptions:
    #: Tiles shown face up on the court board (docs/rules/court.md: 3).
    visible_tiles: int = 3
    #: I-C1: one court tile per square, never on the castle (no alternative).
    tile_squares: Literal["one_per_square_not_castle"] = "one_per_square_not_castle"
    #: I-C2: a building's square keeps its terrain and property; the building's
    #: crowns are added to it (no alternative).
    building_square: Literal["keeps_terrain_adds_crowns"] = "keeps_terrain_adds_crowns"
    #: I-C3: a purchase is allowed at the end of the final, place-only turn.
    buy_on_final_turn: bool = True
    #: I-C4: with 2 kings per seat, one purchase per king-turn (up to 2 a round), or
    #: ``"per_round"``: one per seat per round.
    two_king_purchases: Literal["per_king_turn", "per_round"] = "per_king_turn"
    #: I-C5: spent tokens go back to an unlimited supply (``"supply"``), or leave the
    #: game (``"discard"``): the supply is then the printed tokens (court_resources.csv)
    #: and a square laid out when its kind has run out gets none.
    spent_tokens: Literal["supply", "discard"] = "supply"
    #: I-C6: when the pile is empty, fewer tiles stay visible (no alternative).
    empty_pile: Literal["fewer_visible"] = "fewer_visible"
    #: I-C7: the King counts printed crowns plus building crowns; false: printed only.
    king_counts_building_crowns: bool = True
    #: I-C8: points per resource token left in a kingdom at the end (0).
    leftover_resource_points: int = 0
    #: I-C9: ties are broken by the host game's tie-breaks (no alternative).
    tiebreaks: Literal["host"] = "host"
