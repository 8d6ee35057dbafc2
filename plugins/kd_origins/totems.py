"""Totem mode: the four totems pass on strict majority (docs/rules/origins.md; I-O4).

After every placement and every fire resolution the totems are re-checked:

(a) a non-holder whose count is strictly above everyone else's takes the totem;
(b) if the holder's count is below the top opponent count, the totem goes to an
    opponent with that count; several tied: the holder chooses (step
    ``origins.totem``);
(c) a holder merely tied with the top count keeps it (option
    ``totem_holder_keeps_on_tie``; false sends it back to the middle);
(d) a totem nobody holds stays in the middle until (a) happens.
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from kingdomino_core import Action, Game, IllegalActionError, Step, StepHandler
from kingdomino_core.engine.words import kingdom_name, seat_name
from kingdomino_core.i18n import package_translation

from .data import RESOURCES, resource_words, totem_points
from .options import OriginsOptions
from .state import STATE, TOTEMS, OriginsState, resource_counts

_ = package_translation("kd_origins")

TOTEM_STEP = "origins.totem"


@frozen(kw_only=True, slots=True)
class TotemChoice:
    """Payload of an ``origins.totem`` step: the holder gives ``totem`` to one of ``tied``."""

    #: The totem (a resource name) whose majority its holder lost.
    totem: str
    #: The kingdoms tied at the top count, one of which receives it.
    tied: tuple[int, ...]


@frozen(kw_only=True, slots=True)
class GiveTotem(Action):
    """The holder who lost the majority gives the ``totem`` to tied ``kingdom``."""

    kind: ClassVar[str] = "origins.totem"
    seat: int
    totem: str
    kingdom: int

    def describe(self) -> str:
        return _("give the {resource} totem to kingdom {kingdom}").format(
            resource=resource_words(self.totem), kingdom=self.kingdom
        )


def sync_layers(game: Game) -> None:
    """Write who holds each totem onto the holders' castles (the ``TOTEMS`` layer)."""
    holders = game.ext[STATE].totems
    for index, kingdom in enumerate(game.kingdoms):
        held = tuple(sorted(res for res, k in holders.items() if k == index))
        layer = kingdom.layer(TOTEMS)
        if held:
            layer[kingdom.board.castle] = held
        else:
            layer.pop(kingdom.board.castle, None)


def recheck(game: Game, options: OriginsOptions) -> list[Step]:
    """Apply I-O4 to every totem; return the choice steps a holder must decide."""
    steps = _recheck(game, options)
    sync_layers(game)
    return steps


def _recheck(game: Game, options: OriginsOptions) -> list[Step]:
    state: OriginsState = game.ext[STATE]
    counts = [resource_counts(k) for k in game.kingdoms]
    steps = []
    for res in RESOURCES:
        have = [c.get(res, 0) for c in counts]
        holder = state.totems.get(res)
        if holder is None:
            top = max(have)
            leaders = [k for k, n in enumerate(have) if n == top]
            if top > 0 and len(leaders) == 1:
                state.totems[res] = leaders[0]
            continue
        top_opp = max((n for k, n in enumerate(have) if k != holder), default=0)
        if have[holder] < top_opp:
            tied = tuple(k for k, n in enumerate(have) if k != holder and n == top_opp)
            if len(tied) == 1:
                state.totems[res] = tied[0]
            else:
                seat = game.config.seats_of(holder)[0]
                choice = TotemChoice(totem=res, tied=tied)
                steps.append(Step(kind=TOTEM_STEP, seat=seat, data=choice))
        elif have[holder] == top_opp and not options.totem_holder_keeps_on_tie:
            state.totems[res] = None
    return steps


class TotemHandler(StepHandler):
    kind = TOTEM_STEP

    def describe(self, game: Game, step: Step) -> str:
        choice = step.payload(TotemChoice)
        res = choice.totem
        names = _(" or ").join(kingdom_name(game, k) for k in choice.tied)
        return _(
            "You lost the majority of {resource}: give the {resource} totem "
            "({n} points) to {names}, tied at the top"
        ).format(resource=resource_words(res), n=totem_points()[res], names=names)

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if not isinstance(action, GiveTotem):
            return action.describe()
        return _("give the {resource} totem to {kingdom}").format(
            resource=resource_words(action.totem), kingdom=kingdom_name(game, action.kingdom)
        )

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        choice = step.payload(TotemChoice)
        return [GiveTotem(seat=step.seat, totem=choice.totem, kingdom=k) for k in choice.tied]

    def check(self, game: Game, step: Step, action: Action) -> None:
        choice = step.payload(TotemChoice)
        res, tied = choice.totem, choice.tied
        if not isinstance(action, GiveTotem) or action.seat != step.seat or action.totem != res:
            raise IllegalActionError(
                "origins.totem_choice",
                _("{seat} must give the {resource} totem now, not {action}").format(
                    seat=seat_name(step.seat),
                    resource=resource_words(res),
                    action=action.describe(),
                ),
            )
        if action.kingdom not in tied:
            raise IllegalActionError(
                "origins.totem_majority",
                _(
                    "kingdom {kingdom} does not have the top {resource} count; "
                    "the totem goes to one of kingdoms {tied}"
                ).format(
                    kingdom=action.kingdom,
                    resource=resource_words(res),
                    tied=", ".join(map(str, tied)),
                ),
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        assert isinstance(action, GiveTotem)
        state: OriginsState = game.ext[STATE]
        state.totems[action.totem] = action.kingdom
        sync_layers(game)
