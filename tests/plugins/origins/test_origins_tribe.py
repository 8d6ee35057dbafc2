"""Tribe mode: the cave, recruiting and cro-magnon scoring (docs/rules/origins.md "Tribe
mode"; docs/rules/origins.md; origins_cavemen.csv; I-O5, I-O6, I-O7)."""

from __future__ import annotations

import pytest
from kd_origins.fire import FireThrow
from kd_origins.tribe import Recruit, Spend
from origins_checks import (
    CAVEMEN,
    RICH,
    fire_step,
    origins,
    recount_total,
    recruit_step,
    tribe_game,
)

from kingdomino_core import IllegalActionError, Pass
from kingdomino_core.mechanics import Payment
from kingdomino_core.testing import digest


def caveman_points(game) -> dict[str, int]:
    return {
        line.name.split(" at ")[0]: line.points
        for line in game.score_sheet(0).lines
        if line.kind in ("caveman", "horde")
    }


# -- scoring ----------------------------------------------------------------------------------

AROUND = """
G0+res=mammoth G0+res=mammoth L0+res=fish
C              D0+caveman={who} J0+res=mushroom
.              Q0+res=flint    J1
"""
#: Around the cro-magnon: 2 mammoths, 1 fish, 1 mushroom, 1 flint (5 resources), 1 fire.
EXPECTED = {
    "hunter": 2 * 3,
    "fishing_child": 1 * 3,
    "gatherer": 1 * 4,
    "sculptor": 1 * 5,
    "painter": 5 * 2,
    "fire_lady": 1 * 1,
    "shaman": 0,
}


@pytest.mark.parametrize("who", sorted(EXPECTED))
def test_each_hunter_gatherer_scores_its_unit_on_the_8_surrounding_squares(who: str) -> None:
    game = tribe_game(AROUND.format(who=who))
    assert caveman_points(game) == {who: EXPECTED[who]}
    assert game.score_sheet(0).total == recount_total(game, 0, "tribe")


def test_the_fire_lady_counts_a_2_fire_token_as_2() -> None:
    game = tribe_game("J2+fire=2 D0+caveman=fire_lady Q2\nC D0 D1")
    assert caveman_points(game) == {"fire_lady": 2 + 2 + 1}


def test_the_shaman_counts_cavemen_warriors_included() -> None:
    game = tribe_game("D0+caveman=hunter D0+caveman=shaman\nC D0+caveman=amazon")
    assert caveman_points(game)["shaman"] == 2 * 2


def test_a_horde_of_3_warriors_of_total_power_4_scores_12() -> None:
    """The rulebook's worked example (docs/rules/origins.md): warriors x total power."""
    text = "D0+caveman=small_warrior D0+caveman=small_warrior\nC D0+caveman=amazon"
    game = tribe_game(text)
    assert caveman_points(game) == {"horde": 3 * (1 + 1 + 2)}
    assert game.score_sheet(0).total == 12 == recount_total(game, 0, "tribe")


def test_diagonal_warriors_form_separate_hordes_and_a_lone_warrior_scores_its_power() -> None:
    text = "D0+caveman=oafish_warrior D0\nC D0+caveman=amazon"
    game = tribe_game(text)
    hordes = sorted(line.points for line in game.score_sheet(0).lines if line.kind == "horde")
    assert hordes == [2, 3]


def test_resources_score_nothing_in_tribe_mode() -> None:
    game = tribe_game("G0+res=mammoth L0+res=fish\nC J0+res=mushroom")
    assert game.score_sheet(0).total == 0


# -- recruiting ---------------------------------------------------------------------------------


