"""The Grand Duel (docs/rules/grand-duel.md; I-B4)."""

from __future__ import annotations

import pytest

from kingdomino_core import (
    Direction,
    IllegalActionError,
    Place,
    PlayerCountError,
    PluginError,
    Reveal,
)
from kingdomino_core.testing import (
    conformance,
    make_engine,
    make_game,
    place_step_game,
    play_random_game,
    set_kingdom,
)

DUEL = ["base", "grand_duel"]

FULL_7X7 = "\n".join(
    " ".join("C" if (x, y) == (3, 3) else ("F1" if x < 3 else "W0") for x in range(7))
    for y in range(7)
)


def test_grand_duel_setup() -> None:
    """2 players, 2 kings each, all 48 dominoes, 7x7, 12 lines, 24 dominoes per kingdom."""
    cfg = make_engine(DUEL, 2).config
    assert (cfg.kings_per_seat, cfg.line_size, cfg.lines_total, cfg.kingdom_size) == (2, 4, 12, 7)
    game = play_random_game(make_engine(DUEL, 2), seed=9)
    assert sum(isinstance(a, Reveal) for a in game.log) == 48
    assert [len(k.placements) + len(k.discards) for k in game.kingdoms] == [24, 24]


@pytest.mark.parametrize("players", [1, 3, 4])
def test_grand_duel_is_for_two_players_only(players: int) -> None:
    """The Grand Duel is a 2-player game."""
    with pytest.raises(PlayerCountError, match=r"allowed: 2$"):
        make_engine(DUEL, players)


def test_grand_duel_needs_the_base_game() -> None:
    """grand_duel builds on base: alone it is refused with a message naming both."""
    with pytest.raises(PluginError, match="requires plugin 'base'"):
        make_engine(["grand_duel"], 2)


def test_kingdoms_fit_in_7x7() -> None:
    """Grand Duel: 7x7 kingdoms: 7 wide is allowed, 8 is not."""
    engine = make_engine(DUEL, 2)
    game = place_step_game(engine, 1, kingdom="W0 C W0 W0 W0 W0")
    with pytest.raises(IllegalActionError, match=r"base\.within_size"):
        game.apply(Place(seat=0, domino=game.step.domino, x=5, y=0, direction=Direction.E))
    game.apply(Place(seat=0, domino=game.step.domino, x=5, y=0, direction=Direction.S))
    assert game.kingdoms[0].extent == (7, 2)


@pytest.mark.parametrize(
    ("text", "qualifies"),
    [
        ("W0 W0 W0 C W0 W0 W0", True),
        ("C W0 W0 W0", True),  # incomplete, within the 7x7 frame centred on the castle
        ("C W0 W0 W0 W0", False),
        ("W0 W0 C W0 W0 W0 W0", False),
    ],
)
def test_middle_kingdom_uses_the_7x7_centre(text: str, qualifies: bool) -> None:
    """I-B4: in the Grand Duel Middle Kingdom uses the centre of the 7x7 frame."""
    game = make_game(DUEL, 2, base={"middle_kingdom": True})
    set_kingdom(game, 1, text)
    names = [b.name for b in game.score_sheet(1).bonuses if b.points]
    assert names == (["middle_kingdom"] if qualifies else [])


def test_harmony_needs_a_full_7x7() -> None:
    """Harmony in the Grand Duel: complete means all 48 squares of the 7x7."""
    game = make_game(DUEL, 2, base={"harmony": True})
    set_kingdom(game, 0, FULL_7X7)
    assert [b.name for b in game.score_sheet(0).bonuses if b.points] == ["harmony"]
    set_kingdom(game, 0, FULL_7X7.replace("W0", ".", 1))
    assert not [b for b in game.score_sheet(0).bonuses if b.points]


def test_grand_duel_scoring_on_7x7() -> None:
    """Scoring is the base game's: 21 forests with 21 crowns = 441, 27 wheat without = 0."""
    game = make_game(DUEL, 2)
    set_kingdom(game, 0, FULL_7X7)
    sheet = game.score_sheet(0)
    assert sorted((p.terrain, p.squares, p.crowns) for p in sheet.properties) == [
        ("forest", 21, 21),
        ("wheat", 27, 0),
    ]
    assert sheet.total == 441


def test_grand_duel_conformance() -> None:
    """Random Grand Duels: every invariant of the testing kit's conformance check."""
    conformance(DUEL, 2, seeds=range(3)).raise_for_problems()
