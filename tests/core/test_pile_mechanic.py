"""The shared face-down pile, ``kingdomino_core.mechanics.pile`` (issue 11 item 6): items
turned up one at a time by chance, each with probability copies left / total.

The rules it carries: The Court's tiles (docs/rules/court.md: "shuffle the tiles face
down, reveal the top 3", refilled when a new line is formed; I-C6 fewer when the pile
runs out), Origins' cave (docs/rules/origins.md, Tribe mode: refilled to 4 when a new
line is laid out) and the quest tiles (docs/rules/age-of-giants.md: 2 revealed at
set-up). Tested through the three plugins that use it, by what a player or a bot can
observe: the outcomes and their odds, refusals, and conservation over seeded games.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kd_court.actions import RevealTile
from kd_origins.tribe import CaveDraw
from kd_quests import RevealQuest

from kingdomino_core import Game, IllegalActionError, Pass
from kingdomino_core.mechanics import RevealFromPile
from kingdomino_core.testing import digest, make_engine

COURT = make_engine("court", 3)
CAVE = make_engine(["origins"], 2, origins={"mode": "tribe"})
QUESTS = make_engine("quests", 4)


def at(engine_game: Game, kind: str) -> Game:
    """Resolve chance until a ``kind`` step is next."""
    game = engine_game
    while game.step is not None and game.step.kind != kind:
        game.resolve_chance()
    assert game.step is not None
    return game


def handler(game: Game, kind: str) -> RevealFromPile:
    found = game.engine.rules.handler(kind)
    assert isinstance(found, RevealFromPile)
    return found


def test_the_court_cave_and_quests_all_reveal_through_the_one_mechanic() -> None:
    for engine, kind in (
        (COURT, "court.reveal"),
        (CAVE, "origins.cave_draw"),
        (QUESTS, "quests.reveal"),
    ):
        assert isinstance(engine.rules.handler(kind), RevealFromPile)


@pytest.mark.parametrize(
    ("engine", "kind", "pile"),
    [
        (COURT, "court.reveal", lambda g: Counter(g.ext["court"].pile)),
        (CAVE, "origins.cave_draw", lambda g: Counter(g.ext["origins"].cave_pile)),
    ],
    ids=["court", "cave"],
)
def test_each_item_left_is_an_outcome_weighted_by_its_copies(engine, kind, pile) -> None:
    game = at(engine.new_game(seed=3), kind)
    counts = pile(game)
    total = sum(counts.values())
    outcomes = game.chance_outcomes()
    field = handler(game, kind).field
    assert {getattr(a, field): p for a, p in outcomes} == {
        item: pytest.approx(n / total) for item, n in counts.items()
    }
    assert sum(p for _, p in outcomes) == pytest.approx(1)


def test_quests_are_equally_likely_and_never_twice() -> None:
    game = at(QUESTS.new_game(seed=2), "quests.reveal")
    first = game.chance_outcomes()
    assert len({p for _, p in first}) == 1 and len(first) >= 2
    game.resolve_chance()
    shown = game.ext["quests"]
    assert len(shown) == 1
    assert RevealQuest(quest=shown[0]) not in dict(game.chance_outcomes())


@pytest.mark.parametrize(
    ("engine", "kind", "action"),
    [
        (COURT, "court.reveal", RevealTile(tile="dragon")),
        (CAVE, "origins.cave_draw", CaveDraw(caveman="dragon")),
        (QUESTS, "quests.reveal", RevealQuest(quest="dragon")),
        (COURT, "court.reveal", CaveDraw(caveman="hunter")),
        (CAVE, "origins.cave_draw", Pass(seat=0)),
    ],
)
def test_an_item_not_in_the_pile_is_refused_with_the_step_kind(engine, kind, action) -> None:
    game = at(engine.new_game(seed=1), kind)
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert err.value.rule == kind
    assert "cannot happen: not in the pile" in err.value.message
    assert digest(game) == before


def test_the_steps_asked_for_stop_when_the_pile_runs_out_I_C6() -> None:
    game = at(COURT.new_game(seed=1), "court.reveal")
    reveal = handler(game, "court.reveal")
    left = len(game.ext["court"].pile)
    assert len(reveal.steps(game, 3)) == 3
    assert len(reveal.steps(game, left + 5)) == left
    assert reveal.steps(game, -1) == []


def _conserved(game: Game, kind: str, pile, shown) -> list[str]:
    """Play one reveal: one item leaves the pile and shows, nothing else moves."""
    before_pile, before_shown = pile(game), shown(game)
    action = game.resolve_chance()
    item = getattr(action, handler(game, kind).field)
    problems = []
    if pile(game) != before_pile - Counter([item]):
        problems.append(f"{kind}: the pile did not lose exactly one {item}")
    if shown(game) != before_shown + Counter([item]):
        problems.append(f"{kind}: {item} is not shown once more")
    return problems


SHOPS = {
    "court": (
        COURT,
        "court.reveal",
        lambda g: Counter(g.ext["court"].pile),
        lambda g: Counter(g.ext["court"].visible),
    ),
    "cave": (
        CAVE,
        "origins.cave_draw",
        lambda g: Counter(g.ext["origins"].cave_pile),
        lambda g: Counter(g.ext["origins"].cave_visible),
    ),
}


@pytest.mark.parametrize("name", sorted(SHOPS))
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_every_reveal_moves_one_item_from_the_pile_to_the_display(name: str, seed: int) -> None:
    engine, kind, pile, shown = SHOPS[name]
    rng = random.Random(seed)
    game = engine.new_game(seed=seed)
    problems: list[str] = []
    while not game.is_terminal():
        if game.is_chance():
            if game.step.kind == kind:
                problems += _conserved(game, kind, pile, shown)
            else:
                game.resolve_chance()
            continue
        game.apply(rng.choice(game.legal_actions()))
    assert problems == []
