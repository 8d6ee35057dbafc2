"""The play screen (kingdomino_cli.display, HumanAgent.screen) rendered at fixed terminal
sizes: what a player sees without scrolling, for every mode.

Screens are rendered by rich to text exactly as a terminal of that size would show
them; the assertions read the text: titles, rulers, squares, lines, prompt.
"""

from __future__ import annotations

import io
import random
import re

import pytest

from kingdomino_cli.display import table_text
from kingdomino_cli.grid import kingdom_block, last_moves
from kingdomino_cli.human import HumanAgent
from kingdomino_cli.terminal import is_terminal, render, use_colour
from kingdomino_core import Engine, Game, Place, Ruleset
from kingdomino_core.testing import make_engine

MODES = {
    "base 4p": (["base"], 4, {}),
    "grand duel": (["base", "grand_duel"], 2, {}),
    "teamdomino 6p": (["base", "teamdomino"], 6, {}),
    "teamdomino 8p": (["base", "teamdomino"], 8, {}),
    "court": (["base", "court"], 4, {}),
    "origins tribe": (["origins"], 4, {"origins": {"mode": "tribe"}}),
    "origins totem": (["origins"], 4, {"origins": {"mode": "totem"}}),
}


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def position(mode: str, moves: int = 40, kind: str = "place", seed: int = 3) -> Game:
    """A game of ``mode`` after about ``moves`` moves, waiting for P1's ``kind`` decision."""
    plugins, players, options = MODES[mode]
    game = make_engine(plugins, players, **options).new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        assert step is not None
        if len(game.log) >= moves and step.seat == 0 and step.kind == kind:
            return game
        actions = game.legal_actions()
        # Mostly the last choice: purchases and recruits are listed after pass.
        game.apply(actions[-1] if rng.random() < 0.6 else rng.choice(actions))
    raise AssertionError(f"no {kind} decision for P1 after {moves} moves")


def screen(game: Game, width: int, height: int) -> list[str]:
    """What the terminal shows: the screen, then the prompt line."""
    names = [f"P{i + 1}" for i in range(game.config.players)]
    text = HumanAgent.screen(game, names, game.legal_actions(), width, height)
    return ["", *text.splitlines(), "> "]


def _titles(lines: list[str], game: Game) -> list[str]:
    found = []
    for k in range(len(game.kingdoms)):
        who = "+".join(f"P{s + 1}" for s in game.config.seats_of(k))
        pattern = re.compile(rf"(^| ){re.escape(who)}( \(you\))? -?\d+ points?")
        found += [who] if any(pattern.search(line) for line in lines) else []
    return found


def _line_dominoes(game: Game) -> list[str]:
    return [str(d) for d in (*game.line, *game.next_line)]


@pytest.mark.parametrize("mode", sorted(MODES))
def test_at_120x40_everything_is_on_one_screen(mode: str) -> None:
    game = position(mode)
    lines = screen(game, 120, 40)
    assert len(lines) <= 40, "\n".join(lines)
    assert max(len(line) for line in lines) <= 120
    assert len(_titles(lines, game)) == len(game.kingdoms)  # every kingdom, with its score
    text = "\n".join(lines)
    for domino in _line_dominoes(game):
        assert re.search(rf"(^|\s){re.escape(domino)} \w", text, re.M), domino
    assert re.search(r"Round \d+ of \d+, \d+ dominoes left", text)
    assert "P1, your decision: Place domino" in text
    assert re.search(r"^ +1\. ", text, re.M)
    for terrain in game.engine.registry.terrains:
        assert f"{terrain.letter} {terrain.name}" in text  # the key
    own = next(line for line in lines if "(you)" in line)
    assert own.lstrip().startswith("P1")


