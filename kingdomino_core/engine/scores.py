"""A game's scores: each kingdom's score sheet and total, and the ranking, cached
per state of the game.

:class:`GameScores` is the part of :class:`~kingdomino_core.engine.game.Game` that
asks the scoring hooks: ``kd_score_kingdom`` for a kingdom's lines, the fast totals
plugins declared (``RuleBook.add_fast_scoring``) when every scoring plugin has one,
``kd_rank`` for the places. ``Game`` inherits it, so every name here is the game's
own (``game.score_sheet(0)``).

The cache (docs/api.md, "Scores are cached per state"). A display, a server
building a table's state in each language, a bot's evaluation ask for the same
scores of the same state many times; the game keeps what it computed until its
state may change, so a plugin writes its rule once (as lines) and no front end
needs its own copy. Safe by construction rather than by care:

* the core drops the cache and counts a new :attr:`GameScores.revision` at every
  point the state may change: each action and chance outcome applied (whatever
  the step handlers and hooks did during it), ``insert_steps``, ``discard``,
  ``swap_kings``; a clone, a replayed game (undo) and a view start without one;
* while a step handler or a hook runs (``_busy``: mid-move, or while a sheet or a
  ranking is being made) nothing is read from or kept in the cache: a hook asking
  for a score in the middle of a move always gets it computed afresh;
* a kept value is only given back while the game holds the very same kingdom
  objects, plugin state values and finished games it was computed with, and each
  kingdom has the same squares and crowns (a bot trying a kingdom in place of
  another, a test replacing or editing one, see the scores of that kingdom, not
  the cached ones);
* every kept value is immutable (``ScoreSheet``, ``Ranking`` are frozen);
* a game played unchecked (``check_hooks=False``: a bot's search, ``kd simulate``)
  keeps nothing: its states are seldom scored twice;
* code that changes a game in place outside actions (a test builder editing a
  kingdom's layers, a program editing ``game.ext``) calls :meth:`GameScores.changed`.
"""

from __future__ import annotations

from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any

from ..model.scoring import Ranking, ScoreSheet, rank_by
from .match import match_total, scoring_loop

if TYPE_CHECKING:  # the game's own fields, which its scores read (game.py uses this)
    from ..hooks.table import HookTable
    from ..model.kingdom import Kingdom
    from .config import GameConfig
    from .engine import Engine
    from .game import Game


_OCCUPIED = attrgetter("occupied")
_PLANES = attrgetter("planes")


class _Scored:
    """The scores of one state of a game, with what they were computed from."""

    __slots__ = ("ext", "games", "kingdoms", "occupied", "planes", "ranking", "sheets")

    def __init__(self, game: GameScores) -> None:
        kingdoms = game.kingdoms
        self.kingdoms = tuple(kingdoms)
        self.occupied = list(map(_OCCUPIED, kingdoms))  # (squares: map, no Python frame)
        self.planes = list(map(list, map(_PLANES, kingdoms)))  # crowns, copied
        self.ext = tuple(game.ext.values())
        self.games = len(game.match_sheets)
        self.sheets: dict[int, ScoreSheet] = {}
        self.ranking: Ranking | None = None

    def fits(self, game: GameScores) -> bool:
        """Whether ``game`` still holds what these scores were computed from."""
        kingdoms, ext = game.kingdoms, game.ext
        return (
            len(kingdoms) == len(self.kingdoms)
            and all(map(is_, kingdoms, self.kingdoms))
            and list(map(_OCCUPIED, kingdoms)) == self.occupied
            and list(map(_PLANES, kingdoms)) == self.planes
            and len(ext) == len(self.ext)
            and all(map(is_, ext.values(), self.ext))
            and len(game.match_sheets) == self.games
        )


