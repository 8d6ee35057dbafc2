"""Kingdomino XL's options: ``[options.xl]`` in a ruleset (docs/rules/xl.md)."""

from __future__ import annotations

from typing import Literal

from attrs import frozen

from .two_boxes import TwoBoxOptions

ThreePlayers = Literal["set_aside", "all_dominoes"]


@frozen(kw_only=True)
class XlOptions(TwoBoxOptions):
    """The ``[options.xl]`` table: the two-box options and XL's own."""

    #: I-X1: with 3 players, ``"set_aside"`` puts 12 random dominoes of each box aside
    #: unseen and plays lines of 3 (72 dominoes); ``"all_dominoes"`` plays all 96 in
    #: lines of 4, the domino nobody picks discarded each round (docs/rules/xl.md, I-X1).
    three_players: ThreePlayers = "set_aside"
