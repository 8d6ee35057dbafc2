"""A game's scores: each kingdom's score sheet and total, and the ranking.

:class:`GameScores` is the part of :class:`~kingdomino_core.engine.game.Game` that
asks the scoring hooks: ``kd_score_kingdom`` for a kingdom's lines, the fast totals
plugins declared (``RuleBook.add_fast_scoring``) when every scoring plugin has one,
``kd_rank`` for the places. ``Game`` inherits it, so every name here is the game's
own (``game.score_sheet(0)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.scoring import Ranking, ScoreSheet, rank_by
from .match import match_total, scoring_loop

if TYPE_CHECKING:  # the game's own fields, which its scores read (game.py uses this)
    from ..hooks.table import HookTable
    from ..model.kingdom import Kingdom
    from .config import GameConfig
    from .engine import Engine
    from .game import Game


class GameScores:
    """Score sheets, totals and the ranking of a game (``Game`` inherits them)."""

    __slots__ = ("_scoring",)

    if TYPE_CHECKING:
        engine: Engine
        config: GameConfig
        hooks: HookTable
        kingdoms: list[Kingdom]
        _scoring: int

    def score_sheet(self, kingdom: int) -> ScoreSheet:
        """Every score line of kingdom ``kingdom`` now (``kd_score_kingdom`` of every
        plugin, in hook order). Asked again for a kingdom being scored (by its own
        ``kd_score_kingdom``), it raises ``RuntimeError``: that would never end."""
        if self._scoring >> kingdom & 1:
            raise scoring_loop(kingdom)
        self._scoring |= 1 << kingdom
        lines = []
        game: Game = self  # type: ignore[assignment]  # (the only subclass)
        try:
            for contributed in self.hooks.kd_score_kingdom(game=game, kingdom=kingdom):
                lines.extend(contributed)
        finally:
            self._scoring &= ~(1 << kingdom)
        return ScoreSheet(kingdom=kingdom, lines=tuple(lines))

    def score_total(self, kingdom: int) -> int:
        """Points of one kingdom: ``score_sheet(kingdom).total``, computed fast when
        every scoring plugin registered a fast total (``RuleBook.add_score_total``)."""
        totals = self.engine.score_totals
        if totals is None:
            return self.score_sheet(kingdom).total
        points = 0
        game: Game = self  # type: ignore[assignment]
        for total in totals:  # a loop, not sum() over a generator: bots call this a lot
            points += total(game, kingdom)
        return points

    def scores(self) -> list[ScoreSheet]:
        """The score sheet of every kingdom in the current game."""
        return [self.score_sheet(k) for k in range(len(self.kingdoms))]

    def ranking(self, sheets: list[ScoreSheet] | None = None) -> Ranking:
        """The ranking with the tie-breaks of the active rules (``sheets``: the
        current score sheets, if already computed)."""
        if sheets is None:
            sheets = self.scores()
        game: Game = self  # type: ignore[assignment]
        found = self.hooks.kd_rank(game=game, sheets=sheets)
        if found is None:  # no ranking plugin: by match total alone, ties shared
            totals: dict[int, tuple[int, ...]] = {
                s.kingdom: (match_total(game, s.kingdom, s.total),) for s in sheets
            }
            found = rank_by(totals, ("total",))
        return found

    def winners(self, ranking: Ranking | None = None) -> tuple[int, ...]:
        """Seats of the winning kingdom(s) (``ranking``: if already computed)."""
        win = (ranking or self.ranking()).winners
        return tuple(s for s in range(self.config.players) if self.config.kingdom_of(s) in win)
