"""Kingdomino XL (docs/rules/xl.md)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from two_box_checks import check_two_box_game, play_observed, same_game

from kingdomino_core import (
    DominoId,
    PlayerCountError,
    PluginError,
    Reveal,
    RulesetError,
)
from kingdomino_core.saves.serialize import action_from_dict, action_to_dict
from kingdomino_core.testing import conformance, make_engine, replay

SEEDS = st.integers(min_value=0, max_value=2**32)


def xl(players: int, *, base: dict | None = None, **xl_options: object):
    return make_engine(["base", "xl"], players, base=base or {}, xl=dict(xl_options))


def bonuses(on: bool) -> dict:
    return {"harmony": on, "middle_kingdom": on}


# -- set-up (docs/rules/xl.md) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "line_size", "in_deck"),
    [(4, {}, 4, 96), (3, {}, 3, 96), (3, {"three_players": "all_dominoes"}, 4, 96)],
)
def test_xl_setup_matches_the_setup_table(players, options, line_size, in_deck) -> None:
    """docs/rules/xl.md, set-up: 7x7, one king each, 24 lines, two boxes of 48."""
    engine = xl(players, **options)
    cfg = engine.config
    assert (cfg.kingdom_size, cfg.kings_per_seat, cfg.lines_total) == (7, 1, 24)
    assert cfg.line_size == line_size
    assert len(engine.deck) == in_deck
    assert {d.box for d in engine.deck} == {1, 2}
    assert sorted(d.number for d in engine.deck if d.box == 2) == list(range(1, 49))


def test_two_copies_of_a_domino_have_the_same_squares() -> None:
    """docs/rules/xl.md: both boxes hold the same 48 dominoes, told apart by box."""
    deck = xl(4).deck
    for n in range(1, 49):
        one, two = deck[DominoId(box=1, number=n)], deck[DominoId(box=2, number=n)]
        assert one.domino.squares == two.domino.squares
        assert one.id != two.id


# -- whole games: the properties of issue 4 -------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, on=st.booleans())
def test_xl_4_players_every_domino_once_lines_alternate_scores_recount(seed, on) -> None:
    """4 players: 96 dominoes in 24 lines of 4, boxes alternating, 24 per kingdom."""
    seen = play_observed(xl(4, base=bonuses(on)), seed)
    check_two_box_game(
        seen,
        teams=[(0,), (1,), (2,), (3,)],
        line_size=4,
        lines=24,
        in_play=96,
        unpicked=0,
        middle_kingdom=on,
        harmony=on,
    )


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, on=st.booleans())
def test_xl_3_players_I_X1_sets_aside_12_per_box_lines_of_3(seed, on) -> None:
    """I-X1 default: 12 of each box never come into play (72 in play), lines of 3."""
    seen = play_observed(xl(3, base=bonuses(on)), seed)
    check_two_box_game(
        seen,
        teams=[(0,), (1,), (2,)],
        line_size=3,
        lines=24,
        in_play=72,
        unpicked=0,
        middle_kingdom=on,
        harmony=on,
    )
    left = seen.game.pile
    assert sum(1 for d in left if d.box == 1) == sum(1 for d in left if d.box == 2) == 12


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_xl_3_players_I_X1_option_all_dominoes_discards_the_unpicked(seed) -> None:
    """I-X1 option (xl_3p_alt): all 96 in lines of 4; the unpicked one is discarded."""
    seen = play_observed(xl(3, three_players="all_dominoes"), seed)
    check_two_box_game(
        seen, teams=[(0,), (1,), (2,)], line_size=4, lines=24, in_play=96, unpicked=24
    )
    assert seen.game.pile == []


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_xl_first_box_option_starts_with_box_2(seed) -> None:
    """Option ``first_box = 2``: line 1 from box 2, line 2 from box 1, ..."""
    seen = play_observed(xl(4, first_box=2), seed)
    check_two_box_game(
        seen,
        teams=[(0,), (1,), (2,), (3,)],
        line_size=4,
        lines=24,
        in_play=96,
        unpicked=0,
        first_box=2,
    )


@pytest.mark.parametrize("players", [3, 4])
def test_xl_same_seed_same_game(players) -> None:
    """The same seed and the same choices give the same game, move for move."""
    engine = xl(players)
    assert same_game(engine, 11)
    assert play_observed(engine, 11).game.log != play_observed(engine, 12).game.log


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (4, {}), (3, {"three_players": "all_dominoes"})]
)
def test_xl_conformance_kit(players, options) -> None:
    """The testing kit's conformance: legal lists match the rules, replay, clone, recount."""
    conformance(["base", "xl"], players, seeds=range(3), xl=options).raise_for_problems()


def test_xl_log_names_box_and_number_and_replays_from_json() -> None:
    """Every domino in a log is identified by box and number ("2:17") and replays exactly."""
    engine = xl(4)
    game = play_observed(engine, 5).game
    data = [action_to_dict(a) for a in game.log]
    revealed = [d["domino"] for d in data if d["kind"] == "reveal"]
    assert sum(1 for r in revealed if r.startswith("2:")) == 48
    back = [action_from_dict(d, engine.registry) for d in data]
    again = replay(engine, 5, back)
    assert [s.total for s in again.scores()] == [s.total for s in game.scores()]
    assert again.log == game.log


