"""Kingdomino XL as a plugin (docs/rules/xl.md).

3 or 4 players, one king each, 7x7 kingdoms of 24 dominoes, two boxes of the base
game with lines drawn from box 1, box 2, box 1, ... (:mod:`kd_xl.two_boxes`, which
Teamdomino shares). It builds on ``base``: placement rules, scoring, the optional
rules (Middle Kingdom on the 7x7 centre, Harmony, Dynasty) and the tie-breaks are
the base game's; only the set-up changes.
"""

from __future__ import annotations

from kd_base.api import BaseOptions

from kingdomino_core import ConfigBuilder, DominoId, Game, GameConfig, Problem, Registry, hookimpl
from kingdomino_core.i18n import package_translation

from . import two_boxes
from .options import XlOptions

_ = package_translation("kd_xl")  # its catalogs: kd_xl/locales

NAME = "xl"
HOOK_API = 1
REQUIRES = ("base",)
#: Teamdomino is the other two-box mode; both set up the whole table.
CONFLICTS = ("teamdomino",)
Options = XlOptions

#: ``(line_size, lines_total)`` by player count and 3-player mode. 24 lines, 12 per
#: box: 4 players use all 96 dominoes; 3 players draw 36 of each box (12 per box
#: never drawn, i.e. set aside unseen, I-X1) or all 96 with one unpicked per line.
SETUPS = {
    (4, "set_aside"): (4, 24),
    (4, "all_dominoes"): (4, 24),
    (3, "set_aside"): (3, 24),
    (3, "all_dominoes"): (4, 24),
}


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, XlOptions)
    config.set("allowed_players", (3, 4), override=True)
    config.set("kingdom_size", 7, override=True)
    config.set("kings_per_seat", 1, override=True)
    # Another player count is refused by the engine right after configuration.
    line_size, lines = SETUPS.get((config.players, options.three_players), (4, 24))
    config.set("line_size", line_size, override=True)
    config.set("lines_total", lines, override=True)
    two_boxes.configure(config, options)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, XlOptions)
    problems = two_boxes.problems(NAME, options, config, registry)
    if config.option("base", BaseOptions).three_player_all_dominoes:
        problems.append(
            Problem.option(
                "base",
                "three_player_all_dominoes",
                _(
                    "true is the 5x5 base game's variant; "
                    'with xl say options.xl.three_players = "all_dominoes" instead'
                ),
            )
        )
    return problems


@hookimpl
def kd_draw_pool(game: Game, line_number: int) -> list[DominoId]:
    """Each line comes from one box, alternating (docs/rules/xl.md)."""
    return two_boxes.draw_pool(game, line_number, game.config.option(NAME, XlOptions).first_box)


@hookimpl
def kd_describe_game(game: Game) -> list[str]:
    first_box = game.config.option(NAME, XlOptions).first_box
    return [_("xl: {boxes}").format(boxes=two_boxes.describe(game, first_box))]
