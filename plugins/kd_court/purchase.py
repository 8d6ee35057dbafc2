"""The purchase at the end of a turn and the refill of the court board (docs/rules/court.md).

Three step handlers:

* ``court.buy`` (the seat decides): pass, or ``BuyTile``: a visible tile for 2
  different resources or any tile of the pile for 4 (one of each), and the square
  it goes on. The tile is put down at once; a token on that square is part of the
  payment (the rules let a tile go on a square "just emptied by paying").
* ``court.pay`` (the seat decides, once per resource still owed): which token pays;
  any square of the kingdom, a kind not paid yet. Paying in any order is allowed.
* ``court.reveal`` (chance): which tile of the face-down pile is turned up.

Every choice listed can be completed, so no list is ever a dead end: a purchase is
offered only if the kingdom holds enough different kinds, and the square was
checked when the tile was bought.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from attrs import frozen

from kingdomino_core import Action, Game, IllegalActionError, Pass, Step, StepHandler
from kingdomino_core.engine.words import cell_words, plural, seat_name

from .actions import BuyTile, PayToken, RevealTile, Source
from .scoring import character_points
from .state import RESOURCE_LAYER, TILE_LAYER, CourtState, bump, remove_one

if TYPE_CHECKING:
    from kingdomino_core import Kingdom, Registry

    from .options import CourtOptions
    from .tiles import CourtData, TileType

NAME = "court"
#: Resources that buy a visible tile, and a tile of the pile (one of each kind).
VISIBLE_COST = 2


@frozen(kw_only=True, slots=True)
class Payment:
    """``court.pay`` step data: how many different kinds are owed and which are paid."""

    owed: int
    paid: tuple[str, ...]


class Court:
    """What the handlers and hooks share: the data, the options, terrain indices."""

    def __init__(self, data: CourtData, options: CourtOptions, registry: Registry) -> None:
        self.data = data
        self.options = options
        self.resources = data.resources
        self.resource_index = {r: i for i, r in enumerate(data.resources)}
        names = {t.name: i for i, t in enumerate(registry.terrains)}
        #: Tile type id -> the terrain index it needs (None: any terrain; -1: unknown).
        self.needs: dict[str, int | None] = {
            t.id: (names.get(t.terrain, -1) if t.terrain is not None else None)
            for t in data.tiles.values()
        }
        self.hidden_cost = len(data.resources)

    def state(self, game: Game) -> CourtState:
        found: CourtState = game.ext[NAME]
        return found

    # -- what a kingdom offers ------------------------------------------------------

    @staticmethod
    def kinds_held(kingdom: Kingdom) -> int:
        layer = kingdom.layers.get(RESOURCE_LAYER)
        return len(set(layer.values())) if layer else 0

    @staticmethod
    def tile_squares(kingdom: Kingdom) -> list[int]:
        """Cells a tile may go on (I-C1): placed, not the castle, crownless, no tile.

        A square with a token qualifies: its token is paid with the purchase.
        """
        tiles = kingdom.layers.get(TILE_LAYER) or {}
        crowns = kingdom.crowns_at
        board = kingdom.board
        occupied = kingdom.occupied & ~(1 << board.castle)
        return [c for c in board.cells_of(occupied) if not crowns[c] and c not in tiles]

    def sources(self, game: Game, kingdom: Kingdom) -> list[tuple[Source, tuple[str, ...]]]:
        """The affordable sources with their distinct tile types, in list order."""
        st = self.state(game)
        kinds = self.kinds_held(kingdom)
        out: list[tuple[Source, tuple[str, ...]]] = []
        if kinds >= VISIBLE_COST and st.visible:
            out.append(("visible", tuple(dict.fromkeys(st.visible))))
        if kinds >= self.hidden_cost and st.pile:
            out.append(("pile", tuple(dict.fromkeys(st.pile))))
        return out

    def purchases(self, game: Game, seat: int) -> list[BuyTile]:
        kingdom = game.kingdom_of(seat)
        sources = self.sources(game, kingdom)
        if not sources:
            return []
        squares = self.tile_squares(kingdom)
        terrain_at = kingdom.terrain_at
        xy = kingdom.board.xy
        out = []
        for source, types in sources:
            for tile in types:
                need = self.needs[tile]
                for cell in squares:
                    if need is None or terrain_at[cell] == need:
                        x, y = xy(cell)
                        out.append(BuyTile(seat=seat, source=source, tile=tile, x=x, y=y))
        return out

    def can_buy(self, game: Game, seat: int) -> bool:
        kingdom = game.kingdom_of(seat)
        sources = self.sources(game, kingdom)
        if not sources:
            return False
        squares = self.tile_squares(kingdom)
        if not squares:
            return False
        terrains = {kingdom.terrain_at[c] for c in squares}
        for _source, types in sources:
            for tile in types:
                need = self.needs[tile]
                if need is None or need in terrains:
                    return True
        return False

    def spend(self, st: CourtState, resource: str) -> None:
        st.spent = bump(st.spent, self.resource_index[resource])

    @staticmethod
    def round_key(game: Game) -> tuple[int, bool]:
        """Identifies the round being played (for I-C4 ``per_round``)."""
        return game.lines_drawn, bool(game.next_line)


def _turn(step: Step, action: Action) -> None:
    seat = getattr(action, "seat", None)
    if seat != step.seat:
        other = f", not {seat_name(seat)}'s" if type(seat) is int else ""
        raise IllegalActionError("core.turn", f"it is {seat_name(step.seat)}'s decision{other}")


class BuyHandler(StepHandler):
    kind = "court.buy"

    def __init__(self, court: Court) -> None:
        self.court = court

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [Pass(seat=step.seat), *self.court.purchases(game, step.seat)]

    def describe(self, game: Game, step: Step) -> str:
        court = self.court
        kinds = court.kinds_held(game.kingdom_of(step.seat))
        return (
            f"Buy a building or character ({VISIBLE_COST} different resources for a visible "
            f"tile, {court.hidden_cost} for one from the pile) and put it on a crownless "
            f"square, or pass; you hold {plural(kinds, 'kind')} of resource"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, Pass):
            return "pass (buy nothing)"
        if not isinstance(action, BuyTile):
            return action.describe()
        court = self.court
        tile = court.data.tiles[action.tile]
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        cell = board.cell(action.x, action.y)
        where = "board" if action.source == "visible" else "pile"
        square = cell_words(game, kingdom, cell)
        token = (kingdom.layers.get(RESOURCE_LAYER) or {}).get(cell)
        if tile.is_building or not tile.per_unit:
            effect = tile.effect()
        else:
            probe = kingdom.clone()
            probe.layer(TILE_LAYER)[cell] = tile.id
            points = character_points(probe, cell, tile.id, court.data, court.options)
            effect = f"{tile.effect()}: {plural(points, 'point')} there now"
            if tile.unit.endswith("_token"):  # the tokens still to pay may be counted ones
                effect += " (before you pay the rest)"
        pays = f", paying its {token} token" if token else ""
        return (
            f"buy the {tile.describe()} ({where}) onto {action.x},{action.y} ({square}){pays}: "
            f"{effect}"
        )

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Pass | BuyTile):
            raise IllegalActionError(
                "core.step", f"expected a Court purchase or pass, not {action.describe()}"
            )
        _turn(step, action)
        if isinstance(action, Pass):
            return
        court = self.court
        st = court.state(game)
        tile = court.data.tiles.get(action.tile)
        if tile is None:
            known = ", ".join(court.data.tiles)
            raise IllegalActionError(
                "court.tile", f"{action.tile!r} is not a Court tile; known: {known}"
            )
        kingdom = game.kingdom_of(step.seat)
        kinds = court.kinds_held(kingdom)
        if action.source == "visible":
            if action.tile not in st.visible:
                shown = ", ".join(st.visible) or "none"
                raise IllegalActionError(
                    "court.visible", f"{action.tile} is not a visible tile (visible: {shown})"
                )
            if kinds < VISIBLE_COST:
                raise IllegalActionError(
                    "court.cost",
                    f"a visible tile costs {VISIBLE_COST} different resources; the kingdom "
                    f"holds {kinds} kind(s)",
                )
        elif action.source == "pile":
            if action.tile not in st.pile:
                raise IllegalActionError(
                    "court.pile", f"no {action.tile} left in the face-down pile"
                )
            if kinds < court.hidden_cost:
                held = kingdom.layers.get(RESOURCE_LAYER) or {}
                missing = [r for r in court.resources if r not in held.values()]
                raise IllegalActionError(
                    "court.cost",
                    "a tile from the pile costs one of each resource; the kingdom has no "
                    + ", ".join(missing),
                )
        else:
            raise IllegalActionError(
                "court.source", f"source must be 'visible' or 'pile', not {action.source!r}"
            )
        self._check_square(game, kingdom, tile, action)

    def _check_square(self, game: Game, kingdom: Kingdom, tile: TileType, action: BuyTile) -> None:
        board = kingdom.board
        x, y = action.x, action.y
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
        need = self.court.needs[tile.id]
        if need is not None and kingdom.terrain_at[cell] != need:
            have = game.engine.registry.terrains[kingdom.terrain_at[cell]].name
            raise IllegalActionError(
                "court.building_terrain",
                f"{tile.describe()} goes only on {tile.terrain}, and {where} is {have}",
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, BuyTile):
            return
        court = self.court
        st = court.state(game)
        if action.source == "visible":
            st.visible = remove_one(st.visible, action.tile)
        else:
            st.pile = remove_one(st.pile, action.tile)
        st.bought[step.seat] = court.round_key(game)
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)
        kingdom.layer(TILE_LAYER)[cell] = action.tile
        tile = court.data.tiles[action.tile]
        if tile.crowns:
            kingdom.set_crowns(cell, tile.crowns)  # I-C2: counted in the property
        paid: tuple[str, ...] = ()
        token = kingdom.layer(RESOURCE_LAYER).pop(cell, None)
        if token is not None:
            court.spend(st, token)
            paid = (token,)
        owed = VISIBLE_COST if action.source == "visible" else court.hidden_cost
        if len(paid) < owed:
            game.insert_steps(
                [
                    Step(
                        kind="court.pay",
                        seat=step.seat,
                        king=step.king,
                        data=Payment(owed=owed, paid=paid),
                    )
                ]
            )


class PayHandler(StepHandler):
    kind = "court.pay"

    def __init__(self, court: Court) -> None:
        self.court = court

    def describe(self, game: Game, step: Step) -> str:
        pay: Payment = step.data
        left = pay.owed - len(pay.paid)
        paid = f" (paid so far: {', '.join(pay.paid)})" if pay.paid else ""
        return (
            f"Pay for your tile: choose a resource token of your kingdom, {left} more to "
            f"pay, each of a kind not paid yet{paid}"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if not isinstance(action, PayToken):
            return action.describe()
        return f"pay the {action.resource} token at {action.x},{action.y}"

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        pay: Payment = step.data
        kingdom = game.kingdom_of(step.seat)
        layer = kingdom.layers.get(RESOURCE_LAYER) or {}
        xy = kingdom.board.xy
        out: list[Action] = []
        for cell in sorted(layer):
            r = layer[cell]
            if r not in pay.paid:
                x, y = xy(cell)
                out.append(PayToken(seat=step.seat, resource=r, x=x, y=y))
        return out

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, PayToken):
            raise IllegalActionError(
                "core.step", f"expected a resource token to pay, not {action.describe()}"
            )
        _turn(step, action)
        court = self.court
        if action.resource not in court.resource_index:
            raise IllegalActionError(
                "court.pay_own_token",
                f"{action.resource!r} is not a resource; expected one of "
                + ", ".join(court.resources),
            )
        pay: Payment = step.data
        if action.resource in pay.paid:
            raise IllegalActionError(
                "court.different_resources",
                f"{action.resource} is already paid: the resources paid must all be different "
                f"(paid so far: {', '.join(pay.paid)})",
            )
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        where = f"square {action.x},{action.y}"
        held = None
        if board.on_board(action.x, action.y):
            held = (kingdom.layers.get(RESOURCE_LAYER) or {}).get(board.cell(action.x, action.y))
        if held != action.resource:
            has = f"holds {held}" if held else "holds no resource token"
            raise IllegalActionError(
                "court.pay_own_token",
                f"cannot pay {action.resource} from {where}: it {has} in your kingdom",
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, PayToken)
        court = self.court
        kingdom = game.kingdom_of(step.seat)
        del kingdom.layer(RESOURCE_LAYER)[kingdom.board.cell(action.x, action.y)]
        court.spend(court.state(game), action.resource)
        pay: Payment = step.data
        paid = (*pay.paid, action.resource)
        if len(paid) < pay.owed:
            game.insert_steps(
                [
                    Step(
                        kind="court.pay",
                        seat=step.seat,
                        king=step.king,
                        data=Payment(owed=pay.owed, paid=paid),
                    )
                ]
            )


class RevealHandler(StepHandler):
    """Chance: one tile of the face-down pile is turned up (probability by count)."""

    kind = "court.reveal"
    chance = True

    def __init__(self, court: Court) -> None:
        self.court = court

    def describe(self, game: Game, step: Step) -> str:
        return "A Court tile is turned face up from the pile"

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, RevealTile) and action.tile in self.court.data.tiles:
            return f"{self.court.data.tiles[action.tile].describe()} turned face up"
        return action.describe()

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        pile = self.court.state(game).pile
        n = len(pile)
        counts: dict[str, int] = {}
        for t in pile:
            counts[t] = counts.get(t, 0) + 1
        return [(RevealTile(tile=t), c / n) for t, c in counts.items()]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, RevealTile) or action.tile not in self.court.state(game).pile:
            raise IllegalActionError(
                "court.reveal", f"{action.describe()} cannot happen: not in the pile"
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, RevealTile)
        st = self.court.state(game)
        st.pile = remove_one(st.pile, action.tile)
        st.visible = (*st.visible, action.tile)
