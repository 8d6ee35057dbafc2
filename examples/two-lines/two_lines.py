"""House rule "two lines": each round the market holds two lines, and a king picks
from either.

A market rule shipped as a single file: ``two-lines.toml`` beside it names it in
``plugin_files``.

The rule, as we play it:

* Each round two lines are laid out, each of one domino per king, each in number
  order: the *left line* and the *right line*. A king picks any free domino of
  either line; the dominoes nobody picked are discarded when the round starts.
* The next round, kings act in the order of the numbers of the dominoes they
  picked, lowest first, whichever line they came from (as in one line).
* The deck must hold enough dominoes: two lines of 4 for 6 rounds take the whole
  base box, so with 3 players set ``rounds = 8`` and with 4 players ``rounds = 6``.

Hooks used: ``kd_configure`` (line size and rounds), ``kd_validate`` (the deck is
large enough), ``kd_offer_line`` (the two lines, by name: the displays show them
so), ``kd_turn_order`` (by domino number across both lines).
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import (
    ConfigBuilder,
    DominoId,
    Game,
    GameConfig,
    Offer,
    Problem,
    Registry,
    hookimpl,
)

NAME = "two_lines"
HOOK_API = 1
REQUIRES = ("base",)
#: The names the players see.
LINES = ("left line", "right line")


@frozen(kw_only=True)
class Options:
    """``[options.two_lines]`` in a ruleset."""

    #: Rounds (pairs of lines) in a game; 0 keeps the number the other plugins set.
    rounds: int = 0


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, Options)
    kings = config.players * config.get("kings_per_seat", 1)
    # One draw of two lines' worth of dominoes a round, split in kd_offer_line.
    config.set("line_size", 2 * (config.get("line_size") or kings), override=True)
    if options.rounds:
        config.set("lines_total", options.rounds, override=True)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, Options)
    if options.rounds < 0:
        return [Problem.option(NAME, "rounds", f"must be 0 or more, not {options.rounds}")]
    deck = sum(len(registry.domino_sets[name].dominoes) for name, _box in config.deck)
    needed = config.line_size * config.lines_total
    if needed > deck:
        return [
            f"options.two_lines: {config.lines_total} rounds of two lines of "
            f"{config.line_size // 2} need {needed} dominoes, but the deck has {deck}: set "
            f"options.two_lines.rounds to {deck // config.line_size} or less"
        ]
    return []


@hookimpl
def kd_offer_line(dominoes: list[DominoId], drawn: list[DominoId]) -> list[Offer]:
    """The dominoes as drawn, split in two lines, each in number order."""
    half = (len(drawn) + 1) // 2
    return [
        Offer(name=name, dominoes=tuple(sorted(part)))
        for name, part in zip(LINES, (drawn[:half], drawn[half:]), strict=True)
        if part
    ]


@hookimpl
def kd_turn_order(game: Game, kings: list[int]) -> list[int]:
    """The kings by the number of the domino they place, lowest first."""
    picked = {king: game.line[game.line_kings.index(king)] for king in kings}
    return sorted(kings, key=lambda king: picked[king])
