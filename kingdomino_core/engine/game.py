"""A game in progress: the state, whose decision it is, legal actions, apply, clone.

The API follows OpenSpiel: a game is either waiting for chance (a domino or a king
is drawn) or for one seat's decision. ``legal_actions()`` lists the choices,
``apply(action)`` plays one (an illegal one raises ``IllegalActionError`` naming the
rule it breaks), ``clone()`` copies the state for search. Chance is resolved by the
game's own ``random.Random(seed)`` (``resolve_chance()``), so the same seed gives
the same game, and the log of actions replays it exactly.

The flow is a queue of :class:`~kingdomino_core.model.actions.Step` objects. Player and
chance steps wait for an action; a few internal steps (laying out a line, starting
a round, ending a turn) run automatically between them (``engine/rounds.py``).
"""

from __future__ import annotations

import random
import secrets
from bisect import bisect_left
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..errors import (
    ConfigError,
    GameOverError,
    IllegalActionError,
    KingdominoError,
    PluginError,
    PluginHookError,
)
from ..hooks.plugins import PLUGIN_FAULTS, blame
from ..model.actions import CHANCE, Action, Step, require_action
from ..model.components import DominoId, domino_order
from ..model.kingdom import Kingdom
from ..model.market import Offer
from ..model.scoring import ScoreSheet
from .config import GameConfig
from .handlers import StepHandler
from .registry import PlayDomino
from .scores import GameScores
from .steps import canonical

if TYPE_CHECKING:  # the engine makes games
    from ..hooks.table import HookTable
    from .engine import Engine


