"""Tribe mode: the cave and recruiting cro-magnons (docs/rules/origins.md).

The cave shows up to 4 cro-magnons, refilled when a new line is laid out; the rest
form a hidden pile kept as counts, so its order exists nowhere: each refill is a
chance step (``origins.cave_draw``). Choosing from the pile needs no draw, and the
reshuffle that follows changes nothing a player could know.

A recruit is the shared "choose, then pay" mechanic
(:mod:`kingdomino_core.mechanics.purchase`), with :class:`Cave` as its shop; two
kinds of decision, so every list stays short and a greedy bot sees each choice's
points:

1. ``origins.recruit``: pass, or take a cro-magnon (visible, or any from the pile)
   and put it on a square with no fire (printed or token) and no other cro-magnon,
   not the starting tile (I-O5). A square with a wooden resource may be chosen: its
   resource is then part of the payment ("it need not be a square you just
   emptied" works both ways).
2. ``origins.pay``: spend the remaining resources one square at a time, each of a
   type not yet spent for this recruit (2 different for a visible one, 4 for the
   pile). Spent resources leave the game.

Several recruits per chief-turn (I-O7, ``recruits_per_turn``) are the mechanic's
``Choosing(purchases=n)``: another recruit decision follows each payment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from attrs import frozen

from kingdomino_core import Action, Game, IllegalActionError, Kingdom, Step
from kingdomino_core.engine.words import cell_words
from kingdomino_core.i18n import package_translation
from kingdomino_core.mechanics import (
    ChooseStep,
    Offer,
    Payment,
    PayStep,
    PurchaseRefusals,
    PurchaseWords,
    RevealFromPile,
    Shop,
)
from kingdomino_core.model.kingdom import CASTLE, EMPTY

from .data import RESOURCES, cavemen, resource_words
from .options import OriginsOptions
from .state import CAVEMAN, RESOURCE, STATE, OriginsState, bump

_ = package_translation("kd_origins")
_l = _.lazy
_n = _.ngettext

RECRUIT_STEP = "origins.recruit"
PAY_STEP = "origins.pay"
DRAW_STEP = "origins.cave_draw"
VISIBLE = 4
COST_VISIBLE = 2
COST_PILE = len(RESOURCES)


@frozen(kw_only=True, slots=True)
class CaveDraw(Action):
    """Chance: ``caveman`` is drawn from the hidden pile to a visible place of the cave."""

    kind: ClassVar[str] = "origins.cave_draw"
    chance: ClassVar[bool] = True
    caveman: str

    def describe(self) -> str:
        return _("{caveman} revealed in the cave").format(caveman=self.caveman)


@frozen(kw_only=True, slots=True)
class Recruit(Action):
    """Recruit ``caveman`` (from the pile if ``pile``) and put it on square ``(x, y)``."""

    kind: ClassVar[str] = "origins.recruit"
    seat: int
    caveman: str
    pile: bool
    x: int
    y: int

    def describe(self) -> str:
        if self.pile:
            text = _("recruit {caveman} from the pile onto {x},{y}")
        else:
            text = _("recruit {caveman} from the cave onto {x},{y}")
        return text.format(caveman=self.caveman, x=self.x, y=self.y)


@frozen(kw_only=True, slots=True)
class Spend(Action):
    """Pay for a recruit with the wooden resource on square ``(x, y)``."""

    kind: ClassVar[str] = "origins.pay"
    seat: int
    x: int
    y: int

    def describe(self) -> str:
        return _("spend the resource at {x},{y}").format(x=self.x, y=self.y)


#: What a hunter-gatherer counts, in words (besides the resources).
_UNIT_WORDS = {"caveman": _l("cro-magnon"), "resource": _l("resource"), "fire": _l("fire")}


def unit_words(unit: str) -> str:
    """What a hunter-gatherer counts around it, in the player's language."""
    found = _UNIT_WORDS.get(unit)
    return str(found) if found is not None else resource_words(unit)


def caveman_effect(cid: str) -> str:
    """What a cro-magnon scores, in words."""
    cm = cavemen()[cid]
    if cm.warrior:
        return _("warrior of power {power} (a horde scores warriors x power)").format(
            power=cm.power
        )
    return _("{per} per {unit} around it").format(per=cm.points_per_unit, unit=unit_words(cm.unit))


