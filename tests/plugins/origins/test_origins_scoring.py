"""Discovery scoring, tie-breaks, optional rules and the kingdom text notation
(docs/rules/origins.md "Discovery scoring", "Optional rules"; I-O3)."""

from __future__ import annotations

import pytest
from origins_checks import origins, position, recount_total

from kingdomino_core import KingdomFormatError
from kingdomino_core.model.pieces import note_words
from kingdomino_core.saves.kingdom_text import format_kingdom, parse_kingdom
from kingdomino_core.testing import set_kingdom


def test_regions_score_squares_times_fire_printed_and_tokens() -> None:
    text = """
    J1 J0 J0+fire=1 D0
    C  Q2 Q0        D0
    .  V0+craters=1 L0+fire=2 L1
    """
    game = position(origins(), text)
    sheet = game.score_sheet(0)
    got = sorted((p.terrain, p.squares, p.crowns, p.points) for p in sheet.properties)
    # jungle 3 squares x (1 printed + 1 token); quarry 2 x 2; desert 2 x 0; lake 2 x (2 + 1).
    assert got == [
        ("desert", 2, 0, 0),
        ("jungle", 3, 2, 6),
        ("lake", 2, 3, 6),
        ("quarry", 2, 2, 4),
    ]
    assert sheet.total == 16 == recount_total(game, 0, "discovery")


def test_ties_largest_region_then_most_fire_then_shared_i_o3() -> None:
    game = position(origins(4), "J1 J0 J0\nC D0 D0")  # 3 points, largest 3, fire 1
    set_kingdom(game, 1, "L3 .\nC .")  # 3 points, largest 1
    set_kingdom(game, 2, "J1 J0 J0\nC L0 .")  # 3 points, largest 3, fire 1
    set_kingdom(game, 3, "D0 D0 D0\nC L3 .")  # 3 points, largest 3, fire 3
    ranking = game.ranking()
    assert [s.total for s in game.scores()] == [3, 3, 3, 3]
    assert ranking.places == ((3,), (0, 2), (1,))
    assert ranking.decided_by == ("fire", "largest_region")
    assert game.winners() == (3,)


def test_tiebreaks_option_changes_the_order() -> None:
    game = position(origins(4, tiebreaks=["fire"]), "J1 J0 J0\nC D0 D0")
    set_kingdom(game, 1, "L3 .\nC .")
    set_kingdom(game, 2, "J1 J0 J0\nC L0 .")
    set_kingdom(game, 3, "D0 D0 D0\nC L3 .")
    assert game.ranking().places == ((1, 3), (0, 2))


FULL_CENTRED = "\n".join(
    ["D0 D0 D0 D0 D0", "D0 D0 D0 D0 D0", "D0 D0 C D0 D1", "D0 D0 D0 D0 D0", "D0 D0 D0 D0 D0"]
)


def bonuses(game) -> dict[str, int]:
    return {b.name: b.points for b in game.score_sheet(0).bonuses if b.points}


def test_empire_of_fire_and_homo_habilis() -> None:
    """Empire of Fire +10: hut at the centre; Homo Habilis +5: complete, no discard."""
    engine = origins(4, empire_of_fire=True, homo_habilis=True)
    game = position(engine, FULL_CENTRED)
    assert bonuses(game) == {"empire_of_fire": 10, "homo_habilis": 5}
    assert game.score_sheet(0).total == 24 + 15
    game = position(engine, "C D0 D0 D0\nD0 D0 . .")  # incomplete, hut 3 from an edge
    assert bonuses(game) == {}
    game = position(engine, "D0 D0 D0\nD0 C D0\nD0 D0 D0")  # incomplete but centred
    assert bonuses(game) == {"empire_of_fire": 10}


def test_homo_habilis_lost_by_a_discard() -> None:
    game = position(origins(4, homo_habilis=True), FULL_CENTRED)
    game.kingdoms[0].discards.append((0, next(iter(game.engine.deck))))
    assert bonuses(game) == {}


def test_optional_rules_are_off_by_default() -> None:
    assert bonuses(position(origins(4), FULL_CENTRED)) == {}


