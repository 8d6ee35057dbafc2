"""Lettered dominoes: Age of Giants' giant dominoes are printed A to F (I-G2) and are
shown and typed as letters everywhere people meet them (the terminal table, the words
of decisions, the browser's view, ``pick A``), while saves and JSON keep their ids
(-6 to -1) as documented in docs/formats.md."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from aog_checks import aog
from kd_age_of_giants.dominoes import giant_id

from kingdomino_cli.display import table_text
from kingdomino_cli.human import HumanAgent
from kingdomino_cli.panels import domino_text
from kingdomino_core import (
    Claim,
    ConfigError,
    Discard,
    Domino,
    DominoId,
    DominoSet,
    Game,
    Square,
    describe_action,
    describe_step,
    domino_name,
    find_domino,
)
from kingdomino_core.saves.savegame import PlayerEntry, save_of, to_json
from kingdomino_core.testing import ScriptedChance, make_engine

A, C = giant_id("A"), giant_id("C")
FIRST_LINE = [30, 49, C, 2, A]
NAMES = [f"P{i + 1}" for i in range(5)]


def claim_game() -> Game:
    """Five players, the first line holding giant dominoes A and C: the first claim."""
    game = ScriptedChance(dominoes=FIRST_LINE).new_game(aog(5))
    while game.is_chance():
        game.resolve_chance()
    assert game.step is not None and game.step.kind == "claim"
    return game


def place_game() -> Game:
    """The same game played on until a player places giant domino A."""
    game = claim_game()
    while not (game.step is not None and game.step.kind == "place" and game.step.domino == A):
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    return game


def test_giant_dominoes_carry_their_letter_as_label_and_name() -> None:
    deck = aog(4).deck
    assert deck[A].domino.label == "A" and deck[A].domino.name == "A"
    assert deck[giant_id("F")].domino.name == "F"
    assert deck[DominoId(number=49)].domino.name == "49"  # no label: the number


@pytest.mark.parametrize("width, height", [(100, 40), (80, 30), (60, 24)])
def test_the_terminal_shows_letters_never_the_ids(width: int, height: int) -> None:
    game = claim_game()
    screen = HumanAgent.screen(game, NAMES, game.legal_actions(), width, height)
    # Each domino of the line: its name, its halves (letter and crowns), then its king.
    shown = re.findall(r"(\S+) \w[\d ]\|\w[\d ]\s+free", screen)
    assert shown == ["A", "C", "2", "30", "49"]  # lettered first, then the numbers (I-G2)
    assert "take A (forest | wheat), first in the line" in screen
    assert "giant domino A; giant domino C" in table_text(game, NAMES, width=width)
    assert "-6" not in screen  # (C is -4, a number the rulers show too)
    assert domino_text(game, A) == "A F |W "


def test_words_of_decisions_name_the_letter() -> None:
    game = claim_game()
    claim = next(a for a in game.legal_actions() if isinstance(a, Claim) and a.domino == C)
    assert describe_action(game, claim).startswith("take C (lake | wheat)")
    placing = place_game()
    assert "domino A (forest | wheat)" in describe_step(placing)
    assert "-6" not in describe_step(placing)
    assert all("-6" not in describe_action(placing, a) for a in placing.legal_actions())


class Typed:
    """The human player's console: the lines a person types, what the screen said."""

    def __init__(self, lines: list[str]) -> None:
        self.lines: Iterator[str] = iter(lines)
        self.said: list[str] = []
        self.colour, self.width, self.height = False, 100, None

    def say(self, text: str = "") -> None:
        self.said.append(text)

    def ask(self, prompt: str) -> str:
        return next(self.lines)


@pytest.mark.parametrize("typed", ["pick A", "pick a", "take A", "pick -6"])
def test_a_player_types_the_letter_to_pick_a_giant_domino(typed: str) -> None:
    game = claim_game()
    chosen = HumanAgent(Typed([typed])).act(game)
    assert isinstance(chosen, Claim) and chosen.domino == A


def test_pick_of_an_unknown_domino_names_the_choices() -> None:
    game = claim_game()
    console = Typed(["pick Z", "pick 17", "pick 30"])
    chosen = HumanAgent(console).act(game)
    assert isinstance(chosen, Claim) and chosen.domino == DominoId(number=30)
    refusals = [s for s in console.said if s.startswith("'pick' needs")]
    assert refusals == [
        "'pick' needs a domino you can take (A, C, 2, 30, 49), not 'Z'.",
        "'pick' needs a domino you can take (A, C, 2, 30, 49), not '17'.",
    ]


def test_saves_keep_the_ids_not_the_letters() -> None:
    game = claim_game()
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Claim) and a.domino == A))
    players = [PlayerEntry(name=n, agent="random") for n in NAMES]
    saved = json.loads(to_json(save_of(game, players)))
    claims = [a for a in saved["log"] if a["kind"] == "claim"]
    assert claims[-1]["domino"] == "-6"
    assert '"A"' not in json.dumps(saved["log"])


def test_find_domino_reads_a_label_or_an_id_of_the_deck() -> None:
    game = claim_game()
    assert find_domino(game, "a") == A and find_domino(game, " F ") == giant_id("F")
    assert find_domino(game, "-6") == A and find_domino(game, "54") == DominoId(number=54)
    assert find_domino(game, "Z") is None and find_domino(game, "2:17") is None
    assert domino_name(game, DominoId(number=54)) == "54"


def test_a_label_must_be_letters_and_unique_in_the_deck() -> None:
    squares = (Square(terrain="wheat"), Square(terrain="forest"))
    with pytest.raises(ValueError, match="label '17' must be letters only"):
        Domino(id=DominoId(number=1), squares=squares, label="17")
    twice = DominoSet(
        name="twice",
        dominoes=tuple(Domino(id=DominoId(number=n), squares=squares, label="X") for n in (1, 2)),
    )
    engine = make_engine(["base"], 2)
    engine.registry.add_domino_set(twice)
    with pytest.raises(ConfigError, match="dominoes 1 and 2 are both labelled 'X'"):
        engine.registry.deck((("twice", 1),))


def test_a_second_box_names_its_labelled_domino_with_the_box() -> None:
    squares = (Square(terrain="wheat"), Square(terrain="forest"))
    one = DominoSet(
        name="s", dominoes=(Domino(id=DominoId(number=-1), squares=squares, label="Q"),)
    )
    (boxed,) = one.in_box(2)
    assert boxed.label == "Q" and boxed.name == "2:Q"


def test_the_browser_view_names_the_letter_and_keeps_the_id() -> None:
    from kingdomino_web.views import domino_view, public_view

    game = claim_game()
    view = domino_view(game, A)
    assert (view["id"], view["name"]) == ("-6", "A")  # actions and saves use the id
    players = [PlayerEntry(name=n, agent="random") for n in NAMES]
    line = public_view(game, players)["next_line"]
    assert [d["name"] for d in line] == ["A", "C", "2", "30", "49"]


def test_a_discarded_giant_domino_is_named_by_its_letter() -> None:
    game = place_game()
    discard = Discard(seat=game.current_seat, domino=A)
    assert describe_action(game, discard).startswith("discard domino A (")
