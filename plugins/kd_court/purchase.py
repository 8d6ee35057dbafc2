"""The purchase at the end of a turn and the refill of the court board (docs/rules/court.md).

The purchase is the shared "choose, then pay" mechanic
(:mod:`kingdomino_core.mechanics.purchase`); :class:`Court` is its shop:

* ``court.buy`` (the seat decides): pass, or ``BuyTile``: a visible tile for 2
  different resources or any tile of the pile for 4 (one of each), and the square
  it goes on. The tile is put down at once; a token on that square is part of the
  payment (the rules let a tile go on a square "just emptied by paying").
* ``court.pay`` (the seat decides, once per resource still owed): which token pays;
  any square of the kingdom, a kind not paid yet. Paying in any order is allowed.

and one more handler here:

* ``court.reveal`` (chance): which tile of the face-down pile is turned up.

Every choice listed can be completed, so no list is ever a dead end: a purchase is
offered only if the kingdom holds enough different kinds, and the square was
checked when the tile was bought.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from kingdomino_core import Action, Game, IllegalActionError, Step
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

from .actions import BuyTile, PayToken, RevealTile
from .scoring import character_points
from .state import RESOURCE_LAYER, TILE_LAYER, CourtState, bump, remove_one
from .tiles import resource_words

if TYPE_CHECKING:
    from kingdomino_core import Kingdom, Registry

    from .options import CourtOptions
    from .tiles import CourtData

_ = package_translation("kd_court")
_l = _.lazy
_n = _.ngettext

NAME = "court"
#: Resources that buy a visible tile, and a tile of the pile (one of each kind).
VISIBLE_COST = 2


class Court(Shop):
    """The Court's shop, and what its hooks share: the data, the options, terrain indices."""

    choose_step = "court.buy"
    pay_step = "court.pay"
    layer = RESOURCE_LAYER
    choice_action = BuyTile
    pay_action = PayToken
    kind_field = "resource"
    words = PurchaseWords(
        thing=_l("tile"),
        choice=_l("a Court purchase"),
        passing=_l("pass (buy nothing)"),
        token=_l("resource token"),
        tokens=_l("resources"),
    )
    refusals = PurchaseRefusals(
        cost="court.cost", token="court.pay_own_token", repeated="court.different_resources"
    )

    def __init__(self, data: CourtData, options: CourtOptions, registry: Registry) -> None:
        self.data = data
        self.options = options
        self.resources = data.resources
        self.kinds = data.resources
        self.resource_index = {r: i for i, r in enumerate(data.resources)}
        names = {t.name: i for i, t in enumerate(registry.terrains)}
        #: Tile type id -> the terrain index it needs (None: any terrain; -1: unknown).
        self.needs: dict[str, int | None] = {
            t.id: (names.get(t.terrain, -1) if t.terrain is not None else None)
            for t in data.tiles.values()
        }
        self.hidden_cost = len(data.resources)
        # Offers are values: made once per tile type and source.
        self._offers = {
            (source, t): Offer(item=t, source=source, cost=cost)
            for source, cost in (("visible", VISIBLE_COST), ("pile", self.hidden_cost))
            for t in data.tiles
        }

    def handlers(self) -> tuple[ChooseStep, PayStep]:
        """The choose step, and the pay step in the Court's own words."""
        return ChooseStep(self), CourtPayStep(self)

    def paying(self, kingdom: Kingdom, cell: int) -> str:
        """``", paying its wheat token"`` when ``cell`` holds a token, else ``""``."""
        kind = (kingdom.layers.get(RESOURCE_LAYER) or {}).get(cell)
        if kind is None:
            return ""
        return _(", paying its {resource} token").format(resource=resource_words(kind))

    def kind_words(self, kind: str) -> str:
        """A resource in the player's language (the mechanic's refusals name them)."""
        return resource_words(kind)

    def state(self, game: Game) -> CourtState:
        found: CourtState = game.ext[NAME]
        return found

    @staticmethod
    def round_key(game: Game) -> tuple[int, bool]:
        """Identifies the round being played (for I-C4 ``per_round``)."""
        return game.lines_drawn, bool(game.next_line)

    # -- the shop -------------------------------------------------------------------

    def offers(self, game: Game, seat: int, budget: int) -> list[Offer]:
        """The distinct visible tiles (in reveal order), then the pile's (sorted)."""
        st = self.state(game)
        offers = self._offers
        found = []
        if budget >= VISIBLE_COST:
            found += [offers["visible", t] for t in dict.fromkeys(st.visible)]
        if budget >= self.hidden_cost:
            found += [offers["pile", t] for t in dict.fromkeys(st.pile)]
        return found

    def squares(self, game: Game, kingdom: Kingdom) -> list[int]:
        """Cells a tile may go on (I-C1): placed, not the castle, crownless, no tile.

        A square with a token qualifies: its token is paid with the purchase.
        """
        tiles = kingdom.layers.get(TILE_LAYER) or {}
        crowns = kingdom.crowns_at
        board = kingdom.board
        occupied = kingdom.occupied & ~(1 << board.castle)
        return [c for c in board.cells_of(occupied) if not crowns[c] and c not in tiles]

    def squares_for(
        self, game: Game, kingdom: Kingdom, offer: Offer, squares: Sequence[int]
    ) -> Sequence[int]:
        """A building only on its own terrain; a character anywhere."""
        need = self.needs[offer.item]
        if need is None:
            return squares
        terrain_at = kingdom.terrain_at
        return [c for c in squares if terrain_at[c] == need]

    def choice_fields(self, offer: Offer) -> dict[str, str]:
        return {"source": offer.source, "tile": offer.item}

    def offer_of(self, action: BuyTile) -> Offer:
        found = self._offers.get((action.source, action.tile))
        if found is None:  # an unknown tile, refused by check_offer
            cost = VISIBLE_COST if action.source == "visible" else self.hidden_cost
            return Offer(item=action.tile, source=action.source, cost=cost)
        return found

    def source_words(self, source: str) -> str:
        return _("a visible tile") if source == "visible" else _("a tile from the pile")

    def check_offer(self, game: Game, seat: int, offer: Offer) -> None:
        if offer.item not in self.data.tiles:
            known = ", ".join(self.data.tiles)
            raise IllegalActionError(
                "court.tile",
                _("{tile!r} is not a Court tile; known: {known}").format(
                    tile=offer.item, known=known
                ),
            )
        st = self.state(game)
        if offer.source == "visible":
            if offer.item not in st.visible:
                shown = ", ".join(st.visible) or _("none")
                raise IllegalActionError(
                    "court.visible",
                    _("{tile} is not a visible tile (visible: {shown})").format(
                        tile=offer.item, shown=shown
                    ),
                )
        elif offer.source == "pile":
            if offer.item not in st.pile:
                raise IllegalActionError(
                    "court.pile",
                    _("no {tile} left in the face-down pile").format(tile=offer.item),
                )
        else:
            raise IllegalActionError(
                "court.source",
                _("source must be 'visible' or 'pile', not {source!r}").format(source=offer.source),
            )

    def check_square(self, game: Game, kingdom: Kingdom, offer: Offer, x: int, y: int) -> None:
        board = kingdom.board
        if not board.on_board(x, y):
            raise IllegalActionError(
                "court.square", _("square {x},{y} is outside the kingdom").format(x=x, y=y)
            )
        cell = board.cell(x, y)
        if cell == board.castle:
            raise IllegalActionError(
                "court.not_castle",
                _("square {x},{y} is the castle: no tile goes there (I-C1)").format(x=x, y=y),
            )
        if not kingdom.occupied >> cell & 1:
            raise IllegalActionError(
                "court.square",
                _("square {x},{y} is empty: no land to build on").format(x=x, y=y),
            )
        tiles = kingdom.layers.get(TILE_LAYER) or {}
        if cell in tiles:
            held = (
                self.data.tiles[tiles[cell]].describe()
                if tiles[cell] in self.data.tiles
                else tiles[cell]
            )
            raise IllegalActionError(
                "court.one_tile_per_square",
                _("square {x},{y} already holds {tile}: one tile per square (I-C1)").format(
                    x=x, y=y, tile=held
                ),
            )
        if kingdom.crowns_at[cell]:
            n = kingdom.crowns_at[cell]
            raise IllegalActionError(
                "court.crownless",
                _n(
                    "square {x},{y} has {n} crown: tiles go on crownless squares",
                    "square {x},{y} has {n} crowns: tiles go on crownless squares",
                    n,
                ).format(x=x, y=y, n=n),
            )
        if not self.squares_for(game, kingdom, offer, [cell]):
            tile = self.data.tiles[offer.item]
            registry = game.engine.registry
            have = registry.terrains[kingdom.terrain_at[cell]].name
            need = registry.terrains[registry.terrain_index(tile.terrain or "")].name
            raise IllegalActionError(
                "court.building_terrain",
                _("{tile} goes only on {terrain}, and square {x},{y} is {have}").format(
                    tile=tile.describe(), terrain=need, x=x, y=y, have=have
                ),
            )

    def take(self, game: Game, seat: int, offer: Offer, cell: int) -> None:
        st = self.state(game)
        if offer.source == "visible":
            st.visible = remove_one(st.visible, offer.item)
        else:
            st.pile = remove_one(st.pile, offer.item)
        st.bought[seat] = self.round_key(game)
        kingdom = game.kingdom_of(seat)
        kingdom.layer(TILE_LAYER)[cell] = offer.item
        tile = self.data.tiles[offer.item]
        if tile.crowns:
            kingdom.set_crowns(cell, tile.crowns)  # I-C2: counted in the property

    def spent(self, game: Game, seat: int, kind: str) -> None:
        st = self.state(game)
        st.spent = bump(st.spent, self.resource_index[kind])

    # -- words ----------------------------------------------------------------------

    def describe(self, game: Game, step: Step) -> str:
        kinds = self.kinds_held(game.kingdom_of(step.seat))
        return _n(
            "Buy a building or character ({visible} different resources for a visible "
            "tile, {pile} for one from the pile) and put it on a crownless "
            "square, or pass; you hold {n} kind of resource",
            "Buy a building or character ({visible} different resources for a visible "
            "tile, {pile} for one from the pile) and put it on a crownless "
            "square, or pass; you hold {n} kinds of resource",
            kinds,
        ).format(visible=VISIBLE_COST, pile=self.hidden_cost, n=kinds)

    def describe_choice(self, game: Game, step: Step, action: BuyTile) -> str:
        tile = self.data.tiles[action.tile]
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)
        if tile.is_building or not tile.per_unit:
            effect = tile.effect()
        else:
            probe = kingdom.clone()
            probe.layer(TILE_LAYER)[cell] = tile.id
            points = character_points(probe, cell, tile.id, self.data, self.options)
            if tile.unit.endswith("_token"):  # the tokens still to pay may be counted ones
                text = _n(
                    "{effect}: {n} point there now (before the rest is paid)",
                    "{effect}: {n} points there now (before the rest is paid)",
                    points,
                )
            else:
                text = _n("{effect}: {n} point there now", "{effect}: {n} points there now", points)
            effect = text.format(effect=tile.effect(), n=points)
        if action.source == "visible":
            text = _("buy the {tile} from the board onto {x},{y} ({square}){paying}: {effect}")
        else:
            text = _("buy the {tile} from the pile onto {x},{y} ({square}){paying}: {effect}")
        return text.format(
            tile=tile.describe(),
            x=action.x,
            y=action.y,
            square=cell_words(game, kingdom, cell),
            paying=self.paying(kingdom, cell),
            effect=effect,
        )


