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
from kingdomino_core.engine.words import cell_words, plural
from kingdomino_core.mechanics import Offer, PurchaseRefusals, PurchaseWords, RevealFromPile, Shop

from .actions import BuyTile, PayToken, RevealTile
from .scoring import character_points
from .state import RESOURCE_LAYER, TILE_LAYER, CourtState, bump, remove_one

if TYPE_CHECKING:
    from kingdomino_core import Kingdom, Registry

    from .options import CourtOptions
    from .tiles import CourtData

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
        thing="tile",
        choice="a Court purchase",
        passing="pass (buy nothing)",
        token="resource token",
        tokens="resources",
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
        return "a visible tile" if source == "visible" else "a tile from the pile"

    def check_offer(self, game: Game, seat: int, offer: Offer) -> None:
        if offer.item not in self.data.tiles:
            known = ", ".join(self.data.tiles)
            raise IllegalActionError(
                "court.tile", f"{offer.item!r} is not a Court tile; known: {known}"
            )
        st = self.state(game)
        if offer.source == "visible":
            if offer.item not in st.visible:
                shown = ", ".join(st.visible) or "none"
                raise IllegalActionError(
                    "court.visible", f"{offer.item} is not a visible tile (visible: {shown})"
                )
        elif offer.source == "pile":
            if offer.item not in st.pile:
                raise IllegalActionError(
                    "court.pile", f"no {offer.item} left in the face-down pile"
                )
        else:
            raise IllegalActionError(
                "court.source", f"source must be 'visible' or 'pile', not {offer.source!r}"
            )

    def check_square(self, game: Game, kingdom: Kingdom, offer: Offer, x: int, y: int) -> None:
        board = kingdom.board
        where = f"square {x},{y}"
        if not board.on_board(x, y):
            raise IllegalActionError("court.square", f"{where} is outside the kingdom")
        cell = board.cell(x, y)
        if cell == board.castle:
            raise IllegalActionError(
                "court.not_castle", f"{where} is the castle: no tile goes there (I-C1)"
            )
        if not kingdom.occupied >> cell & 1:
            raise IllegalActionError("court.square", f"{where} is empty: no land to build on")
        tiles = kingdom.layers.get(TILE_LAYER) or {}
        if cell in tiles:
            raise IllegalActionError(
                "court.one_tile_per_square",
                f"{where} already holds {tiles[cell]}: one tile per square (I-C1)",
            )
        if kingdom.crowns_at[cell]:
            raise IllegalActionError(
                "court.crownless",
                f"{where} has {kingdom.crowns_at[cell]} crown(s): tiles go on crownless squares",
            )
        if not self.squares_for(game, kingdom, offer, [cell]):
            tile = self.data.tiles[offer.item]
            have = game.engine.registry.terrains[kingdom.terrain_at[cell]].name
            raise IllegalActionError(
                "court.building_terrain",
                f"{tile.describe()} goes only on {tile.terrain}, and {where} is {have}",
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
        return (
            f"Buy a building or character ({VISIBLE_COST} different resources for a visible "
            f"tile, {self.hidden_cost} for one from the pile) and put it on a crownless "
            f"square, or pass; you hold {plural(kinds, 'kind')} of resource"
        )

    def describe_choice(self, game: Game, step: Step, action: BuyTile) -> str:
        tile = self.data.tiles[action.tile]
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)
        where = "board" if action.source == "visible" else "pile"
        if tile.is_building or not tile.per_unit:
            effect = tile.effect()
        else:
            probe = kingdom.clone()
            probe.layer(TILE_LAYER)[cell] = tile.id
            points = character_points(probe, cell, tile.id, self.data, self.options)
            effect = f"{tile.effect()}: {plural(points, 'point')} there now"
            if tile.unit.endswith("_token"):  # the tokens still to pay may be counted ones
                effect += " (before the rest is paid)"
        return (
            f"buy the {tile.describe()} from the {where} onto {action.x},{action.y} "
            f"({cell_words(game, kingdom, cell)}){self.paying(kingdom, cell)}: {effect}"
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
        return "A Court tile is turned face up from the pile"

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, RevealTile) and action.tile in self.court.data.tiles:
            return f"{self.court.data.tiles[action.tile].describe()} turned face up"
        return action.describe()
