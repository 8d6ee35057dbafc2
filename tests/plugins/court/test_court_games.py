"""Whole Court games (docs/rules/court.md) with the random and greedy bots, 2-4 players.

Every decision is checked against independent rules: tokens and tiles conserved,
the purchase list exactly what docs/rules/court.md allows, payments of different kinds,
scores equal to a recount; the same seed gives the same game; logs round-trip.
"""

from __future__ import annotations

from collections import Counter

import pytest
from court_checks import (
    agents,
    expected_buys,
    invariant_problems,
    layers,
    play,
    recount_total,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from kd_court.actions import BuyTile, PayToken

from kingdomino_core import Game
from kingdomino_core.saves.serialize import action_from_dict, action_to_dict
from kingdomino_core.testing import conformance, digest, make_engine, replay

SEEDS = st.integers(min_value=0, max_value=2**31)
PLAYERS = st.sampled_from([2, 3, 4])
BOTS = st.sampled_from(["random", "greedy"])

_ENGINES: dict[tuple[int, tuple[tuple[str, object], ...]], object] = {}


def court(players: int, **options: object):
    key = (players, tuple(sorted(options.items())))
    if key not in _ENGINES:
        _ENGINES[key] = make_engine(["base", "court"], players, court=dict(options))
    return _ENGINES[key]


class Watcher:
    """Checks every decision of a game and follows each purchase to its end."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.purchases = 0
        self.visible = 0
        self.pile = 0
        self.open: tuple[Counter[str], int, int] | None = None

    def __call__(self, game: Game) -> None:
        step = game.step
        assert step is not None
        if step.kind != "court.pay":
            self.finish(game)
        self.problems.extend(invariant_problems(game))
        actions = game.legal_actions()
        if not actions:
            self.problems.append(f"empty legal list at {step.kind}")
        if len(set(actions)) != len(actions):
            self.problems.append(f"duplicate legal actions at {step.kind}")
        k = game.config.kingdom_of(step.seat)
        if step.kind == "court.buy":
            listed = {(a.source, a.tile, a.x, a.y) for a in actions if isinstance(a, BuyTile)}
            expected = expected_buys(game)
            if listed != expected:
                self.problems.append(
                    f"buy list differs: only listed {listed - expected}, "
                    f"missing {expected - listed}"
                )
            self.open = (Counter(layers(game, k)[0].values()), k, len(game.log))
        elif step.kind == "court.pay":
            res = layers(game, k)[0]
            xy = game.kingdoms[k].board.xy
            # docs/rules/court.md: each resource paid differs from those already paid.
            expected_pay = {(r, *xy(c)) for c, r in res.items() if r not in step.data.paid}
            got = {(a.resource, a.x, a.y) for a in actions if isinstance(a, PayToken)}
            if got != expected_pay or len(got) != len(actions):
                self.problems.append(f"pay list {got} != {expected_pay}")

    def finish(self, game: Game) -> None:
        """After a purchase's last payment: exactly 2 or 4 tokens of distinct kinds gone."""
        if self.open is None:
            return
        held, k, start = self.open
        self.open = None
        bought = [a for a in game.log[start:] if isinstance(a, BuyTile)]
        if not bought:
            return  # passed
        self.purchases += 1
        if bought[0].source == "visible":
            self.visible += 1
        else:
            self.pile += 1
        spent = held - Counter(layers(game, k)[0].values())
        cost = 2 if bought[0].source == "visible" else 4
        if sum(spent.values()) != cost or any(n != 1 for n in spent.values()):
            self.problems.append(f"purchase {bought[0]} spent {spent}, expected {cost} different")


def check_finished(game: Game) -> list[str]:
    problems = invariant_problems(game)
    for k in range(len(game.kingdoms)):
        sheet = game.score_sheet(k)
        total, chars = recount_total(game, k)
        if sheet.total != total:
            problems.append(f"kingdom {k}: scored {sheet.total}, recount {total}")
        if game.score_total(k) != total:
            problems.append(f"kingdom {k}: fast total {game.score_total(k)}, recount {total}")
        lines = {line.name: line.points for line in sheet.lines if line.kind == "character"}
        if lines != chars:
            problems.append(f"kingdom {k}: character lines {lines}, recount {chars}")
    return problems


@settings(max_examples=24, deadline=None)
@given(seed=SEEDS, players=PLAYERS, bots=BOTS)
def test_court_games_conserve_tokens_and_tiles_and_score_by_the_rules(
    seed: int, players: int, bots: str
) -> None:
    """docs/rules/court.md: resources laid out = spent + in kingdoms + on dominoes outside
    kingdoms; each tile in one place; exact purchase lists; scores = recount."""
    watcher = Watcher()
    game = play(court(players), seed, bots, on_decision=watcher)
    watcher.finish(game)
    assert watcher.problems == []
    assert check_finished(game) == []


@settings(max_examples=8, deadline=None)
@given(seed=SEEDS, players=PLAYERS, bots=BOTS)
def test_same_seed_same_court_game_and_the_log_replays(seed: int, players: int, bots: str) -> None:
    """Same seed and bots, same game; the saved log replays to the same state."""
    engine = court(players)
    first = play(engine, seed, bots)
    second = play(engine, seed, bots)
    assert first.log == second.log
    assert digest(first) == digest(second)
    registry = engine.registry
    restored = [action_from_dict(action_to_dict(a), registry) for a in first.log]
    assert restored == first.log
    again = replay(engine, seed, restored)
    assert [s.total for s in again.scores()] == [s.total for s in first.scores()]
    assert layers(again, 0) == layers(first, 0)


@settings(max_examples=6, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_a_clone_mid_purchase_is_independent(seed: int, players: int) -> None:
    """A clone taken during a payment plays on to the end without touching the original."""
    engine = court(players)
    taken = 0

    def grab(game: Game) -> None:
        nonlocal taken
        if game.step is None or game.step.kind != "court.pay" or taken >= 3:
            return
        taken += 1
        saved = digest(game)
        copy = game.clone()
        while not copy.is_terminal():
            if copy.is_chance():
                copy.resolve_chance()
            else:
                copy.apply(copy.legal_actions()[-1])
        assert digest(game) == saved

    play(engine, seed, "random", on_decision=grab)


def test_bots_buy_tiles_through_the_legal_action_list() -> None:
    """Greedy and random buy through the generic legal-action list, both sources used."""
    bought: Counter[tuple[str, str]] = Counter()
    for bots in ("greedy", "random"):
        for players in (2, 3, 4):
            for seed in range(3):
                game = play(court(players), seed, bots)
                for action in game.log:
                    if isinstance(action, BuyTile):
                        bought[(bots, action.source)] += 1
    assert bought[("greedy", "visible")] > 0
    assert bought[("random", "visible")] > 0
    assert bought[("random", "pile")] > 0


def test_greedy_never_buys_a_tile_that_loses_points() -> None:
    """Greedy values a purchase by the points it adds: a buy it takes never scores
    less right after the tile is placed than passing would."""
    checked = 0
    for players in (2, 4):
        engine = court(players)
        for seed in range(3):
            bot = agents("greedy", 1, seed)[0]

            def look(game: Game, bot: object = bot) -> None:
                nonlocal checked
                step = game.step
                if step is None or step.kind != "court.buy":
                    return
                k = game.config.kingdom_of(step.seat)
                now = game.score_total(k)
                choice = bot.act(game)  # type: ignore[attr-defined]
                if isinstance(choice, BuyTile):
                    trial = game.clone(log=False)
                    trial.apply(choice)
                    assert trial.score_total(k) >= now
                    checked += 1

            play(engine, seed, "greedy", on_decision=look)
    assert checked > 0


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_optional_rules_and_court_options_play_through(seed: int, players: int) -> None:
    """The Court with Middle Kingdom, Harmony and the non-default Court options."""
    engine = make_engine(
        ["base", "court"],
        players,
        base={"middle_kingdom": True, "harmony": True},
        court={
            "two_king_purchases": "per_round",
            "buy_on_final_turn": False,
            "spent_tokens": "discard",
        },
    )
    watcher = Watcher()
    game = play(engine, seed, "random", on_decision=watcher)
    watcher.finish(game)
    assert watcher.problems == []
    assert invariant_problems(game) == []
    for k in range(len(game.kingdoms)):
        total, _ = recount_total(game, k)
        bonuses = sum(line.points for line in game.score_sheet(k).bonuses)
        assert game.score_sheet(k).total == total + bonuses
    assert sum(game.ext["court"].spent) == 2 * watcher.visible + 4 * watcher.pile


@settings(max_examples=4, deadline=None)
@given(seed=SEEDS, players=PLAYERS)
def test_dynasty_starts_each_game_with_a_fresh_court(seed: int, players: int) -> None:
    """Dynasty (3 games): each game starts with 25 tiles and no tokens out."""
    engine = make_engine(["base", "court"], players, base={"dynasty": True})
    starts: list[tuple[int, int, int]] = []

    def look(game: Game) -> None:
        assert invariant_problems(game, from_log=False) == []
        st = game.ext["court"]
        if len(starts) < game.game_number:
            starts.append((game.game_number, len(st.pile) + len(st.visible), sum(st.spent)))

    game = play(engine, seed, "random", on_decision=look)
    assert [n for n, _, _ in starts] == [1, 2, 3]
    assert all(tiles == 25 and spent == 0 for _, tiles, spent in starts)
    assert len(game.match_sheets) == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_court_passes_the_engine_conformance_checks(players: int) -> None:
    """The testing kit's checks: dominoes accounted for, properties = recount, same seed
    same log, the log replays, clones are independent."""
    conformance("court", players, seeds=range(3)).raise_for_problems()


@pytest.mark.parametrize(
    ("plugins", "players", "options"),
    [
        (["base", "court"], 3, {"base": {"three_player_all_dominoes": True}}),
        (["base", "grand_duel", "court"], 2, {}),
        (["base", "xl", "court"], 4, {}),
        (["base", "teamdomino", "court"], 6, {}),
    ],
)
@pytest.mark.parametrize("bots", ["random", "greedy"])
def test_the_court_in_other_modes(plugins: list, players: int, options: dict, bots: str) -> None:
    """Unpicked dominoes keep their tokens (3-player variant); 7x7 kingdoms; two boxes;
    teams sharing a kingdom: the same invariants and recount hold."""
    engine = make_engine(plugins, players, **options)
    watcher = Watcher()
    game = play(engine, 1, bots, on_decision=watcher)
    watcher.finish(game)
    assert watcher.problems == []
    assert check_finished(game) == []
    assert watcher.purchases > 0


def test_a_finite_supply_runs_out_with_two_boxes_I_C5() -> None:
    """I-C5 ``discard``: two boxes hold 118 producing squares but the printed supply is
    21 wheat, 16 wood, 12 fish, 10 sheep; tokens stop there, and stay conserved."""
    engine = make_engine(["base", "xl", "court"], 4, court={"spent_tokens": "discard"})
    game = play(engine, 2, "random")
    assert invariant_problems(game, from_log=False) == []
    assert game.ext["court"].laid_out == (21, 16, 12, 10)
    unlimited = play(make_engine(["base", "xl", "court"], 4), 2, "random")
    assert sum(unlimited.ext["court"].laid_out) == 118
