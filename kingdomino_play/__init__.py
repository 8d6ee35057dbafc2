"""kingdomino_play: playing a game at a table, below every front end.

``kd play`` (the terminal), ``kd serve`` (the browser) and any program that seats
people and bots at a game play through this package, so they deal, seed, undo,
word, score and save alike:

- :class:`Table`: a game and its seats; :meth:`Table.act` plays a person's move
  (checked, logged in the engine's canonical form), :meth:`Table.advance` plays
  chance and the bots until a person decides, :meth:`Table.undo` goes back to a
  person's previous decision, :meth:`Table.saved` is the game as a save;
- :class:`Seat` and :func:`build_seat`: who sits where, with an agent seeded per
  decision (:class:`DecisionRandom`: a function of game seed, seat and move);
- :func:`game_json`: the result as the command line's contract JSON;
- :func:`kingdom_svg`, :func:`kingdoms_svg`, :func:`game_kingdom_svg`: kingdoms
  drawn as SVG.

It builds on :mod:`kingdomino_core` alone: no terminal (typer, rich) and no web
framework (Starlette); the front ends build on it.

```python
from kingdomino_core import Engine, Ruleset
from kingdomino_core.saves.savegame import PlayerEntry
from kingdomino_play import Table

engine = Engine(Ruleset(name="base", plugins=("base",)), 2)
players = [PlayerEntry(name="Ann", agent="human"), PlayerEntry(name="Bot", agent="greedy")]
table = Table(engine.new_game(seed=7), players, undo=True)
table.advance()                      # chance and the bot, up to Ann's decision
move = table.act(table.game.legal_actions()[0])
table.advance()
table.undo({0})                      # back to Ann's decision
```
"""

from __future__ import annotations

from kingdomino_core.i18n import package_translation

from .decision_random import DecisionRandom, DecisionStream, decision_stream, stream_numbers
from .engines import engine_for
from .results import game_json, outcome_words, ranking_json
from .seats import HUMAN, Seat, build_seat, is_human, name_seats
from .svg import SEAT_COLOURS, game_kingdom_svg, kingdom_svg, kingdoms_svg, seat_mark
from .table import MAX_UNDO, Move, Table, move_words

package_translation("kingdomino_play")  # its catalogs: kingdomino_play/locales

__all__ = [
    "HUMAN",
    "MAX_UNDO",
    "SEAT_COLOURS",
    "DecisionRandom",
    "DecisionStream",
    "Move",
    "Seat",
    "Table",
    "build_seat",
    "decision_stream",
    "engine_for",
    "game_json",
    "game_kingdom_svg",
    "is_human",
    "kingdom_svg",
    "kingdoms_svg",
    "move_words",
    "name_seats",
    "outcome_words",
    "ranking_json",
    "seat_mark",
    "stream_numbers",
]
