"""The purchase decision at the end of a turn (docs/rules/court.md, I-C1).

Positions are set up by writing the buyer's kingdom in the kingdom text format and
the court board's visible tiles, then putting a ``court.buy`` decision first in the
game's queue, exactly as ``kd_end_of_turn`` does.
"""

from __future__ import annotations

from collections import Counter

import pytest
from court_checks import force_buy_step
from kd_court.actions import BuyTile, PayToken

from kingdomino_core import Action, Claim, Game, IllegalActionError, Pass
from kingdomino_core.testing import digest, make_engine, set_kingdom

ENGINE = make_engine(["base", "court"], 4)
VISIBLE = ("farmer", "wheat_building_1", "lake_building_1")
# Castle at (0,0); squares at (1,0) .. (4,0).
TWO_KINDS = "C W0+wheat W0 F0+wood F1"
# Castle at (0,0); wheat (1,0) and (2,0), wood (3,0), fish (0,1), sheep (1,1).
FOUR_KINDS = """
C       W0+wheat W0+wheat F0+wood
L0+fish G0+sheep .        .
"""


def at_buy(text: str, visible: tuple[str, ...] = VISIBLE, seat: int = 0) -> Game:
    """A game waiting for ``seat``'s purchase, its kingdom ``text``, ``visible`` face up.

    The visible tiles are taken out of the pile, so every tile stays in one place.
    """
    game: Game = ENGINE.new_game(seed=3)
    game.play_chance()
    set_kingdom(game, game.config.kingdom_of(seat), text)
    st = game.ext["court"]
    rest = Counter(st.pile) + Counter(st.visible) - Counter(visible)
    st.visible = tuple(visible)
    st.pile = tuple(sorted(rest.elements()))
    force_buy_step(game, seat)
    return game


def buy(source: str, tile: str, x: int, y: int, seat: int = 0) -> BuyTile:
    return BuyTile(seat=seat, source=source, tile=tile, x=x, y=y)  # type: ignore[arg-type]


def pay(resource: str, x: int, y: int, seat: int = 0) -> PayToken:
    return PayToken(seat=seat, resource=resource, x=x, y=y)


def tile_at(game: Game, x: int, y: int, seat: int = 0) -> str | None:
    k = game.kingdom_of(seat)
    return k.layers.get("court.tile", {}).get(k.board.cell(x, y))


def tokens(game: Game, seat: int = 0) -> dict[tuple[int, int], str]:
    k = game.kingdom_of(seat)
    return {k.board.xy(c): r for c, r in k.layers.get("court.resource", {}).items()}


def test_the_list_is_pass_and_each_visible_tile_on_each_legal_square() -> None:
    """2 different resources buy a visible tile; it goes on a crownless square with no
    tile, not the castle (a token there is paid with it); a building only on its own
    terrain. 2 kinds held: no tile from the pile (it costs 4)."""
    game = at_buy(TWO_KINDS)
    assert game.legal_actions() == [
        Pass(seat=0),
        buy("visible", "farmer", 1, 0),
        buy("visible", "farmer", 2, 0),
        buy("visible", "farmer", 3, 0),
        buy("visible", "wheat_building_1", 1, 0),
        buy("visible", "wheat_building_1", 2, 0),
    ]


def test_two_identical_visible_tiles_are_one_choice() -> None:
    game = at_buy(TWO_KINDS, visible=("wheat_building_1", "wheat_building_1"))
    assert game.legal_actions() == [
        Pass(seat=0),
        buy("visible", "wheat_building_1", 1, 0),
        buy("visible", "wheat_building_1", 2, 0),
    ]


def test_four_kinds_buy_any_tile_from_the_pile() -> None:
    """One of each resource chooses any tile of the face-down pile (each kind once)."""
    game = at_buy(FOUR_KINDS)
    pile = game.ext["court"].pile
    from_pile = [a for a in game.legal_actions() if isinstance(a, BuyTile) and a.source == "pile"]
    assert {a.tile for a in from_pile} == {
        t for t in set(pile) if not t.startswith("swamp")
    }  # no swamp square in this kingdom
    assert len(from_pile) == len({(a.tile, a.x, a.y) for a in from_pile})
    lake = {(a.x, a.y) for a in from_pile if a.tile == "lake_building_1"}
    assert lake == {(0, 1)}
    queen = {(a.x, a.y) for a in from_pile if a.tile == "queen"}
    assert queen == {(1, 0), (2, 0), (3, 0), (0, 1), (1, 1)}


