"""House rule "last swap": at the end of each round, the player who acted last may
swap picks with the player who acted first.

A round rule shipped as a single file: ``last-swap.toml`` beside it names it in
``plugin_files``.

The rule, as we play it:

* At the end of every round but the last, the player whose king acted last in the
  round (placed its domino and picked its next one last) chooses: keep, or swap the
  domino that king picked with the one picked by the king that acted first. The
  kings change dominoes, so they also change places in the next round's order.
* "Last" and "first" are those of the round as it was really played: beside a rule
  that changes the turn order (``examples/reverse-order``), they are the players that
  rule made act last and first, not the kings on the ends of the line.
* A player who owns both kings (2 players, 2 kings each) has nobody to swap with:
  there is no decision then.

Hooks and API used: ``kd_register_components`` (the ``Swap`` action),
``kd_register_rules`` (the decision's step handler), ``kd_end_round`` (the decision,
queued for the round's really-last player: ``game.round_order``),
``Game.swap_kings`` (the one way to move a king that has picked).
"""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from kingdomino_core import (
    Action,
    DominoId,
    Game,
    IllegalActionError,
    Pass,
    Registry,
    RuleBook,
    Step,
    StepHandler,
    hookimpl,
)

NAME = "last_swap"
HOOK_API = 1
REQUIRES = ("base",)
CHOOSE = "last_swap.choose"  # the decision's step kind


@frozen(kw_only=True, slots=True)
class Swap(Action):
    """Take ``take`` (the first player's pick) and give ``give`` (yours) in exchange."""

    kind: ClassVar[str] = "last_swap.swap"
    #: The seat swapping: the round's last player.
    seat: int
    #: The domino this seat's king had picked.
    give: DominoId
    #: The domino the round's first king had picked.
    take: DominoId

    def describe(self) -> str:
        return f"swap picks: take {self.take}, give {self.give}"


@frozen(kw_only=True, slots=True)
class Picks:
    """Payload of the decision: the two picks that may be swapped."""

    #: The last player's pick (on the next line).
    give: DominoId
    #: The first player's pick.
    take: DominoId


def picks(game: Game) -> Picks | None:
    """The picks the round's last player may swap, or None when there is no choice
    (the last round, or both kings are the same player's)."""
    if not game.next_line or len(game.round_order) < 2:
        return None
    first, last = game.round_order[0], game.round_order[-1]
    if game.owner(first) == game.owner(last):
        return None
    kings = game.next_kings
    if first not in kings or last not in kings:
        return None
    return Picks(give=game.next_line[kings.index(last)], take=game.next_line[kings.index(first)])


class ChooseHandler(StepHandler):
    """Keep (``Pass``) or swap the two picks of the payload."""

    kind = CHOOSE

    def describe(self, game: Game, step: Step) -> str:
        found = step.payload(Picks)
        return (
            f"End of the round, you acted last: keep your pick {found.give}, or swap it "
            f"for {found.take}, the pick of the player who acted first"
        )

    def describe_action(self, game: Game, step: Step, action: Action) -> str:
        if isinstance(action, Swap):
            return f"swap picks: take {action.take}, give {action.give}"
        return "keep the pick" if isinstance(action, Pass) else action.describe()

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        found = step.payload(Picks)
        return [Pass(seat=step.seat), Swap(seat=step.seat, give=found.give, take=found.take)]

    def check(self, game: Game, step: Step, action: Action) -> None:
        if action not in self.legal_actions(game, step):
            raise IllegalActionError(
                "last_swap.choice", f"{action.describe()}: keep your pick or swap it, nothing else"
            )

    def apply(self, game: Game, step: Step, action: Action) -> None:
        if isinstance(action, Swap):
            game.swap_kings(action.give, action.take)


@hookimpl
def kd_register_components(registry: Registry) -> None:
    registry.add_action(Swap)


@hookimpl
def kd_register_rules(rules: RuleBook) -> None:
    rules.add_step_handler(ChooseHandler())


@hookimpl
def kd_end_round(game: Game, final: bool) -> None:
    """The decision, for the player whose king really acted last this round."""
    found = None if final else picks(game)
    if found is not None:
        last = game.round_order[-1]
        game.insert_steps([Step(kind=CHOOSE, seat=game.owner(last), king=last, data=found)])
