"""The shared purchase mechanic, ``kingdomino_core.mechanics.purchase`` (issue 11 item 6):
choose an offer and its square, then pay tokens of different kinds, one per decision.

Its rules are those The Court (docs/rules/court.md, "Buying a tile") and Origins'
Tribe mode (docs/rules/origins.md, recruiting) share: a cost is a number of tokens of
different kinds taken from the buyer's kingdom; a token on the chosen square is part
of the payment ("a square just emptied by paying will do"); nothing is offered that
cannot be paid. Tested here on a small house-rule shop written against the public
API only (``Wares``), then as properties over seeded games of the three shops: the
house rule's, The Court's and Origins'.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import ClassVar

import pytest
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdomino_core import (
    Action,
    Claim,
    Discard,
    Engine,
    Game,
    IllegalActionError,
    Kingdom,
    Pass,
    Place,
    Registry,
    RuleBook,
    Ruleset,
    ScoreLine,
    Step,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.mechanics import (
    ChooseStep,
    Choosing,
    Offer,
    Payment,
    PurchaseRefusals,
    PurchaseWords,
    Shop,
)
from kingdomino_core.testing import conformance, digest, make_engine, set_kingdom

NAME = "wares"
TOKENS = "wares.token"
ITEMS = "wares.item"
KINDS = ("wheat", "forest", "lake", "grassland")
#: item -> (source, cost): a flag or a bell from the stand, a crown from the crate.
PRICES = {"flag": ("stand", 2), "bell": ("stand", 2), "crown": ("crate", 3)}


@frozen(kw_only=True, slots=True)
class BuyWare(Action):
    kind: ClassVar[str] = "wares.buy"
    seat: int
    item: str
    x: int
    y: int


@frozen(kw_only=True, slots=True)
class PayToken(Action):
    kind: ClassVar[str] = "wares.pay"
    seat: int
    x: int
    y: int


class Wares(Shop):
    """A flag or a bell (only on wheat) for 2 different kinds, a crown for 3."""

    choose_step = "wares.buy"
    pay_step = "wares.pay"
    layer = TOKENS
    kinds = KINDS
    choice_action = BuyWare
    pay_action = PayToken
    words = PurchaseWords(thing="ware", choice="a ware", passing="pass (buy nothing)")
    refusals = PurchaseRefusals(cost="wares.cost", token="wares.token", repeated="wares.twice")

    def __init__(self, wheat: int) -> None:
        self.wheat = wheat

    def offers(self, game: Game, seat: int, budget: int) -> list[Offer]:
        return [Offer(item=i, source=s, cost=c) for i, (s, c) in PRICES.items()]

    def squares(self, game: Game, kingdom: Kingdom) -> list[int]:
        board, items = kingdom.board, kingdom.layers.get(ITEMS) or {}
        return [
            c for c in board.cells_of(kingdom.occupied & ~(1 << board.castle)) if c not in items
        ]

    def squares_for(
        self, game: Game, kingdom: Kingdom, offer: Offer, squares: Sequence[int]
    ) -> Sequence[int]:
        if offer.item != "bell":
            return squares
        return [c for c in squares if kingdom.terrain_at[c] == self.wheat]

    def choice_fields(self, offer: Offer) -> dict[str, str]:
        return {"item": offer.item}

    def offer_of(self, action: BuyWare) -> Offer:
        source, cost = PRICES.get(action.item, ("stand", 2))
        return Offer(item=action.item, source=source, cost=cost)

    def check_offer(self, game: Game, seat: int, offer: Offer) -> None:
        if offer.item not in PRICES:
            raise IllegalActionError("wares.unknown", f"no {offer.item} for sale")

    def check_square(self, game: Game, kingdom: Kingdom, offer: Offer, x: int, y: int) -> None:
        board = kingdom.board
        cell = board.cell(x, y) if board.on_board(x, y) else None
        squares = self.squares(game, kingdom)
        if cell not in squares or cell not in self.squares_for(game, kingdom, offer, squares):
            raise IllegalActionError("wares.square", f"no {offer.item} can go on {x},{y}")

    def take(self, game: Game, seat: int, offer: Offer, cell: int) -> None:
        game.kingdom_of(seat).layer(ITEMS)[cell] = offer.item

    def spent(self, game: Game, seat: int, kind: str) -> None:
        game.ext[NAME] = (*game.ext[NAME], kind)  # immutable: replaced, shared by clones


class WaresPlugin:
    """The house rule: tokens from placed dominoes, two purchases a turn, 1 point a ware."""

    NAME = NAME
    HOOK_API = 1
    REQUIRES = ("base",)

    @hookimpl
    def kd_register_components(self, registry: Registry) -> None:
        registry.add_action(BuyWare)
        registry.add_action(PayToken)

    @hookimpl
    def kd_register_rules(self, rules: RuleBook, registry: Registry) -> None:
        for handler in Wares(registry.terrain_index("wheat")).handlers():
            rules.add_step_handler(handler)
        rules.add_state(NAME, tuple)

    @hookimpl
    def kd_after_place(self, game: Game, seat: int, action: Place | Discard) -> None:
        if isinstance(action, Place):
            kingdom = game.kingdom_of(seat)
            for x, y in ((action.x, action.y), action.second):
                cell = kingdom.board.cell(x, y)
                terrain = game.engine.registry.terrains[kingdom.terrain_at[cell]].name
                if terrain in KINDS:
                    kingdom.layer(TOKENS)[cell] = terrain

    @hookimpl
    def kd_end_of_turn(self, game: Game, seat: int, king: int) -> list[Step] | None:
        shop = shop_of(game)
        return [shop.step(seat, king, purchases=2)] if shop.can_buy(game, seat) else None

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        n = len(game.kingdoms[kingdom].layers.get(ITEMS) or {})
        return [ScoreLine(kind="bonus", name="wares", points=n, source=NAME)]


def shop_of(game: Game, step: str = "wares.buy") -> Shop:
    handler = game.engine.rules.handler(step)
    assert isinstance(handler, ChooseStep)
    return handler.shop


def wares_engine(players: int = 2) -> Engine:
    catalogue = default_catalogue().copy()
    catalogue.add_module(WaresPlugin(), NAME)
    return Engine(Ruleset(name="wares", plugins=["base", NAME]), players, catalogue=catalogue)


ENGINE = wares_engine()
# Castle at 0,0; wheat at 1,0 and 2,0, forest at 3,0, lake at 0,1 (x east, y south).
KINGDOM = "C W0 W0 F0\nL0 . . ."
TOKENS_AT = {(1, 0): "wheat", (2, 0): "wheat", (3, 0): "forest"}


def at_choice(tokens: dict[tuple[int, int], str] = TOKENS_AT, purchases: int = 1) -> Game:
    """A game waiting for seat 0's choose step, its kingdom ``KINGDOM`` with ``tokens``."""
    game = ENGINE.new_game(seed=1)
    game.play_chance()
    kingdom = set_kingdom(game, 0, KINGDOM)
    layer = kingdom.layer(TOKENS)
    for (x, y), kind in tokens.items():
        layer[kingdom.board.cell(x, y)] = kind
    game.insert_steps([shop_of(game).step(0, 0, purchases)])
    return game


