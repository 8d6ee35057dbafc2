"""Forced moves: a human's decision with a single legal action is played with a note
(``kd play --ask-forced`` asks instead); the game, the save and the bots are the same
either way, and ``undo`` goes back past forced moves to a decision you answered."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

from play_support import ScriptedStdin, kd

from kingdomino_cli.human import Console, HumanAgent
from kingdomino_cli.players import entries, make_seats
from kingdomino_cli.session import Session
from kingdomino_core import Game
from kingdomino_core.testing import make_engine

ONES = ["1"] * 400


def _play(capsys, monkeypatch, save: Path, *extra: str):
    return kd(
        capsys,
        monkeypatch,
        "play",
        "-p",
        "human,greedy",
        "--seed",
        "5",
        "--save",
        str(save),
        "--json",
        *extra,
        stdin=ScriptedStdin(ONES),
    )


def test_a_forced_move_is_played_with_a_note_and_the_game_is_the_same(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    asked = _play(capsys, monkeypatch, tmp_path / "asked.json", "--ask-forced")
    played = _play(capsys, monkeypatch, tmp_path / "played.json")
    assert asked.code == played.code == 0, played.err
    assert "Only one choice: type 1" in asked.err
    assert "your only choice, played for you" not in asked.err
    assert "Only one choice: type 1" not in played.err
    notes = played.err.count("P1: your only choice, played for you: ")
    assert notes == asked.err.count("Only one choice: type 1") > 0
    # Every answer of the asked game but the forced ones: same moves, same save.
    assert played.json() == asked.json()
    a = json.loads((tmp_path / "asked.json").read_text())
    b = json.loads((tmp_path / "played.json").read_text())
    assert a == b
    # Fewer prompts: one per forced decision.
    assert asked.err.count("> ") - played.err.count("> ") == notes


class Scripted(Console):
    """A console that answers from a function of the session's state."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.said: list[str] = []
        self.session: Session | None = None

    def say(self, text: str = "") -> None:
        self.said.append(text)

    def ask(self, prompt: str) -> str:
        assert self.session is not None
        return self.answer(self.session)

    @property
    def height(self) -> int | None:
        return None

    @contextlib.contextmanager
    def thinking(self, text: str) -> Iterator[None]:
        yield


def _forced(game: Game) -> bool:
    return len(game.legal_actions()) == 1


def decisions_of(session: Session, seat: int) -> list[Game]:
    """The game before each decision of ``seat`` so far, forced ones included, the one
    asked now last (replayed from the log: the table keeps no copies of the game)."""
    game = session.game.engine.new_game(seed=session.game.seed)
    found = []
    for action in session.game.log:
        if game.current_seat == seat:
            found.append(game.clone())
        game.apply(action)
    return [*found, session.game]


def test_undo_goes_back_past_a_forced_move_to_a_decision_you_answered() -> None:
    undone: list[tuple[int, int]] = []  # (log length asked at, log length undone to)

    def answer(session: Session) -> str:
        history = decisions_of(session, 0)
        if not undone and len(history) >= 2 and _forced(history[-2]):
            undone.append((len(session.game.log), -1))
            return "undo"
        if undone and undone[-1][1] == -1:
            undone[-1] = (undone[-1][0], len(session.game.log))
        return "1"

    game = make_engine(["base"], 2).new_game(seed=5)
    seats = make_seats(entries(["human", "greedy"], ["P1", "P2"]))
    console = Scripted(answer)
    agent = seats[0].agent
    assert isinstance(agent, HumanAgent)
    agent.console = console
    session = Session(game, seats, console=console, announce=True)
    console.session = session
    session.run()
    assert undone, "no forced decision of P1 followed by another of P1's in this game"
    asked_at, back_to = undone[0]
    assert "Undone: back to your previous decision." in console.said
    # Back before the forced move, to a decision P1 answered: not the same prompt again.
    assert back_to < asked_at
