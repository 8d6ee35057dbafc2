"""House rule "joker dominoes": a joker square connects to anything.

A placement rule shipped as a single file: ``joker.toml`` beside it names it in
``plugin_files`` and activates it by its ``NAME``.

The rule, as we play it:

* Four joker dominoes join the deck (numbers 49 to 52). Each has one joker square
  (letter ``J``, no crowns) and one ordinary square with a crown: wheat, forest,
  lake, mine.
* A joker square may be placed next to any square: the castle, any terrain, or
  another joker. An ordinary square may be placed next to the castle, its own
  terrain, or a joker square. That is the base game's connection rule
  (``base.connects``) with the joker as a wild card; every other rule (the 5x5
  square, no overlap, forced placement) is unchanged.
* A joker square belongs to no property: it never scores (``scores=False``).

Hooks used: ``kd_configure`` (the deck), ``kd_register_components`` (the terrain and
the dominoes), ``kd_register_rules`` (a placement rule replacing ``base.connects``).
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import (
    ConfigBuilder,
    Domino,
    DominoId,
    DominoSet,
    Game,
    GameConfig,
    Kingdom,
    PlacementRule,
    PlayDomino,
    Problem,
    Registry,
    RuleBook,
    Square,
    Terrain,
    hookimpl,
)

NAME = "joker"
HOOK_API = 1
REQUIRES = ("base",)  # the terrains, the deck and base.connects come from the base game

JOKER = Terrain(name="joker", letter="J", colour="#c040c0", ansi=170, scores=False)
#: The ordinary half of each joker domino, in number order from 49.
PARTNERS = ("wheat", "forest", "lake", "mine")
FIRST_NUMBER = 49


@frozen(kw_only=True)
class Options:
    """``[options.joker]`` in a ruleset."""

    #: How many joker dominoes join the deck (1 to 4), numbers 49 upwards.
    dominoes: int = 4


def joker_dominoes(count: int) -> DominoSet:
    """The joker dominoes: a joker square and a one-crown square of a partner terrain."""
    return DominoSet(
        name=NAME,
        dominoes=tuple(
            Domino(
                id=DominoId(number=FIRST_NUMBER + i),
                squares=(Square(terrain=JOKER.name), Square(terrain=terrain, crowns=1)),
            )
            for i, terrain in enumerate(PARTNERS[:count])
        ),
    )


class JokerConnects(PlacementRule):
    """``base.connects`` with the joker as a wild card (replaces it, same id)."""

    id = "base.connects"
    description = (
        "at least one square must touch the castle, a square of the same terrain or a "
        "joker; a joker square may touch anything"
    )
    any_square = True  # one connected square is enough, as in the base game

    def __init__(self, joker: int) -> None:
        self.joker = joker  # the joker's terrain index, fixed once per engine

    def _near(self, kingdom: Kingdom, terrain: int) -> int:
        """Cells where a square of ``terrain`` would touch something it connects to."""
        board = kingdom.board
        if terrain == self.joker:
            return board.grow(kingdom.occupied)  # occupied includes the castle
        castle = 1 << board.castle
        return board.grow(
            castle | kingdom.terrain_masks[terrain] | kingdom.terrain_masks[self.joker]
        )

    def square_masks(self, game: Game, kingdom: Kingdom, domino: PlayDomino) -> tuple[int, int]:
        # Bit masks for all candidates at once: no per-candidate Python in the bots' loop.
        return self._near(kingdom, domino.terrain_a), self._near(kingdom, domino.terrain_b)

    def check(
        self, game: Game, kingdom: Kingdom, domino: PlayDomino, first: int, second: int
    ) -> str | None:
        if self._near(kingdom, domino.terrain_a) >> first & 1:
            return None
        if self._near(kingdom, domino.terrain_b) >> second & 1:
            return None
        a, b = domino.domino.squares
        return (
            f"neither square touches the castle, a joker or a matching terrain "
            f"({a.terrain} / {b.terrain})"
        )


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    # The base plugin set the deck; we add our dominoes to it, deliberately.
    deck = tuple(config.get("deck", ()))
    config.set("deck", (*deck, (NAME, 1)), override=True)


@hookimpl
def kd_register_components(registry: Registry, config: GameConfig) -> None:
    registry.add_terrain(JOKER)
    registry.add_domino_set(joker_dominoes(config.option(NAME, Options).dominoes))


@hookimpl
def kd_register_rules(rules: RuleBook, registry: Registry) -> None:
    rules.add_placement_rule(JokerConnects(registry.terrain_index(JOKER.name)), replace=True)


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem | str]:
    count = config.option(NAME, Options).dominoes
    if not 1 <= count <= len(PARTNERS):
        return [Problem.option("joker", "dominoes", f"must be 1 to {len(PARTNERS)}, not {count}")]
    return []
