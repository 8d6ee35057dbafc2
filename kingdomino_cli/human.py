"""The interactive human player: a numbered list of legal actions, typed placements.

Reads one line at a time from standard input and writes to standard error, so it
works at a terminal and with piped input (tests), and ``--json`` output on stdout
stays clean. Commands that act on the whole game (``undo``, ``save``, ``quit``) are
raised as :class:`HumanCommand` exceptions for the session to carry out.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from kingdomino_core import Action, Direction, Game, Place

from .display import describe_decision, table_lines, use_colour

HELP = """\
Commands:
  N            choose action number N from the list
  x y D        place the domino's first half at x,y (castle is 0,0; x east, y south)
               and its second half towards D (E, S, W or N), e.g. '1 0 E'
  why x y D    explain why that placement is illegal
  why          explain why your last refused placement was illegal
  list         show the legal actions again
  board        show the table again
  undo         take back your last decision (and the moves played since)
  save         save the game (to --save, or a file you name)
  quit         stop the game (you are offered to save it)
  help         this text"""

_PLACEMENT = re.compile(r"^(-?\d+)\s*[ ,]\s*(-?\d+)\s*[ ,]?\s*([A-Za-z]+)$")


class HumanCommand(Exception):
    """A request from the human player that the session carries out."""


class UndoRequested(HumanCommand):
    pass


class SaveRequested(HumanCommand):
    pass


class QuitRequested(HumanCommand):
    pass


class Console:
    """Prompts on stderr, answers from stdin (looked up at each call, so tests can patch)."""

    def say(self, text: str = "") -> None:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()

    def ask(self, prompt: str) -> str:
        """One line of input; ``EOFError`` when standard input is exhausted."""
        sys.stderr.write(prompt)
        sys.stderr.flush()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.strip()

    @property
    def colour(self) -> bool:
        return use_colour(sys.stderr)


class HumanAgent:
    """An agent that asks the person at the terminal."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()
        #: Player names for the display (the session sets them).
        self.names: Sequence[str] = ()
        self._last_refused: Place | None = None

    def act(self, game: Game) -> Action:
        names = self.names or [f"P{i + 1}" for i in range(game.config.players)]
        con = self.console
        colour = con.colour
        con.say()
        con.say("\n".join(table_lines(game, names, colour=colour)))
        actions = game.legal_actions()
        con.say(describe_decision(game, names, colour))
        self._show(actions)
        if len(actions) == 1:
            con.say("Only one choice: type 1 (or 'help').")
        while True:
            line = con.ask("> ")
            chosen = self._interpret(game, actions, line, names)
            if chosen is not None:
                return chosen

    # -- input ------------------------------------------------------------------------

    def _interpret(
        self, game: Game, actions: list[Action], line: str, names: Sequence[str]
    ) -> Action | None:
        con = self.console
        words = line.split()
        if not words:
            return None
        head = words[0].lower()
        if head in ("help", "h", "?"):
            con.say(HELP)
        elif head == "undo":
            raise UndoRequested()
        elif head == "save":
            raise SaveRequested()
        elif head in ("quit", "exit"):
            raise QuitRequested()
        elif head in ("list", "ls"):
            self._show(actions)
        elif head in ("board", "show", "table"):
            con.say("\n".join(table_lines(game, names, colour=con.colour)))
        elif head == "why":
            self._why(game, actions, " ".join(words[1:]))
        elif re.fullmatch(r"-?\d+", line):
            n = int(line)
            if 1 <= n <= len(actions):
                return actions[n - 1]
            con.say(f"There is no action {n}: choose a number from 1 to {len(actions)}.")
        else:
            typed = self._placement(game, line)
            if typed is None:
                con.say(
                    f"I did not understand {line!r}. Type a number from 1 to {len(actions)}"
                    + (", a placement such as '1 0 E'" if _placing(game) else "")
                    + ", or 'help'."
                )
                return None
            reason = game.explain(typed)
            if reason is None:
                return typed
            self._last_refused = typed
            con.say(f"Illegal: {typed.describe()}: {reason}")
        return None

    def _placement(self, game: Game, text: str) -> Place | None:
        """A typed ``x y D`` for the domino being placed; None if it is not one."""
        m = _PLACEMENT.match(text.strip())
        step = game.step
        if m is None or step is None or not _placing(game):
            return None
        try:
            direction = Direction.parse(m.group(3))
        except KeyError:
            return None
        if len(m.group(3)) > 1 and m.group(3).upper() not in (
            "EAST",
            "SOUTH",
            "WEST",
            "NORTH",
            "RIGHT",
            "DOWN",
            "LEFT",
            "UP",
        ):
            return None
        assert step.domino is not None
        return Place(
            seat=step.seat,
            domino=step.domino,
            x=int(m.group(1)),
            y=int(m.group(2)),
            direction=direction,
        )

    def _why(self, game: Game, actions: list[Action], rest: str) -> None:
        con = self.console
        if not rest:
            if self._last_refused is None:
                con.say("Nothing to explain yet: type 'why x y D' for a placement.")
                return
            target: Place | None = self._last_refused
        elif re.fullmatch(r"\d+", rest):
            n = int(rest)
            if 1 <= n <= len(actions):
                con.say(f"Action {n} ({actions[n - 1].describe()}) is legal.")
            else:
                con.say(f"There is no action {n}: choose a number from 1 to {len(actions)}.")
            return
        else:
            target = self._placement(game, rest)
        if target is None:
            con.say(f"'why' needs a placement such as 'why 1 0 E', not {rest!r}.")
            return
        reason = game.explain(target)
        if reason is None:
            con.say(f"{target.describe()} is legal.")
        else:
            con.say(f"{target.describe()} is illegal: {reason}")

    def _show(self, actions: list[Action]) -> None:
        items = [f"{i:>3}. {a.describe()}" for i, a in enumerate(actions, start=1)]
        width = max(len(s) for s in items) + 2
        per_row = max(1, 96 // width)
        for start in range(0, len(items), per_row):
            row = items[start : start + per_row]
            self.console.say("".join(s.ljust(width) for s in row).rstrip())


def _placing(game: Game) -> bool:
    step = game.step
    return step is not None and step.kind == "place" and step.domino is not None