class Game(GameScores):
    """One game (or one Dynasty match) of an :class:`~kingdomino_core.engine.Engine`."""

    __slots__ = (
        "_placement_cache",
        "config",
        "drawn",
        "engine",
        "ext",
        "game_number",
        "hooks",
        "kingdoms",
        "line",
        "line_kings",
        "lines_drawn",
        "log",
        "match_sheets",
        "next_kings",
        "next_line",
        "offers",
        "pending",
        "pile",
        "pool",
        "rng",
        "round",
        "round_order",
        "seed",
        "undrawn_kings",
        "unpicked",
        "upcoming",
        "upcoming_offers",
    )

    #: The engine (ruleset compiled for a player count) this game belongs to.
    engine: Engine
    #: ``engine.config``: the game parameters.
    config: GameConfig
    #: The hook table this game calls (``engine.hook_table(check_hooks)``).
    hooks: HookTable
    #: The game's seed: it fixes every chance event.
    seed: int
    #: The game's own generator; chance steps draw from it. Bots must not read it
    #: (its state decides the hidden order of the pile).
    rng: random.Random
    #: 1 for the first game of a match, 2 for the second (Dynasty), ...
    game_number: int
    #: The kingdoms, by index (``config.kingdom_of(seat)`` maps seats to them).
    kingdoms: list[Kingdom]
    #: Undrawn dominoes, sorted. Their order of drawing is decided only when drawn.
    pile: list[DominoId]
    #: The line whose dominoes are being placed this round, in line order (the
    #: order kings act in the base game); empty before the first round.
    line: list[DominoId]
    #: The king on each domino of ``line``, by position (None: nobody picked it,
    #: it goes to ``unpicked`` when the round starts).
    line_kings: list[int | None]
    #: The line being picked from this round (laid out for the next round); empty
    #: in the final, place-only round.
    next_line: list[DominoId]
    #: The king on each domino of ``next_line`` so far, by position (None: free).
    next_kings: list[int | None]
    #: The market of ``next_line``: its offers, whose dominoes in this order are
    #: ``next_line`` (the base game: one offer, the line; ``kd_offer_line``). A plugin
    #: may replace it by the same offers passed on or renamed (``Offer.passed_to``).
    offers: tuple[Offer, ...]
    #: The offers of each line of ``upcoming``, in the same order.
    upcoming_offers: list[tuple[Offer, ...]]
    #: Rounds started in this game (0 during the first picks, before any placement).
    round: int
    #: The kings of the current round in the order they act (after ``kd_turn_order``):
    #: ``round_order[-1]`` is the round's really-last king, whatever the turn order.
    round_order: tuple[int, ...]
    #: Lines laid out face up beyond the one being picked, oldest first (empty unless
    #: the rules set ``lookahead_lines``); each becomes ``next_line`` in turn.
    upcoming: list[list[DominoId]]
    #: Lines laid out so far (the first is laid out at the start, before any pick).
    lines_drawn: int
    #: Dominoes that left play unplaced and belong to nobody: left unpicked on a
    #: line, or discarded from the market before anyone picked (see :meth:`discard`).
    unpicked: list[DominoId]
    #: The dominoes the line being laid out is drawn from (``kd_draw_pool``).
    pool: list[DominoId]
    #: The dominoes revealed so far for the line being laid out.
    drawn: list[DominoId]
    #: Kings not yet drawn for the first line.
    undrawn_kings: list[int]
    #: What the game waits for, in order: ``pending[0]`` is ``step``. Internal steps
    #: (laying out a line, starting a round) run by themselves between decisions.
    #: Plugins add steps with ``insert_steps`` rather than editing this list.
    pending: list[Step]
    #: Plugin state slices by name (see ``RuleBook.add_state``).
    ext: dict[str, Any]
    #: Every action applied so far, chance included: the game replays from it.
    log: list[Action]

    def __init__(
        self, engine: Engine, seed: int | None = None, *, check_hooks: bool = True
    ) -> None:
        self.engine = engine
        self.config = engine.config
        self.hooks = engine.hook_table(check_hooks)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ConfigError(f"a game seed must be an integer, not {seed!r}")
        self.seed = secrets.randbits(63) if seed is None else seed
        self.rng = random.Random(self.seed)
        self.log = []
        self.game_number = 1
        #: Score sheets of the finished games of a match (Dynasty), oldest first.
        self.match_sheets: list[tuple[ScoreSheet, ...]] = []
        self.pending: list[Step] = []
        #: (step, occupied mask, anchor masks) of the placement being decided, so a
        #: bot's move is checked without recomputing them (see PlaceHandler).
        self._placement_cache: Any = None
        self._scoring = 0  # bit k: kingdom k is being scored (score_sheet)
        self._revision = 0  # engine/scores.py: cached scores live for one revision
        self._cache = None
        self._busy = 1  # the setup hooks run: no score is cached meanwhile
        try:
            engine.flow.start_game(self)
            self._advance()
        finally:
            self._busy = 0

    # -- whose turn, what choices ----------------------------------------------

    @property
    def step(self) -> Step | None:
        """What the game waits for; None when it is over."""
        return self.pending[0] if self.pending else None

    def is_terminal(self) -> bool:
        """True when the game (or the match) is over."""
        return not self.pending

    def is_chance(self) -> bool:
        """True when the game waits for chance (``resolve_chance``), not a seat."""
        return bool(self.pending) and self.pending[0].seat == CHANCE

    @property
    def current_seat(self) -> int | None:
        """The seat to decide, ``CHANCE`` (-1) for a draw, None when the game is over."""
        return self.pending[0].seat if self.pending else None

    def handler(self, step: Step) -> StepHandler:
        """The handler of ``step.kind`` (``PluginError`` when no plugin handles it)."""
        try:
            return self.engine.rules.handlers[step.kind]
        except KeyError:
            raise PluginError(f"no plugin handles step {step.kind!r}") from None

    def legal_actions(self) -> list[Action]:
        """The legal choices of the current decision (chance: the possible outcomes)."""
        step, handler = self._current()
        self._busy += 1  # a step handler runs: scores are computed, not cached
        try:
            if handler.chance:
                return [a for a, _ in handler.outcomes(self, step)]
            return handler.legal_actions(self, step)
        except KingdominoError:
            raise
        except PLUGIN_FAULTS as exc:
            raise self._blame(exc, step) from exc
        finally:
            self._busy -= 1

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes and probabilities of the current chance step."""
        step, handler = self._current()
        if not handler.chance:
            raise IllegalActionError("game.not_chance", "the game waits for a player, not chance")
        self._busy += 1
        try:
            return handler.outcomes(self, step)
        finally:
            self._busy -= 1

    def explain(self, action: Action) -> str | None:
        """Why ``action`` is illegal now (one message per broken rule), or None if legal."""
        try:
            self.check(action)
        except IllegalActionError as exc:
            return exc.message
        return None

    def check(self, action: Action) -> None:
        """Raise ``IllegalActionError`` if ``action`` is not legal now."""
        step, handler = self._current()
        self._check(step, handler, action)

    # -- playing ----------------------------------------------------------------

    def apply(self, action: Action, *, check: bool = True) -> None:
        """Play ``action``. Illegal actions raise and leave the game unchanged.

        ``check=False`` skips the legality check; only for actions taken from
        ``legal_actions()`` (bots in a hurry).
        """
        step, handler = self._current()
        if check:
            self._check(step, handler, action)
            action = canonical(self, action)  # listed actions are canonical already
        if handler.chance:
            # Each chance step consumes exactly one number, drawn here or in
            # resolve_chance, so a replayed game continues exactly like the original.
            self.rng.random()
        self._play(step, handler, action)

    def resolve_chance(self) -> Action:
        """Draw the current chance outcome with the game's generator and apply it."""
        step, handler = self._current()
        if not handler.chance:
            raise IllegalActionError("game.not_chance", "the game waits for a player, not chance")
        self._busy += 1
        try:
            action = handler.sample(self, step, self.rng.random())
        finally:
            self._busy -= 1
        self._play(step, handler, action)
        return action

    def sample_action(self, r: float) -> Action:
        """The legal action a uniform draw ``r`` in [0, 1) selects, for random players.

        Same distribution as ``legal_actions()[int(r * len(...))]``, but handlers may
        avoid building the whole list (placements are counted with bit masks).
        """
        step, handler = self._current()
        self._busy += 1
        try:
            return handler.sample_action(self, step, r)
        except KingdominoError:
            raise
        except PLUGIN_FAULTS as exc:
            raise self._blame(exc, step) from exc
        finally:
            self._busy -= 1

    def play_chance(self) -> None:
        """Resolve chance steps until a player must decide or the game ends."""
        while self.pending and self.pending[0].seat == CHANCE:
            self.resolve_chance()

    def play(self, choose: Callable[[Game], Action]) -> None:
        """Play to the end, resolving chance and asking ``choose`` for every decision."""
        while self.pending:
            if self.pending[0].seat == CHANCE:
                self.resolve_chance()
            else:
                self.apply(choose(self))

    def insert_steps(self, steps: Iterable[Step]) -> None:
        """Make ``steps`` the next things the game waits for, in the order given.

        Plugins call this from a hook or a step handler to add decisions (of any
        seat: an opponent may decide mid-turn) or chance events: the steps run
        before anything already queued, so before the acting king's claim and the
        end of its turn.
        """
        self.pending[0:0] = list(steps)
        self._revision += 1  # (changed(), inlined: called mid-move mostly)
        self._cache = None

    def discard(self, domino: DominoId, *, seat: int | None = None) -> None:
        """Take ``domino`` out of play unplaced: the one path for every discard.

        With ``seat``: the domino was that seat's to place (it fits nowhere, or a
        house rule lets the seat give it up); it is recorded in its kingdom's
        ``discards``, which Harmony, the JSON results and the displays count.
        Without: it belongs to nobody (a market domino discarded before anyone
        picks, one left unpicked) and is recorded in ``unpicked``. A domino still in
        the draw pile is removed from it; the caller removes it from anywhere else.
        """
        pile = self.pile  # kept sorted
        i = bisect_left(pile, domino_order(domino), key=domino_order)
        if i < len(pile) and (pile[i] is domino or pile[i] == domino):
            del pile[i]
        if seat is None:
            self.unpicked.append(domino)
        else:
            self.kingdom_of(seat).discards.append((seat, domino))
        self._revision += 1
        self._cache = None

    def _play(self, step: Step, handler: StepHandler, action: Action) -> None:
        pending = self.pending
        del pending[0]
        self._busy += 1  # the move runs: any score asked meanwhile is computed afresh
        try:
            handler.apply(self, step, action)
            self.log.append(action)
            auto = self.engine.flow.auto
            while pending:  # _advance(), inlined: this runs for every action
                run = auto.get(pending[0].kind)
                if run is None:
                    break
                run(self, pending.pop(0))
        except KingdominoError:
            raise
        except PLUGIN_FAULTS as exc:
            raise self._blame(exc, step) from exc
        finally:  # a new state, whatever happened: cached scores are dropped
            self._busy -= 1
            self._revision += 1
            self._cache = None

    def _check(self, step: Step, handler: StepHandler, action: Action) -> None:
        """``check`` for a step already looked up (``apply`` has it at hand)."""
        require_action(action)
        self._busy += 1
        try:
            handler.check(self, step, action)
        except KingdominoError:
            raise
        except PLUGIN_FAULTS as exc:
            raise self._blame(exc, step) from exc
        finally:
            self._busy -= 1

    def _blame(self, exc: BaseException, step: Step) -> PluginHookError:
        """Name the plugin whose code raised ``exc`` (a rule object or step handler)."""
        owner = self.engine.rules.provenance.get("step:" + step.kind, "core")
        plugin = blame(exc, self.engine.plugins) or (
            "(unknown: a rule object called by the core)" if owner == "core" else owner
        )
        return PluginHookError(plugin, f"{step.kind} step", exc)

    def _current(self) -> tuple[Step, StepHandler]:
        """The step waited for and its handler (``GameOverError`` when the game is
        over): every action goes through here."""
        pending = self.pending
        if not pending:
            raise GameOverError()
        step = pending[0]
        handler = self.engine.rules.handlers.get(step.kind)
        if handler is None:
            return step, self.handler(step)  # raises the PluginError naming the kind
        return step, handler

    def _advance(self) -> None:
        pending, auto = self.pending, self.engine.flow.auto
        while pending:
            run = auto.get(pending[0].kind)
            if run is None:
                return
            run(self, pending.pop(0))

    # -- copies -------------------------------------------------------------------

    def clone(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        log: bool = True,
        check_hooks: bool | None = None,
    ) -> Game:
        """An independent copy, by default with the same chance stream (undo, replays).

        Bots searching from a copy must not learn the real order of the draw pile:
        they pass ``seed`` (a fresh stream) or ``rng`` (their own generator, shared
        rather than copied, which is also the fastest). ``log=False`` skips copying
        the action log (playouts). ``check_hooks``: whether the copy checks its game
        hooks (as this game does by default; a bot's search passes False).
        """
        g = Game.__new__(Game)
        g._placement_cache = None
        g._scoring = g._busy = g._revision = 0
        g._cache = None  # a copy computes its own scores: it will change on its own
        g.engine = self.engine
        g.config = self.config
        g.hooks = self.hooks if check_hooks is None else self.engine.hook_table(check_hooks)
        g.seed = self.seed
        if rng is not None:
            g.rng = rng
        elif seed is not None:
            g.rng = random.Random(seed)
        else:
            g.rng = random.Random.__new__(random.Random)
            g.rng.setstate(self.rng.getstate())
        g.kingdoms = list(map(Kingdom.clone, self.kingdoms))  # (no comprehension frame)
        g.pile = self.pile[:]
        g.lines_drawn = self.lines_drawn
        g.line = self.line[:]
        g.line_kings = self.line_kings[:]
        g.next_line = self.next_line[:]
        g.next_kings = self.next_kings[:]
        g.offers, g.round, g.round_order = self.offers, self.round, self.round_order
        g.upcoming_offers = self.upcoming_offers[:]
        g.upcoming = [line[:] for line in self.upcoming] if self.upcoming else []
        g.pool = self.pool[:]
        g.drawn = self.drawn[:]
        g.undrawn_kings = self.undrawn_kings[:]
        g.unpicked = self.unpicked[:]
        g.pending = self.pending[:]
        g.log = self.log[:] if log else []
        g.game_number = self.game_number
        g.match_sheets = self.match_sheets[:]
        if self.ext:
            state = self.engine.rules.state
            g.ext = {name: state[name].copy(value) for name, value in self.ext.items()}
        else:
            g.ext = {}
        return g

    # -- reading ------------------------------------------------------------------

    def kingdom_of(self, seat: int) -> Kingdom:
        """The kingdom seat ``seat`` builds."""
        return self.kingdoms[self.engine.seat_kingdom[seat]]

    def domino(self, domino_id: DominoId) -> PlayDomino:
        """The domino ``domino_id`` of the deck, compiled for play."""
        return self.engine.deck[domino_id]

    def owner(self, king: int) -> int:
        """The seat that owns ``king``."""
        return self.engine.king_owner[king]

    def offer_of(self, domino: DominoId) -> Offer | None:
        """The offer of the market (``offers``) holding ``domino``; None if none does."""
        for offer in self.offers:
            if domino in offer.dominoes:
                return offer
        return None

    def swap_kings(self, first: DominoId, second: DominoId) -> None:
        """Exchange the kings on two dominoes of the market (``next_line``), either
        possibly free: the one way a plugin moves a king that has picked (an
        end-of-round swap, from its step handler or a round hook)."""
        a, b, kings = self.next_line.index(first), self.next_line.index(second), self.next_kings
        kings[a], kings[b] = kings[b], kings[a]
        self._revision += 1
        self._cache = None

    @property
    def final_round(self) -> bool:
        """True during the last, place-only round."""
        return bool(self.line) and not self.next_line
