"""Totem mode: wooden resources and totems (docs/rules/origins.md "Totem mode";
docs/rules/origins.md; I-O4)."""

from __future__ import annotations

import pytest
from kd_origins.fire import FireThrow
from kd_origins.totems import GiveTotem
from origins_checks import fire_step, origins, position, recount_total

from kingdomino_core import Direction, IllegalActionError, Place
from kingdomino_core.testing import ScriptedChance, digest, set_kingdom


def test_resources_go_on_the_no_fire_squares_of_each_new_line() -> None:
    """Grassland mammoth, lake fish, jungle mushroom, quarry flint; none on desert,
    volcano or a square with printed fire."""
    # 22: desert(1) + grassland; 17: grassland + lake; 36: volcano + desert;
    # 45: jungle(2) + desert; 21: jungle + quarry.
    game = ScriptedChance(dominoes=[[22, 17, 36, 45]]).new_game(origins(4, "totem"))
    market = {d.number: pair for d, pair in game.ext["origins"].market.items()}
    assert market == {
        17: ("mammoth", "fish"),
        22: (None, "mammoth"),
        36: (None, None),
        45: (None, None),
    }
    assert game.ext["origins"].res_laid == {"mammoth": 2, "fish": 1}


def test_resources_travel_with_the_domino_into_the_kingdom() -> None:
    engine = origins(4, "totem")
    script = ScriptedChance(dominoes=[[17, 1, 2, 3], [4, 5, 6, 7]], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    while game.step.kind != "place" or game.step.domino.number != 17:
        game.apply(game.legal_actions()[0])
        script.advance(game)
    seat = game.step.seat
    place = Place(seat=seat, domino=game.step.domino, x=1, y=0, direction=Direction.E)
    game.apply(place)
    kingdom = game.kingdom_of(seat)
    board = kingdom.board
    assert kingdom.layers["origins.resource"] == {
        board.cell(1, 0): "mammoth",
        board.cell(2, 0): "fish",
    }
    assert all(d.number != 17 for d in game.ext["origins"].market)


def test_fire_destroys_a_resource() -> None:
    game = position(origins(4, "totem"), "G0+res=mammoth V0+craters=1\nC D0")
    fire_step(game, 0, (1, -1))
    game.apply(FireThrow(seat=0, x=1, y=-1, tx=0, ty=-1))
    kingdom = game.kingdom_of(0)
    assert "origins.resource" not in kingdom.layers or not kingdom.layers["origins.resource"]
    assert game.ext["origins"].res_destroyed == {"mammoth": 1}
    assert kingdom.layers["origins.fire"] == {kingdom.board.cell(0, -1): 1}


THREE_VOLCANOES = """
G0+res=mammoth G0+res=mammoth G0+res=mammoth
V0+craters=1   C              D0
V0+craters=1   V0+craters=1   D0
"""
TWO_MAMMOTHS = "G0+res=mammoth G0+res=mammoth\nC ."


def totems(game) -> dict:
    return dict(game.ext["origins"].totems)


def test_totem_taken_on_strict_majority_kept_on_tie_lost_to_fire_i_o4() -> None:
    game = position(origins(4, "totem"), THREE_VOLCANOES)
    set_kingdom(game, 1, TWO_MAMMOTHS)
    fire_step(game, 0, (-1, 0), (-1, 1), (0, 1))
    assert totems(game)["mammoth"] is None  # (d) nobody has held it yet
    game.apply(FireThrow(seat=0, x=-1, y=0, tx=1, ty=0))  # on desert: 3 vs 2
    assert totems(game)["mammoth"] == 0  # (a)
    game.apply(FireThrow(seat=0, x=-1, y=1, tx=-1, ty=-1))  # burns one: 2 vs 2
    assert totems(game)["mammoth"] == 0  # (c) the holder keeps it on a tie
    game.apply(FireThrow(seat=0, x=0, y=1, tx=0, ty=-1))  # burns another: 1 vs 2
    assert totems(game)["mammoth"] == 1  # (b) the holder lost the majority to fire
    assert game.ext["origins"].res_destroyed == {"mammoth": 2}


def test_holder_tied_loses_the_totem_to_the_middle_by_option() -> None:
    game = position(origins(4, "totem", totem_holder_keeps_on_tie=False), THREE_VOLCANOES)
    set_kingdom(game, 1, TWO_MAMMOTHS)
    fire_step(game, 0, (-1, 0), (-1, 1))
    game.apply(FireThrow(seat=0, x=-1, y=0, tx=1, ty=0))
    assert totems(game)["mammoth"] == 0
    game.apply(FireThrow(seat=0, x=-1, y=1, tx=-1, ty=-1))
    assert totems(game)["mammoth"] is None


def test_the_holder_chooses_among_tied_opponents() -> None:
    game = position(origins(4, "totem"), THREE_VOLCANOES)
    set_kingdom(game, 1, TWO_MAMMOTHS)
    set_kingdom(game, 3, TWO_MAMMOTHS)
    fire_step(game, 0, (-1, 0), (-1, 1), (0, 1))
    game.apply(FireThrow(seat=0, x=-1, y=0, tx=1, ty=0))
    game.apply(FireThrow(seat=0, x=-1, y=1, tx=-1, ty=-1))
    game.apply(FireThrow(seat=0, x=0, y=1, tx=0, ty=-1))  # 1 vs 2 and 2
    assert game.step.kind == "origins.totem" and game.step.seat == 0
    assert game.legal_actions() == [
        GiveTotem(seat=0, totem="mammoth", kingdom=1),
        GiveTotem(seat=0, totem="mammoth", kingdom=3),
    ]
    before = digest(game)
    with pytest.raises(IllegalActionError) as err:
        game.apply(GiveTotem(seat=0, totem="mammoth", kingdom=2))
    assert err.value.rule == "origins.totem_majority"
    assert digest(game) == before
    game.apply(GiveTotem(seat=0, totem="mammoth", kingdom=3))
    assert totems(game)["mammoth"] == 3


def test_placing_a_domino_takes_a_totem() -> None:
    """The re-check also runs after every placement."""
    engine = origins(4, "totem")
    script = ScriptedChance(dominoes=[[4, 5, 6, 7], [8, 9, 10, 11]], kings=[0, 1, 2, 3])
    game = script.new_game(engine)
    while game.step.kind != "place":
        game.apply(game.legal_actions()[0])
        script.advance(game)
    seat = game.step.seat  # domino 4: two grassland squares, two mammoths
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place)))
    assert totems(game) == {"mammoth": seat, "fish": None, "mushroom": None, "flint": None}


def test_end_score_adds_one_per_resource_and_the_totems_held() -> None:
    game = position(origins(4, "totem"), THREE_VOLCANOES)
    set_kingdom(game, 1, TWO_MAMMOTHS)
    fire_step(game, 0, (-1, 0))
    game.apply(FireThrow(seat=0, x=-1, y=0, tx=1, ty=0))
    sheet = game.score_sheet(0)
    # regions: grassland 3 x 0, desert 2 x 1 (the token) = 2; 3 resources; mammoth totem 3.
    assert sheet.total == 2 + 3 + 3 == recount_total(game, 0, "totem")
    assert {line.name: line.points for line in sheet.others} == {
        "3 wooden resources": 3,
        "mammoth totem": 3,
    }
    assert game.score_sheet(1).total == 2 == recount_total(game, 1, "totem")
