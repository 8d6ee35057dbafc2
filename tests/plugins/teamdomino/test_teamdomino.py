"""Teamdomino (docs/rules/teamdomino.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from two_box_checks import check_two_box_game, play_observed, same_game

from kingdomino_core import DIRECTIONS, Discard, DominoId, Place, PlayerCountError, RulesetError
from kingdomino_core.testing import conformance, make_engine, set_kingdom

SEEDS = st.integers(min_value=0, max_value=2**32)
PAIRS6 = [(0, 1), (2, 3), (4, 5)]
PAIRS8 = [(0, 1), (2, 3), (4, 5), (6, 7)]


def team(players: int, *, base: dict | None = None, **options: object):
    return make_engine(["base", "teamdomino"], players, base=base or {}, teamdomino=dict(options))


def bonuses(on: bool) -> dict:
    return {"harmony": on, "middle_kingdom": on}


# -- set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "line_size", "kingdoms"),
    [(8, {}, 8, 4), (6, {}, 6, 3), (6, {"six_players": "all_dominoes"}, 8, 3)],
)
def test_teamdomino_setup_matches_the_setup_table(players, options, line_size, kingdoms) -> None:
    """docs/rules/teamdomino.md, set-up: a king per player, a shared 7x7 per team, 12 rounds."""
    engine = team(players, **options)
    cfg = engine.config
    assert (cfg.kingdom_size, cfg.kings_per_seat, cfg.lines_total) == (7, 1, 12)
    assert cfg.line_size == line_size
    assert cfg.kings == players and cfg.kingdoms == kingdoms
    # Default teams: seats 1+2, 3+4, ... (indices 0+1, 2+3, ...).
    assert [cfg.seats_of(k) for k in range(kingdoms)] == (PAIRS8 if players == 8 else PAIRS6)


# -- whole games -------------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, on=st.booleans())
def test_teamdomino_8_players_every_domino_once_lines_alternate_scores_recount(seed, on) -> None:
    """8 players: 96 dominoes in 12 lines of 8, boxes alternating, 24 per team kingdom."""
    seen = play_observed(team(8, base=bonuses(on)), seed)
    check_two_box_game(
        seen,
        teams=PAIRS8,
        line_size=8,
        lines=12,
        in_play=96,
        unpicked=0,
        middle_kingdom=on,
        harmony=on,
    )


@settings(max_examples=50, deadline=None)
@given(seed=SEEDS, on=st.booleans())
def test_teamdomino_6_players_sets_aside_12_per_box_lines_of_6(seed, on) -> None:
    """6 players: 12 of each box returned unseen (72 in play), lines of 6, 12 rounds."""
    seen = play_observed(team(6, base=bonuses(on)), seed)
    check_two_box_game(
        seen,
        teams=PAIRS6,
        line_size=6,
        lines=12,
        in_play=72,
        unpicked=0,
        middle_kingdom=on,
        harmony=on,
    )
    left = seen.game.pile
    assert sum(1 for d in left if d.box == 1) == sum(1 for d in left if d.box == 2) == 12


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS)
def test_teamdomino_6_players_option_all_dominoes_discards_two_per_line(seed) -> None:
    """Option ``six_players = "all_dominoes"`` (teamdomino_6p_alt): lines of 8, 2 unpicked."""
    seen = play_observed(team(6, six_players="all_dominoes"), seed)
    check_two_box_game(seen, teams=PAIRS6, line_size=8, lines=12, in_play=96, unpicked=24)


@settings(max_examples=10, deadline=None)
@given(seed=SEEDS, order=st.permutations(range(6)))
def test_teamdomino_custom_teams_build_their_own_kingdoms(seed, order) -> None:
    """Option ``teams``: any split into pairs; team i builds kingdom i."""
    teams = [tuple(order[i : i + 2]) for i in range(0, 6, 2)]
    engine = team(6, teams=[list(t) for t in teams])
    assert [engine.config.seats_of(k) for k in range(3)] == [tuple(sorted(t)) for t in teams]
    seen = play_observed(engine, seed)
    check_two_box_game(seen, teams=teams, line_size=6, lines=12, in_play=72, unpicked=0)


@pytest.mark.parametrize("players", [6, 8])
def test_teamdomino_same_seed_same_game(players) -> None:
    assert same_game(team(players), 21)


@pytest.mark.parametrize(
    ("players", "options"), [(6, {}), (8, {}), (6, {"six_players": "all_dominoes"})]
)
def test_teamdomino_conformance_kit(players, options) -> None:
    """The testing kit's conformance: legal lists match the rules, replay, clone, recount."""
    conformance(
        ["base", "teamdomino"], players, seeds=range(2), teamdomino=options
    ).raise_for_problems()


def test_both_teammates_place_in_the_shared_kingdom_with_their_seat() -> None:
    """Each player picks and places their own domino, in the team's one kingdom."""
    game = play_observed(team(6), 4).game
    for k, (a, b) in enumerate(PAIRS6):
        seats = [s for s, *_ in game.kingdoms[k].placements] + [
            s for s, _ in game.kingdoms[k].discards
        ]
        assert seats.count(a) == seats.count(b) == 12
        assert game.kingdom_of(a) is game.kingdom_of(b) is game.kingdoms[k]


