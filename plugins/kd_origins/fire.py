"""Volcanoes and fire (docs/rules/origins.md).

Right after a domino with a volcano is placed, its owner throws the fire token of
the volcano's craters onto a square of their kingdom within the token's reach
(Chebyshev distance, origins_fire_tokens.csv) that has no printed fire icon, no
fire token and no volcano (I-O2: not the starting tile unless the option allows
it). With no such square the token is discarded. A token destroys the wooden
resource or cro-magnon on its square (Totem and Tribe modes).

The throw is a decision of its own (step ``origins.fire``) whose payload,
:class:`Volcanoes`, holds the ``(x, y)`` of the volcanoes still to resolve, so a
domino with two volcanoes (I-O9) is thrown one token at a time in the order the
player chooses.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from kingdomino_core import Action, Game, IllegalActionError, Kingdom, Step, StepHandler
from kingdomino_core.engine.words import cell_words, icons, seat_name
from kingdomino_core.i18n import package_translation
from kingdomino_core.model.kingdom import CASTLE, EMPTY

from .data import cavemen, fire_tokens, resource_words
from .options import OriginsOptions
from .state import CAVEMAN, FIRE, RESOURCE, STATE, OriginsState, bump

_ = package_translation("kd_origins")
_n = _.ngettext

FIRE_STEP = "origins.fire"


@frozen(kw_only=True, slots=True)
class Volcanoes:
    """Payload of an ``origins.fire`` step: the volcanoes whose tokens are still to throw."""

    #: Their squares ``(x, y)``, in the printed order of the domino.
    squares: tuple[tuple[int, int], ...]


@frozen(kw_only=True, slots=True)
class FireThrow(Action):
    """Throw the fire token of the volcano at ``(x, y)`` onto square ``(tx, ty)``."""

    kind: ClassVar[str] = "origins.fire"
    seat: int
    x: int
    y: int
    tx: int
    ty: int

    def describe(self) -> str:
        return _("throw fire from the volcano at {x},{y} to {tx},{ty}").format(
            x=self.x, y=self.y, tx=self.tx, ty=self.ty
        )


@frozen(kw_only=True, slots=True)
class FireLost(Action):
    """Discard the fire token of the volcano at ``(x, y)``: no square can take it."""

    kind: ClassVar[str] = "origins.fire_lost"
    seat: int
    x: int
    y: int

    def describe(self) -> str:
        return _("discard the fire token of the volcano at {x},{y} (no legal square)").format(
            x=self.x, y=self.y
        )


def craters_at(kingdom: Kingdom, cell: int) -> int:
    """Craters printed on a volcano square (1 if the square carries no mark)."""
    for key, value in kingdom.marks.get(cell, ()):
        if key == "craters":
            return value
    return 1


def why_not_target(
    kingdom: Kingdom, volcano: int, volcano_terrain: int, target: int, options: OriginsOptions
) -> tuple[str, str] | None:
    """Why the token of ``volcano`` may not land on cell ``target``: (rule id, message)."""
    board = kingdom.board
    tx, ty = board.xy(target)
    terrain = kingdom.terrain_at[target]
    if terrain == EMPTY:
        return "origins.fire_outside", _("square {x},{y} is not part of the kingdom").format(
            x=tx, y=ty
        )
    if terrain == CASTLE and not options.fire_on_start_tile:
        return "origins.fire_start_tile", _("fire may not land on the starting tile (I-O2)")
    token = fire_tokens()[craters_at(kingdom, volcano)]
    vx, vy = board.xy(volcano)
    distance = max(abs(tx - vx), abs(ty - vy))
    if not token.min_distance <= distance <= token.max_distance:
        if token.min_distance == token.max_distance:
            text = _(
                "square {x},{y} is {distance} squares from the volcano at {vx},{vy}; a "
                "{craters}-crater volcano throws exactly {most} squares"
            )
        else:
            text = _(
                "square {x},{y} is {distance} squares from the volcano at {vx},{vy}; a "
                "{craters}-crater volcano throws {least} to {most} squares"
            )
        return (
            "origins.fire_reach",
            text.format(
                x=tx,
                y=ty,
                distance=distance,
                vx=vx,
                vy=vy,
                craters=token.craters,
                least=token.min_distance,
                most=token.max_distance,
            ),
        )
    if terrain == volcano_terrain:
        return "origins.fire_on_volcano", _("square {x},{y} is a volcano").format(x=tx, y=ty)
    if kingdom.crowns_at[target]:
        return (
            "origins.fire_on_fire",
            _("square {x},{y} already has fire (a printed icon or a token)").format(x=tx, y=ty),
        )
    return None


def targets(
    kingdom: Kingdom, volcano: int, volcano_terrain: int, options: OriginsOptions
) -> list[int]:
    """Legal landing cells for the token of ``volcano``, in cell order."""
    board = kingdom.board
    vx, vy = board.xy(volcano)
    reach = fire_tokens()[craters_at(kingdom, volcano)].max_distance
    out = []
    for y in range(vy - reach, vy + reach + 1):
        for x in range(vx - reach, vx + reach + 1):
            if not board.on_board(x, y):
                continue
            cell = board.cell(x, y)
            if kingdom.terrain_at[cell] == EMPTY:
                continue
            if why_not_target(kingdom, volcano, volcano_terrain, cell, options) is None:
                out.append(cell)
    return out


def land(game: Game, kingdom: Kingdom, cell: int, fire: int) -> None:
    """Put a fire token on ``cell``, burning whatever wooden piece is there."""
    state: OriginsState = game.ext[STATE]
    resources = kingdom.layers.get(RESOURCE)
    if resources and cell in resources:
        bump(state.res_destroyed, resources.pop(cell))
    people = kingdom.layers.get(CAVEMAN)
    if people and cell in people:
        bump(state.cavemen_destroyed, people.pop(cell))
    kingdom.layer(FIRE)[cell] = fire
    kingdom.set_crowns(cell, kingdom.crowns_at[cell] + fire)


class FireHandler(StepHandler):
    """Lists and applies fire throws; ``after`` re-checks the totems (Totem mode)."""

    kind = FIRE_STEP

    def __init__(self, options: OriginsOptions, volcano: int, after: object = None) -> None:
        self.options = options
        self.volcano = volcano
        self.after = after

    def describe(self, game: Game, step: Step) -> str:
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        parts = []
        for x, y in self._pending(game, step):
            token = fire_tokens()[craters_at(kingdom, board.cell(x, y))]
            most = token.max_distance
            if token.min_distance == most:
                reach = _n("exactly {n} square", "exactly {n} squares", most).format(n=most)
            else:
                reach = _n("up to {n} square", "up to {n} squares", most).format(n=most)
            parts.append(
                _n(
                    "the volcano at {x},{y} ({n} crater) throws a token of {fire} {reach} away",
                    "the volcano at {x},{y} ({n} craters) throws a token of {fire} {reach} away",
                    token.craters,
                ).format(x=x, y=y, n=token.craters, fire=icons(game, token.fire), reach=reach)
            )
        return _(
            "Throw a fire token onto a square of your kingdom: {volcanoes}. Fire scores "
            "like a crown and burns the resource or cro-magnon it lands on"
        ).format(volcanoes=_("; ").join(parts))

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, FireLost):
            return _(
                "discard the fire token of the volcano at {x},{y} (no square can take it)"
            ).format(x=action.x, y=action.y)
        if not isinstance(action, FireThrow):
            return action.describe()
        kingdom = game.kingdom_of(step.seat)
        cell = kingdom.board.cell(action.tx, action.ty)
        burnt = []
        res = (kingdom.layers.get(RESOURCE) or {}).get(cell)
        if res is not None:
            burnt.append(resource_words(res))
        person = (kingdom.layers.get(CAVEMAN) or {}).get(cell)
        if person is not None:
            burnt.append(cavemen()[person].words)
        if len(burnt) == 2:
            burns = _(", burning the {first} and the {second}").format(
                first=burnt[0], second=burnt[1]
            )
        elif burnt:
            burns = _(", burning the {what}").format(what=burnt[0])
        else:
            burns = ""
        return _("fire onto {x},{y} ({square}){burns}").format(
            x=action.tx, y=action.ty, square=cell_words(game, kingdom, cell), burns=burns
        )

    def _pending(self, game: Game, step: Step) -> list[tuple[int, int]]:
        pending = list(step.payload(Volcanoes).squares)
        return pending[:1] if self.options.volcano_order == "printed" else pending

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        out: list[Action] = []
        for x, y in self._pending(game, step):
            found = targets(kingdom, board.cell(x, y), self.volcano, self.options)
            for cell in found:
                tx, ty = board.xy(cell)
                out.append(FireThrow(seat=step.seat, x=x, y=y, tx=tx, ty=ty))
            if not found:
                out.append(FireLost(seat=step.seat, x=x, y=y))
        return out

    def check(self, game: Game, step: Step, action: Action) -> None:
        if not isinstance(action, FireThrow | FireLost):
            raise IllegalActionError(
                "origins.fire_step",
                _("a fire token must be thrown now, not {action}").format(action=action.describe()),
            )
        if action.seat != step.seat:
            raise IllegalActionError(
                "core.turn",
                _("it is {seat}'s fire throw, not {other}'s").format(
                    seat=seat_name(step.seat), other=seat_name(action.seat)
                ),
            )
        pending = self._pending(game, step)
        if (action.x, action.y) not in pending:
            where = ", ".join(f"{x},{y}" for x, y in pending)
            raise IllegalActionError(
                "origins.fire_volcano",
                _(
                    "no fire token to throw from {x},{y}; the volcano to resolve is at {where}"
                ).format(x=action.x, y=action.y, where=where),
            )
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        volcano = board.cell(action.x, action.y)
        if isinstance(action, FireLost):
            if targets(kingdom, volcano, self.volcano, self.options):
                raise IllegalActionError(
                    "origins.fire_must_throw",
                    _(
                        "the token of the volcano at {x},{y} has a legal square, "
                        "so it must be thrown"
                    ).format(x=action.x, y=action.y),
                )
            return
        if not board.on_board(action.tx, action.ty):
            raise IllegalActionError(
                "origins.fire_outside",
                _("square {x},{y} is outside the kingdom").format(x=action.tx, y=action.ty),
            )
        why = why_not_target(
            kingdom, volcano, self.volcano, board.cell(action.tx, action.ty), self.options
        )
        if why is not None:
            raise IllegalActionError(*why)

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, FireThrow | FireLost)
        state: OriginsState = game.ext[STATE]
        kingdom = game.kingdom_of(step.seat)
        board = kingdom.board
        craters = craters_at(kingdom, board.cell(action.x, action.y))
        bump(state.fire_taken, craters)
        steps: list[Step] = []
        if isinstance(action, FireThrow):
            land(game, kingdom, board.cell(action.tx, action.ty), fire_tokens()[craters].fire)
            if callable(self.after):
                steps.extend(self.after(game))
        else:
            bump(state.fire_discarded, craters)
        squares = step.payload(Volcanoes).squares
        rest = tuple(v for v in squares if v != (action.x, action.y))
        if rest:
            data = Volcanoes(squares=rest)
            steps.append(Step(kind=FIRE_STEP, seat=step.seat, king=step.king, data=data))
        if steps:
            game.insert_steps(steps)
