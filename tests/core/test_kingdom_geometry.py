"""Kingdom geometry (issue 23 item 3): rectangular shapes, the castle as a decision,
configuration that sees the registry."""

from __future__ import annotations

import random
import types

import pytest

from kingdomino_core import (
    Board,
    ConfigBuilder,
    Direction,
    Engine,
    Kingdom,
    Place,
    PlaceCastle,
    Registry,
    RulesetError,
    Step,
    hookimpl,
)
from kingdomino_core.hooks.plugins import default_catalogue
from kingdomino_core.model.geometry import board
from kingdomino_core.model.ruleset import Ruleset
from kingdomino_core.testing import kingdom_from_text, make_engine, play_random_game

SHAPES = [(5, 5, False), (4, 6, False), (4, 6, True), (6, 4, False), (3, 7, True), (7, 7, False)]


def brute_window(b: Board, box: tuple[int, int, int, int]) -> int:
    """Every square whose addition keeps the bounding box inside the shape, one by one."""
    minx, maxx, miny, maxy = box
    mask = 0
    for y in range(-b.reach, b.reach + 1):
        for x in range(-b.reach, b.reach + 1):
            width = max(maxx, x) - min(minx, x) + 1
            height = max(maxy, y) - min(miny, y) + 1
            if b.fits(width, height):
                mask |= 1 << b.cell(x, y)
    return mask


@pytest.mark.parametrize(("rows", "columns", "either"), SHAPES)
def test_the_window_is_every_square_that_keeps_the_shape(
    rows: int, columns: int, either: bool
) -> None:
    b = board(max(rows, columns), rows, columns, either)
    rng = random.Random(rows * 10 + columns)
    for _ in range(60):
        minx, miny = rng.randint(-b.reach, 0), rng.randint(-b.reach, 0)
        box = (minx, rng.randint(0, minx + b.reach), miny, rng.randint(0, miny + b.reach))
        assert b.window(*box) == brute_window(b, box), box


@pytest.mark.parametrize(("rows", "columns", "either"), SHAPES)
def test_room_shows_every_row_and_column_some_square_of_the_window_uses(
    rows: int, columns: int, either: bool
) -> None:
    b = board(max(rows, columns), rows, columns, either)
    for box in ((0, 0, 0, 0), (-1, 2, 0, 1), (0, columns - 1, 0, 0), (0, 0, -1, 1)):
        if not b.fits(box[1] - box[0] + 1, box[3] - box[2] + 1):
            continue
        xs, ys = b.room(*box)
        used = [b.xy(c) for c in b.cells_of(b.window(*box))]
        assert set(xs) == {x for x, _ in used} and set(ys) == {y for _, y in used}


def test_the_square_board_is_the_one_it_was() -> None:
    """Shipped rulesets: the same shared board, the same windows and room as before."""
    assert board(5) is board(5, 5, 5, True) and board(5).square and not board(5).either_way
    b = board(5)
    for box in ((0, 0, 0, 0), (-2, 1, -1, 2), (-4, 0, 0, 4)):
        minx, maxx, miny, maxy = box
        assert b.room(*box) == (range(maxx - 4, minx + 5), range(maxy - 4, miny + 5))
    assert b.shape_words == "5x5" and board(6, 4, 6, True).shape_words == (
        "4 rows by 6 columns (or 6 by 4)"
    )


def test_a_board_refuses_a_shape_it_cannot_hold() -> None:
    with pytest.raises(ValueError, match="not held"):
        Board(5, rows=4, columns=6)


# -- configuration ----------------------------------------------------------------------


def engine_with(*bodies: types.ModuleType, players: int = 2) -> Engine:
    catalogue = default_catalogue().copy()
    for module in bodies:
        catalogue.add_module(module)
    names = ("base", *(m.NAME for m in bodies))  # type: ignore[attr-defined]
    return Engine(Ruleset(name="t", plugins=names), players, catalogue=catalogue)


def plugin(name: str, **hooks: object) -> types.ModuleType:
    module = types.ModuleType(name)
    module.NAME = name  # type: ignore[attr-defined]
    for hook, fn in hooks.items():
        setattr(module, hook, hookimpl(fn))  # type: ignore[arg-type]
    return module