def test_recruit_a_visible_caveman_with_2_different_resources() -> None:
    game = recruit_step(tribe_game(RICH))
    assert Pass(seat=0) in game.legal_actions()
    game.apply(Recruit(seat=0, caveman="hunter", pile=False, x=2, y=0))
    assert game.step.kind == "origins.pay" and game.step.data == Payment(owed=2)
    game.apply(Spend(seat=0, x=0, y=-1))  # a mammoth
    # Another mammoth is not a different resource.
    assert Spend(seat=0, x=2, y=1) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as err:
        game.apply(Spend(seat=0, x=2, y=1))
    assert err.value.rule == "origins.recruit_payment"
    game.apply(Spend(seat=0, x=1, y=-1))  # a fish
    state = game.ext["origins"]
    assert state.res_spent == {"mammoth": 1, "fish": 1}
    assert "hunter" not in state.cave_visible and len(state.cave_visible) == 3
    kingdom = game.kingdom_of(0)
    assert kingdom.layers["origins.caveman"] == {kingdom.board.cell(2, 0): "hunter"}
    assert len(kingdom.layers["origins.resource"]) == 5 - 2
    assert game.step is None or game.step.kind != "origins.pay"


def test_recruit_from_the_pile_takes_4_different_resources() -> None:
    game = recruit_step(tribe_game(RICH))
    pile_before = dict(game.ext["origins"].cave_pile)
    game.apply(Recruit(seat=0, caveman="sculptor", pile=True, x=2, y=0))
    for x, y in ((0, -1), (1, -1), (2, -1), (1, 0)):
        assert game.step.kind == "origins.pay"
        game.apply(Spend(seat=0, x=x, y=y))
    state = game.ext["origins"]
    assert state.cave_pile["sculptor"] == pile_before["sculptor"] - 1
    assert state.res_spent == {"mammoth": 1, "fish": 1, "mushroom": 1, "flint": 1}


def test_a_caveman_may_go_on_a_resource_square_which_is_then_part_of_the_payment() -> None:
    game = recruit_step(tribe_game(RICH))
    game.apply(Recruit(seat=0, caveman="painter", pile=False, x=1, y=0))  # on the flint
    assert game.ext["origins"].res_spent == {"flint": 1}
    assert game.step.kind == "origins.pay" and game.step.data == Payment(owed=2, paid=("flint",))
    assert all(isinstance(a, Spend) for a in game.legal_actions())


def test_a_recruit_paid_with_resources_the_player_lacks_is_refused() -> None:
    game = recruit_step(tribe_game("G0+res=mammoth G0+res=mammoth L0+res=fish\nC D0 D0"))
    assert not any(isinstance(a, Recruit) and a.pile for a in game.legal_actions())
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(Recruit(seat=0, caveman="hunter", pile=True, x=1, y=0))
    assert err.value.rule == "origins.recruit_payment"
    assert "4 different resources" in err.value.message
    assert digest(game) == before
    game = recruit_step(tribe_game("G0+res=mammoth G0+res=mammoth\nC D0"))
    with pytest.raises(IllegalActionError) as err:
        game.apply(Recruit(seat=0, caveman="hunter", pile=False, x=1, y=0))
    assert err.value.rule == "origins.recruit_payment"


def test_an_invisible_caveman_cannot_be_recruited_from_the_cave() -> None:
    game = recruit_step(tribe_game(RICH))
    with pytest.raises(IllegalActionError) as err:
        game.apply(Recruit(seat=0, caveman="sculptor", pile=False, x=2, y=0))
    assert err.value.rule == "origins.recruit_unavailable"


FORBIDDEN = """
D0+caveman=hunter D1        J2+fire=2
C                 G0+res=mammoth L0+res=fish
V0+craters=1      .         D0
"""


@pytest.mark.parametrize(
    ("x", "y"),
    [(0, -1), (1, -1), (2, -1), (0, 0), (1, 1), (7, 7)],
    ids=["caveman", "printed fire", "fire token", "start tile", "empty", "off board"],
)
def test_forbidden_caveman_squares_are_refused_i_o5(x: int, y: int) -> None:
    game = recruit_step(tribe_game(FORBIDDEN))
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(Recruit(seat=0, caveman="amazon", pile=False, x=x, y=y))
    assert err.value.rule == "origins.caveman_square"
    assert digest(game) == before


