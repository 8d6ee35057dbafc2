"""House rule "four by six": kingdoms of 4 rows by 6 columns instead of 5x5.

A rule changing the shape of kingdoms, shipped as a single file: ``four-by-six.toml``
beside it names it in ``plugin_files``.

The rule, as we play it:

* A kingdom, castle included, must fit in 4 rows by 6 columns. Either way round: a
  kingdom may grow 6 rows tall and 4 columns wide instead, as the table turns it
  (``options.four_by_six.either_way = false`` keeps the rows east to west). The
  base game's ``base.within_size`` reads the shape from the configuration, so the
  legal placements, ``kd score`` and every display follow it.
* 4x6 is 24 squares, the castle one of them: 11 dominoes fill 22 of the other 23,
  so a seat takes at most 11 dominoes. The game has as many rounds as a seat can
  fill, and never more than the deck can deal: with 1 king a seat, 11 rounds
  instead of 12 (computed once the deck is known, in ``kd_adjust_config``).
* The base game's Middle Kingdom cannot apply (a 4x6 kingdom has no centre square:
  the base game refuses it) and neither can Harmony (23 squares besides the castle,
  which dominoes can never fill): a ruleset turning Harmony on is refused.

Hooks used: ``kd_configure`` (``kingdom_rows``, ``kingdom_columns``,
``kingdom_either_way``), ``kd_adjust_config`` (``lines_total`` from the deck and the
shape, ``Registry.deck``), ``kd_validate``.
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import ConfigBuilder, GameConfig, Registry, hookimpl

NAME = "four_by_six"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.four_by_six]`` in a ruleset."""

    #: Rows of a kingdom.
    rows: int = 4
    #: Columns of a kingdom.
    columns: int = 6
    #: A kingdom may also be ``columns`` rows tall and ``rows`` columns wide.
    either_way: bool = True


def dominoes_that_fit(rows: int, columns: int) -> int:
    """How many dominoes a kingdom of this shape holds at most (the castle is a square)."""
    return (rows * columns - 1) // 2


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, Options)
    config.set("kingdom_rows", options.rows)
    config.set("kingdom_columns", options.columns)
    config.set("kingdom_either_way", options.either_way)


@hookimpl
def kd_adjust_config(config: ConfigBuilder, registry: Registry) -> None:
    options = config.option(NAME, Options)
    kings = config.get("kings_per_seat", 1)
    deck = registry.deck(config.get("deck", ()))
    dealt = len(deck) // max(1, config.get("line_size") or config.players * kings)
    fit = dominoes_that_fit(options.rows, options.columns) // kings
    config.set("lines_total", min(config.get("lines_total", 12), fit, dealt), override=True)


@hookimpl
def kd_validate(config: GameConfig) -> list[str]:
    options = config.option(NAME, Options)
    problems = []
    if not (2 <= options.rows <= 9 and 2 <= options.columns <= 9):
        problems.append(
            "options.four_by_six: rows and columns from 2 to 9, "
            f"not {options.rows}x{options.columns}"
        )
    base = config.option("base")
    squares = options.rows * options.columns - 1
    if base is not None and base.harmony and squares % 2:
        problems.append(
            f"options.base.harmony: a kingdom of {options.rows}x{options.columns} has "
            f"{squares} squares besides the castle, which dominoes (2 squares each) can "
            "never fill"
        )
    return problems
