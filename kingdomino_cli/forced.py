"""Forced moves: a decision with a single legal action is played without asking.

The last king to pick takes the last free domino; a domino that fits nowhere is
discarded; a purchase nobody can afford is passed. Asking for "1" there only slows
the game, so a person's front end plays the action and says so (``kd play`` does,
unless ``--ask-forced``). Nothing else changes: the action is the one the player
would have typed, so saves, replays and the bots' numbers (seeded per decision) are
the same as when the player is asked. This module is the whole rule, with no
terminal in it, for any front end to use.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino_core import Action, Game
from kingdomino_core.engine.words import describe_action
from kingdomino_core.i18n import package_translation

_ = package_translation("kingdomino_cli")


def forced_action(actions: Sequence[Action]) -> Action | None:
    """The one legal action of a decision that has no other; None when there is a choice."""
    return actions[0] if len(actions) == 1 else None


def is_forced(game: Game) -> bool:
    """Whether ``game`` waits for a decision with a single legal action."""
    return not game.is_terminal() and not game.is_chance() and len(game.legal_actions()) == 1


def forced_note(game: Game, name: str, action: Action) -> str:
    """``P1: your only choice, played for you: take 48 (...)``; ``game`` is the state
    ``action`` is played in (its words come from the decision's handler)."""
    return _("{name}: your only choice, played for you: {move}").format(
        name=name, move=describe_action(game, action)
    )
