"""The automatic steps of a game: setting it up, laying out lines, the market, and
starting and ending rounds, turns and games.

A game is a queue of steps (``Game.pending``). Decisions and chance events wait for
an action; the steps here run by themselves as soon as they come first, between
them, calling the market and round hooks (``kd_draw_pool``, ``kd_order_line``,
``kd_line_discards``, ``kd_offer_line``, ``kd_line_laid_out``, ``kd_turn_order``,
``kd_plan_round``, ``kd_start_round``, ``kd_end_of_turn``, ``kd_game_over``,
``kd_end_round``, ``kd_end_game``).

Which of them a game calls is settled once per engine (:class:`Flow`, from the
hooks its plugins implement): each automatic step is a function made of the parts
the engine needs, so a hook nobody implements costs no test and no call while
games run, and the base game's round is the same functions with its own hooks.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from ..errors import PluginError
from ..i18n import get_translation
from ..model.actions import Step
from ..model.components import DominoId, domino_order
from ..model.kingdom import Kingdom
from ..model.market import Offer, line_offer, offer_problem

_l = get_translation("kingdomino_core").lazy
#: The one offer's name in a game whose market is its line (made once: it is immutable).
_LINE = _l("line")

if TYPE_CHECKING:  # the game runs these steps
    from .game import Game

#: An automatic step: runs when it comes first in ``Game.pending``.
Auto = Callable[["Game", Step], None]
#: A part of laying out a line: takes the line so far, returns it.
Stage = Callable[["Game", list[DominoId]], list[DominoId]]


def more_lines(game: Game) -> bool:
    """Whether another line can be laid out (lines left to draw, dominoes left)."""
    return game.lines_drawn < game.config.lines_total and bool(game.pile)


# -- laying out a line -----------------------------------------------------------------


def _whole_pile(game: Game) -> list[DominoId]:
    return game.pile[:]  # the pile is kept sorted


def _pool_by_hook(game: Game) -> list[DominoId]:
    pool = game.hooks.kd_draw_pool(game=game, line_number=game.lines_drawn)
    if pool is None:
        return game.pile[:]
    pool = sorted(pool, key=domino_order)
    pile = set(map(domino_order, game.pile))
    stray = [str(d) for d in pool if domino_order(d) not in pile]
    if stray:
        raise PluginError(f"kd_draw_pool offered dominoes not in the pile: {', '.join(stray)}")
    return pool


def _lay_out_line(pool_of: Callable[[Game], list[DominoId]]) -> Auto:
    def lay_out_line(game: Game, step: Step) -> None:
        """Start laying out the next line: its pool (``kd_draw_pool``), then one reveal
        per domino and ``line_ready``."""
        if not more_lines(game):
            return
        game.lines_drawn += 1
        game.pool = pool = pool_of(game)
        game.drawn = []
        n = min(game.config.line_size, len(pool))
        game.insert_steps([*[_REVEAL] * n, _LINE_READY])

    return lay_out_line


def _ordered(game: Game, line: list[DominoId]) -> list[DominoId]:
    order = game.hooks.kd_order_line(game=game, dominoes=list(line))
    if order is None:
        return line
    if len(order) != len(line) or sorted(order, key=domino_order) != sorted(line, key=domino_order):
        raise PluginError("kd_order_line must return the drawn dominoes, reordered")
    return list(order)


def _without_discards(game: Game, line: list[DominoId]) -> list[DominoId]:
    found = game.hooks.kd_line_discards(
        game=game, line_number=game.lines_drawn, dominoes=list(line)
    )
    return market_discards(game, line, found) if found else line


def market_discards(
    game: Game, line: list[DominoId], found: list[list[DominoId]]
) -> list[DominoId]:
    """Remove the dominoes ``kd_line_discards`` named (``found``) from a new line."""
    gone = {d for ds in found for d in ds}
    if not gone:
        return line
    stray = [str(d) for d in sorted(gone) if d not in line]
    if stray:
        raise PluginError(
            f"kd_line_discards named dominoes not on the new line: {', '.join(stray)}"
        )
    for d in line:
        if d in gone:
            game.discard(d)
    return [d for d in line if d not in gone]


def _offers_by_hook(game: Game, line: list[DominoId]) -> tuple[Offer, ...]:
    kept = set(map(domino_order, line))
    drawn = [d for d in game.drawn if domino_order(d) in kept]  # the discarded ones aside
    found = game.hooks.kd_offer_line(
        game=game, line_number=game.lines_drawn, dominoes=list(line), drawn=drawn
    )
    if found is None:
        return line_offer(line)
    problem = offer_problem(found, line)
    if problem is not None:
        raise PluginError(f"kd_offer_line: {problem}")
    return tuple(found)


def _laid_out(game: Game, line: list[DominoId]) -> list[DominoId]:
    game.hooks.kd_line_laid_out(game=game, line_number=game.lines_drawn, dominoes=list(line))
    return line


def _one_offer(game: Game, line: list[DominoId]) -> tuple[Offer, ...]:
    """The base game's market: one offer, the line."""
    return (Offer(name=_LINE, dominoes=tuple(line)),)


