"""Tokens on the lines, the court board's refill, and when a purchase is offered
(docs/rules/court.md; I-C3, I-C4, I-C5, I-C6)."""

from __future__ import annotations

from collections import Counter

import pytest
from court_checks import KINDS, first_buy, force_buy_step
from kd_court.actions import BuyTile, PayToken, RevealTile

from kingdomino_core import (
    Discard,
    DominoId,
    Game,
    Place,
    PluginError,
    ReplayError,
    RulesetError,
)
from kingdomino_core.model.pieces import note_words
from kingdomino_core.saves.serialize import action_from_dict, action_to_dict
from kingdomino_core.testing import (
    ScriptedChance,
    make_engine,
    place_step_game,
    set_kingdom,
)

ENGINE = make_engine(["base", "court"], 4)


def court(players: int = 4, **options: object):
    return make_engine(["base", "court"], players, court=dict(options))


def d(n: int) -> DominoId:
    return DominoId(number=n)


def test_tokens_go_on_every_crownless_producing_square_of_a_new_line() -> None:
    """Domino 1 wheat/wheat: 2 wheat; 19 crowned wheat/forest: wood on the forest only;
    23 crowned wheat/mine: none; 39 grassland/crowned swamp: sheep (docs/rules/court.md)."""
    game = ScriptedChance(dominoes=[1, 19, 23, 39]).new_game(ENGINE)
    st = game.ext["court"]
    assert st.on_dominoes == {
        d(1): ("wheat", "wheat"),
        d(19): (None, "wood"),
        d(39): ("sheep", None),
    }
    assert dict(zip(KINDS, st.laid_out, strict=True)) == {
        "wheat": 2,
        "wood": 1,
        "fish": 0,
        "sheep": 1,
    }


def test_tokens_travel_with_the_placed_domino() -> None:
    game = place_step_game(ENGINE, 1, seat=0)
    place = next(a for a in game.legal_actions() if isinstance(a, Place))
    game.apply(place)
    k = game.kingdom_of(0)
    board = k.board
    assert k.layers["court.resource"] == {
        board.cell(place.x, place.y): "wheat",
        board.cell(*place.second): "wheat",
    }
    assert d(1) not in game.ext["court"].on_dominoes


FULL = "\n".join(["M0 M0 M0 M0 M0", "M0 M0 M0 M0 M0", "M0 M0 C M0 M0"] + ["M0 M0 M0 M0 M0"] * 2)


def test_a_discarded_domino_keeps_its_tokens() -> None:
    """A domino that fits nowhere is discarded with its tokens on it (they never
    reach the kingdom, and stay counted on the domino)."""
    game = place_step_game(ENGINE, 1, seat=0, kingdom=FULL)
    assert game.legal_actions() == [Discard(seat=0, domino=d(1))]
    game.apply(Discard(seat=0, domino=d(1)))
    assert game.ext["court"].on_dominoes[d(1)] == ("wheat", "wheat")
    assert "court.resource" not in game.kingdom_of(0).layers


def test_three_tiles_are_revealed_by_chance_when_the_first_line_is_laid_out() -> None:
    """25 tiles face down; each reveal is a chance step weighted by the copies left."""
    game = ENGINE.new_game(seed=11)
    while game.step is not None and game.step.kind != "court.reveal":
        game.resolve_chance()
    outcomes = dict(game.chance_outcomes())
    assert outcomes[RevealTile(tile="wheat_building_1")] == pytest.approx(3 / 25)
    assert outcomes[RevealTile(tile="farmer")] == pytest.approx(1 / 25)
    assert sum(outcomes.values()) == pytest.approx(1)
    assert len(outcomes) == 19  # distinct tile types
    game.play_chance()
    st = game.ext["court"]
    assert len(st.visible) == 3
    assert len(st.pile) == 22
    assert sum(isinstance(a, RevealTile) for a in game.log) == 3


def test_the_pile_has_no_order_a_clone_cannot_peek() -> None:
    """The next tile is decided only when revealed: clones with other seeds differ."""
    game = ENGINE.new_game(seed=5)
    while game.step is not None and game.step.kind != "court.reveal":
        game.resolve_chance()
    seen = set()
    for seed in range(30):
        copy = game.clone(seed=seed)
        seen.add(copy.resolve_chance())
    assert len(seen) > 3


