"""House rule "secret objective": each player is dealt a goal the others do not see.

A rule with hidden information, shipped as a single file: ``secret-objective.toml``
beside it names it in ``plugin_files``.

The rule, as we play it:

* Before the first picks, each player is dealt one objective card at random, face
  down: a property of one terrain with at least so many squares (a wheat property of
  7 squares, a forest one of 6, ..., a mine of 3). No two players get the same card.
* A player sees their own card, never the others', until the game is over; then
  every card is shown.
* A kingdom that has a property meeting its builder's objective scores 10 more
  points. The others cannot see those points while the card is hidden: the scores
  each player sees count only the objectives that player can see.

Hooks and API used: ``kd_register_components`` (the deal's action class, and an
observation encoder for learning agents: ``StateEncoder``),
``kd_register_rules``: ``rules.add_state`` (the cards dealt), ``rules.add_step_handler``
(the chance step dealing a card), ``rules.add_fast_scoring`` (a fast total),
``rules.add_secret`` (what each seat may see: a ``Secret``); ``kd_setup_game``
(queues the deals with ``game.insert_steps``), ``kd_score_kingdom``,
``kd_describe_game`` (the viewer's own card; the others' only once shown).
"""

from __future__ import annotations

import random
from typing import ClassVar

from attrs import frozen

from kingdomino_core import (
    Action,
    Engine,
    Game,
    IllegalActionError,
    Registry,
    RuleBook,
    ScoreLine,
    Secret,
    Step,
    StepHandler,
    hookimpl,
)
from kingdomino_core.engine.encoding import StateEncoder
from kingdomino_core.engine.words import seat_name

NAME = "secret_objective"
HOOK_API = 1
REQUIRES = ("base",)
DEAL = "secret_objective.deal"  # the chance step dealing one card
POINTS = 10
#: The cards: (terrain, squares of one property at least).
CARDS = (("wheat", 7), ("forest", 6), ("lake", 6), ("grassland", 5), ("swamp", 4), ("mine", 3))
#: In the state: a card not dealt yet, and (in a view) a card the viewer may not see.
NOT_DEALT, HIDDEN = -1, -2


@frozen(kw_only=True, slots=True)
class DealCard(Action):
    """Chance: card ``card`` (an index of ``CARDS``) is dealt face down to ``seat``."""

    kind: ClassVar[str] = DEAL
    chance: ClassVar[bool] = True
    #: The seat receiving the card.
    seat: int
    #: The card dealt: its index in ``CARDS``.
    card: int

    def describe(self) -> str:
        return f"deal objective {card_words(self.card)} to {seat_name(self.seat)}"


@frozen(kw_only=True, slots=True)
class Dealing:
    """Payload of the ``secret_objective.deal`` step: who receives the card."""

    #: The seat dealt to.
    seat: int


def card_words(card: int) -> str:
    """``a lake property of 6 squares``."""
    terrain, squares = CARDS[card]
    return f"a {terrain} property of {squares} squares"


def cards(game: Game) -> tuple[int, ...]:
    """The card of each seat (``NOT_DEALT``; ``HIDDEN`` in a view that may not see it)."""
    found: tuple[int, ...] = game.ext[NAME]
    return found


def met(game: Game, kingdom: int) -> bool:
    """Whether the builder of ``kingdom`` holds a card (visible here) its kingdom meets."""
    card = cards(game)[game.config.seats_of(kingdom)[0]]
    if card < 0:
        return False
    terrain, squares = CARDS[card]
    wanted = game.engine.registry.terrain_index(terrain)
    return any(
        t == wanted and mask.bit_count() >= squares for t, mask in game.kingdoms[kingdom].regions
    )


class DealHandler(StepHandler):
    """The chance step: one of the cards nobody holds, uniformly, to the step's seat."""

    kind = DEAL
    chance = True

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        free = [c for c in range(len(CARDS)) if c not in cards(game)]
        return [(DealCard(seat=step.payload(Dealing).seat, card=c), 1.0 / len(free)) for c in free]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, DealCard) or action not in [
            a for a, _ in self.outcomes(game, step)
        ]:
            raise IllegalActionError(DEAL, f"{action.describe()} cannot be dealt now")

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, DealCard)
        dealt = list(cards(game))
        dealt[action.seat] = action.card
        game.ext[NAME] = tuple(dealt)