def test_kd_adjust_config_sees_the_registered_deck() -> None:
    seen: list[int] = []

    def kd_adjust_config(config: ConfigBuilder, registry: Registry) -> None:
        deck = registry.deck(config.get("deck"))
        seen.append(len(deck))
        config.set("lines_total", len(deck) // config.get("line_size") - 2, override=True)

    engine = engine_with(plugin("fit", kd_adjust_config=kd_adjust_config))
    assert seen == [48]
    assert engine.config.lines_total == 48 // 4 - 2  # 2 players: lines of 4
    assert engine.config.provenance["lines_total"] == "fit"
    game = play_random_game(engine, 1)
    assert game.lines_drawn == 10 and game.is_terminal()


def test_kd_adjust_config_keeps_the_conflict_rule() -> None:
    def kd_adjust_config(config: ConfigBuilder) -> None:
        config.set("kingdom_size", 7)

    with pytest.raises(Exception, match="both set kingdom_size"):
        engine_with(plugin("clash", kd_adjust_config=kd_adjust_config))


@pytest.mark.parametrize("value", [-1, 99, True, "4"])
def test_a_bad_shape_is_refused_in_words(value: object) -> None:
    def kd_configure(config: ConfigBuilder) -> None:
        config.set("kingdom_rows", value)

    with pytest.raises(RulesetError, match="kingdom_rows must be from 1 to"):
        engine_with(plugin("bad", kd_configure=kd_configure))


def test_a_shape_sets_the_kingdom_size_to_its_longer_side() -> None:
    def kd_configure(config: ConfigBuilder) -> None:
        config.set("kingdom_rows", 3)
        config.set("kingdom_columns", 7)

    engine = engine_with(plugin("long", kd_configure=kd_configure))
    assert engine.config.kingdom_size == 7 and engine.config.kingdom_shape == (3, 7)
    assert engine.board.rows == 3 and engine.board.columns == 7 and not engine.board.either_way
    for seed in range(3):
        for kingdom in play_random_game(engine, seed).kingdoms:
            width, height = kingdom.extent
            assert width <= 7 and height <= 3


# -- the castle as a decision ----------------------------------------------------------


def test_placing_the_castle_moves_everything_to_it() -> None:
    """A kingdom without its castle, two dominoes and a layer: the castle put west of
    them moves squares, properties, crowns, placements, marks and layers by one."""
    engine = make_engine(["base"], 2)
    b = engine.board
    made = Kingdom(b, len(engine.registry.terrains), castle=False)
    assert not made.has_castle and made.castle_squares() == 1 << b.castle
    reference = kingdom_from_text(engine, "C W1 W0 F2")
    for (x, y), (t, crowns) in {(0, 0): (0, 1), (1, 0): (0, 0), (2, 0): (1, 2)}.items():
        made.put(b.cell(x, y), t, crowns)
    made.placements.append((0, None, b.cell(0, 0), b.cell(1, 0)))  # type: ignore[arg-type]
    made.layer("note")[b.cell(2, 0)] = "here"
    made.marks[b.cell(1, 0)] = (("crater", 1),)
    assert b.cell(-1, 0) in b.cells_of(made.castle_squares())
    assert not made.castle_squares() >> b.cell(3, 3) & 1
    made.place_castle(b.cell(-1, 0))
    assert made.has_castle and made.castle_squares() == 0
    assert made.occupied == reference.occupied and made.terrain_at == reference.terrain_at
    assert made.crowns_at == reference.crowns_at and made.planes == reference.planes
    assert sorted(made.regions) == sorted(reference.regions)
    assert (made.minx, made.maxx, made.miny, made.maxy) == (0, 3, 0, 0)
    assert made.placements == [(0, None, b.cell(1, 0), b.cell(2, 0))]
    assert made.layers == {"note": {b.cell(3, 0): "here"}}
    assert made.marks == {b.cell(2, 0): (("crater", 1),)} and made.squares == 3


def castle_later_engine(players: int = 2) -> Engine:
    def kd_configure(config: ConfigBuilder) -> None:
        config.set("castle_at_start", False)

    def kd_after_place(game, seat, action) -> None:  # type: ignore[no-untyped-def]
        if not game.kingdom_of(seat).has_castle:
            game.insert_steps([Step(kind="place_castle", seat=seat)])

    return engine_with(
        plugin("later", kd_configure=kd_configure, kd_after_place=kd_after_place), players=players
    )


def test_a_castle_decision_is_refused_off_the_kingdom_and_its_log_replays() -> None:
    engine = castle_later_engine()
    game = engine.new_game(seed=4)
    while game.step is not None and game.step.kind != "place_castle":
        game.apply(game.legal_actions()[0])
    seat = game.step.seat
    reason = game.explain(PlaceCastle(seat=seat, x=4, y=4))
    assert reason is not None and "next to the kingdom" in reason
    wrong = game.explain(PlaceCastle(seat=1 - seat, x=0, y=1))
    assert wrong is not None and "turn" in wrong
    game.play(lambda g: g.legal_actions()[-1])
    again = engine.new_game(seed=4)
    for action in game.log:  # the log replays, move for move, every move checked
        again.apply(action)
    assert again.is_terminal()
    assert [k.occupied for k in again.kingdoms] == [k.occupied for k in game.kingdoms]


def test_without_the_decision_the_engine_knows_no_castle_step() -> None:
    assert "place_castle" not in make_engine(["base"], 2).rules.handlers
    assert "place_castle" not in make_engine(["base"], 2).registry.actions
    engine = castle_later_engine()
    assert "place_castle" in engine.rules.handlers and "place_castle" in engine.registry.actions


def test_first_placements_cover_the_centre() -> None:
    game = castle_later_engine().new_game(seed=2)
    while game.step is not None and game.step.kind != "place":
        game.apply(game.legal_actions()[0])
    places = [a for a in game.legal_actions() if isinstance(a, Place)]
    assert places and all((0, 0) in ((p.x, p.y), p.second) for p in places)
    step = game.step
    far = Place(seat=step.seat, domino=step.domino, x=1, y=1, direction=Direction.E)
    assert "covers 0,0" in (game.explain(far) or "")
