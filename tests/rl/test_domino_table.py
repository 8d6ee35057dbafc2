"""``Observer.domino_table``: the public table of domino numbers that compiled
encoders (the batched environment) index by domino, the same rows the
observation's lines and decision parts show."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from kingdomino_core.testing import make_engine
from kingdomino_rl.observation import Observer


def test_the_table_holds_the_numbers_the_lines_show() -> None:
    engine = make_engine("base", 3)
    observer = Observer(engine)
    table = observer.domino_table
    assert table.shape == (len(engine.pile) + 1, observer.D)
    assert not table[-1].any()  # an empty slot
    with pytest.raises(ValueError, match="read-only"):
        table[0, 0] = 2.0
    game = engine.new_game(seed=4)
    while not game.next_line:
        game.apply(game.legal_actions()[0])
    a, b = observer.offsets["lines"]
    lines = observer.flat(game, 0)[a:b].reshape(observer.R, observer.L, -1)
    pile = list(engine.pile)
    for slot, domino in enumerate(game.next_line):
        assert np.array_equal(lines[1, slot, : observer.D], table[pile.index(domino)])
