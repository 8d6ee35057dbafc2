"""Optional rules of the base game: Middle Kingdom (I-B2), Harmony (I-B3), Dynasty (I-B1),
each switchable on its own, and the 3-player all-dominoes variant (docs/rules/base.md)."""

from __future__ import annotations

import itertools

import pytest

from kingdomino_core import (
    DominoId,
    IllegalActionError,
    Reveal,
    RulesetError,
    ScoreLine,
    ScoreSheet,
)
from kingdomino_core.model.kingdom import EMPTY
from kingdomino_core.testing import (
    conformance,
    make_engine,
    make_game,
    play_random_game,
    recount,
    set_kingdom,
)

FULL_CENTRED = """
    W1 W0 W0 F0 F0
    L0 L0 W0 F1 F0
    G0 G0 C  F0 F0
    S0 S2 M0 M1 F0
    S0 S0 M0 M0 F0
"""
FULL_CORNER = """
    C  W1 W0 W0 W0
    F0 F1 L0 L0 W0
    F0 F0 L1 M2 M0
    S0 S0 G0 G2 G1
    S1 S0 G0 W0 W0
"""


def bonuses(text: str, plugins=("base",), players: int = 2, **options) -> dict[str, int]:
    game = make_game(list(plugins), players, base=options)
    set_kingdom(game, 0, text)
    return {b.name: b.points for b in game.score_sheet(0).bonuses if b.points}  # earned


# -- Middle Kingdom ---------------------------------------------------------------------


def test_middle_kingdom_centred_complete_kingdom_gets_10() -> None:
    """Section 1 Middle Kingdom: +10 when the castle is at the centre of the kingdom."""
    assert bonuses(FULL_CENTRED, middle_kingdom=True) == {"middle_kingdom": 10}
    assert bonuses(FULL_CORNER, middle_kingdom=True) == {}


def test_a_bonus_played_with_but_missed_is_a_zero_line() -> None:
    """kd score shows every bonus the rules play with: a missed one scores 0, and a
    bonus the rules do not play with has no line."""
    game = make_game(["base"], 2, base={"middle_kingdom": True, "harmony": True})
    set_kingdom(game, 0, "C W0 W0 W0")
    lines = [(b.name, b.points) for b in game.score_sheet(0).bonuses]
    assert lines == [("middle_kingdom", 0), ("harmony", 0)]
    game = make_game(["base"], 2, base={"harmony": True})
    set_kingdom(game, 0, FULL_CENTRED)
    assert [(b.name, b.points) for b in game.score_sheet(0).bonuses] == [("harmony", 5)]


@pytest.mark.parametrize(
    ("text", "qualifies"),
    [
        ("C", True),
        ("C W0", True),
        ("C W0 W0", True),
        ("C W0 W0 W0", False),  # 3 east of the castle: no 5x5 frame centred on it holds it
        ("W0 W0 C W0 W0\n. . W0 . .\n. . W0 . .", True),
        ("W0 W0 C W0 W0\n. . W0 . .\n. . W0 . .\n. . W0 . .", False),
    ],
)
def test_middle_kingdom_incomplete_kingdom_can_qualify(text: str, qualifies: bool) -> None:
    """I-B2: the castle is the centre of a 5x5 frame holding every placed square."""
    assert ("middle_kingdom" in bonuses(text, middle_kingdom=True)) is qualifies


def test_middle_kingdom_points_and_frame_are_options() -> None:
    """I-B2 as options: the bonus value and the frame size."""
    assert bonuses("C W0", middle_kingdom=True, middle_kingdom_points=7) == {"middle_kingdom": 7}
    assert bonuses("C W0 W0", middle_kingdom=True, middle_kingdom_frame=3) == {}
    assert bonuses("C W0", middle_kingdom=True, middle_kingdom_frame=3) == {"middle_kingdom": 10}


def test_middle_kingdom_frame_must_have_a_centre() -> None:
    """I-B2: an even frame has no centre square; the option is refused, not ignored."""
    with pytest.raises(RulesetError, match=r"options\.base\.middle_kingdom_frame"):
        make_engine(["base"], 2, base={"middle_kingdom": True, "middle_kingdom_frame": 4})


