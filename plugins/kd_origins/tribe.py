"""Tribe mode: the cave and recruiting cro-magnons (docs/rules/origins.md).

The cave shows up to 4 cro-magnons, refilled when a new line is laid out; the rest
form a hidden pile kept as counts, so its order exists nowhere: each refill is a
chance step (``origins.cave_draw``). Choosing from the pile needs no draw, and the
reshuffle that follows changes nothing a player could know.

A recruit is three kinds of decision, so every list stays short and a greedy bot
sees each choice's points:

1. ``origins.recruit``: pass, or take a cro-magnon (visible, or any from the pile)
   and put it on a square with no fire (printed or token) and no other cro-magnon,
   not the starting tile (I-O5). A square with a wooden resource may be chosen: its
   resource is then part of the payment ("it need not be a square you just
   emptied" works both ways).
2. ``origins.pay``: spend the remaining resources one square at a time, each of a
   type not yet spent for this recruit (2 different for a visible one, 4 for the
   pile). Spent resources leave the game.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from kingdomino_core import Action, Game, IllegalActionError, Kingdom, Pass, Step, StepHandler
from kingdomino_core.engine.words import cell_words, plural, seat_name
from kingdomino_core.model.kingdom import CASTLE, EMPTY

from .data import RESOURCES, cavemen
from .options import OriginsOptions
from .state import CAVEMAN, RESOURCE, STATE, OriginsState, bump

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
        return f"{self.caveman} revealed in the cave"


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
        where = "the pile" if self.pile else "the cave"
        return f"recruit {self.caveman} from {where} onto {self.x},{self.y}"


@frozen(kw_only=True, slots=True)
class Spend(Action):
    """Pay for a recruit with the wooden resource on square ``(x, y)``."""

    kind: ClassVar[str] = "origins.pay"
    seat: int
    x: int
    y: int

    def describe(self) -> str:
        return f"spend the resource at {self.x},{self.y}"


def refill_steps(state: OriginsState) -> list[Step]:
    """Chance steps that refill the cave to 4 visible (fewer if the pile runs out)."""
    n = min(VISIBLE - len(state.cave_visible), sum(state.cave_pile.values()))
    return [Step(kind=DRAW_STEP) for _ in range(max(n, 0))]


def caveman_effect(cid: str) -> str:
    """What a cro-magnon scores, in words."""
    cm = cavemen()[cid]
    if cm.warrior:
        return f"warrior of power {cm.power} (a horde scores warriors x power)"
    unit = "cro-magnon" if cm.unit == "caveman" else cm.unit
    return f"{cm.points_per_unit} per {unit} around it"


def _before_paying(kingdom: Kingdom, cid: str) -> str:
    """A caveat when a cro-magnon of the kingdom (the recruit included) counts
    resources: the rest of the payment, chosen next, may spend resources counted now."""
    tribe = [cid, *(kingdom.layers.get(CAVEMAN) or {}).values()]
    counts_resources = any(cavemen()[c].unit in (*RESOURCES, "resource") for c in tribe)
    return " (before you pay the rest)" if counts_resources else ""


def recruit_gain(kingdom: Kingdom, cid: str, cell: int) -> int:
    """The cro-magnons' points the kingdom gains now with ``cid`` on ``cell`` (its
    resource there paid), for the words of a recruit."""
    from .scoring import caveman_lines

    probe = kingdom.clone()
    probe.layer(CAVEMAN)[cell] = cid
    probe.layer(RESOURCE).pop(cell, None)
    before = sum(line.points for line in caveman_lines(kingdom))
    return sum(line.points for line in caveman_lines(probe)) - before


class CaveDrawHandler(StepHandler):
    kind = DRAW_STEP
    chance = True

    def describe(self, game: Game, step: Step) -> str:
        return "A cro-magnon is drawn from the pile into the cave"

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, CaveDraw) and action.caveman in cavemen():
            return f"{cavemen()[action.caveman].name} comes into the cave"
        return action.describe()

    def outcomes(self, game: Game, step: Step) -> list[tuple[Action, float]]:
        pile = game.ext[STATE].cave_pile
        total = sum(pile.values())
        return [(CaveDraw(caveman=cid), pile[cid] / total) for cid in cavemen() if pile.get(cid, 0)]

    def check(self, game: Game, step: Step, action: Action) -> None:
        pile = game.ext[STATE].cave_pile
        if not isinstance(action, CaveDraw) or not pile.get(action.caveman, 0):
            raise IllegalActionError(
                "origins.cave_draw", f"{action.describe()} cannot happen: not in the pile"
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, CaveDraw)
        state: OriginsState = game.ext[STATE]
        take(state.cave_pile, action.caveman)
        state.cave_visible.append(action.caveman)


def take(pile: dict[str, int], cid: str) -> None:
    pile[cid] -= 1
    if not pile[cid]:
        del pile[cid]


def resource_types(kingdom: Kingdom) -> set[str]:
    layer = kingdom.layers.get(RESOURCE)
    return set(layer.values()) if layer else set()


def why_not_square(
    kingdom: Kingdom, cell: int, volcano: int, options: OriginsOptions
) -> str | None:
    """Why a cro-magnon may not be put on ``cell`` (I-O5), or None."""
    x, y = kingdom.board.xy(cell)
    terrain = kingdom.terrain_at[cell]
    if terrain == EMPTY:
        return f"square {x},{y} is not part of the kingdom"
    if terrain == CASTLE:
        return "a cro-magnon may not stand on the starting tile (I-O5)"
    if kingdom.crowns_at[cell]:
        return f"square {x},{y} has fire (a printed icon or a token)"
    people = kingdom.layers.get(CAVEMAN)
    if people and cell in people:
        return f"square {x},{y} already has a cro-magnon ({people[cell]})"
    if terrain == volcano and not options.caveman_on_volcano:
        return f"square {x},{y} is a volcano (option caveman_on_volcano is off)"
    return None


class RecruitHandler(StepHandler):
    """Step data: how many recruits this chief may still make this turn (I-O7)."""

    kind = RECRUIT_STEP

    def __init__(self, options: OriginsOptions, volcano: int) -> None:
        self.options = options
        self.volcano = volcano

    def offers(self, game: Game, seat: int) -> list[tuple[str, bool]]:
        """The (caveman, from pile) choices ``seat`` can afford, in file order."""
        state: OriginsState = game.ext[STATE]
        types = len(resource_types(game.kingdom_of(seat)))
        out = []
        if types >= COST_VISIBLE:
            out += [(cid, False) for cid in cavemen() if cid in state.cave_visible]
        if types >= COST_PILE:
            out += [(cid, True) for cid in cavemen() if state.cave_pile.get(cid, 0)]
        return out

    def squares(self, kingdom: Kingdom) -> list[int]:
        board = kingdom.board
        cells = board.cells_of(kingdom.occupied & ~(1 << board.castle))
        return [c for c in cells if why_not_square(kingdom, c, self.volcano, self.options) is None]

    def recruits(self, game: Game, seat: int) -> list[Action]:
        kingdom = game.kingdom_of(seat)
        board = kingdom.board
        cells = [board.xy(c) for c in self.squares(kingdom)]
        return [
            Recruit(seat=seat, caveman=cid, pile=pile, x=x, y=y)
            for cid, pile in self.offers(game, seat)
            for x, y in cells
        ]

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [Pass(seat=step.seat), *self.recruits(game, step.seat)]

    def describe(self, game: Game, step: Step) -> str:
        kinds = len(resource_types(game.kingdom_of(step.seat)))
        return (
            f"Recruit a cro-magnon ({COST_VISIBLE} different resources for one in the cave, "
            f"{COST_PILE} for any one from the pile) and put it on a square without fire, "
            f"or pass; you hold {plural(kinds, 'kind')} of resource"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, Pass):
            return "pass (recruit nobody)"
        if not isinstance(action, Recruit) or action.caveman not in cavemen():
            return action.describe()
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)
        where = "pile" if action.pile else "cave"
        token = (kingdom.layers.get(RESOURCE) or {}).get(cell)
        pays = f", paying its {token}" if token else ""
        gain = recruit_gain(kingdom, action.caveman, cell)
        caveat = _before_paying(kingdom, action.caveman)
        return (
            f"recruit the {cavemen()[action.caveman].name.removeprefix('The ')} ({where}) onto "
            f"{action.x},{action.y} ({cell_words(game, kingdom, cell)}){pays}: "
            f"{caveman_effect(action.caveman)}, {gain:+d} now{caveat}"
        )

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, Recruit | Pass) or action.seat != step.seat:
            raise IllegalActionError(
                "origins.recruit_step",
                f"{seat_name(step.seat)} may recruit a cro-magnon or pass now, "
                f"not {action.describe()}",
            )
        if isinstance(action, Pass):
            return
        state: OriginsState = game.ext[STATE]
        kingdom = game.kingdom_of(step.seat)
        if action.caveman not in cavemen():
            raise IllegalActionError(
                "origins.recruit_unknown",
                f"no cro-magnon {action.caveman!r}; known: {', '.join(cavemen())}",
            )
        if action.pile and not state.cave_pile.get(action.caveman, 0):
            raise IllegalActionError(
                "origins.recruit_unavailable", f"no {action.caveman} is left in the pile"
            )
        if not action.pile and action.caveman not in state.cave_visible:
            raise IllegalActionError(
                "origins.recruit_unavailable",
                f"{action.caveman} is not visible in the cave (visible: "
                f"{', '.join(state.cave_visible) or 'none'})",
            )
        have = sorted(resource_types(kingdom))
        cost = COST_PILE if action.pile else COST_VISIBLE
        if len(have) < cost:
            source = "any cro-magnon of the pile" if action.pile else "a visible cro-magnon"
            raise IllegalActionError(
                "origins.recruit_payment",
                f"{source} costs {cost} different resources; the kingdom has "
                f"{len(have)} type(s): {', '.join(have) or 'none'}",
            )
        board = kingdom.board
        if not board.on_board(action.x, action.y):
            raise IllegalActionError(
                "origins.caveman_square", f"square {action.x},{action.y} is outside the kingdom"
            )
        why = why_not_square(kingdom, board.cell(action.x, action.y), self.volcano, self.options)
        if why is not None:
            raise IllegalActionError("origins.caveman_square", why)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        if isinstance(action, Pass):
            return
        assert isinstance(action, Recruit)
        state: OriginsState = game.ext[STATE]
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.x, action.y)
        if action.pile:
            take(state.cave_pile, action.caveman)
        else:
            state.cave_visible.remove(action.caveman)
        kingdom.layer(CAVEMAN)[cell] = action.caveman
        needed = COST_PILE if action.pile else COST_VISIBLE
        spent: tuple[str, ...] = ()
        resources = kingdom.layers.get(RESOURCE)
        if resources and cell in resources:
            res = resources.pop(cell)
            bump(state.res_spent, res)
            spent, needed = (res,), needed - 1
        left = step.data - 1
        if needed:
            game.insert_steps(
                [Step(kind=PAY_STEP, seat=step.seat, king=step.king, data=(needed, spent, left))]
            )
        elif left > 0:
            game.insert_steps([Step(kind=RECRUIT_STEP, seat=step.seat, king=step.king, data=left)])


class PayHandler(StepHandler):
    """Step data: (resources still to pay, types already spent, recruits left)."""

    kind = PAY_STEP

    def describe(self, game: Game, step: Step) -> str:
        needed, spent, _ = step.data
        paid = f" (spent so far: {', '.join(spent)})" if spent else ""
        return (
            f"Pay for your cro-magnon: spend a wooden resource of your kingdom, {needed} more, "
            f"each of a kind not spent yet{paid}"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if not isinstance(action, Spend):
            return action.describe()
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        res = (kingdom.layers.get(RESOURCE) or {}).get(board.cell(action.x, action.y))
        return f"spend the {res or 'resource'} at {action.x},{action.y}"

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        _, spent, _ = step.data
        kingdom = game.kingdom_of(step.seat)
        layer = kingdom.layers.get(RESOURCE) or {}
        board = kingdom.board
        out: list[Action] = []
        for cell in sorted(layer):
            if layer[cell] not in spent:
                x, y = board.xy(cell)
                out.append(Spend(seat=step.seat, x=x, y=y))
        return out

    def check(self, game: Game, step: Step, action: Action) -> None:
        needed, spent, _ = step.data
        if not isinstance(action, Spend) or action.seat != step.seat:
            raise IllegalActionError(
                "origins.pay_step",
                f"{seat_name(step.seat)} must pay {needed} more resource(s), "
                f"not {action.describe()}",
            )
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        layer = kingdom.layers.get(RESOURCE) or {}
        cell = board.cell(action.x, action.y) if board.on_board(action.x, action.y) else None
        if cell is None or cell not in layer:
            raise IllegalActionError(
                "origins.recruit_payment",
                f"there is no wooden resource at {action.x},{action.y} in the kingdom",
            )
        if layer[cell] in spent:
            raise IllegalActionError(
                "origins.recruit_payment",
                f"a {layer[cell]} was already spent for this recruit; the resources must "
                "all be different",
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, Spend)
        needed, spent, left = step.data
        state: OriginsState = game.ext[STATE]
        kingdom = game.kingdom_of(step.seat)
        res = kingdom.layer(RESOURCE).pop(kingdom.board.cell(action.x, action.y))
        bump(state.res_spent, res)
        if needed > 1:
            data = (needed - 1, (*spent, res), left)
            game.insert_steps([Step(kind=PAY_STEP, seat=step.seat, king=step.king, data=data)])
        elif left > 0:
            game.insert_steps([Step(kind=RECRUIT_STEP, seat=step.seat, king=step.king, data=left)])