def test_paying_two_different_tokens_from_any_squares() -> None:
    """Buy the farmer onto the empty wheat square (2,0), then pay wheat and wood."""
    game = at_buy(TWO_KINDS)
    game.apply(buy("visible", "farmer", 2, 0))
    assert tile_at(game, 2, 0) == "farmer"
    assert game.legal_actions() == [pay("wheat", 1, 0), pay("wood", 3, 0)]
    game.apply(pay("wood", 3, 0))
    assert game.legal_actions() == [pay("wheat", 1, 0)]
    game.apply(pay("wheat", 1, 0))
    assert tokens(game) == {}
    assert isinstance(game.legal_actions()[0], Claim)  # the game goes on
    st = game.ext["court"]
    assert st.visible == ("wheat_building_1", "lake_building_1")
    assert dict(zip(("wheat", "wood", "fish", "sheep"), st.spent, strict=True)) == {
        "wheat": 1,
        "wood": 1,
        "fish": 0,
        "sheep": 0,
    }


def test_a_token_on_the_chosen_square_is_part_of_the_payment() -> None:
    """The tile may go on a square just emptied by paying: its wheat is paid."""
    game = at_buy(TWO_KINDS)
    game.apply(buy("visible", "wheat_building_1", 1, 0))
    assert tokens(game) == {(3, 0): "wood"}
    assert game.legal_actions() == [pay("wood", 3, 0)]
    game.apply(pay("wood", 3, 0))
    assert tokens(game) == {}
    # I-C2: the building's crown is now on its square.
    k = game.kingdom_of(0)
    assert k.crowns_at[k.board.cell(1, 0)] == 1


def test_a_tile_from_the_pile_costs_one_of_each_and_leaves_the_pile() -> None:
    game = at_buy(FOUR_KINDS)
    pile_before = Counter(game.ext["court"].pile)
    game.apply(buy("pile", "queen", 1, 0))  # (1,0) holds wheat: paid with it
    # The other wheat token is not offered: each kind is paid once.
    assert game.legal_actions() == [pay("wood", 3, 0), pay("fish", 0, 1), pay("sheep", 1, 1)]
    game.apply(pay("sheep", 1, 1))
    assert game.legal_actions() == [pay("wood", 3, 0), pay("fish", 0, 1)]
    game.apply(pay("fish", 0, 1))
    game.apply(pay("wood", 3, 0))
    assert tokens(game) == {(2, 0): "wheat"}
    assert Counter(game.ext["court"].pile) == pile_before - Counter(["queen"])
    assert game.ext["court"].visible == VISIBLE


def _refused(game: Game, action: Action, rule: str) -> str:
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == rule
    assert digest(game) == before, "an illegal action changed the game"
    assert game.explain(action) == err.value.message
    return err.value.message


@pytest.mark.parametrize(
    ("action", "rule", "words"),
    [
        (buy("visible", "farmer", 4, 0), "court.crownless", "has 1 crown"),
        (buy("visible", "farmer", 0, 0), "court.not_castle", "castle"),
        (buy("visible", "wheat_building_1", 3, 0), "court.building_terrain", "is forest"),
        (buy("visible", "farmer", 0, 1), "court.square", "is empty"),
        (buy("visible", "farmer", 9, 9), "court.square", "outside the kingdom"),
        (buy("visible", "queen", 2, 0), "court.visible", "not a visible tile"),
        (buy("pile", "queen", 2, 0), "court.cost", "no fish, sheep"),
        (buy("pile", "farmer", 2, 0), "court.pile", "no farmer left"),
        (buy("visible", "dragon", 2, 0), "court.tile", "'dragon' is not a Court tile"),
        (buy("visible", "farmer", 2, 0, seat=1), "core.turn", "P1's decision, not P2's"),
        (pay("wheat", 1, 0), "core.step", "expected a Court purchase"),
    ],
)
def test_bad_purchases_are_refused_naming_the_rule(action: Action, rule: str, words: str) -> None:
    """Crowned square, castle, wrong terrain, no such square or tile, unaffordable:
    refused with the rule, the game unchanged (docs/rules/court.md, I-C1)."""
    assert words in _refused(at_buy(TWO_KINDS), action, rule)


