"""A domino with two identical halves: one canonical orientation (issue 12).

``legal_actions`` lists its placements facing E or S only; the same placement written
from the other square (facing W or N) is accepted by ``apply`` and logged in the
canonical form, so every logged action is one ``legal_actions`` listed.
"""

from __future__ import annotations

import random

from kingdomino_core import Engine, Place, Ruleset
from kingdomino_core.model.geometry import Direction

FLIP = {Direction.E: Direction.W, Direction.S: Direction.N}


def test_the_other_orientation_is_logged_as_the_listed_one() -> None:
    engine = Engine(Ruleset(name="base", plugins=("base",)), 2)
    checked = 0
    for seed in range(40):
        game = engine.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal() and checked < 30:
            if game.is_chance():
                game.resolve_chance()
                continue
            legal = game.legal_actions()
            step = game.step
            assert step is not None
            places = [a for a in legal if isinstance(a, Place)]
            if step.kind == "place" and places and engine.deck[step.domino].symmetric:
                assert {a.direction for a in places} <= {Direction.E, Direction.S}
                listed = rng.choice(places)
                x, y = listed.second
                other = Place(seat=listed.seat, domino=listed.domino, x=x, y=y,
                              direction=FLIP[listed.direction])  # fmt: skip
                assert other not in legal
                assert game.explain(other) is None  # the same placement: legal
                twin = game.clone()
                twin.apply(listed)
                game.apply(other)
                assert game.log[-1] == listed
                assert game.kingdoms[0].terrain_at == twin.kingdoms[0].terrain_at
                assert game.kingdoms[1].terrain_at == twin.kingdoms[1].terrain_at
                checked += 1
                continue
            game.apply(rng.choice(legal))
    assert checked == 30
