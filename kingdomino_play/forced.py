"""Forced moves: a decision with a single legal action is played without asking.

The last king to pick takes the last free domino; a domino that fits nowhere is
discarded; a purchase nobody can afford is passed. Asking for "1" there only slows
the game, so a table made with ``Table(forced=True)`` plays the action for the person
and marks the move as forced (``Move.forced``): ``kd play`` (unless ``--ask-forced``)
says so with a note, ``kd serve`` moves on with it in the move list. Nothing else
changes: the action is the one the player would have chosen, so saves, replays and
the bots' numbers (seeded per decision) are the same as when the player is asked,
and undo goes back past it to a decision the person answered.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino_core import Action, Game
from kingdomino_core.engine.words import describe_action
from kingdomino_core.i18n import package_translation

from .seats import name_seats

_ = package_translation("kingdomino_play")


def forced_action(actions: Sequence[Action]) -> Action | None:
    """The one legal action of a decision that has no other; None when there is a choice."""
    return actions[0] if len(actions) == 1 else None


def is_forced(game: Game) -> bool:
    """Whether ``game`` waits for a decision with a single legal action."""
    return not game.is_terminal() and not game.is_chance() and len(game.legal_actions()) == 1


def only_action(game: Game) -> Action | None:
    """The single legal action of the decision ``game`` waits for; None when there is
    a choice (or no decision: chance, the end)."""
    if game.is_terminal() or game.is_chance():
        return None
    return forced_action(game.legal_actions())


def forced_note(game: Game, name: str, action: Action, names: Sequence[str] = ()) -> str:
    """``P1: your only choice, played for you: take 48 (...)``; ``game`` is the state
    ``action`` is played in (its words come from the decision's handler, the seats
    they name named by the players' ``names``: :func:`~kingdomino_play.name_seats`)."""
    return _("{name}: your only choice, played for you: {move}").format(
        name=name, move=name_seats(describe_action(game, action), names)
    )
