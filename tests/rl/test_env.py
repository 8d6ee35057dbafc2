"""The AEC environment's behaviour: observations, masks, rewards, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from kingdomino_core import Claim, Place
from kingdomino_rl import KingdominoEnv
from kingdomino_rl.observation import PARTS


def play_random(env: KingdominoEnv, seed: int) -> dict[str, float]:
    """Play one game with uniformly random legal actions; total reward per agent."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


def test_mask_matches_the_engines_legal_actions_and_decodes_to_them() -> None:
    env = KingdominoEnv("base", 2)
    env.reset(seed=3)
    game = env.game
    assert game is not None
    for _ in range(30):
        obs, *_ = env.last()
        mask = obs["action_mask"]
        legal = env.legal()
        assert sorted(np.flatnonzero(mask)) == sorted(legal)
        assert sorted(legal.values(), key=repr) == sorted(game.legal_actions(), key=repr)
        env.step(int(np.flatnonzero(mask)[-1]))


def test_win_rewards_sum_to_one_and_margins_match_the_scores() -> None:
    env = KingdominoEnv("base", 3)
    totals = play_random(env, 5)
    assert sum(totals.values()) == pytest.approx(1.0)
    env = KingdominoEnv("base", 2, reward="margin")
    totals = play_random(env, 6)
    game = env.game
    assert game is not None
    a, b = game.score_total(0), game.score_total(1)
    assert totals == {"player_0": float(a - b), "player_1": float(b - a)}


def test_the_same_seed_replays_the_same_game() -> None:
    first, second = KingdominoEnv("court", 2), KingdominoEnv("court", 2)
    play_random(first, 11)
    play_random(second, 11)
    assert first.game is not None and second.game is not None
    assert first.game.log == second.game.log


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    env = KingdominoEnv("base", 2)
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    game = env.game
    assert game is not None
    before = list(game.log)
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    assert game.log == before


def test_observation_shows_a_placement_in_the_placers_own_kingdom_first() -> None:
    env = KingdominoEnv("base", 2, observation="dict")
    env.reset(seed=2)
    game = env.game
    assert game is not None
    # Play until the first placement, then make it and look at the planes.
    while not isinstance(next(iter(env.legal().values())), Place):
        env.step(next(iter(env.legal())))
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    number, place = next((n, a) for n, a in env.legal().items() if isinstance(a, Place))
    assert isinstance(place, Place)
    env.step(number)
    obs = env.observe(agent)
    observer = env.observer
    board = env.engine.board
    dom = game.domino(place.domino)
    x, y = place.x + board.reach, place.y + board.reach
    planes = obs["kingdoms"]
    assert planes.shape == observer.shapes["kingdoms"]
    assert planes[0, dom.terrain_a, y, x] == 1.0  # own kingdom first, row y, column x
    assert planes[0, observer.T + 1, y, x] == dom.crowns_a
    assert planes[0, observer.T, board.reach, board.reach] == 1.0  # the castle
    other = env.observe(env.possible_agents[1 - seat])["kingdoms"]
    assert other[1, dom.terrain_a, y, x] == 1.0  # seen by the other seat: second
    assert set(obs) == {*PARTS, "action_mask"}


def test_lines_name_kings_by_relative_seat() -> None:
    env = KingdominoEnv("base", 2, observation="dict")
    env.reset(seed=4)
    claim_number, claim = next(iter(env.legal().items()))
    assert isinstance(claim, Claim)
    seat = claim.seat
    env.step(claim_number)
    game = env.game
    assert game is not None
    slot = game.next_line.index(claim.domino)
    d = env.observer.D
    mine = env.observe(env.possible_agents[seat])["lines"]
    theirs = env.observe(env.possible_agents[1 - seat])["lines"]
    assert mine[1, slot, d + 0] == 1.0 and mine[1, slot, d + 1] == 0.0
    assert theirs[1, slot, d + 1] == 1.0 and theirs[1, slot, d + 0] == 0.0


def test_flat_observation_is_the_parts_concatenated() -> None:
    flat_env = KingdominoEnv("base", 4)
    dict_env = KingdominoEnv("base", 4, observation="dict")
    flat_env.reset(seed=9)
    dict_env.reset(seed=9)
    flat = flat_env.last()[0]["observation"]
    parts = dict_env.last()[0]
    for name, view in flat_env.unflatten(flat).items():
        np.testing.assert_array_equal(view, parts[name])


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="reward"):
        KingdominoEnv("base", reward="points")
    with pytest.raises(ValueError, match="observation"):
        KingdominoEnv("base", observation="image")


def test_plugin_state_is_observed_court_tiles_on_squares_and_the_board() -> None:
    from kd_court.state import TILE_LAYER
    from kd_court.tiles import court_data

    env = KingdominoEnv("court", 2, observation="dict")
    rng = np.random.default_rng(0)
    for seed in range(20):
        env.reset(seed=seed)
        game = env.game
        assert game is not None
        while game.pending:
            tiles = game.kingdoms[0].layers.get(TILE_LAYER)
            if tiles:
                break
            obs = env.observe(env.agent_selection)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if game.kingdoms[0].layers.get(TILE_LAYER):
            break
    cell, tile = next(iter(game.kingdoms[0].layers[TILE_LAYER].items()))
    data = court_data()
    types = sorted(data.tiles)
    board = env.engine.board
    w, plane, k = board.width, board.width**2, game.config.kingdoms
    j, x = divmod(cell, board.stride)
    plugin = env.observe("player_0")["plugin"]
    resources = k * len(data.resources) * plane
    assert plugin[resources + types.index(tile) * plane + j * w + x] == 1.0
    start = resources + k * len(types) * plane
    board_part = plugin[start : start + len(types) + 1]
    assert board_part[-1] == len(game.ext["court"].pile)
    assert board_part[:-1].sum() == len(game.ext["court"].visible)


def test_tokens_on_the_lines_are_observed_in_the_rows_and_slots_of_the_lines_part() -> None:
    from kd_court.tiles import court_data

    env = KingdominoEnv("court", 2, observation="dict")
    env.reset(seed=3)
    game = env.game
    assert game is not None
    tokens = game.ext["court"].on_dominoes
    row, slot, domino = next(
        (r, s, d)
        for r, line in enumerate((game.line, game.next_line))
        for s, d in enumerate(line)
        if d in tokens
    )
    data = court_data()
    resources, types = data.resources, sorted(data.tiles)
    board, k, n = env.engine.board, game.config.kingdoms, len(resources)
    start = k * n * board.width**2 + k * len(types) * board.width**2 + len(types) + 1
    rows, size = env.observer.R, env.observer.L
    part = env.observe("player_0")["plugin"][start : start + rows * size * 2 * n]
    cell = part.reshape(rows, size, 2, n)[row, slot]
    for square, resource in enumerate(tokens[domino]):
        expected = np.zeros(n)
        if resource is not None:
            expected[resources.index(resource)] = 1.0
        np.testing.assert_array_equal(cell[square], expected)
    # The domino itself is in the same row and slot of the lines part.
    lines = env.observe("player_0")["lines"]
    assert lines[row, slot, 0] == 1.0
    assert part.sum() == sum(
        r is not None for d in (*game.line, *game.next_line) for r in tokens.get(d, ())
    )
