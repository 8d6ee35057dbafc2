"""A purchase in words: every sentence the shared purchase mechanic shows, whole.

Translators need whole sentences (word order, genders and plurals differ between
languages), so the mechanic never glues its words from pieces: each decision, choice
and refusal is one message of the core's catalog with ``{}`` placeholders, filled with
the plugin's own nouns (:class:`PurchaseWords`, translated in the plugin's catalog)
and its kinds of token (:meth:`ShopWords.kind_words`). A plugin whose purchase reads
differently (Origins *spends* its resources) overrides the sentence methods with
whole sentences of its own catalog; the English text stays what it was.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from attrs import frozen

from ..engine.words import seat_name
from ..i18n import get_translation

if TYPE_CHECKING:
    from .purchase import Offer, Payment

_ = get_translation("kingdomino_core")
_l = _.lazy
_n = _.ngettext


@frozen(kw_only=True, slots=True)
class PurchaseWords:
    """The nouns of a purchase, filled into the mechanic's sentences (terminal and
    browser alike): "Pay for your tile: choose a resource token of your kingdom".

    Give them as lazy text of your catalog (``_l("tile")``) so that they are shown in
    the player's language. ``ask``, ``pay``, ``paid`` and ``unit`` are kept for
    plugins written before the sentences were whole: the mechanic no longer uses
    them (override the sentence methods of :class:`ShopWords` for other verbs).
    """

    #: What is bought, in the pay prompt: ``"tile"``.
    thing: str
    #: A choose action, in a refusal: ``"a Court purchase"`` ("expected a Court
    #: purchase or pass").
    choice: str
    #: The pass action of the choose step: ``"pass (buy nothing)"``.
    passing: str = _l("pass")
    #: One token, in the pay prompt: ``"resource token"``.
    token: str = _l("token")
    #: Tokens, in a cost: ``"resources"`` ("costs 2 different resources").
    tokens: str = _l("tokens")
    #: Not used by the mechanic any more (see the class's docstring).
    ask: str = "choose"
    #: Not used by the mechanic any more (see the class's docstring).
    pay: str = "pay"
    #: Not used by the mechanic any more (see the class's docstring).
    paid: str = "paid"
    #: Not used by the mechanic any more (see the class's docstring).
    unit: str = " token"


class ShopWords:
    """The sentences of a :class:`~kingdomino_core.mechanics.Shop`, each a whole
    message of the core's catalog. Override one to word it your way (with a whole
    sentence of your own catalog), as Origins does for its resources "spent"."""

    #: The purchase's nouns.
    words: PurchaseWords = PurchaseWords(thing=_l("item"), choice=_l("a purchase"))
    #: Every kind of token, in the order refusals list them.
    kinds: tuple[str, ...] = ()

    def kind_words(self, kind: str) -> str:
        """A kind of token in the player's language (default: its id, ``"wheat"``)."""
        return kind

    def kinds_words(self, kinds: Sequence[str]) -> str:
        """Kinds of token as a list: ``"wheat, forest"``."""
        return _(", ").join(self.kind_words(k) for k in kinds)

    # -- the choose step ------------------------------------------------------------

    def choose_prompt(self, n: int) -> str:
        """The choose decision, for a seat holding ``n`` kinds of token."""
        return _n(
            "Buy a {thing} and put it on a square of your kingdom, or pass; "
            "you hold {n} kind of {tokens}",
            "Buy a {thing} and put it on a square of your kingdom, or pass; "
            "you hold {n} kinds of {tokens}",
            n,
        ).format(thing=self.words.thing, tokens=self.words.tokens, n=n)

    def choice_words(self, offer: Offer, x: int, y: int, kind: str | None) -> str:
        """One purchase: ``offer`` onto square ``x,y``, which holds a token of ``kind``
        (paid with the purchase) or none."""
        fields = {"item": offer.item, "source": offer.source, "x": x, "y": y}
        if kind is None:
            return _("buy the {item} ({source}) onto {x},{y}").format(**fields)
        return _("buy the {item} ({source}) onto {x},{y}, paying its {kind} token").format(
            kind=self.kind_words(kind), **fields
        )

    def paying_words(self, kind: str) -> str:
        """The clause ``", paying its wheat token"``, for a plugin's own sentence of a
        choice that has a ``{paying}`` placeholder."""
        return _(", paying its {kind} token").format(kind=self.kind_words(kind))

    def source_words(self, source: str) -> str:
        """An item of ``source`` in a refusal: ``"a visible tile"``."""
        return _("a {thing} ({source})").format(thing=self.words.thing, source=source)

    def cost_words(self, offer: Offer, held: Sequence[str], missing: Sequence[str]) -> str:
        """Why ``offer`` cannot be bought: the kingdom holds only the kinds ``held``
        (and none of ``missing``, when every kind is needed)."""
        fields = {
            "offer": self.source_words(offer.source),
            "cost": offer.cost,
            "tokens": self.words.tokens,
            "held": self.kinds_words(held),
            "missing": self.kinds_words(missing),
            "n": len(held),
        }
        if not held:
            text = (
                _("{offer} costs {cost} different {tokens}; the kingdom holds 0 kinds")
                if not missing
                else _(
                    "{offer} costs {cost} different {tokens}; the kingdom holds 0 kinds; "
                    "it has no {missing}"
                )
            )
        elif not missing:
            text = _n(
                "{offer} costs {cost} different {tokens}; the kingdom holds {n} kind: {held}",
                "{offer} costs {cost} different {tokens}; the kingdom holds {n} kinds: {held}",
                len(held),
            )
        else:
            text = _n(
                "{offer} costs {cost} different {tokens}; the kingdom holds {n} kind: {held}; "
                "it has no {missing}",
                "{offer} costs {cost} different {tokens}; the kingdom holds {n} kinds: {held}; "
                "it has no {missing}",
                len(held),
            )
        return text.format(**fields)

    def choice_expected(self, action: Any) -> str:
        """The refusal of an action that is neither a purchase nor a pass."""
        return _("expected {choice} or pass, not {action}").format(
            choice=self.words.choice, action=action.describe()
        )

    @staticmethod
    def turn_words(seat: int, other: int) -> str:
        """The refusal of another seat's action: ``"it is P1's decision, not P2's"``."""
        return _("it is {seat}'s decision, not {other}'s").format(
            seat=seat_name(seat), other=seat_name(other)
        )

    # -- the pay step ---------------------------------------------------------------

    def pay_prompt(self, pay: Payment) -> str:
        """The pay decision in words: "Pay for your tile: choose a token of your
        kingdom, 1 more to pay, each of a kind not paid yet"."""
        fields = {"thing": self.words.thing, "token": self.words.token, "n": pay.left}
        if not pay.paid:
            return _n(
                "Pay for your {thing}: choose a {token} of your kingdom, "
                "{n} more to pay, each of a kind not paid yet",
                "Pay for your {thing}: choose a {token} of your kingdom, "
                "{n} more to pay, each of a kind not paid yet",
                pay.left,
            ).format(**fields)
        return _n(
            "Pay for your {thing}: choose a {token} of your kingdom, "
            "{n} more to pay, each of a kind not paid yet (paid so far: {paid})",
            "Pay for your {thing}: choose a {token} of your kingdom, "
            "{n} more to pay, each of a kind not paid yet (paid so far: {paid})",
            pay.left,
        ).format(paid=self.kinds_words(pay.paid), **fields)

    def payment_words(self, kind: str | None, x: int, y: int) -> str:
        """One payment in words: ``"pay the wood token at 2,0"``."""
        if kind is None:
            return _("pay the {token} at {x},{y}").format(token=self.words.token, x=x, y=y)
        return _("pay the {kind} token at {x},{y}").format(kind=self.kind_words(kind), x=x, y=y)

    def payment_expected(self, action: Any) -> str:
        """The refusal of an action that is not a payment, in the pay step."""
        return _("expected a {token} to pay, not {action}").format(
            token=self.words.token, action=action.describe()
        )

    def unknown_kind(self, named: str) -> str:
        """The refusal of a payment naming a kind of token that does not exist."""
        return _("{kind!r} is not a {token}; expected one of {kinds}").format(
            kind=named, token=self.words.token, kinds=", ".join(self.kinds)
        )

    def repeated_kind(self, kind: str, paid: Sequence[str]) -> str:
        """The refusal of a payment of a kind already paid for this purchase."""
        return _(
            "{kind} is already paid: the {tokens} paid must all be different (paid so far: {paid})"
        ).format(kind=self.kind_words(kind), tokens=self.words.tokens, paid=self.kinds_words(paid))

    def not_held(self, named: str | None, held: str | None, x: int, y: int) -> str:
        """The refusal of a payment from square ``x,y``, which holds ``held`` (None:
        no token), not the kind ``named`` (None: the action names no kind)."""
        fields = {"token": self.words.token, "x": x, "y": y}
        if named is None:
            text = _(
                "cannot pay a {token} from square {x},{y}: it holds no {token} in your kingdom"
            )
            return text.format(**fields)
        if held is None:
            text = _("cannot pay {kind} from square {x},{y}: it holds no {token} in your kingdom")
            return text.format(kind=self.kind_words(named), **fields)
        return _("cannot pay {kind} from square {x},{y}: it holds {held} in your kingdom").format(
            kind=self.kind_words(named), held=self.kind_words(held), **fields
        )
