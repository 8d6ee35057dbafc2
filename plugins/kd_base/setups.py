"""Set-up by player count (docs/rules/base.md, set-up)."""

from __future__ import annotations

from attrs import frozen


@frozen(kw_only=True)
class Setup:
    kings_per_seat: int
    line_size: int
    lines_total: int


#: Official set-ups. Dominoes in play = line_size x lines_total; drawing only that
#: many lines from the full box is the same, for every player, as setting the rest
#: aside unseen (docs/rules/base.md: 24 set aside with 2 players, 12 with 3).
OFFICIAL = {
    2: Setup(kings_per_seat=2, line_size=4, lines_total=6),
    3: Setup(kings_per_seat=1, line_size=3, lines_total=12),
    4: Setup(kings_per_seat=1, line_size=4, lines_total=12),
}

#: The designer's 3-player variant (docs/rules/base.md, set-up): all 48 dominoes
#: in lines of 4; the domino nobody picks is discarded each round.
THREE_PLAYER_VARIANT = Setup(kings_per_seat=1, line_size=4, lines_total=12)
