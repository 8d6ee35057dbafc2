"""What the others did since your last decision, in short words, for the screen.

At a terminal the bots' moves are announced as they are played, and the next screen
(a whole 24-row terminal of it) pushes them off. The screen repeats them instead:
:func:`moves_since` replays the moves made since the game a player last decided in
(each described in the state it was played in, as the step handlers need) and
:func:`recap_lines` groups them per player turn: ``P2 placed 19, took 13``.
"""

from __future__ import annotations

from collections.abc import Sequence

from kingdomino_core import Action, Claim, Discard, Game, Pass, Place
from kingdomino_core.engine.views import action_words, hides
from kingdomino_core.engine.words import describe_action, domino_name
from kingdomino_core.i18n import package_translation
from kingdomino_play import name_seats

_ = package_translation("kingdomino_cli")


def move_words(game: Game, action: Action) -> str:
    """``action`` in a few words, ``game`` being the state it is played in: the core's
    moves by the domino's name (``placed 19``, ``took 13``); another kind by the first
    clause of its handler's words (``buy the Farmer from the board onto 1,1``)."""
    if isinstance(action, Place):
        return _("placed {domino}").format(domino=domino_name(game, action.domino))
    if isinstance(action, Discard):
        return _("discarded {domino}").format(domino=domino_name(game, action.domino))
    if isinstance(action, Claim):
        return _("took {domino}").format(domino=domino_name(game, action.domino))
    if isinstance(action, Pass):
        return _("passed")
    try:
        words = describe_action(game, action)
    except Exception:  # a plugin's words must never stop the screen
        words = action.describe()
    for stop in (" (", ": "):
        words = words.split(stop)[0]
    return words


def moves_since(
    before: Game, game: Game, viewer: int | None = None
) -> list[tuple[int, str]] | None:
    """``(seat, words)`` of every decision in ``game`` after the first one played from
    ``before`` (the decision the player answered there is theirs to remember), as
    ``viewer`` may read them (a move a plugin's ``Secret`` hides in its words); None
    when ``game`` does not continue ``before`` (after an undo, say)."""
    done = len(before.log)
    if len(game.log) < done or game.log[:done] != before.log:
        return None
    replay = before.clone()
    found: list[tuple[int, str]] = []
    for n, action in enumerate(game.log[done:]):
        seat = getattr(action, "seat", None)
        if n and not action.chance and isinstance(seat, int):
            hidden = action_words(replay, action, viewer) if hides(replay) else None
            found.append((seat, hidden or move_words(replay, action)))
        replay.apply(action, check=False)
    return found


def recap_lines(moves: Sequence[tuple[int, str]], names: Sequence[str], me: int | None) -> str:
    """The moves grouped per player turn: ``P2 placed 19, took 13; P3 placed 12, ...``
    (your own forced moves as ``you``); empty when there are none."""
    groups: list[tuple[int, list[str]]] = []
    for seat, words in moves:
        if groups and groups[-1][0] == seat:
            groups[-1][1].append(words)
        else:
            groups.append((seat, [words]))
    turns = [
        _("{who} {moves}").format(
            who=_("you") if s == me else names[s],
            moves=", ".join(name_seats(words, names) for words in w),
        )
        for s, w in groups
    ]
    return "; ".join(turns)
