"""Printed marks shown before placement: an Origins volcano's craters are printed on
its domino, so the lines show them wherever a domino is shown (the terminal, the words
of decisions, the browser's view), through ``Registry.add_mark``."""

from __future__ import annotations

import re

import pytest

from kingdomino_cli.human import HumanAgent
from kingdomino_core import Claim, ConfigError, DominoId, Game, describe_action
from kingdomino_core.engine.words import domino_words
from kingdomino_core.model.pieces import Piece
from kingdomino_core.testing import ScriptedChance, make_engine


def volcanoes(engine) -> dict[int, DominoId]:  # type: ignore[no-untyped-def]
    """One domino id per crater count (1, 2, 3), of dominoes with a volcano half."""
    found: dict[int, DominoId] = {}
    for domino_id, play in sorted(engine.deck.items()):
        for square in play.domino.squares:
            craters = square.mark("craters")
            if craters:
                found.setdefault(craters, domino_id)
    return found


def claim_game() -> tuple[Game, dict[int, DominoId]]:
    engine = make_engine(["origins"], 4, origins={"mode": "discovery"})
    volcano = volcanoes(engine)
    others = [d for d in sorted(engine.deck) if d not in volcano.values()][:1]
    game = ScriptedChance(dominoes=[volcano[1], volcano[2], volcano[3], *others]).new_game(engine)
    while game.is_chance():
        game.resolve_chance()
    return game, volcano


def test_every_crater_count_is_on_some_domino() -> None:
    assert set(volcanoes(make_engine(["origins"], 4))) == {1, 2, 3}


def test_the_terminal_lines_show_the_craters_of_each_volcano() -> None:
    game, volcano = claim_game()
    screen = HumanAgent.screen(game, ["P1", "P2", "P3", "P4"], game.legal_actions(), 100, 40)
    halves = {
        craters: re.search(rf"\b{volcano[craters].number} (\S\S)\|(\S\S?)", screen)
        for craters in (1, 2, 3)
    }
    for craters, symbol in ((1, "¹"), (2, "²"), (3, "³")):
        found = halves[craters]
        assert found is not None, screen
        assert f"V{symbol}" in found.groups(), found.groups()


def test_the_words_of_a_choice_count_the_craters() -> None:
    game, volcano = claim_game()
    assert "volcano 2 craters" in domino_words(game, volcano[2])
    assert "volcano 1 crater " in domino_words(game, volcano[1]) + " "
    claims = [a for a in game.legal_actions() if isinstance(a, Claim)]
    words = {a.domino: describe_action(game, a) for a in claims}
    assert (
        "(volcano 3 craters | " in words[volcano[3]]
        or "| volcano 3 craters)" in (words[volcano[3]])
    )


def test_the_browser_view_carries_the_marks_and_the_words() -> None:
    from kingdomino_web.views import domino_view

    game, volcano = claim_game()
    view = domino_view(game, volcano[3])
    marked = [h for h in view["halves"] if h["marks"]]
    assert len(marked) == 1
    (mark,) = marked[0]["marks"]
    assert (mark["shape"], mark["label"], mark["words"]) == ("crater", "3", "3 craters")
    assert marked[0]["words"] == "volcano 3 craters"


def test_a_mark_is_registered_once() -> None:
    engine = make_engine(["origins"], 2)
    with pytest.raises(ConfigError, match="mark 'craters' registered twice"):
        engine.registry.add_mark("craters", lambda n: Piece(symbol="c", words=f"{n}"))