def _advance_to_next_line(game: Game) -> int:
    """Play first legal choices until the next line has been laid out and revealed."""
    lines = game.lines_drawn
    while game.lines_drawn == lines or game.is_chance():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    return sum(isinstance(a, RevealTile) for a in game.log)


def _buy_the_farmer(game: Game) -> None:
    set_kingdom(game, 0, "C W0+wheat F0+wood")
    st = game.ext["court"]
    rest = Counter(st.pile) + Counter(st.visible) - Counter(["farmer", "queen", "king"])
    st.visible = ("farmer", "queen", "king")
    st.pile = tuple(sorted(rest.elements()))
    force_buy_step(game, 0)
    game.apply(BuyTile(seat=0, source="visible", tile="farmer", x=1, y=0))
    game.apply(PayToken(seat=0, resource="wood", x=2, y=0))


def test_a_bought_visible_tile_is_replaced_only_when_the_next_line_is_laid_out() -> None:
    game = ENGINE.new_game(seed=2)
    game.play_chance()
    _buy_the_farmer(game)
    st = game.ext["court"]
    assert st.visible == ("queen", "king")
    reveals = sum(isinstance(a, RevealTile) for a in game.log)
    # Decisions until the next line: still 2 visible.
    while not game.is_chance():
        game.apply(game.legal_actions()[0])
        assert len(game.ext["court"].visible) == 2 or game.is_chance()
    assert _advance_to_next_line(game) == reveals + 1
    assert len(st.visible) == 3 and st.visible[:2] == ("queen", "king")
    assert len(st.pile) == 21


def test_an_empty_pile_leaves_fewer_tiles_visible_I_C6() -> None:
    game = ENGINE.new_game(seed=2)
    game.play_chance()
    st = game.ext["court"]
    st.visible, st.pile = ("farmer",), ("queen",)
    _advance_to_next_line(game)
    assert st.visible == ("farmer", "queen") and st.pile == ()
    _advance_to_next_line(game)
    assert st.visible == ("farmer", "queen")


def test_visible_tiles_option_sets_how_many_are_face_up() -> None:
    game = court(visible_tiles=5).new_game(seed=1)
    game.play_chance()
    assert len(game.ext["court"].visible) == 5


RICH = """
W0+wheat W0+wheat W0+wheat F0+wood  F0+wood
F0+wood  L0+fish  L0+fish  L0+fish  G0+sheep
G0+sheep G0+sheep C        S0       S0
"""


def _final_turn_offers(**options: object) -> list[str]:
    game = court(**options).new_game(seed=4)
    while True:
        if game.is_chance():
            game.resolve_chance()
            continue
        if game.final_round and game.step is not None and game.step.kind == "place":
            break
        game.apply(game.legal_actions()[0])
    seat = game.step.seat
    set_kingdom(game, game.config.kingdom_of(seat), RICH)
    game.apply(game.legal_actions()[0])
    assert game.step is not None
    return [game.step.kind] if game.step.seat == seat else []


def test_a_purchase_is_offered_on_the_final_place_only_turn_I_C3() -> None:
    assert _final_turn_offers() == ["court.buy"]


def test_no_purchase_on_the_final_turn_when_I_C3_is_off() -> None:
    assert _final_turn_offers(buy_on_final_turn=False) != ["court.buy"]


def _purchases_per_seat_in_a_round(**options: object) -> Counter[int]:
    """2 players (2 kings each): rich kingdoms, always buy; count buys in one round."""
    game = court(2, **options).new_game(seed=8)
    while game.lines_drawn < 3 or game.is_chance():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[0])
    for k in range(2):
        set_kingdom(game, k, RICH)
    line = list(game.line)
    offered: Counter[int] = Counter()
    while game.line == line:
        if game.is_chance():
            game.resolve_chance()
            continue
        if game.step is not None and game.step.kind == "court.buy":
            offered[game.step.seat] += 1
        game.apply(first_buy(game))
    return offered


def test_two_players_buy_once_per_king_turn_I_C4() -> None:
    assert _purchases_per_seat_in_a_round() == Counter({0: 2, 1: 2})


def test_two_players_buy_once_per_round_with_the_I_C4_alternative() -> None:
    assert _purchases_per_seat_in_a_round(two_king_purchases="per_round") == Counter({0: 1, 1: 1})


