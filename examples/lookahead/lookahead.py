"""House rule "lookahead": one more line of the market is visible.

A market rule shipped as a single file: ``lookahead.toml`` beside it names it in
``plugin_files``.

The rule, as we play it:

* Besides the line being picked from, the next line is laid out face up too, so
  every player sees what the round after will offer before picking. Each round the
  visible line ahead moves up to become the line picked from, and a new line is
  laid out behind it.
* Nothing else changes: the same dominoes are drawn, the same number of rounds is
  played; only what is known, and when, differs. (Bots that read only the line they
  pick from play as before; a player reading ``Game.upcoming`` plans further.)
* Option ``lines`` (1): how many lines are visible ahead.

Hooks used: ``kd_configure`` (the configuration key ``lookahead_lines``),
``kd_validate``, ``kd_describe_game`` (the lines ahead, offer by offer under their
names, for the displays: ``lookahead: line 3 7 12 40``).
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import ConfigBuilder, Game, GameConfig, Problem, domino_name, hookimpl

NAME = "lookahead"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.lookahead]`` in a ruleset."""

    #: Lines visible ahead of the one being picked.
    lines: int = 1


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    config.set("lookahead_lines", config.option(NAME, Options).lines)


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem | str]:
    lines = config.option(NAME, Options).lines
    if not 1 <= lines < config.lines_total:
        return [
            Problem.option(
                "lookahead", "lines", f"must be 1 to {config.lines_total - 1}, not {lines}"
            )
        ]
    return []


@hookimpl
def kd_describe_game(game: Game) -> list[str]:
    """Each line ahead, offer by offer under its name (``Game.upcoming_offers``: the
    base game's one offer is the line; a house rule beside this one may make more)."""
    if not game.upcoming:
        return ["lookahead: no line left ahead"]
    ahead = [
        ", ".join(
            f"{offer.name} " + " ".join(domino_name(game, d) for d in offer.dominoes)
            for offer in offers
        )
        for offers in game.upcoming_offers
    ]
    return ["lookahead: " + " | ".join(ahead)]