def _line_offered(
    stages: tuple[Stage, ...],
    offers_of: Callable[[Game, list[DominoId]], tuple[Offer, ...]],
    after: tuple[Stage, ...],
) -> Auto:
    def line_ready(game: Game, step: Step) -> None:
        """The revealed line, ordered (``kd_order_line``), cut by the market
        (``kd_line_discards``) and made into offers (``kd_offer_line``), becomes the
        market to pick from (or an upcoming one)."""
        line = list(game.drawn)
        for stage in stages:
            line = stage(game, line)
        offers = offers_of(game, line)
        game.pool, game.drawn = [], []
        line = [d for offer in offers for d in offer.dominoes]
        if game.next_line:
            game.upcoming.append(line)
            game.upcoming_offers.append(offers)
        else:
            game.next_line = line
            game.next_kings = [None] * len(line)
            game.offers = offers
        for stage in after:
            stage(game, line)

    return line_ready


# -- rounds ------------------------------------------------------------------------------


def turn_order(game: Game, kings: list[int]) -> list[int]:
    """The kings of the line (``kings``, in line order) in the order they act
    (``kd_turn_order``)."""
    order = game.hooks.kd_turn_order(game=game, kings=list(kings))
    if order is None:
        return kings
    if sorted(order) != sorted(kings):
        raise PluginError(f"kd_turn_order must return the kings {kings} reordered, not {order!r}")
    return list(order)


def _line_order(game: Game, kings: list[int]) -> list[int]:
    return kings


#: Builds one king's turn: ``(game, king, domino, claims)`` -> its steps.
Turn = Callable[["Game", int, DominoId, bool], tuple[Step, ...]]


def _turn(game: Game, king: int, domino: DominoId, claims: bool) -> tuple[Step, ...]:
    place = Step(kind="place", seat=game.engine.king_owner[king], king=king, domino=domino)
    return (place, game.engine.claim_steps[king]) if claims else (place,)


def _turn_ending(game: Game, king: int, domino: DominoId, claims: bool) -> tuple[Step, ...]:
    seat = game.engine.king_owner[king]
    return (*_turn(game, king, domino, claims), Step(kind="end_turn", seat=seat, king=king))


def _turn_by_turn(game: Game, turns: list[tuple[Step, ...]]) -> list[Step]:
    return [s for turn in turns for s in turn]


def _planned(game: Game, turns: list[tuple[Step, ...]]) -> list[Step]:
    plan = game.hooks.kd_plan_round(game=game, turns=[tuple(t) for t in turns])
    if plan is None:
        return _turn_by_turn(game, turns)
    given = _turn_by_turn(game, turns)
    if len(plan) != len(given) or any(plan.count(s) != given.count(s) for s in given):
        raise PluginError(
            "kd_plan_round must return the steps of the round's turns, each once, reordered"
        )
    return list(plan)