class CardsSeen(StateEncoder):
    """For learning agents: each seat's card one-hot, the observer's first. ``game``
    is the observer's view, so a card it may not see is all zeros here."""

    def size(self, engine: Engine) -> int:
        return engine.config.players * len(CARDS)

    def encode(self, game: Game, seat: int) -> list[float]:
        players = game.config.players
        out = [0.0] * (players * len(CARDS))
        for i in range(players):
            card = cards(game)[(seat + i) % players]
            if card >= 0:
                out[i * len(CARDS) + card] = 1.0
        return out


class Objectives(Secret):
    """Each seat sees its own card; nobody sees another's before the game is over."""

    id = "secret_objective.cards"

    def hide(self, view: Game, viewer: int | None) -> None:
        if view.is_terminal():
            return  # every card is shown at the end
        view.ext[NAME] = tuple(
            c if s == viewer or c == NOT_DEALT else HIDDEN for s, c in enumerate(cards(view))
        )
        # The log holds the deals: the view keeps the viewer's own alone.
        view.log[:] = [
            DealCard(seat=a.seat, card=HIDDEN)
            if isinstance(a, DealCard) and a.seat != viewer
            else a
            for a in view.log
        ]

    def redeal(self, game: Game, viewer: int | None, rng: random.Random) -> None:
        if game.is_terminal():
            return
        dealt = list(cards(game))
        own = dealt[viewer] if viewer is not None else NOT_DEALT
        # Every card but the viewer's own may be anyone else's: sorted, then dealt.
        unseen = [c for c in range(len(CARDS)) if c != own]
        others = [s for s, c in enumerate(dealt) if c != NOT_DEALT and s != viewer]
        for seat, card in zip(others, rng.sample(unseen, len(others)), strict=True):
            dealt[seat] = card
        game.ext[NAME] = tuple(dealt)

    def action_words(self, game: Game, action: Action, viewer: int | None) -> str | None:
        if isinstance(action, DealCard) and action.seat != viewer:
            return "is dealt a secret objective"
        return None


def objective_total(game: Game, kingdom: int) -> int:
    """The fast total of this rule's points (what ``kd_score_kingdom`` lists)."""
    return POINTS if met(game, kingdom) else 0


@hookimpl
def kd_register_components(registry: Registry) -> None:
    registry.add_action(DealCard)
    registry.add_observation(NAME, CardsSeen())


@hookimpl
def kd_register_rules(rules: RuleBook) -> None:
    rules.add_state(NAME, tuple)  # a tuple of cards: immutable, shared on clone
    rules.add_step_handler(DealHandler())
    rules.add_fast_scoring(total=objective_total)
    rules.add_secret(Objectives())


@hookimpl
def kd_setup_game(game: Game) -> None:
    """Deal one card per seat, before anything else (``insert_steps`` from here is
    part of the documented contract)."""
    game.ext[NAME] = (NOT_DEALT,) * game.config.players
    game.insert_steps(Step(kind=DEAL, data=Dealing(seat=s)) for s in range(game.config.players))


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine]:
    if not met(game, kingdom):
        return []
    card = cards(game)[game.config.seats_of(kingdom)[0]]
    return [
        ScoreLine(
            kind="objective", name=f"objective: {card_words(card)}", points=POINTS, source=NAME
        )
    ]


@hookimpl
def kd_describe_game(game: Game, viewer: int | None) -> list[str]:
    """The viewer's own card, and the others' once shown (``game`` is the viewer's view)."""
    out = []
    for seat, card in enumerate(cards(game)):
        who = "Your" if seat == viewer else f"{seat_name(seat)}'s"
        if card == HIDDEN:
            out.append(f"{who} objective: hidden until the end")
        elif card >= 0:
            kingdom = game.config.kingdom_of(seat)
            state = "met" if met(game, kingdom) else "not met yet"
            out.append(f"{who} objective: {card_words(card)} (+{POINTS}, {state})")
    return out