def test_a_square_with_a_tile_takes_no_other_I_C1() -> None:
    game = at_buy("C W0+wheat G0+queen F0+wood")
    assert "already holds Queen" in _refused(
        game, buy("visible", "farmer", 2, 0), "court.one_tile_per_square"
    )


def test_one_kind_of_resource_buys_nothing() -> None:
    game = at_buy("C W0+wheat W0+wheat W0")
    assert "holds 1 kind" in _refused(game, buy("visible", "farmer", 3, 0), "court.cost")


def test_paying_with_a_token_the_kingdom_does_not_have() -> None:
    game = at_buy(TWO_KINDS)
    game.apply(buy("visible", "farmer", 2, 0))
    assert "holds wood" in _refused(game, pay("fish", 3, 0), "court.pay_own_token")
    assert "no resource token" in _refused(game, pay("wheat", 2, 0), "court.pay_own_token")
    assert "not a resource" in _refused(game, pay("gold", 1, 0), "court.pay_own_token")
    assert "P1's decision, not P3's" in _refused(game, pay("wheat", 1, 0, seat=2), "core.turn")


def test_paying_two_tokens_of_the_same_kind_is_refused() -> None:
    game = at_buy("C W0+wheat W0+wheat F0+wood W0")
    game.apply(buy("visible", "farmer", 4, 0))
    game.apply(pay("wheat", 1, 0))
    assert "wheat is already paid" in _refused(
        game, pay("wheat", 2, 0), "court.different_resources"
    )
    assert game.legal_actions() == [pay("wood", 3, 0)]


def test_passing_changes_nothing_but_the_queue() -> None:
    game = at_buy(TWO_KINDS)
    st_before = repr(game.ext["court"])
    game.apply(Pass(seat=0))
    assert repr(game.ext["court"]) == st_before
    assert tokens(game) == {(1, 0): "wheat", (3, 0): "wood"}


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (BuyTile(seat=0, source="visible", tile="farmer", x="2", y=0), "x '2'"),  # type: ignore[arg-type]
        (BuyTile(seat=0, source="visible", tile="farmer", x=2.0, y=0), "x 2.0"),  # type: ignore[arg-type]
        (BuyTile(seat=0, source="visible", tile="farmer", x=2, y=True), "y True"),
        (BuyTile(seat=0, source="visible", tile=["farmer"], x=2, y=0), "tile ['farmer']"),  # type: ignore[arg-type]
        (BuyTile(seat=True, source="visible", tile="farmer", x=2, y=0), "seat True"),
    ],
)
def test_mistyped_purchase_fields_are_refused_not_crashes(action: Action, words: str) -> None:
    """Bad input (docs/rules/court.md purchase, the issue's "Bad input"): a string, float or
    bool where a whole number belongs, or a list for a tile, is refused naming the
    field, never a TypeError, and ``True`` is never read as square 1 or seat 1."""
    assert words in _refused(at_buy(TWO_KINDS), action, "core.action")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (PayToken(seat=0, resource="wood", x="3", y=0), "x '3'"),  # type: ignore[arg-type]
        (PayToken(seat=0, resource="wood", x=3.0, y=0), "x 3.0"),  # type: ignore[arg-type]
        (PayToken(seat=0, resource="wood", x=3, y=False), "y False"),
        (PayToken(seat=0, resource=["wood"], x=3, y=0), "resource ['wood']"),  # type: ignore[arg-type]
    ],
)
def test_mistyped_payment_fields_are_refused_not_crashes(action: Action, words: str) -> None:
    """Bad input while paying (docs/rules/court.md): refused naming the field, state unchanged."""
    game = at_buy(TWO_KINDS)
    game.apply(buy("visible", "farmer", 2, 0))
    assert words in _refused(game, action, "core.action")
