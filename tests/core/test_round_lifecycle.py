"""The round's lifecycle as hooks (issue 23 item 2) and the market as offers (item 1):
the start and end of every round and of the game, a game end decided by a plugin,
``Game.round_order`` (who really acted, in order), a round in phases, and offers
checked like every hook result; the automatic steps are made per engine, with no
hook test or call left in the game loop."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from kingdomino_core import (
    Claim,
    Engine,
    Game,
    Offer,
    Place,
    PluginHookError,
    Ruleset,
    Step,
    default_catalogue,
    hookimpl,
)
from kingdomino_core.testing import conformance, make_engine, play_random_game

ROOT = Path(__file__).resolve().parents[2]


def engine(*plugins: Any, players: int = 4) -> Engine:
    catalogue = default_catalogue().copy()
    for plugin in plugins:
        catalogue.add_module(plugin, plugin.NAME)
    names = ("base", *(p.NAME for p in plugins))
    return Engine(Ruleset(name="+".join(names), plugins=names), players, catalogue=catalogue)


class Watch:
    """Records every lifecycle call: (hook, round, extra)."""

    NAME = "watch"

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, Any]] = []

    @hookimpl
    def kd_start_round(self, game: Game, round: int) -> None:
        self.calls.append(("start", round, game.round_order))

    @hookimpl
    def kd_end_round(self, game: Game, round: int, final: bool) -> None:
        self.calls.append(("end", round, final))

    @hookimpl
    def kd_end_game(self, game: Game) -> None:
        self.calls.append(("game", game.round, game.is_terminal()))


def test_every_round_and_the_game_start_and_end_once_in_order() -> None:
    watch = Watch()
    game = play_random_game(engine(watch), seed=4)
    expected: list[tuple[str, int, Any]] = []
    for n in range(1, 13):
        expected += [("start", n, None), ("end", n, n == 12)]
    assert [(h, r, None if h == "start" else x) for h, r, x in watch.calls[:-1]] == expected
    assert watch.calls[-1] == ("game", 12, False)  # (its own step still pending then)
    assert game.is_terminal()


def test_round_order_is_the_order_the_kings_placed_in_whatever_the_turn_order() -> None:
    class Reverse:
        NAME = "reverse"

        @hookimpl
        def kd_turn_order(self, kings: list[int]) -> list[int]:
            return kings[::-1]

    watch = Watch()
    game = engine(Reverse(), watch).new_game(seed=2)
    placed: dict[int, list[int]] = {}
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        if game.step is not None and game.step.kind == "place":
            placed.setdefault(game.round, []).append(game.step.king)
        game.apply(game.legal_actions()[0])
    starts = {r: order for hook, r, order in watch.calls if hook == "start"}
    assert placed == {r: list(order) for r, order in starts.items()}
    assert len(placed) == 12


def test_a_plugin_ends_the_game_and_the_market_leaves_play() -> None:
    class Short:
        NAME = "short"

        @hookimpl
        def kd_game_over(self, round: int) -> bool | None:
            return True if round == 3 else None

    watch = Watch()
    game = play_random_game(engine(Short(), watch), seed=1)
    assert game.is_terminal() and game.round == 3
    assert [c for c in watch.calls if c[0] == "end"][-1] == ("end", 3, True)
    assert all(len(k.placements) + len(k.discards) == 3 for k in game.kingdoms)
    # The line picked in round 3 (4 dominoes) left play unplaced, nobody's.
    assert len(game.unpicked) == 4 and not game.next_line and not game.offers
    assert game.ranking().winners


def test_a_round_in_phases_places_everything_before_any_pick() -> None:
    class Phases:
        NAME = "phases"

        @hookimpl
        def kd_plan_round(self, turns: list[tuple[Step, ...]]) -> list[Step]:
            return [t[0] for t in turns] + [s for t in turns for s in t[1:]]

    game = engine(Phases()).new_game(seed=5)
    kinds: dict[int, list[str]] = {}
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        action = game.legal_actions()[0]
        kinds.setdefault(game.round, []).append("claim" if isinstance(action, Claim) else "place")
        game.apply(action)
    for n in range(1, 12):
        assert kinds[n] == ["place"] * 4 + ["claim"] * 4
    assert kinds[12] == ["place"] * 4
    conformance(engine(Phases()), seeds=range(1)).raise_for_problems()


def test_a_plan_that_drops_a_step_is_the_plugin_s_fault() -> None:
    class Drop:
        NAME = "drop"

        @hookimpl
        def kd_plan_round(self, turns: list[tuple[Step, ...]]) -> list[Step]:
            return [s for t in turns for s in t][1:]

    game = engine(Drop()).new_game(seed=1)
    with pytest.raises(PluginHookError, match="drop"):
        play_random_game(engine(Drop()), seed=1)
    assert game.round == 0


def test_offers_that_lose_a_domino_are_refused_naming_the_plugin() -> None:
    class Lossy:
        NAME = "lossy"

        @hookimpl
        def kd_offer_line(self, dominoes: list[Any]) -> list[Offer]:
            return [Offer(name="line", dominoes=tuple(dominoes[1:]))]

    game = engine(Lossy()).new_game(seed=1)
    with pytest.raises(PluginHookError, match=r"lossy.*kd_offer_line.*each once"):
        game.play_chance()


def test_a_claim_in_another_seat_s_offer_is_refused_in_words() -> None:
    class Hands:
        NAME = "hands"

        @hookimpl
        def kd_offer_line(self, dominoes: list[Any]) -> list[Offer]:
            return [
                Offer(name=f"hand {seat}", dominoes=(d,), seat=seat)
                for seat, d in enumerate(dominoes)
            ]

    game = engine(Hands(), players=2).new_game(seed=1)
    game.play_chance()
    step = game.step
    assert step is not None and step.kind == "claim"
    legal = game.legal_actions()
    assert [a.domino for a in legal if isinstance(a, Claim)] == [game.next_line[step.seat]]
    other = game.next_line[1 - step.seat]
    reason = game.explain(Claim(seat=step.seat, king=step.king, domino=other))
    assert reason is not None and f"in the hand {1 - step.seat}, which P" in reason
    assert not any(isinstance(a, Place) for a in game.log)


def test_the_game_loop_tests_no_implemented_hook() -> None:
    """The automatic steps and the core's handlers are made per engine
    (``rounds.Flow``, ``steps.register``): nothing asks the hook table which hooks
    are implemented while games run."""
    for name in ("rounds.py", "steps.py", "game.py"):
        text = (ROOT / "kingdomino_core" / "engine" / name).read_text("utf-8")
        assert "hooks.implemented" not in text and ".implements(" not in text, name


@pytest.mark.parametrize("folder", ["two-lines", "draft", "last-swap"])
def test_the_kernel_leaves_a_ruleset_with_the_new_hooks_to_python(folder: str) -> None:
    pytest.importorskip("numba")
    from kingdomino_fast.tables import engine_problem

    toml = next((ROOT / "examples" / folder).glob("*.toml"))
    assert engine_problem(make_engine(str(toml), 2)) is not None
