"""Running one game at the table: agents, humans' undo, saves and interruptions.

The session keeps a copy of the game before each human decision, so ``undo``
restores the copy before that player's previous decision (bots' moves since then
are undone too and, being seeded per decision, replayed identically). Saves are
written atomically after every human decision and at the end when ``--save`` is
given; Ctrl-C or the end of input offers to save (or saves to ``--save``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from kingdomino_core import (
    Action,
    Game,
    IllegalActionError,
    KingdominoError,
    Place,
    PluginHookError,
    describe_action,
)
from kingdomino_core.engine.words import domino_name, seat_name
from kingdomino_core.hooks.plugins import PLUGIN_FAULTS, blame
from kingdomino_core.saves.savegame import CHANCE_SEED, PlayerEntry, save_of, write_save

from .display import round_text
from .human import Console, HumanAgent, QuitRequested, SaveRequested, UndoRequested
from .players import Seat
from .terminal import is_terminal


class GameInterrupted(Exception):
    """The game stopped before its end (Ctrl-C, end of input, ``quit``)."""

    def __init__(self, saved_to: Path | None) -> None:
        self.saved_to = saved_to
        super().__init__("interrupted")


class Session:
    def __init__(
        self,
        game: Game,
        seats: list[Seat],
        *,
        save_path: Path | None = None,
        console: Console | None = None,
        announce: bool | None = None,
        chance: str = CHANCE_SEED,
    ) -> None:
        self.game = game
        #: How the game's chance was drawn (a resumed scripted game stays scripted).
        self.chance = chance
        self.seats = seats
        self.save_path = save_path
        self.console = console or Console()
        self.names = [s.entry.name for s in seats]
        self.humans = any(s.human for s in seats)
        #: Show the bots' moves on stderr (by default when a human plays).
        self.announce = self.humans if announce is None else announce
        #: ``(seat, game before its decision)``, oldest first.
        self.history: list[tuple[int, Game]] = []
        #: Every action played, kept here too: a faulty plugin may clear ``game.log``,
        #: and the save must still hold every move (docs/trust.md).
        self.moves: list[Action] = list(game.log)
        #: Why the last automatic save to ``--save`` failed (None: it was written).
        self.unsaved: OSError | None = None
        for seat in seats:
            if isinstance(seat.agent, HumanAgent):
                seat.agent.names = self.names

    @property
    def players(self) -> list[PlayerEntry]:
        return [s.entry for s in self.seats]

    def run(self) -> Game:
        """Play to the end; raise ``GameInterrupted`` after offering to save."""
        try:
            self._loop()
            self._autosave()
        except (KeyboardInterrupt, EOFError, QuitRequested) as exc:
            reason = {
                KeyboardInterrupt: "interrupted",
                EOFError: "end of input",
                QuitRequested: "you quit",
            }[type(exc)]
            raise GameInterrupted(self._offer_save(reason)) from None
        except Exception:
            # A plugin fault (or any other): keep every move played up to the failing
            # one, without a result (the final scoring may be what failed).
            self._autosave(result=False, log=self.moves)
            raise
        return self.game

    def _loop(self) -> None:
        while not self.game.is_terminal():
            game = self.game
            if game.is_chance():
                self.moves.append(game.resolve_chance())
                continue
            seat = self.seats[game.current_seat or 0]
            if seat.human:
                self.history.append((seat.index, game.clone()))
            try:
                if seat.human:
                    action = seat.choose(game)
                else:
                    with self.console.thinking(self._thinking_text(seat)):
                        action = seat.choose(game)
            except UndoRequested:
                self._undo(seat.index)
                continue
            except SaveRequested:
                self.history.pop()
                self._save_on_request()
                continue
            except BaseException as exc:
                if seat.human:
                    self.history.pop()
                bot_fault = isinstance(exc, PLUGIN_FAULTS) and not isinstance(exc, KingdominoError)
                if bot_fault and not seat.human:
                    raise self._agent_fault(seat, exc) from exc
                raise
            words = _words(game, action) if self.announce and not seat.human else ""
            try:
                game.apply(action)
            except IllegalActionError as exc:
                if seat.human:
                    raise
                raise self._agent_fault(seat, exc) from exc
            self.moves.append(action)
            if words:
                self.console.say(f"{seat.entry.name} ({seat.entry.agent}): {words}")
            if seat.human:
                self._autosave()

    def _thinking_text(self, seat: Seat) -> str:
        return (
            f"{seat.entry.name} ({seat.entry.agent}) is thinking... "
            f"({round_text(self.game)}; Ctrl-C stops the game)"
        )

    def _agent_fault(self, seat: Seat, exc: BaseException) -> PluginHookError:
        """A bot that crashes or plays an illegal move: name the plugin that provides it."""
        plugin = blame(exc, self.game.engine.plugins) or "(the agent's plugin)"
        return PluginHookError(plugin, f"agent {seat.entry.agent!r} ({seat_name(seat.index)})", exc)

    def _undo(self, seat: int) -> None:
        self.history.pop()  # the decision being asked now
        agent = self.seats[seat].agent
        for i in range(len(self.history) - 1, -1, -1):
            index, before = self.history[i]
            # A forced move (played without asking) is no decision to go back to.
            forced = isinstance(agent, HumanAgent) and agent.plays_itself(before)
            if index == seat and not forced:
                self.game = self.history[i][1]
                self.moves = list(self.game.log)
                del self.history[i:]
                self.console.say("Undone: back to your previous decision.")
                return
        self.console.say("Nothing to undo: this is your first decision.")

    # -- saving -----------------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path
        assert target is not None
        write_save(target, save_of(self.game, self.players, chance=self.chance))
        return target

    def _autosave(self, *, result: bool = True, log: list[Action] | None = None) -> None:
        """Save to ``--save`` if given; a failure is reported and the game goes on."""
        if self.save_path is None:
            return
        try:
            write_save(
                self.save_path,
                save_of(self.game, self.players, chance=self.chance, result=result, log=log),
            )
            self.unsaved = None
        except OSError as exc:
            self.unsaved = exc
            self.console.say(f"kd: warning: could not save to {self.save_path}: {exc}")

    def default_save_name(self) -> Path:
        return Path(f"kd-game-{self.game.seed}.json")

    def _save_on_request(self) -> None:
        path = self.save_path or self._ask_path()
        if path is None:
            self.console.say("Not saved.")
            return
        self.save_path = path
        self._write(path)

    def _write(self, path: Path) -> Path | None:
        try:
            self.save(path)
        except OSError as exc:
            self.console.say(f"kd: could not save to {path}: {exc.strerror or exc}")
            return None
        self.console.say(
            f"Saved {len(self.game.log)} moves to {path}; continue with: kd play --resume {path}"
        )
        return path

    def _ask_path(self, *, default_on_eof: bool = True) -> Path | None:
        default = self.default_save_name()
        try:
            answer = self.console.ask(f"Save the game to [{default}] (or 'n' not to save): ")
        except EOFError:
            return default if default_on_eof else None
        if answer.lower() in ("n", "no"):
            return None
        return Path(answer) if answer else default

    def _offer_save(self, reason: str) -> Path | None:
        """Save to ``--save``; else ask a human, or save to a default file if nobody can answer."""
        self.console.say(f"\nkd: game stopped ({reason}) after {len(self.game.log)} moves.")
        if self.save_path is not None:
            return self._write(self.save_path)
        if reason != "end of input" and (self.humans or is_terminal(sys.stdin)):
            # Ask again after a failed write: giving up here would lose the game
            # (but not forever once input has run out).
            retry = False
            while True:
                try:
                    path = self._ask_path(default_on_eof=not retry)
                except KeyboardInterrupt:
                    path = None
                if path is None:
                    self.console.say("Not saved.")
                    return None
                if self._write(path) is not None:
                    return path
                retry = True
        return self._write(self.default_save_name())


def _words(game: Game, action: Action) -> str:
    """A bot's move in words; a move the handler cannot describe (an illegal one, which
    ``apply`` then refuses and blames) falls back to the action's own description."""
    try:
        words = describe_action(game, action)
    except Exception:
        return action.describe()
    if isinstance(action, Place):  # the choice lists the squares; the news says what
        return f"placed domino {domino_name(game, action.domino)}: {words}"
    return words
