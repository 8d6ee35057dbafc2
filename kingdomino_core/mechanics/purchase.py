"""A purchase: choose something offered, then pay for it in tokens of different kinds.

The Court sells buildings and characters, Origins' Tribe mode recruits cro-magnons,
and a house rule can sell its own things: all the same way, written once here.

1. **choose** (:class:`ChooseStep`, the seat decides): pass, or take one
   :class:`Offer` (an item from a source, at a cost) and the square of the kingdom
   it goes on. A token on that square is paid at once, as part of the price.
2. **pay** (:class:`PayStep`, the seat decides, once per token still owed): which
   token of the kingdom pays, each of a kind not paid yet for this purchase. Paid
   tokens leave the kingdom.

A cost is a number of tokens **of different kinds**. Tokens live in a kingdom layer
(``cell -> kind``, see ``Kingdom.layer``), so they clone with the kingdom. A choice
is listed only when the kingdom holds enough different kinds, and the pay step
lists every token of a kind not paid yet: every purchase listed can be paid, so no
decision is ever a dead end.

A plugin describes its purchase by subclassing :class:`Shop` (what is offered,
where it may go, what taking it does, its words) and registers both handlers of
:meth:`Shop.handlers`; it queues the choose step with :meth:`Shop.step` (from
``kd_end_of_turn``, say). The steps' payloads are :class:`Choosing` and
:class:`Payment`. The plugin guide's "A purchase: choose, then pay" shows a whole
example.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from ..engine.rules import StepHandler
from ..errors import IllegalActionError
from ..i18n import get_translation
from ..model.actions import Action, Pass, Step
from .shop_words import PurchaseWords, ShopWords

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.kingdom import Kingdom

_ = get_translation("kingdomino_core")
_l = _.lazy


@frozen(kw_only=True, slots=True)
class Offer:
    """One thing for sale: ``item`` from ``source`` for ``cost`` tokens of different kinds."""

    #: What is bought, in the plugin's own ids (``"farmer"``, ``"hunter"``).
    item: str
    #: Where it comes from, in the plugin's own words (``"visible"``, ``"pile"``).
    source: str
    #: How many tokens it costs, each of a different kind.
    cost: int


@frozen(kw_only=True, slots=True)
class Choosing:
    """Payload of a choose step: how many purchases the seat may still make in a row.

    A choose step queued with no payload (``data=None``) allows one purchase.
    """

    #: Purchases left, this one included; after a purchase with more left, another
    #: choose step follows the payment.
    purchases: int = 1


@frozen(kw_only=True, slots=True)
class Payment:
    """Payload of a pay step: the price, and the kinds of token paid so far."""

    #: Tokens the purchase costs in all, each of a different kind.
    owed: int
    #: Kinds paid so far, in the order they were paid.
    paid: tuple[str, ...] = ()

    @property
    def left(self) -> int:
        """Tokens still to pay."""
        return self.owed - len(self.paid)


@frozen(kw_only=True, slots=True)
class PurchaseRefusals:
    """The rule ids (``IllegalActionError.rule``) a purchase's refusals carry.

    A wrong kind of action is ``core.step`` and another seat's action ``core.turn``,
    as in every core step; these three are the plugin's own, as its docs list them.
    """

    #: The kingdom holds fewer different kinds than the cost.
    cost: str
    #: A payment names a square without a token (of the kind it names).
    token: str
    #: A payment repeats a kind already paid.
    repeated: str


class Shop(ShopWords):
    """One kind of purchase. Subclass it, set the attributes, override the methods
    marked *override*, and register :meth:`handlers` in ``kd_register_rules``.
    Its words are :class:`ShopWords`' sentences (override one to word it your way).

    The choose action class must have fields ``seat``, ``x`` and ``y`` (the square
    the item goes on); the pay action class ``seat``, ``x`` and ``y`` (the square of
    the token) and, if :attr:`kind_field` names it, the token's kind. Both are the
    plugin's own classes, registered with ``Registry.add_action`` as usual, so saves
    and action encodings stay the plugin's.
    """

    #: Kind of the choose step (``"court.buy"``).
    choose_step: str = ""
    #: Kind of the pay step (``"court.pay"``).
    pay_step: str = ""
    #: The kingdom layer of the tokens: cell -> kind (``"court.resource"``).
    layer: str = ""
    #: Every kind of token, in the order refusals list them.
    kinds: tuple[str, ...] = ()
    #: The choose action class (fields ``seat``, ``x``, ``y`` and the plugin's own).
    choice_action: type[Action] = Action
    #: The pay action class (fields ``seat``, ``x``, ``y``, maybe ``kind_field``).
    pay_action: type[Action] = Action
    #: The pay action's field naming the token's kind, or None when it has none.
    kind_field: str | None = None
    #: The purchase in words.
    words: PurchaseWords = PurchaseWords(thing=_l("item"), choice=_l("a purchase"))
    #: The rule ids of its refusals.
    refusals: PurchaseRefusals = PurchaseRefusals(
        cost="purchase.cost", token="purchase.token", repeated="purchase.different_kinds"
    )

    # -- what is for sale (override) ----------------------------------------------

    def offers(self, game: Game, seat: int, budget: int) -> Sequence[Offer]:
        """*Override*: what ``seat`` could take now for at most ``budget`` tokens (the
        different kinds its kingdom holds), in the order the decision lists them.
        Skipping what costs more is only a saving: the shop drops it anyway."""
        raise NotImplementedError

    def squares(self, game: Game, kingdom: Kingdom) -> Sequence[int]:
        """*Override*: the cells of ``kingdom`` any item may go on, in list order
        (a cell with a token qualifies: its token is paid with the purchase)."""
        raise NotImplementedError

    def squares_for(
        self, game: Game, kingdom: Kingdom, offer: Offer, squares: Sequence[int]
    ) -> Sequence[int]:
        """The cells of ``squares`` (from :meth:`squares`) that ``offer``'s item may go
        on, in their order (default: all; the Court's buildings need their terrain).
        One call per offer, so a long list costs no call per square."""
        return squares

    def choice_fields(self, offer: Offer) -> dict[str, Any]:
        """*Override*: the fields of the choose action taking ``offer``, besides
        ``seat``, ``x`` and ``y`` (``{"tile": offer.item, "source": offer.source}``)."""
        raise NotImplementedError

    def offer_of(self, action: Any) -> Offer:
        """*Override*: the offer a choose action takes (its cost from its source)."""
        raise NotImplementedError

    def check_offer(self, game: Game, seat: int, offer: Offer) -> None:
        """*Override*: raise ``IllegalActionError`` if ``offer`` names an unknown item
        or one its source does not hold now (the cost and square are checked apart)."""
        raise NotImplementedError

    def check_square(self, game: Game, kingdom: Kingdom, offer: Offer, x: int, y: int) -> None:
        """*Override*: raise ``IllegalActionError`` if the item may not go on ``(x, y)``."""
        raise NotImplementedError

    def take(self, game: Game, seat: int, offer: Offer, cell: int) -> None:
        """*Override*: move the item from its source onto ``cell`` of ``seat``'s
        kingdom. A token on that cell is then paid by the shop."""
        raise NotImplementedError

    def spent(self, game: Game, seat: int, kind: str) -> None:
        """A token of ``kind`` was paid and left ``seat``'s kingdom (default: nothing;
        the Court and Origins count spent tokens)."""

    # -- words (override for better ones; the sentences are ShopWords') -----------

    def describe(self, game: Game, step: Step) -> str:
        """The choose decision in words (``StepHandler.describe``)."""
        return self.choose_prompt(self.kinds_held(game.kingdom_of(step.seat)))

    def describe_choice(self, game: Game, step: Step, action: Any) -> str:
        """One choose action in words (``StepHandler.describe_action``)."""
        kind = self.token_at(game.kingdom_of(step.seat), action.x, action.y)
        return self.choice_words(self.offer_of(action), action.x, action.y, kind)

    # -- provided -----------------------------------------------------------------

    def handlers(self) -> tuple[ChooseStep, PayStep]:
        """The two step handlers to register (``rules.add_step_handler``)."""
        return ChooseStep(self), PayStep(self)

    def step(self, seat: int, king: int = -1, purchases: int = 1) -> Step:
        """A choose step for ``seat``, allowing ``purchases`` in a row."""
        return Step(kind=self.choose_step, seat=seat, king=king, data=Choosing(purchases=purchases))

    def kinds_held(self, kingdom: Kingdom) -> int:
        """How many different kinds of token ``kingdom`` holds."""
        layer = kingdom.layers.get(self.layer)
        return len(set(layer.values())) if layer else 0

    def held(self, kingdom: Kingdom) -> list[str]:
        """The kinds of token ``kingdom`` holds, in :attr:`kinds` order."""
        layer = kingdom.layers.get(self.layer)
        found = set(layer.values()) if layer else set()
        return [k for k in self.kinds if k in found] + sorted(found - set(self.kinds))

    def token_at(self, kingdom: Kingdom, x: int, y: int) -> str | None:
        """The kind of the token on square ``(x, y)`` of ``kingdom``, if any."""
        board = kingdom.board
        if not board.on_board(x, y):
            return None
        layer = kingdom.layers.get(self.layer)
        return layer.get(board.cell(x, y)) if layer else None

    def paying(self, kingdom: Kingdom, cell: int) -> str:
        """``", paying its wheat token"`` when ``cell`` holds a token, else ``""``
        (:meth:`ShopWords.paying_words`)."""
        layer = kingdom.layers.get(self.layer)
        kind = layer.get(cell) if layer else None
        return self.paying_words(kind) if kind else ""

    def affordable(self, game: Game, seat: int, kingdom: Kingdom | None = None) -> list[Offer]:
        """The :meth:`offers` ``seat``'s kingdom (``kingdom``, if given) holds enough
        different kinds for."""
        kinds = self.kinds_held(game.kingdom_of(seat) if kingdom is None else kingdom)
        return [o for o in self.offers(game, seat, kinds) if o.cost <= kinds] if kinds else []

    def purchases(self, game: Game, seat: int) -> list[Action]:
        """Every purchase ``seat`` can make: each affordable offer on each square it
        may go on, offers first (the order of the choose decision, after its pass)."""
        kingdom = game.kingdom_of(seat)
        offers = self.affordable(game, seat, kingdom)
        if not offers:
            return []
        squares = self.squares(game, kingdom)
        xy = kingdom.board.xy
        make: Any = self.choice_action  # the plugin's class: seat, x, y + choice_fields
        fields, squares_for = self.choice_fields, self.squares_for
        return [
            make(seat=seat, x=x, y=y, **named)
            for offer in offers
            for named in (fields(offer),)
            for x, y in map(xy, squares_for(game, kingdom, offer, squares))
        ]

    def can_buy(self, game: Game, seat: int) -> bool:
        """Whether ``seat`` can make any purchase now (so a choose step is worth asking)."""
        kingdom = game.kingdom_of(seat)
        offers = self.affordable(game, seat, kingdom)
        if not offers:
            return False
        squares = self.squares(game, kingdom)
        return any(self.squares_for(game, kingdom, offer, squares) for offer in offers)

    def cost_refusal(self, kingdom: Kingdom, offer: Offer) -> IllegalActionError:
        """The refusal of ``offer`` for a kingdom without enough different kinds."""
        held = self.held(kingdom)
        # When every kind is needed, name the ones missing.
        missing = [k for k in self.kinds if k not in held] if offer.cost >= len(self.kinds) else []
        return IllegalActionError(self.refusals.cost, self.cost_words(offer, held, missing))


def _turn(shop: Shop, step: Step, action: Any) -> None:
    if action.seat != step.seat:
        raise IllegalActionError("core.turn", shop.turn_words(step.seat, action.seat))


class ChooseStep(StepHandler):
    """The choose step of a :class:`Shop`: pass, or one purchase (then its payment)."""

    def __init__(self, shop: Shop) -> None:
        #: The shop it sells for.
        self.shop = shop
        self.kind = shop.choose_step

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [Pass(seat=step.seat), *self.shop.purchases(game, step.seat)]

    def describe(self, game: Game, step: Step) -> str:
        return self.shop.describe(game, step)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, Pass):
            return self.shop.words.passing
        if isinstance(action, self.shop.choice_action):
            return self.shop.describe_choice(game, step, action)
        return action.describe()

    def check(self, game: Game, step: Step, action: Action) -> None:
        shop = self.shop
        if not isinstance(action, (Pass, shop.choice_action)):
            raise IllegalActionError("core.step", shop.choice_expected(action))
        _turn(shop, step, action)
        if isinstance(action, Pass):
            return
        offer = shop.offer_of(action)
        shop.check_offer(game, step.seat, offer)
        kingdom = game.kingdom_of(step.seat)
        if shop.kinds_held(kingdom) < offer.cost:
            raise shop.cost_refusal(kingdom, offer)
        x, y = action.x, action.y  # type: ignore[attr-defined]
        shop.check_square(game, kingdom, offer, x, y)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        shop = self.shop
        if not isinstance(action, shop.choice_action):
            return  # a pass
        offer = shop.offer_of(action)
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)  # type: ignore[attr-defined]
        shop.take(game, step.seat, offer, cell)
        paid: tuple[str, ...] = ()
        tokens = kingdom.layers.get(shop.layer)
        if tokens and cell in tokens:
            kind = tokens.pop(cell)
            shop.spent(game, step.seat, kind)
            paid = (kind,)
        steps = []
        if len(paid) < offer.cost:
            pay = Payment(owed=offer.cost, paid=paid)
            steps.append(Step(kind=shop.pay_step, seat=step.seat, king=step.king, data=pay))
        left = (1 if step.data is None else step.payload(Choosing).purchases) - 1
        if left > 0:
            steps.append(shop.step(step.seat, step.king, left))
        if steps:
            game.insert_steps(steps)


class PayStep(StepHandler):
    """The pay step of a :class:`Shop`: one token of a kind not paid yet, per step."""

    def __init__(self, shop: Shop) -> None:
        #: The shop it takes payments for.
        self.shop = shop
        self.kind = shop.pay_step

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        paid = step.payload(Payment).paid
        kingdom = game.kingdom_of(step.seat)
        tokens = kingdom.layers.get(self.shop.layer) or {}
        xy = kingdom.board.xy
        seat, field = step.seat, self.shop.kind_field
        make: Any = self.shop.pay_action  # the plugin's class: seat, x, y (+ kind_field)
        owed = [(*xy(cell), tokens[cell]) for cell in sorted(tokens) if tokens[cell] not in paid]
        if field is None:
            return [make(seat=seat, x=x, y=y) for x, y, _ in owed]
        return [make(seat=seat, x=x, y=y, **{field: kind}) for x, y, kind in owed]

    def describe(self, game: Game, step: Step) -> str:
        return self.shop.pay_prompt(step.payload(Payment))

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        shop = self.shop
        if not isinstance(action, shop.pay_action):
            return action.describe()
        x, y = action.x, action.y  # type: ignore[attr-defined]
        kind = self._kind_named(action) or shop.token_at(game.kingdom_of(step.seat), x, y)
        return shop.payment_words(kind, x, y)

    def _kind_named(self, action: Action) -> str | None:
        field = self.shop.kind_field
        return None if field is None else getattr(action, field)

    def check(self, game: Game, step: Step, action: Action) -> None:
        shop = self.shop
        if not isinstance(action, shop.pay_action):
            raise IllegalActionError("core.step", shop.payment_expected(action))
        _turn(shop, step, action)
        paid = step.payload(Payment).paid
        named = self._kind_named(action)
        if named is not None and named not in shop.kinds:
            raise IllegalActionError(shop.refusals.token, shop.unknown_kind(named))
        if named is not None and named in paid:
            raise IllegalActionError(shop.refusals.repeated, shop.repeated_kind(named, paid))
        x, y = action.x, action.y  # type: ignore[attr-defined]
        held = shop.token_at(game.kingdom_of(step.seat), x, y)
        if held is None or (named is not None and held != named):
            raise IllegalActionError(shop.refusals.token, shop.not_held(named, held, x, y))
        if held in paid:
            raise IllegalActionError(shop.refusals.repeated, shop.repeated_kind(held, paid))

    def apply(self, game: Game, step: Step, action: Action) -> None:
        shop = self.shop
        pay = step.payload(Payment)
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)  # type: ignore[attr-defined]
        kind = kingdom.layer(shop.layer).pop(cell)
        shop.spent(game, step.seat, kind)
        paid = (*pay.paid, kind)
        if len(paid) < pay.owed:
            more = Payment(owed=pay.owed, paid=paid)
            game.insert_steps([Step(kind=shop.pay_step, seat=step.seat, king=step.king, data=more)])
