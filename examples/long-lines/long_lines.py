"""House rule "long lines": each line has one domino more than there are kings.

A market rule shipped as a single file: ``long-lines.toml`` beside it names it in
``plugin_files`` and activates it by its ``NAME``.

Every round one more domino is drawn, so the last king to pick still has a choice;
the domino nobody picks is discarded (it goes to ``game.unpicked``, as in the
designer's 3-player variant). The engine does the rest: a line longer than the kings
in play always leaves its extra dominoes unpicked.

The deck must hold enough dominoes: lines of 5 for 12 rounds need 60, the base box
has 48, so with 4 players set ``rounds`` (9 rounds fit) or play with 2 or 3.

Hooks used: ``kd_configure`` (line size and rounds), ``kd_validate`` (the deck is
large enough), ``kd_describe_game`` (a line for the displays).
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import ConfigBuilder, Game, GameConfig, Problem, Registry, hookimpl

NAME = "long_lines"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.long_lines]`` in a ruleset."""

    #: Dominoes added to each line (and discarded unpicked each round).
    extra: int = 1
    #: Rounds (lines) in a game; 0 keeps the number the other plugins set.
    rounds: int = 0


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, Options)
    kings = config.players * config.get("kings_per_seat", 1)
    line = config.get("line_size") or kings
    # override=True: we change what the base game set, on purpose.
    config.set("line_size", line + options.extra, override=True)
    if options.rounds:
        config.set("lines_total", options.rounds, override=True)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, Options)
    problems: list[Problem | str] = []
    if options.extra < 1:
        problems.append(
            Problem.option("long_lines", "extra", f"must be 1 or more, not {options.extra}")
        )
    if options.rounds < 0:
        problems.append(
            Problem.option("long_lines", "rounds", f"must be 0 or more, not {options.rounds}")
        )
    deck = sum(len(registry.domino_sets[name].dominoes) for name, _box in config.deck)
    needed = config.line_size * config.lines_total
    if needed > deck:
        fit = deck // config.line_size
        problems.append(
            f"options.long_lines: {config.lines_total} lines of {config.line_size} need "
            f"{needed} dominoes, but the deck has {deck}: set options.long_lines.rounds "
            f"to {fit} or less, or play with fewer players"
        )
    return problems


@hookimpl
def kd_describe_game(game: Game) -> list[str]:
    return [
        f"long lines: {game.config.line_size} dominoes a line; "
        f"{len(game.unpicked)} discarded unpicked so far"
    ]