def _plain_start_round(game: Game, step: Step) -> None:
    """The picked line becomes the line to place: unpicked dominoes are discarded,
    and each king, in line order, gets a place step, then a claim step while lines
    remain (the base game's round: no plugin changes its shape)."""
    game.line, game.line_kings = game.next_line, game.next_kings
    if game.upcoming:
        game.next_line = game.upcoming.pop(0)
        game.next_kings = [None] * len(game.next_line)
        game.offers = game.upcoming_offers.pop(0)
    else:
        game.next_line, game.next_kings, game.offers = [], [], ()
    game.round += 1
    more = more_lines(game)
    claims = more or bool(game.next_line)
    steps: list[Step] = [_LAY_OUT_LINE] if more else []
    engine = game.engine
    owner, claim_steps = engine.king_owner, engine.claim_steps
    line = game.line
    kings = []
    for slot, king in enumerate(game.line_kings):
        if king is None:
            game.discard(line[slot])
            continue
        kings.append(king)
        steps.append(Step(kind="place", seat=owner[king], king=king, domino=line[slot]))
        if claims:
            steps.append(claim_steps[king])
    game.round_order = tuple(kings)
    steps.append(_END_ROUND)
    game.insert_steps(steps)


def _start_round(
    order: Callable[[Game, list[int]], list[int]],
    turn: Turn,
    plan: Callable[[Game, list[tuple[Step, ...]]], list[Step]],
    started: bool,
) -> Auto:
    def start_round(game: Game, step: Step) -> None:
        """The picked line becomes the line to place: unpicked dominoes are discarded,
        and the kings on it take their turns in turn order (``kd_turn_order``): a
        place step, a claim while lines remain, an end of turn (``kd_end_of_turn``),
        as ``kd_plan_round`` arranges them; then ``kd_start_round``."""
        game.line, game.line_kings = game.next_line, game.next_kings
        if game.upcoming:
            game.next_line = game.upcoming.pop(0)
            game.next_kings = [None] * len(game.next_line)
            game.offers = game.upcoming_offers.pop(0)
        else:
            game.next_line, game.next_kings, game.offers = [], [], ()
        game.round += 1
        more = more_lines(game)
        claims = more or bool(game.next_line)
        line, line_kings = game.line, game.line_kings
        kings: list[int] = []
        for slot, king in enumerate(line_kings):
            if king is None:
                game.discard(line[slot])
            else:
                kings.append(king)
        kings = order(game, kings)
        game.round_order = tuple(kings)
        turns = [turn(game, king, line[line_kings.index(king)], claims) for king in kings]
        game.insert_steps([*([_LAY_OUT_LINE] if more else ()), *plan(game, turns), _END_ROUND])
        if started:
            game.hooks.kd_start_round(game=game, round=game.round)

    return start_round


def end_turn(game: Game, step: Step) -> None:
    """``kd_end_of_turn``: the steps plugins add after a king's turn."""
    found = game.hooks.kd_end_of_turn(
        game=game, seat=step.seat, king=step.king, final=not game.next_line
    )
    extra = [s for steps in found for s in steps]
    if extra:
        game.insert_steps(extra)


def _last_when_no_line(game: Game) -> bool:
    return not game.next_line


def _over_by_hook(game: Game) -> bool:
    if not game.next_line:
        return True
    if not game.hooks.kd_game_over(game=game, round=game.round):
        return False
    for line in (game.next_line, *game.upcoming):  # the market leaves play, unpicked
        for domino in line:
            game.discard(domino)
    game.next_line, game.next_kings, game.offers = [], [], ()
    game.upcoming, game.upcoming_offers = [], []
    return True


def _plain_end_round(game: Game, step: Step) -> None:
    """The next round, or the end of the game when no line is left to place (the
    next game of a match, if any)."""
    if game.next_line:
        game.insert_steps([_START_ROUND])
        return
    game.line, game.line_kings = [], []
    next_game(game, step)


def _end_round(over: Callable[[Game], bool], ended: bool) -> Auto:
    def end_round(game: Game, step: Step) -> None:
        """After the round's turns: whether the game ends (``kd_game_over``), then
        ``kd_end_round``, then the next round or the end of the game."""
        final = over(game)
        game.insert_steps([_END_GAME if final else _START_ROUND])
        if ended:
            game.hooks.kd_end_round(game=game, round=game.round, final=final)

    return end_round


def _end_game(ended: bool) -> Auto:
    def end_game(game: Game, step: Step) -> None:
        """The game is over: ``kd_end_game``, then the next game of a match, if any."""
        game.line, game.line_kings = [], []
        if ended:
            game.insert_steps([_NEXT_GAME])
            game.hooks.kd_end_game(game=game)
        else:
            next_game(game, step)

    return end_game