def test_each_line_is_drawn_uniformly_from_the_undrawn_dominoes_of_its_box() -> None:
    """Setting aside unseen (I-X1) equals drawing each line from its whole box at random."""
    engine = xl(3)
    game = engine.new_game(seed=3)
    checked = 0
    while not game.is_terminal():
        if game.is_chance() and game.step.kind == "reveal":
            box = 1 if game.lines_drawn % 2 == 1 else 2
            outcomes = game.chance_outcomes()
            expected = {d for d in game.pile if d.box == box}
            assert {a.domino for a, _ in outcomes} == expected
            assert all(p == pytest.approx(1 / len(expected)) for _, p in outcomes)
            checked += 1
            game.resolve_chance()
        elif game.is_chance():
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[-1])
    assert checked == 72


def test_a_reveal_from_the_wrong_box_is_illegal_and_changes_nothing() -> None:
    """A line never mixes boxes: revealing a box-2 domino for line 1 is refused."""
    from kingdomino_core import IllegalActionError
    from kingdomino_core.testing import digest

    game = xl(4).new_game(seed=1)
    assert game.step.kind == "reveal" and game.lines_drawn == 1
    before = digest(game)
    with pytest.raises(IllegalActionError):
        game.apply(Reveal(domino=DominoId(box=2, number=1)))
    assert digest(game) == before


# -- optional rules combine ----------------------------------------------------------------


def test_xl_middle_kingdom_uses_the_7x7_centre() -> None:
    """I-B2/I-B4 with XL: the castle must be the centre of a 7x7 frame holding every square."""
    from kingdomino_core.testing import set_kingdom

    game = xl(4, base={"middle_kingdom": True}).new_game(seed=1)
    set_kingdom(game, 0, "W1 . . . . . .\n. . . C . . W1")  # x from -3 to 3: centred
    set_kingdom(game, 1, ". . C . . . W1")  # x from -2 to 4: fits 7x7, not centred
    sheets = game.scores()
    assert [b.name for b in sheets[0].bonuses if b.points] == ["middle_kingdom"]
    assert not [b for b in sheets[1].bonuses if b.points]


def test_xl_harmony_needs_the_full_7x7() -> None:
    """Harmony with XL: +5 only for a complete 7x7 kingdom (48 squares) with no discard."""
    from kingdomino_core.testing import set_kingdom

    game = xl(4, base={"harmony": True}).new_game(seed=1)
    full = "\n".join(
        " ".join("C" if (r, c) == (3, 3) else "F0" for c in range(7)) for r in range(7)
    )
    five = "\n".join(
        " ".join("C" if (r, c) == (2, 2) else "F0" for c in range(5)) for r in range(5)
    )
    set_kingdom(game, 0, full)
    set_kingdom(game, 1, five)
    sheets = game.scores()
    assert [(b.name, b.points) for b in sheets[0].bonuses if b.points] == [("harmony", 5)]
    assert not [b for b in sheets[1].bonuses if b.points]


def test_xl_dynasty_plays_three_games_and_sums() -> None:
    """Dynasty with XL: three full XL games; the ranking uses the summed totals."""
    engine = xl(4, base={"dynasty": True})
    game = play_observed(engine, 2).game
    assert game.game_number == 3 and len(game.match_sheets) == 2
    sums = {
        k: sum(g[k].total for g in game.match_sheets) + game.scores()[k].total for k in range(4)
    }
    assert dict(game.ranking().keys)[game.ranking().winners[0]][0] == max(sums.values())


# -- bad input ------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 5, 6])
def test_xl_refuses_other_player_counts(players) -> None:
    """XL is for 3 or 4 players (docs/rules/xl.md)."""
    with pytest.raises(PlayerCountError) as exc:
        xl(players)
    assert exc.value.allowed == (3, 4)
    assert str(players) in str(exc.value)


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"first_box": 3}, "options.xl.first_box: must be 1 or 2, not 3"),
        ({"boxes": ["base", "queendomino"]}, "options.xl.boxes: unknown domino set 'queendomino'"),
        ({"boxes": ["base"]}, "options.xl.boxes: expected the domino sets of exactly 2 boxes"),
        ({"three_players": "sometimes"}, "options.xl.three_players"),
    ],
)
def test_xl_bad_box_options_are_ruleset_errors(options, expected) -> None:
    with pytest.raises(RulesetError) as exc:
        xl(3, **options)
    assert any(expected in p for p in exc.value.problems), exc.value.problems


def test_xl_refuses_the_base_3_player_variant_flag() -> None:
    """The base game's 3-player flag is ambiguous with XL: say which XL mode instead."""
    with pytest.raises(RulesetError) as exc:
        xl(3, base={"three_player_all_dominoes": True})
    assert "options.xl.three_players" in str(exc.value)


def test_xl_and_teamdomino_cannot_be_active_together() -> None:
    with pytest.raises(PluginError) as exc:
        make_engine(["base", "xl", "teamdomino"], 4)
    assert "xl" in str(exc.value) and "teamdomino" in str(exc.value)


def test_xl_describes_the_boxes() -> None:
    game = xl(4).new_game(seed=1)
    game.play_chance()
    lines = [
        line for found in game.hooks.kd_describe_game(game=game, viewer=None) for line in found
    ]
    assert game.lines_drawn == 1
    assert "xl: two boxes: line 2 of 24 from box 2; box 1: 44 left, box 2: 48 left" in lines