@pytest.mark.parametrize(
    ("mode", "tokens"), [("supply", ("wheat", "wheat")), ("discard", ("wheat", None))]
)
def test_spent_tokens_supply_I_C5(mode: str, tokens: tuple) -> None:
    """I-C5: ``supply`` is unlimited; ``discard`` stops at the printed 21 wheat. With
    20 wheat already out, domino 1 (two wheat squares) gets one token in discard mode."""
    script = ScriptedChance(dominoes=[[2, 3, 4, 5], [1, 6, 7, 8]])
    game = script.new_game(court(spent_tokens=mode))
    st = game.ext["court"]
    st.laid_out = (20, *st.laid_out[1:])
    while d(1) not in game.next_line:
        if game.is_chance():
            script.resolve(game)
        else:
            game.apply(game.legal_actions()[0])
    assert st.on_dominoes[d(1)] == tokens


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"visible_tiles": -1}, "options.court.visible_tiles"),
        ({"two_king_purchases": "sometimes"}, "options.court.two_king_purchases"),
        ({"buy_on_final_turn": "yes"}, "options.court.buy_on_final_turn"),
        ({"tile_squares": "anywhere"}, "options.court.tile_squares"),
        ({"gold": 1}, "gold"),
    ],
)
def test_bad_options_are_refused_naming_the_key(options: dict, key: str) -> None:
    with pytest.raises(RulesetError) as err:
        court(**options)
    assert key in str(err.value)


def test_the_court_needs_the_base_game() -> None:
    with pytest.raises(PluginError, match="requires plugin 'base'"):
        make_engine(["court"], 4)


def test_shipped_ruleset_is_the_base_game_with_the_court() -> None:
    engine = make_engine("court")
    assert engine.ruleset.plugins == ("base", "court")
    assert engine.players == 4
    assert engine.config.option("court") == ENGINE.config.option("court")


@pytest.mark.parametrize(
    "action",
    [
        BuyTile(seat=1, source="pile", tile="queen", x=-1, y=2),
        PayToken(seat=0, resource="fish", x=2, y=0),
        RevealTile(tile="wheat_building_1"),
    ],
)
def test_court_actions_round_trip_through_saves(action: object) -> None:
    data = action_to_dict(action)  # type: ignore[arg-type]
    assert data["kind"].startswith("court.")
    assert action_from_dict(data, ENGINE.registry) == action


def test_a_corrupt_court_action_is_a_replay_error() -> None:
    with pytest.raises(ReplayError, match=r"court\.buy.*attic"):
        action_from_dict(
            {"kind": "court.buy", "seat": 0, "source": "attic", "tile": "queen", "x": 0, "y": 0},
            ENGINE.registry,
        )


def test_the_display_shows_the_visible_tiles_the_pile_and_tokens_on_the_lines() -> None:
    game = ScriptedChance(dominoes=[1, 19, 23, 39]).new_game(ENGINE)
    st = game.ext["court"]
    rest = Counter(st.pile) + Counter(st.visible) - Counter(["farmer", "wheat_building_1"])
    st.visible, st.pile = ("farmer", "wheat_building_1"), tuple(sorted(rest.elements()))
    [notes] = game.hooks.kd_describe_game(game=game, viewer=None)
    assert [note_words(note) for note in notes] == [
        "Court board: Farmer (3 + 3 per wheat token around), wheat building (1 crown); "
        "23 tiles face down; a tile costs 2 different resources (4 for one from the pile)",
        "Resource tokens on the lines' dominoes: 1 wheat|wheat, 19 -|wood, 39 sheep|-",
    ]
    # The same as pictures (the browser): the tiles face up, the tokens on the halves.
    board, tokens = notes
    assert [(p.shape, p.words) for p in board.pieces] == [
        ("figure", "Farmer (3 + 3 per wheat token around)"),
        ("tile", "wheat building (1 crown)"),
    ]
    lying = {str(d.domino): (d.first, d.second) for d in tokens.on_dominoes}
    assert {k: tuple(p and p.words for p in v) for k, v in lying.items()} == {
        "1": ("wheat token", "wheat token"),
        "19": (None, "wood token"),
        "39": ("sheep token", None),
    }
