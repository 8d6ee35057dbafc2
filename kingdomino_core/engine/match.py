"""Points and places over a match: the one place match totals are computed.

A match is ``config.games`` games in a row on one engine (the base game's Dynasty
option, docs/rules/base.md, rule I-B1). When a game of a match ends, the core keeps
its score sheets in ``game.match_sheets`` and deals the next game; the match is won
on the sum of every game's totals. Outside a match ``game.match_sheets`` is empty and
a kingdom's match total is simply its total.

Everything that shows or uses match totals (the ranking plugins, ``kd play``,
``kd simulate``, the web table, the bots, the RL environment) calls these functions.

``ranked_places`` is the fast ranking ``kd simulate`` and the bots use: when every
plugin implementing ``kd_rank`` declared a total-first ranking
(``total_first`` in :meth:`~kingdomino_core.RuleBook.add_fast_scoring`), kingdoms are ordered by
their match totals from the fast totals (``Game.score_total``), and score sheets are
built only for kingdoms tied on their total, to break those ties.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..model.scoring import rank_by

if TYPE_CHECKING:
    from .game import Game

__all__ = ["match_games", "match_total", "match_totals", "ranked_places", "winning_kingdoms"]


def match_total(game: Game, kingdom: int, current: int = 0) -> int:
    """Kingdom ``kingdom``'s points over the match: ``current`` (its total in the game
    being played) plus its totals in the match's finished games. With ``current=0``:
    the points of the finished games alone."""
    for past in game.match_sheets:
        current += past[kingdom].total
    return current


def _current(game: Game, current: Sequence[int] | None) -> Sequence[int]:
    if current is not None:
        return current
    return [game.score_total(k) for k in range(len(game.kingdoms))]


def match_totals(game: Game, current: Sequence[int] | None = None) -> list[int]:
    """Each kingdom's match total (its total outside a match). ``current``: the totals
    of the game being played if already known (else ``Game.score_total``'s)."""
    now = _current(game, current)
    if not game.match_sheets:
        return list(now)
    return [match_total(game, k, total) for k, total in enumerate(now)]


def match_games(game: Game, current: Sequence[int] | None = None) -> list[list[int]]:
    """The totals of every game of the match so far, one row per game, the game being
    played last (one row outside a match). Column sums are :func:`match_totals`."""
    rows = [[sheet.total for sheet in past] for past in game.match_sheets]
    rows.append(list(_current(game, current)))
    return rows


def ranked_places(
    game: Game, current: Sequence[int] | None = None, *, limit: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """``game.ranking().places`` (kingdoms from first to last, ties sharing a place),
    computed without score sheets where the rules allow it (see the module docstring).

    ``current``: the totals of the game being played if already known. ``limit``:
    at least the first ``limit`` places, maybe more (``limit=1``: ``[0]`` is the
    winning kingdoms, and only a tie for first place builds score sheets).
    """
    engine = game.engine
    if not engine.total_first_ranking:
        return game.ranking().places
    totals = match_totals(game, current)
    # Highest first; the sort is stable, so kingdoms with equal totals stay in order.
    order = sorted(range(len(totals)), key=totals.__getitem__, reverse=True)
    if len(set(totals)) == len(totals):  # no tie: no sheets at all
        return tuple((k,) for k in order)
    by_total: dict[int, list[int]] = {}
    for k in order:
        by_total.setdefault(totals[k], []).append(k)
    places: list[tuple[int, ...]] = []
    for tied in by_total.values():
        if limit is not None and len(places) >= limit:
            break
        if len(tied) == 1:
            places.append((tied[0],))
            continue
        places.extend(_break_tie(game, totals, tied))
    return tuple(places)


def winning_kingdoms(game: Game, current: Sequence[int] | None = None) -> tuple[int, ...]:
    """The kingdoms that won (``game.ranking().winners``: none when nobody won, as
    in a solo challenge whose target was missed), from the fast totals when the
    rules allow it (:func:`ranked_places`). ``current``: the totals of the game
    being played if already known."""
    if not game.engine.total_first_ranking:
        return game.ranking().winners  # the rules may decide winners themselves
    return ranked_places(game, current, limit=1)[0]


def _break_tie(game: Game, totals: Sequence[int], tied: list[int]) -> tuple[tuple[int, ...], ...]:
    """The places of kingdoms ``tied`` on their match total: from the ranking plugin's
    fast tie-break values if it declared them, else from ``kd_rank`` on their sheets."""
    engine = game.engine
    tiebreak = engine.rank_tiebreak
    if tiebreak is not None:
        keys = {k: (totals[k], *tiebreak(game, k)) for k in tied}
        width = len(keys[tied[0]])  # criteria names only label decided_by, unused here
        return rank_by(keys, ("total",) * width).places
    sheets = [game.score_sheet(k) for k in tied]
    found = game.hooks.kd_rank(game=game, sheets=sheets)
    if found is None:  # the default ranking: by match total alone, ties shared
        found = rank_by({k: (totals[k],) for k in tied}, ("total",))
    return found.places


def scoring_loop(kingdom: int) -> RuntimeError:
    """The error of a ``kd_score_kingdom`` that asks for the score of the kingdom it
    is scoring (``Game.score_sheet`` raises it): without a fast total for every
    scoring rule that asks the hook again, without end (it was a ``RecursionError``)."""
    return RuntimeError(
        f"the score of kingdom {kingdom} was asked for while its score lines are being "
        "made (game.score_total, score_sheet or scores inside kd_score_kingdom, with no "
        "fast total for every scoring rule), which would ask kd_score_kingdom again "
        f"without end: compute the lines from game.kingdoms[{kingdom}]"
    )
