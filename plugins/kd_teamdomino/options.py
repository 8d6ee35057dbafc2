"""Teamdomino's options: ``[options.teamdomino]`` in a ruleset (docs/rules/teamdomino.md)."""

from __future__ import annotations

from typing import Literal

from attrs import frozen
from kd_xl.api import TwoBoxOptions

SixPlayers = Literal["set_aside", "all_dominoes"]


@frozen(kw_only=True)
class TeamdominoOptions(TwoBoxOptions):
    #: The teams, as lists of two seat indices counted from 0 in ``--players`` order
    #: (the numbering of the JSON output). Team ``i`` builds kingdom ``i``. Empty: seats
    #: 0+1, 2+3, 4+5 (and 6+7), i.e. players 1+2, 3+4, ... A list of 3 teams makes
    #: the ruleset a 6-player one, a list of 4 teams an 8-player one.
    teams: tuple[tuple[int, ...], ...] = ()
    #: With 6 players: ``"set_aside"`` returns 12 random dominoes of each box unseen and
    #: plays lines of 6 (72 dominoes, docs/rules/teamdomino.md); ``"all_dominoes"`` plays all
    #: 96 in lines of 8, the 2 dominoes nobody picks discarded each round
    #: (the Royal Wedding way, docs/rules/teamdomino.md).
    six_players: SixPlayers = "set_aside"
