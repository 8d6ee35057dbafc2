"""Teamdomino as a plugin (docs/rules/teamdomino.md).

6 or 8 players in teams of two. Every player has their own king and makes their
own picks and placements, but teammates build one shared 7x7 kingdom with one
castle (``seat_kingdom``). Turn order follows the kings in the line, whatever the
teams (the core's round order). Two boxes of the base game, lines alternating box 1,
box 2, ... (``two_boxes`` from :mod:`kd_xl.api`), 12 rounds, 24 dominoes per team kingdom.

Scoring, the optional bonuses and the tie-breaks are the base game's, applied per
kingdom, so per team (I-X2); a kingdom's discards are both teammates', so Harmony
fails if either teammate discarded (base option ``harmony_requires_no_discard``).
"""

from __future__ import annotations

from kd_xl.api import two_boxes

from kingdomino_core import ConfigBuilder, DominoId, Game, GameConfig, Problem, Registry, hookimpl
from kingdomino_core.i18n import package_translation

from . import teams as team_rules
from .options import TeamdominoOptions

_ = package_translation("kd_teamdomino")  # its catalogs: kd_teamdomino/locales

NAME = "teamdomino"
HOOK_API = 1
REQUIRES = ("base",)
#: XL is the other two-box mode; both set up the whole table.
CONFLICTS = ("xl",)
Options = TeamdominoOptions

#: ``(line_size, lines_total)`` by player count and 6-player mode: 12 lines, 6 per
#: box. 8 players use all 96 dominoes; 6 players draw 36 of each box (12 per box
#: never drawn, i.e. returned unseen) or all 96 with 2 unpicked per line.
SETUPS = {
    (8, "set_aside"): (8, 12),
    (8, "all_dominoes"): (8, 12),
    (6, "set_aside"): (6, 12),
    (6, "all_dominoes"): (8, 12),
}


def teams_of(config: GameConfig) -> tuple[tuple[int, ...], ...]:
    """The teams in play, team ``i`` building kingdom ``i``."""
    return team_rules.resolve(config.option(NAME, TeamdominoOptions).teams, config.players)


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    options = config.option(NAME, TeamdominoOptions)
    players = config.players
    allowed: tuple[int, ...] = (6, 8)
    if team_rules.players_for(options.teams) in allowed:
        # A team list is written for one table size: 3 teams, 6 players; 4 teams, 8.
        allowed = (team_rules.players_for(options.teams),)
    config.set("allowed_players", allowed, override=True)
    config.set("kingdom_size", 7, override=True)
    config.set("kings_per_seat", 1, override=True)
    # Another player count is refused by the engine right after configuration.
    line_size, lines = SETUPS.get((players, options.six_players), (8, 12))
    config.set("line_size", line_size, override=True)
    config.set("lines_total", lines, override=True)
    teams = team_rules.resolve(options.teams, players)
    # Bad teams are reported by kd_validate; do not map seats from them meanwhile.
    if players % 2 == 0 and not team_rules.problems(teams, players):
        config.set("seat_kingdom", team_rules.seat_kingdom(teams, players), override=True)
    two_boxes.configure(config, options)


@hookimpl
def kd_validate(config: GameConfig, registry: Registry) -> list[Problem | str]:
    options = config.option(NAME, TeamdominoOptions)
    return team_rules.problems(options.teams, config.players) + two_boxes.problems(
        NAME, options, config, registry
    )


@hookimpl
def kd_draw_pool(game: Game, line_number: int) -> list[DominoId]:
    """Each line comes from one box, alternating (docs/rules/teamdomino.md)."""
    return two_boxes.draw_pool(
        game, line_number, game.config.option(NAME, TeamdominoOptions).first_box
    )


@hookimpl
def kd_describe_game(game: Game) -> list[str]:
    """Who is in which team, and how many dominoes each teammate placed or discarded
    (one line for all the teams, so the table stays on one screen)."""
    first_box = game.config.option(NAME, TeamdominoOptions).first_box
    lines = [_("teamdomino: {boxes}").format(boxes=two_boxes.describe(game, first_box))]
    teams = []
    for kingdom, team in enumerate(teams_of(game.config)):
        k = game.kingdoms[kingdom]
        parts = []
        for seat in team:
            placed = sum(1 for s, *_rest in k.placements if s == seat)
            discarded = [_name(d) for s, d in k.discards if s == seat]
            text = _("{seat} placed {n}").format(seat=f"P{seat + 1}", n=placed)
            if discarded:
                text = _("{seat} placed {n}, discarded {dominoes}").format(
                    seat=f"P{seat + 1}", n=placed, dominoes=" ".join(discarded)
                )
            parts.append(text)
        seats = "+".join(f"P{s + 1}" for s in team)
        teams.append(
            _("team {n} ({seats}): {teammates}").format(
                n=kingdom + 1, seats=seats, teammates=_(", ").join(parts)
            )
        )
    lines.append(_("; ").join(teams))
    return lines


def _name(domino: DominoId) -> str:
    """``box:number`` always: with two boxes a bare number would hide the box."""
    return f"{domino.box}:{domino.number}"