class CourtPayStep(PayStep):
    """The payment for a tile (the mechanic's step), in the player's language."""

    def describe(self, game: Game, step: Step) -> str:
        pay = step.payload(Payment)
        if not pay.paid:
            return _n(
                "Pay for your tile: choose a resource token of your kingdom, "
                "{n} more to pay, each of a kind not paid yet",
                "Pay for your tile: choose a resource token of your kingdom, "
                "{n} more to pay, each of a kind not paid yet",
                pay.left,
            ).format(n=pay.left)
        return _n(
            "Pay for your tile: choose a resource token of your kingdom, "
            "{n} more to pay, each of a kind not paid yet (paid so far: {paid})",
            "Pay for your tile: choose a resource token of your kingdom, "
            "{n} more to pay, each of a kind not paid yet (paid so far: {paid})",
            pay.left,
        ).format(n=pay.left, paid=_(", ").join(resource_words(k) for k in pay.paid))

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if not isinstance(action, PayToken):
            return super().describe_action(game, step, action)
        return _("pay the {resource} token at {x},{y}").format(
            resource=resource_words(action.resource), x=action.x, y=action.y
        )


class RevealHandler(RevealFromPile):
    """Chance: one tile of the face-down pile is turned up (probability by count)."""

    kind = "court.reveal"
    action = RevealTile
    field = "tile"

    def __init__(self, court: Court) -> None:
        self.court = court

    def counts(self, game: Game) -> Counter[str]:
        return Counter(self.court.state(game).pile)  # the pile is sorted: so are these

    def turn_up(self, game: Game, item: str) -> None:
        st = self.court.state(game)
        st.pile = remove_one(st.pile, item)
        st.visible = (*st.visible, item)

    def describe(self, game: Game, step: Step) -> str:
        return _("A Court tile is turned face up from the pile")

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, RevealTile) and action.tile in self.court.data.tiles:
            return _("{tile} turned face up").format(
                tile=self.court.data.tiles[action.tile].describe()
            )
        return action.describe()
