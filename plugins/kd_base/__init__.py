"""The base game of Kingdomino as a plugin (docs/rules/base.md).

2, 3 or 4 players, 5x5 kingdoms, 48 dominoes; the optional rules Middle Kingdom,
Harmony and Dynasty as options. Everything here goes through the public hooks: a
house rule can replace any piece of it.

Turn order is the core's default, line order (the king on the first domino of the
line acts first: turn order comes from the picks), so the base game implements no
``kd_turn_order`` and a round costs no call for it; a house rule changes it with
that hook.
"""

from __future__ import annotations

from operator import attrgetter

from kingdomino_core import (
    ConfigBuilder,
    DominoId,
    Game,
    GameConfig,
    Problem,
    Ranking,
    Registry,
    RuleBook,
    ScoreLine,
    ScoreSheet,
    hookimpl,
    shape_words,
)
from kingdomino_core.i18n import package_translation
from kingdomino_core.inputs.limits import MAX_GAMES

from . import scoring
from .dominoes import base_dominoes
from .options import BaseOptions
from .placement import Connects, ForcedPlacement, WithinSize
from .setups import OFFICIAL, THREE_PLAYER_VARIANT
from .terrains import TERRAINS

_ = package_translation("kd_base")  # its catalogs: kd_base/locales

NAME = "base"
HOOK_API = 1
Options = BaseOptions


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, BaseOptions)
    setup = OFFICIAL.get(config.players, OFFICIAL[4])
    if config.players == 3 and options.three_player_all_dominoes:
        setup = THREE_PLAYER_VARIANT
    config.set("allowed_players", (2, 3, 4))
    config.set("kingdom_size", 5)
    config.set("kings_per_seat", setup.kings_per_seat)
    config.set("line_size", setup.line_size)
    config.set("lines_total", setup.lines_total)
    config.set("deck", (("base", 1),))
    config.set("games", options.dynasty_games if options.dynasty else 1)


@hookimpl
def kd_register_components(registry: Registry) -> None:
    for terrain in TERRAINS:
        registry.add_terrain(terrain)
    registry.add_domino_set(base_dominoes())


@hookimpl
def kd_register_rules(rules: RuleBook, config: GameConfig, registry: Registry) -> None:
    rules.add_placement_rule(WithinSize(config))
    rules.add_placement_rule(Connects())
    rules.add_discard_rule(ForcedPlacement())
    # scoring.rank: match total, then the tie-breaks (fast: from the regions)
    rules.add_fast_scoring(
        total=scoring.fast_total(config, registry),
        tiebreak=scoring.fast_tiebreak(config, registry),
    )


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem | str]:
    options = config.option(NAME, BaseOptions)
    problems: list[Problem | str] = []
    if options.dynasty and options.dynasty_games > MAX_GAMES:
        problems.append(
            Problem.option(
                "base",
                "dynasty_games",
                _("at most {most}, not {n}").format(most=MAX_GAMES, n=options.dynasty_games),
            )
        )
    if options.dynasty and options.dynasty_games < 1:
        problems.append(
            Problem.option(
                "base",
                "dynasty_games",
                _("must be at least 1, not {n}").format(n=options.dynasty_games),
            )
        )
    frame = options.middle_kingdom_frame
    if frame < 0 or (frame and frame % 2 == 0):
        problems.append(
            Problem.option(
                "base",
                "middle_kingdom_frame",
                _(
                    "must be 0 (the kingdom size) or an odd size with a centre square, not {n}"
                ).format(n=frame),
            )
        )
    size = config.kingdom_size
    rows, columns = config.kingdom_shape
    if options.middle_kingdom and not frame and rows != columns and (rows * columns) % 2 == 0:
        problems.append(
            Problem.option(
                "base",
                "middle_kingdom",
                _(
                    "a kingdom of {shape} has no centre square, so the bonus could never be "
                    "won: set middle_kingdom_frame to an odd size or turn middle_kingdom off"
                ).format(shape=shape_words(rows, columns)),
            )
        )
    elif options.middle_kingdom and not frame and size % 2 == 0:
        problems.append(
            Problem.option(
                "base",
                "middle_kingdom",
                _(
                    "a {size}x{size} kingdom has no centre square, so the bonus could never be "
                    "won: set middle_kingdom_frame to an odd size (such as {smaller} or "
                    "{larger}: the castle must be the centre of a frame of that size holding "
                    "the whole kingdom) or turn middle_kingdom off"
                ).format(size=size, smaller=size - 1, larger=size + 1),
            )
        )
    return problems


@hookimpl(trylast=True)
def kd_order_line(dominoes: list[DominoId]) -> list[DominoId]:
    """Lines are sorted ascending by number, lowest first (docs/rules/base.md)."""
    return sorted(dominoes, key=_BY_NUMBER)


_BY_NUMBER = attrgetter("number", "box")


@hookimpl
def kd_score_kingdom(game: Game, kingdom: int) -> list[ScoreLine]:
    k = game.kingdoms[kingdom]
    return scoring.property_lines(game, k) + scoring.bonus_lines(
        game, k, game.config.option(NAME, BaseOptions)
    )


@hookimpl(trylast=True)
def kd_rank(game: Game, sheets: list[ScoreSheet]) -> Ranking:
    return scoring.rank(game, sheets, game.config.option(NAME, BaseOptions))