def tokens_of(game: Game, seat: int = 0) -> dict[tuple[int, int], str]:
    kingdom = game.kingdom_of(seat)
    return {kingdom.board.xy(c): k for c, k in (kingdom.layers.get(TOKENS) or {}).items()}


def refused(game: Game, action: Action, rule: str) -> str:
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == rule
    assert digest(game) == before, "a refused action changed the game"
    return err.value.message


# -- the choose step --------------------------------------------------------------------


def test_the_choice_is_pass_then_each_affordable_offer_on_each_square_it_fits() -> None:
    """2 different kinds held (wheat, forest): the flag and the bell (2) but not the
    crown (3); the bell only on wheat; a square with a token is listed (it is paid)."""
    game = at_choice()
    squares = [(1, 0), (2, 0), (3, 0), (0, 1)]
    assert game.legal_actions() == [
        Pass(seat=0),
        *(BuyWare(seat=0, item="flag", x=x, y=y) for x, y in squares),
        BuyWare(seat=0, item="bell", x=1, y=0),
        BuyWare(seat=0, item="bell", x=2, y=0),
    ]
    assert game.step.data == Choosing(purchases=1)


def test_enough_kinds_offer_the_dearer_source_too() -> None:
    game = at_choice({**TOKENS_AT, (0, 1): "lake"})
    assert BuyWare(seat=0, item="crown", x=3, y=0) in game.legal_actions()


def test_one_kind_many_times_buys_nothing() -> None:
    """A cost counts different kinds, not tokens: 3 wheat tokens are 1 kind."""
    game = at_choice({(1, 0): "wheat", (2, 0): "wheat", (3, 0): "wheat"})
    assert game.legal_actions() == [Pass(seat=0)]
    assert not shop_of(game).can_buy(game, 0)
    message = refused(game, BuyWare(seat=0, item="flag", x=3, y=0), "wares.cost")
    assert "costs 2 different tokens; the kingdom holds 1 kind: wheat" in message