class GameScores:
    """Score sheets, totals and the ranking of a game, cached per state (``Game``
    inherits them; see the module docstring)."""

    __slots__ = ("_busy", "_cache", "_revision", "_scoring")

    if TYPE_CHECKING:
        engine: Engine
        config: GameConfig
        hooks: HookTable
        kingdoms: list[Kingdom]
        ext: dict[str, Any]
        match_sheets: list[tuple[ScoreSheet, ...]]
        _busy: int
        _cache: _Scored | None
        _revision: int
        _scoring: int

    @property
    def revision(self) -> int:
        """A count of the points where this game's state may have changed (each
        action and chance outcome applied, :meth:`changed`, ...): equal revisions
        of one game object, the same state. Cached scores live for one revision."""
        return self._revision

    def changed(self) -> None:
        """Say that this game's state changed outside an action: cached scores are
        dropped. Actions need none (the core counts them); call it after editing a
        game in place from outside, as the testing kit's builders do."""
        self._revision += 1
        self._cache = None

    def score_sheet(self, kingdom: int) -> ScoreSheet:
        """Every score line of kingdom ``kingdom`` now (``kd_score_kingdom`` of every
        plugin, in hook order), cached for this state. Asked again for a kingdom being
        scored (by its own ``kd_score_kingdom``), it raises ``RuntimeError``: that
        would never end."""
        cache = self._scored()
        if cache is None:
            return self._fresh_sheet(kingdom)
        found = cache.sheets.get(kingdom)
        if found is None:
            found = self._fresh_sheet(kingdom)
            if self._cache is cache and cache.fits(self):  # (the hooks only read)
                cache.sheets[kingdom] = found
        return found

    def score_total(self, kingdom: int) -> int:
        """Points of one kingdom: ``score_sheet(kingdom).total``, from the sheet
        already made for this state if there is one, else computed fast when every
        scoring plugin declared a fast total (``RuleBook.add_fast_scoring``)."""
        cache = self._cache
        if cache is not None and not self._busy:
            sheet = cache.sheets.get(kingdom)
            if (
                sheet is not None
                and self.kingdoms[kingdom] is cache.kingdoms[kingdom]  # (a bot's trial?)
                and cache.fits(self)
            ):
                return sheet.total
        totals = self.engine.score_totals
        if totals is None:
            return self.score_sheet(kingdom).total
        points = 0
        game: Game = self  # type: ignore[assignment]  # (the only subclass)
        for total in totals:  # a loop, not sum() over a generator: bots call this a lot
            points += total(game, kingdom)
        return points

    def scores(self) -> list[ScoreSheet]:
        """The score sheet of every kingdom in the current game (a new list; the
        sheets cached for this state)."""
        count = len(self.kingdoms)
        cache = self._scored()
        if cache is None:
            return [self._fresh_sheet(k) for k in range(count)]
        kept = cache.sheets
        found = [kept.get(k) for k in range(count)]
        made = {k: self._fresh_sheet(k) for k in range(count) if found[k] is None}
        if made:
            if self._cache is cache and cache.fits(self):  # (the hooks only read)
                kept.update(made)
            found = [made[k] if sheet is None else sheet for k, sheet in enumerate(found)]
        return found  # type: ignore[return-value]  # (every None replaced)

    def ranking(self, sheets: list[ScoreSheet] | None = None) -> Ranking:
        """The ranking with the tie-breaks of the active rules (``sheets``: the
        current score sheets, if already computed), cached for this state when
        ``sheets`` is not given."""
        if sheets is not None:
            return self._rank(sheets)
        cache = self._scored()
        if cache is not None and cache.ranking is not None:
            return cache.ranking
        found = self._rank(self.scores())
        if cache is not None and self._cache is cache and cache.fits(self):
            cache.ranking = found
        return found

    def winners(self, ranking: Ranking | None = None) -> tuple[int, ...]:
        """Seats of the winning kingdom(s) (``ranking``: if already computed)."""
        win = (ranking or self.ranking()).winners
        return tuple(s for s in range(self.config.players) if self.config.kingdom_of(s) in win)

    # -- computing -----------------------------------------------------------------

    def _scored(self) -> _Scored | None:
        """The cache of this state (made empty if the state is not the one it was
        made for), or None while a step handler or a hook runs, and in a game played
        unchecked (a bot's search, ``kd simulate``: states seldom scored twice, where
        keeping them would only cost)."""
        if self._busy or not self.hooks.check:
            return None
        cache = self._cache
        if cache is None or not cache.fits(self):
            cache = self._cache = _Scored(self)
        return cache

    def _fresh_sheet(self, kingdom: int) -> ScoreSheet:
        """The score sheet of ``kingdom`` computed now, from the hooks."""
        if self._scoring >> kingdom & 1:
            raise scoring_loop(kingdom)
        self._scoring |= 1 << kingdom
        self._busy += 1
        lines = []
        game: Game = self  # type: ignore[assignment]
        try:
            for contributed in self.hooks.kd_score_kingdom(game=game, kingdom=kingdom):
                lines.extend(contributed)
        finally:
            self._scoring &= ~(1 << kingdom)
            self._busy -= 1
        return ScoreSheet(kingdom=kingdom, lines=tuple(lines))

    def _rank(self, sheets: list[ScoreSheet]) -> Ranking:
        """``kd_rank`` on ``sheets`` (the default ranking when no plugin ranks)."""
        game: Game = self  # type: ignore[assignment]
        self._busy += 1
        try:
            found = self.hooks.kd_rank(game=game, sheets=sheets)
        finally:
            self._busy -= 1
        if found is None:  # no ranking plugin: by match total alone, ties shared
            totals: dict[int, tuple[int, ...]] = {
                s.kingdom: (match_total(game, s.kingdom, s.total),) for s in sheets
            }
            found = rank_by(totals, ("total",))
        return found