def _before_paying(kingdom: Kingdom, cid: str) -> str:
    """A caveat when a cro-magnon of the kingdom (the recruit included) counts
    resources: the rest of the payment, chosen next, may spend resources counted now."""
    tribe = [cid, *(kingdom.layers.get(CAVEMAN) or {}).values()]
    counts_resources = any(cavemen()[c].unit in (*RESOURCES, "resource") for c in tribe)
    return _(" (before the rest is paid)") if counts_resources else ""


def recruit_gain(kingdom: Kingdom, cid: str, cell: int) -> int:
    """The cro-magnons' points the kingdom gains now with ``cid`` on ``cell`` (its
    resource there paid), for the words of a recruit."""
    from .scoring import caveman_lines

    probe = kingdom.clone()
    probe.layer(CAVEMAN)[cell] = cid
    probe.layer(RESOURCE).pop(cell, None)
    before = sum(line.points for line in caveman_lines(kingdom))
    return sum(line.points for line in caveman_lines(probe)) - before


class CavePayStep(PayStep):
    """The payment for a recruit (the mechanic's step), in the player's language."""

    def describe(self, game: Game, step: Step) -> str:
        pay = step.payload(Payment)
        if not pay.paid:
            return _n(
                "Pay for your cro-magnon: spend a wooden resource of your kingdom, "
                "{n} more to pay, each of a kind not spent yet",
                "Pay for your cro-magnon: spend a wooden resource of your kingdom, "
                "{n} more to pay, each of a kind not spent yet",
                pay.left,
            ).format(n=pay.left)
        return _n(
            "Pay for your cro-magnon: spend a wooden resource of your kingdom, "
            "{n} more to pay, each of a kind not spent yet (spent so far: {paid})",
            "Pay for your cro-magnon: spend a wooden resource of your kingdom, "
            "{n} more to pay, each of a kind not spent yet (spent so far: {paid})",
            pay.left,
        ).format(n=pay.left, paid=_(", ").join(resource_words(k) for k in pay.paid))

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if not isinstance(action, Spend):
            return super().describe_action(game, step, action)
        kind = self.shop.token_at(game.kingdom_of(step.seat), action.x, action.y)
        if kind is None:
            return _("spend the wooden resource at {x},{y}").format(x=action.x, y=action.y)
        return _("spend the {resource} at {x},{y}").format(
            resource=resource_words(kind), x=action.x, y=action.y
        )


class CaveDrawHandler(RevealFromPile):
    """Chance: a cro-magnon of the hidden pile comes into the cave (probability by count)."""

    kind = DRAW_STEP
    action = CaveDraw
    field = "caveman"

    def counts(self, game: Game) -> dict[str, int]:
        pile = game.ext[STATE].cave_pile
        return {cid: pile[cid] for cid in cavemen() if pile.get(cid, 0)}  # in file order

    def turn_up(self, game: Game, item: str) -> None:
        state: OriginsState = game.ext[STATE]
        take_from_pile(state.cave_pile, item)
        state.cave_visible.append(item)

    def refill(self, game: Game) -> list[Step]:
        """Chance steps that refill the cave to 4 visible (fewer if the pile runs out)."""
        return self.steps(game, VISIBLE - len(game.ext[STATE].cave_visible))

    def describe(self, game: Game, step: Step) -> str:
        return _("A cro-magnon is drawn from the pile into the cave")

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, CaveDraw) and action.caveman in cavemen():
            return _("{name} comes into the cave").format(name=cavemen()[action.caveman].words)
        return action.describe()


def take_from_pile(pile: dict[str, int], cid: str) -> None:
    """One ``cid`` fewer in the pile's counts."""
    pile[cid] -= 1
    if not pile[cid]:
        del pile[cid]