# -- Harmony ----------------------------------------------------------------------------


def test_harmony_complete_kingdom_without_discard_gets_5() -> None:
    """Section 1 Harmony: +5 when the kingdom is complete and its player discarded none."""
    assert bonuses(FULL_CORNER, harmony=True) == {"harmony": 5}
    assert bonuses(FULL_CENTRED, harmony=True, harmony_points=3) == {"harmony": 3}


def test_harmony_incomplete_kingdom_gets_nothing() -> None:
    """Section 1 Harmony: the kingdom must be complete (a full 5x5)."""
    holed = FULL_CORNER.replace("S1", ".")
    assert bonuses(holed, harmony=True) == {}


@pytest.mark.parametrize("required", [True, False])
def test_harmony_any_discard_by_the_player_loses_it(required: bool) -> None:
    """I-B3: any discard by that player loses Harmony (option harmony_requires_no_discard)."""
    game = make_game(["base"], 2, base={"harmony": True, "harmony_requires_no_discard": required})
    kingdom = set_kingdom(game, 0, FULL_CORNER)
    kingdom.discards.append((0, DominoId(number=5)))
    names = [b.name for b in game.score_sheet(0).bonuses if b.points]
    assert names == ([] if required else ["harmony"])


def test_harmony_unpicked_leftover_belongs_to_nobody() -> None:
    """I-B3: the domino nobody picked (3-player variant) costs no one Harmony."""
    engine = make_engine(["base"], 3, base={"harmony": True, "three_player_all_dominoes": True})
    game = play_random_game(engine, seed=1)
    assert len(game.unpicked) == 12
    set_kingdom(game, 2, FULL_CENTRED)
    assert [b.name for b in game.score_sheet(2).bonuses if b.points] == ["harmony"]


def test_harmony_bonus_matches_its_definition_over_random_games() -> None:
    """I-B3 over whole games: the bonus is there exactly when the kingdom is full and
    none of its seats discarded."""
    engine = make_engine(["base"], 4, base={"harmony": True})
    for seed in range(6):
        game = play_random_game(engine, seed)
        for i, k in enumerate(game.kingdoms):
            full = sum(1 for t in k.terrain_at if t != EMPTY) == 25
            expected = ["harmony"] if full and not k.discards else []
            assert [b.name for b in game.score_sheet(i).bonuses if b.points] == expected


# -- each optional rule on its own --------------------------------------------------------


@pytest.mark.parametrize(
    ("middle", "harmony", "dynasty"), list(itertools.product([False, True], repeat=3))
)
def test_each_optional_rule_switches_on_its_own(middle: bool, harmony: bool, dynasty: bool) -> None:
    """Section 1: the optional rules are off by default and combinable."""
    engine = make_engine(
        ["base"], 2, base={"middle_kingdom": middle, "harmony": harmony, "dynasty": dynasty}
    )
    assert engine.config.games == (3 if dynasty else 1)
    game = make_game(engine)
    set_kingdom(game, 0, FULL_CENTRED)
    names = {b.name for b in game.score_sheet(0).bonuses}
    assert names == {n for n, on in (("middle_kingdom", middle), ("harmony", harmony)) if on}


# -- Dynasty ------------------------------------------------------------------------------


def test_dynasty_plays_three_games_and_sums_them() -> None:
    """Section 1 Dynasty: 3 games in a row; the match total is the sum of the 3 games."""
    engine = make_engine(["base"], 3, base={"dynasty": True})
    game = engine.new_game(seed=4)
    totals = [[], [], []]
    draws = 0
    while not game.is_terminal():
        kingdoms = game.kingdoms
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[-1])
        if game.kingdoms is not kingdoms or game.is_terminal():
            draws += 1
            for i, k in enumerate(kingdoms):
                totals[i].append(sum(p.points for p in recount(k, engine)))
    assert draws == 3 and game.game_number == 3 and len(game.match_sheets) == 2
    assert sum(isinstance(a, Reveal) for a in game.log) == 3 * 36
    keys = dict(game.ranking().keys)
    assert [keys[i][0] for i in range(3)] == [sum(t) for t in totals]
    with pytest.raises(IllegalActionError):
        game.apply(game.log[-1])


