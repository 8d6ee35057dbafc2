"""House rule "lakes score double", as an installable plugin package.

Every property of the chosen terrain (lakes by default) scores its points
``factor`` times: the base game's property line stays, and this plugin adds a bonus
line with the extra points, so a score sheet shows where they come from.

Hooks used: ``kd_score_kingdom`` (the bonus line), ``kd_register_rules`` (a fast
total so bots stay fast), ``kd_validate`` (the options make sense).
"""

from __future__ import annotations

from collections.abc import Callable

from attrs import frozen

from kingdomino_core import Game, GameConfig, Problem, Registry, RuleBook, ScoreLine, hookimpl

NAME = "lakes_double"  # must equal the entry-point name in pyproject.toml
HOOK_API = 1  # the hook contract this plugin is written for
REQUIRES = ("base",)  # terrains, crowns and property scoring come from the base game
VERSION = "0.1.0"


@frozen(kw_only=True)
class Options:
    """``[options.lakes_double]`` in a ruleset."""

    #: The terrain whose properties score more.
    terrain: str = "lake"
    #: They score ``factor`` times their points (2: double).
    factor: int = 2


def bonus_function(config: GameConfig, registry: Registry) -> Callable[[Game, int], int]:
    """The bonus of one kingdom, as a function built once per engine (bots call it a lot)."""
    options = config.option(NAME, Options)
    terrain = registry.terrain_index(options.terrain)
    extra = options.factor - 1

    def bonus(game: Game, kingdom: int) -> int:
        k = game.kingdoms[kingdom]
        points = 0
        for found, mask in k.regions:  # (terrain index, bit mask) of each property
            if found == terrain:
                points += mask.bit_count() * k.crowns_in(mask)
        return extra * points

    return bonus


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, Options)
    problems: list[Problem | str] = []
    if options.factor < 1:
        problems.append(
            Problem.option("lakes_double", "factor", f"must be 1 or more, not {options.factor}")
        )
    if options.terrain not in {t.name for t in registry.terrains}:
        known = ", ".join(t.name for t in registry.terrains)
        problems.append(
            Problem.option(
                "lakes_double", "terrain", f"unknown terrain {options.terrain!r}; known: {known}"
            )
        )
    return problems


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig, registry: Registry) -> None:
    if config.option(NAME, Options).terrain in {t.name for t in registry.terrains}:
        # Optional, for speed: the same points as kd_score_kingdom, without building lines.
        rules.add_fast_scoring(total=bonus_function(config, registry))


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine] | None:
    options = game.config.option(NAME, Options)
    points = bonus_function(game.config, game.engine.registry)(game, kingdom)
    if not points:
        return None
    name = f"{options.terrain} x{options.factor}"
    return [ScoreLine(kind="bonus", name=name, points=points, source=NAME)]
