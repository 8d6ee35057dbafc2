"""Totems in the kingdom text format: written on the castle, scored by kd score
(docs/formats.md: the grid of `kd play --json` scores as its `score`)."""

from __future__ import annotations

import pytest

from kingdomino_core import KingdomFormatError
from kingdomino_core.saves.kingdom_text import format_kingdom, parse_kingdom
from kingdomino_core.testing import make_engine


@pytest.fixture(scope="module")
def engine():
    return make_engine("origins-totem", 3)


def score(engine, text: str):
    game = engine.new_game(seed=0)
    game.kingdoms[0] = parse_kingdom(text, engine)
    return game.score_sheet(0)


def test_totems_on_the_castle_score_their_points(engine) -> None:
    """docs/rules/origins.md, Totem mode: the totems held score 3/4/5/6 (origins_totems.csv)."""
    sheet = score(engine, "C+totem=fish+totem=flint G0")
    assert sorted(line.name for line in sheet.lines if line.kind == "totem") == [
        "fish totem",
        "flint totem",
    ]
    assert sum(line.points for line in sheet.lines if line.kind == "totem") == 4 + 6


def test_totems_round_trip_through_the_text_format(engine) -> None:
    kingdom = parse_kingdom("G0 C+totem=mammoth", engine)
    assert format_kingdom(kingdom, engine) == ["G0 C+totem=mammoth"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("C+totem=gold", "a totem is one of"),
        ("C+totem=fish+totem=fish", "written twice"),
        ("C G0+totem=fish", "belongs on the castle"),
        ("C+res=fish L0", "belongs on a square"),
    ],
)
def test_bad_totem_notation_is_refused(engine, text: str, words: str) -> None:
    with pytest.raises(KingdomFormatError, match=words):
        parse_kingdom(text, engine)


def test_played_games_keep_the_castle_layer_in_step_with_the_holders() -> None:
    """The layer mirrors the game's totem holders after every decision (I-O4 transfers)."""
    from kingdomino_core.testing import play_random_game

    engine = make_engine("origins-totem", 4)
    checked = []

    def in_step(game) -> None:
        holders = game.ext["origins"].totems
        for index, kingdom in enumerate(game.kingdoms):
            held = (kingdom.layers.get("origins.totems") or {}).get(kingdom.board.castle, ())
            assert sorted(held) == sorted(r for r, k in holders.items() if k == index)
        checked.append(any(k is not None for k in holders.values()))

    for seed in range(4):
        in_step(play_random_game(engine, seed, on_decision=in_step))
    assert any(checked)  # some totems were actually held
