"""How long a bot may think: the budgets an agent spec asks for, and their limits.

A bot's options may ask for any budget (``mcts:time=100000``): on the command line
that is the user's own choice, but a budget from someone else (a seat of a
``kd serve`` lobby, a saved game given to ``kd play --resume``) could keep a thread
busy for days. The budget options every shipped bot understands are ``time`` and
``cpu`` (seconds per move) and ``playouts`` (a count per move, the first of
``playouts``, ``cpu``, ``time`` given wins, as in ``mcts``); a spec's budget is
read from them, a playout counted as :data:`PLAYOUT_SECONDS`. Limits:

- ``kd serve``: :data:`SERVER_MOVE` per move and :data:`SERVER_TABLE` for the
  sum of a table's bots (what the humans of a table wait for in a round);
- a saved game resumed with ``kd play --resume``: :data:`SAVED_MOVE` per move
  (``--players`` chooses other bots).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from attrs import frozen

from kingdomino_core.i18n import get_translation

_ = get_translation("kingdomino_play")

#: What one playout costs, for comparing a playout count with seconds (a base-game
#: playout takes about 5 to 10 ms on a loaded 2-core machine).
PLAYOUT_SECONDS = 0.01
#: The default budget of ``mcts`` (``time=1.0``).
MCTS_DEFAULT_SECONDS = 1.0
#: Bots that answer at once (no budget option).
INSTANT = frozenset({"greedy", "random"})


@frozen(kw_only=True)
class Limit:
    """A largest budget: ``seconds`` per move (``time``, ``cpu``) and ``playouts``."""

    seconds: float
    playouts: int


#: Per move, for a bot seat of a ``kd serve`` table.
SERVER_MOVE = Limit(seconds=10.0, playouts=1000)
#: The sum of the per-move budgets of one ``kd serve`` table's bots, in seconds.
SERVER_TABLE = 20.0
#: Per move, for a bot stored in a saved game that ``kd play --resume`` continues.
SAVED_MOVE = Limit(seconds=60.0, playouts=6000)


def options_of(spec: str) -> tuple[str, dict[str, str]]:
    """The agent's name and options, split as the agent registry splits them."""
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    for item in filter(None, re.split(r"[;+]", rest)):
        key, _eq, value = item.partition("=")
        options[key.strip()] = value.strip()
    return name.strip(), options


def _number(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None  # the agent itself says what is wrong with it
    return value if not math.isnan(value) else None


def move_seconds(spec: str) -> float | None:
    """About how long ``spec`` thinks per move, in seconds; None if it cannot be told
    (an installed bot without budget options, whose budget is its own)."""
    name, options = options_of(spec)
    for key, scale in (("playouts", PLAYOUT_SECONDS), ("cpu", 1.0), ("time", 1.0)):
        value = _number(options[key]) if key in options else None
        if value is not None and value > 0:
            return value * scale
    if name in INSTANT:
        return 0.0
    if name == "mcts":
        return MCTS_DEFAULT_SECONDS
    return None


def budget_problem(spec: str, limit: Limit) -> str | None:
    """Why ``spec`` asks for more than ``limit`` per move, in words (None: it does not)."""
    _name, options = options_of(spec)
    for key, most in (
        ("time", limit.seconds),
        ("cpu", limit.seconds),
        ("playouts", float(limit.playouts)),
    ):
        value = _number(options[key]) if key in options else None
        if value is not None and value > most:
            return _OVER[key]().format(option=f"{key}={options[key]}", most=f"{most:g}")
    return None


# Why a bot's budget is refused, one whole sentence per option.
_OVER = {
    "time": lambda: _("{option} is over the most a bot may think here: {most} seconds a move"),
    "cpu": lambda: _("{option} is over the most a bot may think here: {most} CPU seconds a move"),
    "playouts": lambda: _("{option} is over the most a bot may think here: {most} playouts a move"),
}


def table_problem(specs: Sequence[str], most: float = SERVER_TABLE) -> str | None:
    """Why the bots ``specs`` of one table together think too long per round."""
    total = sum(move_seconds(s) or 0.0 for s in specs)
    if total > most:
        return _(
            "the bots of this table would think {total} seconds a round together; "
            "at most {most} seconds here"
        ).format(total=f"{total:g}", most=f"{most:g}")
    return None
