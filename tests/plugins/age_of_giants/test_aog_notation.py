"""Kingdom text notation for giants and quests: ``W1+giant``, ``C+quest=lost_corner``."""

from __future__ import annotations

import json

import pytest
from aog_checks import aog

from kingdomino_cli.app import main
from kingdomino_core import KingdomFormatError
from kingdomino_core.saves.kingdom_text import format_kingdom
from kingdomino_core.testing import kingdom_from_text, play_random_game


def test_giant_round_trips_and_lowers_the_crowns() -> None:
    engine = aog()
    text = "C W1+giant L0+giant=2 M1+giant"
    # W1+giant: a printed 2-crown wheat (domino 49) with one crown covered.
    k = kingdom_from_text(engine, text)
    assert [k.crowns_at[c] for c, *_ in k.iter_squares()] == [1, 0, 1]
    assert k.layers["giants"] == {
        c: n for (c, *_), n in zip(k.iter_squares(), (1, 2, 1), strict=True)
    }
    assert format_kingdom(k, engine) == [text]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("C W2+giant", "3-crown wheat square, which no domino prints"),
        ("C W0+giant=x", "number of giants"),
        ("C L0+giant=2 L0+giant=2 G0+giant=2 W0+giant", "only 6 giants"),
        ("C+giant W1", "on a square, not on the castle"),
        ("C+quest=nope W1", "names a quest tile"),
        ("C+quest=harmony+quest=Q13 W1", "named twice"),
    ],
)
def test_bad_giant_notation_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(KingdomFormatError, match=message):
        kingdom_from_text(aog(), text)


def test_one_giant_per_square_option() -> None:
    with pytest.raises(KingdomFormatError, match="one giant per square"):
        kingdom_from_text(aog(age_of_giants={"giants_per_square": "one"}), "C L0+giant=2")


def test_quests_on_the_castle_are_scored() -> None:
    engine = aog()
    game = engine.new_game(seed=0)
    game.kingdoms[0] = kingdom_from_text(engine, "C+quest=lost_corner+quest=harmony W1 W0")
    quests = {line.name: line.points for line in game.score_sheet(0).lines if line.kind == "quest"}
    assert quests == {"The Lost Corner": 20, "Harmony": 0}


def test_played_grids_score_the_same_with_kd_score(tmp_path, capsys) -> None:
    """``kd score`` of the grid of a played kingdom gives its score, giants and quests included."""
    seen_giant = False
    players = "greedy,random,greedy,random"
    for seed in range(4):
        args = ["play", "-r", "age-of-giants", "-p", players, "--seed", str(seed), "--json"]
        assert main(args) == 0
        for kingdom in json.loads(capsys.readouterr().out)["kingdoms"]:
            grid = "\n".join(kingdom["grid"]) + "\n"
            seen_giant |= "+giant" in grid
            assert "+quest=" in grid
            path = tmp_path / "kingdom.txt"
            path.write_text(grid, encoding="utf-8")
            assert main(["score", str(path), "-r", "age-of-giants", "--json"]) == 0
            assert json.loads(capsys.readouterr().out) == kingdom["score"]
    assert seen_giant


def test_played_kingdoms_round_trip_through_text() -> None:
    engine = aog(5)
    game = play_random_game(engine, seed=8)
    for k in game.kingdoms:
        rows = format_kingdom(k, engine)
        again = kingdom_from_text(engine, "\n".join(rows))
        assert format_kingdom(again, engine) == rows
        assert again.crowns_at == k.crowns_at
        assert again.layers.get("giants", {}) == k.layers.get("giants", {})


def test_giant_on_a_castle_with_footprint_needs_crown_off() -> None:
    """I-G15 option: a giant sent to a crownless kingdom stands on its castle."""
    engine = aog(age_of_giants={"footprint_needs_crown": False})
    k = kingdom_from_text(engine, "C+castle_giant W0")
    assert k.layers["giants"] == {k.board.castle: 1}
    assert format_kingdom(k, engine) == ["C+castle_giant W0"]
    with pytest.raises(KingdomFormatError, match="unknown annotation"):
        kingdom_from_text(aog(), "C+castle_giant W0")


def test_displays_show_giants_and_quests_as_pieces() -> None:
    """Terminal, pictures and browser show ``+giant`` and ``C+quest=`` through pieces."""
    from kingdomino_core.engine.words import pieces_at

    engine = aog()
    k = kingdom_from_text(engine, "C+quest=lost_corner W1+giant L0+giant=2")
    board = k.board
    giant = pieces_at(engine, k, board.cell(1, 0))
    assert [(p.symbol, p.label, p.shape) for p in giant] == [("Ω", "G", "figure")]
    assert "giant" in giant[0].words
    two = pieces_at(engine, k, board.cell(2, 0))
    assert two[0].label == "G2" and "2 giants" in two[0].words
    quest = pieces_at(engine, k, board.castle)
    assert [p.words for p in quest] == ["quest: The Lost Corner, 20 points"]