def test_a_pass_changes_nothing_but_the_queue() -> None:
    game = at_choice()
    game.apply(Pass(seat=0))
    assert tokens_of(game) == TOKENS_AT
    assert game.step is None or game.step.kind != "wares.pay"


# -- paying -----------------------------------------------------------------------------


def test_a_token_on_the_chosen_square_is_part_of_the_payment() -> None:
    """The flag goes on the wheat token's square: that wheat is paid at once, one
    more token of another kind is owed, and only forest is left to pay with."""
    game = at_choice()
    game.apply(BuyWare(seat=0, item="flag", x=1, y=0))
    assert game.ext[NAME] == ("wheat",)
    assert game.step.kind == "wares.pay"
    assert game.step.data == Payment(owed=2, paid=("wheat",))
    assert game.legal_actions() == [PayToken(seat=0, x=3, y=0)]
    game.apply(PayToken(seat=0, x=3, y=0))
    assert tokens_of(game) == {(2, 0): "wheat"}
    assert game.ext[NAME] == ("wheat", "forest")
    kingdom = game.kingdom_of(0)
    assert kingdom.layers[ITEMS] == {kingdom.board.cell(1, 0): "flag"}


def test_each_payment_is_of_a_kind_not_paid_yet() -> None:
    game = at_choice({**TOKENS_AT, (0, 1): "lake"})
    game.apply(BuyWare(seat=0, item="crown", x=3, y=0))  # pays its forest at once
    assert game.step.data == Payment(owed=3, paid=("forest",))
    # Both wheat tokens are listed (either may pay), the lake too.
    assert game.legal_actions() == [
        PayToken(seat=0, x=1, y=0),
        PayToken(seat=0, x=2, y=0),
        PayToken(seat=0, x=0, y=1),
    ]
    game.apply(PayToken(seat=0, x=2, y=0))
    assert game.step.data == Payment(owed=3, paid=("forest", "wheat"))
    assert game.legal_actions() == [PayToken(seat=0, x=0, y=1)]
    message = refused(game, PayToken(seat=0, x=1, y=0), "wares.twice")
    assert message == (
        "wheat is already paid: the tokens paid must all be different (paid so far: forest, wheat)"
    )
    game.apply(PayToken(seat=0, x=0, y=1))
    assert tokens_of(game) == {(1, 0): "wheat"}
    assert Counter(game.ext[NAME]) == Counter({"forest": 1, "wheat": 1, "lake": 1})


@pytest.mark.parametrize(
    ("action", "rule", "words"),
    [
        (PayToken(seat=0, x=0, y=1), "wares.token", "it holds no token in your kingdom"),
        (PayToken(seat=0, x=9, y=9), "wares.token", "holds no token"),
        (PayToken(seat=1, x=3, y=0), "core.turn", "it is P1's decision, not P2's"),
        (Pass(seat=0), "core.step", "expected a token to pay, not pass"),
        (BuyWare(seat=0, item="flag", x=3, y=0), "core.step", "expected a token to pay"),
    ],
)
def test_bad_payments_are_refused_with_the_shops_rule_ids(
    action: Action, rule: str, words: str
) -> None:
    game = at_choice()
    game.apply(BuyWare(seat=0, item="flag", x=0, y=1))  # on the lake: no token there
    assert words in refused(game, action, rule)


@pytest.mark.parametrize(
    ("action", "rule", "words"),
    [
        (BuyWare(seat=0, item="crown", x=3, y=0), "wares.cost", "costs 3 different tokens"),
        (BuyWare(seat=0, item="bell", x=3, y=0), "wares.square", "no bell can go on 3,0"),
        (BuyWare(seat=0, item="flag", x=0, y=0), "wares.square", "0,0"),
        (BuyWare(seat=0, item="horn", x=3, y=0), "wares.unknown", "no horn for sale"),
        (BuyWare(seat=1, item="flag", x=3, y=0), "core.turn", "it is P1's decision, not P2's"),
        (PayToken(seat=0, x=3, y=0), "core.step", "expected a ware or pass"),
        (Claim(seat=0, king=0, domino=ENGINE.new_game(seed=1).pile[0]), "core.step", "a ware"),
    ],
)
def test_bad_choices_are_refused_with_the_shops_rule_ids(
    action: Action, rule: str, words: str
) -> None:
    assert words in refused(at_choice(), action, rule)


def test_the_pay_step_in_words() -> None:
    game = at_choice({**TOKENS_AT, (0, 1): "lake"})
    game.apply(BuyWare(seat=0, item="crown", x=3, y=0))
    handler = game.handler(game.step)
    assert handler.describe(game, game.step) == (
        "Pay for your ware: choose a token of your kingdom, 2 more to pay, each of a kind "
        "not paid yet (paid so far: forest)"
    )
    assert handler.describe_action(game, game.step, PayToken(seat=0, x=0, y=1)) == (
        "pay the lake token at 0,1"
    )


