"""House rule "six by six": kingdoms of 6x6, with their own Middle Kingdom.

A rule changing the size of kingdoms, shipped as a single file: ``six-by-six.toml``
beside it names it in ``plugin_files``.

The rule, as we play it:

* A kingdom may grow to 6x6 instead of 5x5 (the base game's ``base.within_size``
  rule reads the size from the configuration, so nothing else changes: same deck,
  same rounds, 12 dominoes a kingdom, 24 of its 35 squares).
* Middle Kingdom, 6x6: a 6x6 square has no centre square, so the castle must be on
  one of its four central squares. The bonus (+10) goes to a kingdom that fits in a
  6x6 square with the castle on one of those four: columns and rows of the squares
  placed must lie within 2 of the castle on one side and 3 on the other. The
  kingdom need not be complete (as the base game's Middle Kingdom, I-B2).
* The base game's own Middle Kingdom and Harmony cannot apply to a 6x6 kingdom (no
  centre square; 35 squares can never be filled by dominoes), so a ruleset that
  turns them on with this rule is refused with a message saying why.

Hooks used: ``kd_configure`` (``kingdom_size`` with ``override=True``),
``kd_validate``, ``kd_score_kingdom`` and a fast total (``RuleBook.add_fast_scoring``).
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import (
    ConfigBuilder,
    Game,
    GameConfig,
    Kingdom,
    Problem,
    RuleBook,
    ScoreLine,
    hookimpl,
)

NAME = "six_by_six"
HOOK_API = 1
REQUIRES = ("base",)
SIZE = 6


@frozen(kw_only=True)
class Options:
    """``[options.six_by_six]`` in a ruleset."""

    #: Score the 6x6 Middle Kingdom.
    middle_kingdom: bool = True
    #: Its points.
    middle_kingdom_points: int = 10


def centred(low: int, high: int) -> bool:
    """Whether squares from ``low`` to ``high`` (castle at 0) fit in 6 columns with the
    castle in one of the central two: 2 on one side and 3 on the other at most."""
    return (low >= -2 and high <= 3) or (low >= -3 and high <= 2)


def is_middle_kingdom(kingdom: Kingdom) -> bool:
    """The 6x6 Middle Kingdom, from the kingdom's bounding box."""
    return centred(kingdom.minx, kingdom.maxx) and centred(kingdom.miny, kingdom.maxy)


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    config.set("kingdom_size", SIZE, override=True)  # the base game set 5, on purpose


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem | str]:
    problems: list[Problem | str] = []
    base = config.option("base")
    if base is not None and base.middle_kingdom:
        problems.append(
            Problem.option(
                "base",
                "middle_kingdom",
                "a 6x6 kingdom has no centre square; "
                "six_by_six scores its own (options.six_by_six.middle_kingdom)",
            )
        )
    if base is not None and base.harmony:
        problems.append(
            Problem.option(
                "base",
                "harmony",
                "a 6x6 kingdom has 35 squares besides the castle, "
                "which dominoes (2 squares each) can never fill",
            )
        )
    if config.kingdom_size != SIZE:
        problems.append(
            f"six_by_six: another plugin set kingdom_size to {config.kingdom_size} after it"
        )
    return problems


def points(game: Game, kingdom: int) -> int:
    options = game.config.option(NAME, Options)
    if options.middle_kingdom and is_middle_kingdom(game.kingdoms[kingdom]):
        return options.middle_kingdom_points
    return 0


@hookimpl
def kd_register_rules(rules: RuleBook) -> None:
    rules.add_fast_scoring(total=points)


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine] | None:
    found = points(game, kingdom)
    if not found:
        return None
    return [ScoreLine(kind="bonus", name="middle kingdom 6x6", points=found, source=NAME)]
