"""Run a custom Kingdomino variant from a program, without the ``kd`` command line.

    python examples/embed.py                      # greedy vs random vs random, seed 1
    python examples/embed.py --seed 7 --players greedy,greedy

The variant is built in code: the base game with Harmony, plus a house rule defined
right here ("big estates": +3 for each property of 6 squares or more). Bots come
from every installed plugin (``installed_agents()``), as ``kd play --players`` does.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from kingdomino_core import Engine, Game, RuleBook, Ruleset, ScoreLine, default_catalogue, hookimpl
from kingdomino_core.engine.agents import installed_agents

ESTATE = 6  # squares a property needs to be an estate
ESTATE_BONUS = 3


def estates(game: Game, kingdom: int) -> int:
    """Properties of ``ESTATE`` squares or more (``regions``: (terrain, bit mask) pairs)."""
    k = game.kingdoms[kingdom]
    terrains = game.engine.registry.terrains
    return sum(1 for t, mask in k.regions if terrains[t].scores and mask.bit_count() >= ESTATE)


class BigEstates:
    """A plugin can be any object with hook methods, added to a catalogue by name."""

    HOOK_API = 1

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine] | None:
        n = estates(game, kingdom)
        if not n:
            return None
        return [ScoreLine(kind="bonus", name="big estates", points=ESTATE_BONUS * n)]

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        # The same points, fast, for the bots (they total kingdoms very often).
        rules.add_fast_scoring(total=lambda game, kingdom: ESTATE_BONUS * estates(game, kingdom))


def play(seed: int, players: Sequence[str]) -> Game:
    """Build the engine, seat the bots and play one game to the end."""
    catalogue = default_catalogue().copy()  # the installed plugins, plus ours
    catalogue.add_module(BigEstates(), "big_estates")
    ruleset = Ruleset(
        name="harmony-estates",
        plugins=("base", "big_estates"),
        options={"base": {"harmony": True}},
    )
    engine = Engine(ruleset, players=len(players), catalogue=catalogue)
    bots = installed_agents()
    # Each bot gets its own generator: the game's draws stay the seed's alone.
    agents = [bots.make(spec, random.Random(seed * 100 + i)) for i, spec in enumerate(players)]
    game = engine.new_game(seed=seed)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()  # a domino or a king is drawn
        else:
            game.apply(agents[game.current_seat or 0].act(game))
    return game


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="greedy,random,random")
    args = parser.parse_args(argv)
    players = args.players.split(",")
    game = play(args.seed, players)

    print(f"harmony-estates, seed {args.seed}")
    for sheet in game.scores():
        seat = sheet.kingdom
        extras = ", ".join(f"{b.name} +{b.points}" for b in sheet.bonuses) or "no bonus"
        print(f"  P{seat + 1} ({players[seat]}): {sheet.total} points ({extras})")
    ranking = game.ranking()
    for place, kingdoms in enumerate(ranking.places, start=1):
        print(f"  {place}. " + " = ".join(f"P{k + 1}" for k in kingdoms))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