# -- several purchases, and the payloads ------------------------------------------------


@pytest.mark.parametrize("purchases", [1, 2])
def test_more_purchases_in_a_row_follow_the_payment(purchases: int) -> None:
    game = at_choice({**TOKENS_AT, (0, 1): "lake"}, purchases=purchases)
    game.apply(BuyWare(seat=0, item="flag", x=1, y=0))
    game.apply(PayToken(seat=0, x=3, y=0))
    again = game.step is not None and game.step.kind == "wares.buy"
    assert again == (purchases == 2)
    if again:
        assert game.step.data == Choosing(purchases=1)
        assert game.step.seat == 0 and game.step.king == 0


def test_a_choose_step_without_payload_allows_one_purchase() -> None:
    game = at_choice()
    game.pending[0] = Step(kind="wares.buy", seat=0, king=0)
    game.apply(BuyWare(seat=0, item="flag", x=1, y=0))
    game.apply(PayToken(seat=0, x=3, y=0))
    assert game.step is None or game.step.kind != "wares.buy"


def test_step_payload_reads_a_typed_payload_and_names_a_wrong_one() -> None:
    step = Step(kind="wares.pay", seat=0, data=Payment(owed=2))
    assert step.payload(Payment).left == 2
    with pytest.raises(TypeError, match=r"step 'wares\.pay' carries 2, not the Payment"):
        Step(kind="wares.pay", seat=0, data=2).payload(Payment)


def test_a_wrong_payload_is_reported_as_the_plugins_fault() -> None:
    """A step queued with a tuple where its handler reads a ``Payment``: the failure
    names the step, never a silent misreading by position."""
    game = at_choice()
    game.pending[0] = Step(kind="wares.pay", seat=0, king=0, data=(2, ()))
    with pytest.raises(Exception, match="Payment"):
        game.legal_actions()


# -- properties over seeded games of every shop -----------------------------------------

#: (engine, choose step, pay step, token layer) of each shop shipped or tested here.
SHOPS = {
    "wares": (ENGINE, "wares.buy", "wares.pay"),
    "court": (make_engine("court", 3), "court.buy", "court.pay"),
    "origins-tribe": (
        make_engine(["origins"], 2, origins={"mode": "tribe", "recruits_per_turn": 2}),
        "origins.recruit",
        "origins.pay",
    ),
}


def purchase_problems(game: Game, choose: str, pay: str, rng: random.Random) -> list[str]:
    """Buy a listed purchase on a clone, paying with random listed tokens: every pay
    list is non-empty, the tokens that left equal the cost, all of different kinds."""
    shop = shop_of(game, choose)
    buys = [a for a in game.legal_actions() if not isinstance(a, Pass)]
    if not buys:
        return []
    action = rng.choice(buys)
    offer = shop.offer_of(action)
    probe = game.clone()
    kingdom = probe.kingdom_of(probe.step.seat)
    before = dict(kingdom.layers.get(shop.layer) or {})
    probe.apply(action)
    while probe.step is not None and probe.step.kind == pay:
        listed = probe.legal_actions()
        if not listed:
            return [f"{pay}: an empty list after {action}"]
        probe.apply(rng.choice(listed))
    after = kingdom.layers.get(shop.layer) or {}
    gone = [kind for cell, kind in before.items() if cell not in after]
    problems = []
    if len(gone) != offer.cost or len(set(gone)) != len(gone):
        problems.append(f"{action}: paid {gone} for a cost of {offer.cost} different kinds")
    if any(after.get(c) != k for c, k in before.items() if c in after):
        problems.append(f"{action}: a token changed kind")
    return problems


@pytest.mark.parametrize("name", sorted(SHOPS))
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_listed_purchase_can_be_paid_in_different_kinds(name: str, seed: int) -> None:
    engine, choose, pay = SHOPS[name]
    rng = random.Random(seed)
    game = engine.new_game(seed=seed)
    problems: list[str] = []
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        if game.step.kind == choose:
            problems += purchase_problems(game, choose, pay, rng)
        actions = game.legal_actions()
        buys = [a for a in actions if not isinstance(a, Pass)]
        game.apply(rng.choice(buys) if buys and rng.random() < 0.6 else rng.choice(actions))
    assert problems == []


def test_the_house_rule_shop_passes_conformance() -> None:
    for players in (2, 4):
        conformance(wares_engine(players), seeds=range(2)).raise_for_problems()
