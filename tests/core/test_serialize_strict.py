"""Saved actions are read strictly: a corrupt value is refused, never coerced."""

from __future__ import annotations

import pytest

from kingdomino_core import Direction, DominoId, Place, ReplayError
from kingdomino_core.saves.serialize import action_from_dict, action_to_dict
from kingdomino_core.testing import make_engine

PLACE = Place(seat=0, domino=DominoId(box=2, number=3), x=1, y=0, direction=Direction.E)


def test_actions_round_trip() -> None:
    engine = make_engine(["base"], 2)
    assert action_from_dict(action_to_dict(PLACE), engine.registry) == PLACE


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"x": 0.6}, "place.x: expected an integer, not the number 0.6"),
        ({"seat": True}, "place.seat: expected an integer, not the boolean true"),
        ({"y": "1"}, "place.y: expected an integer"),
        ({"direction": "Q"}, "place.direction: expected one of E, S, W, N"),
        ({"domino": "abc"}, "place.domino: expected a domino id"),
        ({"extra": 1}, "place.extra: unknown key"),
        ({"kind": "teleport"}, "unknown action kind 'teleport'"),
    ],
)
def test_corrupt_values_are_refused_naming_the_field(change: dict, words: str) -> None:
    engine = make_engine(["base"], 2)
    with pytest.raises(ReplayError, match=words):
        action_from_dict({**action_to_dict(PLACE), **change}, engine.registry)
