"""The kingdom text notation for Court tokens and tiles (docs/plugins/court.md)."""

from __future__ import annotations

import pytest

from kingdomino_core import KingdomFormatError
from kingdomino_core.saves.kingdom_text import format_kingdom
from kingdomino_core.testing import kingdom_from_text, make_engine

ENGINE = make_engine(["base", "court"], 4)


def rows(text: str) -> list[str]:
    return format_kingdom(kingdom_from_text(ENGINE, text), ENGINE)


def test_tokens_and_tiles_round_trip() -> None:
    text = [
        "W0+wheat F0+wood L0+fish G0+sheep",
        "C W1+building=1 G2+building=2 S0+farmer",
        "M0+axe_warrior S0+light_archer G0+king L1",
    ]
    assert rows("\n".join(text)) == text


def test_layers_hold_what_the_text_says() -> None:
    k = kingdom_from_text(ENGINE, "C W0+wheat W1+building=1 G0+queen")
    board = k.board
    assert k.layers["court.resource"] == {board.cell(1, 0): "wheat"}
    assert k.layers["court.tile"] == {
        board.cell(2, 0): "wheat_building_1",
        board.cell(3, 0): "queen",
    }
    assert k.crowns_at[board.cell(2, 0)] == 1  # I-C2: the building's crown is on its square


def test_building_on_a_crownless_square_may_be_written_with_digit_0() -> None:
    """``W0+building=1`` is shorthand; it is written back with the building's crown."""
    assert rows("C W0+building=1 S0+building=2") == ["C W1+building=1 S2+building=2"]


@pytest.mark.parametrize(
    ("square", "message"),
    [
        ("F0+wheat", "a wheat token lies only on wheat, not on forest"),
        ("S0+fish", "a fish token lies only on lake, not on swamp"),
        ("W1+wheat", "tokens lie only on crownless squares"),
        ("M0+building=1", "no Court building stands on mine"),
        ("W0+building=2", "wheat buildings have [1] crown(s), not 2"),
        ("W0+building", "expected +building=<crowns>"),
        ("W2+building=1", "buildings go on crownless squares: write W1+building=1"),
        ("W0+wheat+farmer", "cannot share a square with a resource token"),
        ("W0+building=1+wheat", "the square already holds wheat_building_1"),
        ("W0+farmer+queen", "the square already holds farmer: one tile per square (I-C1)"),
        ("W1+farmer", "characters go only on crownless squares"),
        ("W0+farmer=1", "+farmer takes no value"),
        ("W0+wheat=2", "+wheat takes no value"),
    ],
)
def test_impossible_squares_are_refused_with_the_reason(square: str, message: str) -> None:
    with pytest.raises(KingdomFormatError) as err:
        kingdom_from_text(ENGINE, f"C {square}")
    assert message in str(err.value)
    assert err.value.line == 1


def test_a_kingdom_holds_no_more_copies_than_the_court_has() -> None:
    with pytest.raises(KingdomFormatError, match="only 1 farmer"):
        kingdom_from_text(ENGINE, "C G0+farmer G0+farmer")
    with pytest.raises(KingdomFormatError, match="only 3 wheat_building_1"):
        kingdom_from_text(ENGINE, "C W0+building=1 W0+building=1 W0+building=1 W0+building=1")
    kingdom_from_text(ENGINE, "C W0+building=1 W0+building=1 W0+building=1")


def test_unknown_annotation_lists_the_court_ones() -> None:
    with pytest.raises(KingdomFormatError) as err:
        kingdom_from_text(ENGINE, "C W0+gold")
    assert "unknown annotation '+gold'" in str(err.value)
    for key in ("wheat", "building", "farmer", "heavy_archer"):
        assert key in str(err.value)


def test_base_game_without_the_court_does_not_know_the_notation() -> None:
    with pytest.raises(KingdomFormatError, match="unknown annotation"):
        kingdom_from_text(make_engine(["base"], 4), "C W0+wheat")