def test_turn_order_follows_the_kings_not_the_teams() -> None:
    """Seats act in line order: teammates may act back to back, or far apart."""
    game = team(8).new_game(seed=9)
    rng = random.Random(9)
    rounds: list[list[int]] = []
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        if step.kind == "place":
            if not rounds or game.line[0] == step.domino:
                rounds.append([])
            rounds[-1].append(step.seat)
            order = [game.owner(k) for k in game.line_kings if k is not None]
            assert step.seat == order[len(rounds[-1]) - 1]
        game.apply(rng.choice(game.legal_actions()))
    assert len(rounds) == 12
    assert all(sorted(r) == list(range(8)) for r in rounds)
    # Not a fixed team rotation: the seat order changes between rounds.
    assert len({tuple(r) for r in rounds}) > 1


def test_winners_are_both_seats_of_the_winning_team() -> None:
    """Scores and ranking are per team kingdom; ``winners()`` lists both teammates."""
    for seed in range(5):
        game = play_observed(team(8, teams=[[0, 5], [1, 4], [2, 7], [3, 6]]), seed).game
        win = game.ranking().winners
        expected = sorted(s for k in win for s in game.config.seats_of(k))
        assert sorted(game.winners()) == expected
        assert len(game.winners()) == 2 * len(win)
        assert len(game.scores()) == 4


# -- the optional rules, per team (I-X2) ------------------------------------------------------

FULL = "\n".join(" ".join("C" if (r, c) == (3, 3) else "F0" for c in range(7)) for r in range(7))


@pytest.mark.parametrize("discarder", [None, 0, 1])
def test_I_X2_harmony_fails_if_either_teammate_discarded(discarder) -> None:
    """I-X2: a complete team kingdom earns Harmony only if neither teammate discarded."""
    game = team(6, base={"harmony": True}).new_game(seed=1)
    kingdom = set_kingdom(game, 0, FULL)
    if discarder is not None:
        kingdom.discards.append((discarder, DominoId(box=2, number=7)))
    names = [b.name for b in game.scores()[0].bonuses if b.points]
    assert names == ([] if discarder is not None else ["harmony"])


def test_I_X2_base_option_can_ignore_discards_for_harmony() -> None:
    """I-X2 is base's ``harmony_requires_no_discard``; false lets a team keep Harmony."""
    game = team(6, base={"harmony": True, "harmony_requires_no_discard": False}).new_game(seed=1)
    set_kingdom(game, 0, FULL).discards.append((1, DominoId(box=1, number=3)))
    assert [b.name for b in game.scores()[0].bonuses if b.points] == ["harmony"]


def test_I_X2_middle_kingdom_per_team_kingdom_on_the_7x7_centre() -> None:
    game = team(6, base={"middle_kingdom": True}).new_game(seed=1)
    set_kingdom(game, 0, "W1 . . . . . .\n. . . C . . W1")
    set_kingdom(game, 1, ". . C . . . W1")
    sheets = game.scores()
    assert [b.name for b in sheets[0].bonuses if b.points] == ["middle_kingdom"]
    assert not [b for b in sheets[1].bonuses if b.points] and [
        b for b in sheets[2].bonuses if b.points
    ]  # kingdom 2 is empty: centred


def test_I_X2_tie_breaks_per_team_kingdom_give_a_shared_victory() -> None:
    """Tied teams (total, largest property, crowns) share the victory: four seats win."""
    game = team(6).new_game(seed=1)
    set_kingdom(game, 0, "C F1 F0")
    set_kingdom(game, 1, "C F0 F1")
    set_kingdom(game, 2, "C W1")
    assert sorted(game.winners()) == [0, 1, 2, 3]
    set_kingdom(game, 2, "C W1 W0 W0")  # 3 points beats 2
    assert sorted(game.winners()) == [4, 5]


def test_teamdomino_dynasty_plays_three_games() -> None:
    game = play_observed(team(6, base={"dynasty": True}), 3).game
    assert game.game_number == 3 and len(game.match_sheets) == 2


def test_teamdomino_plays_with_the_bots() -> None:
    """The shipped bots play a team game through the legal actions (greedy, random)."""
    from kingdomino_core import AgentRegistry
    from kingdomino_core.hooks.plugins import default_catalogue, make_plugin_manager

    agents = AgentRegistry()
    make_plugin_manager([default_catalogue().get("bots")]).hook.kd_register_agents(agents=agents)
    players = [agents.make(n, random.Random(i)) for i, n in enumerate(["greedy", "random"] * 3)]
    game = team(6).new_game(seed=5)
    while not game.is_terminal():
        if game.is_chance():
            game.resolve_chance()
        else:
            game.apply(players[game.current_seat].act(game))
    assert all(len(k.placements) + len(k.discards) == 24 for k in game.kingdoms)


