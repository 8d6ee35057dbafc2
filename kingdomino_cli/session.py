"""``kd play``'s game at the terminal: a loop over the play layer's table.

The table (:class:`kingdomino_play.Table`) plays the moves, chance and the bots,
seeded per decision, and keeps the undo points; this module asks the people at the
terminal (:class:`~kingdomino_cli.human.HumanAgent`), shows the bots' moves, and
saves: atomically after every human decision and at the end when ``--save`` is given;
Ctrl-C or the end of input offers to save (or saves to ``--save``). ``undo`` goes back
to that player's previous decision (bots' moves since then are undone too and, being
seeded per decision, replayed identically).
"""

from __future__ import annotations

import sys
from pathlib import Path

from kingdomino_core import Action, Game, Place, describe_action
from kingdomino_core.engine.words import domino_name
from kingdomino_core.i18n import package_translation
from kingdomino_core.saves.savegame import CHANCE_SEED, PlayerEntry
from kingdomino_play import Seat, Table, name_seats
from kingdomino_play.forced import forced_note

from .human import Console, HumanAgent, QuitRequested, SaveRequested, UndoRequested
from .panels import thinking_text
from .terminal import is_terminal

_ = package_translation("kingdomino_cli")
_l = _.lazy


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
        ask_forced: bool = False,
    ) -> None:
        self.save_path = save_path
        self.console = console or Console()
        self.names = [s.entry.name for s in seats]
        self.humans = any(s.human for s in seats)
        #: Show the bots' moves on stderr (by default when a human plays).
        self.announce = self.humans if announce is None else announce
        #: The game at the table; undo points only when a person plays (they undo).
        self.table = Table(
            game,
            [s.entry for s in seats],
            seats=seats,
            undo=self.humans,
            words=_words if self.announce else None,
            chance=chance,
            # A decision with a single legal action is played for the person, with a
            # note (kingdomino_play.forced), unless ``kd play --ask-forced``.
            forced=not ask_forced,
        )
        #: Why the last automatic save to ``--save`` failed (None: it was written).
        self.unsaved: OSError | None = None
        for seat in seats:
            if isinstance(seat.agent, HumanAgent):
                seat.agent.names = self.names

    @property
    def game(self) -> Game:
        """The game as it stands (a new object after an undo)."""
        return self.table.game

    @property
    def players(self) -> list[PlayerEntry]:
        return self.table.players

    def run(self) -> Game:
        """Play to the end; raise ``GameInterrupted`` after offering to save."""
        try:
            self._loop()
            self._autosave()
        except (KeyboardInterrupt, EOFError, QuitRequested) as exc:
            reason = {
                KeyboardInterrupt: _l("interrupted"),
                EOFError: _l("end of input"),
                QuitRequested: _l("you quit"),
            }[type(exc)]
            raise GameInterrupted(self._offer_save(reason)) from None
        except Exception:
            # A plugin fault (or any other): keep every move played up to the failing
            # one, without a result (the final scoring may be what failed).
            self._autosave(result=False)
            raise
        return self.game

    def _loop(self) -> None:
        table = self.table
        while not table.finished:
            seat = table.game.current_seat
            assert seat is not None
            only = table.forced_move()
            if seat < 0:
                table.play_automatic()
            elif only is not None:  # played for the person, who is told
                note = forced_note(table.game, self.names[seat], only, self.names)
                table.play_automatic()
                self.console.say(note)
                self._autosave()
            elif not table.human(seat):
                with self.console.thinking(self._thinking_text(table.seat(seat))):
                    move = table.play_automatic()
                if move.words:
                    entry = table.players[seat]
                    words = self._hidden(len(table.moves) - 1) or move.words
                    words = name_seats(words, self.names)
                    self.console.say(f"{entry.name} ({entry.agent}): {words}")
            else:
                self._human(table.seat(seat))

    def _hidden(self, move: int) -> str:
        """A move a plugin's secret hides from the person at the terminal, in the
        words they may read ("" when it is public): the one person's seat, or a
        spectator's when several people share the terminal."""
        hidden = self.table.hidden_words.get(move)
        if not hidden:
            return ""
        people = [s for s in range(len(self.names)) if self.table.human(s)]
        viewer = people[0] if len(people) == 1 else None
        found = hidden.get(viewer, "")
        return found.partition(": ")[2] if found else ""

    def _human(self, seat: Seat) -> None:
        """Ask the person at ``seat`` and play their choice (or undo, or save)."""
        try:
            action = seat.choose(self.game)
        except UndoRequested:
            if self.table.undo({seat.index}):
                self.console.say(_("Undone: back to your previous decision."))
            else:
                self.console.say(_("Nothing to undo: this is your first decision."))
            return
        except SaveRequested:
            self._save_on_request()
            return
        self.table.act(action)
        self._autosave()

    def _thinking_text(self, seat: Seat) -> str:
        who = f"{seat.entry.name} ({seat.entry.agent})"
        # The scores only for a status line shown (at a terminal): no scoring otherwise.
        return thinking_text(self.game, self.names, who, scores=is_terminal(sys.stderr))

    # -- saving -----------------------------------------------------------------------

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path
        assert target is not None
        self.table.save(target)
        return target

    def _autosave(self, *, result: bool = True) -> None:
        """Save to ``--save`` if given; a failure is reported and the game goes on."""
        if self.save_path is None:
            return
        try:
            self.table.save(self.save_path, result=result)
            self.unsaved = None
        except OSError as exc:
            self.unsaved = exc
            self.console.say(
                _("kd: warning: could not save to {path}: {reason}").format(
                    path=self.save_path, reason=exc
                )
            )

    def default_save_name(self) -> Path:
        return Path(f"kd-game-{self.game.seed}.json")

    def _save_on_request(self) -> None:
        path = self.save_path or self._ask_path()
        if path is None:
            self.console.say(_("Not saved."))
            return
        self.save_path = path
        self._write(path)

    def _write(self, path: Path) -> Path | None:
        try:
            self.save(path)
        except OSError as exc:
            self.console.say(
                _("kd: could not save to {path}: {reason}").format(
                    path=path, reason=exc.strerror or exc
                )
            )
            return None
        self.console.say(
            _("Saved {n} moves to {path}; continue with: kd play --resume {path}").format(
                n=len(self.game.log), path=path
            )
        )
        return path

    def _ask_path(self, *, default_on_eof: bool = True) -> Path | None:
        default = self.default_save_name()
        try:
            answer = self.console.ask(
                _("Save the game to [{path}] (or 'n' not to save): ").format(path=default)
            )
        except EOFError:
            return default if default_on_eof else None
        if answer.lower() in ("n", "no"):
            return None
        return Path(answer) if answer else default

    def _offer_save(self, reason: str) -> Path | None:
        """Save to ``--save``; else ask a human, or save to a default file if nobody can answer."""
        self.console.say(
            "\n"
            + _("kd: game stopped ({reason}) after {n} moves.").format(
                reason=reason, n=len(self.game.log)
            )
        )
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
                    self.console.say(_("Not saved."))
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
        return _("placed domino {domino}: {move}").format(
            domino=domino_name(game, action.domino), move=words
        )
    return words
