"""The interactive human player: a numbered list of legal actions, typed placements.

Reads one line at a time from standard input and writes to standard error, so it
works at a terminal and with piped input (tests), and ``--json`` output on stdout
stays clean. Commands that act on the whole game (``undo``, ``save``, ``quit``) are
raised as :class:`HumanCommand` exceptions for the session to carry out.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import sys
import textwrap
from collections.abc import Iterator, Sequence

from kingdomino_core import (
    Action,
    Claim,
    Direction,
    Game,
    Place,
    PlaceCastle,
    describe_action,
    domino_name,
    find_domino,
)
from kingdomino_core.i18n import package_translation

from .choices import choices_text, decision_text
from .display import table_text
from .panels import key_text, pieces_lines
from .recap import moves_since, recap_lines
from .terminal import is_terminal, render, screen_width, use_colour

_ = package_translation("kingdomino_cli")
_l = _.lazy

#: What ``help`` says about the screen, one paragraph (wrapped to the terminal).
HELP_TABLE = _l(
    "The table: your kingdom with its x ruler on top and its y ruler on the left (the "
    "castle C is at 0 0), the lines beside it, and the others' kingdoms above (on a "
    "small screen only their squares, an empty one as its title line). Squares show the "
    "terrain letter and crowns (W1 = wheat with 1 crown); the squares of each player's "
    "last move are in lower case (highlighted in colour). 'Since your last move' lists "
    "what the others did; a decision with a single choice is played for you (kd play "
    "--ask-forced asks instead). The key (or the 'key' command) names every letter and "
    "symbol."
)

#: The commands ``help`` lists: what you type, what it does.
HELP_COMMANDS = (
    ("N", _l("choose action number N from the list")),
    (
        "x y D",
        _l(
            "place the domino's first half at x,y (castle is 0,0; x east, y south) and its "
            "second half towards D (E, S, W or N), e.g. '1 0 E'"
        ),
    ),
    (
        "pick D",
        _l(
            "take domino D of the line being picked, by its number or letter (e.g. 'pick 17', "
            "'pick A')"
        ),
    ),
    ("why x y D", _l("explain why that placement is illegal")),
    ("why", _l("explain why your last refused placement was illegal")),
    ("list", _l("the next page of the legal actions ('list all': all of them at once)")),
    ("board", _l("show the table and the decision again")),
    ("key", _l("what the letters and symbols mean, and which piece is on each square")),
    ("undo", _l("take back your last decision (and the moves played since)")),
    ("save", _l("save the game (to --save, or a file you name)")),
    ("quit", _l("stop the game (you are offered to save it)")),
    ("help", _l("this text")),
)


def help_text(width: int) -> str:
    """The ``help`` text wrapped to ``width`` columns (the commands in a column of
    their own when there is room, else each above its words)."""
    out = [*textwrap.wrap(str(HELP_TABLE), width), _("Commands:")]
    left = max(len(c) for c, _w in HELP_COMMANDS) + 4
    for command, lazy in HELP_COMMANDS:
        words = str(lazy)
        if width - left >= 30:
            wrapped = textwrap.wrap(words, width - left)
            out.append(f"  {command:<{left - 2}}{wrapped[0]}")
            out += [" " * left + line for line in wrapped[1:]]
        else:
            out.append(f"  {command}")
            out += textwrap.wrap(words, width, initial_indent="    ", subsequent_indent="    ")
    return "\n".join(out)


def _no_choice(n: int, count: int) -> str:
    return _("There is no choice {n}: choose a number from 1 to {count}.").format(n=n, count=count)


_PLACEMENT = re.compile(r"^(-?\d+)\s*[ ,]\s*(-?\d+)\s*[ ,]?\s*([A-Za-z]+)$")
_SQUARE = re.compile(r"^(-?\d+)\s*[ ,]\s*(-?\d+)$")


def _castle_square(game: Game, text: str) -> Action | None:
    """A typed ``x y`` for the castle being placed (``place_castle``); None otherwise."""
    m = _SQUARE.match(text.strip())
    step = game.step
    if m is None or step is None or step.kind != "place_castle":
        return None
    return PlaceCastle(seat=step.seat, x=int(m.group(1)), y=int(m.group(2)))


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

    @property
    def width(self) -> int:
        return screen_width(sys.stderr)

    @property
    def height(self) -> int | None:
        """Rows of the terminal; None when standard error is not one."""
        return shutil.get_terminal_size((100, 40)).lines if is_terminal(sys.stderr) else None

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        """A spinner with ``text`` while a bot thinks (only on a terminal)."""
        if not is_terminal(sys.stderr):
            yield
            return
        from rich.console import Console as RichConsole

        line = one_line(text, self.width - 2)  # the spinner and a space come first
        with RichConsole(file=sys.stderr).status(line, spinner="dots"):
            yield


def one_line(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns with an ellipsis: a status line that wraps
    would leave its second line behind at each refresh."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


class HumanAgent:
    """An agent that asks the person at the terminal."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console()
        #: Player names for the display (the session sets them).
        self.names: Sequence[str] = ()
        self._last_refused: Action | None = None
        #: The game at the last decision this player answered: what happened since is
        #: the recap on the next screen.
        self._seen: Game | None = None
        self._recap = ""
        self._page = 0

    def act(self, game: Game) -> Action:
        names = self.names or [f"P{i + 1}" for i in range(game.config.players)]
        con = self.console
        actions = game.legal_actions()
        self._recap = self._since(game, names)
        self._seen = game.clone()
        self._page = 0
        con.say()
        con.say(self._screen(game, names, actions))
        if len(actions) == 1:
            con.say(_("Only one choice: type 1 (or 'help')."))
        while True:
            line = con.ask("> ")
            chosen = self._interpret(game, actions, line, names)
            if chosen is not None:
                return chosen

    def _since(self, game: Game, names: Sequence[str]) -> str:
        """The others' moves since this player's last answered decision, in words."""
        if self._seen is None:
            return ""
        moves = moves_since(self._seen, game, game.current_seat)
        return recap_lines(moves, names, game.current_seat) if moves else ""

    def _screen(self, game: Game, names: Sequence[str], actions: Sequence[Action]) -> str:
        con = self.console
        return self.screen(
            game, names, actions, con.width, con.height, con.colour, self._recap, self._page
        )

    @staticmethod
    def screen(
        game: Game,
        names: Sequence[str],
        actions: Sequence[Action],
        width: int,
        height: int | None = None,
        colour: bool = False,
        recap: str = "",
        page: int = 0,
    ) -> str:
        """The table, the decision in words and the numbered choices, for one screen.

        With a ``height``, the choices are cut into pages that fit above the prompt
        and ``page`` of them is shown (``list`` turns the pages). ``recap``: the
        others' moves since the player's last decision.
        """
        me = game.current_seat
        board = table_text(
            game, names, width=width, height=height, colour=colour, me=me, recap=recap
        )
        decision = render(decision_text(game, names), width, colour=colour)
        # Lines of the screen: a blank one, the board, the decision, the choices, the prompt.
        used = 1 + board.count("\n") + 1 + decision.count("\n") + 1 + 1
        rows = None if height is None else max(2, height - used)
        choices = render(
            choices_text(game, actions, width, rows, page, names), width, colour=colour
        )
        return "\n".join((board, decision, choices))

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
            con.say(help_text(con.width))
        elif head == "undo":
            raise UndoRequested()
        elif head == "save":
            raise SaveRequested()
        elif head in ("quit", "exit"):
            raise QuitRequested()
        elif head in ("list", "ls"):
            self._show(game, names, actions, everything=words[1:2] == ["all"])
        elif head in ("board", "show", "table"):
            self._page = 0
            con.say(self._screen(game, names, actions))
        elif head == "key":
            con.say(render(key_text(game), con.width, colour=con.colour))
            for text in pieces_lines(game, width=con.width, names=names):
                con.say(text)
        elif head == "why":
            self._why(game, actions, " ".join(words[1:]))
        elif head in ("pick", "take"):
            return self._pick(game, actions, " ".join(words[1:]))
        elif re.fullmatch(r"-?\d+", line):
            n = int(line)
            if 1 <= n <= len(actions):
                return actions[n - 1]
            con.say(_no_choice(n, len(actions)))
        else:
            typed = self._placement(game, line) or _castle_square(game, line)
            if typed is None:
                if _placing(game):
                    said = _(
                        "I did not understand {line!r}. Type a number from 1 to {n}, "
                        "a placement such as '1 0 E', or 'help'."
                    )
                else:
                    said = _(
                        "I did not understand {line!r}. Type a number from 1 to {n}, or 'help'."
                    )
                con.say(said.format(line=line, n=len(actions)))
                return None
            reason = game.explain(typed)
            if reason is None:
                return typed
            self._last_refused = typed
            con.say(
                _("Illegal: {move}: {reason}").format(
                    move=describe_action(game, typed), reason=reason
                )
            )
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

    def _pick(self, game: Game, actions: list[Action], rest: str) -> Action | None:
        """``pick D``: the legal claim of domino ``D`` (its number or printed letter)."""
        con = self.console
        claims = [a for a in actions if isinstance(a, Claim)]
        if not claims:
            con.say(_("There is no domino to pick now: choose a number from the list."))
            return None
        domino = find_domino(game, rest) if rest else None
        found = [a for a in claims if a.domino == domino]
        if domino is None or not found:
            names = ", ".join(domino_name(game, a.domino) for a in claims)
            con.say(
                _("'pick' needs a domino you can take ({names}), not {rest!r}.").format(
                    names=names, rest=rest
                )
            )
            return None
        return found[0]

    def _why(self, game: Game, actions: list[Action], rest: str) -> None:
        con = self.console
        if not rest:
            if self._last_refused is None:
                con.say(_("Nothing to explain yet: type 'why x y D' for a placement."))
                return
            target: Action | None = self._last_refused
        elif re.fullmatch(r"\d+", rest):
            n = int(rest)
            if 1 <= n <= len(actions):
                con.say(
                    _("Choice {n} ({move}) is legal.").format(
                        n=n, move=describe_action(game, actions[n - 1])
                    )
                )
            else:
                con.say(_no_choice(n, len(actions)))
            return
        else:
            target = self._placement(game, rest)
        if target is None:
            con.say(
                _("'why' needs a placement such as 'why 1 0 E', not {rest!r}.").format(rest=rest)
            )
            return
        reason = game.explain(target)
        words = describe_action(game, target)
        if reason is None:
            con.say(_("{move} is legal.").format(move=words))
        else:
            con.say(_("{move} is illegal: {reason}").format(move=words, reason=reason))

    def _show(
        self, game: Game, names: Sequence[str], actions: list[Action], *, everything: bool
    ) -> None:
        """``list``: on a terminal of known height, the screen again with the next page
        of choices (the board stays in view); else, or with ``list all``, every choice."""
        con = self.console
        if everything or con.height is None:
            listed = choices_text(game, actions, con.width, names=names)
            con.say(render(listed, con.width, colour=con.colour))
            return
        self._page += 1
        con.say(self._screen(game, names, actions))


def _placing(game: Game) -> bool:
    step = game.step
    return step is not None and step.kind == "place" and step.domino is not None
