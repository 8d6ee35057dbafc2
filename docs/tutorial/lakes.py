"""House rule "lakes score double": every lake property scores its points again.

A local plugin file: the ruleset ``lakes.toml`` beside it names it in
``plugin_files`` and activates it by its ``NAME`` in ``plugins``.
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import Game, GameConfig, Problem, RuleBook, ScoreLine, hookimpl

NAME = "lakes"  # the name a ruleset activates and sets options for
HOOK_API = 1  # the hook contract this file is written for
REQUIRES = ("base",)  # lakes and crowns come from the base game


@frozen(kw_only=True)
class Options:
    """``[options.lakes]`` in a ruleset."""

    #: Lakes score ``factor`` times their points (2: double).
    factor: int = 2


def lake_points(game: Game, kingdom: int) -> int:
    """Points of the lake properties of one kingdom: squares x crowns for each."""
    k = game.kingdoms[kingdom]
    lake = game.engine.registry.terrain_index("lake")
    return sum(mask.bit_count() * k.crowns_in(mask) for t, mask in k.regions if t == lake)


def bonus(game: Game, kingdom: int) -> int:
    """What this rule adds to the base score: the lake points, ``factor - 1`` more times."""
    options = game.config.option(NAME, Options)
    return (options.factor - 1) * lake_points(game, kingdom)


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem]:
    options = config.option(NAME, Options)
    if options.factor < 1:
        return [Problem.option(NAME, "factor", f"must be 1 or more, not {options.factor}")]
    return []


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine] | None:
    points = bonus(game, kingdom)
    if not points:
        return None
    return [ScoreLine(kind="bonus", name="lakes", points=points, source=NAME)]


@hookimpl
def kd_register_rules(rules: RuleBook) -> None:
    # Optional, for speed: bots total scores millions of times without building lines.
    rules.add_fast_scoring(total=bonus)