def test_volcano_and_desert_squares_are_allowed_unless_the_option_excludes_volcanoes() -> None:
    game = recruit_step(tribe_game(FORBIDDEN))
    squares = {(a.x, a.y) for a in game.legal_actions() if isinstance(a, Recruit)}
    assert squares == {(0, 1), (2, 1), (1, 0), (2, 0)}  # volcano, desert, and the 2 resources
    game = recruit_step(tribe_game(FORBIDDEN, caveman_on_volcano=False))
    squares = {(a.x, a.y) for a in game.legal_actions() if isinstance(a, Recruit)}
    assert (0, 1) not in squares
    with pytest.raises(IllegalActionError) as err:
        game.apply(Recruit(seat=0, caveman="amazon", pile=False, x=0, y=1))
    assert "volcano" in err.value.message


def test_fire_destroys_a_caveman() -> None:
    game = tribe_game("D0+caveman=hunter V0+craters=1\nC D0")
    fire_step(game, 0, (1, -1))
    game.apply(FireThrow(seat=0, x=1, y=-1, tx=0, ty=-1))
    assert not game.kingdom_of(0).layers.get("origins.caveman")
    assert game.ext["origins"].cavemen_destroyed == {"hunter": 1}


def test_the_cave_refills_to_4_by_chance_when_a_line_is_laid_out() -> None:
    game = origins(4, "tribe").new_game(seed=2)
    state = game.ext["origins"]
    assert game.step.kind == "reveal"
    while game.step.kind != "origins.cave_draw":
        game.resolve_chance()
    outcomes = dict(game.chance_outcomes())
    total = sum(c for c, *_ in CAVEMEN.values())
    assert {a.caveman: p for a, p in outcomes.items()} == {
        who: count / total for who, (count, *_r) in CAVEMEN.items()
    }
    game.play_chance()
    assert len(state.cave_visible) == 4 and sum(state.cave_pile.values()) == 18


def test_the_pile_has_no_hidden_order_in_the_state() -> None:
    """Only counts: a bot reading the state learns nothing of the next draw."""
    game = origins(4, "tribe").new_game(seed=2)
    game.play_chance()
    assert isinstance(game.ext["origins"].cave_pile, dict)
    assert all(isinstance(v, int) for v in game.ext["origins"].cave_pile.values())


def _recruit_steps(game) -> list[tuple[bool, int]]:
    return [(game.final_round, game.step.seat)] if game.step.kind == "origins.recruit" else []


@pytest.mark.parametrize("allow", [False, True])
def test_recruiting_on_the_final_place_only_turn_i_o6(allow: bool) -> None:
    engine = origins(2, "tribe", recruit_on_final_turn=allow)
    seen = []
    for seed in range(6):
        game = engine.new_game(seed=seed)
        while not game.is_terminal():
            if game.is_chance():
                game.resolve_chance()
                continue
            seen += _recruit_steps(game)
            actions = game.legal_actions()
            # Prefer recruiting (never pass) so resources run low only by recruiting.
            game.apply(next((a for a in actions if not isinstance(a, Pass)), actions[0]))
    assert any(not final for final, _ in seen)
    assert any(final for final, _ in seen) == allow


def test_one_recruit_per_chief_turn_i_o7() -> None:
    game = recruit_step(tribe_game(RICH), recruits=1)
    game.apply(Recruit(seat=0, caveman="hunter", pile=False, x=2, y=0))
    game.apply(Spend(seat=0, x=0, y=-1))
    game.apply(Spend(seat=0, x=1, y=-1))
    assert game.step is None or game.step.kind != "origins.recruit"
    game = recruit_step(tribe_game(RICH), recruits=2)
    game.apply(Recruit(seat=0, caveman="hunter", pile=False, x=2, y=0))
    game.apply(Spend(seat=0, x=0, y=-1))
    game.apply(Spend(seat=0, x=1, y=-1))
    assert game.step.kind == "origins.recruit"
