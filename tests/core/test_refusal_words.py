"""Refusals shown to players carry the rules' words, never their ids (issue 23 item
6): a placement that breaks several rules was refused with "base.connects: ...;
base.fits: ..." as its message, which every display showed as it was. The ids stay
in the error for programs and logs (``rule``, ``rules``, ``str(error)``).
"""

from __future__ import annotations

import pytest

from kingdomino_core import Direction, Game, IllegalActionError, Place
from kingdomino_core.testing import make_game


def at_first_placement(seed: int) -> Game:
    game = make_game("base", 2, seed=seed)
    while game.step is not None and game.step.kind != "place":
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    return game


def test_a_refused_placement_says_why_in_words_and_keeps_the_ids() -> None:
    game = at_first_placement(5)
    step = game.step
    assert step is not None and step.domino is not None
    far = Place(seat=step.seat, domino=step.domino, x=3, y=3, direction=Direction.E)
    with pytest.raises(IllegalActionError) as info:
        game.apply(far)
    error = info.value
    assert error.message.startswith("neither square touches the castle")
    assert "base." not in error.message
    assert error.rule == "base.connects" and "base.connects" in error.rules
    assert "base.connects" in str(error)  # for logs and --debug
    assert game.explain(far) == error.message


def test_every_broken_rule_is_in_words_and_in_the_ids() -> None:
    """Mid-game, a placement breaking two rules at once (not connected, and past the
    5x5 limit): both reasons in words, both ids in the error, no id in the words."""
    game = make_game("base", 2, seed=5)
    found = []
    while not found and game.step is not None:
        step = game.step
        if step.kind == "place" and step.domino is not None:
            for x in range(-4, 5):
                for y in range(-4, 5):
                    for direction in Direction:
                        place = Place(
                            seat=step.seat, domino=step.domino, x=x, y=y, direction=direction
                        )
                        try:
                            game.check(place)
                        except IllegalActionError as exc:
                            if len(exc.rules) >= 2:
                                found.append(exc)
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    assert found
    for error in found:
        assert not any(rule in error.message for rule in error.rules)
        assert error.message.count("; ") == len(error.rules) - 1
        assert all(rule in str(error) for rule in error.rules)
