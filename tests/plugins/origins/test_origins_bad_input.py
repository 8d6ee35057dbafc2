"""Bad input to the Origins decisions (issue 6 "Bad input"; project standard: bad input
never crashes): an action whose fields have the wrong type (a coordinate that is a
string, a float or a bool, a caveman that is not a name, a ``pile`` flag that is not a
bool) is an ``IllegalActionError`` naming the field, and the state is unchanged. A bool
is not a coordinate, even though Python treats ``True`` as 1: the core's placement
check refuses it too."""

from __future__ import annotations

from typing import Any

import pytest
from kd_origins.fire import FireLost, FireThrow
from kd_origins.totems import GiveTotem
from kd_origins.tribe import Recruit, Spend
from origins_checks import RICH, fire_step, origins, position, recruit_step, tribe_game

from kingdomino_core import IllegalActionError
from kingdomino_core.testing import digest, set_kingdom

VOLCANO = "V0+craters=1 D0\nC D0"
BAD_NUMBERS: list[Any] = ["1", 1.0, True, None]


def refused(game, action) -> IllegalActionError:
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(action)
    assert digest(game) == before
    return err.value


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
@pytest.mark.parametrize("field", ["x", "y", "tx", "ty"])
def test_a_fire_throw_with_a_coordinate_of_the_wrong_type_is_refused(field: str, value) -> None:
    """docs/rules/origins.md "Volcanoes": a throw names its volcano and square by whole numbers."""
    game = fire_step(position(origins(), VOLCANO), 0, (0, -1))
    good = {"seat": 0, "x": 0, "y": -1, "tx": 1, "ty": 0}
    err = refused(game, FireThrow(**{**good, field: value}))
    assert err.rule == "core.action" and field in err.message


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
def test_a_fire_discard_with_a_coordinate_of_the_wrong_type_is_refused(value) -> None:
    game = fire_step(position(origins(), VOLCANO), 0, (0, -1))
    err = refused(game, FireLost(seat=0, x=value, y=-1))
    assert err.rule == "core.action"


@pytest.mark.parametrize(
    "change",
    [{"x": "2"}, {"y": 0.0}, {"x": True}, {"caveman": ["hunter"]}, {"pile": "no"}, {"pile": 0}],
    ids=repr,
)
def test_a_recruit_with_a_field_of_the_wrong_type_is_refused(change: dict) -> None:
    """docs/rules/origins.md "Tribe mode": a recruit names a cro-magnon, visible or from the
    pile, and a square."""
    game = recruit_step(tribe_game(RICH))
    good = {"seat": 0, "caveman": "hunter", "pile": False, "x": 2, "y": 0}
    err = refused(game, Recruit(**{**good, **change}))
    assert err.rule == "core.action" and next(iter(change)) in err.message


@pytest.mark.parametrize("value", BAD_NUMBERS, ids=repr)
def test_a_payment_with_a_coordinate_of_the_wrong_type_is_refused(value) -> None:
    game = recruit_step(tribe_game(RICH))
    game.apply(Recruit(seat=0, caveman="hunter", pile=False, x=2, y=0))
    err = refused(game, Spend(seat=0, x=value, y=-1))
    assert err.rule == "core.action"


THREE_VOLCANOES = """
G0+res=mammoth G0+res=mammoth G0+res=mammoth
V0+craters=1   C              D0
V0+craters=1   V0+craters=1   D0
"""
TWO_MAMMOTHS = "G0+res=mammoth G0+res=mammoth\nC ."


def test_a_totem_given_to_a_kingdom_that_is_not_a_number_is_refused() -> None:
    """I-O4 (b): True == 1 in Python, but ``True`` is not kingdom 1."""
    game = position(origins(4, "totem"), THREE_VOLCANOES)
    set_kingdom(game, 1, TWO_MAMMOTHS)
    set_kingdom(game, 3, TWO_MAMMOTHS)
    fire_step(game, 0, (-1, 0), (-1, 1), (0, 1))
    game.apply(FireThrow(seat=0, x=-1, y=0, tx=1, ty=0))
    game.apply(FireThrow(seat=0, x=-1, y=1, tx=-1, ty=-1))
    game.apply(FireThrow(seat=0, x=0, y=1, tx=0, ty=-1))
    assert game.step.kind == "origins.totem"
    err = refused(game, GiveTotem(seat=0, totem="mammoth", kingdom=True))
    assert err.rule == "core.action" and "kingdom" in err.message
