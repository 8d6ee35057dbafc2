"""A 4-player base game at 80x24, rounds 1 to 4 (and the set-up), through the real
session and human player: at every prompt, what the terminal shows (the last 24 lines
printed) holds the whole decision: your kingdom with its rulers, the lines, every
opponent's score, the others' moves since your last decision, the decision, a
choice and the prompt.

The console here is the session's own (:class:`kingdomino_cli.human.Console`) with a
fixed size; ``test_screen_tmux.py`` plays the same in a real terminal.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from kingdomino_cli.display import table_text
from kingdomino_cli.grid import kingdom_block, last_moves
from kingdomino_cli.human import Console, HumanAgent
from kingdomino_cli.players import entries, make_seats
from kingdomino_cli.session import GameInterrupted, Session
from kingdomino_core import Action, Claim, Discard, Game, Place
from kingdomino_core.testing import make_engine

NAMES = ["P1", "P2", "P3", "P4"]
WIDTH, HEIGHT = 80, 24


class Terminal(Console):
    """An 80x24 terminal: what was printed, and what was visible at each prompt."""

    def __init__(self, answers: Iterator[str], current: Callable[[], Game] | None = None) -> None:
        self.lines: list[str] = [""]
        self.answers = answers
        self.prompts: list[tuple[list[str], Game]] = []
        #: The game being played (to keep with what was visible at each prompt).
        self.current = current

    def _write(self, text: str) -> None:
        parts = text.split("\n")
        self.lines[-1] += parts[0]
        self.lines.extend(parts[1:])

    def say(self, text: str = "") -> None:
        self._write(text + "\n")

    def ask(self, prompt: str) -> str:
        self._write(prompt)
        assert self.current is not None
        self.prompts.append((self.lines[-HEIGHT:], self.current().clone()))
        answer = next(self.answers)
        self._write(answer + "\n")
        return answer

    @property
    def colour(self) -> bool:
        return False

    @property
    def width(self) -> int:
        return WIDTH

    @property
    def height(self) -> int | None:
        return HEIGHT

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield


def _answers(terminal: Terminal, stop: int | None) -> Iterator[str]:
    """'1' at every prompt, until round ``stop`` shows: then the end of input."""
    while True:
        visible, _game = terminal.prompts[-1]
        if stop is not None and any(f"Round {stop} of" in line for line in visible):
            raise EOFError
        yield "1"


def play_rounds_1_to_4(seed: int, save: Path, stop: int | None = 5) -> Terminal:
    """A game of P1 (answering 1) against 3 greedy bots, up to round ``stop``."""
    game = make_engine(["base"], 4).new_game(seed=seed)
    seats = make_seats(entries(["human", "greedy", "greedy", "greedy"], NAMES))
    terminal = Terminal(iter(()))
    terminal.answers = _answers(terminal, stop)
    assert isinstance(seats[0].agent, HumanAgent)
    seats[0].agent.console = terminal
    # Stopped at round 5, the game is saved: to ``save``, not the current directory.
    session = Session(game, seats, console=terminal, announce=True, save_path=save)
    terminal.current = lambda: session.game
    # The script stops at round 5 (a generator that raises EOFError: RuntimeError).
    with contextlib.suppress(GameInterrupted, EOFError, RuntimeError):
        session.run()
    return terminal


def _bots_moves(before: Game, after: Game) -> list[tuple[int, Action]]:
    """The bots' decisions between two of P1's prompts (P1's answer excluded)."""
    return [
        (a.seat, a)
        for a in after.log[len(before.log) :]
        if not a.chance and isinstance(getattr(a, "seat", None), int) and a.seat != 0
    ]


def _recap(visible: list[str]) -> str:
    """The words of 'Since your last move:', read down its column (it wraps beside
    your kingdom) until the decision."""
    head = "Since your last move:"
    start = next((i for i, line in enumerate(visible) if head in line), None)
    if start is None:
        return ""
    column = visible[start].index(head)
    words = []
    for line in visible[start:]:
        if line.startswith("P1, your decision"):
            break
        words.append(line[column:].strip())
    return " ".join(words)


def test_every_prompt_of_rounds_1_to_4_shows_the_whole_decision(tmp_path: Path) -> None:
    for seed in (7, 11):
        terminal = play_rounds_1_to_4(seed, tmp_path / "game.json")
        rounds_seen: set[str] = set()
        previous: Game | None = None
        for visible, game in terminal.prompts:
            assert len(visible) <= HEIGHT
            assert all(len(line) <= WIDTH for line in visible), visible
            text = "\n".join(visible)
            assert visible[-1] == "> ", text
            found = re.search(r"(Set-up before round 1|Round (\d+)) of 12, \d+ domino", text)
            assert found, text
            rounds_seen.add(found[2] or "set-up")
            # Every opponent's score, and yours.
            for seat in range(4):
                you = " \\(you\\)" if seat == 0 else ""
                assert re.search(rf"(^|\s)P{seat + 1}{you} -?\d+ points?\b", text, re.M), (
                    seat,
                    text,
                )
            # Your whole kingdom: title, x ruler, every row with its y ruler.
            block = kingdom_block(game, 0, NAMES, me=0, last=last_moves(game))
            rows = block.plain.splitlines()
            top = next(i for i, line in enumerate(visible) if "P1 (you)" in line)
            for offset, row in enumerate(rows):
                assert visible[top + offset].startswith(row.rstrip()), (offset, text)
            # The lines: every domino on them.
            for domino in (*game.line, *game.next_line):
                name = game.domino(domino).domino.name
                assert re.search(rf"(^|\s){name} \w", text, re.M), (name, text)
            # The bots' moves since your last decision, in the recap.
            if previous is not None:
                recap = _recap(visible)
                for seat, action in _bots_moves(previous, game):
                    name = game.domino(action.domino).domino.name  # type: ignore[attr-defined]
                    verb = {Place: "placed", Claim: "took", Discard: "discarded"}[type(action)]
                    assert re.search(rf"P{seat + 1} [^;]*\b{verb} {name}\b", recap, re.S), (
                        seat,
                        verb,
                        name,
                        text,
                    )
            assert "P1, your decision: " in text
            assert re.search(r"^ +1\. ", text, re.M)
            previous = game
        assert rounds_seen - {"5"} == {"set-up", "1", "2", "3", "4"}, rounds_seen


def test_every_round_of_a_whole_game_fits(tmp_path: Path) -> None:
    """Beyond round 4: the others' kingdoms stay at most 5 rows and yours shrinks."""
    terminal = play_rounds_1_to_4(3, tmp_path / "game.json", stop=None)
    rounds = set()
    for visible, game in terminal.prompts:
        text = "\n".join(visible)
        rounds.update(re.findall(r"Round (\d+) of 12", text))
        for seat in range(4):
            you = " \\(you\\)" if seat == 0 else ""
            assert re.search(rf"(^|\s)P{seat + 1}{you} -?\d+ points?\b", text, re.M), text
        rows = kingdom_block(game, 0, NAMES, me=0, last=last_moves(game)).plain.splitlines()
        top = next(i for i, line in enumerate(visible) if "P1 (you)" in line)
        assert all(visible[top + n].startswith(row.rstrip()) for n, row in enumerate(rows)), text
        assert "P1, your decision: " in text and visible[-1] == "> "
    # (P1's last placement may be played for it: a domino with one place, or none.)
    assert rounds >= {str(n) for n in range(1, 12)}


def test_empty_opponent_kingdoms_are_one_line_until_they_hold_a_domino(tmp_path: Path) -> None:
    terminal = play_rounds_1_to_4(7, tmp_path / "game.json")
    visible, _game = terminal.prompts[0]  # the set-up: nobody has placed anything
    text = "\n".join(visible)
    for seat in (1, 2, 3):
        assert re.search(rf"P{seat + 1} 0 points, nothing built yet", text), text
    later, _game = terminal.prompts[-1]
    assert "nothing built yet" not in "\n".join(later)


def _placing_game(seed: int = 3) -> Game:
    """A 4-player game at P1's first placement with more choices than fit."""
    game = make_engine(["base"], 4).new_game(seed=seed)
    while True:
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        assert step is not None
        if step.seat == 0 and step.kind == "place" and len(game.legal_actions()) > 12:
            return game
        game.apply(game.legal_actions()[0])


def test_list_turns_the_pages_of_choices_under_the_board() -> None:
    game = _placing_game()
    count = len(game.legal_actions())
    terminal = Terminal(iter(["list"] * 12 + ["1"]), lambda: game)
    agent = HumanAgent(console=terminal)
    agent.names = NAMES
    agent.act(game)
    numbers: list[int] = []
    for visible, _game in terminal.prompts:
        text = "\n".join(visible)
        # Each page is a whole screen: the board, the decision, the choices, the prompt.
        assert "P1 (you)" in text and "Placing (this round):" in text, text
        assert "P1, your decision: Place domino" in text
        assert visible[-1] == "> "
        shown = [int(n) for n in re.findall(r"(?:^|\s)(\d+)\. ", text.split("your decision")[1])]
        assert shown, text
        numbers += shown
        if 1 in shown and len(numbers) > len(shown):
            break  # back to the first page
    assert sorted(set(numbers)) == list(range(1, count + 1))  # every choice, page by page
    everything = "\n".join(line for visible, _game in terminal.prompts for line in visible)
    assert "'list' starts again from 1" in everything


def test_help_is_wrapped_to_the_terminal_width() -> None:
    from kingdomino_cli.human import help_text

    for width in (40, 60, 80):
        lines = help_text(width).splitlines()
        assert max(len(line) for line in lines) <= width, width
    wide = help_text(200)
    # Not pre-wrapped: at 200 columns each command and its words are one line.
    assert re.search(r"^  x y D +place the domino's .+ e\.g\. '1 0 E'$", wide, re.M), wide
    assert len(wide.splitlines()) < len(help_text(80).splitlines())


def test_the_screen_in_docs_playing_is_todays(tmp_path: Path) -> None:
    """docs/playing.md "The display" shows the 80x24 screen this game shows today."""
    page = Path(__file__).resolve().parents[2] / "docs" / "playing.md"
    text = page.read_text(encoding="utf-8")
    section = text[text.index("### The display") :]
    documented = re.search(r"```text\n(.*?)```", section, re.S)
    assert documented is not None
    assert "--players human,greedy,greedy,greedy --seed 11" in section[: documented.start()]
    visible, _game = play_rounds_1_to_4(11, tmp_path / "game.json").prompts[3]
    screen = visible[visible.index("") + 1 :]  # from the blank line before the screen
    assert [line.rstrip() for line in screen] == documented[1].rstrip("\n").split("\n")


def test_kingdoms_side_by_side_keep_their_titles_apart() -> None:
    """A title longer than its grid (``P1 15 points, 1 discarded``) is followed by two
    spaces, not one, before the next kingdom's: ``1 discarded P2`` read as one."""
    game = make_engine(["base"], 3).new_game(seed=0)
    rng = random.Random(0)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        actions = game.legal_actions()
        game.apply(actions[0] if rng.random() < 0.5 else rng.choice(actions))
    assert game.kingdoms[0].discards  # P1's title is longer than its kingdom
    titles = table_text(game, NAMES[:3], width=WIDTH, window=False).splitlines()[0]
    assert titles.startswith("P1 15 points, 1 discarded  P2 "), titles
    assert not re.search(r"\S P\d", titles), titles
