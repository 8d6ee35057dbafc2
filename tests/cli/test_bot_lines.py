"""The lines announcing the bots' moves speak of the bot's own things in the third
person: a handler's words for a choice are read by the player who makes it ("your
kingdom") and, once a bot has made it, by everyone at the table."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator

import pytest

from kingdomino_cli.human import Console
from kingdomino_cli.players import entries, make_seats
from kingdomino_cli.session import Session
from kingdomino_core.testing import make_engine


class Recording(Console):
    def __init__(self) -> None:
        self.said: list[str] = []

    def say(self, text: str = "") -> None:
        self.said.append(text)

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield


MODES = {
    "age of giants": (["base", "quests", "age_of_giants"], 3, {}),
    "court": (["base", "court"], 3, {}),
    "origins tribe": (["origins"], 3, {"origins": {"mode": "tribe"}}),
}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_bots_lines_never_say_you(mode: str) -> None:
    plugins, players, options = MODES[mode]
    said: list[str] = []
    for seed in range(4):
        game = make_engine(plugins, players, **options).new_game(seed=seed)
        seats = make_seats(entries(["greedy"] * players, [f"P{i + 1}" for i in range(players)]))
        console = Recording()
        Session(game, seats, console=console, announce=True).run()
        said += console.said
    lines = [line for line in said if re.match(r"P\d \(greedy\): ", line)]
    assert len(lines) > 100
    if mode == "age of giants":  # the lines that said "your crown" and "your castle"
        assert any("send the giant at" in line for line in lines)
        assert any("cover a crown at" in line or "on the castle" in line for line in lines)
    if mode != "age of giants":
        assert any("(before the rest is paid)" in line for line in lines)
    for line in lines:
        assert not re.search(r"\byou(r)?\b", line), line
