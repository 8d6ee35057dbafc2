"""One game at one table: seats, moves, chance and bots up to the next person, undo.

:class:`Table` is what every front end plays through: ``kd play`` asks its people at
the terminal and hands their choices to :meth:`Table.act`; ``kd serve`` does the same
with the browser's clicks; both let :meth:`Table.play_automatic` (or
:meth:`Table.advance`) play chance and the bots, seeded per decision
(:mod:`kingdomino_play.decision_random`), so a seed gives the same game in both.

Every move goes through :meth:`Game.apply <kingdomino_core.Game.apply>` with its
check, so what is logged (and saved) is the engine's canonical form of the move
(a symmetric domino placed facing W or N is logged facing E or S, docs/api.md).

Undo keeps no copy of the game: the table notes where each person's decision
started (a seat and a move number, when undo is on) and undoing replays the moves
before it from the game's seed, which gives the very same game (chance draws one
number per step, bots draw per decision). So undo costs a replay and no memory, and
a table where undo is off keeps nothing at all.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Collection, Sequence

from attrs import frozen

from kingdomino_core import (
    Action,
    AgentRegistry,
    Game,
    IllegalActionError,
    KingdominoError,
    PluginHookError,
    describe_action,
)
from kingdomino_core.engine.views import SPECTATOR, action_words, hides
from kingdomino_core.engine.words import seat_name
from kingdomino_core.hooks.plugins import PLUGIN_FAULTS, blame
from kingdomino_core.i18n import Translated, get_translation
from kingdomino_core.model.actions import CHANCE
from kingdomino_core.saves.savegame import (
    CHANCE_SEED,
    PlayerEntry,
    SavedGame,
    save_of,
    write_save,
)

from .forced import only_action
from .seats import Seat, build_seat, is_human, name_seats

_ = get_translation("kingdomino_play")
_l = _.lazy

#: Moves in words kept by a table for its move list (``Table.recent``).
RECENT = 50
#: Most undo points a table keeps (two integers each): far more than a person's
#: decisions in any shipped game, so undo goes back to the start of the game.
MAX_UNDO = 1000

#: How a table words a move: ``(game before the move, action) -> words``.
Words = Callable[[Game, Action], str]


def move_words(game: Game, action: Action) -> str:
    """``action`` in the words of the decision's handler (``describe_action``), taken
    before it is played; the action's own ``describe()`` if the plugin's description
    fails (words must never stop a move)."""
    try:
        return describe_action(game, action)
    except Exception:
        return action.describe()


@frozen(kw_only=True)
class Move:
    """One move played at a table."""

    #: The seat that moved (``CHANCE``, -1, for a draw).
    seat: int
    #: The action as logged (the engine's canonical form).
    action: Action
    #: The move in words ("" for chance, or when the table words no moves).
    words: str
    #: True for a person's decision with a single legal action, played for them
    #: (``Table(forced=True)``).
    forced: bool = False


class Table:
    """A game and its seats, played move by move.

    ``seats``: one per player, or None to build them from ``players`` when a bot
    first moves (with ``registry``, default every installed agent). ``undo``: keep
    undo points for the people's decisions. ``words``: how moves are put in words
    for :attr:`recent` (None: moves are not worded). ``forced``: a person's decision
    with a single legal action is played for them like a bot's move
    (:meth:`advance`, marked :attr:`Move.forced`), never asked
    (:mod:`kingdomino_play.forced`).
    """

    def __init__(
        self,
        game: Game,
        players: Sequence[PlayerEntry],
        *,
        seats: Sequence[Seat] | None = None,
        registry: AgentRegistry | None = None,
        undo: bool = False,
        words: Words | None = move_words,
        chance: str = CHANCE_SEED,
        forced: bool = False,
    ) -> None:
        if len(players) != game.config.players:
            raise ValueError(
                f"a table needs one player per seat: {len(players)} given, "
                f"{game.config.players} seats"
            )
        #: The game as it stands (replaced by :meth:`undo`).
        self.game = game
        #: Who sits at each seat, as saves record them.
        self.players = list(players)
        #: How the game's chance was drawn, kept in its saves (a resumed scripted game
        #: stays scripted: ``saves.save_file.CHANCE_SCRIPTED``).
        self.chance = chance
        #: Whether undo points are kept (:meth:`undo`).
        self.undo_enabled = undo
        #: Whether a person's forced decisions are played for them (:meth:`forced_move`).
        self.forced = forced
        #: How moves are worded (None: not at all).
        self.words = words
        #: Every action played, in order: a faulty plugin may clear ``game.log``, and
        #: the save must still hold every move (docs/trust.md).
        self.moves: list[Action] = list(game.log)
        #: ``(seat, move number)`` where each person's decision started, oldest first.
        self.undo_points: list[tuple[int, int]] = []
        #: The last moves in words, newest last ("Name: words").
        self.recent: list[str] = []
        #: Every worded move still in the game, oldest first: ``(index in
        #: :attr:`moves`, "Name: words")`` (an undo drops the moves it takes back).
        self.history: list[tuple[int, str]] = []
        #: Moves some viewers may not read (a plugin's ``Secret``): index in
        #: :attr:`moves` -> {viewer: the words that viewer reads instead}. Empty when
        #: nothing is hidden.
        self.hidden_words: dict[int, dict[int | None, str]] = {}
        self._hidden_now: dict[int | None, str] = {}
        #: Why play stopped (a bot or plugin failed in :meth:`advance`), or "".
        self.failure = ""
        self._registry = registry
        self._seats: dict[int, Seat] = {s.index: s for s in seats} if seats else {}

    # -- who decides --------------------------------------------------------------

    @property
    def names(self) -> list[str]:
        """The players' names, by seat."""
        return [p.name for p in self.players]

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.game.is_terminal()

    def human(self, seat: int) -> bool:
        """Whether a person plays ``seat`` (its agent spec is ``human``)."""
        return is_human(self.players[seat].agent)

    def person_decides(self) -> bool:
        """Whether the game waits for a person's choice (not chance, a bot, nobody, or
        a forced move the table plays for them)."""
        seat = self.game.current_seat
        return seat is not None and seat >= 0 and self.human(seat) and self.forced_move() is None

    def automatic_next(self) -> bool:
        """Whether the next move is chance's, a bot's or a person's forced one (and
        play has not failed)."""
        seat = self.game.current_seat
        if seat is None or self.failure:
            return False
        return seat < 0 or not self.human(seat) or self.forced_move() is not None

    def forced_move(self) -> Action | None:
        """The single legal action of a person's decision, which the table plays for
        them (when made with ``forced=True``); None when they choose."""
        seat = self.game.current_seat
        if not self.forced or seat is None or seat < 0 or not self.human(seat):
            return None
        return only_action(self.game)

    def seat(self, index: int) -> Seat:
        """The seat ``index`` with its agent (built when first asked for)."""
        found = self._seats.get(index)
        if found is None:
            found = self._seats[index] = build_seat(index, self.players[index], self._registry)
        return found

    # -- playing ------------------------------------------------------------------

    def explain(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (the engine's words), None if legal."""
        if self.game.is_terminal():
            return _("the game is over")
        return self.game.explain(action)

    def act(self, action: Action, *, undo_point: bool = True) -> Move:
        """Play a person's ``action``, checked: ``IllegalActionError`` (nothing changes)
        if it is not legal now. A plugin failing during the move raises its error with
        the game as it was before the move. ``undo_point=False``: undo goes back past
        this decision (a forced move the person was not asked about)."""
        game = self.game
        seat = game.current_seat
        if seat is None:
            raise IllegalActionError("game.over", _("the game is over"))
        undo_point = undo_point and self.undo_enabled and seat >= 0
        if undo_point:
            self.undo_points.append((seat, len(self.moves)))
            del self.undo_points[:-MAX_UNDO]
        words = self._words(game, action)
        try:
            self._apply(action)
        except BaseException:
            if undo_point:
                self.undo_points.pop()
            raise
        return self._played(seat, words)

    def play_automatic(self) -> Move:
        """Play the next move of chance or of a bot. A bot that fails or plays an
        illegal move raises ``PluginHookError`` naming the plugin that provides it; a
        plugin failing during the move raises its error with the game as it was."""
        game = self.game
        seat = game.current_seat
        if seat is None:
            raise IllegalActionError("game.over", _("the game is over"))
        if seat < 0:
            try:
                self.moves.append(game.resolve_chance())
            except KingdominoError:
                self._rebuild()
                raise
            return Move(seat=CHANCE, action=self.moves[-1], words="")
        if self.human(seat):
            only = self.forced_move()
            if only is None:
                raise IllegalActionError(
                    "table.person", _("{name} decides, not a bot").format(name=self.names[seat])
                )
            words = self._words(game, only)
            self._apply(only)  # no undo point: undo goes back past it
            return self._played(seat, words, forced=True)
        bot = self.seat(seat)
        try:
            action = bot.choose(game)
        except KingdominoError:
            raise
        except PLUGIN_FAULTS as exc:
            raise self._agent_fault(bot, exc) from exc
        words = self._words(game, action)
        try:
            self._apply(action)
        except IllegalActionError as exc:
            raise self._agent_fault(bot, exc) from exc
        return self._played(seat, words)

    def advance(self, limit: int | None = None) -> list[Move]:
        """Play chance and the bots until a person decides or the game ends (or
        ``limit`` moves). A failure stops play: it is kept in :attr:`failure` (every
        move before it stays played) and no more moves are played."""
        played: list[Move] = []
        while self.automatic_next() and (limit is None or len(played) < limit):
            seat = self.game.current_seat
            try:
                played.append(self.play_automatic())
            except KingdominoError as exc:
                who = _l("chance") if seat is None or seat < 0 else self.names[seat]
                # lazy: each page shows it in its language (the error's own words as given)
                self.failure = _l("{who} could not move: {error}").format(who=who, error=str(exc))
        return played

    def _apply(self, action: Action) -> None:
        """``game.apply`` with its check (so the canonical form is logged)."""
        game = self.game
        log = game.log
        before = len(log)
        try:
            game.apply(action)
        except IllegalActionError:
            raise  # the game is unchanged
        except KingdominoError:
            self._rebuild()  # a plugin failed half-way: back to before the move
            raise
        self.moves.append(log[before] if len(log) > before and log is game.log else action)

    def _words(self, game: Game, action: Action) -> str:
        if self.words is None:
            return ""
        if hides(game):  # what each other seat and a spectator may read of it
            viewers: list[int | None] = [*range(game.config.players), SPECTATOR]
            found = {v: action_words(game, action, v) for v in viewers}
            self._hidden_now = {v: w for v, w in found.items() if w is not None}
        return self.words(game, action)

    def _played(self, seat: int, words: str, *, forced: bool = False) -> Move:
        if words:  # (a forced move reads as the player's own: the replays word it so)
            entry = f"{self.names[seat]}: "
            # words made in every language (a server's) stay so, after the name
            self.recent.append(
                words.prefixed(entry) if isinstance(words, Translated) else entry + words
            )
            del self.recent[:-RECENT]
            self.history.append((len(self.moves) - 1, self.recent[-1]))
            if self._hidden_now:
                self.hidden_words[len(self.moves) - 1] = {
                    v: f"{self.names[seat]}: {name_seats(w, self.names)}"
                    for v, w in self._hidden_now.items()
                }
        self._hidden_now = {}
        return Move(seat=seat, action=self.moves[-1], words=words, forced=forced)

    def _agent_fault(self, seat: Seat, exc: BaseException) -> PluginHookError:
        """A bot that crashes or plays an illegal move: name the plugin that provides it."""
        plugin = blame(exc, self.game.engine.plugins) or "(the agent's plugin)"
        return PluginHookError(plugin, f"agent {seat.entry.agent!r} ({seat_name(seat.index)})", exc)

    def history_for(self, viewer: int | None) -> list[str]:
        """:attr:`history`'s words as ``viewer`` may read them (a seat, or
        ``SPECTATOR``): a move a plugin's ``Secret`` hides from it in the words the
        secret gives (``"P2: took a card"``). The history itself with no secret."""
        hidden = self.hidden_words
        if not hidden:
            return [words for _at, words in self.history]
        return [hidden.get(at, {}).get(viewer, words) for at, words in self.history]

    # -- undo ---------------------------------------------------------------------

    def can_undo(self, seats: Collection[int], *, latest: bool = False) -> bool:
        """Whether one of ``seats`` has a decision to go back to. ``latest``: only if
        no one else has decided since (the newest decision is theirs; chance and bots
        may have moved since, they replay identically): ``kd serve``, where the
        others' decisions are their own."""
        if latest:
            return bool(self.undo_points) and self.undo_points[-1][0] in seats
        return any(seat in seats for seat, _at in self.undo_points)

    def undo(self, seats: Collection[int], *, latest: bool = False) -> bool:
        """Back to the latest decision of one of ``seats`` (every move since, bots'
        included, is undone; bots replay theirs identically). False if there is none
        (with ``latest``: also if someone else has decided since, :meth:`can_undo`)."""
        if latest and not self.can_undo(seats, latest=True):
            return False
        for i in range(len(self.undo_points) - 1, -1, -1):
            seat, at = self.undo_points[i]
            if seat in seats:
                self.game = self._replayed(self.moves[:at])
                del self.moves[at:]
                del self.undo_points[i:]
                self.history = [h for h in self.history if h[0] < at]
                self.hidden_words = {i: w for i, w in self.hidden_words.items() if i < at}
                if self.words is not None:
                    self.recent.append("(undone: back to your previous decision)")
                    del self.recent[:-RECENT]
                return True
        return False

    def _replayed(self, moves: Sequence[Action]) -> Game:
        """A new game with ``moves`` played from the seed: the game as it stood then."""
        game = self.game.engine.new_game(seed=self.game.seed)
        for action in moves:
            game.apply(action)
        return game

    def _rebuild(self) -> None:
        """After a plugin failed during a move: the game before it, from the moves
        (kept as it is if even that fails)."""
        with contextlib.suppress(Exception):
            self.game = self._replayed(self.moves)

    # -- results and saving -------------------------------------------------------

    def saved(self, *, result: bool = True) -> SavedGame:
        """The game as a save (with its result if it is over and ``result``)."""
        return save_of(self.game, self.players, chance=self.chance, result=result, log=self.moves)

    def save(self, path: str | os.PathLike[str], *, result: bool = True) -> None:
        """Write the save to ``path`` atomically (temporary file, fsync, rename)."""
        write_save(path, self.saved(result=result))
