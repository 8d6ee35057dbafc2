"""House rule "castle later": place your castle after your first domino.

A rule making the castle's square a decision, shipped as a single file:
``castle-later.toml`` beside it names it in ``plugin_files``.

The rule, as we play it:

* Kingdoms start empty. A seat's first domino goes down on its own (any way
  round: the screen shows it at ``0,0``, the only square a kingdom has then).
* Right after it (or after discarding it, should a rule make it fit nowhere), the
  seat puts its castle on any empty square next to that domino: a decision of its
  own, in words "castle at x,y". From then on the castle is ``0,0`` and the game
  goes on as the base game: a domino connects to the castle or to its terrain,
  the kingdom fits in 5x5 castle included, the Middle Kingdom is the castle at
  the centre.

Hooks used: ``kd_configure`` (``castle_at_start``), ``kd_after_place`` (inserts the
``place_castle`` step with ``Game.insert_steps``; ``Kingdom.has_castle``).
"""

from __future__ import annotations

from kingdomino_core import Action, ConfigBuilder, Game, Step, hookimpl

NAME = "castle_later"
HOOK_API = 1
REQUIRES = ("base",)


@hookimpl
def kd_configure(config: ConfigBuilder) -> None:
    config.set("castle_at_start", False)


@hookimpl
def kd_after_place(game: Game, seat: int, action: Action) -> None:
    if not game.kingdom_of(seat).has_castle:
        game.insert_steps([Step(kind="place_castle", seat=seat)])
