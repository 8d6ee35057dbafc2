"""Plugin state and checks with no hidden rules (issue 11 item 3): ``add_state`` says
how a slice is copied and compared and refuses what it cannot handle; the digest
compares plugin state by value, not by ``repr``; ``conformance`` assumes nothing the
rules may change and runs every check for every seed."""

from __future__ import annotations

import enum

import pytest
import round_rules
from attrs import frozen

from kingdomino_core import ConfigError, Engine, Game, Place, RuleBook, Ruleset, hookimpl
from kingdomino_core.testing import conformance, digest


def _engine(plugin: object, name: str, players: int = 2) -> Engine:
    cat = round_rules.catalogue()
    cat.add_module(plugin, name)
    return Engine(Ruleset(name="t", plugins=("base", name)), players, catalogue=cat)


class Declares:
    """Declares one state slice with the arguments given."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.args, self.kwargs = args, kwargs

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("mine", *self.args, **self.kwargs)


class Plain:
    """A plain class: no __eq__, no __repr__."""

    def __init__(self) -> None:
        self.n = 0


@frozen
class Tally:
    placed: int = 0


class Mood(enum.Enum):
    CALM = 1
    ANGRY = 2


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((list,), {}, "list values can change in place, so clones would share them: pass copy="),
        ((dict,), {}, "dict values can change in place"),
        ((lambda: (1, [2]),), {}, "tuple values can change in place"),
        ((Plain,), {"copy": lambda p: p}, "Plain compares by identity"),
    ],
)
def test_add_state_refuses_a_slice_it_cannot_copy_or_compare(args, kwargs, message) -> None:
    with pytest.raises(ConfigError, match=r"state slice 'mine' of plugin 'p': ") as info:
        _engine(Declares(*args, **kwargs), "p")
    assert message in str(info.value)


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        ((tuple,), {}),
        ((frozenset,), {}),
        ((Tally,), {}),
        ((dict,), {"copy": dict.copy}),
        ((Plain,), {"copy": lambda p: p, "key": lambda p: p.n}),
        ((lambda: None,), {}),  # issue 23: refused as "compares by identity"
        ((lambda: Mood.CALM,), {}),
    ],
)
def test_add_state_accepts_immutable_values_and_declared_copies(args, kwargs) -> None:
    eng = _engine(Declares(*args, **kwargs), "p")
    assert "mine" in eng.rules.state and eng.rules.state["mine"].plugin == "p"


class PlainCounter:
    """A correct plugin whose state class has a plain repr (object at 0x...)."""

    class State:
        __slots__ = ("placed",)

        def __init__(self) -> None:
            self.placed = 0

        def copy(self) -> PlainCounter.State:
            other = PlainCounter.State()
            other.placed = self.placed
            return other

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("plain", self.State, self.State.copy, key=lambda s: s.placed)

    @hookimpl
    def kd_after_place(self, game: Game, action: object) -> None:
        if isinstance(action, Place):
            game.ext["plain"].placed += 1


def test_a_plain_repr_state_passes_conformance_and_its_changes_show() -> None:
    eng = _engine(PlainCounter(), "plain_counter")
    report = conformance(eng, seeds=range(2))
    assert report.ok, report.problems
    game = eng.new_game(seed=1)
    before = digest(game)
    assert digest(game.clone()) == before  # different objects, same state
    game.ext["plain"].placed += 1
    assert digest(game) != before


@pytest.mark.parametrize(
    "rules",
    [("redraw",), ("middle_discard",), ("lookahead",), ("humble", "salutes", "reverse_score")],
    ids="+".join,
)
def test_conformance_accepts_rules_that_change_the_round(rules: tuple[str, ...]) -> None:
    """Dominoes drawn by a plugin's own chance step (redraw), discarded from the
    market (middle_discard), more lines shown (lookahead): nothing hard-coded."""
    for players in (2, 4):
        eng = round_rules.engine(*rules, players=players)
        report = conformance(eng, seeds=range(2))
        assert report.ok, report.problems
        assert report.checks == 2 * 4


class FirstPlacer:
    """A turn-2 plugin's state: ``None`` means "nobody yet", then the seat that placed
    first; an enum member says how the game goes."""

    @hookimpl
    def kd_register_rules(self, rules: RuleBook) -> None:
        rules.add_state("first", lambda: None)
        rules.add_state("mood", lambda: Mood.CALM)

    @hookimpl
    def kd_after_place(self, game: Game, seat: int, action: object) -> None:
        if game.ext["first"] is None:
            game.ext["first"] = seat
            game.ext["mood"] = Mood.ANGRY


def test_a_none_or_enum_state_passes_conformance_and_its_changes_show() -> None:
    """Issue 23: ``add_state`` refused ``None`` and enum states, which broke a plugin."""
    eng = _engine(FirstPlacer(), "first_placer")
    report = conformance(eng, seeds=range(2))
    assert report.ok, report.problems
    game = eng.new_game(seed=1)
    before = digest(game)
    assert digest(game.clone()) == before
    game.ext["first"] = 0
    assert digest(game) != before


class Unreplayable:
    """Scores wrongly (a play problem) and, on replay, raises in a hook."""

    def __init__(self) -> None:
        self.games = 0

    @hookimpl
    def kd_setup_game(self) -> None:
        self.games += 1
        if self.games > 1:
            raise RuntimeError("second game")


def test_every_check_runs_for_every_seed_even_after_a_problem() -> None:
    eng = _engine(Unreplayable(), "unreplayable")
    report = conformance(eng, seeds=range(2))
    assert report.checks == 8
    # The first play is fine; every later check fails, and each says so.
    for check in ("same seed", "replay", "clone"):
        assert any(f"the {check} check raised" in p for p in report.problems), report.problems
    assert sum("seed 1" in p for p in report.problems) >= 4
