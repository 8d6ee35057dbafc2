"""Player views: what each seat may see of a game.

A plugin that hides information from some seats (a hand per player, a secret
objective) says so with a :class:`Secret`, registered in ``kd_register_rules`` with
:meth:`RuleBook.add_secret <kingdomino_core.RuleBook.add_secret>`. Everything shown
to one seat, or decided for it, is then read from that seat's view, the same one
for every consumer (after OpenSpiel's observers, with public and private
information per player, and boardgame.io's ``playerView``):

* :func:`view_of` ``(game, viewer)``: a copy of the game in which each secret has
  put, in place of what ``viewer`` may not see, what it does see of it
  (:meth:`Secret.hide`). The terminal, the browser (``kd serve`` sends each seat
  its own view, nothing more), the SVG boards, ``kd_describe_game`` (it receives the
  ``viewer``) and the RL observation are drawn from it.
* :func:`determinize` ``(game, viewer, rng)``: a copy in which what ``viewer`` may
  not see is dealt again at random, consistently with what it sees
  (:meth:`Secret.redeal`, OpenSpiel's "resample from the information state"). The
  bots search such copies, so their decisions cannot depend on what their seat may
  not see.
* :func:`action_words` ``(game, action, viewer)``: a move in the words ``viewer``
  may read (a card taken from a hidden hand: "P2 took a card").

A viewer is a seat number, or :data:`SPECTATOR` (None): someone at the table
without a seat, who sees the public information only. The order of the draw pile
is hidden from everyone by the core itself: it is drawn only when drawn, and a
bot's copy gets its own generator (``Game.clone(rng=...)``).

With no secret, which is every shipped ruleset, :func:`view_of` returns the game
itself and :func:`determinize` the copy a bot makes anyway: views cost nothing.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ..model.actions import Action
from ..model.pieces import TableNote

if TYPE_CHECKING:  # a secret hides parts of a game, which holds the secrets' engine
    from .game import Game

__all__ = [
    "SPECTATOR",
    "Secret",
    "Viewer",
    "action_words",
    "describe_game",
    "determinize",
    "hides",
    "view_of",
]

#: Who looks at a game: a seat number, or :data:`SPECTATOR`.
Viewer = int | None

#: The viewer without a seat (a spectator, a page opened without a seat's link):
#: the public information only.
SPECTATOR: Viewer = None


class Secret:
    """Information a plugin hides from some seats: subclass it, give it an ``id``
    and register it in ``kd_register_rules`` with ``rules.add_secret(...)``.

    The secret usually lives in a state slice of the plugin (``RuleBook.add_state``):
    each seat's hand, each seat's objective. Both methods receive a copy of the game
    (never the game being played), whose state slices they may change freely.

    Contract: a seat must see everything its own legal actions depend on (its own
    hand); hidden information may decide scores, and a view scores what the viewer
    sees (an objective the viewer cannot see scores nothing in its view). After the
    game, a secret usually hides nothing more: check ``game.is_terminal()``.
    """

    #: The secret's name, for messages (``"secret_objective.objectives"``).
    id: str = ""

    def hide(self, view: Game, viewer: Viewer) -> None:
        """Replace, in ``view`` (a copy made for ``viewer``'s eyes), what ``viewer``
        may not see by what it does see of it: another seat's hand by as many
        unknown cards, an objective by "not revealed". The default hides nothing."""

    def redeal(self, game: Game, viewer: Viewer, rng: random.Random) -> None:
        """Replace, in ``game`` (a copy a bot searches), what ``viewer`` may not see
        by a sample consistent with what it sees, drawn with ``rng`` only.

        The sample must depend on nothing but what ``viewer`` sees and ``rng``: pool
        the unseen items in a fixed order (sorted) before dealing them, so two games
        that differ only in what the viewer may not see give the same copy. The
        default deals nothing again (only right for a secret :meth:`hide` alone
        covers, such as information no rule reads).
        """

    def action_words(self, game: Game, action: Action, viewer: Viewer) -> str | None:
        """The words ``viewer`` may read of ``action`` (about to be played in
        ``game``) when the move itself is hidden from it, e.g. ``"took a card"``;
        None (the default) when the move is public."""
        return None


def hides(game: Game) -> bool:
    """Whether any active plugin hides information (``Engine.secrets`` not empty)."""
    return bool(game.engine.secrets)


def view_of(game: Game, viewer: Viewer) -> Game:
    """What ``viewer`` sees of ``game``: a copy in which every secret hid what the
    viewer may not see, or ``game`` itself when no plugin hides anything.

    The copy keeps the game's chance stream and its log (displays mark the last
    placements from it); what is shown of a move goes through :func:`action_words`,
    and a secret whose moves would tell too much rewrites them in :meth:`Secret.hide`.
    """
    secrets = game.engine.secrets
    if not secrets:
        return game
    view = game.clone(check_hooks=False)
    for secret in secrets:
        secret.hide(view, viewer)
    view.changed()  # edited outside actions: no score kept from before the hiding
    return view


def determinize(game: Game, viewer: Viewer, rng: random.Random, *, log: bool = False) -> Game:
    """A copy of ``game`` to search for ``viewer``: its own generator ``rng`` for
    chance (so the pile comes out in an order the searcher samples) and, when
    plugins hide information, what ``viewer`` may not see dealt again with ``rng``
    (:meth:`Secret.redeal`). Hooks are not checked in the copy (a bot's search)."""
    copy = game.clone(log=log, rng=rng, check_hooks=False)
    for secret in game.engine.secrets:
        secret.redeal(copy, viewer, rng)
    if game.engine.secrets:
        copy.changed()  # dealt again outside actions
    return copy


def action_words(game: Game, action: Action, viewer: Viewer) -> str | None:
    """The words of a move hidden from ``viewer`` (the first secret that hides it
    says them), or None when the move is public (every move, with no secret)."""
    for secret in game.engine.secrets:
        words = secret.action_words(game, action, viewer)
        if words is not None:
            return words
    return None


def describe_game(view: Game, viewer: Viewer) -> list[str | TableNote]:
    """The plugins' lines about the table for ``viewer`` (``kd_describe_game`` on
    ``view``, the viewer's :func:`view_of` the game), in hook order: what every
    display shows (a :class:`~kingdomino_core.model.pieces.TableNote` as its words
    in text)."""
    lines: list[str | TableNote] = []
    for contributed in view.hooks.kd_describe_game(game=view, viewer=viewer):
        lines.extend(contributed)
    return lines