def why_not_square(
    kingdom: Kingdom, cell: int, volcano: int, options: OriginsOptions
) -> str | None:
    """Why a cro-magnon may not be put on ``cell`` (I-O5), or None."""
    x, y = kingdom.board.xy(cell)
    terrain = kingdom.terrain_at[cell]
    if terrain == EMPTY:
        return _("square {x},{y} is not part of the kingdom").format(x=x, y=y)
    if terrain == CASTLE:
        return _("a cro-magnon may not stand on the starting tile (I-O5)")
    if kingdom.crowns_at[cell]:
        return _("square {x},{y} has fire (a printed icon or a token)").format(x=x, y=y)
    people = kingdom.layers.get(CAVEMAN)
    if people and cell in people:
        found = cavemen().get(people[cell])
        return _("square {x},{y} already has a cro-magnon ({name})").format(
            x=x, y=y, name=found.words if found else people[cell]
        )
    if terrain == volcano and not options.caveman_on_volcano:
        return _("square {x},{y} is a volcano (option caveman_on_volcano is off)").format(x=x, y=y)
    return None


class Cave(Shop):
    """The shop of Tribe mode: cro-magnons of the cave (2 different resources) or of
    the pile (4), paid with the kingdom's wooden resources."""

    choose_step = RECRUIT_STEP
    pay_step = PAY_STEP
    layer = RESOURCE
    kinds = RESOURCES
    choice_action = Recruit
    pay_action = Spend
    words = PurchaseWords(
        thing=_l("cro-magnon"),
        choice=_l("a recruit"),
        passing=_l("pass (recruit nobody)"),
        token=_l("wooden resource"),
        tokens=_l("resources"),
    )
    refusals = PurchaseRefusals(
        cost="origins.recruit_payment",
        token="origins.recruit_payment",
        repeated="origins.recruit_payment",
    )

    def __init__(self, options: OriginsOptions, volcano: int) -> None:
        self.options = options
        self.volcano = volcano
        # Offers are values: made once per cro-magnon and source, in file order.
        self._cave = {cid: Offer(item=cid, source="cave", cost=COST_VISIBLE) for cid in cavemen()}
        self._pile = {cid: Offer(item=cid, source="pile", cost=COST_PILE) for cid in cavemen()}

    def handlers(self) -> tuple[ChooseStep, PayStep]:
        """The recruit step, and the pay step in Origins' own words."""
        return ChooseStep(self), CavePayStep(self)

    def paying(self, kingdom: Kingdom, cell: int) -> str:
        """``", paying its fish"`` when ``cell`` holds a resource, else ``""``."""
        kind = (kingdom.layers.get(RESOURCE) or {}).get(cell)
        if kind is None:
            return ""
        return _(", paying its {resource}").format(resource=resource_words(kind))

    def kind_words(self, kind: str) -> str:
        """A wooden resource in the player's language (the mechanic's refusals name them)."""
        return resource_words(kind)

    # The mechanic's refusals of a payment, in Origins' words: resources are spent.

    def payment_expected(self, action: Any) -> str:
        return _("expected a wooden resource to spend, not {action}").format(
            action=action.describe()
        )

    def repeated_kind(self, kind: str, paid: Sequence[str]) -> str:
        return _(
            "{resource} is already spent: the resources spent must all be different "
            "(spent so far: {spent})"
        ).format(resource=resource_words(kind), spent=self.kinds_words(paid))

    def not_held(self, named: str | None, held: str | None, x: int, y: int) -> str:
        if named is None:
            text = _(
                "cannot spend a wooden resource from square {x},{y}: it holds no wooden "
                "resource in your kingdom"
            )
            return text.format(x=x, y=y)
        return super().not_held(named, held, x, y)  # a Spend names no resource

    def offers(self, game: Game, seat: int, budget: int) -> list[Offer]:
        """The cave's cro-magnons, then the pile's, each kind once, in file order."""
        state: OriginsState = game.ext[STATE]
        found = []
        if budget >= COST_VISIBLE:
            visible = state.cave_visible
            found += [o for cid, o in self._cave.items() if cid in visible]
        if budget >= COST_PILE:
            pile = state.cave_pile
            found += [o for cid, o in self._pile.items() if pile.get(cid, 0)]
        return found

    def squares(self, game: Game, kingdom: Kingdom) -> list[int]:
        board = kingdom.board
        cells = board.cells_of(kingdom.occupied & ~(1 << board.castle))
        return [c for c in cells if why_not_square(kingdom, c, self.volcano, self.options) is None]

    def choice_fields(self, offer: Offer) -> dict[str, object]:
        return {"caveman": offer.item, "pile": offer.source == "pile"}

    def offer_of(self, action: Recruit) -> Offer:
        found = (self._pile if action.pile else self._cave).get(action.caveman)
        if found is None:  # an unknown cro-magnon, refused by check_offer
            source, cost = ("pile", COST_PILE) if action.pile else ("cave", COST_VISIBLE)
            return Offer(item=action.caveman, source=source, cost=cost)
        return found

    def source_words(self, source: str) -> str:
        return _("any cro-magnon of the pile") if source == "pile" else _("a visible cro-magnon")

    def check_offer(self, game: Game, seat: int, offer: Offer) -> None:
        if offer.item not in cavemen():
            raise IllegalActionError(
                "origins.recruit_unknown",
                _("no cro-magnon {caveman!r}; known: {known}").format(
                    caveman=offer.item, known=", ".join(cavemen())
                ),
            )
        state: OriginsState = game.ext[STATE]
        if offer.source == "pile" and not state.cave_pile.get(offer.item, 0):
            raise IllegalActionError(
                "origins.recruit_unavailable",
                _("no {caveman} is left in the pile").format(caveman=offer.item),
            )
        if offer.source == "cave" and offer.item not in state.cave_visible:
            raise IllegalActionError(
                "origins.recruit_unavailable",
                _("{caveman} is not visible in the cave (visible: {visible})").format(
                    caveman=offer.item, visible=", ".join(state.cave_visible) or _("none")
                ),
            )

    def check_square(self, game: Game, kingdom: Kingdom, offer: Offer, x: int, y: int) -> None:
        board = kingdom.board
        if not board.on_board(x, y):
            raise IllegalActionError(
                "origins.caveman_square",
                _("square {x},{y} is outside the kingdom").format(x=x, y=y),
            )
        why = why_not_square(kingdom, board.cell(x, y), self.volcano, self.options)
        if why is not None:
            raise IllegalActionError("origins.caveman_square", why)

    def take(self, game: Game, seat: int, offer: Offer, cell: int) -> None:
        state: OriginsState = game.ext[STATE]
        if offer.source == "pile":
            take_from_pile(state.cave_pile, offer.item)
        else:
            state.cave_visible.remove(offer.item)
        game.kingdom_of(seat).layer(CAVEMAN)[cell] = offer.item

    def spent(self, game: Game, seat: int, kind: str) -> None:
        bump(game.ext[STATE].res_spent, kind)

    def describe(self, game: Game, step: Step) -> str:
        kinds = self.kinds_held(game.kingdom_of(step.seat))
        return _n(
            "Recruit a cro-magnon ({visible} different resources for one in the cave, "
            "{pile} for any one from the pile) and put it on a square without fire, "
            "or pass; you hold {n} kind of resource",
            "Recruit a cro-magnon ({visible} different resources for one in the cave, "
            "{pile} for any one from the pile) and put it on a square without fire, "
            "or pass; you hold {n} kinds of resource",
            kinds,
        ).format(visible=COST_VISIBLE, pile=COST_PILE, n=kinds)

    def describe_choice(self, game: Game, step: Step, action: Recruit) -> str:
        if action.caveman not in cavemen():
            return action.describe()
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)
        gain = recruit_gain(kingdom, action.caveman, cell)
        caveat = _before_paying(kingdom, action.caveman)
        if action.pile:
            text = _(
                "recruit the {name} (pile) onto {x},{y} ({square}){paying}: "
                "{effect}, {gain} now{caveat}"
            )
        else:
            text = _(
                "recruit the {name} (cave) onto {x},{y} ({square}){paying}: "
                "{effect}, {gain} now{caveat}"
            )
        return text.format(
            name=cavemen()[action.caveman].words,
            x=action.x,
            y=action.y,
            square=cell_words(game, kingdom, cell),
            paying=self.paying(kingdom, cell),
            effect=caveman_effect(action.caveman),
            gain=f"{gain:+d}",
            caveat=caveat,
        )