@pytest.mark.parametrize("mode", sorted(MODES))
def test_at_80x24_your_kingdom_the_lines_and_the_prompt_show_together(mode: str) -> None:
    game = position(mode)
    lines = screen(game, 80, 24)
    assert max(len(line) for line in lines) <= 80
    visible = lines[-24:]
    text = "\n".join(visible)
    # Your whole kingdom: its title, its x ruler and every row of its y ruler.
    mine = game.kingdom_of(0)
    title = next(i for i, line in enumerate(visible) if "(you)" in line)
    names = [f"P{i + 1}" for i in range(8)]
    block = kingdom_block(game, game.config.kingdom_of(0), names, me=0, last=last_moves(game))
    rows = block.plain.splitlines()
    assert len(rows) >= mine.board.size + 2
    for offset, row in enumerate(rows):
        assert visible[title + offset].startswith(row.rstrip()), (offset, row)
    assert re.search(r"Round \d+ of \d+", text)
    assert "Placing (this round):" in text and "Picking (next round):" in text
    for domino in _line_dominoes(game):
        assert re.search(rf"(^|\s){re.escape(domino)} \w", text, re.M), domino
    assert "P1, your decision: Place domino" in text
    assert re.search(r"^ +1\. ", text, re.M)
    assert visible[-1] == "> "


def test_court_and_origins_state_in_words_and_symbols() -> None:
    court = position("court", moves=60, kind="court.buy")
    text = "\n".join(screen(court, 120, 40))
    assert re.search(r"Court board: .+; \d+ tiles face down", text)
    assert "P1, your decision: Buy a building or character (2 different resources" in text
    assert "  1. pass (buy nothing)" in text
    assert re.search(r"• \w+ token", text)  # the key names the token symbol
    assert "court." not in text and "_building_" not in text
    tribe = position("origins tribe", moves=60, kind="origins.recruit")
    text = "\n".join(screen(tribe, 120, 40))
    assert re.search(r"Cave: .+; \d+ cro-magnons in the pile", text)
    assert "digit = fire" in text and "digit = crowns" not in text
    assert "Recruit a cro-magnon" in text and "pass (recruit nobody)" in text
    assert "origins." not in text and "fire token(s)" not in text
    totem = position("origins totem")
    assert "Totems: mammoth (3 points)" in "\n".join(screen(totem, 120, 40))


def test_a_kingdom_is_drawn_at_its_real_size_with_the_room_it_can_grow_into() -> None:
    game = Engine(Ruleset(name="base", plugins=["base"]), 2).new_game(seed=1)
    rows = kingdom_block(game, 0, ["A", "B"]).plain.splitlines()
    assert rows[1].split() == [str(x) for x in range(-4, 5)] or rows[1].replace(" ", "") == (
        "".join(str(x) for x in range(-4, 5))
    )
    assert len(rows) == 2 + 9  # an empty 5x5 kingdom can still grow 4 squares any way
    game = position("base 4p", moves=60)
    kingdom = game.kingdoms[0]
    rows = kingdom_block(game, 0, ["P1", "P2", "P3", "P4"]).plain.splitlines()
    reach = kingdom.board.size - 1
    tall = (kingdom.miny + reach) - (kingdom.maxy - reach) + 1
    assert len(rows) == 2 + tall < 2 + 9  # grown: less room left


def test_the_squares_of_each_players_last_move_are_marked() -> None:
    game = position("base 4p", moves=30)
    last = last_moves(game)
    names = ["P1", "P2", "P3", "P4"]
    for seat in range(4):
        place = next(a for a in reversed(game.log) if isinstance(a, Place) and a.seat == seat)
        assert last[seat] >= {(place.x, place.y), place.second}
        rows = kingdom_block(game, seat, names, last=last, window=False).plain.splitlines()
        kingdom = game.kingdoms[seat]
        for x, y in ((place.x, place.y), place.second):
            row = rows[2 + y - kingdom.miny]
            col = 3 + 2 * (x - kingdom.minx)
            assert row[col].islower(), (row, x, y)  # lower case in plain text


