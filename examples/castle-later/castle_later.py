"""House rule "castle later": place your castle after your first domino.

A rule making the castle's square a decision, shipped as a single file:
``castle-later.toml`` beside it names it in ``plugin_files``.

The rule, as we play it:

* Kingdoms start empty. A seat's first domino goes down on its own (any way
  round: the screen shows it at ``0,0``, the only square a kingdom has then).
* Right after it (or after discarding it, should a rule make it fit nowhere), the
  seat puts its castle on any empty square next to that domino: a decision of its
  own, in words "castle at x,y". (``options.castle_later.after_dominoes = 2`` waits
  for a second domino, which must then connect by terrain to the first.) From then
  on the castle is ``0,0`` and the game goes on as the base game: a domino
  connects to the castle or to its terrain, the kingdom fits in 5x5 castle
  included, the Middle Kingdom is the castle at the centre.

Hooks used: ``kd_configure`` (``castle_at_start``), ``kd_after_place`` (inserts the
``place_castle`` step with ``Game.insert_steps``; ``Kingdom.has_castle``),
``kd_validate``.
"""

from __future__ import annotations

from attrs import frozen

from kingdomino_core import Action, ConfigBuilder, Game, GameConfig, Problem, Step, hookimpl

NAME = "castle_later"
HOOK_API = 1
REQUIRES = ("base",)


@frozen(kw_only=True)
class Options:
    """``[options.castle_later]`` in a ruleset."""

    #: Dominoes a kingdom takes (placed or discarded) before its castle is placed.
    after_dominoes: int = 1


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    config.set("castle_at_start", False)


@hookimpl
def kd_validate(config: GameConfig) -> list[Problem]:
    after = config.option(NAME, Options).after_dominoes
    if not 1 <= after <= 3:
        return [
            Problem.option("castle_later", "after_dominoes", f"from 1 to 3, not {after}", after)
        ]
    return []


@hookimpl
def kd_after_place(game: Game, seat: int, action: Action) -> None:
    kingdom = game.kingdom_of(seat)
    taken = len(kingdom.placements) + len(kingdom.discards)
    if not kingdom.has_castle and taken >= game.config.option(NAME, Options).after_dominoes:
        game.insert_steps([Step(kind="place_castle", seat=seat)])