def prop(terrain: str, squares: int, crowns: int) -> ScoreLine:
    return ScoreLine(
        kind="property",
        name=terrain,
        terrain=terrain,
        squares=squares,
        crowns=crowns,
        points=squares * crowns,
    )


def dynasty_ranking(earlier, last_texts):
    """Rank a 2-player Dynasty match whose first two games scored ``earlier``."""
    game = play_random_game(make_engine(["base"], 2, base={"dynasty": True}), seed=0)
    game.match_sheets = [
        tuple(ScoreSheet(kingdom=k, lines=tuple(lines)) for k, lines in enumerate(sheets))
        for sheets in earlier
    ]
    for i, text in enumerate(last_texts):
        set_kingdom(game, i, text)
    return game.ranking()


def test_dynasty_tie_broken_by_largest_single_property_over_the_games() -> None:
    """I-B1: a tie on the sum goes to the largest single property of any game (not summed)."""
    earlier = [
        [[prop("lake", 6, 0), prop("forest", 1, 3)], [prop("lake", 5, 0), prop("mine", 1, 2)]],
        [[prop("forest", 1, 1)], [prop("lake", 5, 0), prop("forest", 2, 1)]],
    ]
    ranking = dynasty_ranking(earlier, ["C F1", "C F1"])
    # Sums 3+1+1 = 5 and 2+2+1 = 5; largest 6 vs 5 (summed it would be 8 vs 11).
    assert ranking.places == ((0,), (1,)) and ranking.decided_by == ("largest_property",)


def test_dynasty_then_total_crowns_over_the_games_then_shared() -> None:
    """I-B1: then total crowns over the 3 games, then a shared victory."""
    earlier = [
        [[prop("forest", 3, 1)], [prop("mine", 1, 2), prop("wheat", 3, 0)]],
        [[prop("forest", 1, 1)], [prop("mine", 1, 2)]],
    ]
    ranking = dynasty_ranking(earlier, ["C F1", "C F1"])
    # Sums 5 and 5; largest 3 and 3; crowns 3 vs 5.
    assert ranking.places == ((1,), (0,)) and ranking.decided_by == ("crowns",)
    same = [[[prop("forest", 3, 1)], [prop("forest", 3, 1)]]] * 2
    assert dynasty_ranking(same, ["C F1", "C F1"]).places == ((0, 1),)


# -- 3-player variant ---------------------------------------------------------------------


def test_three_player_variant_discards_the_unpicked_domino_of_each_line() -> None:
    """docs/rules/base.md, 3-player variant: lines of 4 for 3 kings; the leftover is nobody's."""
    engine = make_engine(["base"], 3, base={"three_player_all_dominoes": True})
    game = engine.new_game(seed=3)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        else:
            if game.step.kind == "place":
                assert len(game.line) == 4 and game.line_kings.count(None) == 1
            game.apply(game.legal_actions()[0])
    assert len(game.unpicked) == 12
    used = {d for k in game.kingdoms for _, d, _, _ in k.placements}
    used |= {d for k in game.kingdoms for _, d in k.discards}
    assert len(used) == 36 and not used & set(game.unpicked)


def test_three_player_variant_is_off_by_default_and_only_for_three() -> None:
    """The variant changes only the 3-player set-up."""
    assert make_engine(["base"], 3).config.line_size == 3
    on = {"three_player_all_dominoes": True}
    assert make_engine(["base"], 4, base=on).config.line_size == 4
    assert make_engine(["base"], 2, base=on).config.kings_per_seat == 2


@pytest.mark.parametrize("players", [2, 4])
def test_dynasty_matches_replay_and_conform(players: int) -> None:
    """I-B1 Dynasty: every game of the match keeps the invariants; the log of the whole
    match replays to the same state; clones of a match are independent."""
    conformance(
        ["base"], players, seeds=range(2), placements=False, base={"dynasty": True}
    ).raise_for_problems()