def test_empire_of_fire_uses_the_7x7_centre_in_neolithic_i_b4() -> None:
    engine = origins(2, empire_of_fire=True)
    game = position(engine, "D0 D0 D0 .\nD0 C D0 D0\nD0 D0 D0 .")
    assert bonuses(game) == {"empire_of_fire": 10}
    game = position(engine, "D0 D0 D0 D0\nD0 D0 C D0\nD0 D0 D0 D0\n. . . D0\n. . . D0")
    assert bonuses(game) == {"empire_of_fire": 10}  # within 3 of the hut both ways


# -- kingdom text ---------------------------------------------------------------------------------

ROUND_TRIP = {
    "discovery": "J1 J0 J2+fire=2\nC V0+craters=2 D0",
    "totem": "G0+res=mammoth G1 J2+fire=2\nC V0+craters=3 L0+res=fish",
    "tribe": "G0+res=mammoth D0+caveman=fire_lady J1\nC V0+craters=1+caveman=amazon Q0+res=flint",
}


@pytest.mark.parametrize("mode", ["discovery", "totem", "tribe"])
def test_kingdom_text_round_trips(mode: str) -> None:
    engine = origins(4, mode)
    kingdom = parse_kingdom(ROUND_TRIP[mode], engine)
    rows = format_kingdom(kingdom, engine)
    assert rows == ROUND_TRIP[mode].split("\n")
    again = parse_kingdom("\n".join(rows), engine)
    assert again.layers == kingdom.layers and again.crowns_at == kingdom.crowns_at


def test_a_token_may_be_written_on_a_zero() -> None:
    engine = origins(4)
    kingdom = parse_kingdom("C J0+fire=2", engine)
    assert format_kingdom(kingdom, engine) == ["C J2+fire=2"]


@pytest.mark.parametrize(
    ("mode", "text", "message"),
    [
        ("discovery", "C V0+fire=1", "never lies on a volcano"),
        ("discovery", "C D1+fire=2", "without printed fire"),
        ("discovery", "C D0+fire=4", "from 1 to 3"),
        ("discovery", "C D0+craters=2", "only a volcano"),
        ("discovery", "C V0+craters=5", "from 1 to 3"),
        ("discovery", "C G0+res=mammoth", "unknown annotation '+res'"),
        ("totem", "C D0+res=mammoth", "only on its own terrain"),
        ("totem", "C G1+res=mammoth", "without fire"),
        ("totem", "C G0+res=gold", "not 'gold'"),
        ("totem", "C D0+caveman=hunter", "unknown annotation '+caveman'"),
        ("tribe", "C D0+caveman=wizard", "not 'wizard'"),
        ("tribe", "C D1+caveman=hunter", "without fire"),
        ("tribe", "C G0+res=mammoth+caveman=hunter", "cannot share a square"),
        ("discovery", "C W0", "unknown square 'W0'"),
    ],
)
def test_bad_notation_is_an_error_with_line_and_column(mode, text, message) -> None:
    with pytest.raises(KingdomFormatError) as err:
        parse_kingdom(text, origins(4, mode), source="k.txt")
    assert message in str(err.value)
    assert err.value.line == 1 and err.value.column == 3


def test_describe_game_shows_totems_and_cave() -> None:
    game = origins(4, "totem").new_game(seed=1)
    game.play_chance()
    notes = game.hooks.kd_describe_game(game=game, viewer=None)[0]
    lines = [note_words(note) for note in notes]
    assert any(line.startswith("Totems: mammoth (3 points) in the middle") for line in lines)
    assert not any("Fire" in line for line in lines)  # nothing discarded: nothing said
    # As pictures (the browser): a totem tile each, in its words.
    totems = next(n for n in notes if note_words(n).startswith("Totems: "))
    assert "mammoth totem (3 points), in the middle" in [p.words for p in totems.pieces]
    assert {p.shape for p in totems.pieces} == {"tile"}
    game = origins(4, "tribe").new_game(seed=1)
    game.play_chance()
    notes = game.hooks.kd_describe_game(game=game, viewer=None)[0]
    lines = [note_words(note) for note in notes]
    cave = next(line for line in lines if line.startswith("Cave: "))
    [shown] = [n for n in notes if note_words(n) == cave]
    assert len(shown.pieces) == 4 and {p.shape for p in shown.pieces} == {"figure"}
    # What a recruit costs is on the screen before a recruit is possible.
    assert cave.endswith(
        "; 18 cro-magnons in the pile; "
        "a recruit costs 2 resources of different kinds (4, one of each, from the pile)"
    )
    assert "_" not in cave
    assert len(game.ext["origins"].cave_visible) == 4