def test_plain_text_without_a_terminal_or_with_no_color(monkeypatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert use_colour(Tty())
    assert not use_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_colour(Tty())
    game = position("court")
    plain = table_text(game, ["P1", "P2", "P3", "P4"], width=120, colour=False)
    coloured = table_text(game, ["P1", "P2", "P3", "P4"], width=120, colour=True)
    assert "\x1b[" not in plain and "\x1b[" in coloured
    ansi = game.engine.registry.terrains[0].ansi
    assert f"48;5;{ansi}m" in coloured  # terrain colours as backgrounds
    stripped = re.sub(r"\x1b\[[0-9;]*m", "", coloured)
    assert [line.rstrip() for line in stripped.splitlines()] == plain.splitlines()


def test_a_terminal_is_a_stream_that_says_so_and_is_open() -> None:
    closed = io.StringIO()
    closed.close()
    assert is_terminal(Tty())
    assert not is_terminal(io.StringIO()) and not is_terminal(closed)
    assert not is_terminal(object())  # a stand-in without isatty


def test_the_choices_are_cut_to_the_screen_and_list_shows_them_all() -> None:
    game = position("base 4p", moves=40)
    names = ["P1", "P2", "P3", "P4"]
    actions = game.legal_actions()
    short = HumanAgent.screen(game, names, actions, 80, 24)
    more = re.search(r"\.\.\. and (\d+) more: type 'list' for the next ones", short)
    assert more and len(actions) - int(more[1]) == len(re.findall(r"^ *\d+\. ", short, re.M))
    full = HumanAgent.screen(game, names, actions, 80, None)
    assert re.search(rf"^ *{len(actions)}\. ", full, re.M)


def test_render_wraps_long_words_to_the_width() -> None:
    from rich.text import Text

    text = render(Text("word " * 40), 30)
    assert all(len(line) <= 30 for line in text.splitlines())


def test_a_status_line_says_which_bot_is_thinking() -> None:
    """Bots' turns are never silent at a terminal: the session shows who thinks."""
    import contextlib
    from collections.abc import Iterator

    from kingdomino_cli.human import Console
    from kingdomino_cli.players import entries, make_seats
    from kingdomino_cli.session import Session

    class Recording(Console):
        def __init__(self) -> None:
            self.status: list[str] = []
            self.said: list[str] = []

        def say(self, text: str = "") -> None:
            self.said.append(text)

        @contextlib.contextmanager
        def thinking(self, text: str) -> Iterator[None]:
            self.status.append(text)
            yield

    game = make_engine(["base"], 2).new_game(seed=4)
    console = Recording()
    seats = make_seats(entries(["greedy", "random"], ["P1", "P2"]))
    Session(game, seats, console=console, announce=True).run()
    decisions = sum(1 for a in game.log if not a.chance)
    assert len(console.status) == decisions
    # Not at a terminal here (the status line is not shown): without the scores.
    assert (
        console.status[0] == "P1 (greedy) is thinking... (Set-up before round 1 of 6; Ctrl-C stops)"
    )
    assert any(s.startswith("P2 (random) is thinking") for s in console.status)
    # Announced moves are in words: "P2 (random): take 12 (...), first in the line".
    assert re.match(r"P\d \((greedy|random)\): take \d+ \(", console.said[0])


def test_round_and_dominoes_still_to_come() -> None:
    """A 2-player game uses 24 of the 48 dominoes: 'left' counts those still to come."""
    from kingdomino_cli.panels import round_text

    game = make_engine(["base"], 2).new_game(seed=1)
    game.play_chance()
    assert round_text(game) == "Set-up before round 1 of 6, 20 dominoes left"


def test_a_piece_in_the_first_column_keeps_a_space_after_the_ruler() -> None:
    from kingdomino_core.testing import set_kingdom

    game = make_engine(["base", "court"], 2).new_game(seed=1)
    game.play_chance()
    set_kingdom(game, 0, "G0+farmer W0 C W0 W0")  # full width: 5 columns
    rows = kingdom_block(game, 0, ["P1", "P2"]).plain.splitlines()
    row = next(r for r in rows if "YG" in r)  # Y: the farmer
    assert row.startswith(" 0 YG"), row