def next_game(game: Game, step: Step) -> None:
    """The next game of a match (Dynasty), if any: the finished one's sheets kept."""
    if game.game_number < game.config.games:
        game.match_sheets.append(tuple(game.scores()))
        game.game_number += 1
        game.engine.flow.start_game(game)


# -- setting up ------------------------------------------------------------------------


def _start_game(set_up: bool) -> Callable[[Game], None]:
    def start_game(game: Game) -> None:
        """Set up a new game (or the next game of a match): empty kingdoms, the full
        pile, the first lines and king draws queued, then ``kd_setup_game``."""
        cfg, eng = game.config, game.engine
        terrains = len(eng.registry.terrains)
        game.kingdoms = [
            Kingdom(eng.board, terrains, castle=cfg.castle_at_start) for _ in range(cfg.kingdoms)
        ]
        game.pile = list(eng.pile)
        game.lines_drawn = game.round = 0
        game.line, game.line_kings = [], []
        game.next_line, game.next_kings = [], []
        game.offers, game.round_order = (), ()
        game.upcoming, game.upcoming_offers = [], []
        game.pool = []
        game.drawn = []
        game.undrawn_kings = list(range(cfg.kings))
        game.unpicked = []
        game.ext = {name: state.factory() for name, state in eng.rules.state.items()}
        game.pending[:] = [
            *[_LAY_OUT_LINE] * (1 + cfg.lookahead_lines),
            *[_DRAW_KING] * cfg.kings,
            _START_ROUND,
        ]
        if set_up:
            game.hooks.kd_setup_game(game=game)

    return start_game


class Flow:
    """The automatic steps of one engine's games, made once when the engine is built
    from the hooks its plugins implement (``implemented``)."""

    __slots__ = ("auto", "start_game")

    def __init__(self, implemented: Collection[str]) -> None:
        def hook(name: str, stage: Stage) -> tuple[Stage, ...]:
            return (stage,) if name in implemented else ()

        has = implemented.__contains__
        stages = (*hook("kd_order_line", _ordered), *hook("kd_line_discards", _without_discards))
        after = hook("kd_line_laid_out", _laid_out)
        # The base game's round (no plugin changes its shape) runs as one plain
        # function each; a round a plugin shapes is made of the parts it needs.
        shaped = {"kd_turn_order", "kd_end_of_turn", "kd_plan_round", "kd_start_round"}
        ending = {"kd_game_over", "kd_end_round", "kd_end_game"}
        #: Set up a new game (``Game`` calls it, and the next game of a match).
        self.start_game = _start_game(has("kd_setup_game"))
        #: The automatic steps by kind: ``Game`` runs them as soon as they come first
        #: in ``pending``, between the decisions and chance events.
        self.auto: dict[str, Auto] = {
            "lay_out_line": _lay_out_line(_pool_by_hook if has("kd_draw_pool") else _whole_pile),
            "line_ready": (
                _line_offered(stages, _offers_by_hook, after)
                if has("kd_offer_line")
                else _line_offered(stages, _one_offer, after)
            ),
            "start_round": (
                _start_round(
                    turn_order if has("kd_turn_order") else _line_order,
                    _turn_ending if has("kd_end_of_turn") else _turn,
                    _planned if has("kd_plan_round") else _turn_by_turn,
                    has("kd_start_round"),
                )
                if any(map(has, shaped))
                else _plain_start_round
            ),
            "end_turn": end_turn,
            "end_round": (
                _end_round(
                    _over_by_hook if has("kd_game_over") else _last_when_no_line,
                    has("kd_end_round"),
                )
                if any(map(has, ending))
                else _plain_end_round
            ),
            "end_game": _end_game(has("kd_end_game")),
            "next_game": next_game,
        }


# Steps without a seat are values: one shared object each instead of one per use.
_LAY_OUT_LINE = Step(kind="lay_out_line")
_LINE_READY = Step(kind="line_ready")
_REVEAL = Step(kind="reveal")
_DRAW_KING = Step(kind="draw_king")
_START_ROUND = Step(kind="start_round")
_END_ROUND = Step(kind="end_round")
_END_GAME = Step(kind="end_game")
_NEXT_GAME = Step(kind="next_game")
