"""House rule "draft": each round every player gets a hand, picks from it and passes
it on.

A market rule shipped as a single file: ``draft.toml`` beside it names it in
``plugin_files``.

The rule, as we play it:

* Each round, instead of one line, every player is dealt a hand of dominoes (3 by
  default, option ``hand``), in front of them, seen by them alone. A king may only pick from the
  hand in front of its player.
* The round is played in two phases: first every king places the domino it picked,
  in the order of the dominoes' numbers (lowest first); then the kings pick, one
  per player at a time: once every player has picked one domino, the hands are
  passed on to the left (with 2 kings each, your second pick is from the hand your
  neighbour picked from). The first picks, made as the kings are drawn, pass the
  hands the same way: whenever every player has picked as often as the others.
* The dominoes left in the hands are discarded when the round starts.
* The deck must hold enough dominoes: hands of 3 for 2 players take 36 dominoes
  over 6 rounds; with 3 players set ``rounds = 8`` (and ``hand = 2``), with 4
  players ``rounds = 6`` and ``hand = 2``.

Hooks used: ``kd_configure`` (line size and rounds), ``kd_validate``,
``kd_offer_line`` (the hands, each its player's: ``Offer.seat``),
``kd_turn_order`` (by domino number), ``kd_plan_round`` (placements, then picks),
``kd_after_claim`` (passing the hands on: ``Offer.passed_to``),
``kd_register_rules``: ``rules.add_secret`` (each hand is seen by its holder alone:
a ``Secret``; a hidden hand is shown by its name and count: "hand B, 3 hidden").

What each seat sees: the dominoes of the hand in front of it, and of the other
hands only how many dominoes they hold (a spectator sees no hand). A pick is public:
the king stands on its domino, face up, for everyone. A seat does not remember the
hands it saw before they were passed on (the view is of the table as it is now).
"""

from __future__ import annotations

import random

import attrs
from attrs import frozen

from kingdomino_core import (
    Action,
    Claim,
    ConfigBuilder,
    DominoId,
    Game,
    GameConfig,
    Offer,
    Problem,
    Registry,
    Reveal,
    RuleBook,
    Secret,
    Step,
    hookimpl,
)