def test_the_display_says_which_teammate_placed_what() -> None:
    """kd_describe_game: each team's seats, and what each teammate placed or discarded."""
    for seed in range(20):
        game = play_observed(team(6), seed).game
        if any(k.discards for k in game.kingdoms):
            break
    lines = [
        line for found in game.hooks.kd_describe_game(game=game, viewer=None) for line in found
    ]
    assert len(lines) == 2  # the boxes, then every team on one line
    for k, (a, b) in enumerate(PAIRS6):
        head = f"team {k + 1} (P{a + 1}+P{b + 1}): "
        text = lines[1].partition(head)[2].partition("; team")[0]
        assert text, f"{head!r} not in {lines[1]!r}"
        for seat in (a, b):
            placed = sum(1 for s, *_ in game.kingdoms[k].placements if s == seat)
            gone = [f"{d.box}:{d.number}" for s, d in game.kingdoms[k].discards if s == seat]
            expected = f"P{seat + 1} placed {placed}" + (
                f", discarded {' '.join(gone)}" if gone else ""
            )
            assert expected in text
    assert any("discarded" in line for line in lines)


def test_a_placement_by_a_teammate_is_checked_against_the_shared_kingdom() -> None:
    """A teammate's square blocks the other teammate: overlap is refused (core.free)."""
    from kingdomino_core import IllegalActionError
    from kingdomino_core.testing import digest

    game = team(6).new_game(seed=2)
    while True:
        if game.is_chance():
            game.resolve_chance()
            continue
        step = game.step
        kingdom = game.kingdom_of(step.seat)
        if step.kind == "place" and kingdom.placements and kingdom.placements[-1][0] != step.seat:
            break
        game.apply(game.legal_actions()[0])
    _teammate, _d, first, _second = kingdom.placements[-1]
    x, y = kingdom.board.xy(first)
    taken = [Place(seat=step.seat, domino=step.domino, x=x, y=y, direction=d) for d in DIRECTIONS]
    before = digest(game)
    for action in taken:
        assert game.explain(action) is not None
        with pytest.raises(IllegalActionError) as exc:
            game.apply(action)
        assert exc.value.rule == "core.free"
    assert digest(game) == before


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4, 5, 7, 9])
def test_teamdomino_refuses_other_player_counts(players) -> None:
    """Teamdomino is for 6 or 8 players (docs/rules/teamdomino.md)."""
    with pytest.raises(PlayerCountError) as exc:
        team(players)
    assert exc.value.allowed == (6, 8)


@pytest.mark.parametrize(
    ("teams", "fragment"),
    [
        ([[0, 1], [2, 3]], "seats 4, 5 in no team"),
        ([[0, 1], [1, 2], [3, 4]], "seat 1 is in two teams, [0, 1] and [1, 2]"),
        ([[0, 1, 2], [3, 4, 5]], "team [0, 1, 2] has 3 seats, expected exactly 2"),
        ([[0, 1], [2, 3], [4, 6]], "seat 6 does not exist; with 6 players the seats are 0 to 5"),
        ([[0, 1], [2, 3], [4, 4]], "team [4, 4] names seat 4 twice"),
    ],
)
def test_bad_teams_are_ruleset_errors_naming_the_option_and_value(teams, fragment) -> None:
    with pytest.raises(RulesetError) as exc:
        team(6, teams=teams)
    shown = "[" + ", ".join("[" + ", ".join(map(str, t)) + "]" for t in teams) + "]"
    problems = exc.value.problems
    assert all(p.startswith("options.teamdomino.teams: ") for p in problems), problems
    assert all(p.endswith(f"(teams = {shown})") for p in problems), problems
    assert any(fragment in p for p in problems), problems


@pytest.mark.parametrize(
    ("teams", "players", "allowed"),
    [([[0, 1], [2, 3], [4, 5]], 8, (6,)), ([[0, 1], [2, 3], [4, 5], [6, 7]], 6, (8,))],
)
def test_a_team_list_fixes_the_player_count(teams, players, allowed) -> None:
    """Three teams are a 6-player game, four teams an 8-player game."""
    with pytest.raises(PlayerCountError) as exc:
        team(players, teams=teams)
    assert exc.value.allowed == allowed


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"first_box": 0}, "options.teamdomino.first_box: must be 1 or 2, not 0"),
        ({"boxes": ["base", "nope"]}, "options.teamdomino.boxes: unknown domino set 'nope'"),
        ({"six_players": "maybe"}, "options.teamdomino.six_players"),
    ],
)
def test_teamdomino_bad_box_options_are_ruleset_errors(options, expected) -> None:
    with pytest.raises(RulesetError) as exc:
        team(6, **options)
    assert any(expected in p for p in exc.value.problems), exc.value.problems


def test_discards_record_the_seat() -> None:
    """A forced discard is recorded with the teammate who made it (for I-X2 and display)."""
    for seed in range(10):
        seen = play_observed(team(8), seed)
        discards = [(s, a.domino) for s, a in seen.moves if isinstance(a, Discard)]
        if discards:
            recorded = [d for k in seen.game.kingdoms for d in k.discards]
            assert sorted(recorded) == sorted(discards)
            return
    pytest.fail("no discard in 10 random 8-player games")
