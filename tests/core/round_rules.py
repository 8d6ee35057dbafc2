"""House rules that change the flow of a round, written against the public API only.

Each is a plugin object (a class instance with ``@hookimpl`` methods) that tests add
to a catalogue; the redraw is the gallery's own (``examples/redraw``). They exercise
the round hooks: turn order, the market, extra actions in the core's ``place`` and
``claim`` steps, a wrapped core handler, and a decision by another seat in the middle
of a turn.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import ClassVar

from attrs import frozen

from kingdomino_core import (
    Action,
    Catalogue,
    ConfigBuilder,
    Discard,
    DominoId,
    Engine,
    ExtraActions,
    Game,
    IllegalActionError,
    Place,
    Registry,
    RuleBook,
    Ruleset,
    ScoreLine,
    Step,
    StepHandler,
    StepWrapper,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.hooks.plugins import load_file

# -- turn order ------------------------------------------------------------------------


class ReverseScore:
    """Kings act in reverse score order: the lowest score first (ties: line order)."""

    NAME = "reverse_score"

    @hookimpl
    def kd_turn_order(self, game: Game, kings: list[int]) -> list[int]:
        def score(king: int) -> int:
            return game.score_total(game.config.kingdom_of(game.owner(king)))

        return sorted(kings, key=score)


# -- the market --------------------------------------------------------------------------


class MiddleDiscard:
    """Age of Giants' market: one domino more than the kings is drawn, and the
    middle one of the ordered line is discarded before anyone picks."""

    NAME = "middle_discard"

    @hookimpl
    def kd_configure(self, config: ConfigBuilder) -> None:
        kings = config.players * config.get("kings_per_seat", 1)
        config.set("line_size", kings + 1, override=True)
        config.set("lines_total", 9, override=True)  # 9 lines of 5 fit in 48

    @hookimpl
    def kd_line_discards(self, dominoes: list[DominoId]) -> list[DominoId]:
        return [dominoes[len(dominoes) // 2]] if len(dominoes) % 2 else []


class Lookahead:
    """One more line is laid out face up ahead of the line being picked."""

    NAME = "lookahead"

    @hookimpl
    def kd_configure(self, config: ConfigBuilder) -> None:
        config.set("lookahead_lines", 1)


# -- an extra decision in the place step -------------------------------------------------

#: The gallery's redraw rule (give up the domino to place and draw another, once per
#: game), loaded from its file as a ruleset's ``plugin_files`` would load it.
REDRAW_FILE = Path(__file__).resolve().parents[2] / "examples" / "redraw" / "redraw.py"
_redraw = load_file(REDRAW_FILE)
GiveUp = _redraw.GiveUp
Redrawn = _redraw.Redraw


# -- an extra decision in the claim step -------------------------------------------------


@frozen(kw_only=True, slots=True)
class TakeLast(Action):
    """Claim the last free domino of the line and earn ``BONUS`` points for it."""

    kind: ClassVar[str] = "humble.take_last"
    seat: int
    king: int

    def describe(self) -> str:
        return f"king {self.king} humbly takes the last free domino"


class TakeLastChoice(ExtraActions):
    id = "humble.take_last"
    action_types = (TakeLast,)

    def actions(self, game: Game, step: Step) -> list[Action]:
        return [TakeLast(seat=step.seat, king=step.king)] if None in game.next_kings else []

    def apply(self, game: Game, step: Step, action: Action) -> None:
        slot = max(s for s, k in enumerate(game.next_kings) if k is None)
        game.next_kings[slot] = step.king
        bonus: dict[int, int] = dict(game.ext["humble"])
        kingdom = game.config.kingdom_of(step.seat)
        bonus[kingdom] = bonus.get(kingdom, 0) + Humble.BONUS
        game.ext["humble"] = tuple(sorted(bonus.items()))


class Humble:
    """A claim may instead take the last free domino for a bonus of ``BONUS`` points."""

    NAME = "humble"
    BONUS = 40

    @hookimpl
    def kd_register_components(self, registry: Registry) -> None:
        registry.add_action(TakeLast)

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("humble", tuple)
        rules.add_actions("claim", TakeLastChoice())

    @hookimpl
    def kd_score_kingdom(self, game: Game, kingdom: int) -> list[ScoreLine]:
        points = dict(game.ext["humble"]).get(kingdom, 0)
        return [ScoreLine(kind="bonus", name="humble picks", points=points, source="humble")]


# -- a wrapped core handler ----------------------------------------------------------------


class FirstTwoClaims(StepWrapper):
    """Claims are limited to the two leftmost free dominoes; the rest is the core's."""

    kind = "claim"

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return self.inner.legal_actions(game, step)[:2]

    def check(self, game: Game, step: Step, action: Action) -> None:
        self.inner.check(game, step, action)
        if action not in self.legal_actions(game, step):
            raise IllegalActionError(
                "narrow.first_two", "only the two leftmost free dominoes may be taken"
            )


class Narrow:
    NAME = "narrow"

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.wrap_step_handler(FirstTwoClaims())


# -- a decision by another seat mid-turn ------------------------------------------------------


@frozen(kw_only=True, slots=True)
class Salute(Action):
    """The next seat salutes a crowned placement (``loud`` or not): a decision of
    another seat in the middle of a turn, like Age of Giants' footprints."""

    kind: ClassVar[str] = "salute.salute"
    seat: int
    loud: bool

    def describe(self) -> str:
        return "salute loudly" if self.loud else "salute"


class SaluteHandler(StepHandler):
    kind = "salute"

    def legal_actions(self, game: Game, step: Step) -> list[Action]:
        return [Salute(seat=step.seat, loud=False), Salute(seat=step.seat, loud=True)]

    def apply(self, game: Game, step: Step, action: Action) -> None:
        game.ext["salute"] = (*game.ext["salute"], (step.seat, step.domino))


class Salutes:
    """After a domino with a crown is placed, the next seat must salute it."""

    NAME = "salutes"

    @hookimpl
    def kd_register_components(self, registry: Registry) -> None:
        registry.add_action(Salute)

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("salute", tuple)
        rules.add_step_handler(SaluteHandler())

    @hookimpl
    def kd_after_place(self, game: Game, seat: int, action: Place | Discard) -> None:
        if isinstance(action, Place):
            dom = game.domino(action.domino)
            if dom.crowns_a + dom.crowns_b:
                other = (seat + 1) % game.config.players
                game.insert_steps([Step(kind="salute", seat=other, domino=action.domino)])


ALL = (ReverseScore(), MiddleDiscard(), Lookahead(), Humble(), Narrow(), Salutes())


def catalogue() -> Catalogue:
    """The installed plugins plus these house rules."""
    found = default_catalogue().copy()
    for plugin in ALL:
        found.add_module(plugin, plugin.NAME)  # type: ignore[attr-defined]
    # The module whose classes the tests import, kept importable: the fuzz suite forgets
    # local plugin modules, and the engine reads action classes' type hints from theirs.
    sys.modules[_redraw.__name__] = _redraw
    found.add_module(_redraw, _redraw.NAME)
    return found


def engine(*plugins: str, players: int = 4) -> Engine:
    names = ("base", *plugins)
    return Engine(Ruleset(name="+".join(names), plugins=names), players, catalogue=catalogue())