NAME = "draft"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.draft]`` in a ruleset."""

    #: Dominoes in each player's hand.
    hand: int = 3
    #: Rounds in a game; 0 keeps the number the other plugins set.
    rounds: int = 0


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, Options)
    config.set("line_size", config.players * options.hand, override=True)
    if options.rounds:
        config.set("lines_total", options.rounds, override=True)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, Options)
    if options.hand < config.kings_per_seat:
        return [
            Problem.option(
                NAME,
                "hand",
                f"must be at least the {config.kings_per_seat} kings of a player, "
                f"not {options.hand}",
            )
        ]
    if options.rounds < 0:
        return [Problem.option(NAME, "rounds", f"must be 0 or more, not {options.rounds}")]
    deck = sum(len(registry.domino_sets[name].dominoes) for name, _box in config.deck)
    needed = config.line_size * config.lines_total
    if needed > deck:
        return [
            f"options.draft: {config.lines_total} rounds of {config.players} hands of "
            f"{options.hand} need {needed} dominoes, but the deck has {deck}: set "
            f"options.draft.rounds to {deck // config.line_size} or less, or a smaller hand"
        ]
    return []


@hookimpl
def kd_offer_line(game: Game, drawn: list[DominoId]) -> list[Offer]:
    """The dominoes as drawn, dealt in hands, each in number order, each its player's."""
    players = game.config.players
    size = -(-len(drawn) // players)  # (the last line may be short)
    hands = [sorted(drawn[i * size : (i + 1) * size]) for i in range(players)]
    return [
        Offer(name=f"hand {chr(ord('A') + seat)}", dominoes=tuple(hand), seat=seat)
        for seat, hand in enumerate(hands)
        if hand
    ]


@hookimpl
def kd_turn_order(game: Game, kings: list[int]) -> list[int]:
    """The kings by the number of the domino they place, lowest first."""
    picked = {king: game.line[game.line_kings.index(king)] for king in kings}
    return sorted(kings, key=lambda king: picked[king])


@hookimpl
def kd_plan_round(game: Game, turns: list[tuple[Step, ...]]) -> list[Step]:
    """Every placement first; then the picks, one per player at a time (each
    player's first king, then each one's second...), in turn order within each."""
    places = [turn[0] for turn in turns]
    rest = [step for turn in turns for step in turn[1:]]
    nth: dict[int, int] = {}
    rank = {}
    for step in rest:
        if step.kind == "claim":
            rank[step] = nth[step.seat] = nth.get(step.seat, -1) + 1
    return places + sorted(rest, key=lambda step: rank.get(step, 0))


@hookimpl
def kd_after_claim(game: Game, action: Claim) -> None:
    """Once every player has picked as often as the others, the hands move on to the
    left, while there is still picking to do."""
    players = game.config.players
    picked = [0] * players
    for king in game.next_kings:
        if king is not None:
            picked[game.owner(king)] += 1
    if len(set(picked)) == 1 and picked[0] < game.config.kings_per_seat:
        game.offers = tuple(
            offer.passed_to((offer.seat + 1) % players if offer.seat is not None else None)
            for offer in game.offers
        )


def hidden_positions(game: Game, viewer: int | None) -> list[int]:
    """The positions in ``next_line`` of the dominoes ``viewer`` may not see: those
    not picked yet in the hands in front of the other seats (every hand, for a
    spectator). The offers hold ``next_line`` in this order."""
    found, position = [], 0
    for offer in game.offers:
        for _domino in offer.dominoes:
            mine = offer.seat is None or offer.seat == viewer
            if not mine and game.next_kings[position] is None:
                found.append(position)
            position += 1
    return found


def with_line(game: Game, line: list[DominoId]) -> None:
    """Put ``line`` (``next_line`` with some dominoes changed) in ``game``, each hand
    sorted again in number order as dealt, its kings moving with their dominoes (so
    the hand tells nothing of where the changed dominoes were)."""
    offers, kings, position = [], list(game.next_kings), 0
    for offer in game.offers:
        end = position + len(offer.dominoes)
        held = sorted(
            zip(line[position:end], kings[position:end], strict=True),
            key=lambda pair: pair[0],
        )
        line[position:end] = [d for d, _ in held]
        kings[position:end] = [k for _, k in held]
        offers.append(attrs.evolve(offer, dominoes=tuple(line[position:end])))
        position = end
    game.next_line, game.next_kings, game.offers = line, kings, tuple(offers)


def hidden_hand(offer: Offer, gone: set[DominoId]) -> Offer:
    """``offer`` as a viewer sees it: without the dominoes ``gone`` (hidden from the
    viewer), named with how many there are (``"hand B, 3 hidden"``)."""
    shown = tuple(d for d in offer.dominoes if d not in gone)
    if len(shown) == len(offer.dominoes):
        return offer
    name = f"{offer.name}, {len(offer.dominoes) - len(shown)} hidden"
    return attrs.evolve(offer, name=name, dominoes=shown)


class Hands(Secret):
    """Each seat sees the hand in front of it; of the others, only how many
    dominoes they hold. Picked dominoes (a king on them) are public."""

    id = "draft.hands"

    def hide(self, view: Game, viewer: int | None) -> None:
        hidden = hidden_positions(view, viewer)
        if not hidden or view.is_terminal():
            return
        gone = {view.next_line[p] for p in hidden}
        keep = [p for p in range(len(view.next_line)) if p not in hidden]
        view.offers = tuple(hidden_hand(o, gone) for o in view.offers)
        view.next_line = [view.next_line[p] for p in keep]
        view.next_kings = [view.next_kings[p] for p in keep]
        # Unseen, a hidden domino may as well be in the pile: put it back there, so
        # that the pile tells nothing either. The draws of those dominoes go too.
        view.pile = sorted([*view.pile, *gone])
        view.log[:] = [a for a in view.log if not (isinstance(a, Reveal) and a.domino in gone)]

    def redeal(self, game: Game, viewer: int | None, rng: random.Random) -> None:
        hidden = hidden_positions(game, viewer)
        if not hidden or game.is_terminal():
            return
        line = list(game.next_line)
        # Every domino the viewer does not see, in a fixed order, then dealt again.
        unseen = sorted([*game.pile, *(line[p] for p in hidden)])
        dealt = rng.sample(unseen, len(hidden))
        for position, domino in zip(hidden, dealt, strict=True):
            line[position] = domino
        chosen = set(dealt)
        game.pile = [d for d in unseen if d not in chosen]
        with_line(game, line)

    def action_words(self, game: Game, action: Action, viewer: int | None) -> str | None:
        # A domino drawn goes to a hand: whose is decided by the deal, so every draw
        # is worded face down (the holder sees it in its hand once dealt).
        if isinstance(action, Reveal):
            return "draws a domino for the hands, face down"
        return None


@hookimpl
def kd_register_rules(rules: RuleBook) -> None:
    rules.add_secret(Hands())
